import SearchEngine
import SeekApp

/// The suggestions searcher: an engine index over suggestion queries. A typed query matches the
/// suggestions' words as prefixes, with the engine's typo tolerance; hits rank by match quality,
/// then popularity. The empty query lists the most popular.
public final class SuggestionsIndex {
  public let suggestions: [Suggestion]
  private let searcher: Searcher
  public static let defaultLimit = 8

  public init(_ suggestions: [Suggestion]) {
    // One entry per normalized query: the most popular spelling wins, popularity adds up.
    var byKey: [[UInt8]: Int] = [:]
    var merged: [Suggestion] = []
    for s in suggestions {
      let key = TextFolding.foldedKey(s.query)
      guard !key.isEmpty else { continue }
      if let i = byKey[key] {
        if s.popularity > merged[i].popularity {
          merged[i].query = s.query
          merged[i].nbHits = s.nbHits ?? merged[i].nbHits
          merged[i].category = s.category ?? merged[i].category
        }
        merged[i].popularity = merged[i].popularity.saturatingAdd(s.popularity)
      } else {
        byKey[key] = merged.count
        merged.append(s)
      }
    }
    var store = DocumentStore(attributes: ["query", "popularity"])
    for (i, s) in merged.enumerated() {
      store.append(objectID: String(i), values: [s.query, String(s.popularity)])
    }
    let index = IndexBuilder.build(
      store,
      settings: IndexSettings(
        searchableAttributes: ["query"], customRanking: [.descending("popularity")],
        substringMatching: false))
    self.suggestions = merged
    self.searcher = Searcher(index: index)
  }

  public func search(_ query: String, limit: Int = defaultLimit) -> [SuggestionHit] {
    let response = searcher.search(
      SearchRequest(query: query, hitsPerPage: limit, removeWordsIfNoResults: false))
    return response.hits.map { hit in
      SuggestionHit(
        suggestion: suggestions[Int(hit.objectID)!],
        ranges: hit.highlights.first?.ranges ?? [])
    }
  }
}
