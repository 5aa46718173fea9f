# fzf's flags drawn and typed: --layout, --info=inline, --expect, --history.
P="$WORK/layout"; mkdir -p "$P"
printf 'alpha\nbeta\ngamma\ndelta\n' > "$P/words.txt"

rm -f "$P/exit.txt"
tmux_start 40 8 "env LANG=C.UTF-8 $SEEK --layout default --header 'H1' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--layout default: started" "4 hits"
expect_eq "--layout default: the prompt on the last line" ">" "$(screen | sed -n 8p | sed 's/ *$//')"
expect_eq "--layout default: the count above it, the header above that" "H1|4 hits" \
  "$(screen | sed -n '6p;7p' | cut -c1-6 | sed 's/ *$//' | paste -sd'|')"
expect_eq "--layout default: the best line just above the header" "> alpha" "$(screen | sed -n 5p | sed 's/ *$//')"
# Up moves up the screen: to the line drawn above the first.
tmux_keys Up
wait_until 10 screen_line_is "> beta"
expect_eq "--layout default: Up selects the line drawn above" "> beta" "$(screen | sed -n 4p | sed 's/ *$//')"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--layout default: Enter prints it" "beta" "$(cat "$P/out")"
tmux_stop

rm -f "$P/exit.txt"
tmux_start 40 8 "env LANG=C.UTF-8 $SEEK --layout reverse-list --info=inline < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--layout reverse-list: started" "< 4"
expect_eq "--layout reverse-list: the list read from the top" "> alpha|  beta" "$(screen | sed -n '1p;2p' | sed 's/ *$//' | paste -sd'|')"
expect_eq "--info=inline: the count on the prompt's line, no status line" ">   < 4" "$(screen | sed -n 8p | sed 's/ *$//')"
# Down moves down the screen, as the list reads.
tmux_keys Down
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--layout reverse-list: Down then Enter prints the second line" "beta" "$(cat "$P/out")"
tmux_stop

# --expect: the key that accepted is printed first (an empty line for Enter), after --print-query's query.
rm -f "$P/exit.txt"
tmux_start 40 8 "env LANG=C.UTF-8 $SEEK --expect ctrl-v,f2 --print-query < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--expect: started" "4 hits"
type_settled "gam"
tmux_keys C-v
wait_exit_file "$P/exit.txt"
expect_eq "--expect: query, key, line" "gam|ctrl-v|gamma" "$(paste -sd'|' "$P/out")"
expect_eq "--expect: exit 0" "EXIT=0" "$(cat "$P/exit.txt")"
tmux_stop
rm -f "$P/exit.txt"
tmux_start 40 8 "env LANG=C.UTF-8 $SEEK --expect ctrl-v < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--expect with Enter: started" "4 hits"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--expect with Enter: an empty key line" "|alpha" "$(paste -sd'|' "$P/out")"
tmux_stop
"$SEEK" --expect ctrl-?1 -f a < "$P/words.txt" >/dev/null 2>&1
expect_eq "--expect with an unknown key: exit 2" 2 "$?"

# --history: Ctrl-P brings the last query back; an accepted query is appended.
printf 'bet\nalp\n' > "$P/history"
rm -f "$P/exit.txt"
tmux_start 40 8 "env LANG=C.UTF-8 $SEEK --history $P/history < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--history: started" "4 hits"
tmux_keys C-p C-p
wait_until 10 first_line_is "> bet"
expect_screen "--history: Ctrl-P twice shows the older query's line" "beta"
tmux_keys C-n C-n
wait_until 10 first_line_is ">"
type_settled "delt"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--history: the accepted line" "delta" "$(cat "$P/out")"
expect_eq "--history: the query appended" "bet|alp|delt" "$(paste -sd'|' "$P/history")"
tmux_stop
"$SEEK" --history /nonexistent-seek/h < "$P/words.txt" >/dev/null 2>&1
expect_eq "--history in a missing folder: exit 2" 2 "$?"
