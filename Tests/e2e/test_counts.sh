# Counts: the status line's count equals `seek -f`'s. Past 50,000 records the first page of a
# query whose typo-free hits fill it comes with an estimate (`~`); the count lane then counts
# every hit and the exact count replaces it, no scrolling needed.
grouped() { printf '%s' "$1" | rev | sed 's/[0-9]\{3\}/&,/g; s/,$//' | rev; }
if [ -r ../shared/data/pypi-packages.tsv.gz ]; then
  gzip -dc ../shared/data/pypi-packages.tsv.gz | tail -n +2 | cut -f1 | head -120000 > "$WORK/names120k.txt"
  for query in django pytest; do
    exact=$(grouped "$("$SEEK" --no-store -f "$query" --json "$WORK/names120k.txt" | grep -o '"nbHits":[0-9]*' | cut -d: -f2)")
    tmux_start 100 12 "env LANG=C.UTF-8 $SEEK --no-store $WORK/names120k.txt; exec tail -f /dev/null"
    expect_screen "counts: started ($query)" "120,000" 30
    tmux_type "$query"
    status_is() { screen | tail -1 | grep -q "^$1 hits "; }
    wait_until 30 status_is "$exact"
    expect_eq "counts: $query shows -f's count, not an estimate" "$exact hits" "$(screen | tail -1 | grep -o '^[~0-9,]* hits')"
    tmux_stop
  done
else
  fail "counts: no names from ../shared/data"
fi
