import SearchEngine

/// Builds an index from `(name, extra attributes...)` rows, in input order.
func makeIndex(
  _ rows: [[String: String]], searchable: [String] = ["name", "brand", "description"],
  customRanking: [CustomRanking] = [.descending("popularity")], substring: Bool? = nil,
  ordered: Set<String> = [], tiebreak: [Tiebreak] = [.name], reverse: Bool = false,
  alternatives: WordAlternatives = WordAlternatives(), variantWords: [String] = [], lexicon: Lexicon? = nil,
  typosOnKnownWords: Bool = true
) -> SearchIndex {
  let attributes = ["name", "brand", "description", "popularity"]
  var store = DocumentStore(attributes: attributes)
  for (i, row) in rows.enumerated() {
    store.append(objectID: row["id"] ?? String(i), values: attributes.map { row[$0] ?? "" })
  }
  var settings = IndexSettings(
    searchableAttributes: searchable, titleAttribute: "name", customRanking: customRanking,
    substringMatching: substring, orderedAttributes: ordered, tiebreak: tiebreak, reverseInputOrder: reverse,
    alternatives: alternatives)
  settings.variantWords = Set(variantWords.map(TextFolding.foldedKey))
  settings.lexicon = lexicon
  settings.typoTolerance.typosOnKnownWords = typosOnKnownWords
  return IndexBuilder.build(store, settings: settings)
}

func names(_ index: SearchIndex, _ query: String, hitsPerPage: Int = 50) -> [String] {
  let response = Searcher(index: index).search(SearchRequest(query: query, hitsPerPage: hitsPerPage))
  return response.hits.map { index.documents.value($0.record, 0) }
}

/// The first `pages` pages of `query` from a searcher that evaluates everything and from one that
/// takes every shortcut (tiers, early-stopping scans), side by side: they must agree.
func exhaustiveAndTieredPages(_ index: SearchIndex, _ query: String, pages: Int = 3, hitsPerPage: Int = 10)
  -> [(exhaustive: SearchResponse, tiered: SearchResponse)]
{
  let exhaustive = Searcher(index: index)
  exhaustive.tieringThreshold = .max
  let tiered = Searcher(index: index)
  tiered.tieringThreshold = 0
  return (0..<pages).map { page in
    let request = SearchRequest(query: query, page: page, hitsPerPage: hitsPerPage)
    return (exhaustive.search(request), tiered.search(request))
  }
}

/// A seeded linear congruential generator: the same "random" fixtures on every run.
struct SeededNumbers {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A number in `0 ..< n`.
  mutating func next(_ n: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(n))
  }
}
