#!/usr/bin/env bash
# fzf's own test suite (../shared/fzf-suite: fzf's, MIT-licensed, never copied here) with Seek as
# its `fzf`, and beside it fzf 0.74.5 when one is given: the contract of Seek's fzf face.
#   Scripts/fzf-suite.sh SEEK [FZF] [FILES]   FILES: "filter core layout preview exec" (default)
# Prints each run's figure (`fzf-suite: filter P/N, …`). With FILES "filter" (what `make test`
# runs) a test that fails is an error; otherwise the figures are read beside fzf's.
set -u
SEEK=$1
FZF=${2:-}
FILES=${3:-filter core layout preview exec}
SUITE=${FZF_SUITE:-$(cd "$(dirname "$0")/.." && pwd)/../shared/fzf-suite}
if [ ! -x "$SUITE/run.sh" ]; then
  echo "fzf-suite: not found at $SUITE (set FZF_SUITE): skipped"
  exit 0
fi
# Each run in a folder of its own, its binary a copy (a rebuilt binary never changes a running one).
run() { # LABEL BINARY
  local work
  work=$(mktemp -d "${TMPDIR:-/tmp}/seek-fzf-suite-$1.XXXXXX")
  mkdir -p "$work/bin" && cp "$2" "$work/bin/fzf"
  FZFSUITE_FILES="$FILES" FZFSUITE_WORK="$work/run" "$SUITE/run.sh" "$work/bin/fzf" > "$work/log" 2>&1
  local figure
  figure=$(grep '^fzf-suite:' "$work/log" | tail -1)
  echo "$1: ${figure:-no figure (see $work/log)}"
  [ -n "$figure" ] || return 1
  if [ "$FILES" = filter ] && [ "$1" = seek ]; then
    # Every test of the file passes (P/N with P = N).
    echo "$figure" | grep -Eq 'filter ([0-9]+)/\1$' || { grep -A3 -E '^(FAIL|ERROR)|Failure:|Error:' "$work/run/results/filter.log" | head -40; return 1; }
  fi
  # The full run's results stay for reading (summary.md, results.jsonl); `make test`'s go.
  if [ "$FILES" = filter ]; then rm -rf "$work"; else echo "  results: $work/run/results"; fi
}
status=0
run seek "$SEEK" || status=1
[ -z "$FZF" ] || run fzf-0.74.5 "$FZF" || status=1
exit $status
