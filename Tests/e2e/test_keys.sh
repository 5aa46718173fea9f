# Keys a person can live in: readline's Alt and Ctrl keys, sequences terminals send, focus.
tmux_start 100 24 "env LANG=C.UTF-8 TERM=xterm-256color $SEEK --no-store Data/products.json; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "keys: started" "10,000 hits"
tmux_type "apple watch series"
expect_screen "keys: typed" "> apple watch series"
tmux_keys M-BSpace
# The query line showed "> apple watch" before the key was read too: wait for the word to go.
first_line_lacks() { [[ "$(screen | sed -n 1p)" != *"$1"* ]]; }
wait_until 5 first_line_lacks series
expect_not_contains "keys: Alt-Backspace deletes one word back" "$(screen | sed -n 1p)" "series"
expect_contains "keys: ... and only one" "$(screen | sed -n 1p)" "> apple watch"
keys_settled M-b
tmux_type "X"
expect_screen "keys: Alt-b moves a word left" "> apple Xwatch"
tmux_keys C-u
expect_screen "keys: Ctrl-U deletes to the start of the line" "> watch"
tmux_keys C-a C-k
expect_screen_gone "keys: Ctrl-K deletes to the end" "> watch"
keys_settled M-f
expect_screen "keys: Alt-f on an empty query does not quit" "10,000 hits"
tmux_type "dune"
keys_settled Home
tmux_type "x"
expect_screen "keys: Home (\\e[1~ in tmux) moves to the start, not text" "> xdune"
expect_not_contains "keys: no sequence typed as text" "$(screen | sed -n 1p)" "[1~"
tmux_keys C-e C-u
tmux_type "sony"
expect_screen "keys: results" "Sony"
keys_settled Enter
keys_settled Down
expect_screen "keys: on a result" "Esc back"
tmux_keys Escape
expect_screen "keys: Esc on a result returns to the query" "Enter submit"
expect_contains "keys: ... keeping the query" "$(screen | sed -n 1p)" "> sony"
tmux_type "a"
expect_screen "keys: typing goes to the query" "> sonya"
tmux_keys C-c
expect_screen "keys: Ctrl-C quits" "EXIT=130"
tmux_stop

# Symbols are words; composite emoji take two cells and never overwrite what follows.
printf 'plain %s\n' 1 2 3 4 5 6 7 8 9 10 > "$WORK/pizza.txt"; printf 'Friday \360\237\215\225 night\n' >> "$WORK/pizza.txt"
out=$("$SEEK" --no-store -f "🍕" "$WORK/pizza.txt" 2>/dev/null)
expect_eq "symbols: 🍕 finds the one line with it" "Friday 🍕 night" "$out"
printf 'family 👨‍👩‍👧 tail end\nthumbs 👍🏽 after\n' > "$WORK/emoji.txt"
tmux_start 60 10 "env LANG=C.UTF-8 $SEEK --no-store $WORK/emoji.txt; exec tail -f /dev/null"
expect_screen "emoji: a ZWJ family leaves the text after it intact" " tail end"
expect_screen "emoji: a skin-toned emoji too" " after"
tmux_keys C-c
tmux_stop

# Ctrl-Z suspends (the shell gets its terminal back), fg redraws.
tmux_start 80 20 "env -i HOME=$HOME PATH=$PATH TERM=screen LANG=C.UTF-8 PS1='sh$ ' bash --norc -i"
expect_screen "keys: a shell for Ctrl-Z" "sh$"
tmux_type "$SEEK --no-store Data/products.json"
tmux_keys Enter
expect_screen "ctrl-z: started" "10,000 hits"
tmux_keys C-z
expect_screen "ctrl-z: suspended, the shell has the terminal" "Stopped"
tmux_type "fg"
tmux_keys Enter
expect_screen "ctrl-z: fg redraws the app" "10,000 hits"
tmux_keys C-c
tmux_stop

# Bracketed paste: pasted lines are text, never Enter.
tmux_start 100 20 "env LANG=C.UTF-8 $SEEK --no-store Data/products.json; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "paste: started" "10,000 hits"
printf 'sony\nhead' > "$WORK/paste.txt"
tmux -L "$TMUX_SOCKET" load-buffer "$WORK/paste.txt"
tmux -L "$TMUX_SOCKET" paste-buffer -p
expect_screen "paste: two pasted lines become one query" "> sony head"
expect_not_contains "paste: not submitted" "$(screen)" "EXIT="
tmux_keys C-c
tmux_stop

# Lines, as fzf: one Esc quits; Ctrl-D quits on an empty query; Ctrl-Y pastes back what Ctrl-U
# took; Alt-Backspace stops at punctuation.
for key in Escape C-d; do
  rm -f "$WORK/exit.txt"
  tmux_start 80 12 "printf 'alpha\nbeta\n' | env LANG=C.UTF-8 $SEEK --no-store; echo EXIT=\$? > $WORK/exit.txt; exec tail -f /dev/null"
  expect_screen "lines $key: started" "2 hits"
  tmux_keys "$key"
  wait_exit_file "$WORK/exit.txt"
  expect_eq "lines: one $key quits (130)" "EXIT=130" "$(cat "$WORK/exit.txt" 2>/dev/null)"
  tmux_stop
done
tmux_start 80 12 "printf 'foo bar foo-bar\n' | env LANG=C.UTF-8 $SEEK --no-store; exec tail -f /dev/null"
expect_screen "lines keys: started" "1 hit"
tmux_type "foo bar foo-bar"
expect_screen "lines keys: typed" "> foo bar foo-bar"
tmux_keys M-BSpace
wait_until 5 first_line_is "> foo bar foo-"
expect_eq "lines keys: Alt-Backspace stops at the dash" "> foo bar foo-" "$(screen | sed -n 1p)"
tmux_keys C-u
wait_until 5 first_line_is ">"
expect_eq "lines keys: Ctrl-U clears" ">" "$(screen | sed -n 1p)"
tmux_keys C-y
wait_until 5 first_line_is "> foo bar foo-"
expect_eq "lines keys: Ctrl-Y pastes it back" "> foo bar foo-" "$(screen | sed -n 1p)"
tmux_keys C-c
tmux_stop
