#!/usr/bin/env bash
# End-to-end tests of the real binary: the CLI through pipes, the UI through tmux.
set -u
cd "$(dirname "$0")/../.."
SEEK=$(realpath "${1:-.build/debug/seek}")
export SEEK LANG=C.UTF-8 LC_ALL=C.UTF-8
unset SEEK_DEFAULT_OPTS NO_COLOR FZF_DEFAULT_OPTS FZF_DEFAULT_OPTS_FILE FZF_DEFAULT_COMMAND
WORK=$(mktemp -d)
export XDG_DATA_HOME="$WORK/xdg"
trap 'tmux_stop; declare -F pg_stop >/dev/null && pg_stop; rm -rf "$WORK"' EXIT
source Tests/e2e/lib.sh

for test in Tests/e2e/test_*.sh; do
  echo "== $(basename "$test")"
  source "$test"
done
summary
