# Shell integration (`seek --bash`, `--zsh`, `--fish`) in real shells under tmux: CTRL-T pastes
# odd names quoted, CTRL-R puts a command on the line (a multi-line one whole), ALT-C enters a
# folder, `**<TAB>` completes paths and processes, and CTRL-R learns what is picked.
SH="$WORK/integration"
mkdir -p "$SH/bin" "$SH/home" "$SH/tree/sub/inner" "$SH/xdg"
ln -sf "$SEEK" "$SH/bin/seek"
(
  cd "$SH/tree" || exit 1
  : > "a file.txt"
  : > "it's"
  : > 'dollar$x'
  : > $'new\nline'
  : > sub/deep.txt
)
mkdir -p "$SH/home/.ssh"
printf 'Host seek-test-host\n  HostName 127.0.0.1\n' > "$SH/home/.ssh/config"
SH_ENV="env -i HOME=$SH/home PATH=$SH/bin:/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_DATA_HOME=$SH/xdg"

# sh_start SHELL-COMMAND SETUP: a shell with a bare prompt, Seek's integration loaded, in the tree.
sh_start() {
  tmux_start 100 24 "$SH_ENV $1"
  tmux_type "$2"
  tmux_keys Enter
  wait_until 10 first_line_is "$"
}
sh_clear() {
  tmux_type "clear"
  tmux_keys Enter
  wait_until 10 sh_line_is "$"
}
# sh_line_is TEXT: the prompt's line (the screen's last line that is not empty) reads TEXT.
sh_line_is() { [ "$(screen | sed '/^$/d' | tail -1)" == "$1" ]; }
# pasted_after TEXT: the prompt's line is TEXT and more after it (a pick pasted on the line).
pasted_after() { local line; line=$(screen | sed '/^$/d' | tail -1); [[ "$line" == "$1"?* ]]; }
expect_line() { # name text
  if wait_until 10 sh_line_is "$2"; then pass "$1"; else fail "$1" "line never read: $2"$'\n'"$(screen)"; fi
}
# top_hit_has QUERY TEXT: Seek's query line reads QUERY and the row under it holds TEXT.
top_hit_has() { screen | grep -A1 -F -x -- "> $1" | tail -n +2 | grep -qF -- "$2"; }
# top_hit_is QUERY TEXT: the row under Seek's query line is exactly TEXT, the pointer on it.
top_hit_is() { [ "$(screen | grep -A1 -F -x -- "> $1" | sed -n 2p)" == "> $2" ]; }
# sh_pick KEY QUERY TOP: opens the widget, types the query, and once TOP heads the list, takes it.
sh_pick() {
  tmux_keys "$1"
  wait_until 10 screen_line_is ">" || true
  tmux_type "$2"
  wait_until 10 top_hit_has "$2" "$3" || true
  tmux_keys Enter
}

# sh_complete NAME TYPED QUERY TOP LINE: TYPED then `**<TAB>`; once TOP heads the list for QUERY,
# Enter: the prompt's line reads LINE. The line is emptied after.
sh_complete() {
  tmux_type "$2**"; tmux_keys Tab
  wait_until 10 top_hit_has "$3" "$4" || true
  tmux_keys Enter
  expect_line "$1" "\$ $5"
  tmux_keys C-u
}

# sh_kill_check N NAME: a `sleep N` in the background, then `kill **<TAB>` picks it: the line
# holds its pid.
sh_kill_check() {
  tmux_type "sleep $1 &"; tmux_keys Enter
  sh_clear
  tmux_type "kill **"; tmux_keys Tab
  wait_until 10 screen_line_is ">" || true
  tmux_type "sleep $1"
  wait_until 10 eval "screen | grep -v -x -F '> sleep $1' | grep -qF 'sleep $1'" || true
  tmux_keys Enter
  if wait_until 10 eval 'screen | sed "/^$/d" | tail -1 | grep -Eq "^\\$ kill [0-9]+ ?$"'; then pass "$2"; else fail "$2" "$(screen)"; fi
  tmux_keys Enter
}

bash_setup="PS1='\$ '; eval \"\$(seek --bash)\"; cd $SH/tree; clear"
sh_start "bash --norc --noprofile -i" "$bash_setup"

# CTRL-T: each odd name pasted quoted, and read back by the shell as the name itself.
for name in "a file.txt" "it's" 'dollar$x'; do
  tmux_type "printf '<%s>' "
  sh_pick C-t "$name" "$name"
  # The pick is on the shell's line (Seek has left) before Enter runs it: an Enter sent sooner
  # reached Seek as it left, and the line was never run.
  wait_until 10 pasted_after "\$ printf '<%s>' " || true
  tmux_keys Enter
  expect_screen "bash CTRL-T: $name pasted quoted, read back whole" "<$name>"
  sh_clear
done
tmux_type "printf '<%s>' "
sh_pick C-t "new" "new"
expect_line "bash CTRL-T: a name with a line break pasted as \$'…'" "\$ printf '<%s>' \$'new\\nline'"
tmux_keys C-u
sh_clear

# CTRL-R: the command put on the line, not run; a multi-line command whole.
tmux_type "echo first-command"; tmux_keys Enter
tmux_type "echo 'two"; tmux_keys Enter; tmux_type "lines'"; tmux_keys Enter
sh_clear
sh_pick C-r "first-com" "echo first-command"
expect_line "bash CTRL-R: the command on the line, not run" "\$ echo first-command"
tmux_keys C-u
sh_pick C-r "two" "two"
tmux_keys Enter
expect_screen "bash CTRL-R: a multi-line command kept whole (it runs as one)" "two"$'\n'"lines"
sh_clear

# ALT-C: into the folder picked.
sh_pick M-c "inner" "inner"
tmux_type "pwd"; tmux_keys Enter
expect_screen "bash ALT-C: in the folder picked" "$SH/tree/sub/inner"
tmux_type "cd $SH/tree; clear"; tmux_keys Enter; wait_until 10 first_line_is "$"

# ALT-C learns: the folder entered for a query leads for it next time (before: the shorter).
tmux_keys M-c
wait_until 10 screen_line_is ">" || true
tmux_type "sub"
expect_true() { if wait_until 10 "${@:2}"; then pass "$1"; else fail "$1" "$(screen)"; fi; }
expect_true "bash ALT-C: before any pick, the shorter folder first" top_hit_is "sub" "sub/"
tmux_keys Down
wait_until 10 eval 'screen | grep -q "^> sub/inner"' || true
tmux_keys Enter
wait_until 10 sh_line_is "$" || true
tmux_type "cd $SH/tree; clear"; tmux_keys Enter; wait_until 10 sh_line_is "$"
tmux_keys M-c
wait_until 10 screen_line_is ">" || true
tmux_type "sub"
expect_true "bash ALT-C learns: the folder entered leads for its query next time" top_hit_is "sub" "sub/inner/"
tmux_keys Escape
sh_clear

# **<TAB>: a path under the folder typed, the rest the query.
sh_complete "bash **<TAB>: the path completed under the folder typed" "cat sub/dee" "dee" "deep.txt" "cat sub/deep.txt"
tmux_type "cd su**"; tmux_keys Tab
wait_until 10 top_hit_has "su" "sub" || true
expect_true "bash cd **<TAB>: folders only (no sub/deep.txt)" eval '! screen | grep -q "deep.txt"'
tmux_keys Escape
wait_until 10 sh_line_is "\$ cd su" || true
tmux_keys C-u
sh_kill_check 987 "bash kill **<TAB>: the process's pid"
sh_clear
sh_complete "bash ssh **<TAB>: a host of ~/.ssh/config" "ssh seek-te" "seek-te" "seek-test-host" "ssh seek-test-host"
tmux_type "SEEKVAR_TWO=2; clear"; tmux_keys Enter; wait_until 10 first_line_is "$"
sh_complete "bash unset **<TAB>: a variable" "unset SEEKVAR_T" "SEEKVAR_T" "SEEKVAR_TWO" "unset SEEKVAR_TWO"

# Learning: the older of two commands, picked for a query, leads for it next time.
sh_clear
for c in "echo alpha-two" "echo alpha-one"; do
  tmux_type "$c"
  tmux_keys Enter
  wait_until 10 sh_line_is "\$" || true
done
# The older one picked once (it is second: the newer leads before any pick).
tmux_keys C-r
wait_until 10 screen_line_is ">" || true
tmux_type "echo alpha"
wait_until 10 top_hit_has "echo alpha" "echo alpha-one" || true
tmux_keys Down
wait_until 10 eval 'screen | grep -q "^> echo alpha-two"' || true
tmux_keys Enter
wait_until 10 sh_line_is "\$ echo alpha-two" || true
tmux_keys C-u
tmux_keys C-r
wait_until 10 screen_line_is ">" || true
tmux_type "echo alpha"
if wait_until 10 top_hit_has "echo alpha" "echo alpha-two"; then
  pass "bash CTRL-R learns: picked once, first for its query (the newer one below it)"
else
  fail "bash CTRL-R learns: picked once, first for its query (the newer one below it)" "$(screen)"
fi
expect_screen "bash CTRL-R learns: the status line says so" "ordered by your picks"
tmux_keys Escape
tmux_stop

# zsh: CTRL-T, CTRL-R, ALT-C and **<TAB> (paths, hosts, variables, processes).
sh_start "zsh -f -i" "PS1='\$ '; source <(seek --zsh); cd $SH/tree; clear"
tmux_type "print -r -- "
sh_pick C-t "dollar" 'dollar$x'
wait_until 10 pasted_after "\$ print -r -- " || true
tmux_keys Enter
expect_screen "zsh CTRL-T: a name with \$ pasted quoted, read back whole" 'dollar$x'
tmux_type "echo zsh-remembered; clear"; tmux_keys Enter; wait_until 10 first_line_is "$"
sh_pick C-r "zsh-rem" "zsh-remembered"
expect_line "zsh CTRL-R: the command on the line, not run" "\$ echo zsh-remembered; clear"
tmux_keys C-u
sh_pick M-c "inner" "inner"
tmux_type "pwd"; tmux_keys Enter
expect_screen "zsh ALT-C: in the folder picked" "$SH/tree/sub/inner"
tmux_type "cd $SH/tree; clear"; tmux_keys Enter; wait_until 10 first_line_is "$"
sh_complete "zsh **<TAB>: the path completed under the folder typed" "cat sub/dee" "dee" "deep.txt" "cat sub/deep.txt"
sh_complete "zsh ssh **<TAB>: a host of ~/.ssh/config" "ssh seek-te" "seek-te" "seek-test-host" "ssh seek-test-host"
tmux_type "SEEKVAR_ONE=1; clear"; tmux_keys Enter; wait_until 10 first_line_is "$"
sh_complete "zsh unset **<TAB>: a variable" "unset SEEKVAR_O" "SEEKVAR_O" "SEEKVAR_ONE" "unset SEEKVAR_ONE"
sh_kill_check 988 "zsh kill **<TAB>: the process's pid (the list piped in, not the terminal)"
tmux_stop

# fish: CTRL-T, CTRL-R, ALT-C and **<TAB>.
sh_start "fish --no-config" "function fish_prompt; echo -n '\$ '; end; seek --fish | source; cd $SH/tree; clear"
tmux_type "printf '<%s>' "
sh_pick C-t "it's" "it's"
wait_until 10 pasted_after "\$ printf '<%s>' " || true
tmux_keys Enter
expect_screen "fish CTRL-T: a name with a quote pasted quoted, read back whole" "<it's>"
tmux_type "echo fish-remembered; clear"; tmux_keys Enter; wait_until 10 first_line_is "$"
sh_pick C-r "fish-rem" "fish-remembered"
expect_line "fish CTRL-R: the command on the line, not run" "\$ echo fish-remembered; clear"
tmux_keys C-u
sh_pick M-c "inner" "inner"
tmux_type "pwd"; tmux_keys Enter
expect_screen "fish ALT-C: in the folder picked" "$SH/tree/sub/inner"
tmux_type "cd $SH/tree; clear"; tmux_keys Enter; wait_until 10 first_line_is "$"
sh_complete "fish **<TAB>: the path completed under the folder typed" "cat sub/dee" "dee" "deep.txt" "cat sub/deep.txt"
sh_complete "fish ssh **<TAB>: a host of ~/.ssh/config" "ssh seek-te" "seek-te" "seek-test-host" "ssh seek-test-host"
sh_kill_check 989 "fish kill **<TAB>: the process's pid"
tmux_stop

# Nothing written to an rc file, and the scripts are valid for their shells.
expect_eq "--bash, --zsh, --fish parse in their shells" "ok ok ok" \
  "$("$SEEK" --bash | bash -n && echo -n ok) $("$SEEK" --zsh | zsh -n && echo -n ok) $("$SEEK" --fish | fish -n && echo -n ok)"
# (fish keeps its own variables under ~/.config/fish; ~/.ssh is the test's own.)
expect_eq "no rc file names Seek (nothing written to one)" "" "$(grep -rl --exclude-dir=.ssh seek "$SH/home" 2>/dev/null)"
