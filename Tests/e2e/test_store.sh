# The store: checks and created items survive the process; --checked and --uncheck-all.
STORE="$WORK/e2e-store.sqlite"
rm -f "$WORK/exit.txt"
tmux_start 100 30 "env LANG=C.UTF-8 $SEEK --store $STORE Data/products.json > $WORK/out.txt; echo EXIT=\$? > $WORK/exit.txt; exec tail -f /dev/null"
expect_screen "store: started" "10,000 hits"
tmux_type "switch lite"
expect_screen "store: results" "Switch Lite"
tmux_keys Enter
expect_screen "store: submitted" "+ Create"
# The create row showed before the submit too: wait for the submitted results to select their
# first hit, or a Down typed before they arrive starts from the top (the create row).
expect_screen "store: submitted, first hit selected" "Space check"
keys_settled Down
tmux_keys Space
expect_screen "store: checked" "[x]"
tmux_keys C-u
tmux_type "Grandma's cookbook"
expect_screen "store: create row" "Create “Grandma's cookbook”"
# Nothing matches: Enter creates the item the query names (the hint says so).
expect_screen "store: the hint says Enter creates" "Enter create"
tmux_keys Enter
expect_screen "store: created item shown checked" "[x] Grandma's cookbook"
tmux_keys C-c
wait_exit_file "$WORK/exit.txt"
tmux_stop

out=$("$SEEK" --store "$STORE" --checked Data/products.json); code=$?
expect_eq "--checked: exit 0" 0 "$code"
expect_contains "--checked: the checked catalog item" "$out" "Switch Lite"
expect_contains "--checked: the created item" "$out" "Grandma's cookbook"
json=$("$SEEK" --store "$STORE" --checked --json Data/products.json)
expect_contains "--checked --json: created flag" "$json" '"_created":true'

# Next run: the created item is searchable and still checked.
out=$("$SEEK" --store "$STORE" --filter "grandma" Data/products.json 2>/dev/null)
expect_contains "next run: the created item is found by --filter" "$out" "Grandma's cookbook"
rm -f "$WORK/exit.txt"
tmux_start 100 30 "env LANG=C.UTF-8 $SEEK --store $STORE Data/products.json > $WORK/out.txt; echo EXIT=\$? > $WORK/exit.txt; exec tail -f /dev/null"
expect_screen "store: next run shows the checks" "2 checked"
tmux_type "grandma"
expect_screen "store: created item found in the next run" "[x] Grandma's cookbook"
tmux_keys C-c
tmux_stop

out=$("$SEEK" --store "$STORE" --uncheck-all Data/products.json); code=$?
expect_eq "--uncheck-all: exit 0" 0 "$code"
expect_eq "--uncheck-all: says how many" "unchecked 2 items" "$out"
expect_eq "--uncheck-all: nothing checked after" "" "$("$SEEK" --store "$STORE" --checked Data/products.json)"

printf 'not a database' > "$WORK/foreign.sqlite"
err=$("$SEEK" --store "$WORK/foreign.sqlite" --checked Data/products.json 2>&1); code=$?
expect_eq "foreign store: exit 2" 2 "$code"
expect_contains "foreign store: clear message" "$err" "not a Seek store"
expect_eq "foreign store: left untouched" "not a database" "$(cat "$WORK/foreign.sqlite")"

# A list names an item written together or apart: `oatmilk` finds "Oat milk" and offers no
# duplicate to create.
printf '[{"name": "Oat milk"}, {"name": "Butter"}]' > "$WORK/groceries.json"
tmux_start 80 20 "env LANG=C.UTF-8 $SEEK --no-store $WORK/groceries.json; exec tail -f /dev/null"
expect_screen "list: started" "2 hits"
tmux_type "oatmilk"
expect_screen "list: oatmilk finds Oat milk" "1 hit ·"
if screen_lacks "Create"; then pass "list: no create row beside Oat milk"; else fail "list: no create row beside Oat milk" "$(screen)"; fi
tmux_keys C-c
tmux_stop
