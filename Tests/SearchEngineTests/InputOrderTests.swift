import Testing

@testable import SearchEngine

/// fzf's `--no-sort` (`SearchRequest.inputOrder`): every match — word and fuzzy — in record-id
/// order, paged by offset or after a record id, with each hit's own ranking kept.
@Suite struct InputOrderTests {
  func numbers(_ count: Int) -> SearchIndex {
    var store = DocumentStore(attributes: ["text"])
    for i in 1...count { store.append(objectID: String(i), values: [String(i)]) }
    return IndexBuilder.build(
      store, settings: IndexSettings(searchableAttributes: ["text"], orderedAttributes: ["text"], tiebreak: [.index]))
  }

  func request(_ query: String, page: Int = 0, hitsPerPage: Int, after: UInt64? = nil) -> SearchRequest {
    var request = SearchRequest(query: query, page: page, hitsPerPage: hitsPerPage, after: after)
    request.matching = MatchOptions(fuzzyTier: true)
    request.inputOrder = true
    return request
  }

  @Test func everyMatchComesInInputOrder() {
    let index = numbers(300)
    let searcher = Searcher(index: index)
    var ranked = SearchRequest(query: "12", hitsPerPage: 1000)
    ranked.matching = MatchOptions(fuzzyTier: true)
    let expected = searcher.search(ranked).hits.map(\.record).sorted()
    let found = searcher.search(request("12", hitsPerPage: 1000))
    #expect(found.hits.map(\.record) == expected)
    #expect(found.nbHits == expected.count && expected.count > 20)
    // Word hits and fuzzy hits (`102`, `1x2`) interleave, each with its own ranking.
    #expect(
      found.hits.contains { $0.ranking.fuzzyScore != nil } && found.hits.contains { $0.ranking.fuzzyScore == nil })
  }

  @Test func pagesByOffsetAndByCursorAgree() {
    let index = numbers(300)
    let searcher = Searcher(index: index)
    let all = searcher.search(request("1", hitsPerPage: 1000)).hits.map(\.record)
    var byCursor: [Int] = []
    var after: UInt64? = nil
    var byOffset: [Int] = []
    for page in 0..<20 {
      let next = searcher.search(request("1", hitsPerPage: 7, after: after)).hits
      byCursor += next.map(\.record)
      after = next.last?.key
      byOffset += searcher.search(request("1", page: page, hitsPerPage: 7)).hits.map(\.record)
    }
    #expect(byCursor == all && byOffset == all)
  }

  /// An index ranked shorter first (lines' `length` tie-break): its record ids are not the input
  /// order, and input order is asked of it at query time (`toggle-sort`, a query of `!terms`).
  @Test func inputOrderOfAnIndexRankedShorterFirst() {
    var store = DocumentStore(attributes: ["text"])
    for (i, line) in ["aaaaa", "b", "ccc", "dd"].enumerated() { store.append(objectID: String(i), values: [line]) }
    let index = IndexBuilder.build(
      store, settings: IndexSettings(searchableAttributes: ["text"], orderedAttributes: ["text"], tiebreak: [.length]))
    let searcher = Searcher(index: index)
    let titles = { (hits: [Hit]) in hits.map { index.documents.value($0.record, 0) } }
    var ranked = SearchRequest(query: "!x", hitsPerPage: 10)
    ranked.matching = MatchOptions(fuzzyTier: true)
    #expect(titles(searcher.search(ranked).hits) == ["b", "dd", "ccc", "aaaaa"])
    #expect(titles(searcher.search(request("!x", hitsPerPage: 10)).hits) == ["aaaaa", "b", "ccc", "dd"])
    // Paged after a cursor: the second page goes on from the first's last input position.
    let first = searcher.search(request("!x", hitsPerPage: 2))
    let second = searcher.search(request("!x", hitsPerPage: 2, after: first.hits.last?.key))
    #expect(titles(first.hits) + titles(second.hits) == ["aaaaa", "b", "ccc", "dd"])
  }

  /// `--tac --no-sort`: the matches in reversed input order (the browse order), whatever the
  /// tie-break numbered them by; `{n}` (`inputPosition`) stays the place in the input as read.
  @Test func reversedInputOrderListsTheLastLineFirst() {
    var store = DocumentStore(attributes: ["text"])
    for line in ["100", "2", "200", "3", "300"] { store.append(objectID: line, values: [line]) }
    for tiebreak: [Tiebreak] in [[.index], [.length, .index]] {
      let index = IndexBuilder.build(
        store,
        settings: IndexSettings(
          searchableAttributes: ["text"], orderedAttributes: ["text"], tiebreak: tiebreak, reverseInputOrder: true))
      let searcher = Searcher(index: index)
      var exact = request("'00", hitsPerPage: 10)
      exact.matching.fuzzy = false
      let titles = searcher.search(exact).hits.map { index.documents.value($0.record, 0) }
      #expect(titles == ["300", "200", "100"], "\(tiebreak)")
      let first = index.record(objectID: "100").map(index.inputPosition(of:))
      #expect(first == 0, "\(tiebreak)")
    }
  }
}
