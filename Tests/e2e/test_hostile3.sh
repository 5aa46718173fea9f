# Hostile input, round three: quoting for the shell that runs a command, a settings file that
# cannot choose where a list goes, queries of thousands of words.
H3="$WORK/hostile3"; mkdir -p "$H3"

# A --filter query of thousands of words that match nothing: cut at 4,096 characters (said on
# stderr), answered; once a stack overflow (exit 139) after seconds.
printf '{"objectID":"1","name":"apple banana","brand":"acme"}\n{"objectID":"2","name":"bread and butter"}\n' > "$H3/two.jsonl"
err=$("$SEEK" --no-store -f "$(python3 -c "print('a b ' * 4000)")" "$H3/two.jsonl" 2>&1 >/dev/null); code=$?
expect_eq "long query: no hits, no crash (exit 1)" 1 "$code"
expect_contains "long query: the cut is said" "$err" "cut to its first 4096 characters"
out=$("$SEEK" --no-store -f "$(python3 -c "print('zz ' * 1300 + 'bread')")" "$H3/two.jsonl" 2>/dev/null)
expect_eq "long query: the words that match nothing are dropped" "bread and butter" "$out"

# Under fish a value is quoted fish's way: a file named `\'; touch PWNED; #` focused with a
# preview is read by `cat`, and nothing runs (the POSIX quoting let fish run `touch PWNED`).
mkdir -p "$H3/fish"
echo "inside the notes" > "$H3/fish/notes.txt"
echo "inside the trap" > "$H3/fish/\\'; touch PWNED; #"
tmux_start 100 20 "cd $H3/fish && env SHELL=/usr/bin/fish LANG=C.UTF-8 $SEEK --no-store --preview 'cat {}'; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "fish: the files are listed" "notes.txt"
tmux_type "touch"
expect_screen "fish: the trap file's preview is its text" "inside the trap"
expect_eq "fish: nothing ran from the file's name" "no" "$([ -e "$H3/fish/PWNED" ] && echo yes || echo no)"
tmux_keys C-c
expect_screen "fish: a normal exit" "EXIT=130"
tmux_stop
# become and execute go through the same quoting (and --with-shell names the shell).
tmux_start 100 20 "cd $H3/fish && env SHELL=/bin/sh LANG=C.UTF-8 $SEEK --no-store --with-shell 'fish -c' --bind 'enter:become(printf %s {} > chosen.out)'; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "with-shell fish: listed" "notes.txt"
tmux_type "touch"
expect_screen "with-shell fish: the trap file is found" "touch PWNED"
tmux_keys Enter
expect_screen "with-shell fish: become ends" "EXIT=0"
expect_eq "with-shell fish: become got the name whole" "\\'; touch PWNED; #" "$(cat "$H3/fish/chosen.out")"
expect_eq "with-shell fish: nothing ran" "no" "$([ -e "$H3/fish/PWNED" ] && echo yes || echo no)"
tmux_stop

# A child gets its standard streams and no other descriptor of Seek's (the terminal, pipes,
# the store): a preview and a become'd shell list their own descriptors (3 is the folder the
# shell's glob reads while it lists them).
seq 3 > "$H3/three.txt"
listing='for f in /proc/$$/fd/*; do printf "%s," "${f##*/}"; done'
tmux_start 100 20 "env SHELL=/bin/sh LANG=C.UTF-8 $SEEK --store $H3/fd.sqlite --preview '$listing; echo END' $H3/three.txt; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "descriptors: the preview ran" "END"
expect_screen "descriptors: a preview holds 0, 1 and 2 only" "0,1,2,3,END"
tmux_keys C-c
tmux_stop
tmux_start 100 20 "env SHELL=/bin/sh LANG=C.UTF-8 $SEEK --store $H3/fd.sqlite --bind 'enter:become($listing)' $H3/three.txt; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "descriptors: listed" "3 hits"
tmux_keys Enter
expect_screen "descriptors: a become'd shell holds 0, 1 and 2 only" "0,1,2,3,EXIT=0"
tmux_stop

# A settings file that comes with a catalog cannot send the list anywhere: its "store" is said
# and ignored, and nothing connects to the server it names (once the password went there in
# clear text). A fake server logs every connection; a probe, sent last, ends its log.
mkdir -p "$H3/travel"
printf '{"objectID":"1","name":"oat milk"}\n{"objectID":"2","name":"honey"}\n' > "$H3/travel/products.jsonl"
python3 - "$H3/travel/port" "$H3/travel/log" <<'PY' &
import socket, sys
server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(16)
open(sys.argv[1] + ".tmp", "w").write(str(server.getsockname()[1])); __import__("os").rename(sys.argv[1] + ".tmp", sys.argv[1])
while True:
    conn, _ = server.accept(); conn.settimeout(3)
    try: data = conn.recv(200)
    except OSError: data = b""
    probe = data.startswith(b"PROBE")
    with open(sys.argv[2], "a") as log: log.write("PROBE\n" if probe else "CONNECTED %r\n" % data[:40])
    conn.close()
    if probe: break
PY
fake_server=$!
wait_until 10 test -s "$H3/travel/port"
port=$(cat "$H3/travel/port")
echo "{\"store\": \"postgres://victim@127.0.0.1:$port/postgres\"}" > "$H3/travel/products.settings.json"
err=$(PGPASSWORD=hunter2 PGCONNECT_TIMEOUT=3 "$SEEK" --store "$H3/travel/list.sqlite" --checked "$H3/travel/products.jsonl" 2>&1 >/dev/null); code=$?
expect_eq "travelling settings: --checked answers (exit 0)" 0 "$code"
expect_contains "travelling settings: the store it names is said and ignored" "$err" "names a shared store, which is ignored"
err=$(PGPASSWORD=hunter2 PGCONNECT_TIMEOUT=3 "$SEEK" --store "$H3/travel/list.sqlite" --uncheck-all "$H3/travel/products.jsonl" 2>&1 >/dev/null); code=$?
expect_eq "travelling settings: a write command stays local (exit 0)" 0 "$code"
python3 -c "import socket,sys; s=socket.create_connection(('127.0.0.1', int(sys.argv[1]))); s.sendall(b'PROBE')" "$port"
wait_until 10 grep -q PROBE "$H3/travel/log"
expect_eq "travelling settings: nothing connected to the server it named" "PROBE" "$(cat "$H3/travel/log")"
wait "$fake_server" 2>/dev/null

# --filter keeps to SEEK_MEMORY_LIMIT_MB as the app does: endless input (many lines, or one
# endless line) is read up to the limit, answered from what was read, and the stop is said.
# (Once it grew past gigabytes; `timeout` only keeps a failure from hanging the suite.)
err=$(yes | SEEK_MEMORY_LIMIT_MB=60 timeout 300 "$SEEK" --filter y 2>&1 >/dev/null); code=$?
expect_eq "memory limit: endless lines are answered (exit 0)" 0 "$code"
expect_contains "memory limit: the stop is said" "$err" "the memory limit (60 MB, SEEK_MEMORY_LIMIT_MB) was reached"
err=$(tr '\0' a < /dev/zero | SEEK_MEMORY_LIMIT_MB=60 timeout 300 "$SEEK" --filter aaa 2>&1 >/dev/null); code=$?
expect_eq "memory limit: one endless line ends (exit 1, nothing whole was read)" 1 "$code"
expect_contains "memory limit: and is said" "$err" "input not read past 0 lines"

# A hung execute-silent does not freeze the finder: keys typed meanwhile are kept and handled
# once it ends, and Ctrl-C ends its whole process group (it reached nothing, and 200 keys waited).
seq 1000 > "$H3/thousand.txt"
tmux_start 80 12 "env SHELL=/bin/sh LANG=C.UTF-8 $SEEK --no-store --bind 'ctrl-o:execute-silent(echo \$\$ > $H3/hung.pid; exec sleep 997)' $H3/thousand.txt; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "hung command: listed" "1,000 hits"
tmux_keys C-o
wait_until 10 test -s "$H3/hung.pid"
tmux_type "777"
expect_eq "hung command: it runs" yes "$(kill -0 "$(cat "$H3/hung.pid")" 2>/dev/null && echo yes || echo no)"
tmux_keys C-c
expect_screen "hung command: keys typed meanwhile are handled once it ends" "> 777"
wait_until 10 sh -c "! kill -0 $(cat "$H3/hung.pid") 2>/dev/null"
expect_eq "hung command: Ctrl-C ended its process" no "$(kill -0 "$(cat "$H3/hung.pid")" 2>/dev/null && echo yes || echo no)"
rm -f "$H3/hung.pid"
tmux_keys C-o
wait_until 10 test -s "$H3/hung.pid"
tmux_keys C-c
expect_screen "hung command: the status line says Ctrl-C ended it" "ended by Ctrl-C"
tmux_keys C-c
expect_screen "hung command: the finder still quits as usual" "EXIT=130"
tmux_stop

# A shared list's name that could never be sent (it travels in keys and notifications) is
# refused, not kept "to be sent when the server is back".
err=$("$SEEK" --store-list "$(python3 -c "print('x' * 9000)")" --checked Data/products.json 2>&1); code=$?
expect_eq "long list name: refused (exit 2)" 2 "$code"
expect_contains "long list name: says the bound" "$err" "a name of 1 to 256 bytes"

# The terminal closed under Seek with no SIGHUP coming (a job its shell never hung up): it ends
# instead of reading end-of-file forever (it spun at a core's worth until killed).
seq 20 > "$H3/hangup.txt"
expect_eq "terminal closed, no SIGHUP: Seek ends (129), full screen" "ended 129" \
  "$(python3 Tests/e2e/tools/hangup.py 10 "$SEEK" "$H3/hangup.txt")"
expect_eq "terminal closed, no SIGHUP: Seek ends (129), --height" "ended 129" \
  "$(python3 Tests/e2e/tools/hangup.py 10 "$SEEK" --height 10 "$H3/hangup.txt")"
