# Lines as fzf users type them: the fuzzy tier, fzf's extended syntax, -e, +i, -fQUERY.
P="$WORK/fuzzy"; mkdir -p "$P"
printf 'src/components/Button.tsx\nsrc/components/Link.tsx\nREADME.md\nscrubber.txt\nLICENSE\nMakefile\n' > "$P/paths.txt"

out=$("$SEEK" -f scb < "$P/paths.txt" 2>/dev/null); code=$?
expect_eq "fuzzy: initials find a path (exit 0)" 0 "$code"
expect_contains "fuzzy: scb → src/components/Button.tsx" "$out" "src/components/Button.tsx"
expect_not_contains "fuzzy: Link has no b" "$out" "Link.tsx"
expect_eq "fuzzy: -e turns the tier off" "" "$("$SEEK" -e -f scb < "$P/paths.txt" 2>/dev/null)"
expect_eq "fuzzy: -fQUERY, the value attached" "$out" "$("$SEEK" -fscb < "$P/paths.txt" 2>/dev/null)"

# fzf's count for `99` in 1..100000 (every line with two nines in order), and the same lines
# whether the numbers come through a pipe (matched as read) or from a file (indexed).
seq 1 100000 > "$P/numbers.txt"
expect_eq "fuzzy: seq 1 100000 | seek -f 99 lists fzf's 8,146 lines" 8146 "$(seq 1 100000 | "$SEEK" -f 99 2>/dev/null | wc -l)"
for q in 99 "9 1" 4242 "^12 5\$" "!1 !2 !3 99"; do
  piped=$("$SEEK" -f "$q" < "$P/numbers.txt" 2>&1 | md5sum)
  filed=$("$SEEK" -f "$q" "$P/numbers.txt" 2>&1 | md5sum)
  expect_eq "fuzzy: '$q' piped = indexed" "$filed" "$piped"
  # The same lines, timed apart and named apart (the index: stdin, numbers).
  piped=$("$SEEK" -f "$q" --json --hits-per-page 7 --page 1 < "$P/numbers.txt" 2>&1 | untimed | sed 's/"index":"stdin"/"index":"numbers"/' | md5sum)
  filed=$("$SEEK" -f "$q" --json --hits-per-page 7 --page 1 "$P/numbers.txt" 2>&1 | untimed | md5sum)
  expect_eq "fuzzy: '$q' page 1 (the second) as JSON, piped = indexed" "$filed" "$piped"
done

# fzf's extended syntax.
expect_eq "extended: ^prefix .suffix\$" "src/components/Button.tsx
src/components/Link.tsx" "$("$SEEK" -f '^src .tsx$' < "$P/paths.txt" 2>/dev/null | sort)"
expect_eq "extended: !negation lists what lacks it" "LICENSE
Makefile
README.md" "$("$SEEK" -f '!src !scr' < "$P/paths.txt" 2>/dev/null | sort)"
expect_eq "extended: a | b" "LICENSE
README.md" "$("$SEEK" -f 'readme | license' < "$P/paths.txt" 2>/dev/null | sort)"
expect_eq "extended: 'exact is a substring" "" "$("$SEEK" -f "'scb" < "$P/paths.txt" 2>/dev/null)"
expect_eq "smart case: a capital letter respects case" "Makefile" "$("$SEEK" -f 'Ma' < "$P/paths.txt" 2>/dev/null)"
expect_eq "+i: case respected" "" "$("$SEEK" +i -f 'makefile' < "$P/paths.txt" 2>/dev/null)"
out=$("$SEEK" -f scb --json < "$P/paths.txt" 2>/dev/null)
expect_contains "fuzzy: fzf's positions highlighted" "$out" '<em>s</em>rc/<em>c</em>omponents/<em>B</em>utton.tsx'
expect_contains "fuzzy: the score in _rankingInfo" "$out" '"fuzzyScore":'
if command -v fzf >/dev/null; then
  expect_eq "extended: the same lines as fzf for ^src .tsx\$ !Link" \
    "$(fzf -f '^src .tsx$ !Link' < "$P/paths.txt" | sort)" "$("$SEEK" -f '^src .tsx$ !Link' < "$P/paths.txt" 2>/dev/null | sort)"
  expect_eq "fuzzy: as many lines as fzf for 1 2 3" \
    "$(fzf -f '1 2 3' < "$P/numbers.txt" | wc -l)" "$("$SEEK" -f '1 2 3' < "$P/numbers.txt" 2>/dev/null | wc -l)"
fi

# In the app: initials typed, the path shown with its matched letters, Enter prints it.
rm -f "$P/exit.txt"
tmux_start 80 12 "env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK < $P/paths.txt > $P/out.txt; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "fuzzy app: started" "6 hits"
type_settled "cobut"
expect_screen "fuzzy app: initials find the path" "src/components/Button.tsx"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "fuzzy app: Enter prints the fuzzy hit" "src/components/Button.tsx" "$(head -1 "$P/out.txt")"
tmux_stop

# fzf's layout flags (drawn in test_layout.sh).
expect_eq "--reverse is accepted" "README.md" "$("$SEEK" --reverse --no-mouse -f readme < "$P/paths.txt" 2>/dev/null)"
err=$("$SEEK" --layout sideways -f x < "$P/paths.txt" 2>&1); code=$?
expect_eq "--layout sideways: exit 2" 2 "$code"
expect_contains "--layout sideways: says what there is" "$err" "default, reverse or reverse-list"

# --read0 / --print0: items end with NUL, a newline inside one is kept (find -print0 | … | xargs -0).
mkdir -p "$P/r0" && touch "$P/r0/sp ace.txt" "$P/r0/new
line.txt" "$P/r0/plain.md"
out=$(cd "$P/r0" && find . -type f -print0 | "$SEEK" --read0 --print0 -f txt 2>/dev/null | xargs -0 -n1 printf '<%s>')
expect_eq "--read0 --print0: two files, the newline in one kept" "<./sp ace.txt><./new
line.txt>" "$out"
expect_eq "--print0 ends -f's lines with NUL" "x" "$(printf 'x\ny\n' | "$SEEK" --print0 -f x 2>/dev/null | tr '\0' '\n')"
rm -f "$P/exit.txt"
tmux_start 80 12 "cd $P/r0 && find . -type f -print0 | env LANG=C.UTF-8 $SEEK --read0 --print0 > $P/out0; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--read0 app: started" "3 hits"
type_settled "plain"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--read0 app: the pick printed NUL-ended" "./plain.md|" "$(tr '\0' '|' < "$P/out0")"
tmux_stop

# --header: lines under the query, never searched nor printed.
rm -f "$P/exit.txt"
tmux_start 60 10 "printf 'alpha\nbeta\n' | env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK --header 'Pick one
(Enter prints it)' > $P/outh; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--header: shown" "Pick one"
expect_eq "--header: under the query, one line a line" "Pick one|(Enter prints it)" "$(screen | sed -n '2p;3p' | paste -sd'|')"
type_settled "bet"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--header: the pick is printed, not the header" "beta" "$(cat "$P/outh")"
tmux_stop

# --header-lines: the first piped lines are the header (fzf's `ps -ef | fzf --header-lines 1`).
expect_eq "--header-lines: -f leaves the header out" "1 init" "$(printf 'PID CMD\n1 init\n2 bash\n' | "$SEEK" --header-lines 1 -f 1 2>/dev/null)"
rm -f "$P/exit.txt"
tmux_start 60 10 "printf 'PID CMD\n1 init\n2 bash\n' | env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK --header-lines 1 > $P/outhl; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--header-lines: two hits, the header apart" "2 hits"
expect_eq "--header-lines: the header under the query" "PID CMD" "$(screen | sed -n 2p)"
tmux_keys Enter
wait_exit_file "$P/exit.txt"
expect_eq "--header-lines: Enter prints the first line after the header" "1 init" "$(cat "$P/outhl")"
tmux_stop
"$SEEK" --header-lines 1 -f x "$P/paths.txt" >/dev/null 2>&1
expect_eq "--header-lines on a file: exit 2" 2 "$?"

# --info: hidden leaves the last line to the list (and to messages); fzf's other styles are accepted.
rm -f "$P/exit.txt"
tmux_start 60 6 "printf 'a1\na2\na3\na4\na5\na6\na7\n' | env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK --info=hidden > $P/outi; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
expect_screen "--info=hidden: started" "a5"
expect_screen_gone "--info=hidden: no count" "hits"
expect_eq "--info=hidden: the last line holds a row" "  a5" "$(screen | sed -n 6p | sed 's/ *$//')"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop
expect_eq "--info=inline is accepted" "a1" "$(printf 'a1\nb\n' | "$SEEK" --info=inline -f a1 2>/dev/null)"
"$SEEK" --info=sideways -f x < "$P/paths.txt" >/dev/null 2>&1
expect_eq "--info with an unknown style: exit 2" 2 "$?"

# --sync: the input is read whole before the first frame (never "indexed" on the status line).
# The producer's one-second pause is the input under test (a slow pipe), not a wait of the test:
# without --sync a frame counting one line is drawn during it.
rm -f "$P/exit.txt"
tmux_start 60 8 "(printf 'one\n'; sleep 1; printf 'two\n') | env LANG=C.UTF-8 XDG_DATA_HOME=$P/xdg $SEEK --sync > $P/outs; echo EXIT=\$? > $P/exit.txt; exec tail -f /dev/null"
# The first screen with the status line on it (the first frame) already counts both lines.
wait_for " hit"
expect_contains "--sync: the first frame counts every line" "$(screen | tail -1)" "2 hits"
tmux_keys C-c
wait_exit_file "$P/exit.txt"
tmux_stop
