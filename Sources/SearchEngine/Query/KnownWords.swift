// Known words take no typo
// =======================
//
// A typo is a guess that the person meant another word than the one typed. When the catalog holds
// the word typed — as a whole term, as one of its alternatives (a plural form, a synonym), or,
// for the word still being typed, as the start of a term — the guess is almost always wrong, and
// it is expensive to make: on `Data/`, `xbox` found every "Open Box" record through `box` (3,097
// hits where 31 say xbox), `iphone` every "Cell Phones" record through `phones` (7,262 where
// 1,855 say iphone). Typo is the first ranking rule, so the pages were right; the counts, the
// facets and the refinement list were not — Stats said 7,262 and the brand list began with
// Insignia. So a word the index knows gets no typo budget, for every tier and every caller (the
// page, nbHits, facets, the highlighter): the word itself, its alternatives and the words
// containing it (`ground` in `background`, ranked as three typos) still match.
//
// Even when the query then relaxes: `hand mixers` on a catalog without hand mixers drops
// `mixers` and lists what says "hand", as any query whose words find nothing together; a typo on
// `hand` would have listed stand mixers through "and" in their descriptions. Of the 1,695 real
// queries with categories, 31 rank better in category precision and 9 worse — all nine answers
// that a typo had made right by accident ("deep fryers" as washers and dryers, "smart light
// strips" as cameras): 74.4% → 74.5%. On all 2,120, 151 count fewer hits (median ×2.45) and 72
// change their top brand (`make bench`).
//
// What it trades: a word that is both a real word and a misspelling of another (`form` for
// `from`) is taken as typed; Algolia and Meilisearch would also list the other word's records,
// below. A word the catalog does not hold keeps its budget, so `iphnoe` still finds the iPhones.
// A word still being typed counts as known when a term starts with it, so `ipho` never lists
// `photo` on the way to `iphone`. Algolia's way (typos on every word) is `typosOnKnownWords`,
// the engine's default and the one lines keep: a pipe is scanned once, before it is known which
// words it holds. A scan of records (StoreScan) learns them in its pass and, when a known word
// had a budget, makes a second pass without it.
//
// The index decides with its own dictionary: a binary search a word (two for a prefix), once per
// query. A catalog answered by several indexes (a stream's base and its tail) decides per index.

extension SearchIndex {
  /// `text` as this index reads it: the settings' analysis (`ParsedQuery(_:settings:)`), the
  /// lexicon's words for the words the dictionary does not know (Lexicon.swift), then no typo
  /// budget for the words it knows, by then (see the notes above).
  /// `learned`: words learned from picks for words the index does not know.
  public func parse(_ text: String, learned: Lexicon? = nil) -> ParsedQuery {
    read(ParsedQuery(text, settings: settings), learned: learned)
  }

  /// `query` as this index reads it, in one pass over its words (each looked up once): a word
  /// the dictionary does not know gets the lexicon's words for it (Lexicon.swift), and a word it
  /// knows by then — as typed, as one of its alternatives, or, for the word being typed, as the
  /// start of a term — no typo budget, unless the settings allow typos on known words. Reading a
  /// query read already changes nothing (the highlighter reads what it is given).
  public func read(_ query: ParsedQuery, learned: Lexicon? = nil) -> ParsedQuery {
    let hasLexicon = settings.lexicon != nil || learned != nil
    let dropsTypos = !settings.typoTolerance.typosOnKnownWords
    guard hasLexicon || dropsTypos else { return query }
    var out = query
    for i in out.words.indices where hasLexicon || out.words[i].typoBudget > 0 {
      var known = knows(out.words[i])
      if !known && hasLexicon { known = addLexicalAlternatives(to: &out.words[i], learned: learned) }
      if known && dropsTypos { out.words[i].typoBudget = 0 }
    }
    return out
  }

  /// Whether the dictionary holds `word` (see `read`).
  func knows(_ word: QueryWord) -> Bool {
    // Safe: each buffer is used only inside its closure, while its array is alive.
    let known = word.folded.withUnsafeBufferPointer { w in
      terms.find(w) != nil || (word.isPrefix && !terms.prefixRange(w).isEmpty)
    }
    return known || word.alternatives.contains { $0.withUnsafeBufferPointer { terms.find($0) != nil } }
  }
}
