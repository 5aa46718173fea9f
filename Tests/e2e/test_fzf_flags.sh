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

# -d / --nth / --with-nth: fields as fzf cuts them; the same lines as fzf where it is installed.
printf 'src/main.rs:10:fn main\nsrc/lib.rs:3:use std\nREADME.md:1:# main title\n' > "$P/grep.txt"
expect_eq "--nth 1 -d: searches the file names only" "src/main.rs:10:fn main" "$("$SEEK" -d: --nth 1 -f main < "$P/grep.txt" 2>/dev/null)"
expect_eq "-n3 -d: (attached values)" "README.md:1:# main title|src/main.rs:10:fn main" "$("$SEEK" -d: -n3 -f main < "$P/grep.txt" 2>/dev/null | sort | paste -sd'|')"
expect_eq "--with-nth: searched as shown, printed as read" "src/main.rs:10:fn main" "$("$SEEK" -d: --with-nth 2.. -f 10 < "$P/grep.txt" 2>/dev/null)"
expect_eq "--with-nth: the file name is not searched" "" "$("$SEEK" -d: --with-nth 3 -e -f rs < "$P/grep.txt" 2>/dev/null)"
expect_eq "--nth on a file of lines" "src/lib.rs:3:use std" "$("$SEEK" -d: --nth 1 -f lib "$P/grep.txt" 2>/dev/null)"
"$SEEK" --nth 0 -f x < "$P/grep.txt" >/dev/null 2>&1
expect_eq "--nth 0: exit 2" 2 "$?"
if command -v fzf >/dev/null; then
  for args in "-d: --nth 1 -f main" "-d: --nth 2.. -f main" "-d: --with-nth 2.. -f 10" "--nth -1 -f std" "-d [:/] --nth 2 -f main"; do
    # shellcheck disable=SC2086
    expect_eq "fields: the same lines as fzf $args" "$(fzf $args < "$P/grep.txt" | sort)" "$("$SEEK" $args < "$P/grep.txt" 2>/dev/null | sort)"
  done
fi

# --ansi: colours shown, never searched, left out of what is printed (as fzf); placeholders without them.
printf '\033[31mred\033[0m apple\n\033[1;34mblue\033[0m sky\n' > "$P/ansi.txt"
expect_eq "--ansi: the escape is not searched" "" "$("$SEEK" --ansi -e -f 31m < "$P/ansi.txt" 2>/dev/null)"
# (fzf 0.74.5 prints "blue sky": a program gets the text, not the colours.)
expect_eq "--ansi: the line printed without its colours, as fzf prints it" "blue sky" "$("$SEEK" --ansi -f sky < "$P/ansi.txt" 2>/dev/null)"
rm -f "$P/exit.txt"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK --ansi --preview 'echo [{}] [{-1}]' < $P/ansi.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--ansi app: the lines without their escapes" "blue sky"
expect_screen_gone "--ansi app: no escape shown as text" "[31m"
expect_screen "--ansi app: {} and {-1} without colours" "[red apple] [apple]"
expect_contains "--ansi app: red drawn red" "$(screen -e | grep -a 'apple' | head -1)" $'\033[31mred'
tmux_keys Down Enter
wait_exit_file "$P/exit.txt"
expect_eq "--ansi app: the pick printed without its colours (fzf: blue sky)" "blue sky" "$(cat "$P/out")"
tmux_stop

# +s / --no-sort: every match in input order, as fzf lists it; pages in that order too.
# (fzf 0.38's answer.)
expect_eq "+s: input order, as fzf's" "12 102 112 120 121 122 123 124 125 126 127 128 129 132 142 152 162 172 182 192 212" \
  "$(seq 1 300 | "$SEEK" -f 12 +s 2>/dev/null | paste -sd' ')"
expect_eq "--no-sort: page 2 (the third, from 0) in input order" "19 21 31 41 51" \
  "$(seq 1 100 | "$SEEK" --no-sort -f 1 --hits-per-page 5 --page 2 2>/dev/null | paste -sd' ')"
rm -f "$P/exit.txt"
tmux_start 40 30 "seq 1 300 | env LANG=C.UTF-8 $SEEK +s > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "+s app: started" "300 hits"
type_settled "2"
expect_eq "+s app: the first lines in input order" "> 2|  12|  20" "$(screen | sed -n '2,4p' | sed 's/ *$//' | paste -sd'|')"
# The first page is as tall as the screen (30 rows: no frame paints 20 rows and then 40).
wait_for "30 shown"
expect_screen "+s app: a first page as tall as the screen" "138 hits · 30 shown"
# Scrolling to the last row loads the second page, which continues the input order: the 30th
# match, 128, ends the first page, the 31st, 129, begins the second.
tmux_keys PageDown PageDown
wait_for "60 shown"
tmux_keys Down
wait_until 10 screen_shows "> 129"
expect_eq "+s app: the second page continues the input order" "128|129" \
  "$(screen | sed 's/^[> ] *//; s/ *$//' | grep -x -A1 128 | paste -sd'|')"
# A taller terminal: the next query's first page is as tall as it.
tmux_resize 40 45
tmux_keys BSpace
type_settled "1"
wait_for "45 shown"
expect_screen "+s app: after a resize, a first page as tall as the screen" "45 shown"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

# --border: the finder inside a frame; a click lands on the row drawn.
rm -f "$P/exit.txt"
tmux_start 40 8 "env LANG=C.UTF-8 $SEEK --border < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--border: started" "4 hits"
expect_eq "--border: a rounded frame" "╭|╰" "$(screen | sed -n '1p;8p' | cut -c1-3 | sed 's/─*$//' | paste -sd'|')"
expect_eq "--border: the query inside it" "│ >" "$(screen | sed -n 2p | cut -c1-5 | sed 's/ *$//')"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--border: Enter prints the top line" "alpha" "$(cat "$P/out")"
tmux_stop
"$SEEK" --border=wavy -f a < "$P/words.txt" >/dev/null 2>&1
expect_eq "--border=wavy: exit 2" 2 "$?"

# A default command that fails says so, as fzf's [Command failed: CMD].
rm -f "$P/exit.txt"
tmux_start 70 6 "cd $P && env LANG=C.UTF-8 SEEK_DEFAULT_COMMAND='echo one; exit 3' $SEEK > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "failing default command: its lines shown" "1 hit"
expect_screen "failing default command: said on the status line" "[Command failed: echo one; exit 3]"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

# --preview-window +{2}-/2: the preview shown around the line a field names (grep -n's).
rm -f "$P/exit.txt"
tmux_start 40 14 "printf 'a.txt:30:x\nb.txt:70:y\n' | env LANG=C.UTF-8 $SEEK -d: --preview 'seq 1 100' --preview-window 'up:50%,+{2}-/2' > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "preview offset: started" "2 hits"
wait_until 10 screen_line_is "30"
expect_eq "preview offset: line 30 in the middle of the pane" "27|28|29|30|31" "$(screen | sed -n '2,6p' | sed 's/ *$//' | paste -sd'|')"
tmux_keys Down
wait_until 10 screen_line_is "70"
expect_screen "preview offset: the next line's field moves it" "68"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

# --header-first: the header above the query line (below it when the query is at the bottom).
rm -f "$P/exit.txt"
tmux_start 40 8 "env LANG=C.UTF-8 $SEEK --header 'Pick one' --header-first < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--header-first: started" "4 hits"
expect_eq "--header-first: the header, then the query" "Pick one|>" "$(screen | sed -n '1,2p' | sed 's/ *$//' | paste -sd'|')"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

# --tiebreak begin, chunk: equal scores ordered by where the match lies, as fzf orders them.
find Sources Tests Docs -type f | sort > "$P/files.txt"
for tb in begin chunk begin,length; do
  expect_eq "--tiebreak $tb: refused no more" 0 "$("$SEEK" --tiebreak $tb -f "'s" < "$P/files.txt" >/dev/null 2>&1; echo $?)"
  if command -v fzf >/dev/null; then
    for q in "'test" "'swift" "'seek"; do
      expect_eq "--tiebreak $tb: fzf's order for $q" "$(fzf -f "$q" --tiebreak $tb < "$P/files.txt" | head -40)" \
        "$("$SEEK" -f "$q" --tiebreak $tb < "$P/files.txt" 2>/dev/null | head -40)"
    done
  fi
done
