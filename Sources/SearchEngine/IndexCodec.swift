/// Where encoded index bytes go, and where they come from. The engine does no I/O: callers supply
/// these (a file, a buffer).
public protocol IndexSink {
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

public protocol IndexSource {
  /// Fills `buffer` completely or throws.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws
  /// Bytes left to read, when known: no array larger than this is ever allocated for a damaged
  /// count.
  var remainingBytes: Int { get }
}

extension IndexSource {
  public var remainingBytes: Int { Int.max }
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
  public static let version = 4

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
    try w.array(index.browseOrder)
    let facets = index.facets
    try w.scalar(UInt64(facets.text.count))
    for f in facets.text {
      try w.strings([f.attribute])
      try w.strings(f.values)
      try w.array(f.levels)
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
    }
    sink = w.sink
  }

  /// Decodes an index written by `encode`; `settings` are the ones it was built with.
  public static func decode<S: IndexSource>(from source: inout S, settings: IndexSettings) throws -> SearchIndex {
    var r = Reader(source: source)
    guard try r.scalar(UInt64.self) == magic else { throw IndexCodecError.notAnIndex }
    let v = try r.count()
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
    let titleColumn = try r.count()
    let termBytes: [UInt8] = try r.array()
    let termStarts: [UInt32] = try r.array()
    let postingStart: [UInt32] = try r.array()
    let postingRecords: [UInt32] = try r.array()
    let postingPlaces: [UInt16] = try r.array()
    guard postingStart.count == termStarts.count, postingRecords.count == postingPlaces.count,
      Int(postingStart.last ?? 0) == postingRecords.count
    else { throw IndexCodecError.corrupt("postings") }
    let levels = try r.count()
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
    let browse: [Int32] = try r.array()
    guard primary.count == documents.count, objectIDKeys.count == documents.count,
      browse.isEmpty || browse.count == documents.count
    else {
      throw IndexCodecError.corrupt("record tables")
    }
    // The browse order must be a permutation of the record ids: each id once, in range.
    if !browse.isEmpty {
      var seen = [Bool](repeating: false, count: browse.count)
      for id in browse {
        guard id >= 0, Int(id) < browse.count, !seen[Int(id)] else { throw IndexCodecError.corrupt("browse order") }
        seen[Int(id)] = true
      }
    }
    let facets = try decodeFacets(&r, records: documents.count)
    source = r.source
    try validate(
      documents: documents, searchable: searchable, titleColumn: titleColumn, termBytes: termBytes,
      termStarts: termStarts, postingStart: postingStart, postingRecords: postingRecords,
      postingPlaces: postingPlaces, prefixes: prefixes, wordCounts: wordCounts, titleKeys: titleKeys,
      objectIDKeys: objectIDKeys)
    return SearchIndex(
      settings: settings, documents: documents, searchableColumns: searchable.map { Int($0) },
      titleColumn: titleColumn, terms: TermDictionary(bytes: termBytes, starts: termStarts),
      postingStart: postingStart, postingRecords: postingRecords, postingPlaces: postingPlaces,
      shortPrefixes: prefixes, attributeWordCounts: wordCounts, titleKeys: titleKeys,
      primaryCustomValue: primary, browseOrder: browse, objectIDKeys: objectIDKeys, facets: facets)
  }

  /// The facets, checked like the rest: value and record ids in range, offsets monotone, numbers
  /// and ranks one per record.
  static func decodeFacets<S: IndexSource>(_ r: inout Reader<S>, records: Int) throws -> FacetIndex {
    func fail(_ what: String) -> IndexCodecError { .corrupt("facets: \(what)") }
    let textCount = try r.count()
    guard textCount <= 4096 else { throw fail("count") }
    var text: [FacetIndex.TextFacet] = []
    for _ in 0..<textCount {
      guard let name = try r.strings().first else { throw fail("name") }
      let values = try r.strings()
      let levels: [UInt8] = try r.array()
      let valueStart: [UInt32] = try r.array()
      let valueRecords: [UInt32] = try r.array()
      let recordStart: [UInt32] = try r.array()
      let recordValues: [UInt32] = try r.array()
      let keys = values.map { TextFolding.foldedKey($0) }
      guard levels.count == values.count, valueStart.count == values.count + 1,
        recordStart.count == records + 1, valueRecords.count == recordValues.count,
        isMonotone(valueStart, from: 0, to: valueRecords.count),
        isMonotone(recordStart, from: 0, to: recordValues.count),
        valueRecords.allSatisfy({ Int($0) < records }), recordValues.allSatisfy({ Int($0) < values.count }),
        zip(keys, keys.dropFirst()).allSatisfy({ $0.lexicographicallyPrecedes($1) })
      else { throw fail(name) }
      text.append(
        FacetIndex.TextFacet(
          attribute: name, values: values, keys: keys, levels: levels, valueStart: valueStart,
          valueRecords: valueRecords, recordStart: recordStart, recordValues: recordValues))
    }
    let numericCount = try r.count()
    guard numericCount <= 4096 else { throw fail("count") }
    var numeric: [FacetIndex.NumericFacet] = []
    for _ in 0..<numericCount {
      guard let name = try r.strings().first else { throw fail("name") }
      let numbers: [Double] = try r.array()
      let ranks: [UInt32] = try r.array()
      let distinct = try r.count()
      guard numbers.count == records, ranks.count == records, ranks.allSatisfy({ Int($0) <= distinct }) else {
        throw fail(name)
      }
      let present = numbers.filter { !$0.isNaN }
      numeric.append(
        FacetIndex.NumericFacet(
          attribute: name, numbers: numbers, ranks: ranks, distinct: UInt32(distinct),
          minimum: present.min() ?? .nan, maximum: present.max() ?? .nan))
    }
    return FacetIndex(text: text, numeric: numeric)
  }

  /// Everything the searcher indexes with, checked before use, so that no cache file — damaged,
  /// truncated or written by someone else — can make an access go out of bounds: offsets monotone
  /// and within their buffers, record ids below the record count, places within the searchable
  /// attributes, text valid UTF-8 with every value starting on a character. A file can still lie
  /// about content (a changed title); the caller's checksum and ownership checks cover that.
  static func validate(
    documents: DocumentStore, searchable: [UInt64], titleColumn: Int, termBytes: [UInt8], termStarts: [UInt32],
    postingStart: [UInt32], postingRecords: [UInt32], postingPlaces: [UInt16], prefixes: [PrefixPostings],
    wordCounts: [UInt8], titleKeys: [SearchIndex.TitleKey], objectIDKeys: [SearchIndex.TitleKey]
  ) throws {
    func fail(_ what: String) -> IndexCodecError { .corrupt(what) }
    let records = documents.count
    let columns = documents.attributes.count
    guard records < Int(UInt32.max), columns > 0 else { throw fail("record count") }
    guard isMonotone(documents.offsets, from: 0, to: documents.bytes.count) else { throw fail("document offsets") }
    guard isValidUTF8(documents.bytes, boundaries: documents.offsets) else { throw fail("document text") }
    guard !searchable.isEmpty, searchable.count <= SearchIndex.maxSearchableAttributes,
      searchable.allSatisfy({ $0 < UInt64(columns) }), titleColumn >= 0, titleColumn < columns
    else { throw fail("attributes") }
    guard termStarts.count >= 1, isMonotone(termStarts, from: 0, to: termBytes.count) else { throw fail("terms") }
    guard postingStart.count == termStarts.count, isMonotone(postingStart, from: 0, to: postingRecords.count)
    else { throw fail("posting offsets") }
    let bound = UInt32(records)
    guard postingRecords.allSatisfy({ $0 < bound }) else { throw fail("posting records") }
    let attributeBound = UInt16(searchable.count) << SearchIndex.placeAttributeShift
    guard postingPlaces.allSatisfy({ $0 < attributeBound }) else { throw fail("posting places") }
    let terms = termStarts.count - 1
    for level in prefixes {
      let groups = level.groupStart.count - 1
      guard level.groupOfTerm.count == terms, groups >= 0,
        level.groupOfTerm.allSatisfy({ $0 == UInt32.max || Int($0) < groups }),
        isMonotone(level.groupStart, from: 0, to: level.records.count), level.records.count == level.places.count,
        level.records.allSatisfy({ $0 < bound }), level.places.allSatisfy({ $0 < attributeBound })
      else { throw fail("prefix postings") }
    }
    guard wordCounts.count == records * searchable.count else { throw fail("word counts") }
    guard titleKeys.allSatisfy({ $0.record < bound }), objectIDKeys.allSatisfy({ $0.record < bound }) else {
      throw fail("record keys")
    }
  }

  /// Starts at `from`, never decreases, ends at `to`.
  static func isMonotone(_ offsets: [UInt32], from: Int, to: Int) -> Bool {
    guard let first = offsets.first, let last = offsets.last, Int(first) == from, Int(last) == to else {
      return false
    }
    // Safe: reads only indices of `offsets` while it is alive.
    return offsets.withUnsafeBufferPointer { p in
      var previous = p[0]
      for v in p {
        if v < previous { return false }
        previous = v
      }
      return true
    }
  }

  /// Whether `bytes` are well-formed UTF-8 and each boundary falls on the start of a character.
  static func isValidUTF8(_ bytes: [UInt8], boundaries: [UInt32]) -> Bool {
    // Safe: every read is at an index below n (checked before it), unaligned 8-byte loads only when i + 8 <= n.
    let valid = bytes.withUnsafeBufferPointer { p -> Bool in
      var i = 0
      let n = p.count
      while i < n {
        // ASCII runs eight bytes at a time.
        while i + 8 <= n,
          UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
          i += 8
        }
        guard i < n else { break }
        let b = p[i]
        if b < 0x80 {
          i += 1
          continue
        }
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch b {
        case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(b & 0x1F))
        case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(b & 0x0F))
        case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(b & 0x07))
        default: return false
        }
        guard i + length <= n else { return false }
        for k in 1..<length {
          let c = p[i + k]
          guard c & 0xC0 == 0x80 else { return false }
          scalar = scalar << 6 | UInt32(c & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
        i += length
      }
      return true
    }
    guard valid else { return false }
    // Safe: indices are checked against p.count before reading.
    return bytes.withUnsafeBufferPointer { p in
      boundaries.allSatisfy { Int($0) >= p.count || p[Int($0)] & 0xC0 != 0x80 }
    }
  }

  struct Writer<S: IndexSink> {
    var sink: S

    mutating func scalar<T: BitwiseCopyable>(_ value: T) throws {
      var v = value
      // Safe: writes the bytes of a local value or array, alive for the call.
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
      // Safe: the source fills the whole one-element buffer or throws; T is a bitwise-copyable value.
      try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
        try source.read(into: UnsafeMutableRawBufferPointer(buffer))
        return buffer[0]
      }
    }

    /// A count or small number: anything that does not fit in 32 bits is damage.
    mutating func count() throws -> Int {
      let value = try scalar(UInt64.self)
      guard value <= UInt64(UInt32.max) else { throw IndexCodecError.corrupt("number") }
      return Int(value)
    }

    mutating func array<T: BitwiseCopyable>() throws -> [T] {
      let count = try scalar(UInt64.self)
      let stride = UInt64(max(1, MemoryLayout<T>.stride))
      guard count < Self.limit / stride, count * stride <= UInt64(source.remainingBytes) else {
        throw IndexCodecError.corrupt("array size")
      }
      // Safe: the source fills all `count` elements or throws (then nothing is initialized); T is bitwise-copyable, and count * stride was checked against the bytes left.
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
        guard end <= UInt64(bytes.count), Int(end) >= start else { throw IndexCodecError.corrupt("strings") }
        out.append(String(decoding: bytes[start..<Int(end)], as: UTF8.self))
        start = Int(end)
      }
      return out
    }
  }
}
