import Testing

@testable import SearchEngine

/// Algolia's `distinct`: at most `perValue` hits for each value of an attribute, the best-ranked
/// of each group, counted as groups, and pages (by offset or by cursor) that never show a group twice.
@Suite struct DistinctTests {
  /// Products of a few brands, in descending popularity; one without a brand.
  static let rows: [[String: String]] = {
    var random = SeededNumbers(seed: 3)
    let brands = ["Apple", "Samsung", "Sony", "Bose", "Anker", "Belkin", "JBL"]
    var rows = (0..<300).map { i -> [String: String] in
      let brand = brands[random.next(brands.count)]
      let kind = ["case", "charger", "speaker", "cable"][random.next(4)]
      return ["name": "\(brand) \(kind) \(i)", "brand": brand, "popularity": String(1000 - i), "id": "p\(i)"]
    }
    rows.append(["name": "unbranded case", "popularity": "5", "id": "u1"])
    rows.append(["name": "another unbranded case", "popularity": "4", "id": "u2"])
    return rows
  }()
  static let index = makeIndex(rows)
  static let brandColumn = 1

  func search(_ query: String, page: Int = 0, hitsPerPage: Int = 50, after: UInt64? = nil, perValue: Int = 1)
    -> SearchResponse
  {
    var request = SearchRequest(query: query, page: page, hitsPerPage: hitsPerPage, after: after)
    request.distinct = Distinct(attribute: Self.brandColumn, perValue: perValue)
    return Searcher(index: Self.index).search(request)
  }

  func brand(_ hit: Hit) -> String { Self.index.documents.value(hit.record, Self.brandColumn) }

  @Test(arguments: ["case", "", "charger", "s"])
  func eachGroupOnceItsBestHitFirst(query: String) {
    let all = Searcher(index: Self.index).search(SearchRequest(query: query, hitsPerPage: 1000, exhaustive: true))
    var expected: [String] = []
    var seen: Set<String> = []
    for hit in all.hits where brand(hit).isEmpty || seen.insert(brand(hit)).inserted {
      expected.append(hit.objectID)
    }
    let distinct = search(query)
    #expect(distinct.hits.map(\.objectID) == expected, "\(query)")
    #expect(distinct.nbHits == expected.count)
  }

  @Test func twoPerValue() {
    let hits = search("case", perValue: 2).hits
    let counts = Dictionary(grouping: hits.filter { !brand($0).isEmpty }, by: brand).mapValues(\.count)
    #expect(counts.values.allSatisfy { $0 == 2 })
    #expect(hits.contains { $0.objectID == "u1" } && hits.contains { $0.objectID == "u2" })
  }

  /// Pages of three by offset and by cursor make the one long page.
  @Test func pagesNeverRepeatAGroup() {
    let whole = search("case").hits.map(\.objectID)
    var byOffset: [String] = []
    var byCursor: [String] = []
    var after: UInt64? = nil
    for page in 0..<4 {
      byOffset += search("case", page: page, hitsPerPage: 3).hits.map(\.objectID)
      let next = search("case", hitsPerPage: 3, after: after)
      byCursor += next.hits.map(\.objectID)
      after = next.hits.last?.key ?? after
    }
    #expect(byOffset == whole)
    #expect(byCursor == whole)
  }
}
