import Foundation
import Synchronization
import Testing

@testable import SearchEngine
@testable import SeekCore

@Suite struct StreamingTests {
  func lines(_ range: ClosedRange<Int>) -> RecordTable { .numberedLines(range) }

  @Test func theFinishedReaderHandsItsRecordsOverAndKeepsNone() throws {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data("alpha\nbeta\r\n\ngamma".utf8))
    try pipe.fileHandleForWriting.close()
    let reader = StreamingReader(format: .lines) {}
    let table = reader.readAll(pipe.fileHandleForReading)
    // An empty line is a line, as fzf lists it (a file's lines are read alike).
    #expect(table.rows == [["alpha"], ["beta"], [""], ["gamma"]])
    let file = Array("alpha\nbeta\r\n\ngamma".utf8)
    #expect(file.withUnsafeBufferPointer { CatalogParser.parseLines($0).rows } == table.rows)
    // The records went with the first snapshot after the end: the reader holds none of them.
    let later = reader.snapshot()
    #expect(later.finished)
    #expect(later.table.count == 0)
    #expect(later.bytesRead == 18)
  }

  /// Snapshots are joined outside the reader's lock while reading and handing out batches go
  /// on: every snapshot is the input's first lines in order, none is missed or doubled, and the
  /// batches handed out are every line once.
  @Test func snapshotsTakenWhileLinesArriveAreWholeAndMissNothing() throws {
    let total = 120_000
    let pipe = Pipe()
    let reader = StreamingReader(format: .lines) {}
    reader.keepsUnindexed = true
    reader.start(reading: pipe.fileHandleForReading)
    let writer = Thread {
      for start in stride(from: 0, to: total, by: 3_000) {
        let chunk = (start..<start + 3_000).map { "line \($0)\n" }.joined()
        pipe.fileHandleForWriting.write(Data(chunk.utf8))
      }
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    var handedOut = 0
    var snapshots = 0
    var last = RecordTable()
    while true {
      let snapshot = reader.snapshot()
      if snapshot.table.count > 0 {
        snapshots += 1
        #expect(snapshot.table.value(snapshot.table.count - 1, 0) == "line \(snapshot.table.count - 1)")
      }
      let taken = reader.takeUnindexed()
      #expect(taken.at == handedOut)
      for batch in taken.batches {
        #expect(batch.count == 0 || batch.value(0, 0) == "line \(handedOut)")
        handedOut += batch.count
      }
      if snapshot.finished {
        last = snapshot.table
        break
      }
      Thread.sleep(forTimeInterval: 0.001)  // polling for the end of input, not a timed assertion
    }
    handedOut += reader.takeUnindexed().batches.reduce(0) { $0 + $1.count }
    #expect(snapshots > 0)
    #expect(handedOut == total)
    #expect(last.count == total)
    #expect(last.rows.map { $0[0] }.elementsEqual((0..<total).map { "line \($0)" }))
  }

  /// Plain lines go into the table as bytes: ASCII as it is, other UTF-8 kept, invalid UTF-8
  /// repaired with U+FFFD as `String(decoding:)` does.
  @Test func plainLinesKeepTheirTextAndInvalidUTF8IsRepaired() throws {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(
      Data("plain\n".utf8) + Data([0x63, 0x61, 0x66, 0xC3, 0xA9, 0x0A, 0x62, 0xFF, 0x64, 0x0A]))
    try pipe.fileHandleForWriting.close()
    let table = StreamingReader(format: .lines) {}.readAll(pipe.fileHandleForReading)
    #expect(table.rows == [["plain"], ["café"], ["b\u{FFFD}d"]])
    // The bytes stored are the repaired ones (the store holds valid UTF-8 only).
    #expect(table.withValue(2, 0) { Array($0) } == Array("b\u{FFFD}d".utf8))
  }

  /// A line longer than a read is searched for its newline once, not once per read: the bytes
  /// examined never exceed the bytes fed, whatever the shape of the lines.
  @Test(arguments: [3, 4096, 65_536])
  func linesAreCutInOnePass(chunkSize: Int) {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 18)
    let input = Array("a\n".utf8) + long + Array("\nb\n\nc".utf8)
    var splitter = LineSplitter()
    var lines: [[UInt8]] = []
    for start in stride(from: 0, to: input.count, by: chunkSize) {
      splitter.feed(Data(input[start..<min(input.count, start + chunkSize)])) { lines.append(Array($0)) }
      #expect(splitter.pendingCount <= long.count + chunkSize)
    }
    splitter.finish { lines.append(Array($0)) }
    #expect(lines == [Array("a".utf8), long, Array("b".utf8), [], Array("c".utf8)])
    #expect(splitter.examinedBytes <= input.count)
  }

  /// `--read0`: items end with NUL; a newline or a carriage return inside one is kept.
  @Test func nulEndedItemsKeepTheirNewlines() {
    var splitter = LineSplitter(delimiter: 0)
    var items: [String] = []
    splitter.feed(Data("a b\0two\nlines\0cr\r\0la".utf8)) { items.append(String(decoding: $0, as: UTF8.self)) }
    splitter.feed(Data("st".utf8)) { items.append(String(decoding: $0, as: UTF8.self)) }
    splitter.finish { items.append(String(decoding: $0, as: UTF8.self)) }
    #expect(items == ["a b", "two\nlines", "cr\r", "last"])
    #expect(!splitter.dropsCarriageReturn && LineSplitter().dropsCarriageReturn)
    let reader = StreamingReader(format: .lines, delimiter: 0) {}
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data("x\ny\0z\0".utf8))
    try? pipe.fileHandleForWriting.close()
    let table = reader.readAll(pipe.fileHandleForReading)
    #expect(table.count == 2 && table.row(0) == ["x\ny"])
  }

  /// A pipe's main index built on the low-priority threads (`Workers.background`, each step on
  /// both cores) is the index one thread builds, byte for byte: lines enough to be tokenized in
  /// runs and to have their ids computed beside the ranking order, some of them twice.
  @Test func aBackgroundBuildIsTheIndexOneThreadBuilds() throws {
    struct Bytes: IndexSink {
      var bytes: [UInt8] = []
      mutating func write(_ chunk: UnsafeRawBufferPointer) throws { bytes += chunk }
    }
    let names = packageNames(first: 60_000)
    func built(_ workers: Workers) throws -> [UInt8] {
      var table = RecordTable(attributes: ["text"])
      for (i, name) in names.enumerated() { table.appendRow([i % 7 == 0 ? "copy \(i % 100)" : name]) }
      let settings = CatalogSettings().resolved(for: table)
      let catalog = Catalog(name: "lines", path: "-", table: table, settings: settings, workers: workers)
      var sink = Bytes()
      try IndexCodec.encode(catalog.index, to: &sink)
      return sink.bytes
    }
    let background = try built(.background)
    #expect(background == (try built(.callingThread)))
    #expect(background == (try built(.allCores)))
  }

  /// A build is the caller's: once it lets go of one (the searcher did not take it), nothing of
  /// it is left, and the indexer builds the next as before.
  @Test func theIndexerKeepsNoBuildItDelivered() throws {
    let none = RecordTable(attributes: ["text"])
    let empty = Catalog(name: "s", path: "-", table: none, settings: CatalogSettings().resolved(for: none))
    var indexer = StreamingIndexer(catalog: empty, scansTail: true)
    var delivered: Catalog? = nil
    if case .rebuilt(let first)? = indexer.update(with: lines(1...100), finished: false) { delivered = first }
    var postings = try #require(delivered).index.postingRecords
    delivered = nil
    let heldByNoOneElse = postings.isUniquelyHeld()
    #expect(heldByNoOneElse)
    #expect(indexer.update(with: lines(1...150), finished: false) == nil)
    guard case .rebuilt(let next)? = indexer.update(with: lines(1...200), finished: false) else {
      Issue.record("twice the records rebuild the main index")
      return
    }
    #expect(next.index.count == 200)
  }

  @Test func theMainIndexIsRebuiltWhenRecordsDoubleAndAtTheEnd() throws {
    let none = RecordTable(attributes: ["text"])
    let empty = Catalog(name: "s", path: "-", table: none, settings: CatalogSettings().resolved(for: none))
    var indexer = StreamingIndexer(catalog: empty)
    guard case .rebuilt(let first)? = indexer.update(with: lines(1...100), finished: false) else {
      Issue.record("the first records are indexed whole")
      return
    }
    #expect(first.index.count == 100)
    #expect(indexer.update(with: lines(1...100), finished: false) == nil)
    guard case .tail(let tail)? = indexer.update(with: lines(1...150), finished: false) else {
      Issue.record("fewer than twice the main index's records go to a tail")
      return
    }
    #expect(tail.count == 50)
    #expect(tail.documents.value(0, 0) == "line 101")
    guard case .rebuilt(let doubled)? = indexer.update(with: lines(1...200), finished: false) else {
      Issue.record("twice the records rebuild the main index")
      return
    }
    #expect(doubled.index.count == 200)
    guard case .rebuilt(let last)? = indexer.update(with: lines(1...230), finished: true) else {
      Issue.record("the end of input rebuilds the main index with every record")
      return
    }
    #expect(last.index.count == 230)
    let hits = try CatalogSearcher(catalog: last).search(CatalogSearcher.Request(query: "line 230", hitsPerPage: 5))
    #expect(hits.hits.first.map { last.index.documents.value($0.hit.record, 0) } == "line 230")
  }

  /// A build started while reading is taken only if the pipe is nine times slower than indexing;
  /// until a window of reading says how fast the pipe is, none is started.
  @Test func aBuildWhileReadingWaitsForAPipeSlowEnoughForItToBeTaken() {
    var pacing = BuildPacing()
    pacing.observe(records: 0, at: 10)
    pacing.observe(records: 50_000, at: 10.1)
    #expect(pacing.readRate == nil)
    #expect(!pacing.keepsUp)
    pacing.observe(records: 250_000, at: 10.5)  // 500,000 lines a second
    #expect(pacing.readRate == 500_000)
    #expect(!pacing.keepsUp)
    pacing.built(records: 20_000, seconds: 0.001)  // too small to say how fast a build is
    #expect(pacing.buildRate == 300_000)
    pacing.built(records: 9_000_000, seconds: 2)  // 4.5 million a second: nine times the reader
    #expect(pacing.keepsUp)
    pacing.built(records: 9_000_000, seconds: 30)
    #expect(!pacing.keepsUp)
    pacing.observe(records: 250_000, at: 11)  // the pipe stalled
    #expect(pacing.keepsUp)
  }

  @Test func theFirstAndTheFinalBuildDoNotWaitForThePipe() throws {
    let none = RecordTable(attributes: ["text"])
    let empty = Catalog(name: "s", path: "-", table: none, settings: CatalogSettings().resolved(for: none))
    var indexer = StreamingIndexer(catalog: empty, scansTail: true)
    let unknown = BuildPacing()
    #expect(indexer.rebuilds(records: 100, finished: false))
    #expect(!indexer.waitsForThePipe(finished: false, pacing: unknown))
    _ = indexer.update(with: lines(1...100), finished: false)
    #expect(indexer.rebuilds(records: 200, finished: false))
    #expect(indexer.waitsForThePipe(finished: false, pacing: unknown))
    #expect(!indexer.waitsForThePipe(finished: true, pacing: unknown))
  }

  /// A pipe read fast and then stalled gets its main index while it stalls: the indexer looks
  /// at the reading rate again a window later, with no batch arriving to wake it.
  @Test func aPipeThatStallsIsIndexedWhileItStalls() throws {
    let none = RecordTable(attributes: ["text"])
    let empty = Catalog(name: "s", path: "-", table: none, settings: CatalogSettings().resolved(for: none))
    let built = Mutex<[Int]>([])
    let indexer = IndexerThread(catalog: empty, scansTail: true) { update, _, _, finished, _ in
      if case .rebuilt(let catalog)? = update, !finished { built.withLock { $0.append(catalog.index.count) } }
    }
    let pipe = Pipe()
    let reader = StreamingReader(format: .lines) { [indexer] in indexer.batchRead() }
    reader.keepsUnindexed = true
    indexer.onUnindexed = { [weak indexer] in _ = indexer?.takeUnindexed() }
    indexer.reader = reader
    reader.start(reading: pipe.fileHandleForReading)
    func waitFor(_ what: ([Int]) -> Bool) -> Bool {
      for _ in 0..<6_000 {
        if built.withLock({ what($0) }) { return true }
        Thread.sleep(forTimeInterval: 0.005)  // polling for a condition, not a timed assertion
      }
      return false
    }
    pipe.fileHandleForWriting.write(Data("first\n".utf8))
    #expect(waitFor { $0 == [1] })
    pipe.fileHandleForWriting.write(Data((0..<100_000).map { "line \($0)\n" }.joined().utf8))
    #expect(waitFor { $0.last == 100_001 })
    try pipe.fileHandleForWriting.close()
  }

  /// `--header-lines`: the header is handed out before the lines after it, by the reader's own
  /// thread (the indexer's loop took it later, and a list answered whole before its header came
  /// settled `--height ~N` one section short).
  @Test func theHeaderIsHandedBeforeTheLinesAfterIt() throws {
    let none = RecordTable(attributes: ["text"])
    let empty = Catalog(name: "s", path: "-", table: none, settings: CatalogSettings().resolved(for: none))
    let order = Mutex<[String]>([])
    let indexer = IndexerThread(catalog: empty, scansTail: true) { _, _, _, _, _ in }
    let pipe = Pipe()
    let reader = StreamingReader(format: .lines, headerLines: 2) { [indexer] in indexer.batchRead() }
    reader.keepsUnindexed = true
    indexer.onHeader = { [weak reader] finished in
      guard let reader, reader.headerRead.count == 2 || finished else { return false }
      order.withLock { $0.append("header") }
      return true
    }
    indexer.onUnindexed = { [weak indexer] in
      if let taken = indexer?.takeUnindexed(), taken.records > 0 { order.withLock { $0.append("lines") } }
    }
    indexer.reader = reader
    reader.start(reading: pipe.fileHandleForReading)
    pipe.fileHandleForWriting.write(Data("H1\nH2\nline\n".utf8))
    try pipe.fileHandleForWriting.close()
    for _ in 0..<6_000 where !order.withLock({ $0.contains("lines") }) {
      Thread.sleep(forTimeInterval: 0.005)  // polling for a condition, not a timed assertion
    }
    #expect(order.withLock { $0.first } == "header")
  }
}
