import Testing

@testable import SearchEngine

/// The fuzzy tier below the word tiers (Searcher+Fuzzy.swift), as lines have it.
@Suite struct FuzzyTierTests {
  static let paths = [
    "src/components/Button.tsx", "src/components/Link.tsx", "README.md", "scrubber.txt", "Sources/Button.swift",
    "docs/buttons.md", "tests/button_test.go", "src/core/buffer.c", "LICENSE", "Makefile",
  ]

  func lines(_ texts: [String]) -> SearchIndex {
    var store = DocumentStore(attributes: ["text"])
    for (i, text) in texts.enumerated() { store.append(objectID: String(i), values: [text]) }
    return IndexBuilder.build(
      store,
      settings: IndexSettings(searchableAttributes: ["text"], orderedAttributes: ["text"], tiebreak: [.length, .index]))
  }

  func search(
    _ searcher: Searcher, _ query: String, page: Int = 0, hitsPerPage: Int = 50, after: UInt64? = nil,
    tier: Bool = true
  ) -> SearchResponse {
    var request = SearchRequest(query: query, page: page, hitsPerPage: hitsPerPage, after: after)
    request.matching = MatchOptions(fuzzyTier: tier)
    return searcher.search(request)
  }

  func texts(_ index: SearchIndex, _ response: SearchResponse) -> [String] {
    response.hits.map { index.documents.value($0.record, 0) }
  }

  @Test func initialsFindWhatWordsMiss() {
    let index = lines(Self.paths)
    let searcher = Searcher(index: index)
    #expect(texts(index, search(searcher, "scb", tier: false)).isEmpty)
    let found = search(searcher, "scb")
    #expect(texts(index, found).contains("src/components/Button.tsx"))
    #expect(found.hits.allSatisfy { $0.ranking.fuzzyScore != nil })
    // fzf's positions, highlighted.
    let button = found.hits.first { index.documents.value($0.record, 0) == "src/components/Button.tsx" }
    #expect(button?.highlights.first?.ranges == [0..<1, 4..<5, 15..<16])
  }

  /// Word matches first, each hit once, and the count is both tiers'.
  @Test func wordMatchesRankAboveAndAreNotRepeated() {
    let index = lines(Self.paths)
    let searcher = Searcher(index: index)
    let words = search(searcher, "button", tier: false)
    let both = search(searcher, "button")
    let wordTexts = texts(index, words)
    #expect(!wordTexts.isEmpty)
    #expect(Array(texts(index, both).prefix(wordTexts.count)) == wordTexts)
    #expect(Set(texts(index, both)).count == both.hits.count)
    #expect(both.nbHits == both.hits.count)
    #expect(both.hits.dropFirst(wordTexts.count).allSatisfy { $0.ranking.fuzzyScore != nil })
    #expect(both.nbHits == words.nbHits + both.hits.filter { $0.ranking.fuzzyScore != nil }.count)
  }

  /// fzf's rules alone for a query with its operators.
  @Test func operatorsFollowFzf() {
    let index = lines(Self.paths)
    let searcher = Searcher(index: index)
    #expect(
      Set(texts(index, search(searcher, "^src .tsx$"))) == ["src/components/Button.tsx", "src/components/Link.tsx"])
    #expect(texts(index, search(searcher, "!src !s")).sorted() == ["Makefile", "README.md"])
    #expect(Set(texts(index, search(searcher, "readme | license"))) == ["README.md", "LICENSE"])
    // The operators hold for records too, without the tier.
    #expect(Set(texts(index, search(searcher, "^src .tsx$", tier: false))).count == 2)
  }

  /// Typing letter by letter (the tier narrowing its last matches) answers as a fresh searcher,
  /// and paging after a key in the tier's band continues it.
  @Test func typingAndPagingAnswerAsFresh() {
    var numbers = SeededNumbers(seed: 7)
    let words = ["alpha", "beta", "gamma", "delta", "src", "lib", "main", "test", "util", "io"]
    var texts: [String] = []
    for _ in 0..<3_000 {
      texts.append((0..<(2 + numbers.next(4))).map { _ in words[numbers.next(words.count)] }.joined(separator: "/"))
    }
    let index = lines(texts)
    let typing = Searcher(index: index)
    typing.tieringThreshold = 0
    for query in ["smt", "algu", "a d", "bgm", "lt", "sub"] {
      var prefix = ""
      for character in query {
        prefix.append(character)
        let fresh = Searcher(index: index)
        fresh.tieringThreshold = 0
        let expected = search(fresh, prefix, hitsPerPage: 30)
        let got = search(typing, prefix, hitsPerPage: 30)
        #expect(got.hits.map(\.record) == expected.hits.map(\.record), "typing \(prefix)")
        #expect(got.nbHits == expected.nbHits, "counting \(prefix)")
      }
      // Pages by search-after, through the tier's band, list every hit once.
      let all = search(Searcher(index: index), query, hitsPerPage: 5_000)
      var paged: [Int] = []
      var after: UInt64? = nil
      let pager = Searcher(index: index)
      while true {
        let page = search(pager, query, hitsPerPage: 40, after: after)
        paged += page.hits.map(\.record)
        guard let last = page.hits.last, page.hits.count == 40 else { break }
        after = last.key
      }
      #expect(paged == all.hits.map(\.record), "paging \(query)")
      #expect(all.nbHits == all.hits.count)
    }
  }
}
