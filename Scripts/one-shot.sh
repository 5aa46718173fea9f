#!/usr/bin/env bash
# One-shot filtering of a pipe: the 1.1M real package names (../shared/data) piped into
# `seek -f QUERY` under Seek's own name and run as `fzf` (a link named fzf), and into fzf itself,
# alternated, RUNS rounds: wall time and peak RSS of the whole process, and whether Seek run as
# fzf printed fzf's bytes. fzf is $FZF when set, else the fzf on the PATH.
# Usage: Scripts/one-shot.sh SEEK_BINARY [RUNS]   (run by `make bench-ingest`)
set -u
SEEK=$(realpath "$1")
RUNS=${2:-3}
DATA=$(dirname "$0")/../../shared/data
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
FZF=${FZF:-$(command -v fzf || true)}

zcat "$DATA/pypi-packages.tsv.gz" "$DATA/npm-packages.tsv.gz" | cut -f1 >"$WORK/lines.txt"
mkdir "$WORK/as-fzf" && ln -s "$SEEK" "$WORK/as-fzf/fzf"
echo "== $(wc -l <"$WORK/lines.txt") package names piped, -f QUERY, whole process ($RUNS rounds, alternated)"
[ -n "$FZF" ] || echo "  fzf: not installed"

# Prints one command's wall seconds and peak RSS (MB); its output goes to $WORK/out-NAME.
run() {
  local name=$1 binary=$2 query=$3
  /usr/bin/time -f "%e %M" -o "$WORK/time" sh -c "cat '$WORK/lines.txt' | '$binary' -f '$query' >'$WORK/out-$name' 2>/dev/null"
  read -r seconds kb <"$WORK/time"
  printf '  %-10s %-6s %5s s %5s MB\n' "$name" "$query" "$seconds" "$((kb / 1024))"
}

for query in flask rct; do
  for round in $(seq 1 "$RUNS"); do
    run seek "$SEEK" "$query"
    run as-fzf "$WORK/as-fzf/fzf" "$query"
    if [ -n "$FZF" ]; then
      run "fzf $("$FZF" --version | cut -d' ' -f1)" "$FZF" "$query"
      if [ "$round" = 1 ]; then
        cmp -s "$WORK/out-as-fzf" "$WORK/out-fzf $("$FZF" --version | cut -d' ' -f1)" \
          && echo "  $query: Seek run as fzf printed fzf's bytes" || echo "  $query: Seek run as fzf printed OTHER bytes than fzf"
      fi
    fi
  done
done
