import Testing

@testable import SearchEngine

@Suite struct FilterParsingTests {
  @Test(arguments: [
    ("brand:Apple", "brand:Apple"),
    ("category:\"Cell Phones\"", "category:\"Cell Phones\""),
    ("price < 500", "price < 500"),
    ("price>=100", "price >= 100"),
    ("price:100 TO 500", "price:100 TO 500"),
    ("brand:Apple AND price < 500 OR brand:Sony", "(brand:Apple AND price < 500) OR brand:Sony"),
    ("brand:Apple AND (price < 500 OR brand:Sony)", "brand:Apple AND (price < 500 OR brand:Sony)"),
    ("NOT brand:Apple AND price != 3", "NOT brand:Apple AND price != 3"),
    ("NOT (brand:a OR brand:b)", "NOT (brand:a OR brand:b)"),
    ("brand:'Crème brûlée'", "brand:\"Crème brûlée\""),
    ("brand:and", "brand:and"),
    // A backslash in a bare value is kept when printed in quotes (found by the fuzzer).
    (#"brand:A\ple"#, #"brand:"A\\ple""#),
    (#"brand:"say \"hi\"""#, #"brand:"say \"hi\"""#),
  ])
  func parsesAndPrints(input: String, printed: String) throws {
    let expression = try FilterExpression.parse(input)
    #expect(expression.text == printed)
    #expect(try FilterExpression.parse(expression.text).text == printed)
  }

  @Test(arguments: [
    ("", 1, "empty"),
    ("brand", 6, "expected ':'"),
    ("brand:", 7, "expected a value"),
    ("brand:Apple AND", 16, "expected a condition"),
    ("(brand:Apple", 1, "never closed"),
    ("brand:Apple)", 12, "without a matching"),
    ("price < abc", 9, "not a number"),
    ("price <> 3", 7, "unknown comparison"),
    ("price:1 TO x", 12, "needs numbers"),
    ("brand:\"open", 7, "never closed"),
    ("brand:a brand:b", 9, "expected AND, OR"),
    // Nesting past the limit is refused where it goes too deep, never a stack overflow.
    (String(repeating: "NOT ", count: 5000) + "brand:Apple", 4 * 64 + 1, "more than 64 levels"),
    (String(repeating: "(", count: 25000) + "brand:Apple", 65, "more than 64 levels"),
    (
      String(repeating: "NOT (", count: 40) + "brand:Apple" + String(repeating: ")", count: 40), 1 + 32 * 5,
      "levels deep"
    ),
  ])
  func mistakesSayWhere(input: String, column: Int, message: String) {
    #expect {
      _ = try FilterExpression.parse(input)
    } throws: { error in
      guard let e = error as? FilterError else { return false }
      return e.column == column && e.message.contains(message)
    }
  }
}

@Test func filtersNestedUpToTheLimitParse() throws {
  let expression = try FilterExpression.parse(String(repeating: "NOT ", count: 63) + "(brand:Apple)")
  #expect(expression.attributes == ["brand"])
}

@Suite struct FacetTests {
  /// 300 products: brands, hierarchical categories, tags (multi-valued), prices.
  static let rows: [[String: String]] = (0..<300).map { i in
    let brands = ["Apple", "Samsung", "Sony", "Crème"]
    let categories = ["Computers > Laptops", "Computers > Tablets", "Phones", "Computers > Laptops > Gaming"]
    return [
      "id": "p\(i)", "name": "\(brands[i % 4]) gadget \(i % 7 == 0 ? "pro" : "mini") \(i)", "brand": brands[i % 4],
      "category": categories[(i / 4) % 4], "tags": i % 3 == 0 ? "new, sale" : "new", "price": String(i * 13 % 997),
      "popularity": String(i),
    ]
  }

  static func index() -> SearchIndex {
    let attributes = ["name", "brand", "category", "tags", "price", "popularity"]
    var store = DocumentStore(attributes: attributes)
    for row in rows { store.append(objectID: row["id"]!, values: attributes.map { row[$0] ?? "" }) }
    return IndexBuilder.build(
      store,
      settings: IndexSettings(
        searchableAttributes: ["name", "brand"], titleAttribute: "name", customRanking: [.descending("popularity")],
        attributesForFaceting: ["brand", "category", "tags", "price"], multiValuedAttributes: ["tags"]))
  }

  /// Brute force: does a row pass the expression?
  static func passes(_ row: [String: String], _ e: FilterExpression) -> Bool {
    func folded(_ s: String) -> [UInt8] { TextFolding.foldedKey(s) }
    switch e {
    case .facet(let a, let v, _):
      if a == "price" { return Double(row[a]!) == Double(v) }
      let values = a == "tags" ? row[a]!.components(separatedBy: ", ") : [row[a]!]
      return values.contains { value in
        let parts = value.components(separatedBy: " > ")
        return (1...parts.count).contains { folded(parts.prefix($0).joined(separator: " > ")) == folded(v) }
      }
    case .numeric(let a, let c, let v, _): return c.holds(Double(row[a]!)!, v)
    case .range(let a, let l, let u, _): return (l...u).contains(Double(row[a]!)!)
    case .not(let inner): return !passes(row, inner)
    case .and(let list): return list.allSatisfy { passes(row, $0) }
    case .or(let list): return list.contains { passes(row, $0) }
    }
  }

  @Test func filtersAndCountsEqualABruteForceCount() throws {
    let index = Self.index()
    let searcher = Searcher(index: index)
    let filters = [
      "brand:apple", "brand:CREME", "category:Computers", "category:\"Computers > Laptops\"", "tags:sale",
      "price < 500", "price:100 TO 300", "NOT brand:Sony AND price >= 250", "(brand:Apple OR brand:Sony) AND tags:sale",
      "price = 13", "price:13", "category:\"computers > laptops > gaming\" OR NOT tags:new",
    ]
    for text in filters {
      let expression = try FilterExpression.parse(text)
      let filter = try index.facets.evaluate(expression, recordCount: index.count)
      for query in ["", "gadget", "pro", "apple mini", "sam"] {
        let expected = Self.rows.filter { row in
          Self.passes(row, expression)
            && (query.isEmpty
              || Tokenizer.words(query).allSatisfy { w in
                Tokenizer.words(row["name"]! + " " + row["brand"]!).contains { $0.term.hasPrefix(w.term) }
              })
        }
        let response = searcher.search(
          SearchRequest(query: query, hitsPerPage: 1000, filter: filter, facets: ["*"], maxValuesPerFacet: 100))
        #expect(response.nbHits == expected.count, "\(text) / \(query)")
        #expect(Set(response.hits.map(\.objectID)) == Set(expected.map { $0["id"]! }), "\(text) / \(query)")
        let brands = response.facets.first { $0.attribute == "brand" }?.values ?? []
        for brand in ["Apple", "Samsung", "Sony", "Crème"] {
          let count = expected.filter { $0["brand"] == brand }.count
          #expect((brands.first { $0.value == brand }?.count ?? 0) == count, "\(text) / \(query) / \(brand)")
        }
        let laptops = response.facets.first { $0.attribute == "category" }?.values.first {
          $0.value == "Computers > Laptops"
        }
        #expect(
          (laptops?.count ?? 0) == expected.filter { $0["category"]!.hasPrefix("Computers > Laptops") }.count,
          "\(text) / \(query)")
        let prices = expected.map { Double($0["price"]!)! }
        let stats = response.facets.first { $0.attribute == "price" }?.stats
        #expect(stats?.min == prices.min() && stats?.max == prices.max(), "\(text) / \(query)")
        // The histogram: every price in the bucket its edges give it, on round edges.
        var withBars = SearchRequest(query: query, hitsPerPage: 1, filter: filter, facets: ["price"])
        withBars.histogramBuckets = 8
        let bars = searcher.search(withBars).facets.first { $0.attribute == "price" }?.stats?.histogram
        if prices.isEmpty {
          #expect(bars == nil)
        } else if let bars {
          var expectedCounts = [Int](repeating: 0, count: bars.bucketCount)
          for p in prices {
            let i = (0..<bars.bucketCount).first { bars.edge($0) <= p && p < bars.edge($0 + 1) } ?? bars.bucketCount - 1
            expectedCounts[i] += 1
          }
          #expect(bars.counts == expectedCounts, "\(text) / \(query)")
          #expect(
            bars.bucketCount <= 8 && bars.edge(0) <= prices.min()! && bars.edge(bars.bucketCount) >= prices.max()!)
        } else {
          Issue.record("no histogram for \(text) / \(query)")
        }
      }
    }
  }

  /// A text facet sorts alphabetically, folded (Crème between Apple and Samsung), both ways,
  /// and pages by cursor as a numeric sort does.
  @Test func aTextFacetSortsAlphabetically() {
    let index = Self.index()
    let searcher = Searcher(index: index)
    for descending in [false, true] {
      let sort = SortOrder(attribute: "brand", descending: descending)
      let brands = searcher.search(SearchRequest(query: "gadget", hitsPerPage: 300, sort: sort)).hits.map {
        index.documents.value($0.record, 1)
      }
      let order = ["Apple", "Crème", "Samsung", "Sony"]
      #expect(brands.count == 300)
      #expect(
        brands
          == brands.sorted { a, b in
            let (x, y) = (order.firstIndex(of: a)!, order.firstIndex(of: b)!)
            return descending ? x > y : x < y
          })
      var cursor: UInt64? = nil
      var paged: [String] = []
      for _ in 0..<60 {
        let page = searcher.search(SearchRequest(query: "gadget", hitsPerPage: 11, after: cursor, sort: sort))
        paged += page.hits.map { index.documents.value($0.record, 1) }
        guard let last = page.hits.last else { break }
        cursor = last.key
      }
      #expect(paged == brands)
    }
  }

  @Test func sortOrdersByTheAttributeWithRelevanceAsTieBreak() {
    let index = Self.index()
    let searcher = Searcher(index: index)
    for descending in [false, true] {
      let response = searcher.search(
        SearchRequest(
          query: "gadget", hitsPerPage: 300, sort: SortOrder(attribute: "price", descending: descending)))
      let prices = response.hits.map { Double(index.documents.value($0.record, 4))! }
      #expect(prices == (descending ? prices.sorted(by: >) : prices.sorted()))
      #expect(response.nbHits == 300)
      // Pages by cursor hold the same hits as one long page.
      var cursor: UInt64? = nil
      var paged: [String] = []
      for _ in 0..<60 {
        let page = searcher.search(
          SearchRequest(
            query: "gadget", hitsPerPage: 7, after: cursor, sort: SortOrder(attribute: "price", descending: descending))
        )
        paged += page.hits.map(\.objectID)
        guard let last = page.hits.last else { break }
        cursor = last.key
      }
      #expect(paged == response.hits.map(\.objectID))
    }
    // Equal prices: the better match first (a typo ranks after an exact word).
    #expect(SortOrder(parsing: "price:desc") == SortOrder(attribute: "price", descending: true))
    #expect(SortOrder(parsing: "price:up") == nil)
  }

  /// Under a sort a hit's match features are read back from the search's scratch rows (not from
  /// its key): they must be those the same record has without the sort.
  @Test(arguments: ["sony pro", "gadgte mini", "apple gadget 1"])
  func sortedHitsKeepTheirMatchFeatures(query: String) {
    let searcher = Searcher(index: Self.index())
    let plain = searcher.search(SearchRequest(query: query, hitsPerPage: 300))
    let sorted = searcher.search(
      SearchRequest(query: query, hitsPerPage: 300, sort: SortOrder(attribute: "price", descending: true)))
    #expect(plain.nbHits > 1 && sorted.nbHits == plain.nbHits)
    let ranking = Dictionary(uniqueKeysWithValues: plain.hits.map { ($0.objectID, $0.ranking) })
    for hit in sorted.hits {
      #expect(hit.ranking == ranking[hit.objectID], "\(query): \(hit.objectID)")
    }
  }

  /// Counters laid out again for other attributes or bars after an empty query's count over
  /// every record: the next query's bars are its own hits' (they were taken for the whole-index
  /// bars, never made without bars asked: a crash).
  @Test func barsAfterAnEmptyQueryCountedWithoutThem() {
    let index = Self.index()
    var counter = FacetCounter()
    counter.reset(index: index, attributes: ["*"], histogramBuckets: 0)
    counter.addAll()
    _ = counter.results(maxValuesPerFacet: 10)
    counter.reset(index: index, attributes: ["*"], histogramBuckets: 8)
    counter.add(0)
    let bars = counter.results(maxValuesPerFacet: 10).first { $0.attribute == "price" }?.stats?.histogram
    #expect(bars?.counts.reduce(0, +) == 1)
  }

  @Test func unknownAttributesAreErrorsWithTheirColumn() throws {
    let index = Self.index()
    #expect {
      _ = try index.facets.evaluate(try FilterExpression.parse("brand:Apple AND color:red"), recordCount: index.count)
    } throws: { ($0 as? FilterError)?.column == 17 }
    #expect {
      _ = try index.facets.evaluate(try FilterExpression.parse("brand < 3"), recordCount: index.count)
    } throws: { ($0 as? FilterError)?.message.contains("not numeric") == true }
  }
}

/// On a large index a short prefix's facet counts come from a sample and are scaled to the whole
/// (`Searcher.countingSample`): the scaled counts, plain and disjunctive, must add up to the
/// extrapolated hit count and keep the values' shares, not stay the sample's.
@Suite struct SampledFacetTests {
  @Test func sampledCountsAreScaledToEveryHit() throws {
    let total = Searcher.countingSample + 10_000
    let attributes = ["name", "color", "popularity"]
    var store = DocumentStore(attributes: attributes)
    for i in 0..<total {
      store.append(objectID: "r\(i)", values: ["alpha \(i)", i % 4 == 0 ? "red" : "blue", String(i % 100)])
    }
    let index = IndexBuilder.build(
      store,
      settings: IndexSettings(
        searchableAttributes: ["name"], titleAttribute: "name", customRanking: [.descending("popularity")],
        attributesForFaceting: ["color"]))
    #expect(index.count > Searcher.exactFacetsUpTo)
    var request = SearchRequest(query: "a", facets: ["color"])
    request.disjunctiveFacets = [DisjunctiveFacet(attribute: "color", filter: nil)]
    let response = Searcher(index: index).search(request)
    #expect(!response.exhaustiveFacetsCount, "counted on a sample")
    #expect(response.nbHits == total)
    #expect(response.facets.count == 2)
    for facet in response.facets {
      let counts = Dictionary(uniqueKeysWithValues: facet.values.map { ($0.value, $0.count) })
      let red = try #require(counts["red"])
      let blue = try #require(counts["blue"])
      #expect(abs(red + blue - total) <= 2, "\(counts)")
      #expect(abs(red - total / 4) <= total / 50, "\(counts)")
    }
  }
}
