/// Where encoded index bytes go, and where they come from. The engine does no I/O: callers supply
/// these (a file, a buffer).
public protocol IndexSink {
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

public protocol IndexSource {
  /// Fills `buffer` completely or throws.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws
}

public enum IndexCodecError: Error, Equatable {
  case notAnIndex
  case unsupportedVersion(Int)
  case corrupt(String)
}

/// A built index as bytes: every array written raw (count, then contents), so loading is a few
/// large reads into freshly allocated arrays — no parsing, no tokenizing, no sorting. The format
/// is for this build of Seek on this machine (native endianness and layout), checked by a magic
/// number and a version; anything else is rebuilt.
public enum IndexCodec {
  static let magic: UInt64 = 0x5345_454B_4944_5831  // "SEEKIDX1"
  public static let version = 1

  public static func encode<S: IndexSink>(_ index: SearchIndex, to sink: inout S) throws {
    var w = Writer(sink: sink)
    try w.scalar(magic)
    try w.scalar(UInt64(version))
    let d = index.documents
    try w.strings(d.attributes)
    try w.array(d.bytes)
    try w.array(d.offsets)
    try w.strings(d.objectIDs)
    try w.array(index.searchableColumns.map { UInt64($0) })
    try w.scalar(UInt64(index.titleColumn))
    try w.array(index.terms.bytes)
    try w.array(index.terms.starts)
    try w.array(index.postingStart)
    try w.array(index.postingRecords)
    try w.array(index.postingPlaces)
    try w.scalar(UInt64(index.shortPrefixes.count))
    for p in index.shortPrefixes {
      try w.array(p.groupOfTerm)
      try w.array(p.groupStart)
      try w.array(p.records)
      try w.array(p.places)
    }
    try w.array(index.attributeWordCounts)
    try w.array(index.titleKeys)
    try w.array(index.primaryCustomValue)
    try w.array(index.objectIDKeys)
    sink = w.sink
  }

  /// Decodes an index written by `encode`; `settings` are the ones it was built with.
  public static func decode<S: IndexSource>(from source: inout S, settings: IndexSettings) throws -> SearchIndex {
    var r = Reader(source: source)
    guard try r.scalar(UInt64.self) == magic else { throw IndexCodecError.notAnIndex }
    let v = Int(try r.scalar(UInt64.self))
    guard v == version else { throw IndexCodecError.unsupportedVersion(v) }
    let attributes = try r.strings()
    let bytes: [UInt8] = try r.array()
    let offsets: [UInt32] = try r.array()
    let objectIDs = try r.strings()
    guard offsets.count == objectIDs.count * attributes.count + 1, Int(offsets.last ?? 0) == bytes.count else {
      throw IndexCodecError.corrupt("document offsets")
    }
    let documents = DocumentStore(attributes: attributes, bytes: bytes, offsets: offsets, objectIDs: objectIDs)
    let searchable: [UInt64] = try r.array()
    let titleColumn = Int(try r.scalar(UInt64.self))
    let termBytes: [UInt8] = try r.array()
    let termStarts: [UInt32] = try r.array()
    let postingStart: [UInt32] = try r.array()
    let postingRecords: [UInt32] = try r.array()
    let postingPlaces: [UInt16] = try r.array()
    guard postingStart.count == termStarts.count, postingRecords.count == postingPlaces.count,
      Int(postingStart.last ?? 0) == postingRecords.count
    else { throw IndexCodecError.corrupt("postings") }
    let levels = Int(try r.scalar(UInt64.self))
    guard levels <= 8 else { throw IndexCodecError.corrupt("prefix levels") }
    var prefixes: [PrefixPostings] = []
    for _ in 0..<levels {
      prefixes.append(
        PrefixPostings(
          groupOfTerm: try r.array(), groupStart: try r.array(), records: try r.array(), places: try r.array()))
    }
    let wordCounts: [UInt8] = try r.array()
    let titleKeys: [SearchIndex.TitleKey] = try r.array()
    let primary: [Double] = try r.array()
    let objectIDKeys: [SearchIndex.TitleKey] = try r.array()
    guard primary.count == documents.count, objectIDKeys.count == documents.count else {
      throw IndexCodecError.corrupt("record tables")
    }
    source = r.source
    return SearchIndex(
      settings: settings, documents: documents, searchableColumns: searchable.map { Int($0) },
      titleColumn: titleColumn, terms: TermDictionary(bytes: termBytes, starts: termStarts),
      postingStart: postingStart, postingRecords: postingRecords, postingPlaces: postingPlaces,
      shortPrefixes: prefixes, attributeWordCounts: wordCounts, titleKeys: titleKeys,
      primaryCustomValue: primary, objectIDKeys: objectIDKeys)
  }

  struct Writer<S: IndexSink> {
    var sink: S

    mutating func scalar<T: BitwiseCopyable>(_ value: T) throws {
      var v = value
      try withUnsafeBytes(of: &v) { try sink.write($0) }
    }

    mutating func array<T: BitwiseCopyable>(_ values: [T]) throws {
      try scalar(UInt64(values.count))
      try values.withUnsafeBytes { try sink.write($0) }
    }

    mutating func strings(_ values: [String]) throws {
      var bytes: [UInt8] = []
      var ends: [UInt64] = []
      for s in values {
        bytes += s.utf8
        ends.append(UInt64(bytes.count))
      }
      try array(ends)
      try array(bytes)
    }
  }

  struct Reader<S: IndexSource> {
    var source: S
    static var limit: UInt64 { 1 << 36 }

    mutating func scalar<T: BitwiseCopyable>(_: T.Type) throws -> T {
      try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
        try source.read(into: UnsafeMutableRawBufferPointer(buffer))
        return buffer[0]
      }
    }

    mutating func array<T: BitwiseCopyable>() throws -> [T] {
      let count = try scalar(UInt64.self)
      guard count < Self.limit / UInt64(max(1, MemoryLayout<T>.stride)) else {
        throw IndexCodecError.corrupt("array size")
      }
      return try [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
        try source.read(into: UnsafeMutableRawBufferPointer(buffer))
        initialized = Int(count)
      }
    }

    mutating func strings() throws -> [String] {
      let ends: [UInt64] = try array()
      let bytes: [UInt8] = try array()
      var out: [String] = []
      out.reserveCapacity(ends.count)
      var start = 0
      for end in ends {
        guard Int(end) >= start, Int(end) <= bytes.count else { throw IndexCodecError.corrupt("strings") }
        out.append(String(decoding: bytes[start..<Int(end)], as: UTF8.self))
        start = Int(end)
      }
      return out
    }
  }
}
