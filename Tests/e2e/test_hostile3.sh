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
