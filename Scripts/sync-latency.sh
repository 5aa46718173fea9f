#!/usr/bin/env bash
# Sync latency through a shared store: a throwaway PostgreSQL cluster (the tests' own, see
# Tests/e2e/postgres.sh), then `seek-bench --sync-only`: 1,000 checks made on one machine's store,
# each timed until the other machine's local store holds it.
# Usage: Scripts/sync-latency.sh SEEK_BENCH_BINARY [RUNS]   (run by `make bench`)
set -u
cd "$(dirname "$0")/.."
BENCH=$(realpath "$1")
RUNS=${2:-3}
WORK=$(mktemp -d)
wait_until() {
  local deadline=$(($(date +%s) + $1)); shift
  until "$@"; do [ "$(date +%s)" -lt "$deadline" ] || return 1; sleep 0.05; done
}
source Tests/e2e/postgres.sh
trap 'pg_stop; rm -rf "$WORK"' EXIT
pg_start || { echo "sync latency: no PostgreSQL cluster could be started"; exit 0; }
for _ in $(seq 1 "$RUNS"); do "$BENCH" --sync-only "$SHARED" | grep -v "^==" ; done
