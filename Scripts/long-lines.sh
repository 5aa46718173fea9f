#!/usr/bin/env bash
# Readers are linear in their input whatever the shape of its lines: one line of 32, 128 and
# 512 MB through a pipe (`seek -f`) and as a file, beside `wc -l` on the same bytes and, when it is
# installed, `fzf -f` on the pipe. Before the line splitter searched only new bytes, 32 MB took 92 s.
# Usage: Scripts/long-lines.sh SEEK_BINARY   (run by `make bench`)
set -u
SEEK=$(realpath "$1")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
seconds() { local s=$(date +%s%N); "$@" >/dev/null 2>&1; echo "$(( ($(date +%s%N) - s) / 1000000 )) ms"; }

echo "== one long line (the word sought at its start)"
for mb in 32 128 512; do
  python3 -c "
import sys
sys.stdout.write('first second ')
chunk = 'x' * (1 << 20)
for _ in range($mb): sys.stdout.write(chunk)
sys.stdout.write('\n')" > "$WORK/line.txt"
  pipe=$(seconds sh -c "cat '$WORK/line.txt' | '$SEEK' -f second")
  file=$(seconds "$SEEK" --no-store -f second "$WORK/line.txt")
  wc=$(seconds wc -l "$WORK/line.txt")
  fzf=""
  command -v fzf >/dev/null && fzf="; fzf -f (pipe) $(seconds sh -c "cat '$WORK/line.txt' | fzf -f second")"
  echo "  $mb MB: seek -f (pipe) $pipe; seek -f (file) $file; wc -l $wc$fzf"
done
