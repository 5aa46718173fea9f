# A throwaway PostgreSQL cluster for the shared-store tests: Debian's server, run as the
# `postgres` user in a temporary folder, listening on 127.0.0.1 only (and a socket in that folder),
# stopped by its own pid file at the end. The role `seeker` logs in with a password from a
# ~/.pgpass-style file (PGPASSFILE), as a user would; `postgres` is trusted, for the tests' psql.
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
PG_DIR=""
PG_PORT=""

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"
  elif [ "$(id -un)" == postgres ]; then "$@"
  else sudo -n -u postgres "$@"; fi
}

# pg_start: initdb and start; sets PG_DIR, PG_PORT, PGPASSFILE and SHARED (the URI Seek is given).
pg_start() {
  PG_DIR=$(mktemp -d /tmp/seek-pg-XXXXXX)
  chmod 755 "$PG_DIR"
  chown postgres "$PG_DIR" 2>/dev/null || true
  as_postgres "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust >"$PG_DIR/initdb.log" 2>&1 || return 1
  cat >"$PG_DIR/hba" <<EOF
local all all trust
host all postgres 127.0.0.1/32 trust
host all all 127.0.0.1/32 scram-sha-256
EOF
  as_postgres cp "$PG_DIR/hba" "$PG_DIR/data/pg_hba.conf"
  local tries=0
  while :; do
    PG_PORT=$((20000 + RANDOM % 30000))
    as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR" start >/dev/null && break
    tries=$((tries + 1))
    [ "$tries" -lt 5 ] || return 1
  done
  pg_sql "CREATE ROLE seeker LOGIN PASSWORD 'correct horse'" >/dev/null
  export PGPASSFILE="$WORK/pgpass"
  echo "127.0.0.1:$PG_PORT:*:seeker:correct horse" >"$PGPASSFILE"
  chmod 600 "$PGPASSFILE"
  SHARED="postgres://seeker@127.0.0.1:$PG_PORT/postgres"
  pg_sql "GRANT CREATE ON DATABASE postgres TO seeker" >/dev/null
}
pg_sql() { psql -X -q -A -t -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "${PG_DB:-postgres}" -c "$1"; }
# The server stops and starts on the same folder and port (writes made meanwhile wait in outboxes).
pg_pause() { as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null; }
pg_resume() {
  as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR" start >/dev/null
}
pg_stop() {
  [ -n "$PG_DIR" ] || return 0
  # The server's own pid, from its pid file: nothing else is signalled.
  local pid
  pid=$(head -1 "$PG_DIR/data/postmaster.pid" 2>/dev/null)
  [ -n "$pid" ] && kill -INT "$pid" 2>/dev/null
  wait_until 20 test ! -e "$PG_DIR/data/postmaster.pid" || true
  rm -rf "$PG_DIR"
  PG_DIR=""
}
