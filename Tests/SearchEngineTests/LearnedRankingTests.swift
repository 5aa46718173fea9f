import Testing

@testable import SearchEngine

/// The learned rule (Searcher+Learned.swift): a picked hit rises inside its typo and words
/// bucket, never past a better match; pages stay a total order.
@Suite struct LearnedRankingTests {
  let index = makeIndex([
    ["name": "req", "popularity": "90"],
    ["name": "requests", "popularity": "50"],
    ["name": "request tools", "popularity": "40"],
    ["name": "reqwest", "popularity": "30"],
    ["name": "kettle", "popularity": "20"],
    ["name": "kettel", "popularity": "10"],
  ])

  func record(_ name: String) -> Int {
    (0..<index.count).first { index.documents.value($0, 0) == name }!
  }

  func names(_ query: String, learned: [String: Int], page: Int = 0, hitsPerPage: Int = 50) -> [String] {
    var request = SearchRequest(query: query, page: page, hitsPerPage: hitsPerPage)
    request.learned = learned.map { LearnedRecord(record: record($0.key), level: $0.value) }
    return Searcher(index: index).search(request).hits.map { index.documents.value($0.record, 0) }
  }

  @Test func aPickRisesInsideItsBucket() {
    #expect(names("req", learned: [:]).prefix(2) == ["req", "requests"])
    #expect(names("req", learned: ["requests": 3]).prefix(2) == ["requests", "req"])
    // The more frecent of two picks first.
    #expect(names("req", learned: ["requests": 3, "reqwest": 9]).prefix(3) == ["reqwest", "requests", "req"])
  }

  @Test func aPickNeverPassesAHitWithFewerTyposOrMoreWords() {
    #expect(names("kettle", learned: ["kettel": 15]) == ["kettle", "kettel"])
    // "request tools" matches both words; "requests" only one: still first on words.
    let both = names("request tool", learned: ["requests": 15])
    #expect(both.first == "request tools")
  }

  @Test func theResponseSaysWhenLearningChangedTheOrder() {
    var request = SearchRequest(query: "req")
    request.learned = [LearnedRecord(record: record("requests"), level: 4)]
    let response = Searcher(index: index).search(request)
    #expect(response.reorderedByLearning)
    #expect(response.hits.first?.ranking.learned == 4)
    request.learned = [LearnedRecord(record: record("req"), level: 4)]  // first anyway
    #expect(!Searcher(index: index).search(request).reorderedByLearning)
  }

  @Test func pagesHoldEveryHitOnceInOneOrder() {
    let learned = ["requests": 2, "kettel": 7]
    let whole = names("", learned: learned)
    #expect(whole.prefix(2) == ["kettel", "requests"])  // browsing: the most frecent first
    var paged: [String] = []
    for page in 0..<4 { paged += names("", learned: learned, page: page, hitsPerPage: 2) }
    #expect(paged == whole)
    // After a key, as the app scrolls.
    let searcher = Searcher(index: index)
    var request = SearchRequest(query: "re", hitsPerPage: 2)
    request.learned = [LearnedRecord(record: record("reqwest"), level: 5)]
    var seen: [String] = []
    while true {
      let response = searcher.search(request)
      guard let last = response.hits.last else { break }
      seen += response.hits.map { index.documents.value($0.record, 0) }
      request.after = last.key
    }
    request.after = nil
    request.hitsPerPage = 50
    #expect(seen == searcher.search(request).hits.map { index.documents.value($0.record, 0) })
    #expect(seen.first == "reqwest" && Set(seen).count == seen.count)
  }

  @Test func aFilteredOutPickStaysOut() {
    var request = SearchRequest(query: "req")
    var filter = RecordFilter(recordCount: index.count, all: false)
    filter.insert(record("req"))
    request.filter = filter
    request.learned = [LearnedRecord(record: record("requests"), level: 9)]
    #expect(Searcher(index: index).search(request).hits.map(\.record) == [record("req")])
  }
}
