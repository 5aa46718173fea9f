import SearchEngine

/// Builds an index from `(name, extra attributes...)` rows, in input order.
func makeIndex(
  _ rows: [[String: String]], searchable: [String] = ["name", "brand", "description"],
  customRanking: [CustomRanking] = [.descending("popularity")], substring: Bool? = nil,
  ordered: Set<String> = [], tiebreak: [Tiebreak] = [.name], reverse: Bool = false,
  alternatives: WordAlternatives = WordAlternatives()
) -> SearchIndex {
  let attributes = ["name", "brand", "description", "popularity"]
  var store = DocumentStore(attributes: attributes)
  for (i, row) in rows.enumerated() {
    store.append(objectID: row["id"] ?? String(i), values: attributes.map { row[$0] ?? "" })
  }
  return IndexBuilder.build(
    store,
    settings: IndexSettings(
      searchableAttributes: searchable, titleAttribute: "name", customRanking: customRanking,
      substringMatching: substring, orderedAttributes: ordered, tiebreak: tiebreak, reverseInputOrder: reverse,
      alternatives: alternatives))
}

func names(_ index: SearchIndex, _ query: String, hitsPerPage: Int = 50) -> [String] {
  let response = Searcher(index: index).search(SearchRequest(query: query, hitsPerPage: hitsPerPage))
  return response.hits.map { index.documents.value($0.record, 0) }
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
