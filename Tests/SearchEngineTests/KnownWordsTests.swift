import Testing

@testable import SearchEngine

/// A word the index knows takes no typo (KnownWords.swift): counts, pages and highlights hold only
/// what the word typed finds.
@Suite struct KnownWordsTests {
  static let rows = [
    ["name": "Xbox Series X console", "popularity": "9"],
    ["name": "Speaker - Open Box", "popularity": "8"],
    ["name": "Gift box", "popularity": "7"],
    ["name": "Stand mixer", "description": "ten speeds and a hard bowl", "popularity": "6"],
    ["name": "Car mount", "description": "one hand mounting", "popularity": "5"],
    ["name": "iPhone 15", "popularity": "4"],
    ["name": "Cell phones", "popularity": "3"],
  ]

  static func index(typosOnKnownWords: Bool = false) -> SearchIndex {
    var settings = IndexSettings(
      searchableAttributes: ["name", "description"], titleAttribute: "name", customRanking: [.descending("popularity")])
    settings.typoTolerance.typosOnKnownWords = typosOnKnownWords
    var store = DocumentStore(attributes: ["name", "description", "popularity"])
    for (i, row) in rows.enumerated() {
      store.append(objectID: String(i), values: [row["name"]!, row["description"] ?? "", row["popularity"]!])
    }
    return IndexBuilder.build(store, settings: settings)
  }

  static func response(_ index: SearchIndex, _ query: String, tiered: Bool = false) -> SearchResponse {
    let searcher = Searcher(index: index)
    searcher.tieringThreshold = tiered ? 0 : .max
    return searcher.search(SearchRequest(query: query, hitsPerPage: 20))
  }

  @Test(arguments: [false, true])
  func aKnownWordFindsOnlyItself(tiered: Bool) {
    let index = Self.index()
    for (query, expected) in [("xbox", ["Xbox Series X console"]), ("iphone", ["iPhone 15"]), ("ipho", ["iPhone 15"])] {
      let response = Self.response(index, query, tiered: tiered)
      #expect(response.hits.map { index.documents.value($0.record, 0) } == expected, "\(query)")
      #expect(response.nbHits == expected.count, "\(query)")
    }
    // A word the index does not hold keeps its budget.
    #expect(Self.response(index, "iphnoe", tiered: tiered).hits.map(\.objectID) == ["5"])
  }

  /// With Algolia's way a known word takes typos too: "hand" finds "hard" (not "and": a typo on
  /// the first letter counts two, over a four-letter word's budget).
  @Test func algoliasWayIsASetting() {
    #expect(Self.response(Self.index(), "hand").hits.map(\.objectID) == ["4"])
    let index = Self.index(typosOnKnownWords: true)
    #expect(Set(Self.response(index, "hand").hits.map(\.objectID)) == ["3", "4"])
  }

  /// "hand mixer": no record has both as typed. A known word takes no typo even then ("hard" in
  /// the mixer's description is not "hand"): the last word is dropped, as for any query.
  @Test(arguments: [false, true])
  func aKnownWordTakesNoTypoEvenWhenTheQueryRelaxes(tiered: Bool) {
    let index = Self.index()
    let response = Self.response(index, "hand mixer", tiered: tiered)
    #expect(response.hits.map(\.objectID) == ["4"])
    #expect(response.droppedWords == ["mixer"])
    #expect(
      Self.response(Self.index(typosOnKnownWords: true), "hand mixer", tiered: tiered).hits.map(\.objectID) == ["3"])
  }

  @Test func theHighlighterMarksNoTypoOnAKnownWord() {
    let index = Self.index()
    let query = ParsedQuery("hand", settings: index.settings)
    let (marked, _) = Highlighter(index: index, query: query).highlight(record: 3)
    #expect(marked.isEmpty)
    let algolias = Self.index(typosOnKnownWords: true)
    let (allowed, _) = Highlighter(index: algolias, query: query).highlight(record: 3)
    #expect(!allowed.isEmpty)
  }

  /// Typing a known word on, letter by letter, narrows as before; a word that stops being known
  /// ("iphoe") is looked up afresh with its budget.
  @Test func typingOnNarrowsAndWidens() {
    let index = Self.index()
    let searcher = Searcher(index: index)
    searcher.tieringThreshold = 0
    var seen: [String: [String]] = [:]
    for query in ["i", "ip", "iph", "ipho", "iphoe", "iphoen", "iphone", "iphone "] {
      seen[query] = searcher.search(SearchRequest(query: query, hitsPerPage: 20)).hits.map(\.objectID)
    }
    #expect(seen["ipho"] == ["5"])
    #expect(seen["iphoen"] == ["5"])
    #expect(seen["iphone "] == ["5"])
  }
}
