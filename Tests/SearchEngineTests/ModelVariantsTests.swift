import Testing

@testable import SearchEngine

/// The product a query names before its siblings (ModelVariants.swift): `iphone 15` is the
/// iPhone 15, not the more popular 15 Pro.
@Suite struct ModelVariantsTests {
  static let rows: [[String: String]] = [
    ["name": "iPhone 15 Pro Max - 256GB", "popularity": "9"],
    ["name": "iPhone 15 Pro - 128GB", "popularity": "8"],
    ["name": "iPhone 15 Pro Silicone Case", "description": "A case", "popularity": "7"],
    ["name": "Case for iPhone 15 - Black", "popularity": "6"],
    ["name": "iPhone 15 - 128GB", "popularity": "5"],
    ["name": "Galaxy S24 Ultra - 256GB", "popularity": "4"],
    ["name": "Galaxy S24 - 128GB", "popularity": "3"],
  ]
  static let english = ModelVariants.englishWords
  static let index = makeIndex(rows, variantWords: english)

  @Test func theModelTypedComesBeforeItsSiblings() {
    #expect(names(Self.index, "iphone 15").prefix(2) == ["iPhone 15 - 128GB", "Case for iPhone 15 - Black"])
    #expect(names(Self.index, "iphone 15 case").first == "Case for iPhone 15 - Black")
    #expect(names(Self.index, "iphone 15 pro").prefix(2) == ["iPhone 15 Pro - 128GB", "iPhone 15 Pro Silicone Case"])
    #expect(names(Self.index, "iphone 15 pro max").first == "iPhone 15 Pro Max - 256GB")
    #expect(names(Self.index, "galaxy s24") == ["Galaxy S24 - 128GB", "Galaxy S24 Ultra - 256GB"])
    // A sibling is still a hit.
    #expect(names(Self.index, "iphone 15").count == 5)
  }

  @Test func withoutAModelTypedPopularityDecides() {
    #expect(names(Self.index, "silicone case").first == "iPhone 15 Pro Silicone Case")
    #expect(names(Self.index, "iphone").first == "iPhone 15 Pro Max - 256GB")
  }

  @Test func withoutVariantWordsNothingChanges() {
    let plain = makeIndex(Self.rows)
    #expect(plain.variantRuns.isEmpty)
    #expect(names(plain, "iphone 15").first == "iPhone 15 Pro Max - 256GB")
    #expect(names(plain, "galaxy s24").first == "Galaxy S24 Ultra - 256GB")
  }

  @Test func aRecordMatchedAloneRanksAsTheIndexRanksIt() {
    for query in ["iphone 15", "iphone 15 pro", "galaxy s24", "iphone 15 case"] {
      let parsed = ParsedQuery(query, settings: Self.index.settings)
      for hit in Searcher(index: Self.index).search(SearchRequest(query: query, hitsPerPage: 20)).hits {
        var matcher = RecordMatcher(
          query: parsed, searchableCount: 3, rules: Self.index.matchRules, regime: .small)
        let values = (0..<3).map {
          Array(Self.index.documents.value(hit.record, Self.index.searchableColumns[$0]).utf8)
        }
        values[0].withUnsafeBufferPointer { a in
          values[1].withUnsafeBufferPointer { b in values[2].withUnsafeBufferPointer { c in matcher.match([a, b, c]) } }
        }
        #expect(matcher.results[0].relevance == RankingRule.relevance(hit.key), "\(query): \(hit.objectID)")
      }
    }
  }

  @Test func shortcutsAgreeWithTheWholeEvaluation() {
    for query in ["iphone 15", "iphone 1", "galaxy s2", "s24"] {
      for (exhaustive, tiered) in exhaustiveAndTieredPages(Self.index, query, pages: 2, hitsPerPage: 3) {
        #expect(exhaustive.hits.map(\.objectID) == tiered.hits.map(\.objectID), "\(query)")
      }
    }
  }

  @Test func theRunsSurviveTheCache() throws {
    var sink = MemorySink()
    try IndexCodec.encode(Self.index, to: &sink)
    let decoded = try IndexCodec.decode(sink.bytes, settings: Self.index.settings)
    #expect(Array(decoded.variantRuns) == Array(Self.index.variantRuns))
    #expect(names(decoded, "iphone 15").prefix(2) == ["iPhone 15 - 128GB", "Case for iPhone 15 - Black"])
  }

  @Test func theRunIsTheFirstAfterAModelNumber() {
    func run(_ title: String) -> UInt8 {
      var detector = ModelVariants.Detector(
        words: ModelVariants.packedSet(Set(Self.english.map(TextFolding.foldedKey))))
      let bytes = Array(title.utf8)
      bytes.withUnsafeBufferPointer { text in
        Tokenizer.tokenize(text) { term, location in detector.add(term, position: location.position) }
      }
      return detector.packed
    }
    #expect(run("iPhone 15 Pro Max") == 2 << 4 | 2)
    #expect(run("Galaxy S24 Ultra - 256GB Pro") == 2 << 4 | 1)
    #expect(run("MacBook Pro 14") == 0)  // no number before Pro
    #expect(run("iPhone 15 - 128GB") == 0)
  }
}
