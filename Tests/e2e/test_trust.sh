# Trust: nothing the user saw is lost, and the app and the CLI give the same answers.
STRESS="$(dirname "$SEEK")/seek-store-stress"
TSTORE="$WORK/trust.sqlite"
# start_app STORE [args...]: the app in tmux; its pid in $WORK/app.pid, its status in $WORK/exit.txt.
start_app() {
  local store=$1; shift
  rm -f "$WORK/exit.txt" "$WORK/app.pid"
  tmux_start 100 30 "sh -c 'echo \$\$ > $WORK/app.pid; exec env LANG=C.UTF-8 $SEEK --store $store $*' > $WORK/out.txt; echo \$? > $WORK/exit.txt; exec tail -f /dev/null"
  wait_exit_file "$WORK/app.pid"
}
wait_exit() { wait_until $(( ${1:-200} / 20 + 1 )) test -s "$WORK/exit.txt"; }

# 1. Space and Enter in one burst, 20 times, each on another result: every check is in the store
#    and what was printed is what the store holds.
lost=0; wrong=0
for i in $(seq 1 20); do
  start_app "$TSTORE" Data/products.json
  wait_for "hits" 10 || fail "bursts: run $i never started" "$(screen)"
  tmux_type "samsung"
  wait_for "Samsung -" 10 || fail "bursts: run $i never found samsung" "$(screen)"
  keys_settled Enter
  downs=(); for _ in $(seq 1 "$i"); do downs+=(Down); done
  keys_settled "${downs[@]}"
  tmux_keys Space Enter
  wait_exit || fail "bursts: run $i never exited after Enter" "$(screen)"
  tmux_stop
  printed=$(cat "$WORK/out.txt")
  checked=$("$SEEK" --store "$TSTORE" --checked Data/products.json)
  [ "$(printf '%s\n' "$checked" | grep -c .)" -eq "$i" ] || lost=$((lost + 1))
  printf '%s\n' "$checked" | grep -qxF -- "$printed" || wrong=$((wrong + 1))
done
expect_eq "bursts: 20 Space+Enter bursts, no check lost" 0 "$lost"
expect_eq "bursts: what accept printed is in the store" 0 "$wrong"

# 2. SIGTERM while a write is pending (another process holds the store's write lock): the app
#    waits for it, then exits 143.
"$SEEK" --store "$TSTORE" --uncheck-all Data/products.json >/dev/null
start_app "$TSTORE" Data/products.json
expect_screen "sigterm pending: started" "hits"
tmux_type "samsung"
wait_for "Samsung -" 10 || fail "sigterm pending: samsung never found" "$(screen)"
keys_settled Enter
keys_settled Down
"$STRESS" --hold-lock "$TSTORE" 1.5 > "$WORK/lock.txt" &
holder=$!
wait_until 2 grep -q locked "$WORK/lock.txt" 2>/dev/null
keys_settled Space
kill -TERM "$(cat "$WORK/app.pid")"
wait_exit 200 || fail "sigterm pending: never exited" "$(screen)"
wait "$holder"
expect_eq "sigterm pending: exit 143" 143 "$(cat "$WORK/exit.txt" 2>/dev/null)"
tmux_stop
expect_eq "sigterm pending: the pending check was written" 1 \
  "$("$SEEK" --store "$TSTORE" --checked Data/products.json | grep -c .)"

# 3. A created item is found by --filter; --json shows checked and objectID.
start_app "$TSTORE" Data/products.json
expect_screen "created: started" "hits"
tmux_type "Zorblax"
expect_screen "created: create row" "Create “Zorblax”"
tmux_keys Enter  # nothing matches: Enter creates the item, checked
expect_screen "created: shown checked" "[x] Zorblax"
tmux_keys C-c
wait_exit || fail "Ctrl-C: never exited" "$(screen)"
tmux_stop
out=$("$SEEK" --store "$TSTORE" --filter zorblax Data/products.json 2>/dev/null); code=$?
expect_eq "created: --filter finds it (exit 0)" 0 "$code"
expect_eq "created: --filter prints it" "Zorblax" "$out"
json=$("$SEEK" --store "$TSTORE" --filter zorblax --json Data/products.json)
expect_contains "created: --json checked" "$json" '"_checked":true'
expect_contains "created: --json objectID" "$json" '"objectID":"created-'
json=$("$SEEK" --store "$TSTORE" --filter "nintendo switch" --json --id-field name Data/products.json)
expect_contains "json: an unchecked hit says so" "$json" '"_checked":false'
expect_contains "json: objectID with --id-field" "$json" '"objectID":'

# 4. A check cleared by another process (--uncheck-all) disappears from a running app.
start_app "$TSTORE" Data/products.json
expect_screen "other process: started" "hits"
expect_screen "other process: the earlier checks are shown" "checked"
"$SEEK" --store "$TSTORE" --uncheck-all Data/products.json >/dev/null
expect_screen_gone "other process: --uncheck-all clears the running app's checks" "checked" 5
tmux_keys C-c
wait_exit || fail "Ctrl-C: never exited" "$(screen)"
tmux_stop

# 5. --filter on a million lines: pages 0..nbPages-1 hold every hit once.
seq 1 1000000 > "$WORK/million.txt"
"$SEEK" --no-store -f 4242 "$WORK/million.txt" --hits-per-page 1000 > "$WORK/pages.txt" 2> "$WORK/summary.txt"
nb=$(sed -n 's/^nbHits: \([0-9]*\).*/\1/p' "$WORK/summary.txt")
pages=$(sed -n 's/.*nbPages: \([0-9]*\).*/\1/p' "$WORK/summary.txt")
for p in $(seq 1 "$((${pages:-1} - 1))"); do
  "$SEEK" --no-store -f 4242 "$WORK/million.txt" --hits-per-page 1000 --page "$p" >> "$WORK/pages.txt" 2>/dev/null
done
expect_eq "million: pages hold nbHits hits" "$nb" "$(wc -l < "$WORK/pages.txt" | tr -d ' ')"
expect_eq "million: no hit twice" "$nb" "$(sort -u "$WORK/pages.txt" | wc -l | tr -d ' ')"
"$SEEK" --no-store -f 4242 "$WORK/million.txt" --hits-per-page 1000 --page "$pages" >/dev/null 2>&1
expect_eq "million: the page after the last is empty (exit 1)" 1 "$?"
