# Refine: facets, filters and sort, in the CLI and the app.
SUGGESTIONS="$(realpath ../shared/data/ecommerce-query-suggestions.json)"

# CLI
out=$("$SEEK" --no-store -f "" Data/products.json --filters 'brand:Apple AND category:"Cell Phones > Smartphones" AND price < 900' --hits-per-page 100 --field brand 2>/dev/null | sort -u)
expect_eq "--filters: only what passes" "Apple" "$out"
prices=$("$SEEK" --no-store -f "" Data/products.json --filters 'brand:apple' --sort price:desc --hits-per-page 30 --field price 2>/dev/null)
expect_eq "--sort price:desc orders by price" "$(printf '%s\n' "$prices" | sort -rn)" "$prices"
err=$("$SEEK" --no-store -f tv Data/products.json --facets brand,price 2>&1 >/dev/null)
expect_contains "--facets: counts after the hits" "$err" "brand: Samsung ("
expect_contains "--facets: numeric range" "$err" "price: "
json=$("$SEEK" --no-store -f tv Data/products.json --facets brand,price --json)
expect_contains "--json: facets" "$json" '"facets":{"brand":{"Samsung":'
expect_contains "--json: facets_stats" "$json" '"facets_stats":{"price":{"min":'
err=$("$SEEK" --no-store -f x Data/products.json --filters 'brand:Apple AND (price < 5' 2>&1); code=$?
expect_eq "--filters: a bad expression exits 2" 2 "$code"
expect_contains "--filters: says the column" "$err" "column 17"
err=$("$SEEK" --no-store -f x Data/products.json --filters 'color:red' 2>&1); code=$?
expect_eq "--filters: an attribute that is not a facet exits 2" "2" "$code"
expect_contains "--filters: names the facets" "$err" "facets: brand, category"
n_all=$("$SEEK" --no-store -f "" Data/products.json --filters 'category:"Cell Phones"' --json --hits-per-page 1 | grep -o '"nbHits":[0-9]*' | head -1 | cut -d: -f2)
n_sub=$("$SEEK" --no-store -f "" Data/products.json --filters 'category:"Cell Phones > Smartphones"' --json --hits-per-page 1 | grep -o '"nbHits":[0-9]*' | head -1 | cut -d: -f2)
expect_eq "hierarchy: an upper level holds its lower levels" "yes" "$([ "${n_all:-0}" -gt "${n_sub:-0}" ] && [ "${n_sub:-0}" -gt 0 ] && echo yes || echo no)"

# App: "iphone in Cell Phones" → only Cell Phones results, shown as a chip.
tmux_start 130 30 "env LANG=C.UTF-8 $SEEK --no-store --suggestions $SUGGESTIONS Data/products.json; exec tail -f /dev/null"
expect_screen "refine: started" "hits"
tmux_type "iphone"
expect_screen "refine: the suggestion with its category" "iphone  in Cell Phones"
keys_settled Down Down  # the bare query, then the one in its category
keys_settled Enter
expect_screen "refine: the category chip" "category: Cell Phones ×"
results=$(screen | sed -n '3,20p' | cut -c1-95 | grep -F '[ ]')
expect_not_contains "refine: only Cell Phones results" "$(printf '%s\n' "$results" | grep -v 'Cell Phones')" "[ ]"
# The pane: F2, move to a brand, Space.
keys_settled F2
keys_settled Down
tmux_keys Space
expect_screen "refine: the pane refines a brand (chip)" "brand: "
expect_screen "refine: the refined brand is checked in the pane" "│ [x] "
keys_settled Escape
tmux_keys F4
expect_screen_gone "refine: F4 clears every refinement" "F4 clear refinements"
# A price range typed in the query.
tmux_keys C-u
tmux_type "price<100 "
expect_screen "refine: price<100 typed becomes a chip" "price < 100 ×"
tmux_type "tv"
# The pane's price row says the refined part of the range (the histogram and the range beside
# it stay those of every hit without the price refinement, as a range slider's do).
expect_screen "refine: the pane's range says the refinement" "< 100 of "
expect_not_contains "refine: the token left the query" "$(screen | sed -n 1p)" "price<100"
# The histogram: F2, down to the price bars (marked ›), Right moves the upper handle.
keys_settled F2
bars_focused() { screen | grep -qE '│ › .*[▁▂▃▄▅▆▇█]'; }
for _ in $(seq 1 30); do bars_focused && break; keys_settled Down; done
expect_eq "histogram: the price bars can be selected" "yes" "$(bars_focused && echo yes || echo no)"
tmux_keys Right
expect_screen_gone "histogram: Right moves the upper handle" "price < 100 ×"
expect_screen "histogram: to the next round edge" "price < "
# A click on the last bar takes the upper handle to the end: no upper bound, no chip.
bars_row=$(screen | grep -nE '│ › ' | head -1 | cut -d: -f1)
bars_line=$(screen | sed -n "${bars_row:-1}p" | sed 's/ *$//')
tmux_keys -l "$(printf '\033[<0;%s;%sM' "${#bars_line}" "${bars_row:-1}")"
expect_screen_gone "histogram: a click on the last bar lifts the upper bound" "price < "
tmux_keys C-c
tmux_stop

tmux_start 130 30 "env LANG=C.UTF-8 $SEEK --no-store --suggestions $SUGGESTIONS Data/products.json; exec tail -f /dev/null"
expect_screen "refine: started again" "hits"
tmux_type "price<100 tv"
expect_screen "refine: price<100 typed again" "price < 100 ×"
tmux_keys F3
expect_screen "refine: F3 sorts (the settings' named sorts)" "sorted by Price: low to high"
# A click on the chip removes its refinement.
chip_row=$(screen | grep -n "price < 100 ×" | head -1 | cut -d: -f1)
tmux_keys -l "$(printf '\033[<0;3;%sM' "${chip_row:-1}")"
expect_screen_gone "refine: a click on a chip removes it" "price < 100 ×"
tmux_keys C-c
tmux_stop

# The pane lists a facet's first values and "show more"; "/" searches a facet's values (Sony is
# not among the first ten brands).
tmux_start 130 30 "env LANG=C.UTF-8 $SEEK --no-store Data/products.json; exec tail -f /dev/null"
expect_screen "pane: started" "10,000 hits"
expect_screen "pane: a facet's first values, then show more" "› show more"
keys_settled F2
keys_settled Down
tmux_keys "/"
expect_screen "pane: / searches the facet's values" "/ ▏"
tmux_type "sony"
expect_screen "pane: the values holding what is typed" "[ ] Sony"
keys_settled Enter
tmux_keys Space
expect_screen "pane: a value found by the search is refined" "brand: Sony ×"
tmux_keys C-c
tmux_stop

# Narrow screens: the pane opens in the results' place.
tmux_start 80 20 "env LANG=C.UTF-8 $SEEK --no-store Data/products.json; exec tail -f /dev/null"
expect_screen "narrow: started" "hits"
tmux_keys F2
expect_screen "narrow: F2 opens the pane" "brand"
tmux_keys Escape
expect_screen "narrow: Esc closes it" "[ ] "
tmux_keys C-c
tmux_stop

# Rules (Data/products.settings.json): "cheap" leaves the words for a price filter, and its banner
# is on the status line; --json says which rule applied, with its userData.
json=$("$SEEK" --no-store -f "cheap headphones" Data/products.json --json --hits-per-page 1000)
rules=$(python3 -c '
import json, sys
d = json.loads(sys.argv[1])
print(d["nbHits"] > 0, all(h["price"] < 500 for h in d["hits"]), d["appliedRules"], d["userData"], d["queryAfterRemoval"])' "$json")
expect_eq "rules: a filter, an edit, userData" "True True [{'objectID': 'cheap'}] [{'banner': 'Under \$500'}] headphones" "$rules"
tmux_start 100 24 "env LANG=C.UTF-8 $SEEK --no-store Data/products.json; exec tail -f /dev/null"
expect_screen "rules: started" "10,000 hits"
tmux_type "cheap laptop"
expect_screen "rules: the banner on the status line" "★ Under \$500"
tmux_keys C-u
expect_screen_gone "rules: gone with the query" "★ Under"
tmux_keys C-c
tmux_stop

# A price in the words is a filter (PriceIntent.swift), said on the status line and in --json.
expect_eq "price in the words: a filter, the words left" "price < 800|laptop|True" "$("$SEEK" --no-store -f "laptop under 800" Data/products.json --json --hits-per-page 1000 | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["priceFilter"], d["queryAfterRemoval"], all(h["price"] < 800 for h in d["hits"]) and d["nbHits"] > 0, sep="|")')"
tmux_start 100 24 "env LANG=C.UTF-8 $SEEK --no-store Data/products.json; exec tail -f /dev/null"
expect_screen "price in the words: started" "10,000 hits"
tmux_type "monitors over 300"
expect_screen "price in the words: on the status line" "from the words: price > 300"
tmux_keys C-c
tmux_stop
