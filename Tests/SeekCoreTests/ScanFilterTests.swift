import Foundation
import SearchEngine
import Testing

@testable import SeekCore

/// A one-shot search of a catalog seen for the first time answers from a scan of its records
/// (`PreparedCatalog.scan`) before the index exists. Its page must be the page an exhaustive
/// search of the whole index gives: the same records in the same order, the same highlights and
/// ranking details, the same exact count and dropped words.
@Suite struct ScanFilterTests {
  static let queries = [
    "iphone", "samsung tv", "iphnoe", "samsng", "wirless headphones", "tv", "s", "appl", "charger usb c",
    "zzqx samsung", "apple zzqx", "cell phone accessories", "ground", "qqqqqq", "sony xeadphonse", "apple pods",
    "samsung phones", "iphone zzqx chargr", "samsung qqqq phnoe", "televisions", "ps5 console", "batteries",
    "samsung television", "cables usb", "xbox", "hand mixers", "iphone phones", "stand mixer", "mount",
  ]

  /// Queries a scan leaves to the index: a word matches nothing (the index drops it wherever it
  /// stands, or splits it in two), or the words match nothing together (the index may join two
  /// before it drops one): WordSplits.swift.
  static let leftToTheIndex: Set<String> = [
    "zzqx samsung", "iphone zzqx chargr", "samsung qqqq phnoe", "apple zzqx", "qqqqqq", "apple pods", "cables usb",
    "sony xeadphonse", "ground", "hand mixers",
  ]

  /// The products catalog under its own settings and under each dictionary regime a larger
  /// catalog would put it in (words inside words off, typos kept to first letters).
  @Test(arguments: [nil, "medium", "large"])
  func scannedPagesAreTheIndexsPages(regime: String?) throws {
    var settings = try CatalogSettings.parse(
      String(contentsOfFile: repositoryRoot + "/Data/products.settings.json", encoding: .utf8), path: "settings")
    let bytes = try CatalogLoader.readFile(repositoryRoot + "/Data/products.json")
    settings.format = .json
    let all = try bytes.withUnsafeBufferPointer { try CatalogParser.parse($0, format: .json, path: "products.json") }
    // The first 3,000 records: enough for every rule to decide, few enough for a debug build.
    var table = RecordTable(attributes: all.attributes)
    for record in 0..<3_000 { table.appendRow(all.row(record)) }
    table.numericAttributes = all.numericAttributes
    table.multiValuedAttributes = all.multiValuedAttributes
    var resolved = settings.resolved(for: table)
    switch regime {
    case "medium": resolved.index.firstLettersFixed = true
    case "large":
      resolved.index.firstLettersFixed = true
      resolved.index.substringMatching = false
    default: break
    }
    let prepared = PreparedCatalog(name: "products", path: "products.json", table: table, settings: resolved)
    let whole = prepared.indexed()
    let searcher = CatalogSearcher(catalog: whole, created: [])
    for query in Self.queries {
      // A first page in one run, and a second page from runs merged.
      for (page, hitsPerPage, runs) in [(0, 20, 1), (1, 7, 3)] {
        do {
          let limit = (page + 1) * hitsPerPage
          let request = CatalogSearcher.Request(
            query: query, page: page, hitsPerPage: hitsPerPage, exhaustive: true, highlightScope: .all)
          let expected = try searcher.search(request)
          // A word that nothing matches, or words that match nothing together (in the regime
          // tested): the index answers (it may split or join words), not the scan.
          guard let scanned = prepared.scan(query, limit: limit, runs: runs) else {
            #expect(Self.leftToTheIndex.contains(query), "left to the index: \(query)")
            continue
          }
          let got = try CatalogSearcher(catalog: scanned.catalog, created: []).search(request)
          let context = "\(query) page \(page) of \(hitsPerPage), \(runs) runs, regime \(regime ?? "own")"
          #expect(scanned.nbHits == expected.nbHits, "\(context)")
          #expect(scanned.droppedWords == expected.droppedWords, "\(context)")
          #expect(got.hits.map(\.hit.objectID) == expected.hits.map(\.hit.objectID), "\(context)")
          #expect(got.hits.map(\.hit.ranking) == expected.hits.map(\.hit.ranking), "\(context)")
          #expect(got.hits.map(\.hit.highlights) == expected.hits.map(\.hit.highlights), "\(context)")
          #expect(got.hits.map(\.hit.snippet) == expected.hits.map(\.hit.snippet), "\(context)")
        }
      }
    }
  }

  /// Ties the textual rules leave go by custom ranking, then name, then input order, as record ids
  /// do in an index; duplicates keep the ids the whole catalog gives them.
  @Test func tiesAndDuplicatesGoAsInTheIndex() throws {
    var table = RecordTable(attributes: ["name", "popularity"])
    for (name, popularity) in [
      ("blue lamp", "3"), ("red lamp", "3"), ("lamp", "1"), ("blue lamp", "3"), ("lamp shade", "9"), ("Lamp", "1"),
      ("green lamp", ""), ("blue lamp", "3"), ("lamps", "3"),
    ] {
      table.appendRow([name, popularity])
    }
    table.numericAttributes = ["popularity"]
    let resolved = CatalogSettings().resolved(for: table)
    let prepared = PreparedCatalog(name: "lamps", path: "lamps.csv", table: table, settings: resolved)
    let whole = CatalogSearcher(catalog: prepared.indexed(), created: [])
    for query in ["lamp", "blue lamp", "lam", "lmap"] {
      for limit in 1...9 {
        let scanned = try #require(prepared.scan(query, limit: limit))
        let request = CatalogSearcher.Request(query: query, hitsPerPage: limit, exhaustive: true)
        let expected = try whole.search(request).hits.map(\.hit.objectID)
        let got = try CatalogSearcher(catalog: scanned.catalog, created: []).search(request).hits.map(\.hit.objectID)
        #expect(got == expected, "\(query), \(limit)")
      }
    }
  }

  /// Records as parsed from ragged input: a value longer than what is searched (a match past its
  /// first 64 KB does not count), lists, missing values, a repaired character, numbers (no typos on
  /// them).
  @Test func raggedRecordsScanAsTheyIndex() throws {
    let long = String(repeating: "filler ", count: 10_000) + "hidden lamp"
    let lines = [
      #"{"name": "desk lamp", "tags": ["office", "light"], "year": 2019}"#,
      #"{"name": "lamp 2019", "tags": ["lamp"]}"#,
      #"{"name": "floor lamp \#(long)", "year": 2020}"#,
      #"{"name": "hidden gem", "notes": "\#(long)"}"#,
      #"{"name": "caf\u00e9 lampe", "tags": []}"#,
      "{\"name\": \"bad \u{FFFD} lamp\", \"year\": 2091}",
    ]
    let bytes = Array(lines.joined(separator: "\n").utf8)
    let table = try bytes.withUnsafeBufferPointer {
      try CatalogParser.parse($0, format: .jsonLines, path: "r.jsonl")
    }
    let prepared = PreparedCatalog(
      name: "r", path: "r.jsonl", table: table, settings: CatalogSettings().resolved(for: table))
    let whole = CatalogSearcher(catalog: prepared.indexed(), created: [])
    // Words that match nothing together (the lamp's "hidden" is past the indexed bytes): the index answers.
    #expect(prepared.scan("light lamp zzqx", limit: 4) == nil)
    #expect(prepared.scan("hidden lamp", limit: 4) == nil)
    // A word no record holds (a number is not searched): it might be two words written together.
    #expect(prepared.scan("2091", limit: 4) == nil)
    for query in ["lamp", "hidden", "office lamp", "2019", "cafe", "lmap", "light lamp"] {
      let scanned = try #require(prepared.scan(query, limit: 4), "\(query)")
      let request = CatalogSearcher.Request(query: query, hitsPerPage: 4, exhaustive: true)
      let expected = try whole.search(request)
      let got = try CatalogSearcher(catalog: scanned.catalog, created: []).search(request)
      #expect(got.hits.map(\.hit.objectID) == expected.hits.map(\.hit.objectID), "\(query)")
      #expect(got.hits.map(\.hit.highlights) == expected.hits.map(\.hit.highlights), "\(query)")
      #expect(scanned.nbHits == expected.nbHits && scanned.droppedWords == expected.droppedWords, "\(query)")
    }
  }

  /// Large tables compute their ids beside their ranking order: the same ids, duplicates numbered
  /// in input order, as computed alone.
  @Test func idsComputedBesideTheRankingOrderAreTheSame() {
    var table = RecordTable(attributes: ["name", "n"])
    for i in 0..<(PreparedCatalog.idsBesideRankingFrom + 10_000) {
      table.appendRow(["item \(i % 50_000)", "\(i % 50_000 % 7)"])
    }
    table.numericAttributes = ["n"]
    let settings = CatalogSettings().resolved(for: table)
    let alone = table.documents(idAttribute: settings.objectIDAttribute)
    let prepared = PreparedCatalog(name: "t", path: "t", table: table, settings: settings)
    #expect(prepared.count == alone.count)
    #expect((0..<alone.count).allSatisfy { prepared.documents.objectID($0) == alone.objectID($0) })
    #expect(alone.objectID(50_000) == alone.objectID(0) + "-2")
  }

  /// What a scan cannot answer as the index does is left to the index.
  @Test func whatAScanCannotAnswerIsLeftToTheIndex() throws {
    var table = RecordTable(attributes: ["name"])
    table.appendRow(["one"])
    let prepared = PreparedCatalog(
      name: "one", path: "one.csv", table: table, settings: CatalogSettings().resolved(for: table))
    #expect(prepared.scan("", limit: 10) == nil)
    #expect(prepared.scan("  ", limit: 10) == nil)
    // A page deep in the answer: the heaps would cost what the index does.
    #expect(prepared.scan("one", limit: 1_000) != nil)
    #expect(prepared.scan("one", limit: 1_001) == nil)
  }
}
