#!/usr/bin/env bash
# Memory of the app fed 3 million short lines from a pipe (`seq 1 3000000 | seek`), as a person
# meets it: the app runs in tmux and its resident set is sampled every 0.1 s until every line is
# indexed (the progress indicator gone), then its peak (VmHWM) and what it keeps are printed.
# Usage: Scripts/stream-memory.sh SEEK_BINARY [RUNS]   (run by `make bench`)
set -u
SEEK=$(realpath "$1")
RUNS=${2:-3}
WORK=$(mktemp -d)
socket="seek-memory-$$"
trap 'tmux -L "$socket" kill-server >/dev/null 2>&1; rm -rf "$WORK"' EXIT
seq 1 3000000 >"$WORK/lines.txt"

echo "== 3M lines from a pipe in the app (seq 1 3000000 | seek)"
for run in $(seq 1 "$RUNS"); do
  rm -f "$WORK/in"
  mkfifo "$WORK/in"
  # The pane's process is seek itself (exec), so its pid is the one this script ends.
  tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 40 \
    "exec env LANG=C.UTF-8 XDG_DATA_HOME=$WORK/xdg $SEEK --no-store <$WORK/in" </dev/null >/dev/null 2>&1
  pid=$(tmux -L "$socket" display-message -p '#{pane_pid}')
  start=$(date +%s%N)
  cat "$WORK/lines.txt" >"$WORK/in" &
  writer=$!
  done_ms=""
  for _ in $(seq 1 1200); do
    sleep 0.1
    [ -r "/proc/$pid/status" ] || break
    screen=$(tmux -L "$socket" capture-pane -p 2>/dev/null)
    if grep -q "3,000,000 hits" <<<"$screen" && ! grep -q " indexed" <<<"$screen"; then
      done_ms=$((($(date +%s%N) - start) / 1000000))
      break
    fi
  done
  sleep 0.5
  if [ -r "/proc/$pid/status" ]; then
    peak=$(awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$pid/status")
    kept=$(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status")
    echo "  run $run: all indexed after ${done_ms:-?} ms; peak RSS $peak MB, resident after $kept MB"
    kill "$pid" 2>/dev/null
  else
    echo "  run $run: seek ended early"
  fi
  wait "$writer" 2>/dev/null
  tmux -L "$socket" kill-server >/dev/null 2>&1
  sleep 1
done
