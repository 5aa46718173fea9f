# Where fzf's answer is defined, Seek's is fzf's (fzf 0.74.5's answer beside each, as run here):
# exact is exact, -1/-0 decide on fzf's matches, -f prints the bytes read, --print-query prints
# the query, an escaped space joins a term, and fzf's + options are read.
F="$WORK/fzfanswers"; mkdir -p "$F"

# fzf: `printf 'stream.c\nabc\n' | fzf -e -f store` prints nothing, exit 1 (Seek found stream.c
# one typo away).
out=$(printf 'stream.c\nabc\n' | "$SEEK" -e -f store 2>/dev/null); code=$?
expect_eq "exact: no word one typo away (fzf: nothing)" "" "$out"
expect_eq "exact: exit 1 (fzf: 1)" 1 "$code"
expect_eq "exact: a substring is found (fzf: store)" "store" "$(printf 'stream.c\nstore\n' | "$SEEK" -e -f store 2>/dev/null)"
# fzf: `seq 123 | fzf -f 13 +e` is fuzzy again: 4 lines.
expect_eq "+e: fuzzy again (fzf: 4 lines)" 4 "$(seq 123 | "$SEEK" -f 13 -e +e 2>/dev/null | wc -l)"

# fzf: `printf 'ifconfig\nls\n' | fzf -1 -0 -q gitconfig` exits 1 (Seek accepted ifconfig).
out=$(printf 'ifconfig\nls\n' | "$SEEK" -1 -0 -q gitconfig 2>/dev/null); code=$?
expect_eq "-1 -0: a typo is not a match to accept (fzf: exit 1)" "1|" "$code|$out"
out=$(printf 'gitconfig\nifconfig\nls\n' | "$SEEK" -1 -0 -q gitconfig 2>/dev/null); code=$?
expect_eq "-1 -0: the one fzf match is accepted (fzf: gitconfig, exit 0)" "0|gitconfig" "$code|$out"

# fzf prints a matching line as it was read: a tab, a control byte (`cat -A`: a^Ib^Ac).
expect_eq "-f: the bytes as read (fzf: a^Ib^Ac\$)" 'a^Ib^Ac$' "$(printf 'a\tb\001c\n' | "$SEEK" -f a 2>/dev/null | cat -A)"
printf 'a\tb\001c\n' > "$F/file.txt"
expect_eq "-f on a file (Seek's file argument): the bytes as read" 'a^Ib^Ac$' "$("$SEEK" -f a "$F/file.txt" 2>/dev/null | cat -A)"
# An empty line is a line (fzf 0.74.5: `printf 'a\n\nb\n' | fzf -f ''` prints a, an empty line, b;
# the empty line counts among --header-lines).
expect_eq "-f '': empty lines kept (fzf: a\$ \$ b\$)" 'a$|$|b$' "$(printf 'a\n\nb\n' | "$SEEK" -f '' 2>/dev/null | cat -A | paste -sd'|')"
printf 'a\n\nb\n' > "$F/blank.txt"
expect_eq "-f '' on a file: empty lines kept" 'a$|$|b$' "$("$SEEK" -f '' "$F/blank.txt" 2>/dev/null | cat -A | paste -sd'|')"
expect_eq "--header-lines 1: an empty first line is the header (fzf: a b)" 'a|b' \
  "$(printf '\na\nb\n' | "$SEEK" -f '' --header-lines 1 2>/dev/null | paste -sd'|')"
# --ansi: printed without the colour sequences (fzf: "red line").
expect_eq "--ansi -f: colours stripped (fzf: red line)" "red line" \
  "$(printf '\033[31mred\033[0m line\nother\n' | "$SEEK" --ansi -f red 2>/dev/null)"

# fzf's --literal: diacritics kept (fzf 0.74.5: `cafe` finds cafe and Cafe; without it, all four).
expect_eq "--literal: diacritics kept (fzf: cafe Cafe)" "cafe Cafe" \
  "$(printf 'café\ncafe\nCAFÉ\nCafe\n' | "$SEEK" --literal -f cafe 2>/dev/null | paste -sd' ')"
expect_eq "without --literal: folded (fzf: café cafe CAFÉ Cafe)" "café cafe CAFÉ Cafe" \
  "$(printf 'café\ncafe\nCAFÉ\nCafe\n' | "$SEEK" -f cafe 2>/dev/null | paste -sd' ')"

# fzf: `foo\ bar` is one term: only "foo bar", not "bar foo".
expect_eq "escaped space: one term (fzf: foo bar)" "foo bar" \
  "$(printf 'foo bar\nbar foo\nfoo^bar\n' | "$SEEK" -f 'foo\ bar' 2>/dev/null)"

# fzf: `--print-query` prints the query with -f, matches or none (exit 1 without).
out=$(printf 'x\n' | "$SEEK" -f zzz --print-query 2>/dev/null); code=$?
expect_eq "--print-query -f, no match: the query, exit 1 (fzf: zzz, 1)" "zzz|1" "$out|$code"
expect_eq "--print-query -f: the query, then the match (fzf: zzz zzz)" "zzz zzz" \
  "$(printf 'x\nzzz\n' | "$SEEK" -f zzz --print-query 2>/dev/null | paste -sd' ')"

# fzf's +x: the query is one term, operators and all (fzf: nothing for "1 00$").
expect_eq "-x: extended (fzf: 100)" "100" "$(seq 100 | "$SEEK" -f '1 00$' -x 2>/dev/null)"
expect_eq "+x: not extended (fzf: nothing)" "" "$(seq 100 | "$SEEK" -f '1 00$' +x 2>/dev/null)"
# --algo and --scheme are read (one matcher answers them); a wrong value is said.
expect_eq "--algo v1 --scheme path: read" "100" "$(seq 100 | "$SEEK" -f '00$' --algo=v1 --scheme path 2>/dev/null)"
"$SEEK" -f x --algo v3 </dev/null >/dev/null 2>&1
expect_eq "--algo v3: refused (exit 2)" 2 "$?"

# fzf: select-all marks every match, not the rows loaded: `seq 1000 | fzf -m --bind
# ctrl-a:select-all`, Ctrl-A, Enter prints 1000 lines (Seek printed 24).
rm -f "$F/exit.txt"
tmux_start 100 12 "env LANG=C.UTF-8 $SEEK -m --bind ctrl-a:select-all < <(seq 1000) > $F/all.out; echo EXIT=\$? > $F/exit.txt; exec tail -f /dev/null"
expect_screen "select-all: listed" "1,000"
tmux_keys C-a
expect_screen "select-all: every match marked" "1000 checked"
tmux_keys Enter
wait_exit_file "$F/exit.txt"
expect_eq "select-all: Enter prints every match (fzf: 1000)" 1000 "$(wc -l < "$F/all.out")"
tmux_stop

# fzf: with -m, Space still types (Tab marks): after a move, Space went to check the row.
rm -f "$F/exit.txt"
tmux_start 80 10 "env LANG=C.UTF-8 $SEEK -m --print-query < <(printf 'a b\nab\nb a\n') > $F/space.out; echo EXIT=\$? > $F/exit.txt; exec tail -f /dev/null"
expect_screen "-m Space: listed" "3 hits"
tmux_keys Down
tmux_type "a"
tmux_keys Space
tmux_type "b"
expect_screen "-m Space: typed into the query (fzf: 'a b')" "> a b"
tmux_keys Enter
wait_exit_file "$F/exit.txt"
expect_eq "-m Space: the query printed is 'a b', nothing was checked (fzf: a b, a b)" "a b|a b" "$(paste -sd'|' "$F/space.out")"
tmux_stop

# fzf's --accept-nth: the fields printed (fzf 0.74.5's answers).
expect_eq "--accept-nth -1 (fzf: three)" "three" \
  "$(echo 'one two three' | "$SEEK" -d' ' --with-nth 1 --accept-nth -1 -f one 2>/dev/null)"
printf 'ID001:John:Developer\nID002:Jane:Manager\nID003:Bob:Designer\n' > "$F/ids.txt"
expect_eq "--accept-nth 1,3: joined as they stand (fzf: ID002:Manager)" "ID002:Manager" \
  "$("$SEEK" -d: --with-nth 2 --accept-nth 1,3 -f Jane < "$F/ids.txt" 2>/dev/null)"
expect_eq "--accept-nth template (fzf: 55 // 55)" "55 // 55" \
  "$(seq 1 100 | "$SEEK" --accept-nth '{1} // {1}' -f 55 2>/dev/null)"
rm -f "$F/exit.txt"
tmux_start 80 10 "env LANG=C.UTF-8 $SEEK -d: --accept-nth 1 < $F/ids.txt > $F/nth.out; echo EXIT=\$? > $F/exit.txt; exec tail -f /dev/null"
expect_screen "--accept-nth app: listed" "3 hits"
tmux_type "Bob"
expect_screen "--accept-nth app: found" "ID003:Bob:Designer"
tmux_keys Enter
wait_exit_file "$F/exit.txt"
expect_eq "--accept-nth app: the field printed (fzf: ID003)" "ID003" "$(cat "$F/nth.out")"
tmux_stop
# fzf's --with-nth template: the line shown (and searched) is the template filled.
printf 'hello world \nbyebye\n' > "$F/hw.txt"
expect_eq "--with-nth template (fzf: 'hello world ')" "hello world " \
  "$("$SEEK" -f'^he he.he.' -x -n 2.. --with-nth '{2} {1}. {1}.' < "$F/hw.txt" 2>/dev/null)"

# fzf's --tiebreak begin and end order ties by where the match lies (Seek's word tiers fell back
# to the input order).
printf -- '--foobar--------\n-----foobar---\n----foobar--\n-------foobar-\n' > "$F/tb.txt"
expect_eq "--tiebreak begin (fzf's order)" "--foobar-------- ----foobar-- -----foobar--- -------foobar-" \
  "$("$SEEK" -ffoobar --tiebreak=begin < "$F/tb.txt" 2>/dev/null | paste -sd' ')"
expect_eq "--tiebreak end (fzf's order)" "-------foobar- ----foobar-- -----foobar--- --foobar--------" \
  "$("$SEEK" -ffoobar --tiebreak end < "$F/tb.txt" 2>/dev/null | paste -sd' ')"

# Run as `fzf` (a link of that name), Seek reads fzf's environment; under its own name, its own.
ln -sf "$SEEK" "$F/fzf"
expect_eq "as fzf: FZF_DEFAULT_OPTS is read (-e: 2 lines)" 2 "$(seq 123 | FZF_DEFAULT_OPTS='-e --color=dark' "$F/fzf" -f 13 2>/dev/null | wc -l)"
printf -- '-e\n' > "$F/opts"
expect_eq "as fzf: FZF_DEFAULT_OPTS_FILE first" 2 "$(seq 123 | FZF_DEFAULT_OPTS_FILE="$F/opts" "$F/fzf" -f 13 2>/dev/null | wc -l)"
expect_eq "as fzf: the command line last (+e: 4 lines)" 4 "$(seq 123 | FZF_DEFAULT_OPTS='-e' "$F/fzf" -f 13 +e 2>/dev/null | wc -l)"
# Shell words as fzf reads FZF_DEFAULT_OPTS: in double quotes `\t` stays (the flag reads a tab).
expect_eq "as fzf: --delimiter=\"\\t\" in FZF_DEFAULT_OPTS is a tab (fzf: b)" "b" \
  "$(printf 'a\tb\n' | FZF_DEFAULT_OPTS='--delimiter="\t"' "$F/fzf" --accept-nth=2 -f a 2>/dev/null)"
# fzf's own tests set these for every test: read, not refused.
expect_eq "as fzf: the look options fzf's tests set are read" 2 \
  "$(seq 123 | FZF_DEFAULT_OPTS="--no-scrollbar --gutter ' ' --pointer '>' --marker '>' -e" "$F/fzf" -f 13 2>/dev/null | wc -l)"
expect_eq "as seek: FZF_DEFAULT_OPTS is not Seek's (4 lines)" 4 "$(seq 123 | FZF_DEFAULT_OPTS='-e' "$SEEK" -f 13 2>/dev/null | wc -l)"
# As fzf, fzf's matching alone (fzf 0.74.5's answers): no word one typo away, nothing said on
# standard error, ties by input order in the history scheme, a term within one --nth range.
out=$(printf 'fzf-unicode 테스트1\nfzf-unicode 테스트2\n' | "$F/fzf" -f fzf-unicode1 2>"$F/err.txt")
expect_eq "as fzf: no typo match (fzf: fzf-unicode 테스트1)" "fzf-unicode 테스트1" "$out"
expect_eq "as fzf: -f says nothing on standard error" "" "$(cat "$F/err.txt")"
printf '6\techo 3rd\0005\techo 3rd\0004\techo 3d\0003\techo 2nd\000' > "$F/hist.txt"
expect_eq "as fzf: --scheme=history, ties in input order (fzf: 6 5 4 3)" "6 5 4 3" \
  "$("$F/fzf" --read0 -n2..,.. --scheme=history -f 3 < "$F/hist.txt" | cut -f1 | paste -sd' ')"
expect_eq "as fzf: -n2..,.. matches within one range (fzf: 4 6 5)" "4 6 5" \
  "$("$F/fzf" --read0 -n2..,.. --scheme=history -f e3d < "$F/hist.txt" | cut -f1 | paste -sd' ')"
expect_eq "as fzf: -n2..,.. anchors at the start of a range (fzf: 4)" "4" \
  "$("$F/fzf" --read0 -n2..,.. --scheme=history -f '^echo 3d$' < "$F/hist.txt" | cut -f1 | paste -sd' ')"
tmux_start 80 10 "cd $F && env LANG=C.UTF-8 FZF_DEFAULT_COMMAND='printf \"from-the-command\\nsecond\\n\"' $F/fzf; exec tail -f /dev/null"
expect_screen "as fzf: bare fzf lists FZF_DEFAULT_COMMAND's lines" "from-the-command"
tmux_keys C-c
tmux_stop
# As fzf, Ctrl-J and Ctrl-K move down and up (fzf's keys; Seek's own Ctrl-J accepts).
rm -f "$F/exit.txt"
tmux_start 80 10 "env LANG=C.UTF-8 $F/fzf --pointer '>' --gutter ' ' < <(printf 'one\ntwo\nthree\n') > $F/keys.out; echo EXIT=\$? > $F/exit.txt; exec tail -f /dev/null"
expect_screen "as fzf keys: listed" "  3/3 ─"
tmux_keys C-j C-j C-k
wait_until 10 screen_line_is "> two"
tmux_keys Enter
wait_exit_file "$F/exit.txt"
expect_eq "as fzf keys: Ctrl-J Ctrl-J Ctrl-K then Enter takes the second line (fzf: two)" "two" "$(cat "$F/keys.out")"
tmux_stop
# As fzf, fzf's screen: the prompt at the bottom, the info line above it, the best line above
# that, the pointer and marker columns, the scrollbar (fzf 0.74.5 draws the same characters).
tmux_start 40 8 "env LANG=C.UTF-8 $F/fzf -m --pointer '>' --marker '*' --gutter ' ' < <(seq 100); exec tail -f /dev/null"
expect_screen "as fzf screen: the info line" "  100/100 (0) ─"
tmux_keys Tab 1
wait_until 10 screen_shows "  20/100 (1) ─"
expect_eq "as fzf screen: bottom up, the prompt last, the marked line marked, the scrollbar" \
  "$(printf '  14\n  13\n  12\n  11\n  10\n>*1                                    │\n  20/100 (1) ──────────────────────────\n> 1')" \
  "$(screen)"
tmux_keys C-c
tmux_stop
tmux_start 40 5 "env LANG=C.UTF-8 $F/fzf --reverse --info=inline --no-scrollbar < <(seq 3); exec tail -f /dev/null"
expect_screen "as fzf screen: --reverse --info=inline, the count after the prompt" ">   < 3/3 ─"
expect_eq "as fzf screen: --reverse, the list under the prompt" "▌ 1" "$(screen | sed -n 2p)"
tmux_keys C-c
tmux_stop
# `-0` reads the input before the screen: its header lines still grow up with the list, under
# `--header`'s (fzf 0.74.5: 3, 2, 1, hello).
tmux_start 40 8 "env LANG=C.UTF-8 $F/fzf --no-scrollbar --header hello --header-lines 2 -0 < <(seq 3); exec tail -f /dev/null"
expect_screen "as fzf screen: -0 with --header-lines, started" "  1/1 ─"
expect_eq "as fzf screen: -0, the input's header lines above --header's, bottom up" "▌ 3|  2|  1|  hello" \
  "$(screen | sed -n 3,6p | sed 's/ *$//' | paste -sd'|')"
tmux_keys C-c
tmux_stop
# Items of several lines (--read0), fzf's --multi-line: a row for each line, the checked ones
# marked ╻┃╹, the current one's pointer on each of its rows (fzf 0.74.5 draws the same).
rm -f "$F/exit.txt"
tmux_start 20 10 "env LANG=C.UTF-8 $F/fzf --read0 -m --pointer '>' --marker '>' --gutter ' ' --no-scrollbar --bind load:select-all < <(printf '0\0001\n2\000'; seq 1000) > $F/ml.out; echo EXIT=\$? > $F/exit.txt; exec tail -f /dev/null"
expect_screen "as fzf multi-line: started" "3/3 (3)"
expect_eq "as fzf multi-line: each line a row, the cut item's last lines at the top" \
  "$(printf ' ┃997\n ┃998\n ┃999\n ┃1000\n ╹\n ╻1\n ╹2\n>>0\n  3/3 (3) ─────────\n>')" "$(screen | sed 's/ *$//')"
tmux_keys Up Up
wait_until 10 first_line_is ">╻1"
expect_eq "as fzf multi-line: a tall current item from its first line, its pointer on each row" ">┃8␊" \
  "$(screen | sed -n 8p | sed 's/ *$//')"
tmux_keys Enter
wait_exit_file "$F/exit.txt"
expect_eq "as fzf multi-line: Enter prints the three items whole (fzf: 1004 lines)" 1004 "$(wc -l < "$F/ml.out")"
tmux_stop
# fzf: `--print-query -0` with no match prints the query, exit 1.
out=$(echo x | "$SEEK" --print-query -0 -q zzz 2>/dev/null); code=$?
expect_eq "--print-query -0, no match: the query, exit 1 (fzf: zzz, 1)" "zzz|1" "$out|$code"
# A query of `!terms` alone ranks nothing: input order, as fzf (pipe and file alike).
expect_eq "!terms alone: input order (fzf: aaaaa b ccc), pipe" "aaaaa b ccc" \
  "$(printf 'aaaaa\nb\nccc\n' | "$SEEK" -f '!d' 2>/dev/null | tr '\n' ' ' | sed 's/ $//')"
printf 'aaaaa\nb\nccc\n' > "$F/inverse.txt"
expect_eq "!terms alone: input order (fzf: aaaaa b ccc), file" "aaaaa b ccc" \
  "$("$SEEK" -f '!d' "$F/inverse.txt" 2>/dev/null | tr '\n' ' ' | sed 's/ $//')"
# fzf: `-m 3` takes the number after it (`seq 1 10 | fzf -m 3 -f 1`: 1 and 10, exit 0); a word
# after -m stays what it is.
expect_eq "-m N: the number is the limit, not a file (fzf: 1 10)" "0|1 10" \
  "$(out=$(seq 1 10 | "$SEEK" -m 3 -f 1 2>/dev/null); echo "$?|$(echo $out)")"

# fzf's order, byte for byte (each expected list is fzf 0.74.5's `-f` on the same lines): its
# table cuts a run where a gap from an earlier start scores more (fl-flask-zipkin last), punctuation
# after a delimiter starts something (re/_parser before rg_proxy), an exact term takes the first
# word start (@coreui/coreui last), and length counts characters (Főtanúsítvány first).
printf '%s\n' fl-flask-zipkin flatseek kv-flask-hammer flask flextask flask-cors > "$F/order.txt"
expect_eq "as fzf: -f flask in fzf's order" "flask|flask-cors|kv-flask-hammer|flatseek|flextask|fl-flask-zipkin" \
  "$("$F/fzf" -f flask < "$F/order.txt" 2>/dev/null | paste -sd'|')"
printf '%s\n' /usr/lib/ruby/3.1.0/bundler/ui/rg_proxy.rb /usr/lib/python3.11/re/_parser.py > "$F/paths.txt"
expect_eq "as fzf: -f r_p in fzf's order" "/usr/lib/python3.11/re/_parser.py|/usr/lib/ruby/3.1.0/bundler/ui/rg_proxy.rb" \
  "$("$F/fzf" -f r_p < "$F/paths.txt" 2>/dev/null | paste -sd'|')"
printf '%s\n' @coreui/coreui core @covalent/core > "$F/exact.txt"
expect_eq "as fzf: -f \"'core\" in fzf's order" "core|@covalent/core|@coreui/coreui" \
  "$("$F/fzf" -f "'core" < "$F/exact.txt" 2>/dev/null | paste -sd'|')"
printf 'Xotanusitvanyx.crt\nFőtanúsítvány.crt\n' > "$F/length.txt"
expect_eq "as fzf: length in characters (fzf: Főtanúsítvány.crt first)" "Főtanúsítvány.crt|Xotanusitvanyx.crt" \
  "$("$F/fzf" -f crt < "$F/length.txt" 2>/dev/null | paste -sd'|')"
