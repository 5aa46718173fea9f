# seek --filter: output, exit codes, errors.
out=$("$SEEK" --filter "iphone 15 pro" --hits-per-page 3 Data/products.json 2>"$WORK/err"); code=$?
expect_eq "filter: exit 0 with hits" 0 "$code"
expect_eq "filter: one title per hit" 3 "$(printf '%s\n' "$out" | wc -l)"
expect_contains "filter: ranked hit" "$(printf '%s\n' "$out" | head -1)" "iPhone 15 Pro"
expect_contains "filter: nbHits on stderr" "$(cat "$WORK/err")" "nbHits: "

# Plurals and the synonyms of Data/products.settings.json: words the catalog does not hold find
# the records that mean them.
expect_contains "filter: a plural finds its synonym's records" "$("$SEEK" -f televisions Data/products.json 2>/dev/null | head -1)" "TV"
expect_contains "filter: a one-way synonym" "$("$SEEK" -f ps5 Data/products.json 2>/dev/null | head -1)" "PlayStation 5"
# ps5's synonym is a phrase: it finds "PlayStation 5" only where the two words follow each other
# (not a controller "for PlayStation"), highlighted whole, and says ps5 matched.
expect_eq "filter: a phrase synonym finds the phrase only" "0" "$("$SEEK" -f ps5 Data/products.json 2>/dev/null | grep -vc 'PlayStation 5')"
expect_contains "filter: a phrase synonym is highlighted whole" "$("$SEEK" -f ps5 Data/products.json --json --hits-per-page 1 2>/dev/null)" '<em>PlayStation 5</em>'
expect_contains "filter: a phrase synonym's word is a matched word" "$("$SEEK" -f ps5 Data/products.json --json --hits-per-page 1 2>/dev/null)" '"matchedWords":["ps5"]'

"$SEEK" --filter "zzqqxx" Data/products.json >/dev/null 2>&1; code=$?
expect_eq "filter: exit 1 without hits" 1 "$code"

out=$("$SEEK" --filter "samsng" --json --hits-per-page 2 Data/products.json); code=$?
expect_eq "filter --json: exit 0" 0 "$code"
expect_contains "filter --json: highlight markup" "$out" '<em>Samsung</em>'
expect_contains "filter --json: ranking info" "$out" '"_rankingInfo":{"nbTypos":1'
python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); assert d["nbHits"]>0 and len(d["hits"])==2' <<<"$out" \
  && pass "filter --json: valid JSON" || fail "filter --json: valid JSON" "$out"
# Algolia's response, field for field (its documented search response), page from 0.
shape=$("$SEEK" --no-store -f "samsung tv" --json --page 1 --hits-per-page 3 --facets brand,price Data/products.json | python3 -c '
import json, sys
d = json.load(sys.stdin)
top = ["hits", "nbHits", "page", "nbPages", "hitsPerPage", "exhaustiveNbHits", "exhaustiveTypo", "exhaustive", "query",
       "params", "index", "processingTimeMS", "serverTimeMS", "renderingContent", "facets", "facets_stats",
       "exhaustiveFacetsCount"]
missing = [k for k in top if k not in d]
h = d["hits"][0]
hl = h["_highlightResult"]
for attr, v in hl.items():
    for k in ["value", "matchLevel", "fullyHighlighted", "matchedWords"]:
        if k not in v: missing.append("_highlightResult." + attr + "." + k)
for k in ["nbTypos", "firstMatchedWord", "proximityDistance", "nbExactWords", "words", "filters"]:
    if k not in h["_rankingInfo"]: missing.append("_rankingInfo." + k)
for k in ["min", "max", "avg", "sum"]:
    if k not in d["facets_stats"]["price"]: missing.append("facets_stats.price." + k)
# A numeric facet counts its values too (Algolia: "299.99": 3), each a number as text.
if not d["facets"].get("price") or not all(float(v) >= 0 for v in d["facets"]["price"]): missing.append("facets.price")
print(" ".join(missing) or "complete", d["page"], hl["name"]["matchLevel"], sorted(hl["name"]["matchedWords"]),
      "query=samsung%20tv&page=1&hitsPerPage=3" in d["params"], "_checked" in h)
')
expect_eq "filter --json: Algolia's fields, page from 0" "complete 1 full ['samsung', 'tv'] True True" "$shape"
# The records as stored: every JSON type back as written; Seek's members apart from the record's.
printf '[{"name":"widget","inStock":true,"tags":["a","b"],"dims":{"w":1,"h":2.5},"note":null,"price":12.50,"checked":"mine"}]' > "$WORK/typed.json"
stored=$("$SEEK" --no-store -f widget --json "$WORK/typed.json" | python3 -c '
import json, sys
h = json.load(sys.stdin)["hits"][0]
print(json.dumps({k: v for k, v in h.items() if not k.startswith("_") and k != "objectID"}, separators=(",", ":")), h["_checked"])')
# A text facet sorts alphabetically (folded), both ways.
sorted_brands=$("$SEEK" --no-store -f case --sort brand:asc --json --hits-per-page 1000 Data/products.json | python3 -c '
import json, sys
b = [h["brand"].casefold() for h in json.load(sys.stdin)["hits"]]
print(len(b) > 100 and b == sorted(b))')
expect_eq "--sort brand:asc: hits in alphabetical order of brand" "True" "$sorted_brands"
# --settings FILE: settings for any catalog (a pipe has no file beside it).
printf '{"synonyms":[{"type":"synonym","synonyms":["hoover","vacuum"]}]}' > "$WORK/syn-settings.json"
expect_eq "--settings: a pipe's synonyms (without: nothing)" "Dyson vacuum|" \
  "$(printf 'Dyson vacuum\nKettle\n' | "$SEEK" -f hoover --settings "$WORK/syn-settings.json" 2>/dev/null)|$(printf 'Dyson vacuum\nKettle\n' | "$SEEK" -f hoover 2>/dev/null)"
printf '{"bogus":1}' > "$WORK/bogus-settings.json"
out=$("$SEEK" -f ps5 --settings "$WORK/bogus-settings.json" Data/products.json 2>&1); code=$?
expect_eq "--settings: a bad file is said, exit 2" "2|yes" "$code|$(grep -q "bogus-settings.json: invalid settings: unknown setting 'bogus'" <<<"$out" && echo yes)"
# An array or an object is highlighted element by element, member by member (Algolia's).
nested=$("$SEEK" --no-store -f "red" --json --searchable name,tags,dims <(printf '[{"name":"red widget","tags":["red","blue"],"dims":{"color":"red","size":"big"}}]') | python3 -c '
import json, sys
hl = json.load(sys.stdin)["hits"][0]["_highlightResult"]
print(hl["tags"][0]["value"], hl["tags"][1]["matchLevel"], hl["dims"]["color"]["value"], hl["dims"]["size"]["matchLevel"])')
expect_eq "filter --json: arrays and objects highlighted element by element" "<em>red</em> none <em>red</em> none" "$nested"
expect_eq "filter --json: the record as stored" '{"name":"widget","inStock":true,"tags":["a","b"],"dims":{"w":1,"h":2.5},"note":null,"price":12.5,"checked":"mine"} False' "$stored"

p1=$("$SEEK" --filter "case" --hits-per-page 5 --page 0 Data/products.json 2>/dev/null)
p2=$("$SEEK" --filter "case" --hits-per-page 5 --page 1 Data/products.json 2>/dev/null)
both=$("$SEEK" --filter "case" --hits-per-page 10 Data/products.json 2>/dev/null)
expect_eq "filter: pages 1+2 equal the first 10" "$both" "$p1"$'\n'"$p2"

printf '[{"name": "ok"},\n {"name": oops}]' > "$WORK/bad.json"
err=$("$SEEK" --filter x "$WORK/bad.json" 2>&1 >/dev/null); code=$?
expect_eq "bad JSON: exit 2" 2 "$code"
expect_contains "bad JSON: file, line, column" "$err" "bad.json:2:11: malformed JSON: expected a value, found 'o'"

printf 'name,price\n"a,1\n' > "$WORK/bad.csv"
err=$("$SEEK" --filter x "$WORK/bad.csv" 2>&1 >/dev/null); code=$?
expect_eq "bad CSV: exit 2" 2 "$code"
expect_contains "bad CSV: line" "$err" "bad.csv:2: unterminated quoted field"

err=$("$SEEK" --filter x "$WORK/missing.json" 2>&1 >/dev/null); code=$?
expect_eq "missing catalog: exit 2" 2 "$code"
expect_contains "missing catalog: message" "$err" "missing.json: no such file"

err=$("$SEEK" --bogus 2>&1); code=$?
expect_eq "unknown flag: exit 2" 2 "$code"
expect_contains "unknown flag: message (fzf's words)" "$err" "unknown option: --bogus"

out=$("$SEEK" --help); code=$?
expect_eq "--help: exit 0" 0 "$code"
expect_contains "--help lists keys" "$out" "Tab"
expect_contains "--version" "$("$SEEK" --version)" "seek "

printf '{"name": "evil \\u001b]0;pwned\\u0007 title"}\n' > "$WORK/evil.jsonl"
out=$("$SEEK" --filter evil "$WORK/evil.jsonl" 2>/dev/null | od -c)
expect_not_contains "filter: no raw escape in output" "$out" '033'
printf 'name\npart 99999\npart 19999\n' > "$WORK/parts.csv"
expect_eq "filter: no typos on numbers (99999 does not find 19999)" "part 99999" "$("$SEEK" --no-store -f 99999 "$WORK/parts.csv" 2>/dev/null)"

# --filter on a pipe of lines is matched while read (no index): the same answers as the indexed
# file, pages, JSON and relaxation included.
gzip -dc ../shared/data/pypi-packages.tsv.gz 2>/dev/null | tail -n +2 | cut -f1 | head -6000 > "$WORK/names.txt"
if [ -s "$WORK/names.txt" ]; then
  same=0; total=0
  for q in req requests reqeusts "django rest" djnago "py test" pytest-m flask "aws cdk" "zzzq django" "flask zzzq djnago" "" sci scikit-learn 0 "numpy pandas"; do
    for flags in "--hits-per-page 15" "--page 2 --hits-per-page 7" "--json --hits-per-page 5" "--tac --hits-per-page 10"; do
      total=$((total + 1))
      # The same lines; only the index's name differs (stdin, names).
      a=$("$SEEK" -f "$q" $flags < "$WORK/names.txt" 2>&1 | sed 's/"index":"stdin"/"index":"names"/')
      b=$("$SEEK" -f "$q" $flags --no-store "$WORK/names.txt" 2>&1)
      if [ "$(untimed <<<"$a")" = "$(untimed <<<"$b")" ]; then same=$((same + 1)); else echo "    differs: '$q' $flags"; fi
    done
  done
  expect_eq "pipe --filter streamed: the same answers as the index ($total cases)" "$total" "$same"
else
  fail "pipe --filter streamed: no names from ../shared/data"
fi
# --distinct ATTRIBUTE: one hit per brand, nbHits the groups; pages by offset hold each brand once.
out=$("$SEEK" --no-store -f "iphone case" --json --hits-per-page 1000 --distinct brand Data/products.json 2>/dev/null)
brands=$(python3 -c 'import json,sys; r=json.load(sys.stdin); b=[h["brand"] for h in r["hits"]]; print(len(b), len(set(b)), r["nbHits"])' <<<"$out")
expect_eq "--distinct brand: each brand once, counted as groups" "11 11 11" "$brands"
paged=$(for p in 0 1 2; do "$SEEK" --no-store -f "iphone case" --hits-per-page 4 --page $p --distinct brand Data/products.json 2>/dev/null; done | sort | uniq | wc -l)
expect_eq "--distinct brand: three pages of four, eleven different hits" "11" "$paged"
err=$("$SEEK" --no-store -f x --distinct brand:many Data/products.json 2>&1); code=$?
expect_eq "--distinct brand:many: exit 2" "2" "$code"
# How many of QUERIES (after FILE and FLAGS) `seek -f` answers alike from a pipe and from the
# indexed file; names the ones that differ. Sets `same` and `total`.
pipe_matches_index() {
  local file=$1 flags=$2 q a b; shift 2
  same=0; total=0
  for q in "$@"; do
    total=$((total + 1))
    a=$("$SEEK" -f "$q" $flags < "$file" 2>&1)
    b=$("$SEEK" -f "$q" $flags --no-store "$file" 2>&1)
    if [ "$(untimed <<<"$a")" = "$(untimed <<<"$b")" ]; then same=$((same + 1)); else echo "    differs: '$q'"; fi
  done
}

# disableTypoToleranceOnAttributes: a typo finds nothing there, and the response's matchedWords say so.
printf '[{"name":"Alpha speaker","sku":"ALPHA BRAVO"}]' > "$WORK/tf.json"
printf '{"disableTypoToleranceOnAttributes":["sku"],"searchableAttributes":["name","sku"]}' > "$WORK/tf.settings.json"
words=$("$SEEK" --no-store -f "alpha bravx" --json "$WORK/tf.json" 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["hits"][0]["_highlightResult"]["sku"]["matchedWords"])')
expect_eq "typo-free attribute: matchedWords without the typo'd word" "['alpha']" "$words"

# One word typed: a whole word beats the same letters starting a longer one (exactOnSingleWordQuery
# `word`, the default for lines), and the package's own line, whose first field is the word, is first.
gzip -dc ../shared/data/npm-packages.tsv.gz 2>/dev/null | awk -F'\t' '$1 ~ /^(react|vue)/ { print $1 " — " $4 }' > "$WORK/react.txt"
if [ -s "$WORK/react.txt" ]; then
  first=$("$SEEK" -f react --hits-per-page 1 --no-store "$WORK/react.txt" 2>/dev/null | head -1)
  expect_eq "react on package lines: the package's own line first" "react — React is a JavaScript library for building user interfaces." "$first"
  pipe_matches_index "$WORK/react.txt" "--hits-per-page 30" react reac re vue v "react dom"
  expect_eq "react lines streamed: the same answers as the index ($total queries)" "$total" "$same"
else
  fail "react lines: no names from ../shared/data"
fi
# Words inside words at every dictionary size (here 400,000 terms, past the old 300,000 limit):
# every line holding 4242 ranks above the fuzzy matches, from the pipe and from the index.
seq 1 400000 > "$WORK/seq.txt"
holding=$(grep -c 4242 "$WORK/seq.txt")
top=$("$SEEK" -f 4242 < "$WORK/seq.txt" 2>/dev/null | head -"$holding" | grep -c 4242)
expect_eq "substrings at 400,000 terms, pipe: the $holding lines holding 4242 first" "$holding" "$top"
top=$(SEEK_STREAM_FILES_ABOVE=999999999999 XDG_DATA_HOME="$WORK/xdg-seq" "$SEEK" -f 4242 --no-store "$WORK/seq.txt" 2>/dev/null | head -"$holding" | grep -c 4242)
expect_eq "substrings at 400,000 terms, index: the $holding lines holding 4242 first" "$holding" "$top"
# Every match of a pipe (no page asked for) is printed in the order the stream ranked it, not
# indexed again: the same lines in the same order as the indexed file prints.
if [ -s "$WORK/names.txt" ]; then
  pipe_matches_index "$WORK/names.txt" "" req reqeusts "django rest" "py test" sci scb "^flask" "'orm" 0 "" djnago "zzzq django"
  expect_eq "pipe --filter, every match: the index's lines in the index's order ($total queries)" "$total" "$same"
fi
pipe_matches_index "$WORK/seq.txt" "" 4242 99 "12 34"
expect_eq "pipe --filter, every match over 400,000 terms: the index's order ($total queries)" "$total" "$same"
# Past 10,000 distinct terms an index keeps two-typo words to their first letters: the stream
# learns the dictionary's size as it reads, and answers as the index of the whole input would.
python3 -c '
import random
random.seed(7)
letters = "abcdefghij"
words = ["".join(random.choice(letters) for _ in range(9)) for _ in range(15000)]
for i in range(0, len(words), 3): print(" ".join(words[i:i + 3]))
print("bcdefghij abcdefghia"); print("acdefghij")
' > "$WORK/medium.txt"
pipe_matches_index "$WORK/medium.txt" "--hits-per-page 25" abcdefghij bacdefghij abcdefgh "abcde fghij" jihgfedcba abcdefghi
expect_eq "pipe --filter streamed, over 10,000 terms: the same answers as the index ($total queries)" "$total" "$same"

# --filter on a large records file without an index cache answers from a scan of its records
# before indexing them (SEEK_STREAM_FILES_ABOVE=0 makes every file large; each run starts with
# no cache): the same answers as the index, pages, JSON, typos and relaxation included.
same=0; total=0
while IFS='|' read -r q flags; do
  total=$((total + 1))
  rm -rf "$WORK/xdg-cold"
  a=$(XDG_DATA_HOME="$WORK/xdg-cold" SEEK_STREAM_FILES_ABOVE=0 "$SEEK" -f "$q" $flags --no-store Data/products.json 2>&1; echo "exit $?")
  b=$("$SEEK" -f "$q" $flags --no-store Data/products.json 2>&1; echo "exit $?")
  if [ "$(untimed <<<"$a")" = "$(untimed <<<"$b")" ]; then same=$((same + 1)); else echo "    differs: '$q' $flags"; fi
done <<'CASES'
iphone|--hits-per-page 6
samsung tv|--page 3 --hits-per-page 4
samsng|--json --hits-per-page 3
cell phone accessories|--hits-per-page 6
zzqx apple|--json --hits-per-page 2
ch|--page 2 --hits-per-page 5
sony xeadphonse|--hits-per-page 6
qqqqqq|--hits-per-page 6
|--hits-per-page 4
case|--page 2 --hits-per-page 1500
CASES
expect_eq "records --filter scanned before indexing: the same answers as the index ($total cases)" "$total" "$same"

# --filter on a large records file without an index cache returns once it has answered: the
# cache is built by a seek in the background (its own session, a lock beside the cache), and the
# next run answers the same from it. (Large: above 16 MB; here the environment says any size.)
bigxdg="$WORK/xdg-big"
oneshot() {
  XDG_DATA_HOME="$bigxdg" SEEK_STREAM_FILES_ABOVE=0 SEEK_BACKGROUND_CACHE_ABOVE=0 \
    "$SEEK" -f "samsung tv" --hits-per-page 3 Data/products.json 2>/dev/null
  echo "exit $?"
}
first=$(oneshot)
expect_eq "large file, one shot: the answer" "$("$SEEK" -f "samsung tv" --hits-per-page 3 --no-store Data/products.json 2>/dev/null; echo "exit 0")" "$first"
cache() { ls "$bigxdg"/seek/*.index 2>/dev/null | head -1; }
cache_written() { [ -n "$(cache)" ]; }
wait_until 120 cache_written
expect_contains "large file, one shot: the cache built in the background" "$(cache)" ".index"
# The builder has ended once its lock is free (it never outlives its work). No cache, no lock
# looked at: flock would create one where it stands.
builder_done() { local c; c=$(cache); [ -n "$c" ] && flock -n "$c.lock" true; }
wait_until 60 builder_done
expect_eq "large file, one shot: the builder has ended" "free" "$(builder_done && echo free)"
expect_eq "large file, from the cache: the same answer" "$first" "$(oneshot)"
# The builder waited for the disk and noted the cache as checked: later starts trust it unread.
expect_eq "large file: the builder noted its cache as checked" "yes" "$([ -s "$(cache).checked" ] && echo yes)"
# A byte changed in place after that (the change time moves): checked whole again, refused, rebuilt.
damaged_at=$(( $(stat -c %s "$(cache)") / 2 ))
printf 'Z' | dd of="$(cache)" bs=1 seek="$damaged_at" conv=notrunc 2>/dev/null
err=$(XDG_DATA_HOME="$bigxdg" SEEK_STREAM_FILES_ABOVE=0 SEEK_BACKGROUND_CACHE_ABOVE=0 \
  "$SEEK" -f "samsung tv" --hits-per-page 3 Data/products.json 2>&1 >/dev/null)
expect_contains "large file: a cache damaged after its note is refused" "$err" "checksum mismatch"
wait_until 60 builder_done
expect_eq "large file: rebuilt after the damage, the same answer" "$first" "$(oneshot)"

# On lines, --filter prints every match, as fzf's does; --hits-per-page and --page still page.
lines=$(for i in $(seq 1 150); do echo "src/module$i/File$i.swift"; echo "docs/page$i.md"; done)
expect_eq "lines --filter: every match printed (pipe)" 150 "$(printf '%s\n' "$lines" | "$SEEK" -f swift 2>/dev/null | wc -l)"
printf '%s\n' "$lines" > "$WORK/paths.txt"
expect_eq "lines --filter: every match printed (file)" 150 "$("$SEEK" --no-store -f swift "$WORK/paths.txt" 2>/dev/null | wc -l)"
expect_eq "lines --filter: --hits-per-page still pages" 7 "$(printf '%s\n' "$lines" | "$SEEK" -f swift --hits-per-page 7 2>/dev/null | wc -l)"
expect_eq "lines --filter --json: one page" 20 "$(printf '%s\n' "$lines" | "$SEEK" -f swift --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["hits"]))')"

# Words written together or apart (records): split where nothing matches, joined where the words
# find nothing together.
printf '[{"name": "Oat milk"}, {"name": "Oat bar"}, {"name": "Head massager"}, {"name": "Headphones"}, {"name": "Cell phones"}]' > "$WORK/list.json"
expect_eq "records: oatmilk finds Oat milk, head phones Headphones" "Oat milk|Headphones" \
  "$("$SEEK" --no-store -f oatmilk "$WORK/list.json" 2>/dev/null)|$("$SEEK" --no-store -f "head phones" "$WORK/list.json" 2>/dev/null)"

# The words shoppers use (records): a word the catalog does not use finds the lexicon's words, the
# model typed comes before its siblings, and a suggestions file's category lifts its hits.
expect_eq "records: fridge lists refrigerators" "3" \
  "$("$SEEK" --no-store -f fridge --hits-per-page 3 Data/products.json 2>/dev/null | grep -c Refrigerator)"
expect_eq "records: iphone 15 is the iPhone 15, not the 15 Pro" "Apple - iPhone 15 - 128GB" \
  "$("$SEEK" --no-store -f "iphone 15" --hits-per-page 1 Data/products.json 2>/dev/null | cut -d' ' -f1-6)"
printf '[{"query": "nintendo switch", "popularity": 9, "instant_search": {"facets": {"exact_matches": {"categories": [{"value": "Nintendo Switch Games", "count": 1}]}}}}]' > "$WORK/categorized.json"
first_category() { python3 -c 'import json,sys; h=json.load(sys.stdin)["hits"][0]; print(h["category"], h["_rankingInfo"]["filters"])'; }
expect_eq "records: nintendo switch lists the consoles first" "Video Games > Consoles > Nintendo Switch 0" \
  "$("$SEEK" --no-store -f "nintendo switch" --hits-per-page 1 --json Data/products.json | first_category)"
expect_eq "records: a suggestions file's category lifts its hits (--filter as the app)" \
  "Video Games > Nintendo Switch Games 1" \
  "$("$SEEK" --no-store -f "nintendo switch" --hits-per-page 1 --json --suggestions "$WORK/categorized.json" Data/products.json | first_category)"
