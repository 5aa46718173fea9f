# A query typed while a pipe is read is answered over every line read so far, by the index's
# rules (the lines past the index are scanned): while the pipe is still open, the count and the
# top line are `seek -f`'s for those lines; once it ends, the spinner stays until the count of
# every line is shown.
grouped() { printf '%s' "$1" | rev | sed 's/[0-9]\{3\}/&,/g; s/,$//' | rev; }
filter_count() { "$SEEK" --no-store -f "$1" --json < "$2" | grep -o '"nbHits":[0-9]*' | cut -d: -f2; }
if [ -r ../shared/data/pypi-packages.tsv.gz ]; then
  gzip -dc ../shared/data/pypi-packages.tsv.gz | tail -n +2 | cut -f1 | head -90000 > "$WORK/names.txt"
  head -60000 "$WORK/names.txt" > "$WORK/names-a.txt"
  tail -n +60001 "$WORK/names.txt" > "$WORK/names-b.txt"
  rm -f "$WORK/more"
  mkfifo "$WORK/more"
  tmux_start 100 30 "(cat $WORK/names-a.txt; cat $WORK/more) | env LANG=C.UTF-8 $SEEK --no-store; exec tail -f /dev/null"
  tmux_type "django"
  count=$(grouped "$(filter_count django "$WORK/names-a.txt")")
  top=$("$SEEK" --no-store -f django < "$WORK/names-a.txt" 2>/dev/null | head -1)
  expect_screen "ingest: while the pipe is open, the count of the lines read so far" "60,000 indexed · $count hits" 30
  expect_eq "ingest: while the pipe is open, -f's top line first" "> $top" "$(screen | sed -n 2p)"
  cat "$WORK/names-b.txt" > "$WORK/more"
  wait_gone " indexed ·" 60
  count=$(grouped "$(filter_count django "$WORK/names.txt")")
  expect_contains "ingest: once the spinner is gone, the count of every line" "$(screen | tail -1)" "$count hits"
  top=$("$SEEK" --no-store -f django < "$WORK/names.txt" 2>/dev/null | head -1)
  expect_eq "ingest: once input ended, -f's top line first" "> $top" "$(screen | sed -n 2p)"
  tmux_stop
else
  fail "ingest: no names from ../shared/data"
fi
