import Foundation
import SearchEngine
import Testing

@testable import SeekCore

/// Lines a pipe delivered past the main index are answered by a scan (`StreamTail`) with the
/// index's rules: the same pages and counts as one index of every line, whatever part of them
/// the main index holds. 30,000 real package names (over the 10,000-term regime threshold).
@Suite struct StreamTailTests {
  static let names = packageNames(first: 30_000)

  static let queries = [
    "numpy", "django rest", "reqeusts", "py", "flsk", "'orm", "^flask", "zzzzqqq", "", "test", "api client",
    "ai tools",
  ]

  func table(_ lines: ArraySlice<String>) -> RecordTable {
    var table = RecordTable(attributes: ["text"])
    for line in lines { table.appendRow([line]) }
    return table
  }

  /// Lines keep typos on the words they know, as the app reads them (`Plan`).
  static let lineSettings = {
    var settings = CatalogSettings()
    settings.typosOnKnownWords = true
    return settings
  }()

  func catalog(_ lines: ArraySlice<String>) -> Catalog {
    let rows = table(lines)
    return Catalog(name: "pipe", path: "-", table: rows, settings: Self.lineSettings.resolved(for: rows))
  }

  /// A searcher whose main index holds the first `indexed` names, the rest delivered unindexed
  /// in chunks of `chunk`.
  func scanning(indexed: Int, chunk: Int) -> CatalogSearcher {
    let names = Self.names
    let searcher = CatalogSearcher(catalog: catalog(names[..<indexed]))
    var position = indexed
    while position < names.count {
      let end = min(names.count, position + chunk)
      searcher.appendUnindexed(table(names[position..<end]), at: position)
      position = end
    }
    return searcher
  }

  func page(_ searcher: CatalogSearcher, _ query: String, page: Int = 0) throws -> (titles: [String], nbHits: Int) {
    var request = CatalogSearcher.Request(query: query, page: page, hitsPerPage: 20, exhaustive: true)
    request.matching.fuzzyTier = true
    let response = try searcher.search(request)
    return (response.hits.map { $0.index.documents.value($0.hit.record, 0) }, response.nbHits)
  }

  @Test(arguments: [(2_000, 7_000), (12_000, 500), (29_990, 3)])
  func scannedLinesAnswerAsOneIndexOfThemAll(indexed: Int, chunk: Int) throws {
    try #require(Self.names.count == 30_000)
    let whole = CatalogSearcher(catalog: catalog(Self.names[...]))
    let scanned = scanning(indexed: indexed, chunk: chunk)
    #expect(scanned.unindexedLines == 30_000 - indexed)
    for query in Self.queries {
      for n in [0, 3] {
        let expected = try page(whole, query, page: n)
        let got = try page(scanned, query, page: n)
        #expect(got.titles == expected.titles, "\(query) page \(n)")
        #expect(got.nbHits == expected.nbHits, "\(query) page \(n)")
      }
    }
  }

  /// A scan stopped for a newer search has no answer, and goes on from where it was.
  @Test func aScanGivesWayAndResumes() throws {
    try #require(Self.names.count == 30_000)
    let whole = CatalogSearcher(catalog: catalog(Self.names[...]))
    let scanned = scanning(indexed: 1_000, chunk: 10_000)
    let stops = Counter()
    scanned.superseded = { stops.next() < 2 }
    _ = try page(scanned, "django")
    #expect(scanned.lastSearchGaveWay)
    _ = try page(scanned, "django")
    #expect(scanned.lastSearchGaveWay)
    let resumed = try page(scanned, "django")
    #expect(!scanned.lastSearchGaveWay)
    #expect(resumed.titles == (try page(whole, "django")).titles)
    #expect(resumed.nbHits == (try page(whole, "django")).nbHits)
  }

  /// The interim answer (while a long scan waits) is the main index's alone when no scan of its
  /// query has begun, whatever another query's scan kept; the whole answer after it is
  /// unchanged. Long means past 20,000 lines.
  @Test func anInterimAnswerIsTheMainIndexAlone() throws {
    try #require(Self.names.count == 30_000)
    let mainOnly = CatalogSearcher(catalog: catalog(Self.names[..<5_000]))
    let whole = CatalogSearcher(catalog: catalog(Self.names[...]))
    let scanned = scanning(indexed: 5_000, chunk: 5_000)
    #expect(scanned.scanTakesLong(.init(query: "x")) && !scanned.scanTakesLong(.init(query: "x", page: 1)))
    _ = try page(scanned, "flask")  // a tail segment of flask's kept lines
    for query in ["django", "flask", ""] {
      var request = CatalogSearcher.Request(query: query, hitsPerPage: 20, exhaustive: true)
      request.matching.fuzzyTier = true
      request.skipsUnindexedLines = true
      let interim = try scanned.search(request)
      #expect(
        interim.hits.map { $0.index.documents.value($0.hit.record, 0) } == (try page(mainOnly, query)).titles,
        "\(query)")
      #expect(interim.nbHits == (try page(mainOnly, query)).nbHits, "\(query)")
      #expect(try page(scanned, query) == (try page(whole, query)), "\(query)")
    }
    // It scans nothing, so it never gives way to a newer search.
    scanned.superseded = { true }
    var request = CatalogSearcher.Request(query: "numpy", hitsPerPage: 20, exhaustive: true)
    request.matching.fuzzyTier = true
    request.skipsUnindexedLines = true
    let interim = try scanned.search(request)
    let mainCount = try page(mainOnly, "numpy").nbHits
    #expect(!scanned.lastSearchGaveWay && interim.nbHits == mainCount)
    #expect(!scanning(indexed: 25_000, chunk: 5_000).scanTakesLong(.init(query: "x")))
  }

  /// A scan that gave way partway (a pipe read faster than it is scanned): the interim answer
  /// for its query is the main index's and what the scan found so far — more than the main
  /// index's alone, fewer than every line's, the best of the lines reached first — and the
  /// whole answer after it is unchanged.
  @Test func anInterimAnswerHoldsWhatTheScanFoundSoFar() throws {
    try #require(Self.names.count == 30_000)
    let mainOnly = CatalogSearcher(catalog: catalog(Self.names[..<5_000]))
    let whole = CatalogSearcher(catalog: catalog(Self.names[...]))
    let scanned = scanning(indexed: 5_000, chunk: 5_000)
    let checks = Counter()
    scanned.superseded = { checks.next() == 3 }  // at the 4th look, four blocks of the tail in
    _ = try page(scanned, "api")
    #expect(scanned.lastSearchGaveWay)
    var request = CatalogSearcher.Request(query: "api", hitsPerPage: 20, exhaustive: true)
    request.matching.fuzzyTier = true
    request.skipsUnindexedLines = true
    let interim = try scanned.search(request)
    let (mainCount, wholeCount) = (try page(mainOnly, "api").nbHits, try page(whole, "api").nbHits)
    #expect(interim.nbHits > mainCount && interim.nbHits < wholeCount)
    let soFar = CatalogSearcher(catalog: catalog(Self.names[..<(5_000 + Self.linesReached(looks: 4, chunk: 5_000))]))
    #expect(interim.nbHits == (try page(soFar, "api")).nbHits)
    #expect(
      interim.hits.map { $0.index.documents.value($0.hit.record, 0) } == (try page(soFar, "api")).titles)
    #expect(try page(scanned, "api") == (try page(whole, "api")))
  }

  /// The tail's lines a scan has matched at its `looks`-th look at a newer search: it looks after
  /// each block (`LineScanRuns.blockLines`), and a block ends with its chunk.
  static func linesReached(looks: Int, chunk: Int) -> Int {
    let block = LineScanRuns.blockLinesPerCore * Workers.allCores.cores
    var (reached, row) = (0, 0)
    for _ in 0..<looks {
      let end = min(chunk, row + block)
      reached += end - row
      row = end == chunk ? 0 : end
    }
    return reached
  }

  /// fzf's `{n}`: a line's place in the input, whether the main index holds it (numbered shorter
  /// first) or a scan kept it from the tail.
  @Test func aLinesPlaceIsItsPlaceInTheInput() throws {
    try #require(Self.names.count == 30_000)
    let places = Dictionary(Self.names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    // As the app reads lines: shorter first, then input order (fzf's default tie-break).
    var given = Self.lineSettings
    given.tiebreak = [.length, .index]
    func lines(_ range: Range<Int>) -> RecordTable { table(Self.names[range]) }
    let main = lines(0..<5_000)
    let scanned = CatalogSearcher(
      catalog: Catalog(name: "pipe", path: "-", table: main, settings: given.resolved(for: main)))
    scanned.appendUnindexed(lines(5_000..<30_000), at: 5_000)
    var checked = (main: 0, tail: 0)
    for query in ["django", "flask", "requests", "py"] {
      var request = CatalogSearcher.Request(query: query, hitsPerPage: 50, exhaustive: true)
      request.matching.fuzzyTier = true
      for hit in try scanned.search(request).hits {
        let text = hit.index.documents.value(hit.hit.record, 0)
        guard Self.names.firstIndex(of: text) == Self.names.lastIndex(of: text) else { continue }  // unique lines
        let objectID = hit.index.documents.objectID(hit.hit.record)
        #expect(scanned.ordinal(objectID: objectID) == places[text], "\(query): \(text)")
        if hit.kind == .tail { checked.tail += 1 } else { checked.main += 1 }
      }
    }
    #expect(checked.main > 20 && checked.tail > 20)
  }

  /// A new main index takes over lines of the tail: the answers do not change, and the records
  /// searched are the same (an exact count stays exact).
  @Test func aNewMainIndexTakesOverTheTail() throws {
    try #require(Self.names.count == 30_000)
    let scanned = scanning(indexed: 3_000, chunk: 5_000)
    let before = try page(scanned, "flask")
    let content = scanned.contentGeneration
    scanned.replaceMain(with: catalog(Self.names[..<20_000]))
    #expect(scanned.unindexedLines == 10_000)
    #expect(try page(scanned, "flask") == before)
    scanned.replaceMain(with: catalog(Self.names[...]))
    #expect(scanned.unindexedLines == 0)
    #expect(try page(scanned, "flask") == before)
    #expect(scanned.contentGeneration == content)
  }

  /// The final snapshot (every line read, in one table) replaces the chunks the tail was handed,
  /// even in the middle of a scan, whether or not a main index holds the first lines: the scan
  /// goes on from the line it had reached, the lines not handed yet are scanned too, and their
  /// batches, handed late, are not added twice. A main index taking part of it then leaves the
  /// rest to the tail.
  @Test(arguments: [0, 4_000])
  func theWholeInputReplacesTheChunksInTheMiddleOfAScan(indexed: Int) throws {
    try #require(Self.names.count == 30_000)
    let names = Self.names
    let whole = CatalogSearcher(catalog: catalog(names[...]))
    let scanned = CatalogSearcher(catalog: catalog(names[..<indexed]))
    for start in stride(from: indexed, to: 25_000, by: 3_000) {
      scanned.appendUnindexed(table(names[start..<min(25_000, start + 3_000)]), at: start)
    }
    // Stopped at the first look past 6,000 lines: inside the third chunk (at its end where a
    // block is a whole chunk: 3 cores or more).
    let stop = (1...).first { Self.linesReached(looks: $0, chunk: 3_000) > 6_000 }!
    let looks = Counter()
    scanned.superseded = { looks.next() == stop - 1 }
    _ = try page(scanned, "py")
    #expect(scanned.lastSearchGaveWay)
    scanned.holdWholeInput(table(names[...]))
    #expect(scanned.unindexedLines == 30_000 - indexed)
    let expected = try page(whole, "py")
    #expect(try page(scanned, "py") == expected)
    #expect(!scanned.lastSearchGaveWay)
    scanned.appendUnindexed(table(names[25_000...]), at: 25_000)
    #expect(scanned.unindexedLines == 30_000 - indexed)
    #expect(try page(scanned, "py") == expected)
    #expect(try page(scanned, "flask") == (try page(whole, "flask")))
    scanned.replaceMain(with: catalog(names[..<20_000]))
    #expect(scanned.unindexedLines == 10_000)
    #expect(try page(scanned, "py") == expected)
    #expect(try page(scanned, "flask sql") == (try page(whole, "flask sql")))
  }

  /// Lines that arrive after a new main index took the whole tail are answered too: the new
  /// tail's first index is installed though the one before had the same serial.
  @Test func linesAfterATakenTailAreAnswered() throws {
    try #require(Self.names.count == 30_000)
    let names = Self.names
    let searcher = CatalogSearcher(catalog: catalog(names[..<1_000]))
    searcher.appendUnindexed(table(names[1_000..<2_000]), at: 1_000)
    _ = try page(searcher, "django")
    searcher.replaceMain(with: catalog(names[..<2_000]))
    #expect(searcher.unindexedLines == 0)
    searcher.appendUnindexed(table(names[2_000..<3_000]), at: 2_000)
    let whole = CatalogSearcher(catalog: catalog(names[..<3_000]))
    for query in ["", names[2_500], "django"] {
      #expect(try page(searcher, query) == (try page(whole, query)), "\(query)")
    }
  }
}

private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var calls = 0
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    calls += 1
    return calls - 1
  }
}
