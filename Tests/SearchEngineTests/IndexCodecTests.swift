import Foundation
import Testing

@testable import SearchEngine

struct MemorySink: IndexSink {
  var bytes: [UInt8] = []
  mutating func write(_ chunk: UnsafeRawBufferPointer) throws { bytes += chunk }
}

@Suite struct IndexCodecTests {
  static let settings = IndexSettings(
    searchableAttributes: ["name", "brand", "description"], titleAttribute: "name",
    customRanking: [.descending("popularity")])

  func encoded() throws -> [UInt8] {
    let index = makeIndex([
      ["name": "Crème brûlée torch", "brand": "Kitchen", "popularity": "5"],
      ["name": "iPhone 15 Pro", "brand": "Apple", "description": "A phone", "popularity": "9"],
      ["name": "日本語のテキスト", "brand": "Sony", "popularity": "1"],
    ])
    var sink = MemorySink()
    try IndexCodec.encode(index, to: &sink)
    return sink.bytes
  }

  @Test func roundTrips() throws {
    let index = try IndexCodec.decode(try encoded(), settings: Self.settings)
    #expect(Searcher(index: index).search(SearchRequest(query: "iphone")).hits.map(\.objectID) == ["1"])
  }

  @Test func roundTripsWithoutCustomRanking() throws {
    let built = makeIndex(
      [["name": "Crème brûlée torch"], ["name": "iPhone 15 Pro"], ["name": "iPhone 15"]], customRanking: [])
    var sink = MemorySink()
    try IndexCodec.encode(built, to: &sink)
    var settings = Self.settings
    settings.customRanking = []
    let index = try IndexCodec.decode(sink.bytes, settings: settings)
    #expect(index.primaryCustomValue.isEmpty)
    #expect(Searcher(index: index).search(SearchRequest(query: "iphone")).hits.map(\.objectID) == ["2", "1"])
    #expect(index.records(titled: "creme brulee torch").map(index.documents.objectID) == ["0"])
    #expect(index.record(objectID: "2").map(index.documents.objectID) == "2")
  }

  /// Lines known by their content hash (ids not stored, copies numbered) as a cache keeps them:
  /// the same ids, each found by its id.
  func linesByContent() throws -> (SearchIndex, [UInt8]) {
    let lines = ["flask", "django", "flask", "numpy", "flask"]
    let bytes = Array(lines.joined().utf8)
    var offsets: [UInt32] = [0]
    for line in lines { offsets.append(offsets.last! + UInt32(line.utf8.count)) }
    let store = DocumentStore(
      attributes: ["text"], bytes: bytes, offsets: offsets, count: lines.count,
      objectIDs: .contentHashes(numberedRows: [2, 4], numbers: [2, 3]))
    let index = IndexBuilder.build(
      store, settings: IndexSettings(searchableAttributes: ["text"], titleAttribute: "text", customRanking: []))
    var sink = MemorySink()
    try IndexCodec.encode(index, to: &sink)
    return (index, sink.bytes)
  }

  @Test func contentHashIDsRoundTrip() throws {
    let (built, bytes) = try linesByContent()
    let index = try IndexCodec.decode(
      bytes, settings: IndexSettings(searchableAttributes: ["text"], titleAttribute: "text", customRanking: []))
    let ids = (0..<index.count).map(index.documents.objectID)
    #expect(ids == (0..<built.count).map(built.documents.objectID))
    #expect(Set(ids).count == 5 && ids.filter { $0.hasSuffix("-2") || $0.hasSuffix("-3") }.count == 2)
    #expect(ids.allSatisfy { index.record(objectID: $0).map(index.documents.objectID) == $0 })
    #expect(index.documents.objectIDBytesHeld == 16)
  }

  /// Ids hashed from one attribute (a shaped line's line as read) are kept so by a cache.
  @Test func idsHashedFromOneAttributeRoundTrip() throws {
    let values = ["a", "a b", "b", "a b"]
    let bytes = Array(values.joined().utf8)
    var offsets: [UInt32] = [0]
    for value in values { offsets.append(offsets.last! + UInt32(value.utf8.count)) }
    let store = DocumentStore(
      attributes: ["text", "line"], bytes: bytes, offsets: offsets, count: 2,
      objectIDs: .contentHashes(numberedRows: [1], numbers: [2], hashing: 1))
    let settings = IndexSettings(searchableAttributes: ["text"], titleAttribute: "text", customRanking: [])
    let built = IndexBuilder.build(store, settings: settings)
    var sink = MemorySink()
    try IndexCodec.encode(built, to: &sink)
    let index = try IndexCodec.decode(sink.bytes, settings: settings)
    let ids = (0..<index.count).map(index.documents.objectID)
    #expect(ids == (0..<built.count).map(built.documents.objectID))
    #expect(Set(ids.map { $0.prefix(16) }).count == 1 && ids.contains { $0.hasSuffix("-2") })
  }

  @Test func aDamagedContentHashIndexIsRefusedOrSearchesSafely() throws {
    let settings = IndexSettings(searchableAttributes: ["text"], titleAttribute: "text", customRanking: [])
    let bytes = try linesByContent().1
    for offset in bytes.indices {
      var damaged = bytes
      damaged[offset] ^= 0x80
      guard let index = try? IndexCodec.decode(damaged, settings: settings) else { continue }
      let response = Searcher(index: index).search(SearchRequest(query: "fla", hitsPerPage: 5))
      _ = response.hits.map { index.documents.objectID($0.record) }
      _ = index.record(objectID: "flask")
    }
  }

  /// Without the cache file's checksum, the structure checks alone must keep every mutated index
  /// from crashing: each changed byte is refused, or decodes into an index that searches safely.
  @Test func aDamagedIndexIsRefusedOrSearchesSafely() throws {
    let bytes = try encoded()
    for offset in bytes.indices {
      for flip: UInt8 in [0x01, 0x80, 0xFF] {
        var damaged = bytes
        damaged[offset] ^= flip
        guard let index = try? IndexCodec.decode(damaged, settings: Self.settings) else { continue }
        let searcher = Searcher(index: index)
        for query in ["", "i", "iph", "creme", "apple phone", "日本", "sony x"] {
          let response = searcher.search(SearchRequest(query: query, hitsPerPage: 5))
          #expect(response.hits.count <= max(response.nbHits, 0) || query.isEmpty)
          _ = index.records(titled: query)
        }
      }
    }
  }
}

@Suite struct IndexImageTests {
  /// The checks give the same verdict on every damaged byte whether they see the index at once,
  /// in 64-byte chunks, or split in two parts at any section: what the cache's two reader threads do.
  @Test func chunkedAndSplitChecksAgreeWithWholeOnes() throws {
    let bytes = try IndexCodecTests().encoded()
    let settings = IndexCodecTests.settings
    func verdict(_ data: [UInt8], chunk: Int?, split: Int?) -> Bool {
      let memory = AlignedMemory(copying: data)
      guard var image = try? IndexImage.open(memory.bytes, owner: memory, settings: settings) else { return false }
      let step = chunk ?? max(memory.bytes.count, 1)
      if let split {
        var (at, first, second) = image.split(near: split)
        at = min(at, memory.bytes.count)
        for start in stride(from: 0, to: at, by: step) {
          first.check(UnsafeRawBufferPointer(rebasing: memory.bytes[start..<min(at, start + step)]), at: start)
        }
        for start in stride(from: at, to: memory.bytes.count, by: step) {
          second.check(
            UnsafeRawBufferPointer(rebasing: memory.bytes[start..<min(memory.bytes.count, start + step)]), at: start)
        }
        image.check(parts: [first, second])
      } else {
        for start in stride(from: 0, to: memory.bytes.count, by: step) {
          image.check(
            UnsafeRawBufferPointer(rebasing: memory.bytes[start..<min(memory.bytes.count, start + step)]), at: start)
        }
      }
      return (try? image.index()) != nil
    }
    #expect(verdict(bytes, chunk: nil, split: nil))
    #expect(verdict(bytes, chunk: 64, split: bytes.count / 2))
    for offset in stride(from: 0, to: bytes.count, by: 7) {
      var damaged = bytes
      damaged[offset] ^= 0x81
      let whole = verdict(damaged, chunk: nil, split: nil)
      #expect(verdict(damaged, chunk: 64, split: nil) == whole, "byte \(offset)")
      #expect(verdict(damaged, chunk: 128, split: offset) == whole, "byte \(offset), split")
    }
  }

  /// Where the little-endian 32-bit `values` first appear in `bytes`.
  static func position(of values: [UInt32], in bytes: [UInt8]) -> Int? {
    let pattern = values.flatMap { v in withUnsafeBytes(of: v.littleEndian) { Array($0) } }
    return (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
  }

  /// Whether `bytes`, with the 32-bit value at `at` set to `value`, pass the checks fed in chunks.
  static func decodes(_ bytes: [UInt8], setting at: Int, to value: UInt32, chunk: Int) -> Bool {
    var moved = bytes
    withUnsafeBytes(of: value.littleEndian) { for k in 0..<4 { moved[at + k] = $0[k] } }
    let memory = AlignedMemory(copying: moved)
    guard var image = try? IndexImage.open(memory.bytes, owner: memory, settings: IndexCodecTests.settings) else {
      return false
    }
    for start in stride(from: 0, to: memory.bytes.count, by: chunk) {
      image.check(
        UnsafeRawBufferPointer(rebasing: memory.bytes[start..<min(memory.bytes.count, start + chunk)]), at: start)
    }
    return (try? image.index()) != nil
  }

  /// A value must start on a character: a document offset moved onto the second byte of "è" is
  /// refused, at once and in chunks, where one moved onto its first byte is not.
  @Test func aValueStartingInsideACharacterIsRefused() throws {
    let bytes = try IndexCodecTests().encoded()
    // Values are stored as the records were given: the first, "Crème brûlée torch", ends at 21
    // (its offsets are 0, 21, 28, 28), and its "è" takes bytes 2 and 3. The second value is made
    // to start there.
    let at = try #require(Self.position(of: [21, 28, 28], in: bytes))
    func decodes(movingTo start: UInt32, chunk: Int) -> Bool {
      Self.decodes(bytes, setting: at, to: start, chunk: chunk)
    }
    for chunk in [64, 1 << 20] {
      #expect(decodes(movingTo: 21, chunk: chunk))
      #expect(decodes(movingTo: 2, chunk: chunk))
      #expect(!decodes(movingTo: 3, chunk: chunk))
    }
  }

  /// The check of the document offsets walks the text's marked 64-byte blocks in step with the
  /// offsets, chunk by chunk: a chunk that starts with an offset in the block where the last
  /// chunk ended must still be checked against that block's marks.
  @Test func anOffsetInsideACharacterIsRefusedAtTheStartOfAChunk() throws {
    // Four values a record (name, brand, description, popularity), two bytes of text each record:
    // the 64-byte chunks of offsets hold four records, and the fifth record's name, "èa", starts
    // the second chunk at text byte 8, in the same text block as the fourth record's values.
    // (Records are stored in ranking order: equal popularity, then by name.)
    let rows = (0..<8).map { r in ["name": r < 4 ? "a" : r == 4 ? "èa" : "z", "popularity": "1"] }
    var sink = MemorySink()
    try IndexCodec.encode(makeIndex(rows), to: &sink)
    let bytes = sink.bytes
    let at = try #require(Self.position(of: [6, 7, 7, 7, 8], in: bytes)) + 16
    try #require(at % 64 == 0, "the fifth record's offset starts a chunk")
    func decodes(movingTo start: UInt32, chunk: Int = 64) -> Bool {
      Self.decodes(bytes, setting: at, to: start, chunk: chunk)
    }
    #expect(decodes(movingTo: 8))
    #expect(!decodes(movingTo: 9))
    #expect(!decodes(movingTo: 9, chunk: 1 << 20))
  }

  /// A mapped index borrows its bytes: a search reads the columns in place, and they stay valid
  /// for as long as the index lives, after the bytes' other owners are gone.
  @Test func anIndexKeepsTheMemoryItBorrowsAlive() throws {
    var index: SearchIndex? = nil
    do {
      let memory = AlignedMemory(copying: try IndexCodecTests().encoded())
      var image = try IndexImage.open(memory.bytes, owner: memory, settings: IndexCodecTests.settings)
      image.check(memory.bytes, at: 0)
      index = try image.index()
    }
    let hits = Searcher(index: try #require(index)).search(SearchRequest(query: "torch")).hits
    #expect(hits.map(\.objectID) == ["0"])
  }
}

@Suite struct ParallelBuildTests {
  /// Records tokenized in runs on several cores, each run with its own dictionary, merged: the
  /// same index, byte for byte, as one run over all of them.
  @Test(arguments: [2, 3, 7])
  func runsMergeIntoTheSameIndex(runs: Int) throws {
    let words = ["crème", "brûlée", "torch", "iphone", "pro", "max", "日本語", "sony", "tv", "4k", "a", "b"]
    var store = DocumentStore(attributes: ["name", "brand", "description", "popularity"])
    var state: UInt64 = 42
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % n
    }
    for i in 0..<500 {
      let name = (0..<(1 + next(4))).map { _ in words[next(words.count)] }.joined(separator: " ")
      store.append(objectID: "r\(i)", values: [name, words[next(words.count)], "item \(i)", "\(next(100))"])
    }
    let settings = IndexCodecTests.settings
    func encoded(_ index: SearchIndex) throws -> [UInt8] {
      var sink = MemorySink()
      try IndexCodec.encode(index, to: &sink)
      return sink.bytes
    }
    let serial = try encoded(IndexBuilder.build(store, settings: settings, runs: 1))
    let parallel = try encoded(IndexBuilder.build(store, settings: settings, runs: runs))
    #expect(serial == parallel)
  }
}

/// A build tells its workers when a step's working memory is freed (the app hands the free pages
/// back to the system there): after the dictionaries are merged and after the postings are laid
/// out, with the number of records; the index is the one built without being told.
@Suite struct BuildStepsTests {
  final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int] = []
    func add(_ records: Int) { lock.withLock { counts.append(records) } }
    var all: [Int] { lock.withLock { counts } }
  }

  @Test func aBuildTellsItsWorkersBetweenItsSteps() throws {
    let told = Told()
    let workers = Workers(
      cores: 2, betweenSteps: told.add,
      launch: { iterations, body in
        for i in 0..<iterations { body.run(i) }
      })
    var store = DocumentStore(attributes: ["name", "popularity"])
    for i in 0..<300 { store.append(objectID: "\(i)", values: ["item \(i) of the list", "\(i % 7)"]) }
    let settings = IndexCodecTests.settings
    var quiet = MemorySink()
    var toldSink = MemorySink()
    try IndexCodec.encode(IndexBuilder.build(store, settings: settings), to: &quiet)
    try IndexCodec.encode(IndexBuilder.build(store, settings: settings, workers: workers), to: &toldSink)
    #expect(told.all == [300, 300])
    #expect(quiet.bytes == toldSink.bytes)
  }
}

/// The range check on ids and places: every element below the bound, at the edges of the bound
/// and of the type, for bounds that take the two-operation path and ones that take the max.
@Suite struct AllBelowTests {
  func below<T: FixedWidthInteger & UnsignedInteger>(_ bound: T, _ values: [T]) -> Bool {
    values.withUnsafeBytes { ContentChecker.allBelow(bound, $0) }
  }

  @Test func elementsAtTheEdges() {
    for bound: UInt32 in [1, 2, 1_113_304, 1 << 31, (1 << 31) + 5, .max] {
      #expect(below(bound, []))
      #expect(below(bound, [0]))
      #expect(below(bound, [0, bound - 1, bound / 2]))
      #expect(!below(bound, [0, bound]))
      #expect(!below(bound, [bound &+ 1 == 0 ? bound : bound &+ 1, 0]))
      #expect(!below(bound, Array(repeating: 0, count: 9) + [.max]))
      if bound <= 1 << 31 {
        #expect(!below(bound, [(1 << 31) + (bound - 1)]), "wraps to below the bound, top bit set")
        #expect(!below(bound, [1 << 31]))
      }
    }
    for bound: UInt16 in [1, 3 << 12, 1 << 15, .max] {
      #expect(below(bound, [0, bound - 1]))
      #expect(!below(bound, [bound - 1, bound]))
      #expect(!below(bound, [.max, 0]))
    }
  }
}
