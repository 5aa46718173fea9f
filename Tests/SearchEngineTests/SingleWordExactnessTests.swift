import Testing

@testable import SearchEngine

/// One word typed is "exact" by Algolia's `exactOnSingleWordQuery`: with `word` (the default
/// without a custom ranking: lines), a whole word beats the same letters as a longer word's start,
/// and the whole first field of an ordered attribute beats both; with `attribute` (the default
/// with a custom ranking), only a whole attribute counts, and popularity separates the rest.
@Suite struct SingleWordExactnessTests {
  /// Package lines as `seek` reads them: one ordered attribute, ties by length then input order.
  static func lines(_ texts: [String]) -> SearchIndex {
    makeIndex(
      texts.map { ["name": $0] }, searchable: ["name"], customRanking: [], ordered: ["name"],
      tiebreak: [.length, .index])
  }

  static let packages = [
    "reactjs", "reacton", "react-ck", "reactive — streams", "create react app",
    "react-dom — React package for working with the DOM.",
    "react — React is a JavaScript library for building user interfaces.",
  ]

  @Test func wholeWordBeatsPrefixOnLines() {
    let ranked = names(Self.lines(Self.packages), "react")
    #expect(ranked.first == "react — React is a JavaScript library for building user interfaces.")
    // At the same place, a line holding `react` as a word ranks above every line where it starts
    // a longer one; a word's place in an ordered attribute ranks before its wholeness (Algolia's
    // attribute rule before its exact rule), so "create react app" comes last.
    #expect(
      ranked == [
        "react — React is a JavaScript library for building user interfaces.", "react-ck",
        "react-dom — React package for working with the DOM.", "reactjs", "reacton", "reactive — streams",
        "create react app",
      ])
  }

  @Test func settingsChooseTheRule() {
    let rows = Self.packages.map { ["name": $0] }
    func ranked(_ exactness: SingleWordExactness?, custom: [CustomRanking] = []) -> [String] {
      var settings = IndexSettings(
        searchableAttributes: ["name"], titleAttribute: "name", customRanking: custom, orderedAttributes: ["name"],
        tiebreak: [.length, .index])
      settings.exactOnSingleWordQuery = exactness
      var store = DocumentStore(attributes: ["name", "popularity"])
      for (i, row) in rows.enumerated() { store.append(objectID: String(i), values: [row["name"]!, ""]) }
      let index = IndexBuilder.build(store, settings: settings)
      let hits = Searcher(index: index).search(SearchRequest(query: "react", hitsPerPage: 20)).hits
      return hits.map { index.documents.value($0.record, 0) }
    }
    #expect(ranked(nil).first == ranked(.word).first)
    #expect(ranked(nil).first?.hasPrefix("react —") == true)
    // `attribute` and `none`: no line is the whole word alone, so the shortest comes first.
    #expect(ranked(.attribute).first == "reactjs")
    #expect(ranked(.never).first == "reactjs")
    // A custom ranking makes `attribute` the default.
    #expect(
      IndexSettings(searchableAttributes: ["name"], customRanking: [.descending("popularity")])
        .singleWordExactness == .attribute)
  }

  /// With a custom ranking, "mac" still ranks the more popular "macbook" above "mac mini".
  @Test func attributeModeKeepsPopularityAbovePrefixes() {
    let index = makeIndex([
      ["name": "mac mini", "popularity": "1"],
      ["name": "macbook air", "popularity": "100"],
    ])
    #expect(names(index, "mac") == ["macbook air", "mac mini"])
  }

  /// The early-stopping scans (short prefixes, one word's postings) answer as the exhaustive
  /// evaluation does under `word` exactness, page after page.
  // `do` is never a line's first field: only whole words (`do-it`) separate its matches from prefixes.
  @Test(arguments: ["r", "re", "rea", "react", "reac", "dom", "a", "ap", "app", "tools", "to", "do", "d", "zzz"])
  func tieredPagesEqualExhaustivePages(query: String) {
    var random = SeededNumbers(seed: 7)
    let vocabulary = [
      "react", "reactjs", "reacton", "react-dom", "app", "apps", "apple", "a", "dom", "tools", "toolkit", "router",
      "—", "the", "library", "to", "do-it", "to-do", "docs",
    ]
    let texts = (0..<2000).map { _ in
      (0..<(1 + random.next(5))).map { _ in vocabulary[random.next(vocabulary.count)] }.joined(separator: " ")
    }
    for (page, (a, b)) in exhaustiveAndTieredPages(Self.lines(texts), query).enumerated() {
      #expect(a.hits.map(\.objectID) == b.hits.map(\.objectID), "\(query) page \(page)")
      #expect(a.hits.map(\.ranking) == b.hits.map(\.ranking), "\(query) page \(page)")
    }
  }

  /// A record matched without an index (the stream and scan filters) gets the index's `exact`.
  @Test func matcherAgreesWithIndex() {
    let index = Self.lines(Self.packages)
    let hits = Searcher(index: index).search(SearchRequest(query: "react", hitsPerPage: 20)).hits
    let rules = MatchRules(settings: index.settings, searchable: ["name"])
    #expect(rules.singleWord == .word)
    for hit in hits {
      let text = index.documents.value(hit.record, 0)
      var matcher = RecordMatcher(
        query: ParsedQuery("react", settings: index.settings), searchableCount: 1, rules: rules, regime: .small)
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { matcher.match([$0]) }
      #expect(matcher.results[0].relevance == RankingRule.relevance(hit.key), "\(text)")
    }
  }
}
