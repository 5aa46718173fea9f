# fzf's --layout and --info=inline, drawn: the prompt at the bottom, the list growing up from it.
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
