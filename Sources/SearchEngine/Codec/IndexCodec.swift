/// Where encoded index bytes go, and where they come from. The engine does no I/O: callers supply
/// these (a file, a buffer).
public protocol IndexSink {
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

public enum IndexCodecError: Error, Equatable {
  case notAnIndex
  case unsupportedVersion(Int)
  case corrupt(String)
}

/// A built index as bytes, laid out to be mapped and searched in place: every array is written raw
/// (its count, then its elements starting on a 64-byte boundary), so opening a cache is an `mmap`
/// and a walk over the counts — no copying, no parsing, no tokenizing, no sorting. The format is
/// for this build of Seek on this machine (native endianness), checked by a magic number and a
/// version; anything else is rebuilt.
///
/// Decoding has two halves, so that the caller can check a file without touching its mapping:
/// `IndexImage.open` reads the counts and the small tables and checks the sizes; `check(_:at:)`
/// is then fed the bytes (all at once, or chunk by chunk from plain reads of the file) and checks
/// the contents — offsets monotone, ids in range, text valid UTF-8 — before `index()` hands out
/// a searchable index over the mapping.
public enum IndexCodec {
  static let magic: UInt64 = 0x5345_454B_4944_5831  // "SEEKIDX1"
  public static let version = 16
  /// Arrays start on this boundary (relative to the start of the encoded index, which the cache
  /// file places on one too), so a mapped array is aligned for any element type.
  public static let alignment = 64

  public static func encode<S: IndexSink>(_ index: SearchIndex, to sink: inout S) throws {
    var w = Writer(sink: sink)
    try w.scalar(magic)
    try w.scalar(UInt64(version))
    let d = index.documents
    try w.strings(d.attributes)
    try w.array(d.bytes)
    try w.array(d.offsets)
    try w.array(d.objectIDBytes)
    try w.array(d.objectIDEnds)
    try w.scalar(UInt64(d.count))
    // 0: stored ids; 1: content hashes of every value; 2 + a: content hashes of attribute a.
    try w.scalar(d.idsAreContentHashes ? UInt64(d.hashedAttribute.map { 2 + $0 } ?? 1) : 0)
    try w.array(d.numberedRows)
    try w.array(d.rowNumbers)
    try w.array(d.rows)
    try w.array(d.recordsByRow)
    try w.array(Column(index.searchableColumns.map { UInt64($0) }))
    try w.scalar(UInt64(index.titleColumn))
    try w.array(index.terms.bytes)
    try w.array(index.terms.starts)
    try w.array(index.postingStart)
    try w.array(index.postingRecords)
    try w.array(index.postingPlaces)
    try w.array(index.substrings.trigrams)
    try w.array(index.substrings.starts)
    try w.array(index.substrings.lists)
    try w.scalar(UInt64(index.shortPrefixes.count))
    for p in index.shortPrefixes {
      try w.array(p.groupFirstTerm)
      try w.array(p.groupStart)
      try w.array(p.groupRecordCount)
      try w.array(p.records)
      try w.array(p.places)
    }
    try w.array(index.attributeWordCounts)
    try w.array(index.variantRuns)
    try w.array(index.titleKeys.records)
    try w.array(index.primaryCustomValue)
    try w.array(index.objectIDKeys.records)
    try w.scalar(index.browseOrder.code)
    try w.array(index.browseOrder.list)
    let facets = index.facets
    try w.scalar(UInt64(facets.text.count))
    for f in facets.text {
      try w.strings([f.attribute])
      try w.strings(f.values)
      try w.array(Column(f.levels))
      try w.array(f.valueStart)
      try w.array(f.valueRecords)
      try w.array(f.recordStart)
      try w.array(f.recordValues)
    }
    try w.scalar(UInt64(facets.numeric.count))
    for f in facets.numeric {
      try w.strings([f.attribute])
      try w.array(f.numbers)
      try w.array(f.ranks)
      try w.scalar(UInt64(f.distinct))
      try w.scalar(f.minimum.bitPattern)
      try w.scalar(f.maximum.bitPattern)
    }
    sink = w.sink
  }

  /// Decodes an index from bytes in memory (a copy is made, aligned): the tests' and fuzzers' way
  /// in; the cache maps its file and uses `IndexImage` directly.
  public static func decode(_ bytes: [UInt8], settings: IndexSettings) throws -> SearchIndex {
    let memory = AlignedMemory(copying: bytes)
    var image = try IndexImage.open(memory.bytes, owner: memory, settings: settings)
    image.check(memory.bytes, at: 0)
    return try image.index()
  }

  struct Writer<S: IndexSink> {
    var sink: S
    var position = 0

    mutating func scalar<T: BitwiseCopyable>(_ value: T) throws {
      var v = value
      // Safe: writes the bytes of a local value or array, alive for the call.
      try withUnsafeBytes(of: &v) { try write($0) }
    }

    /// The count, zeros up to the next 64-byte boundary, the elements, zeros up to 8 bytes.
    mutating func array<T: BitwiseCopyable>(_ values: Column<T>) throws {
      try scalar(UInt64(values.count))
      try pad(to: IndexCodec.alignment)
      try values.withUnsafeBytes { try write($0) }
      try pad(to: 8)
    }

    mutating func pad(to boundary: Int) throws {
      let zeros = [UInt8](repeating: 0, count: (boundary - position % boundary) % boundary)
      try zeros.withUnsafeBytes { try write($0) }
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
      try sink.write(bytes)
      position += bytes.count
    }

    mutating func strings(_ values: [String]) throws {
      var bytes: [UInt8] = []
      var ends: [UInt64] = []
      for s in values {
        bytes += s.utf8
        ends.append(UInt64(bytes.count))
      }
      try array(Column(ends))
      try array(Column(bytes))
    }
  }
}
