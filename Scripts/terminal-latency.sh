#!/usr/bin/env bash
# Keystroke-to-screen latency of the real app: types queries into `seek` running in tmux with
# SEEK_TRACE, one key at a time, and summarizes the app's own trace (from the moment a key is read
# to the flush of the frame that shows its results), next to the engine's time for the same searches.
# Usage: Scripts/terminal-latency.sh SEEK_BINARY   (run by `make bench`)
set -u
SEEK=$(realpath "$1")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$(dirname "$SEEK")/seek-bench" --prepare-terminal "$WORK" >/dev/null

measure() { # label queries-file seek-arguments...
  local label=$1 queries=$2; shift 2
  local socket="seek-latency-$$-$RANDOM" trace="$WORK/trace-$RANDOM.txt"
  # The index cache first (as a user's second start finds it): typing is measured, not indexing.
  # Built by the warm-up itself, not left to a background builder that would share the cores with
  # the typing measured.
  eval "env XDG_DATA_HOME=$WORK/xdg SEEK_BACKGROUND_CACHE_ABOVE=1000000000000 $SEEK --no-store -f warmup $*" >/dev/null 2>&1
  tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 40 \
    "env LANG=C.UTF-8 XDG_DATA_HOME=$WORK/xdg SEEK_TRACE=$trace $SEEK --no-store $*" </dev/null >/dev/null 2>&1
  # Wait for the catalog to be whole (a large file without a cache is indexed while read).
  for _ in $(seq 1 1200); do
    screen=$(tmux -L "$socket" capture-pane -p 2>/dev/null)
    if grep -q " hits" <<<"$screen" && ! grep -q "indexed (" <<<"$screen"; then break; fi
    sleep 0.1
  done
  while IFS= read -r query; do
    for ((i = 0; i < ${#query}; i++)); do
      tmux -L "$socket" send-keys -l -- "${query:i:1}"
      sleep 0.015
    done
    sleep 0.04
    tmux -L "$socket" send-keys C-u
    sleep 0.04
  done < "$queries"
  sleep 0.3
  tmux -L "$socket" kill-server >/dev/null 2>&1
  if [ ! -s "$trace" ]; then
    echo "  keystroke-to-screen ($label): no trace written"
    return
  fi
  python3 - "$label" "$trace" <<'PY'
import sys
label, path = sys.argv[1], sys.argv[2]
rows = [tuple(map(int, line.split())) for line in open(path) if len(line.split()) == 3]
def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round((len(values) - 1) * p))] / 1000
lat = [r[0] for r in rows]
eng = [r[1] for r in rows]
frame = [r[2] for r in rows]
print(f"  keystroke-to-screen in tmux ({label}): median {pct(lat, .5):.3f} ms, p99 {pct(lat, .99):.3f} ms ({len(rows)} keys)")
print(f"    engine time of the same searches: median {pct(eng, .5):.3f} ms, p99 {pct(eng, .99):.3f} ms; "
      f"p99 difference {pct(lat, .99) - pct(eng, .99):.3f} ms")
print(f"    rendering and painting the frame: median {pct(frame, .5):.3f} ms, p99 {pct(frame, .99):.3f} ms")
PY
}

echo "== Keystroke-to-screen latency"
measure "Data/" "$WORK/data-queries.txt" Data/products.json
[ -n "${DATA_ONLY:-}" ] || measure "1.1M packages" "$WORK/package-queries.txt" --title name --searchable "'ordered(name),summary'" \
  --ranking "'desc(popularity)'" "$WORK/packages.tsv"
