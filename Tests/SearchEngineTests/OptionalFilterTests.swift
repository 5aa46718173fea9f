import Testing

@testable import SearchEngine

/// An optional filter (Algolia's `optionalFilters`, the `filters` rule): its records rank first
/// among the hits that match as well by typo, words and picks, and never above a better match.
@Suite struct OptionalFilterTests {
  static let rows: [[String: String]] = [
    ["name": "Controller stand", "popularity": "9"],
    ["name": "Wireless controller", "popularity": "8"],
    ["name": "Controller charger", "popularity": "7"],
    ["name": "Wireless controller pro", "popularity": "6"],
    ["name": "Controler grip", "popularity": "5"],
  ]
  // No words inside words: a short prefix is then answered by its early-stopping scan alone.
  static let index = makeIndex(rows, substring: false)

  static func filter(_ names: [String]) -> RecordFilter {
    var out = RecordFilter(recordCount: index.count, all: false)
    for record in 0..<index.count where names.contains(index.documents.value(record, 0)) { out.insert(record) }
    return out
  }

  static func names(_ request: SearchRequest, _ searcher: Searcher = Searcher(index: index)) -> [String] {
    searcher.search(request).hits.map { index.documents.value($0.record, 0) }
  }

  @Test func theFilteredRecordsComeFirstAmongEqualMatches() {
    var request = SearchRequest(query: "controller", hitsPerPage: 10)
    #expect(Self.names(request).first == "Controller stand")
    request.optionalFilter = Self.filter(["Wireless controller", "Wireless controller pro", "Controler grip"])
    let ranked = Self.names(request)
    #expect(ranked.prefix(2) == ["Wireless controller", "Wireless controller pro"])
    // A typo stays under every typo-free hit, filtered or not.
    #expect(ranked.last == "Controler grip")
    let hit = Searcher(index: Self.index).search(request).hits
    #expect(hit.map(\.ranking.optionalFilterMissed) == [false, false, true, true, false])
  }

  /// The index's shortcuts (a short prefix's early-stopping scan, one term's, the tiers) rank as
  /// the whole evaluation does.
  @Test(arguments: ["c", "con", "contro", "controller ", "wireless contr"])
  func everyPathRanksAlike(query: String) {
    var request = SearchRequest(query: query, hitsPerPage: 2)
    request.optionalFilter = Self.filter(["Controller charger", "Wireless controller pro"])
    let exhaustive = Searcher(index: Self.index)
    exhaustive.tieringThreshold = .max
    let tiered = Searcher(index: Self.index)
    tiered.tieringThreshold = 0
    for page in 0..<3 {
      request.page = page
      #expect(Self.names(request, exhaustive) == Self.names(request, tiered), "page \(page)")
    }
    request.page = 0
    let first = Self.names(request, tiered).first
    #expect(first == "Controller charger" || first == "Wireless controller pro", "\(query)")
  }

  @Test func aPickedRecordKeepsTheFiltersRule() {
    var request = SearchRequest(query: "controller", hitsPerPage: 10)
    request.optionalFilter = Self.filter(["Wireless controller"])
    let picked = (0..<Self.index.count).first { Self.index.documents.value($0, 0) == "Controller stand" }!
    request.learned = [LearnedRecord(record: picked, level: 5)]
    // The pick outranks the filter (learned comes first), the filter the rest.
    #expect(Self.names(request).prefix(2) == ["Controller stand", "Wireless controller"])
  }
}
