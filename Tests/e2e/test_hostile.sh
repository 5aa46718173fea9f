# Hostile input: never crash, never write where it should not, never echo an escape.
H="$WORK/hostile"; mkdir -p "$H"

out=$("$SEEK" --no-store --filter beta <(printf 'alpha\nbeta\n') 2>/dev/null); code=$?
expect_eq "process substitution: read once, found" "beta" "$out"
expect_eq "process substitution: exit 0" 0 "$code"
mkfifo "$H/fifo"
(printf 'alpha\nbeta\n' > "$H/fifo" &)
out=$(timeout 10 "$SEEK" --no-store --filter alpha "$H/fifo" 2>/dev/null); code=$?
expect_eq "named FIFO: read once, found (no hang)" "alpha:0" "$out:$code"
err=$(timeout 10 "$SEEK" --no-store --filter x /dev/zero 2>&1); code=$?
expect_eq "/dev/zero: refused with exit 2 (no spin)" 2 "$code"
expect_contains "/dev/zero: says why" "$err" "not a regular file"

printf 'name,price\nwidget,1e300\ngadget,nan\n' > "$H/p.csv"
printf '[{"query":"widget","popularity":1e400},{"query":"Widget","popularity":9e18},{"query":"widget","popularity":9e18}]' > "$H/s.json"
"$SEEK" --no-store --filter widget "$H/p.csv" --page 9999999999 --hits-per-page 1000000000 > /dev/null 2>&1
expect_eq "numbers: a page far past the last is empty (exit 1), not a crash" 1 "$?"
out=$("$SEEK" --no-store --filter widget "$H/p.csv" --hits-per-page 9223372036854775807 2>/dev/null)
expect_eq "numbers: --hits-per-page 9223372036854775807" "widget" "$out"
tmux_start 80 20 "env LANG=C.UTF-8 $SEEK --no-store --suggestions $H/s.json --height 9223372036854775807% $H/p.csv; echo EXIT=\$?; exec tail -f /dev/null"
expect_screen "numbers: the app starts on 1e300 and nan prices and a 1e400 popularity" "widget"
tmux_keys C-c
expect_screen "numbers: and quits normally" "EXIT=130"
tmux_stop

# Links: a store path that is a link (dangling or not) is refused and nothing is created.
ln -s "$H/nowhere.sqlite" "$H/dangling.sqlite"
err=$("$SEEK" --store "$H/dangling.sqlite" --checked Data/products.json 2>&1); code=$?
expect_eq "store link: refused (exit 2)" 2 "$code"
expect_contains "store link: says why" "$err" "symbolic link"
expect_eq "store link: the target was not created" "no" "$([ -e "$H/nowhere.sqlite" ] && echo yes || echo no)"
: > "$H/empty"
ln -s "$H/empty" "$H/link.sqlite"
"$SEEK" --store "$H/link.sqlite" --checked Data/products.json >/dev/null 2>&1
expect_eq "store link: the empty file it points to is untouched" 0 "$(stat -c %s "$H/empty")"

# Escapes in diagnostics: a settings key, a file name and an environment value never reach the
# terminal raw.
printf '[{"name":"x"}]' > "$H/c.json"
printf '{"\033]0;pwn\007": 1}' > "$H/c.settings.json"
err=$("$SEEK" --no-store --filter x "$H/c.json" 2>&1)
expect_not_contains "escapes: a settings key is sanitized on stderr" "$err" $'\033'
err=$("$SEEK" --no-store --filter x "$H/$(printf 'bad\033]0;pwn\007name').json" 2>&1)
expect_not_contains "escapes: a file name is sanitized on stderr" "$err" $'\033'
err=$(SEEK_DEFAULT_OPTS=$'--bogus\033]0;pwn\007' "$SEEK" --no-store --filter x Data/products.json 2>&1)
expect_not_contains "escapes: SEEK_DEFAULT_OPTS is sanitized on stderr" "$err" $'\033'
printf '[{"name":"a\xc2\x9b31m b \xe2\x80\xae evil"}]' > "$H/c1.json"
json=$("$SEEK" --no-store --filter a --json "$H/c1.json")
expect_contains "--json: C1 controls escaped" "$json" '\u009b'
expect_contains "--json: bidi overrides escaped" "$json" '\u202e'

# Settings that name attributes no record has are errors (display attributes: a warning).
for a in "--searchable nope" "--title nope" "--id-field nope" "--ranking desc(nosuchfield)"; do
  err=$("$SEEK" --no-store -f samsung Data/products.json $a 2>&1 >/dev/null); code=$?
  expect_eq "bad settings: $a is an error (exit 2)" 2 "$code"
  expect_contains "bad settings: $a says which" "$err" "which no record has"
done
printf '{"titleAttribute": "nope"}' > "$H/t.settings.json"; printf '[{"name":"x"}]' > "$H/t.json"
err=$("$SEEK" --no-store -f x "$H/t.json" 2>&1 >/dev/null); code=$?
expect_eq "bad settings: titleAttribute in the settings file is an error" 2 "$code"
err=$("$SEEK" --no-store -f samsung --display nope Data/products.json 2>&1 >/dev/null); code=$?
expect_eq "bad settings: an unknown display attribute only warns" 0 "$code"
expect_contains "bad settings: the warning names it" "$err" "'nope'"
