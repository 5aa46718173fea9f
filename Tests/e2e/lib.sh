# Small harness for end-to-end tests: assertions that count, and tmux helpers that poll the
# screen with a deadline instead of sleeping.
PASSED=0
FAILED=0
FAILURES=()

pass() { PASSED=$((PASSED + 1)); printf '  ok   %s\n' "$1"; }
fail() { FAILED=$((FAILED + 1)); FAILURES+=("$1"); printf '  FAIL %s\n' "$1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/       /' | head -40; return 0; }

# A --json response without its processingTimeMS, which differs from run to run.
untimed() { sed 's/"processingTimeMS":[0-9]*/"processingTimeMS":0/; s/"serverTimeMS":[0-9]*/"serverTimeMS":0/'; }
expect_eq() { # name expected actual
  if [ "$2" == "$3" ]; then pass "$1"; else fail "$1" "expected: $2"$'\n'"actual:   $3"; fi
}
expect_contains() { # name haystack needle
  if [[ "$2" == *"$3"* ]]; then pass "$1"; else fail "$1" "missing: $3"$'\n'"in:"$'\n'"$2"; fi
}
expect_not_contains() {
  if [[ "$2" != *"$3"* ]]; then pass "$1"; else fail "$1" "unexpected: $3"$'\n'"in:"$'\n'"$2"; fi
}

# --- tmux ------------------------------------------------------------------------------------
TMUX_SOCKET=""
# Every app started in tmux writes a line to $TRACE (SEEK_TRACE) once the frame showing a key it
# read is painted: keys_settled and type_settled wait for those lines instead of sleeping.
# SENT counts the keys sent to it since it started (each key, typed character and resize is one
# line once painted), so that a wait covers the keys sent before it too.
TRACE=""
SENT=0
tmux_start() { # width height command...
  TMUX_SOCKET="seek-e2e-$$-$RANDOM"
  TRACE="$WORK/trace-$TMUX_SOCKET.txt"
  : > "$TRACE"
  SENT=0
  local w=$1 h=$2; shift 2
  SEEK_TRACE="$TRACE" tmux -L "$TMUX_SOCKET" -f /dev/null new-session -d -x "$w" -y "$h" "$@"
  tmux -L "$TMUX_SOCKET" set-option -g status off >/dev/null 2>&1 || true
}
tmux_keys() { SENT=$((SENT + $#)); tmux -L "$TMUX_SOCKET" send-keys "$@"; }
tmux_type() { SENT=$((SENT + ${#1})); tmux -L "$TMUX_SOCKET" send-keys -l "$1"; }
tmux_resize() { SENT=$((SENT + 1)); tmux -L "$TMUX_SOCKET" resize-window -x "$1" -y "$2"; }
screen() { tmux -L "$TMUX_SOCKET" capture-pane -p "$@" 2>/dev/null; }
tmux_stop() { tmux -L "$TMUX_SOCKET" kill-server >/dev/null 2>&1 || true; }

# keys_settled KEY...: sends the keys, then waits until the app has painted a frame for each
# (a key that ends the app or that no event answers never settles: use tmux_keys for those).
keys_settled() {
  tmux_keys "$@"
  wait_trace "$SENT" "$*"
}
# type_settled TEXT: types it, then waits until a frame was painted for every character.
type_settled() {
  tmux_type "$1"
  wait_trace "$SENT" "$1"
}
wait_trace() { # lines what
  wait_until 10 trace_has "$1" || fail "keys never settled: $2" "$(screen)"
}
trace_has() { [ "$(wc -l < "$TRACE")" -ge "$1" ]; }
# wait_until SECONDS COMMAND...: polls every 50 ms until COMMAND succeeds (a condition on screen or
# on disk), at most SECONDS; the one place the tests pause.
wait_until() {
  local deadline=$(( $(date +%s%N) + $1 * 1000000000 )); shift
  until "$@"; do
    [ "$(date +%s%N)" -lt "$deadline" ] || return 1
    sleep 0.05
  done
}
# wait_for TEXT [seconds]: until the screen shows TEXT; wait_gone TEXT [seconds]: until it does not.
screen_shows() { screen | grep -qF -- "$1"; }
screen_lacks() { ! screen_shows "$1"; }
wait_for() { wait_until "${2:-10}" screen_shows "$1"; }
# first_line_is TEXT, screen_line_is TEXT: conditions for wait_until.
first_line_is() { [ "$(screen | sed -n 1p)" == "$1" ]; }
screen_line_is() { screen | grep -qx -- "$1"; }
wait_gone() { wait_until "${2:-10}" screen_lacks "$1"; }
expect_screen() { # name text
  if wait_for "$2" "${3:-10}"; then pass "$1"; else fail "$1" "screen never showed: $2"$'\n'"$(screen)"; fi
}
expect_screen_gone() {
  if wait_gone "$2" "${3:-10}"; then pass "$1"; else fail "$1" "screen still shows: $2"$'\n'"$(screen)"; fi
}

# wait_exit_file FILE: polls until the file an app's exit status is written to is not empty.
wait_exit_file() { wait_until 10 test -s "$1"; }

summary() {
  echo
  if [ "$FAILED" -gt 0 ]; then printf 'failed: %s\n' "${FAILURES[@]}"; fi
  echo "e2e: $PASSED passed, $FAILED failed"
  [ "$FAILED" -eq 0 ]
}
