# fzf's --bind: keys and events doing fzf's actions, commands with placeholders, become.
P="$WORK/bind"; mkdir -p "$P"
printf 'alpha\nbeta\ngamma\n' > "$P/words.txt"

# execute-silent with {+}: the marked lines, one shell word each; the finder stays.
rm -f "$P/exit.txt" "$P/marked"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK -m --bind 'ctrl-o:execute-silent(printf \"%s|\" {+} > $P/marked)' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind: started" "3 hits"
tmux_keys Tab Tab C-o
wait_until 10 test -s "$P/marked"
expect_eq "bind: execute-silent gets {+}, the marked lines" "alpha|beta|" "$(cat "$P/marked")"
expect_screen "bind: the finder is still there" "3 hits"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

# execute hands the terminal over (a command reading it) and takes it back.
rm -f "$P/exit.txt" "$P/typed"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK --bind 'ctrl-o:execute(printf \"say: \"; read -r line; echo \"\$line\" {} > $P/typed)' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind execute: started" "3 hits"
tmux_keys C-o
wait_for "say:"
tmux_type "hello"
tmux_keys Enter
wait_until 10 test -s "$P/typed"
expect_eq "bind execute: the command read the terminal, {} the current line" "hello alpha" "$(cat "$P/typed")"
expect_screen "bind execute: the finder drawn again" "3 hits"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "bind execute: Enter still accepts" "alpha" "$(cat "$P/out")"
tmux_stop

# become: the command takes Seek's place, its output where Seek's went.
rm -f "$P/exit.txt"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK --bind 'enter:become(echo BECAME {} {q})' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind become: started" "3 hits"
type_settled "gam"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "bind become: its output is Seek's" "BECAME gamma gam" "$(cat "$P/out")"
expect_eq "bind become: its status is Seek's" "EXIT=0" "$(cat "$P/exit.txt")"
tmux_stop

# print-query, abort, and events: start, one:accept (fzf's select-1 idiom), change.
rm -f "$P/exit.txt"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK --bind 'ctrl-q:print-query,start:change-prompt(S> )' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
wait_until 10 first_line_is "S>"
expect_eq "bind start: change-prompt at start" "S>" "$(screen | sed -n 1p | sed 's/ *$//')"
type_settled "xy"
tmux_keys C-q
wait_exit_file "$P/exit.txt"
expect_eq "bind print-query: the query printed, exit 0" "xy|EXIT=0" "$(cat "$P/out" "$P/exit.txt" | paste -sd'|')"
tmux_stop
rm -f "$P/exit.txt"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK --bind 'one:accept' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind one: started" "3 hits"
tmux_type "bet"
wait_exit_file "$P/exit.txt"
expect_eq "bind one:accept: the only match taken as typed" "beta" "$(cat "$P/out")"
tmux_stop
rm -f "$P/exit.txt"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK --bind 'ctrl-x:abort' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind abort: started" "3 hits"
tmux_keys C-x
wait_exit_file "$P/exit.txt"
expect_eq "bind abort: exit 130" "EXIT=130" "$(cat "$P/exit.txt")"
tmux_stop

# On records: an attribute's placeholder.
printf '[{"name":"Galaxy S23","brand":"Samsung"},{"name":"iPhone 15","brand":"Apple"}]' > "$P/phones.json"
rm -f "$P/exit.txt" "$P/brand"
tmux_start 60 10 "env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK --bind 'ctrl-o:execute-silent(echo {brand} > $P/brand)' $P/phones.json > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind records: started" "2 hits"
type_settled "iphone"
tmux_keys C-o
wait_until 10 test -s "$P/brand"
expect_eq "bind records: {brand} of the current record" "Apple" "$(cat "$P/brand")"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

err=$("$SEEK" --bind 'ctrl-a:warp' -f a < "$P/words.txt" 2>&1); code=$?
expect_eq "bind: an unknown action, exit 2" 2 "$code"
expect_contains "bind: says which" "$err" "'warp': unknown action"

# jump: labels in the gutter; the label's row is taken (jump-accept), {n} its place in the input.
rm -f "$P/exit.txt" "$P/n"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK --bind 'ctrl-j:jump,ctrl-k:jump-accept,ctrl-o:execute-silent(echo {n} > $P/n)' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind jump: started" "3 hits"
tmux_keys C-j
wait_until 10 screen_line_is "d gamma"
expect_screen "bind jump: the first row's label" "a alpha"
tmux_keys d C-o
wait_until 10 test -s "$P/n"
expect_eq "bind jump: the label's row is current, {n} its place" "2" "$(cat "$P/n")"
expect_eq "bind jump: the label is not typed" "" "$(screen | sed -n 1p | sed 's/^> *//; s/ *$//')"
tmux_keys C-k s
wait_exit_file "$P/exit.txt"
expect_eq "bind jump-accept: the label's row accepted" "beta|EXIT=0" "$(cat "$P/out" "$P/exit.txt" | paste -sd'|')"
tmux_stop

# {n} is a line's place in the input, not in the index (which numbers shorter lines first).
rm -f "$P/n"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK --bind 'ctrl-o:execute-silent(echo {n} {} > $P/n)' < $P/words.txt; exec tail -f /dev/null"
expect_screen "bind {n}: started" "3 hits"
tmux_keys C-o
wait_until 10 test -s "$P/n"
expect_eq "bind {n}: the first line is 0, though a shorter one follows" "0 alpha" "$(cat "$P/n")"
tmux_stop

# reload: the ripgrep launcher (fzf's README), with grep on a folder of files; --disabled leaves
# the searching to the command. Every prefix of "hello" finds more lines than "hello" itself, so
# "2 hits" is the last reload's answer, not one a later keystroke is about to replace.
mkdir -p "$P/tree" && printf 'hello world\nfoo bar\nhelp\n' > "$P/tree/a.txt" && printf 'another hello\nzzz\nhell\n' > "$P/tree/b.txt"
rm -f "$P/exit.txt"
tmux_start 60 10 "cd $P/tree && : | env LANG=C.UTF-8 $SEEK --disabled --bind 'start:reload:grep -rn {q} . || true' --bind 'change:reload:grep -rn {q} . || true' > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
wait_for "6 hits"
expect_screen "reload at start: every line of every file" "foo bar"
tmux_type "hello"
wait_for "2 hits"
expect_screen_gone "reload on change: grep's answer replaces the list" "foo bar"
tmux_keys Enter
# (The exit status rides along, so that a failure says whether Seek quit with nothing to print;
# if it never left, the screen and the keys' trace say what it was doing.)
if wait_exit_file "$P/exit.txt"; then
  expect_contains "reload: Enter prints a line grep found" "$(cat "$P/out" "$P/exit.txt")" "hello"
else
  fail "reload: Enter prints a line grep found" "Seek did not leave after Enter"$'\n'"$(screen)"$'\n'"trace: $(tail -4 "$TRACE")"
fi
tmux_stop

# A reload still running is ended (its process group, by pid) when the next starts, and at exit.
rm -f "$P/exit.txt" "$P/pids"
tmux_start 60 10 "cd $P/tree && : | env LANG=C.UTF-8 $SEEK --bind 'change:reload(echo \$\$ >> $P/pids; exec sleep 60)' > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
wait_for "0 hits"
tmux_type "a"
wait_until 10 test -s "$P/pids"
first=$(head -1 "$P/pids")
tmux_type "b"
pids_written() { [ "$(wc -l < "$P/pids")" -ge "$1" ]; }
wait_until 10 pids_written 2
wait_until 10 bash -c "! kill -0 $first 2>/dev/null"
expect_eq "reload: the earlier reload's command is ended" "gone" "$(kill -0 "$first" 2>/dev/null && echo alive || echo gone)"
second=$(sed -n 2p "$P/pids")
tmux_keys C-c
wait_exit_file "$P/exit.txt"
wait_until 10 bash -c "! kill -0 $second 2>/dev/null"
expect_eq "reload: the last one is ended at exit" "gone" "$(kill -0 "$second" 2>/dev/null && echo alive || echo gone)"
tmux_stop

# preview(…), change-preview-window(…), disable-search, unbind(…).
rm -f "$P/exit.txt"
tmux_start 60 12 "env LANG=C.UTF-8 $SEEK --bind 'ctrl-v:preview(echo PREVIEW {})' --bind 'alt-h:change-preview-window(hidden)' --bind 'ctrl-x:disable-search' --bind 'ctrl-a:print-query,ctrl-b:unbind(ctrl-a)' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind preview: started" "3 hits"
tmux_keys C-v
wait_for "PREVIEW"
expect_screen "bind preview(…): the pane shows the command for the current line" "PREVIEW alpha"
tmux_keys M-h
wait_gone "PREVIEW"
expect_screen_gone "bind change-preview-window(hidden): the pane hidden" "PREVIEW"
tmux_keys C-x
type_settled "zzz"
expect_screen "bind disable-search: the query searches nothing" "3 hits"
tmux_keys C-b C-a
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "bind unbind(ctrl-a): Ctrl-A no longer prints the query; Enter accepts" "alpha" "$(cat "$P/out")"
tmux_stop

# transform: the command prints the actions to do (its parentheses need another delimiter, as in fzf).
rm -f "$P/exit.txt"
tmux_start 50 8 "env LANG=C.UTF-8 $SEEK --bind 'ctrl-t:transform[echo \"change-query(gam)+accept\"]' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind transform: started" "3 hits"
tmux_keys C-t
wait_exit_file "$P/exit.txt"
expect_eq "bind transform: the printed actions done" "gamma" "$(cat "$P/out")"
tmux_stop

# double-click as a binding (the row selected by the click first), and Seek's own keys as actions.
rm -f "$P/exit.txt"
tmux_start 60 8 "env LANG=C.UTF-8 $SEEK --bind 'double-click:become(echo CLICKED {})' < $P/words.txt > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind double-click: started" "3 hits"
row=$(screen | grep -n "gamma" | cut -d: -f1)
tmux_keys -l "$(printf '\033[<0;5;%sM\033[<0;5;%sM' "$row" "$row")"
wait_exit_file "$P/exit.txt"
expect_eq "bind double-click: the clicked row's command" "CLICKED gamma" "$(cat "$P/out")"
tmux_stop
rm -f "$P/exit.txt"
tmux_start 80 12 "env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK --bind 'ctrl-r:toggle-refinements' $P/phones.json > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "bind toggle-refinements: started" "2 hits"
tmux_keys C-r
wait_for "Space refine"
expect_screen "bind toggle-refinements: Seek's F2 on another key" "Space refine"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

# fzf's --info-command: its line in the counts' place, run again as the current line moves
# (fzf 0.74.5 shows `--1/100/100--`, then `--2/100/100--` after Up).
rm -f "$P/exit.txt"
ln -sf "$SEEK" "$P/fzf"
tmux_start 60 8 "seq 100 | env LANG=C.UTF-8 SHELL=/bin/sh $P/fzf --info-command 'echo \"--\$FZF_POS/\$FZF_INFO--\"' > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "info-command: the command's line for the first line" "--1/100/100--"
tmux_keys Up
expect_screen "info-command: run again for the next line" "--2/100/100--"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

# fzf's wait: the actions after it follow the answer to the new query (fzf 0.74.5 prints 55).
rm -f "$P/exit.txt"
tmux_start 60 8 "seq 100 | env LANG=C.UTF-8 $P/fzf --bind 'space:change-query(55)+wait+accept' > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "wait: started" "100/100"
tmux_keys Space
wait_exit_file "$P/exit.txt"
expect_eq "wait: accept takes the answer to the new query" "55" "$(cat "$P/out")"
tmux_stop

# fzf's --no-input: no prompt and no info line; keys type nothing; toggle-input brings both back
# (fzf 0.74.5 draws the same screen: `28/1000` and `> 55` after Space).
rm -f "$P/exit.txt"
tmux_start 60 8 "seq 1000 | env LANG=C.UTF-8 $P/fzf --no-input --query 55 --bind 'space:toggle-input' > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--no-input: the matches of the query" "▌ 550"
expect_eq "--no-input: no prompt, no info line" "0|0" "$(screen | grep -c '^> ')|$(screen | grep -c '/1000')"
tmux_keys a BSpace Space
expect_screen "--no-input: toggle-input shows the counts of the query kept" "28/1000"
expect_eq "--no-input: the prompt back, the query as it was" "> 55" "$(screen | tail -1 | sed 's/ *$//')"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

# fzf's --margin, --border-label, --border-label-pos: drawn as fzf 0.74.5 draws them (two blank
# rows, three blank columns, the label after the corner).
rm -f "$P/exit.txt"
tmux_start 40 10 "seq 3 | env LANG=C.UTF-8 $P/fzf --margin 2,3 --border --border-label foobar --border-label-pos 2 > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--margin, --border-label: drawn" "foobar"
expect_eq "--margin, --border-label: fzf's rows" "||   ╭foobar" "$(screen | sed -n '1,3p' | sed 's/─.*//; s/ *$//' | paste -sd'|')"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop

# fzf's start event acts on the answer to --query (fzf 0.74.5 prints `[1] 1st: foo, …`, the
# line's place and its fields with --accept-nth's template).
rm -f "$P/exit.txt"
tmux_start 60 8 "printf 'x\nfoo  ,bar,baz\n' | env LANG=C.UTF-8 $P/fzf -d ' *, *' --accept-nth '[{n}] 1st: {1}, 3rd: {3}' --sync --query foo --bind start:accept > $P/out; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
wait_exit_file "$P/exit.txt"
expect_eq "start:accept: the answer to --query, {n} its place" "[1] 1st: foo, 3rd: baz" "$(cat "$P/out")"
tmux_stop
