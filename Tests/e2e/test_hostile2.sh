# Hostile input, round two: pastes that span reads, a cache changed under the app, deep filters,
# restrictions given at start, numbers JSON cannot carry.
H2="$WORK/hostile2"; mkdir -p "$H2"

# A 100 KB bracketed paste of lines arrives in many reads: it is inserted as text, never Enter.
seq 1 100 > "$H2/hundred.txt"
python3 -c "print('7\n' * 50000, end='')" > "$H2/paste.txt"
tmux_start 80 12 "env LANG=C.UTF-8 $SEEK --no-store $H2/hundred.txt; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "paste: started" "100 hits"
tmux -L "$TMUX_SOCKET" load-buffer -b big "$H2/paste.txt"
tmux -L "$TMUX_SOCKET" paste-buffer -p -b big
expect_screen "paste: inserted as text into the query" "7 7 7 7 7 7 7 7"
tmux_keys C-c
expect_screen "paste: never pressed Enter (the app was still running)" "EXIT=130"
tmux_stop

# A mapped cache truncated, then overwritten, while the app searches it: the app keeps the
# bytes it checked (no SIGBUS, exit 130 as usual, the terminal restored).
seq 1 60000 | sed 's/^/record /' > "$H2/big.txt"
# (Cached whatever the machine's speed: SEEK_CACHE_AFTER_SECONDS=0.)
SEEK_CACHE_AFTER_SECONDS=0 "$SEEK" --store "$H2/big.sqlite" -f x "$H2/big.txt" > /dev/null 2>&1
SEEK_STREAM_FILES_ABOVE=1000 "$SEEK" --store "$H2/big.sqlite" -f "record 1" "$H2/big.txt" > /dev/null 2>&1
wait_exit_file "$H2/big.index"
expect_eq "cache: written" "yes" "$([ -s "$H2/big.index" ] && echo yes || echo no)"
tmux_start 80 12 "env LANG=C.UTF-8 $SEEK --store $H2/big.sqlite $H2/big.txt; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "cache: the app starts on it" "60,000 hits"
# truncate(1) opens without blocking: the first try breaks the lease and is told to retry.
wait_until 5 truncate -s 4096 "$H2/big.index" 2>/dev/null
expect_eq "cache: truncated" 4096 "$(stat -c %s "$H2/big.index")"
tmux_type "record 4242"
expect_screen "cache: truncated under the app, searches go on" "record 42421"
head -c 100000 /dev/urandom | dd of="$H2/big.index" conv=notrunc 2>/dev/null
tmux_keys BSpace
tmux_type "1"
expect_screen "cache: overwritten in place, searches go on" "record 4241"
tmux_keys C-c
expect_screen "cache: a normal exit" "EXIT=130"
tmux_stop

# Filters nested past the limit are refused with the column, not a crash.
err=$("$SEEK" --no-store -f x --filters "$(python3 -c "print('NOT '*5000+'brand:Apple')")" Data/products.json 2>&1); code=$?
expect_eq "filters: 5,000 NOTs refused (exit 2)" 2 "$code"
expect_contains "filters: 5,000 NOTs says why" "$err" "levels deep"
err=$("$SEEK" --no-store -f x --filters "$(python3 -c "print('('*25000+'brand:Apple')")" Data/products.json 2>&1); code=$?
expect_eq "filters: 25,000 parentheses refused (exit 2)" 2 "$code"

# --filters and --sort given to the app start it refined and sorted, as --filter answers.
tmux_start 120 20 "env LANG=C.UTF-8 SEEK_DEFAULT_OPTS='--filters brand:Apple' $SEEK --no-store --sort price:asc Data/products.json; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "app --filters: the count is the filtered one" "924 hits"
expect_screen "app --filters: shown as a chip" "brand:Apple ×"
expect_screen "app --sort: shown (by its name in the settings)" "sorted by Price: low to high"
tmux_keys F4
expect_screen "app --filters: cleared with F4" "10,000 hits"
tmux_keys C-c
tmux_stop
err=$("$SEEK" --no-store --filters 'nosuch:x' Data/products.json 2>&1 < /dev/null); code=$?
expect_eq "app --filters: an unknown facet is refused before the screen (exit 2)" 2 "$code"

# Numbers from a CSV that Double() reads but JSON cannot carry bare come out quoted.
printf 'name,n\na,nan(abc_1)\nb,-inf\nc,0x10\nd,+5\ne,.5\nf,5.\ng,007\nh,infinity\ni,1e5\n' > "$H2/n.csv"
out=$("$SEEK" --no-store -f '' --json --hits-per-page 100 "$H2/n.csv" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(" ".join(repr(h["n"]) for h in sorted(d["hits"], key=lambda h: h["name"])))' 2>&1)
expect_eq "--json: odd numbers quoted, real ones bare" "'nan(abc_1)' '-inf' '0x10' '+5' '.5' '5.' '007' 'infinity' 100000.0" "$out"

# Suspend in --height: Ctrl-Z, and SIGTSTP from outside, leave the shell's terminal as it was
# (rows cleared, mouse reporting off, cooked), and `fg` gives Seek its keys back.
tmux_start 80 24 "env -i PATH=$PATH HOME=$HOME TERM=screen LANG=C.UTF-8 XDG_DATA_HOME=$XDG_DATA_HOME PS1='sh$ ' bash --norc --noprofile"
expect_screen "suspend: a shell" "sh$"
tmux_type "seq 1 100 | sh -c 'echo \$\$ > $H2/seek.pid; exec $SEEK --height 10 --no-store'"
tmux_keys Enter
expect_screen "suspend: --height started" "100 hits"
tmux_keys C-z
expect_screen "suspend: Ctrl-Z stops it as a job" "Stopped"
expect_screen_gone "suspend: its rows are cleared" "100 hits"
expect_eq "suspend: mouse reporting is off for the shell" 0 "$(tmux -L "$TMUX_SOCKET" display -p '#{mouse_any_flag}')"
tmux_type "fg"
tmux_keys Enter
expect_screen "suspend: fg draws it again" "100 hits"
tmux_type "77"
expect_screen "suspend: after fg, keys reach it" "> 77"
kill -TSTP "$(cat "$H2/seek.pid")"
expect_screen "suspend: SIGTSTP from outside stops it too" "Stopped"
expect_screen_gone "suspend: SIGTSTP clears its rows" "> 77"
tmux_type "fg"
tmux_keys Enter
expect_screen "suspend: fg after SIGTSTP draws it again" "> 77"
tmux_keys BSpace BSpace
tmux_type "42"
expect_screen "suspend: after SIGTSTP and fg, keys reach it (raw again)" "> 42"
tmux_keys Enter
expect_screen_gone "suspend: accepts as usual" "> 42"
expect_eq "suspend: the accepted line is printed" "42" "$(screen | grep -x '42')"
tmux_stop
# The same in full screen.
tmux_start 80 24 "env -i PATH=$PATH HOME=$HOME TERM=screen LANG=C.UTF-8 XDG_DATA_HOME=$XDG_DATA_HOME PS1='sh$ ' bash --norc --noprofile"
expect_screen "suspend full screen: a shell" "sh$"
tmux_type "seq 1 100 | sh -c 'echo \$\$ > $H2/seek.pid; exec $SEEK --no-store'"
tmux_keys Enter
expect_screen "suspend full screen: started" "100 hits"
kill -TSTP "$(cat "$H2/seek.pid")"
expect_screen "suspend full screen: SIGTSTP stops it" "Stopped"
tmux_type "fg"
tmux_keys Enter
expect_screen "suspend full screen: fg draws it again" "100 hits"
tmux_type "42"
expect_screen "suspend full screen: keys reach it after fg" "> 42"
tmux_keys Enter
wait_until 5 screen_line_is 42
expect_eq "suspend full screen: the accepted line is printed" "42" "$(screen | grep -x '42')"
tmux_stop

# A crash leaves the terminal usable: the alternate screen left, mouse reporting off.
tmux_start 80 24 "env -i PATH=$PATH HOME=$HOME TERM=screen LANG=C.UTF-8 XDG_DATA_HOME=$XDG_DATA_HOME PS1='sh$ ' bash --norc --noprofile"
expect_screen "crash: a shell" "sh$"
tmux_type "seq 1 100 | sh -c 'echo \$\$ > $H2/seek.pid; exec env SWIFT_BACKTRACE=interactive=no $SEEK --no-store 2>$H2/crash.err'; echo EXIT=\$?"
tmux_keys Enter
expect_screen "crash: started" "100 hits"
expect_eq "crash: the app is in the alternate screen" 1 "$(tmux -L "$TMUX_SOCKET" display -p '#{alternate_on}')"
kill -SEGV "$(cat "$H2/seek.pid")"
expect_screen "crash: it dies of the signal" "EXIT=139"
expect_eq "crash: the alternate screen is left" 0 "$(tmux -L "$TMUX_SOCKET" display -p '#{alternate_on}')"
expect_eq "crash: mouse reporting is off" 0 "$(tmux -L "$TMUX_SOCKET" display -p '#{mouse_any_flag}')"
tmux_stop

# A page far past the last says so, with the page asked for.
err=$("$SEEK" --no-store -f samsung --page 9223372036854775807 Data/products.json 2>&1 >/dev/null)
expect_contains "page: the page asked for, past the last" "$err" "page: 9223372036854775807, nbPages: "

# Endless input: reading stops at the memory limit (here 1 MB: at the first batch), what was read
# stays searchable, and the status line says why the count stopped.
tmux_start 140 10 "yes | env LANG=C.UTF-8 SEEK_MEMORY_LIMIT_MB=1 $SEEK --no-store; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "endless input: stopped at the memory limit, said on the status line" "the memory limit (1 MB" 60
tmux_type "y"
expect_screen "endless input: still searchable" "> y"
tmux_keys C-c
expect_screen "endless input: quits as usual" "EXIT=130"
tmux_stop
