# Suggestions generated from the catalog, recent searches first, and relevance that fits shoppers.
G="$WORK/suggest"; mkdir -p "$G"
GSTORE="$G/store.sqlite"

tmux_start 100 30 "env LANG=C.UTF-8 $SEEK --store $GSTORE Data/products.json; exec tail -f /dev/null"
expect_screen "generated: started" "10,000 hits"
tmux_type "macb"
expect_screen "generated: macb offers macbook air" "macbook air"
expect_screen "generated: and macbook pro" "macbook pro"
# Reverse highlighting: "macb" plain, "ook air" bold.
row=$(screen | grep -n "macbook air" | head -1 | cut -d: -f1)
styled=$(tmux -L "$TMUX_SOCKET" capture-pane -p -e | sed -n "${row}p")
expect_contains "generated: the completion is bold, the typed part plain" "$styled" $'macb\e[1mook air'
tmux_keys C-u
tmux_type "zelda"
tmux_keys Enter
expect_screen "recent: zelda submitted" "Zelda"
tmux_keys C-u
expect_screen "recent: the empty query shows it first, marked" "↺ zelda"
first=$(screen | sed -n 2p)
expect_contains "recent: first row of the pane" "$first" "↺ zelda"
tmux_keys Down
expect_screen "recent: highlighted, with its key" "Del forget"
tmux_keys DC
expect_screen_gone "recent: Delete removes it" "↺ zelda"
tmux_keys C-c
tmux_stop

# Removed from the log: the next run does not offer it either.
tmux_start 100 30 "env LANG=C.UTF-8 $SEEK --store $GSTORE Data/products.json; exec tail -f /dev/null"
expect_screen "recent, next run: started" "10,000 hits"
# The empty query's suggestions have arrived (the row under the query is one of them).
second_line_filled() { [ -n "$(screen | sed -n 2p | tr -d ' ')" ]; }
wait_until 10 second_line_filled
if screen | grep -qF "↺ zelda"; then fail "recent, next run: forgotten for good"; else pass "recent, next run: forgotten for good"; fi
tmux_keys C-c
tmux_stop

# Package names (no brand or category): the pane is not empty.
printf 'react-native-maps\nreact-native-svg\nreact-native-fs\nreact-dom\nreact-router\nreact-native-screens\nreact-native-reanimated\n' > "$G/pkgs.txt"
tmux_start 100 20 "env LANG=C.UTF-8 $SEEK --no-store --suggest --suggestions-min-hits 3 $G/pkgs.txt; exec tail -f /dev/null"
expect_screen "generated from names: started" "7 hits"
tmux_type "rea"
expect_screen "generated from names: react native" "react native"
tmux_stop

# Relevance: popularity decides between "tv" anywhere in the name (unordered attributes).
out=$("$SEEK" --no-store -f tv --hits-per-page 5 Data/products.json 2>/dev/null)
expect_not_contains "relevance: no wall mount in the top 5 for tv" "$out" "Mount"
expect_contains "relevance: TVs first" "$(echo "$out" | head -1)" "TV"
expect_eq "relevance: 99999 finds no 19999 (no typos on numbers)" 1 \
  "$(printf 'model 19999\nmodel 29999\n' | "$SEEK" -f 99999 >/dev/null 2>&1; echo $?)"
