#!/usr/bin/env bash
# PostgreSQL figures, on a throwaway cluster (the tests' own, see Tests/e2e/postgres.sh):
# 1. sync latency through a shared store: `seek-bench --sync-only`, 1,000 checks made on one
#    machine's store, each timed until the other machine's local store holds it;
# 2. a catalog from a table: a 1M-row table (4 columns) answered by `seek --filter` (streamed, then
#    from its index cache), beside the
#    same rows read from a TSV file piped in, and as JSON Lines piped in (what the table streams as).
# Usage: Scripts/postgres-bench.sh SEEK_BINARY SEEK_BENCH_BINARY [RUNS]   (run by `make bench`)
set -u
cd "$(dirname "$0")/.."
SEEK=$(realpath "$1")
BENCH=$(realpath "$2")
RUNS=${3:-3}
WORK=$(mktemp -d)
wait_until() {
  local deadline=$(($(date +%s) + $1)); shift
  until "$@"; do [ "$(date +%s)" -lt "$deadline" ] || return 1; sleep 0.05; done
}
source Tests/e2e/postgres.sh
trap 'pg_stop; rm -rf "$WORK"' EXIT
pg_start || { echo "postgres bench: no PostgreSQL cluster could be started"; exit 0; }

echo "== Shared store: a check's way from one machine's local store to another's"
for _ in $(seq 1 "$RUNS"); do "$BENCH" --sync-only "$SHARED" | grep -v "^=="; done

echo "== A catalog from a 1M-row table (seek --filter, start to answer), beside the same rows from files"
pg_sql "CREATE TABLE products (id integer PRIMARY KEY, name text NOT NULL, brand text, price numeric(10,2));
  INSERT INTO products SELECT g, 'product ' || g || ' ' || (ARRAY['lamp','chair','table','desk','sofa'])[1 + g % 5],
    (ARRAY['Acme','Globex','Initech'])[1 + g % 3], (g % 1000) / 10.0 FROM generate_series(1, 1000000) g;
  GRANT SELECT ON products TO seeker" >/dev/null
pg_sql "COPY products TO STDOUT WITH (FORMAT csv, HEADER, DELIMITER E'\t')" >"$WORK/products.tsv"
pg_sql "SELECT row_to_json(p) FROM products p" >"$WORK/products.jsonl"
for _ in $(seq 1 "$RUNS"); do
  rm -rf "$WORK/xdg"
  export XDG_DATA_HOME="$WORK/xdg"
  table=$( { /usr/bin/time -f "%e s, %M KB" "$SEEK" --filter "desk 4242" "postgres://seeker@127.0.0.1:$PG_PORT/postgres?table=products" >/dev/null; } 2>&1 | tail -1)
  # The cache is written by a builder in the background: wait for it (its lock free).
  built() { local index; index=$(compgen -G "$XDG_DATA_HOME/seek/products-*.index") && flock -n "$index.lock" true; }
  wait_until 120 built
  cached=$( { /usr/bin/time -f "%e s, %M KB" "$SEEK" --filter "desk 4242" "postgres://seeker@127.0.0.1:$PG_PORT/postgres?table=products" >/dev/null; } 2>&1 | tail -1)
  tsv=$( { /usr/bin/time -f "%e s, %M KB" "$SEEK" --format tsv --no-store --filter "desk 4242" <"$WORK/products.tsv" >/dev/null; } 2>&1 | tail -1)
  jsonl=$( { /usr/bin/time -f "%e s, %M KB" "$SEEK" --format jsonl --no-store --filter "desk 4242" <"$WORK/products.jsonl" >/dev/null; } 2>&1 | tail -1)
  echo "  table $table (then cached: $cached) · TSV piped $tsv · JSON Lines piped $jsonl"
done
