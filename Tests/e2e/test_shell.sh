# A good citizen of the shell: pipes, selections on stdout, fzf-compatible exits, documentation.
out=$(printf "apple pie\nbanana split\ncherry tart\n" | "$SEEK" --filter "banan" 2>/dev/null); code=$?
expect_eq "pipe --filter: exit 0" 0 "$code"
expect_eq "pipe --filter: the matching line" "banana split" "$out"
expect_eq "pipe --filter b" "b" "$(printf 'a\nb\n' | "$SEEK" --filter b 2>/dev/null)"
printf 'a\nb\n' | "$SEEK" --filter zzz >/dev/null 2>&1
expect_eq "pipe --filter: exit 1 without a match" 1 "$?"
out=$(printf 'caf\xc3\xa9 bad \xff\xfe byte\nplain\n' | "$SEEK" --filter "cafe" 2>/dev/null); code=$?
expect_eq "pipe: invalid UTF-8 replaced, not fatal" 0 "$code"
expect_contains "pipe: invalid UTF-8 line found" "$out" "café bad"
long=$(head -c 1000000 /dev/zero | tr '\0' 'x')
out=$( (printf 'short line\n'; printf 'needle %s\n' "$long") | "$SEEK" --filter needle 2>/dev/null | wc -c)
expect_eq "pipe: a 1 MB line is accepted whole" 1000008 "$out"
err=$( (printf 'short line\n'; printf '%s needle\n' "$long") | "$SEEK" --filter needle 2>&1 >/dev/null)
expect_contains "pipe: a 1 MB line is searched on its first 64 KB, and says so" "$err" "searched and shown on their start only"
out=$(printf '{"name":"x1","n":1}\n{"name":"y2","n":2}\n' | "$SEEK" --format jsonl --filter y2 2>/dev/null)
expect_eq "pipe --format jsonl" "y2" "$out"

# --select-1 / --exit-0 decide without drawing; accepted output goes to stdout.
printf '[{"name": "Switch Lite"}, {"name": "Switch OLED"}, {"name": "Xbox"}]' > "$WORK/small.json"
out=$("$SEEK" --no-store --select-1 --query xbox "$WORK/small.json" </dev/null); code=$?
expect_eq "--select-1: exit 0" 0 "$code"
expect_eq "--select-1: prints the only hit" "Xbox" "$out"
out=$("$SEEK" --no-store --select-1 --print-query --query xbox "$WORK/small.json" </dev/null)
expect_eq "--print-query: the query first" $'xbox\nXbox' "$out"
out=$("$SEEK" --no-store --select-1 --json --query xbox "$WORK/small.json" </dev/null)
expect_contains "--json: the record as JSON" "$out" '"name":"Xbox"'
out=$("$SEEK" --no-store --exit-0 --query zzzz "$WORK/small.json" </dev/null); code=$?
expect_eq "--exit-0: exit 1 at once without a hit" 1 "$code"
out=$(printf 'only one\n' | "$SEEK" --no-store --select-1 --query only); code=$?
expect_eq "--select-1 on a pipe" "only one" "$out"
SEEK_DEFAULT_OPTS="--hits-per-page 1" "$SEEK" --filter switch "$WORK/small.json" > "$WORK/opts.txt" 2>/dev/null
expect_eq "SEEK_DEFAULT_OPTS is read" 1 "$(wc -l < "$WORK/opts.txt")"
out=$(TERM=dumb "$SEEK" --no-store --filter switch "$WORK/small.json" 2>&1 </dev/null)
expect_contains "TERM=dumb: --filter output" "$out" "Switch Lite"

# A pipe that feeds slowly: the UI is usable before input ends, and shows the count growing.
rm -f "$WORK/exit.txt" "$WORK/more"
mkfifo "$WORK/more"  # the producer writes its last line when the test says so
tmux_start 80 20 "(printf 'alpha one\nbeta two\n'; cat $WORK/more; printf 'gamma three\n') | env LANG=C.UTF-8 $SEEK --no-store > $WORK/out.txt; echo EXIT=\$? > $WORK/exit.txt; exec tail -f /dev/null"
expect_screen "stream: first records shown before input ends" "alpha one" 3
expect_screen "stream: spinner and count while reading" "2 indexed"
tmux_type "gamma"
expect_screen "stream: a record not read yet is not found" "No results"
printf '' > "$WORK/more"
expect_screen "stream: later records found when they arrive" "> gamma three" 8
expect_screen_gone "stream: spinner gone at end of input" " indexed ·" 5
tmux_keys Enter  # lines: Enter accepts the top line
wait_exit_file "$WORK/exit.txt"
expect_eq "stream: Enter accepts (exit 0)" "EXIT=0" "$(cat "$WORK/exit.txt" 2>/dev/null)"
expect_eq "stream: the accepted line on stdout" "gamma three" "$(cat "$WORK/out.txt")"
tmux_stop

# Documentation.
man -l Docs/seek.1 > "$WORK/man.txt" 2>&1
expect_contains "man page renders" "$(cat "$WORK/man.txt")" "SEEK(1)"
expect_contains "man page lists the flags" "$(cat "$WORK/man.txt")" "--select-1"
expect_contains "--man: the page shown (fzf's --man)" "$(MANPAGER=cat "$SEEK" --man 2>&1)" "SEEK(1)"
"$SEEK" --completion bash > "$WORK/seek.bash"
bash -n "$WORK/seek.bash" && pass "bash completion parses" || fail "bash completion parses"
out=$(bash -c "source $WORK/seek.bash"'; COMP_WORDS=(seek --sel); COMP_CWORD=1; _seek; echo "${COMPREPLY[@]}"')
expect_eq "bash completion completes flags" "--select-1" "$out"
out=$(bash -c "source $WORK/seek.bash"'; COMP_WORDS=(seek --format j); COMP_CWORD=2; _seek; echo "${COMPREPLY[@]}"')
expect_eq "bash completion completes a flag's values" "json jsonl" "$out"
"$SEEK" --completion fish > "$WORK/seek.fish"
out=$(fish -c "source $WORK/seek.fish; complete -C 'seek --select-'" | cut -f1)
expect_eq "fish completion completes flags" "--select-1" "$out"
out=$(fish -c "source $WORK/seek.fish; complete -C 'seek --scheme '" | cut -f1 | tr '\n' ' ')
expect_eq "fish completion completes a flag's values" "default history path " "$out"
"$SEEK" --completion zsh > "$WORK/_seek"
zsh -n "$WORK/_seek" && pass "zsh completion parses" || fail "zsh completion parses"

# fzf's --no-clear: --height's last frame stays on screen after exit (cleared without it).
for clear in --no-clear --clear; do
  rm -f "$WORK/exit.txt"
  tmux_start 60 12 "printf 'earlier\n'; seq 10 | env LANG=C.UTF-8 $SEEK $clear --height 5 --info inline > $WORK/nc.txt; echo EXIT=\$? > $WORK/exit.txt; exec tail -f /dev/null"
  expect_screen "$clear: started" "< 10"
  tmux_keys Enter
  wait_exit_file "$WORK/exit.txt"
  expect_eq "$clear: the line accepted" "1" "$(cat "$WORK/nc.txt")"
  expect_eq "$clear: the last frame on screen after exit" "$([ $clear = --no-clear ] && echo 1 || echo 0)" "$(screen | grep -c '< 10')"
  tmux_stop
done

# --height: drawn inline below the prompt; the shell's earlier lines stay on screen.
rm -f "$WORK/exit.txt"
tmux_start 90 24 "printf 'earlier-line-one\nearlier-line-two\n'; env LANG=C.UTF-8 $SEEK --no-store --height 8 Data/products.json > $WORK/out.txt; echo EXIT=\$? > $WORK/exit.txt; echo after-seek; exec tail -f /dev/null"
expect_screen "--height: the UI is drawn" "10,000 hits"
expect_eq "--height: earlier lines kept" "earlier-line-one" "$(screen | sed -n 1p)"
expect_eq "--height: the prompt below them" ">" "$(screen | sed -n 3p | tr -d ' ')"
expect_eq "--height: the status on the 8th line of the UI" "1" "$(screen | sed -n 10p | grep -c 'hits')"
tmux_type "xbox"
expect_screen "--height: typing works" "Xbox"
keys_settled Enter
keys_settled Down
tmux_keys Enter
expect_screen "--height: exits" "after-seek"
expect_eq "--height: earlier lines still there after exit" "earlier-line-two" "$(screen | sed -n 2p)"
expect_contains "--height: accepted item on stdout" "$(cat "$WORK/out.txt")" "Xbox"
expect_eq "--height: exit 0" "EXIT=0" "$(cat "$WORK/exit.txt" 2>/dev/null)"
tmux_stop

# A large catalog file (here: larger than SEEK_STREAM_FILES_ABOVE) opens like a pipe, with
# progress, and writes its index cache once whole; the next start uses the cache.
seq 1 60000 | sed 's/^/record /' > "$WORK/large.txt"
rm -f "$WORK/exit.txt"
tmux_start 100 12 "env LANG=C.UTF-8 SEEK_STREAM_FILES_ABOVE=1000 $SEEK $WORK/large.txt; exec tail -f /dev/null"
expect_screen "large file: indexed while read, with the share read" "indexed ("
expect_screen "large file: every record in the end" "60,000 hits" 60
index_written() { ls "$XDG_DATA_HOME"/seek/"$1"-*.index >/dev/null 2>&1; }
wait_until 20 index_written large
expect_eq "large file: the index cache is written" 1 "$(ls "$XDG_DATA_HOME"/seek/large-*.index 2>/dev/null | wc -l)"
tmux_stop
out=$("$SEEK" -f "record 59999" "$WORK/large.txt" 2>/dev/null | head -1)
expect_eq "large file: --filter uses the cache" "record 59999" "$out"

# A catalog indexed within two seconds of being written is cached with its content hash (a second
# write in the same clock tick could leave its times as they were); the first start that no longer
# sees it recent hashes it, and stores the cache again by the catalog's stat alone.
seq 1 3000 | sed 's/^/fresh /' > "$WORK/fresh.txt"
tmux_start 100 12 "env LANG=C.UTF-8 SEEK_STREAM_FILES_ABOVE=1000 $SEEK $WORK/fresh.txt; exec tail -f /dev/null"
expect_screen "fresh file: every record" "3,000 hits" 60
wait_until 10 index_written fresh
tmux_stop
stored_with_hash=$(head -c 4096 "$XDG_DATA_HOME"/seek/fresh-*.index 2>/dev/null | grep -a -c 'hash=')
# The catalog is "recent" (hashed) for 2 s after its last change: wait until it no longer is.
not_recent() { [ $(( $(date +%s) - $(stat -c %Z "$1") )) -gt 2 ]; }
wait_until 10 not_recent "$WORK/fresh.txt"
out=$("$SEEK" -f "fresh 2999" "$WORK/fresh.txt" 2>/dev/null | head -1)
expect_eq "fresh file: --filter uses the cache" "fresh 2999" "$out"
expect_eq "fresh file: the cache is stored by the catalog's stat once it is not recent (was with its hash: $stored_with_hash)" \
  0 "$(head -c 4096 "$XDG_DATA_HOME"/seek/fresh-*.index | grep -a -c 'hash=')"
out=$("$SEEK" -f "fresh 2998" "$WORK/fresh.txt" 2>/dev/null | head -1)
expect_eq "fresh file: --filter uses the cache stored again" "fresh 2998" "$out"
