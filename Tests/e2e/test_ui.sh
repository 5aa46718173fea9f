# The interactive app in a real terminal (tmux), screen by screen, as in the query-suggestions guide.
start_ui() { # extra args...  (the app's pid goes to $WORK/ui.pid: tests end it by pid, never by name)
  rm -f "$WORK/ui.pid" "$WORK/exit.txt"
  tmux_start 100 30 "sh -c 'echo \$\$ > $WORK/ui.pid; exec env LANG=C.UTF-8 $SEEK $*' > $WORK/out.txt; echo EXIT=\$? > $WORK/exit.txt; exec tail -f /dev/null"
  wait_exit_file "$WORK/ui.pid"
}
line() { screen | sed -n "$1p"; }

start_ui Data/products.json
expect_screen "ui: initial results for the empty query" "10,000 hits"
expect_contains "ui: prompt on the first line" "$(line 1)" ">"
expect_contains "ui: popular suggestions listed, the bare query first" "$(line 2 | sed 's/ *$//')$(line 3)" "in "

tmux_type "s"
expect_screen "ui: one letter updates the suggestions" "  samsung"
# Wait for every letter's frame: "Samsung -" is among the results of "s" already.
type_settled "amsu"
expect_screen "ui: each keystroke updates the results" "Samsung -"
expect_contains "ui: query shown" "$(line 1)" "> samsu"

keys_settled Down
tmux_keys Tab
expect_screen "ui: Tab completes the query" "> samsung"
expect_contains "ui: Tab does not submit (suggestions still shown)" "$(line 2)" "samsung"

tmux_keys C-u
tmux_type "cookt"
expect_screen "ui: suggestion for a prefix" "  cooktops"
expect_eq "ui: the bare query before its category" "  cooktops" "$(line 2 | sed 's/ *$//')"
keys_settled Down Down  # the bare query, then the one in its category
keys_settled Enter
expect_screen "ui: Enter on a suggestion replaces the query" "> cooktops"
expect_not_contains "ui: Enter on a suggestion hides the suggestions" "$(screen)" "  cooktops  in"
expect_screen "ui: Enter on a suggestion lists its results" "Cooktop"
expect_screen "ui: the suggestion's category refines (a chip)" "category: Appliances > Ranges, Cooktops & Ovens > Cooktops ×"
tmux_keys C-u
expect_screen_gone "ui: the suggestion's category ends with its query" "category: Appliances"
tmux_type "brand:whirlpool nintendo switch"
expect_screen "ui: refinements stay while typing, and an empty result says so" "No results found with the refinements above"
tmux_keys F4
expect_screen_gone "ui: F4 clears the refinements" "with the refinements above"

tmux_keys C-u
tmux_type "nintendo switch"
expect_screen "ui: typed query results" "Nintendo - Switch"
keys_settled Enter
expect_not_contains "ui: Enter submits the typed query (suggestions hidden)" "$(line 2)" "  nintendo"

tmux_keys C-u
expect_screen "ui: Ctrl-U clears the query" "10,000 hits"
tmux_type "case"
expect_screen "ui: results for case" "Case for"
# A first page as tall as the screen (30 rows), then a page more each time the end comes near.
expect_screen "ui: first page loaded" "30 shown"
tmux_keys Down PageDown PageDown
expect_screen "ui: moving near the end loads the second page" "60 shown"
tmux_keys PageDown PageDown
expect_screen "ui: scrolling loads the third page" "90 shown"

keys_settled Home
keys_settled Down
tmux_keys Space
expect_screen "ui: Space checks a result" "[x]"
expect_screen "ui: the status line counts checks" "1 checked"

tmux_keys C-u
tmux_type "zzunicorn"
expect_screen "ui: create row for an unknown name" "Create “zzunicorn”"
expect_screen "ui: No results found" "No results found"
expect_screen "ui: nothing found, Enter creates (the hint)" "Enter create"

tmux_resize 20 5
expect_screen "ui: tiny 20x5 terminal still draws" "> zzunicorn"
tmux_resize 100 30
tmux_keys C-u
tmux_type "macbook air"
expect_screen "ui: back to 100x30, still searching" "MacBook Air"

tmux_keys C-c
wait_exit_file "$WORK/exit.txt"
expect_eq "ui: Ctrl-C exits 130" "EXIT=130" "$(cat "$WORK/exit.txt" 2>/dev/null)"
expect_eq "ui: Ctrl-C restores the terminal (the alternate screen left)" 0 "$(tmux -L "$TMUX_SOCKET" display -p '#{alternate_on}')"
expect_eq "ui: Ctrl-C restores the terminal (no UI left)" "" "$(screen | grep -F 'MacBook Air' || true)"
tmux_stop

# Enter on a result accepts: the selection goes to standard output, the UI to /dev/tty.
rm -f "$WORK/exit.txt"
start_ui --no-store Data/products.json
expect_screen "accept: started" "10,000 hits"
tmux_type "playstation 5 digital"
expect_screen "accept: results" "PlayStation 5"
tmux_keys Enter
expect_screen "accept: submitted (create row on top)" "+ Create"
keys_settled Down
tmux_keys Enter
wait_exit_file "$WORK/exit.txt"
expect_eq "accept: exit 0" "EXIT=0" "$(cat "$WORK/exit.txt" 2>/dev/null)"
expect_contains "accept: the selected title on stdout" "$(cat "$WORK/out.txt")" "PlayStation 5"
tmux_stop

# --no-create (or "create": false in the settings): a product catalog offers no create row,
# and Enter on a query nothing matches submits it.
start_ui --no-store --no-create Data/products.json
expect_screen "--no-create: started" "10,000 hits"
tmux_type "iph"
expect_screen "--no-create: results" "iPhone"
tmux_keys C-u
tmux_type "zzunicorn"
expect_screen "--no-create: nothing found" "No results found"
expect_screen "--no-create: Enter submits" "Enter submit"
expect_eq "--no-create: no create row" "" "$(screen | grep -F 'Create' || true)"
tmux_keys C-c
wait_exit_file "$WORK/exit.txt"
tmux_stop

# Escape sequences in data never reach the terminal.
rm -f "$WORK/exit.txt"
printf '{"name": "evil \\u001b]0;pwned\\u0007 title \\u001b[31mred"}\n{"name": "plain item"}\n' > "$WORK/evil.jsonl"
start_ui "$WORK/evil.jsonl"
expect_screen "escape: record shown" "evil ?]0;pwned? title ?[31mred"
title=$(tmux -L "$TMUX_SOCKET" display-message -p '#{pane_title}')
expect_not_contains "escape: the window title was not changed" "$title" "pwned"
tmux_keys Escape  # no suggestions for these two records: one Esc on the empty query quits
wait_exit_file "$WORK/exit.txt"
expect_eq "escape: Esc on an empty query exits 130" "EXIT=130" "$(cat "$WORK/exit.txt" 2>/dev/null)"
tmux_stop

# SIGTERM restores the terminal too.
rm -f "$WORK/exit.txt"
start_ui Data/products.json
expect_screen "sigterm: started" "10,000 hits"
kill -TERM "$(cat "$WORK/ui.pid")" 2>/dev/null || true
wait_exit_file "$WORK/exit.txt"
expect_eq "sigterm: exit 143" "EXIT=143" "$(cat "$WORK/exit.txt" 2>/dev/null)"
tmux_stop
