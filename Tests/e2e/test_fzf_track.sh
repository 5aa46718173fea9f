# Run as fzf: the cursor kept across a query, --track with --id-nth across a reload-sync fired by
# every(N) (fzf's live process list), and fzf's variables in a preview.
T="$WORK/fzftrack"; mkdir -p "$T"
ln -sf "$SEEK" "$T/fzf"
FZFOPTS="--no-scrollbar --gutter ' ' --pointer '>' --marker '>'"

# The cursor keeps its place as the query changes (fzf's): Up twice, then a character.
tmux_start 40 12 "env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf < <(seq 1000) > $T/out; exec tail -f /dev/null"
wait_for "1000/1000"
tmux_type "1"
wait_for "272/1000"
tmux_keys Up Up
wait_until 10 screen_line_is "> 11"
tmux_type "0"
wait_for "29/1000"
# (The prompt, `> 10`, is the last line.)
expect_eq "as fzf: the cursor keeps its third row across a query" "> 101" "$(screen | sed '$d' | grep '^> ' | sed 's/ *$//')"
tmux_stop

# A live list: every 0.3 s the list is read again in another order; the line the cursor is on
# (named by its second field) stays under it, the list never empty between two reads.
cat > "$T/list.sh" <<'LIST'
#!/bin/sh
n=$(cat "$1" 2>/dev/null || echo 0); echo $((n + 1)) > "$1"
sleep 0.2
echo "ID NAME"
for i in 1 2 3 4 5; do echo "row$(( (i + n) % 5 )) item$(( (i + n) % 5 ))"; done
LIST
chmod +x "$T/list.sh"
rm -f "$T/count"
tmux_start 40 12 "env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --header-lines 1 --track --id-nth 2 --bind 'start,every(0.3):reload-sync:$T/list.sh $T/count' < /dev/null > $T/out; exec tail -f /dev/null"
wait_for "5/5 +T"
tmux_keys Up Up
wait_until 10 screen_shows "> row"
chosen=$(screen | grep '^> row' | awk '{print $3}')
start=$(cat "$T/count")
# Each read starts (the count goes up) 0.2 s before its lines come: the screen then still shows
# the list before, where `reload` would show an empty one.
seen=""
for k in 1 2 3; do
  wait_until 10 test "$(cat "$T/count")" -ge $((start + k))
  seen+="$(screen)"
done
expect_not_contains "reload-sync: the list before stays while the next is read" "$seen" "0/0"
wait_until 10 test "$(cat "$T/count")" -ge $((start + 4))
wait_for "5/5 +T"
expect_eq "--track --id-nth 2: the same line after three reloads" "$chosen" "$(screen | grep '^> row' | awk '{print $3}')"
expect_screen "--header-lines: the reloaded list's header" "ID NAME"
tmux_stop

# fzf's variables, as a preview reads them.
tmux_start 80 12 "env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf -m --preview 'echo pos=\$FZF_POS/\$FZF_MATCH_COUNT sel=\$FZF_SELECT_COUNT q={q} item=\$FZF_CURRENT_ITEM' < <(seq 100) > $T/out; exec tail -f /dev/null"
wait_for "pos=1/100 sel=0"
tmux_keys Up
wait_for "pos=2/100 sel=0"
tmux_keys Tab
wait_for "sel=1"
tmux_type "99"
wait_for "pos=1/1 sel=1 q=99 item=99"
expect_screen "FZF_POS, FZF_MATCH_COUNT, FZF_SELECT_COUNT, {q} and FZF_CURRENT_ITEM in a preview" "pos=1/1 sel=1 q=99 item=99"
tmux_stop

# fzf's `print(…)`: its lines after the query and the --expect key, before the item (fzf 0.74.5
# prints "", "", "hi {}", "x", "1"); `toggle-header` hides --header's and the input's lines.
tmux_start 40 12 "env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --header top --header-lines 1 --print-query --expect ctrl-x --bind 'space:toggle-header,enter:print(hi {})+print(x)+accept' < <(seq 4) > $T/out; echo \$? > $T/status; exec tail -f /dev/null"
wait_for "3/3"
expect_screen "--header and --header-lines shown" "top"
tmux_keys Space
wait_gone "top"
expect_screen_gone "toggle-header: the input's header line hidden too" "  1"
tmux_keys Enter
wait_exit_file "$T/status"
expect_eq "print(…): after the query and the key, before the item, placeholders as written" \
  "$(printf '\n\nhi {}\nx\n2')" "$(cat "$T/out")"
tmux_stop

# `close`: the preview closes, then (none open) fzf's abort.
tmux_start 60 12 "env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --preview 'echo preview-of-{}' --bind ctrl-x:close < <(seq 10) > $T/out; echo \$? > $T/status2; exec tail -f /dev/null"
wait_for "preview-of-1"
tmux_keys C-x
wait_gone "preview-of-1"
tmux_keys C-x
wait_exit_file "$T/status2"
expect_eq "close with no preview open: exit 130 (abort)" "130" "$(cat "$T/status2")"
tmux_stop

# Four toggles typed in one burst toggle four times (each read the state before the first was
# saved: one check stayed). fzf 0.74.5 prints 2: no mark, the current line.
tmux_start 40 12 "env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf -m --bind t:toggle < <(seq 10) > $T/out; echo \$? > $T/status3; exec tail -f /dev/null"
wait_for "10/10 (0)"
tmux_type "tttt"
tmux_keys Up
wait_until 10 screen_line_is "> 2"
tmux_keys Enter
wait_exit_file "$T/status3"
expect_eq "a burst of toggles: each one counts (fzf: 2)" "2" "$(cat "$T/out")"
tmux_stop

# change-with-nth, change-nth, change-header-lines (fzf's): the lines shaped anew while the app
# runs, FZF_WITH_NTH and FZF_NTH as a command reads them, the marks the query no longer finds
# taken off, the cursor kept on its line, and the line printed as read.
printf 'one alpha x\ntwo beta y\nthree alpha z\nfour gamma w\n' > "$T/fields"
tmux_start 60 12 "env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf -m --with-nth 2 -q alpha --bind 'space:change-with-nth(3|),ctrl-n:change-nth(1|),ctrl-h:change-header-lines(1),result:transform-prompt:echo \"[\$FZF_WITH_NTH:\$FZF_NTH]> \"' < $T/fields > $T/out; echo \$? > $T/status4; exec tail -f /dev/null"
wait_for "2/4 (0)"
wait_for "[2:]> alpha"
tmux_keys Tab
wait_for "2/4 (1)"
tmux_keys Space
wait_for "[3:]> alpha"
expect_screen "change-with-nth(3): the query finds no third field, the mark goes" "0/4 (0)"
tmux_keys Space
wait_for "[2:]> alpha"
expect_screen "change-with-nth's empty choice: the --with-nth given" "2/4 (0)"
tmux_keys C-u
tmux_type "o"
wait_for "0/4 (0)"
tmux_keys C-n
wait_for "[2:1]> o"
expect_screen "change-nth(1): the first field shown searched" "0/4 (0)"
tmux_keys C-n
wait_for "[2:]> o"
tmux_keys C-u
wait_for "4/4 (0)"
tmux_keys Up Up
wait_until 10 screen_line_is "> alpha"
tmux_keys C-h
wait_for "3/3 (0)"
expect_eq "change-header-lines(1): the first line is the header, the cursor stays on its line" "> alpha" "$(screen | grep '^> ' | sed -n 1p | sed 's/ *$//')"
tmux_keys Enter
wait_exit_file "$T/status4"
expect_eq "the line accepted is printed as read" "three alpha z" "$(cat "$T/out")"
tmux_stop

# bg-transform: keys go on while its command runs; its `put` types the key that started it, where
# the cursor then stands (fzf's test_bg_transform_put: `ab` reads `ba`).
tmux_start 40 10 "env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --bind 'a:bg-transform:sleep 0.5; echo put' < <(seq 100) > $T/out; exec tail -f /dev/null"
wait_for "100/100"
tmux_type "ab"
wait_until 10 screen_line_is "> ba"
expect_eq "bg-transform: b typed meanwhile, then the command's put types a" "> ba" "$(screen | sed -n '$p' | sed 's/ *$//')"
tmux_stop

# No input and no FZF_DEFAULT_COMMAND: Seek walks the files (paths end with NUL), and a
# `start:reload` still reads its command's lines as lines, shown as they come while it runs, the
# spinner before the count on the right (fzf's test_info_right).
mkdir -p "$T/empty"
tmux_start 60 10 "cd $T/empty && env LANG=C.UTF-8 FZF_DEFAULT_COMMAND= FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --info=right --separator x --bind 'start:reload:seq 100; sleep 10' > $T/out; exec tail -f /dev/null"
wait_for "100/100"
expect_eq "a reload after the walk reads lines, the spinner on the right while it runs" "1" \
  "$(screen | grep -cE 'x [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] 100/100')"
tmux_stop

# --separator's colour sequences are not drawn raw and its tabs expand from its own start (fzf's
# test_info_separator_ansi_colors_and_tabs).
tmux_start 60 8 "env LANG=C.UTF-8 $T/fzf -q55 --tabstop 4 --separator \$'\\x1b[33ma\\tb' < <(seq 100) > $T/out; exec tail -f /dev/null"
wait_for "1/100"
expect_screen "--separator with a colour and a tab" "  1/100 a   ba   ba"
tmux_stop

# become from a pipe: the command's input is the terminal (fzf's test_become_tty; `become(vim {})`).
rm -f "$T/tty.out"
tmux_start 60 8 "seq 3 | env LANG=C.UTF-8 $T/fzf --bind 'load:become:tty > $T/tty.out'; exec tail -f /dev/null"
wait_exit_file "$T/tty.out"
expect_eq "become: its input is the terminal, not the pipe" "/dev/tty" "$(cat "$T/tty.out")"
tmux_stop

# bg-cancel ends the bg-transform commands running: the one for line 1 (a 1 s sleep) never shows,
# while one started after it (a longer sleep) does; a bg-transform's output is done while a wait
# holds the keys (fzf's test_bg_cancel, test_wait_action_bg_transform).
tmux_start 60 10 "env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --bind 'space:bg-cancel+bg-transform-header(sleep {}; echo [{}])' --bind 'x:bg-transform-footer(sleep 2; echo late)' < <(seq 0 1) > $T/out; exec tail -f /dev/null"
wait_for "2/2"
tmux_type "1"
wait_for "1/2"
tmux_keys Space BSpace
wait_for "2/2"
tmux_keys Space x
wait_for "[0]"
wait_for "late"
expect_not_contains "bg-cancel: the cancelled command's output never comes" "$(screen)" "[1]"
tmux_stop

tmux_start 60 10 "(seq 100; sleep 3) | env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --bind 'start:bg-transform-header(echo hello)+search(5)+wait' > $T/out; exec tail -f /dev/null"
wait_for "hello"
expect_screen "a bg-transform's output is done while the wait holds" "(..)"
tmux_stop

# click-header and click-footer (fzf's sorting and button scripts): the line counted down the
# section as drawn, the column from the text's start, the word clicked and its field (fzf 0.74.5:
# L=1 C=1 W=Zcc N=1, L=4 C=5 W=Bbb N=5, L=5 C=1 W=Ccc N=6.., L=2 C=1 W=Bar).
click_word() { # WORD: an SGR mouse click on the word's first cell
  local line row col
  line=$(screen | grep -n -m1 -- "$1") || return 1
  row=${line%%:*}
  line=${line#*:}
  col=$(( $(awk -v l="$line" -v w="$1" 'BEGIN { print index(l, w) }') ))
  tmux_keys -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' "$col" "$row" "$col" "$row")"
}
tmux_start 60 14 "(printf 'Xaa\nYbb\nZcc\n'; seq 5) | env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --header \$'Aaa Bbb\nCcc' --header-lines 3 --footer \$'Foo\nBar' --bind 'click-header:transform-prompt:echo \"L=\$FZF_CLICK_HEADER_LINE C=\$FZF_CLICK_HEADER_COLUMN W=\$FZF_CLICK_HEADER_WORD N=\$FZF_CLICK_HEADER_NTH> \"' --bind 'click-footer:transform-prompt:echo \"L=\$FZF_CLICK_FOOTER_LINE C=\$FZF_CLICK_FOOTER_COLUMN W=\$FZF_CLICK_FOOTER_WORD> \"' > $T/out; exec tail -f /dev/null"
wait_for "5/5"
click_word Zcc
expect_screen "click-header: the input's last header line is the top one (fzf: L=1)" "L=1 C=1 W=Zcc N=1>"
click_word Bbb
expect_screen "click-header: --header's words after the input's lines, fields counted on (fzf: L=4 C=5 N=5)" "L=4 C=5 W=Bbb N=5>"
click_word Ccc
expect_screen "click-header: the last field is open-ended (fzf: N=6..)" "L=5 C=1 W=Ccc N=6..>"
click_word Bar
expect_screen "click-footer: the footer's second line (fzf: L=2)" "L=2 C=1 W=Bar>"
tmux_stop

# fzf's sections (fzf 0.74.5's screen for the same options and size): the list, the header's
# window (the input's lines turned, then --header), the input shifted over the list's text with no
# rule under a border; a click on the header's window names its line and word; change-list-label.
tmux_start 20 12 "seq 10 | env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --list-border rounded --header-border sharp --header hdr --header-lines 2 --bind 'click-header:transform-prompt:echo \"L\$FZF_CLICK_HEADER_LINE W\$FZF_CLICK_HEADER_WORD> \"' --bind 'space:change-list-label(LIST)' > $T/out; exec tail -f /dev/null"
wait_for "8/8"
expect_eq "sections: fzf's windows, top to bottom" "╭──────────────────╮|│   5              │|│   4              │|│ > 3              │|╰──────────────────╯|┌──────────────────┐|│   2              │|│   1              │|│   hdr            │|└──────────────────┘|    8/8|  >" \
  "$(screen | sed 's/ *$//' | paste -sd'|')"
click_word hdr
expect_screen "sections: a click on the header's window (fzf: L3 Whdr)" "L3 Whdr>"
tmux_keys Space
expect_screen "sections: change-list-label" "╭───────LIST───────╮"
tmux_stop

# --height ~100%: as many rows as the lines need, drawn once the input is read (fzf 0.74.5: the
# box right under the shell's line, 7 rows for 3 lines); --height 1% --min-height 5+: five rows
# of the list and the input's box (fzf 0.74.5: 10 rows with --style full:sharp).
tmux_start 20 16 "echo TOP; seq 3 | env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --height ~100% --border sharp > $T/out; exec tail -f /dev/null"
wait_for "3/3"
expect_eq "--height ~100%: the rows the lines need (fzf: 7 under the line)" "TOP|┌──────────────────┐|│   3              │|│   2              │|│ > 1              │|│   3/3 ────────── │|│ >                │|└──────────────────┘|" \
  "$(screen | sed 's/ *$//' | head -9 | paste -sd'|')"
tmux_stop
# A command line that filled its row leaves the next row as its wrapped end; the region's first
# row is a row of its own all the same (fzf erases below first: tmux joins no row to the line).
tmux_start 20 10 "printf '%20s \r' x; seq 3 | env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --height ~100% --border sharp > $T/out; exec tail -f /dev/null"
wait_for "3/3"
expect_eq "--height after a full row: the border starts a line of its own (fzf: the same)" "┌──────────────────┐" \
  "$(screen -J | sed -n 2p | sed 's/ *$//')"
tmux_stop
# With a preview above at 60%, the finder keeps its four rows in the other 40% (fzf 0.74.5: a
# box of six rows above them); one beside needs only its own row and border.
tmux_start 20 20 "echo TOP; seq 3 | env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --height ~100% --info=inline --preview 'seq {}' --preview-window up,60% > $T/out; exec tail -f /dev/null"
wait_for "< 3/3"
expect_eq "--height ~100% with a preview up,60%: 10 rows, the box's 6 (fzf: the same)" \
  "TOP|╭──────────────────╮|│ 1                │|│                  │|│                  │|│                  │|╰──────────────────╯|  3|  2|> 1|>   < 3/3 ─────────" \
  "$(screen | sed 's/ *$//' | head -11 | paste -sd'|')"
tmux_stop
# With --gap, fzf still counts a row an item (and shows fewer): 6 rows for 3 items, not the screen.
tmux_start 20 20 "echo TOP; seq 3 | env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --height ~100% --gap --border sharp --info inline > $T/out; exec tail -f /dev/null"
wait_for "< 3/3"
expect_eq "--height ~100% --gap: a row an item, as fzf counts (fzf: 6 rows)" "7" "$(screen | sed 's/ *$//' | grep -c .)"
tmux_stop
tmux_start 20 20 "echo TOP; echo 1 | env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --height ~100% --info=inline --preview 'seq 5' --preview-window left,5 > $T/out; exec tail -f /dev/null"
wait_for "< 1/1"
expect_eq "--height ~100% with a preview beside: a row of text and its border (fzf: 3 rows)" "4" "$(screen | sed 's/ *$//' | grep -c .)"
tmux_stop
tmux_start 20 16 "echo TOP; seq 100 | env LANG=C.UTF-8 FZF_DEFAULT_OPTS=\"$FZFOPTS\" $T/fzf --style full:sharp --height 1% --min-height 5+ > $T/out; exec tail -f /dev/null"
wait_for "100/100"
expect_eq "--min-height 5+: five rows of the list and the input's (fzf: 10 rows)" "11" "$(screen | sed 's/ *$//' | grep -c .)"
tmux_stop
