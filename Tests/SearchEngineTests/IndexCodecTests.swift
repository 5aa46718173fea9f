import Testing

@testable import SearchEngine

struct MemorySink: IndexSink {
  var bytes: [UInt8] = []
  mutating func write(_ chunk: UnsafeRawBufferPointer) throws { bytes += chunk }
}

struct MemorySource: IndexSource {
  enum Failure: Error { case end }
  let bytes: [UInt8]
  var at = 0
  var remainingBytes: Int { bytes.count - at }
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws {
    guard buffer.count <= bytes.count - at else { throw Failure.end }
    bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[at..<(at + buffer.count)])) }
    at += buffer.count
  }
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
    var source = MemorySource(bytes: try encoded())
    let index = try IndexCodec.decode(from: &source, settings: Self.settings)
    #expect(Searcher(index: index).search(SearchRequest(query: "iphone")).hits.map(\.objectID) == ["1"])
  }

  /// Without the cache file's checksum, the structure checks alone must keep every mutated index
  /// from crashing: each changed byte is refused, or decodes into an index that searches safely.
  @Test func aDamagedIndexIsRefusedOrSearchesSafely() throws {
    let bytes = try encoded()
    for offset in bytes.indices {
      for flip: UInt8 in [0x01, 0x80, 0xFF] {
        var damaged = bytes
        damaged[offset] ^= flip
        var source = MemorySource(bytes: damaged)
        guard let index = try? IndexCodec.decode(from: &source, settings: Self.settings) else { continue }
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
