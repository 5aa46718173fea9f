# Learning from picks: what was accepted for a query leads it next time, with its reason; not
# with --no-learn; forgotten with --forget-picks.
N="$WORK/learn"; mkdir -p "$N"
printf 'react\nredis\nregex\nrequests\nre2\nrich\n' > "$N/pkgs.txt"
learn_env="env LANG=C.UTF-8 XDG_DATA_HOME=$N/xdg"
selected_is() { screen | grep -qx -- "$1 *"; }
# accept_row NAME: moves down to NAME (the pointer starts on the first line, row 2), accepts it
# and waits for the exit.
accept_row() {
  local rows=$(( $(screen | sed -n '2,8p' | grep -n "^..$1" | cut -d: -f1) - 1 ))
  for _ in $(seq 1 "$rows"); do tmux_keys Down; done
  wait_until 10 selected_is "> $1"
  tmux_keys Enter
  wait_exit_file "$N/exit.txt"
}

rm -f "$N/exit.txt"
tmux_start 100 14 "$learn_env $SEEK $N/pkgs.txt > $N/out; echo EXIT=\$? > $N/exit.txt; exec tail -f /dev/null"
expect_screen "learn: started" "6 hits"
type_settled "re"
expect_eq "learn: before any pick, requests is not first" "> re2" "$(screen | sed -n 2p | sed 's/ *$//')"
accept_row requests
expect_eq "learn: requests accepted" "requests" "$(cat "$N/out")"
tmux_stop

tmux_start 100 14 "$learn_env $SEEK $N/pkgs.txt; exec tail -f /dev/null"
expect_screen "learn: started again" "6 hits"
type_settled "re"
wait_until 10 screen_shows "ordered by your picks"
expect_eq "learn: requests now leads re" "> requests" "$(screen | sed -n 2p | sed 's/ *$//')"
tmux_keys F5
expect_screen "learn: the details say why" "once for “re”"
tmux_keys F5 C-u
wait_until 10 screen_shows "recent pick"
expect_eq "learn: no query, the pick leads, marked" "> requests  recent pick" "$(screen | sed -n 2p | sed 's/ *$//')"
tmux_stop

# The same searcher answers -f; --no-learn leaves the order to the rules.
learned_top() { XDG_DATA_HOME="$N/xdg" "$SEEK" -f re "$@" "$N/pkgs.txt" 2>/dev/null | head -1; }
expect_eq "learn: -f ranks with the picks" "requests" "$(learned_top)"
expect_eq "learn: --no-learn leaves the order to the rules" "re2" "$(learned_top --no-learn)"
expect_eq "learn: --forget-picks" "forgot 1 pick" "$(XDG_DATA_HOME="$N/xdg" "$SEEK" --forget-picks "$N/pkgs.txt")"
expect_eq "learn: forgotten, the rules decide again" "re2" "$(learned_top)"
# --add-pick, as zoxide add: a script records a pick.
XDG_DATA_HOME="$N/xdg" "$SEEK" --add-pick regex -q re "$N/pkgs.txt" > /dev/null
expect_eq "learn: --add-pick" "regex" "$(learned_top)"
# A pipe learns with --store (and only then: without one, its list is of the moment).
rm -f "$N/exit.txt"
tmux_start 100 14 "$learn_env sh -c '$SEEK --store $N/pipe.sqlite < $N/pkgs.txt' > $N/out; echo EXIT=\$? > $N/exit.txt; exec tail -f /dev/null"
expect_screen "learn: a pipe" "6 hits"
type_settled "r"
accept_row rich
expect_eq "learn: the pipe's pick" "rich" "$(cat "$N/out")"
tmux_stop
expect_eq "learn: a pipe with --store learned it" "rich" \
  "$("$SEEK" -f r --store "$N/pipe.sqlite" < "$N/pkgs.txt" 2>/dev/null | head -1)"
