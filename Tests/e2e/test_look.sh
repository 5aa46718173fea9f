# Looking before picking: the details pane (record and ranking reasons) and --preview.
L="$WORK/look"; mkdir -p "$L"

# Details pane: F5 on a hit shows its description and why it ranks where it does.
tmux_start 120 30 "env LANG=C.UTF-8 $SEEK --no-store Data/products.json; exec tail -f /dev/null"
expect_screen "details: started" "10,000 hits"
tmux_type "sony head"
expect_screen "details: results" "9 hits"
tmux_keys F5
expect_screen "details: a description" "description"
expect_screen "details: the ranking criteria" "desc(popularity)"
expect_screen "details: first hit says so" "First hit."
tmux_keys Down Down Down Down Down  # two suggestions, create row, first hit, second hit
expect_screen "details: the reason it ranks below the hit above" "Below the hit above on"
tmux_keys F5
expect_screen_gone "details: F5 hides it" "Ranking"
tmux_stop

# Narrow terminal: below the results.
tmux_start 60 24 "env LANG=C.UTF-8 $SEEK --no-store Data/products.json; exec tail -f /dev/null"
expect_screen "details narrow: started" "10,000 hits"
tmux_type "galaxy s24"
tmux_keys C-_
expect_screen "details narrow: Ctrl-/ opens it below, with its border" "─ details ─"
tmux_stop

# --preview: {} is the line, shell-quoted; an escaping command cannot retitle the window.
printf "alpha\nit's beta\n" > "$L/lines.txt"
tmux_start 100 12 "env LANG=C.UTF-8 $SEEK --no-store --preview 'echo PREVIEW:{}' $L/lines.txt; exec tail -f /dev/null"
expect_screen "preview: the top line's output" "PREVIEW:alpha"
tmux_type "beta"
expect_screen "preview: follows the top line, quoted" "PREVIEW:it's beta"
tmux_stop
tmux_start 100 12 "env LANG=C.UTF-8 $SEEK --no-store --preview 'printf \"\\033]0;pwned\\007\\033[2J\\033[31mSAFE\\033[0m\\n\"; exit 3' $L/lines.txt; exec tail -f /dev/null"
expect_screen "preview escapes: the text shown" "SAFE"
expect_screen "preview escapes: a non-zero exit shown as such" "[exit status 3]"
title=$(tmux -L "$TMUX_SOCKET" display-message -p '#{pane_title}')
expect_not_contains "preview escapes: the window title was not changed" "$title" "pwned"
expect_screen "preview escapes: the screen was not cleared" "alpha"
tmux_stop

# A slow preview never delays typing; no preview process outlives Seek (checked by pid).
rm -f "$L/pids" "$L/exit.txt"
seq 1 50 | sed 's/^/item /' > "$L/items.txt"
tmux_start 100 12 "env LANG=C.UTF-8 $SEEK --no-store --preview 'echo \$\$ >> $L/pids; exec sleep 5' $L/items.txt; echo EXIT=\$? > $L/exit.txt; exec tail -f /dev/null"
expect_screen "slow preview: started" "50 hits"
expect_screen "slow preview: running" "running"
tmux_type "item 4"
expect_screen "slow preview: typing is not held up" "14 hits" 3
keys_settled Down Down
tmux_keys C-c
wait_exit_file "$L/exit.txt"
expect_eq "slow preview: exit 130" "EXIT=130" "$(cat "$L/exit.txt")"
survivors=""
for pid in $(cat "$L/pids" 2>/dev/null); do kill -0 "$pid" 2>/dev/null && survivors="$survivors $pid"; done
expect_eq "slow preview: every preview process ended (started: $(wc -l < "$L/pids" 2>/dev/null))" "" "$survivors"
tmux_stop

"$SEEK" --preview-window sideways -f x "$L/lines.txt" >/dev/null 2>&1
expect_eq "--preview-window: a bad value exits 2" 2 "$?"
