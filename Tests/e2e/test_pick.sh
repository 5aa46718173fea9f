# Picking as fzf users expect on lines, as InstantSearch users expect on records (issue "Pick and look").
P="$WORK/pick"; mkdir -p "$P"

# Lines: `bet` + one Enter prints `beta`, exit 0; nothing is created.
rm -f "$P/exit.txt"
tmux_start 80 20 "printf 'alpha\nbeta\ngamma\n' | env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "lines: started" "3 hits"
tmux_type "bet"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "lines: one Enter prints the top line" "beta" "$(cat "$P/out.txt")"
expect_eq "lines: exit 0" "EXIT=0" "$(cat "$P/exit.txt")"
tmux_stop
expect_eq "lines: a pipe keeps no store" "" "$(ls "$P/xdg/seek" 2>/dev/null)"

# Lines with --create: an item made in one pipe is not seen by the next one.
rm -f "$P/exit.txt"
tmux_start 80 20 "printf 'alpha\nbeta\n' | env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK --create > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "lines --create: started" "2 hits"
tmux_type "pyth"
expect_screen "lines --create: create row" "Create “pyth”"
keys_settled Down
tmux_keys Space
expect_screen "lines --create: created and checked" "[x] pyth"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "lines --create: accept prints the created item" "pyth" "$(cat "$P/out.txt")"
tmux_stop
rm -f "$P/exit.txt"
tmux_start 80 20 "seq 1 10 | env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "second pipe: started" "10 hits"
tmux_type "pyth"
expect_screen "second pipe: nothing of the first pipe" "No results"
tmux_keys C-u
expect_screen "second pipe: input order on the empty query" "10 hits"
screen | grep -n "" | grep -E " 1$| 2$" | head -2 > "$P/order.txt"
expect_eq "second pipe: 1 listed before 2" 2 "$(grep -c . "$P/order.txt")"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "second pipe: Enter on the empty query prints the first line" "1" "$(cat "$P/out.txt")"
tmux_stop

# Ties as fzf: shorter first, then input order; --tac reverses; the empty query keeps input order.
expect_eq "ties: input order for the empty query" "1 2 3 4 5 6 7 8 9 10 11 12" \
  "$(seq 1 12 | "$SEEK" -f "" 2>/dev/null | tr '\n' ' ' | sed 's/ $//')"
expect_eq "ties: shorter line first" "python3" \
  "$(printf 'python-argcomplete-check-easy-install-script\npython3\n' | "$SEEK" -f pyth 2>/dev/null | head -1)"
expect_eq "ties: --tiebreak index keeps input order" "python-argcomplete-check-easy-install-script" \
  "$(printf 'python-argcomplete-check-easy-install-script\npython3\n' | "$SEEK" -f pyth --tiebreak index 2>/dev/null | head -1)"
expect_eq "ties: --tac" "3 2 1" "$(seq 1 3 | "$SEEK" -f "" --tac 2>/dev/null | tr '\n' ' ' | sed 's/ $//')"
"$SEEK" -f x --tiebreak size </dev/null >/dev/null 2>&1
expect_eq "ties: a bad --tiebreak exits 2" 2 "$?"

# TERM=dumb (or a terminal with no terminfo) draws with plain ANSI and waits, as fzf does: nothing
# is accepted on its own.
for term in dumb no-such-terminal; do
  rm -f "$P/exit.txt" "$P/out.txt"
  tmux_start 80 12 "printf 'bin\nboot\netc\n' | env TERM=$term LANG=C.UTF-8 $SEEK --query bo > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
  expect_screen "TERM=$term: draws the list and waits" "1 hit "
  expect_eq "TERM=$term: nothing accepted on its own" "" "$(cat "$P/out.txt" 2>/dev/null)"
  tmux_keys Enter
  wait_exit_file "$P/exit.txt"
  expect_eq "TERM=$term: Enter accepts the matching line" "boot" "$(cat "$P/out.txt" 2>/dev/null)"
  tmux_stop
done

# Bare seek (stdin a terminal): the files under the current directory; SEEK_DEFAULT_COMMAND overrides.
mkdir -p "$P/tree/src/.git" "$P/tree/node_modules/pkg"
touch "$P/tree/src/main.swift" "$P/tree/README.md" "$P/tree/src/.git/HEAD" "$P/tree/node_modules/pkg/index.js"
rm -f "$P/exit.txt"
tmux_start 80 20 "cd $P/tree && env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bare seek: lists the files" "src/main.swift"
if screen | grep -qF "HEAD"; then fail "bare seek: hidden directories skipped"; else pass "bare seek: hidden directories skipped"; fi
if screen | grep -qF "index.js"; then fail "bare seek: node_modules skipped"; else pass "bare seek: node_modules skipped"; fi
tmux_type "main"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "bare seek: Enter prints the path" "src/main.swift" "$(cat "$P/out.txt")"
tmux_stop
# fzf's --walker and --walker-root: folders only, under another root, its paths starting with it.
rm -f "$P/exit.txt"
tmux_start 80 20 "cd / && env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK --walker=dir --walker-root=$P/tree > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--walker=dir: the folders, ended by a slash" "tree/src/"
expect_screen "--walker=dir --walker-root: the root is one of them (two folders)" "2 hits"
tmux_keys "src/$"
expect_screen "--walker=dir: one folder matches" "1 hit"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--walker=dir --walker-root: the folder, under the root" "$P/tree/src/" "$(cat "$P/out.txt")"
tmux_stop
rm -f "$P/exit.txt"
tmux_start 80 20 "cd $P/tree && env LANG=C.UTF-8 SEEK_DEFAULT_COMMAND='echo from-command' $SEEK > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "SEEK_DEFAULT_COMMAND: its lines" "from-command"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "SEEK_DEFAULT_COMMAND: accepted" "from-command" "$(cat "$P/out.txt")"
tmux_stop

# Records: a check kept from an earlier run is not printed; the highlighted item is.
PSTORE="$P/records.sqlite"
printf '[{"name":"Red Lamp","popularity":3},{"name":"Blue Lamp","popularity":2},{"name":"Green Desk","popularity":1}]' > "$P/shop.json"
rm -f "$P/exit.txt"
tmux_start 80 20 "env LANG=C.UTF-8 $SEEK --store $PSTORE $P/shop.json > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "records: started" "3 hits"
tmux_type "desk"
tmux_keys Enter
expect_screen "records: Enter submits and selects a hit" "Enter accept"
# Space after a submit types (the query is still being written); Tab checks the selected hit.
tmux_keys Tab
expect_screen "records: checked" "[x] Green Desk"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop
rm -f "$P/exit.txt"
tmux_start 80 20 "env LANG=C.UTF-8 $SEEK --store $PSTORE $P/shop.json > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "records, next run: the old check is shown" "[x] Green Desk"
tmux_type "blue"
tmux_keys Enter
expect_screen "records, next run: a hit selected" "Enter accept"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "records, next run: accept prints the highlighted item, not the old check" "Blue Lamp" "$(cat "$P/out.txt")"
tmux_stop
expect_contains "records: --checked still lists the old check" "$("$SEEK" --store "$PSTORE" --checked "$P/shop.json")" "Green Desk"

# Deleting a created item: Delete on it, or --delete-created.
rm -f "$P/exit.txt"
tmux_start 80 20 "env LANG=C.UTF-8 $SEEK --store $PSTORE $P/shop.json > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "delete: started" "3 hits"
tmux_type "Shelf"
# Nothing matches: Enter creates the item, checked.
tmux_keys Enter
expect_screen "delete: created" "[x] Shelf"
keys_settled Down  # onto it (the query keeps the focus after Enter)
tmux_keys DC
expect_screen "delete: gone, the create row is back" "Create “Shelf”"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop
expect_not_contains "delete: not listed by --checked" "$("$SEEK" --store "$PSTORE" --checked "$P/shop.json")" "Shelf"
out=$("$SEEK" --store "$PSTORE" --delete-created "Nothing" "$P/shop.json" 2>&1); code=$?
expect_eq "--delete-created: unknown item exits 1" 1 "$code"

# Mouse: a click selects a row, a double click accepts it — full screen and --height.
# (SGR mouse reports, ESC [ < button ; column ; row M, as terminals send them once asked.)
printf 'first line\nsecond line\nthird line\n' > "$P/three.txt"
rm -f "$P/exit.txt"
tmux_start 100 12 "env LANG=C.UTF-8 $SEEK --no-store $P/three.txt > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "mouse: started" "3 hits"
row=$(screen | grep -n "third line" | cut -d: -f1)
click=$(printf '\033[<0;5;%sM' "$row")
tmux_keys -l "$click"
expect_screen "mouse: a click selects the row" "Enter accept"
tmux_keys -l "$click$click"
wait_exit_file "$P/exit.txt"
expect_eq "mouse: a double click accepts it" "third line" "$(cat "$P/out.txt")"
tmux_stop
rm -f "$P/exit.txt"
tmux_start 100 12 "env LANG=C.UTF-8 $SEEK --no-store --height 6 $P/three.txt > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "mouse --height: started" "3 hits"
row=$(screen | grep -n "second line" | cut -d: -f1)
tmux_keys -l "$(printf '\033[<0;5;%sM' "$row")"
expect_screen "mouse --height: a click selects the row" "Enter accept"
tmux_keys -l "$(printf '\033[<0;5;%sM\033[<0;5;%sM' "$row" "$row")"
wait_exit_file "$P/exit.txt"
expect_eq "mouse --height: a double click accepts it" "second line" "$(cat "$P/out.txt")"
tmux_stop

# Without a UTF-8 locale, Seek still draws and reads UTF-8 (C.UTF-8 for the character type).
printf 'café au lait\n日本語のテキスト\nplain\n' > "$P/utf8.txt"
rm -f "$P/exit.txt"
tmux_start 80 12 "env -u LANG -u LC_ALL -u LC_CTYPE $SEEK --no-store $P/utf8.txt 2>$P/err.txt > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "no UTF-8 locale: accents drawn" "café au lait"
expect_screen "no UTF-8 locale: CJK drawn" "日本語のテキスト"
tmux_type "café"
expect_screen "no UTF-8 locale: typed accents arrive" "> café"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "no UTF-8 locale: the accepted line is printed as it is" "café au lait" "$(cat "$P/out.txt" 2>/dev/null)"
expect_eq "no UTF-8 locale: no warning needed" "" "$(cat "$P/err.txt" 2>/dev/null)"
tmux_stop

# Lines are a plain list, as fzf's: no check boxes, no suggestions, Down goes into the lines,
# Space types; -m gives check boxes (Tab checks and moves down) and accept prints the checked.
printf 'tests/fuzz/corpus/a.json\ntests/fuzz/corpus/b.json\nsrc/main.swift\n' > "$P/plain.txt"
rm -f "$P/exit.txt" "$P/out.txt"
tmux_start 80 12 "env LANG=C.UTF-8 $SEEK --no-store $P/plain.txt > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "plain list: started" "3 hits"
expect_eq "plain list: no check boxes" "" "$(screen | grep -F '[ ]' || true)"
expect_eq "plain list: no suggestions (the lines come right after the query)" "tests/fuzz/corpus/a.json" "$(screen | sed -n 2p | sed 's/^> //; s/^  //')"
tmux_keys Down
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "plain list: Down then Enter accepts the second line" "tests/fuzz/corpus/b.json" "$(cat "$P/out.txt")"
tmux_stop
rm -f "$P/exit.txt" "$P/out.txt"
tmux_start 80 12 "env LANG=C.UTF-8 $SEEK --no-store -m $P/plain.txt > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "-m: check boxes" "[ ] src/main.swift"
tmux_keys Tab
expect_screen "-m: Tab checks the top line" "[x] tests/fuzz/corpus/a.json"
tmux_keys Down
tmux_keys Tab
expect_screen "-m: and moves down" "[x] src/main.swift"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "-m: accept prints the checked lines" "tests/fuzz/corpus/a.json src/main.swift" "$(tr '\n' ' ' < "$P/out.txt" | sed 's/ $//')"
tmux_stop

# --prompt, as fzf's.
tmux_start 80 8 "printf 'one\ntwo\n' | env LANG=C.UTF-8 $SEEK --no-store --prompt 'pick: '; exec tail -f /dev/null"
expect_screen "--prompt: drawn before the query" "pick:"
tmux_type "tw"
wait_until 5 first_line_is "pick: tw"
expect_eq "--prompt: the query follows it" "pick: tw" "$(screen | sed -n 1p)"
tmux_keys C-c
tmux_stop

# --cycle, as fzf's: Up from the top line goes to the last one.
rm -f "$P/exit.txt" "$P/out.txt"
tmux_start 80 8 "printf 'one\ntwo\nthree\n' | env LANG=C.UTF-8 $SEEK --no-store --cycle > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--cycle: started" "3 hits"
keys_settled Up
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--cycle: Up from the top accepts the last line" "three" "$(cat "$P/out.txt")"
tmux_stop
