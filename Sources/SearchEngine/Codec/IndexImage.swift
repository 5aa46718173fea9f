/// An encoded index (see `IndexCodec`) over memory it does not copy — a mapped cache file, or an
/// aligned buffer — opened in three steps so that no byte is trusted before it is checked:
///
/// 1. `open` walks the counts and reads the small tables (attribute names, facet values), checking
///    every size against the region and against each other. It touches one page per array.
/// 2. `check(_:at:)` is fed the region's bytes in order, whole or in chunks — the cache passes the
///    chunks of plain `read`s it checksums, so the check runs in the page cache, not in the
///    process's resident set — and checks the contents as they stream by: offsets start at 0,
///    never decrease and end at their buffer's size; record, term, group, value and facet ids are in
///    range; places name a searchable attribute; the browse order and the document rows are
///    permutations; document text is valid UTF-8 with every value starting on a character.
/// 3. `index()` throws what any check found, or returns an index whose columns borrow the region.
///
/// A file can still lie about content (a changed title); the cache's checksum covers that.
public struct IndexImage {
  private let region: UnsafeRawBufferPointer
  private let owner: any AnyObject & Sendable
  private let settings: IndexSettings
  private var checker = ContentChecker()
  /// The first offset at which the checks can be split (after the document text and offsets,
  /// which share the continuation marks).
  private var splittableFrom = 0
  private var build: (() -> SearchIndex)?

  public static func open(
    _ region: UnsafeRawBufferPointer, owner: any AnyObject & Sendable, settings: IndexSettings
  ) throws -> IndexImage {
    var image = IndexImage(region: region, owner: owner, settings: settings)
    try image.readLayout()
    image.checker.checks.sort { $0.range.lowerBound < $1.range.lowerBound }
    return image
  }

  private init(region: UnsafeRawBufferPointer, owner: any AnyObject & Sendable, settings: IndexSettings) {
    self.region = region
    self.owner = owner
    self.settings = settings
  }

  /// Checks the bytes `chunk` holding `region[offset ..< offset + chunk.count]`. Chunks come in
  /// order and start at multiples of 64 (sections start on 64-byte boundaries, so a chunk never
  /// splits an element).
  public mutating func check(_ chunk: UnsafeRawBufferPointer, at offset: Int) {
    checker.check(chunk, at: offset)
  }

  static let heavyCost = 2

  /// Splits the content checks in two at a section start near `offset`, so that two threads can
  /// each check one part, in order within it; `check(parts:)` takes them back. Returns the split.
  public func split(near offset: Int) -> (at: Int, first: ContentChecker, second: ContentChecker) {
    var checks = checker.checks
    // Text checked for UTF-8, and offsets checked against it, cost about two plain bytes each:
    // move the middle so that both halves take about as long.
    let heavy = checks.filter(\.isHeavy).map(\.range)
    func cost(_ x: Int) -> Int {
      x + heavy.reduce(0) { $0 + max(0, min(x, $1.upperBound) - $1.lowerBound) } * (Self.heavyCost - 1)
    }
    let half = cost(offset * 2) / 2
    var lo = 0
    var hi = offset * 2
    while lo < hi {
      let mid = (lo + hi) / 2
      if cost(mid) < half { lo = mid + 1 } else { hi = mid }
    }
    let middle = max(0, min(lo, region.count)) / IndexCodec.alignment * IndexCodec.alignment
    // A check that keeps no state between elements (ids below a bound) can be cut anywhere, on a
    // 64-byte boundary: the middle then falls where it should, whatever the section sizes.
    if middle >= splittableFrom,
      let i = checks.firstIndex(where: { $0.range.lowerBound < middle && middle < $0.range.upperBound }),
      checks[i].isStateless
    {
      let whole = checks[i]
      checks[i] = ContentCheck(whole.name, whole.range.lowerBound..<middle, whole.kind)
      checks.insert(ContentCheck(whole.name, middle..<whole.range.upperBound, whole.kind), at: i + 1)
    }
    let starts = checks.map(\.range.lowerBound).filter { $0 >= splittableFrom }
    let at = starts.min { abs($0 - middle) < abs($1 - middle) } ?? region.count
    var first = checker
    var second = ContentChecker()
    first.checks = checks.filter { $0.range.lowerBound < at }
    second.checks = checks.filter { $0.range.lowerBound >= at }
    return (at, first, second)
  }

  /// Takes back the parts `split` gave, once each has been fed its bytes.
  public mutating func check(parts: [ContentChecker]) {
    checker.failure = parts.compactMap(\.failure).first
    checker.checks = parts.flatMap(\.checks)
  }

  /// The checked index, borrowing the region.
  public func index() throws -> SearchIndex {
    if let failure = checker.failure { throw IndexCodecError.corrupt(failure) }
    for check in checker.checks where !check.isComplete {
      throw IndexCodecError.corrupt(check.name)
    }
    return build!()
  }

  /// The index without the content checks, for bytes that passed them before and are known not
  /// to have changed since (the cache keeps a note of a file it checked whole, `CheckedCacheRecord`).
  /// The layout's checks (`open`) still ran.
  public func indexCheckedBefore() -> SearchIndex {
    build!()
  }

  // MARK: - Step 1: the layout

  private mutating func readLayout() throws {
    var r = RegionReader(region: region, owner: owner)
    guard region.count >= 16, try r.scalar() == IndexCodec.magic else { throw IndexCodecError.notAnIndex }
    let version = try r.count()
    guard version == IndexCodec.version else { throw IndexCodecError.unsupportedVersion(version) }
    func fail(_ what: String) -> IndexCodecError { .corrupt(what) }

    let attributes = try r.strings()
    let (bytes, bytesRange): (Column<UInt8>, _) = try r.column()
    let (offsets, offsetsRange): (Column<UInt32>, _) = try r.column()
    let (idBytes, _): (Column<UInt8>, _) = try r.column()
    let (idEnds, idEndsRange): (Column<UInt32>, _) = try r.column()
    let records = try r.count()
    let idsAreContentHashes = try r.count()
    let (numberedRows, numberedRowsRange): (Column<UInt32>, _) = try r.column()
    let (rowNumbers, _): (Column<UInt32>, _) = try r.column()
    let (rows, rowsRange): (Column<Int32>, _) = try r.column()
    let (recordsByRow, recordsByRowRange): (Column<Int32>, _) = try r.column()
    let columns = attributes.count
    guard columns > 0, records < Int(UInt32.max), offsets.count == records * columns + 1 else {
      throw fail("document offsets")
    }
    let ids: DocumentStore.IDColumns
    switch idsAreContentHashes {
    case 0:
      guard idEnds.count == records, numberedRows.isEmpty, rowNumbers.isEmpty else { throw fail("objectIDs") }
      ids = .stored(idBytes, idEnds)
    case 1..<(2 + columns):
      guard idBytes.isEmpty, idEnds.isEmpty, numberedRows.count == rowNumbers.count else { throw fail("objectIDs") }
      // Ascending is not checked: out of order, a copy's number is not found (its id is its
      // hash's alone), as the cache's checksum would have refused bytes changed since written.
      checker.checks.append(ContentCheck("numbered objectIDs", numberedRowsRange, .below(UInt32(records))))
      let hashing = idsAreContentHashes == 1 ? nil : idsAreContentHashes - 2
      ids = .contentHashes(numberedRows: numberedRows, numbers: rowNumbers, hashing: hashing)
    default:
      throw fail("objectIDs")
    }
    guard rows.count == recordsByRow.count, rows.isEmpty || rows.count == records else { throw fail("document rows") }
    splittableFrom = offsetsRange.upperBound
    checker.checks.append(ContentCheck("document text", bytesRange, .utf8))
    checker.checks.append(
      ContentCheck("document offsets", offsetsRange, .offsets(to: bytes.count, fromZero: true, characterStarts: true)))
    checker.checks.append(
      ContentCheck("objectIDs", idEndsRange, .offsets(to: idBytes.count, fromZero: false, characterStarts: false)))
    if !rows.isEmpty {
      // Each a permutation: a row or record read through either is in range. (A pair that are not
      // each other's inverse would show a record's values under another's id, as a changed title
      // would: the cache's checksum covers that.)
      checker.checks.append(ContentCheck("document rows", rowsRange, .permutation(records)))
      checker.checks.append(ContentCheck("document rows", recordsByRowRange, .permutation(records)))
    }
    let documents = DocumentStore(
      attributes: attributes, bytes: bytes, offsets: offsets, ids: ids, count: records, rows: rows,
      recordsByRow: recordsByRow)

    let (searchable, _): (Column<UInt64>, _) = try r.column()
    let titleColumn = try r.count()
    guard !searchable.isEmpty, searchable.count <= SearchIndex.maxSearchableAttributes,
      searchable.allSatisfy({ $0 < UInt64(columns) }), titleColumn < columns
    else { throw fail("attributes") }

    let (termBytes, _): (Column<UInt8>, _) = try r.column()
    let (termStarts, termStartsRange): (Column<UInt32>, _) = try r.column()
    guard termStarts.count >= 1 else { throw fail("terms") }
    checker.checks.append(
      ContentCheck("terms", termStartsRange, .offsets(to: termBytes.count, fromZero: true, characterStarts: false)))
    let terms = termStarts.count - 1

    let (postingStart, postingStartRange): (Column<UInt32>, _) = try r.column()
    let (postingRecords, postingRecordsRange): (Column<UInt32>, _) = try r.column()
    let (postingPlaces, postingPlacesRange): (Column<UInt16>, _) = try r.column()
    guard postingStart.count == termStarts.count, postingRecords.count == postingPlaces.count else {
      throw fail("postings")
    }
    let recordBound = UInt32(records)
    let placeBound = UInt16(searchable.count) << SearchIndex.placeAttributeShift
    checker.checks.append(
      ContentCheck(
        "posting offsets", postingStartRange, .offsets(to: postingRecords.count, fromZero: true, characterStarts: false)
      ))
    checker.checks.append(ContentCheck("posting records", postingRecordsRange, .below(recordBound)))
    checker.checks.append(ContentCheck("posting places", postingPlacesRange, .placesBelow(placeBound)))

    // Trigrams and their lists need no check: out of order, they only make lookups miss, and a
    // list's ids are checked as it is read (`TermDictionary.forEachTermContaining`).
    let (trigrams, _): (Column<UInt32>, _) = try r.column()
    let (trigramStarts, trigramStartsRange): (Column<UInt32>, _) = try r.column()
    let (trigramLists, _): (Column<UInt8>, _) = try r.column()
    guard trigramStarts.count == trigrams.count + 1 else { throw fail("substrings") }
    checker.checks.append(
      ContentCheck(
        "substring offsets", trigramStartsRange,
        .offsets(to: trigramLists.count, fromZero: true, characterStarts: false)))

    let levels = try r.count()
    guard levels <= 8 else { throw fail("prefix levels") }
    var prefixes: [PrefixPostings] = []
    for _ in 0..<levels {
      // First terms out of order only make lookups miss, but an empty group reads its first
      // term's postings: that term must exist.
      let (groupFirstTerm, groupFirstTermRange): (Column<UInt32>, _) = try r.column()
      let (groupStart, groupStartRange): (Column<UInt32>, _) = try r.column()
      let (groupRecordCount, groupRecordCountRange): (Column<UInt32>, _) = try r.column()
      let (groupRecords, groupRecordsRange): (Column<UInt32>, _) = try r.column()
      let (groupPlaces, groupPlacesRange): (Column<UInt16>, _) = try r.column()
      guard groupStart.count == groupFirstTerm.count + 1, groupRecordCount.count == groupFirstTerm.count,
        groupRecords.count == groupPlaces.count
      else {
        throw fail("prefix postings")
      }
      checker.checks.append(
        ContentCheck(
          "prefix offsets", groupStartRange, .offsets(to: groupRecords.count, fromZero: true, characterStarts: false)))
      checker.checks.append(ContentCheck("prefix first terms", groupFirstTermRange, .below(UInt32(terms))))
      // A count out of true but in range only makes a count shown wrong.
      checker.checks.append(ContentCheck("prefix record counts", groupRecordCountRange, .below(recordBound + 1)))
      checker.checks.append(ContentCheck("prefix records", groupRecordsRange, .below(recordBound)))
      checker.checks.append(ContentCheck("prefix places", groupPlacesRange, .placesBelow(placeBound)))
      prefixes.append(
        PrefixPostings(
          groupFirstTerm: groupFirstTerm, groupStart: groupStart, groupRecordCount: groupRecordCount,
          records: groupRecords, places: groupPlaces))
    }

    let (wordCounts, _): (Column<UInt8>, _) = try r.column()
    guard wordCounts.count == records * searchable.count else { throw fail("word counts") }
    let (variantRuns, _): (Column<UInt8>, _) = try r.column()
    guard variantRuns.isEmpty || variantRuns.count == records else { throw fail("variant runs") }
    let (titleRecords, titleRecordsRange): (Column<UInt32>, _) = try r.column()
    let (primary, _): (Column<Double>, _) = try r.column()
    let (idRecords, idRecordsRange): (Column<UInt32>, _) = try r.column()
    let browseCode = try r.scalar()
    let (browse, browseRange): (Column<Int32>, _) = try r.column()
    guard titleRecords.count <= records, idRecords.count == records, primary.isEmpty || primary.count == records,
      let browseOrder = BrowseOrder(code: browseCode, list: browse, records: records)
    else { throw fail("record tables") }
    checker.checks.append(ContentCheck("record keys", titleRecordsRange, .below(recordBound)))
    checker.checks.append(ContentCheck("record keys", idRecordsRange, .below(recordBound)))
    if !browse.isEmpty { checker.checks.append(ContentCheck("browse order", browseRange, .permutation(records))) }

    let facets = try readFacets(&r, records: records)
    guard r.position <= region.count else { throw fail("size") }

    let settings = self.settings
    build = {
      SearchIndex(
        settings: settings, documents: documents, searchableColumns: searchable.map { Int($0) },
        titleColumn: titleColumn, terms: TermDictionary(bytes: termBytes, starts: termStarts),
        postingStart: postingStart, postingRecords: postingRecords, postingPlaces: postingPlaces,
        shortPrefixes: prefixes, attributeWordCounts: wordCounts, variantRuns: variantRuns,
        titleKeys: HashedKeys(records: titleRecords), primaryCustomValue: primary,
        browseOrder: browseOrder, objectIDKeys: HashedKeys(records: idRecords),
        substrings: SubstringIndex(trigrams: trigrams, starts: trigramStarts, lists: trigramLists), facets: facets)
    }
  }

  private mutating func readFacets(_ r: inout RegionReader, records: Int) throws -> FacetIndex {
    func fail(_ what: String) -> IndexCodecError { .corrupt("facets: \(what)") }
    let textCount = try r.count()
    guard textCount <= 4096 else { throw fail("count") }
    var text: [FacetIndex.TextFacet] = []
    for _ in 0..<textCount {
      guard let name = try r.strings().first else { throw fail("name") }
      let values = try r.strings()
      let (levels, _): (Column<UInt8>, _) = try r.column()
      let (valueStart, valueStartRange): (Column<UInt32>, _) = try r.column()
      let (valueRecords, valueRecordsRange): (Column<UInt32>, _) = try r.column()
      let (recordStart, recordStartRange): (Column<UInt32>, _) = try r.column()
      let (recordValues, recordValuesRange): (Column<UInt32>, _) = try r.column()
      let keys = values.map { TextFolding.foldedKey($0) }
      guard levels.count == values.count, valueStart.count == values.count + 1, recordStart.count == records + 1,
        valueRecords.count == recordValues.count,
        zip(keys, keys.dropFirst()).allSatisfy({ $0.lexicographicallyPrecedes($1) })
      else { throw fail(name) }
      checker.checks.append(
        ContentCheck(
          "facets: \(name)", valueStartRange, .offsets(to: valueRecords.count, fromZero: true, characterStarts: false)))
      checker.checks.append(ContentCheck("facets: \(name)", valueRecordsRange, .below(UInt32(records))))
      checker.checks.append(
        ContentCheck(
          "facets: \(name)", recordStartRange, .offsets(to: recordValues.count, fromZero: true, characterStarts: false))
      )
      checker.checks.append(ContentCheck("facets: \(name)", recordValuesRange, .below(UInt32(values.count))))
      text.append(
        FacetIndex.TextFacet(
          attribute: name, values: values, keys: keys, levels: Array(levels), valueStart: valueStart,
          valueRecords: valueRecords, recordStart: recordStart, recordValues: recordValues))
    }
    let numericCount = try r.count()
    guard numericCount <= 4096 else { throw fail("count") }
    var numeric: [FacetIndex.NumericFacet] = []
    for _ in 0..<numericCount {
      guard let name = try r.strings().first else { throw fail("name") }
      let (numbers, _): (Column<Double>, _) = try r.column()
      let (ranks, ranksRange): (Column<UInt32>, _) = try r.column()
      let distinct = try r.count()
      let minimum = Double(bitPattern: try r.scalar())
      let maximum = Double(bitPattern: try r.scalar())
      guard numbers.count == records, ranks.count == records else { throw fail(name) }
      checker.checks.append(ContentCheck("facets: \(name)", ranksRange, .below(UInt32(distinct) &+ 1)))
      numeric.append(
        FacetIndex.NumericFacet(
          attribute: name, numbers: numbers, ranks: ranks, distinct: UInt32(distinct), minimum: minimum,
          maximum: maximum))
    }
    return FacetIndex(text: text, numeric: numeric)
  }
}

/// Step 2: the contents, streamed. The checks of an index (or of one part of it, see
/// `IndexImage.split`), with the state each carries between chunks.
public struct ContentChecker: Sendable {
  fileprivate var checks: [ContentCheck] = []
  fileprivate var failure: String?
  /// The document bytes that continue a character, so that a value's start can be checked: per
  /// 64-byte block of the text that has any (in order), its index and a bit per byte. Catalog text
  /// is mostly ASCII — in the 1.1M packages, 75k of 1.27M blocks have such a byte — so this is
  /// 0.9 MB where a bit per byte of the text (9.7 MB) had a byte set on nearly every page, and
  /// faulted 2,400 pages into the warm start. CJK text at worst: 12 bytes per 64 of text.
  fileprivate var markedBlocks: [UInt32] = []
  fileprivate var blockMarks: [UInt64] = []
  /// The first marked block not below the last document offset checked (offsets ascend).
  fileprivate var markCursor = 0

  /// Checks the bytes `chunk` holding `region[offset ..< offset + chunk.count]` (see `IndexImage.check`).
  public mutating func check(_ chunk: UnsafeRawBufferPointer, at offset: Int) {
    guard failure == nil else { return }
    let end = offset + chunk.count
    for i in checks.indices {
      let range = checks[i].range
      let lo = max(range.lowerBound, offset)
      let hi = min(range.upperBound, end)
      guard lo < hi else { continue }
      if !feed(i, UnsafeRawBufferPointer(rebasing: chunk[(lo - offset)..<(hi - offset)])) {
        failure = checks[i].name
        return
      }
    }
  }

  private mutating func feed(_ i: Int, _ part: UnsafeRawBufferPointer) -> Bool {
    switch checks[i].kind {
    case .utf8:
      return feedUTF8(i, part)
    case .offsets(let to, let fromZero, let characterStarts):
      return feedOffsets(i, part, to: to, fromZero: fromZero, characterStarts: characterStarts)
    case .below(let bound):
      complete(i, part)
      return Self.allBelow(bound, part)
    case .placesBelow(let bound):
      complete(i, part)
      return Self.allBelow(bound, part)
    case .permutation(let count):
      if checks[i].bitmap.isEmpty { checks[i].bitmap = [UInt64](repeating: 0, count: (count + 63) / 64) }
      let ok = part.withMemoryRebound(to: Int32.self) { values -> Bool in
        for id in values {
          guard id >= 0, Int(id) < count else { return false }
          let (word, bit) = (Int(id) >> 6, UInt64(1) << UInt64(id & 63))
          if checks[i].bitmap[word] & bit != 0 { return false }
          checks[i].bitmap[word] |= bit
        }
        return true
      }
      complete(i, part)
      if checks[i].isComplete { checks[i].bitmap = [] }
      return ok
    }
  }

  /// Whether every element of `part` is below `bound`, in two vector operations per element.
  /// For a bound of at most 2^(n-1) (n bits), `v < bound` exactly when `v - bound` wraps (its top
  /// bit is set) and `v`'s own top bit is clear: an AND of the differences and an OR of the
  /// values keep those two bits for the whole part. (A max over the elements, compared once,
  /// took seven operations per four elements: SSE2, the baseline, has no unsigned max.) Larger
  /// bounds take the max.
  static func allBelow<T: FixedWidthInteger & UnsignedInteger>(_ bound: T, _ part: UnsafeRawBufferPointer) -> Bool {
    part.withMemoryRebound(to: T.self) { values in
      guard !values.isEmpty else { return true }
      let top: T = 1 << (T.bitWidth - 1)
      guard bound <= top else {
        var worst: T = 0
        for v in values { worst = max(worst, v) }
        return worst < bound
      }
      var differences: T = ~0
      var seen: T = 0
      for v in values {
        differences &= v &- bound
        seen |= v
      }
      return differences & top != 0 && seen & top == 0
    }
  }

  private mutating func complete(_ i: Int, _ part: UnsafeRawBufferPointer) {
    checks[i].seen += part.count
    if checks[i].seen == checks[i].range.count { checks[i].isComplete = true }
  }

  /// Offsets: the first is 0 (`fromZero`; ends, as the objectIDs', start anywhere), none
  /// decreases, the last is `to`; for document values, each one below the end starts a character.
  private mutating func feedOffsets(
    _ i: Int, _ part: UnsafeRawBufferPointer, to: Int, fromZero: Bool, characterStarts: Bool
  ) -> Bool {
    var previous = checks[i].previous
    let first = checks[i].seen == 0
    var cursor = markCursor
    let ok = part.withMemoryRebound(to: UInt32.self) { values -> Bool in
      guard let head = values.first, let last = values.last else { return true }
      if fromZero, first, head != 0 { return false }
      if head < previous { return false }
      // Every value against the one before, without an early exit: the compiler vectorizes it.
      var descents: UInt32 = 0
      for j in 1..<max(1, values.count) { descents |= values[j] < values[j - 1] ? 1 : 0 }
      if descents != 0 { return false }
      previous = last
      if characterStarts {
        // Ascending (checked above), so the marked blocks are walked once, in step; only the
        // values inside a marked block are looked at (a few percent of the text's blocks are).
        let blocks = markedBlocks
        let lastBlock = min(last, UInt32(max(0, to - 1))) >> 6
        while cursor < blocks.count && blocks[cursor] < head >> 6 { cursor += 1 }
        var from = 0
        while cursor < blocks.count && blocks[cursor] <= lastBlock {
          let start = blocks[cursor] << 6
          // The first value at or past the block's start (binary search from the last one found).
          var lo = from
          var hi = values.count
          while lo < hi {
            let mid = (lo + hi) >> 1
            if values[mid] < start { lo = mid + 1 } else { hi = mid }
          }
          from = lo
          while lo < values.count && values[lo] >> 6 == blocks[cursor] {
            if Int(values[lo]) < to && blockMarks[cursor] & (1 << UInt64(values[lo] & 63)) != 0 { return false }
            lo += 1
          }
          // The next chunk's first values may lie in the same block: stay on it.
          if blocks[cursor] == lastBlock { break }
          cursor += 1
        }
      }
      return true
    }
    markCursor = cursor
    checks[i].previous = previous
    checks[i].seen += part.count
    if checks[i].seen == checks[i].range.count { checks[i].isComplete = Int(previous) == to }
    return ok && Int(previous) <= to
  }

  /// Well-formed UTF-8 (no overlong forms, surrogates or scalars past U+10FFFF), streamed: a
  /// character may straddle two chunks. Marks the bytes that continue a character.
  private mutating func feedUTF8(_ i: Int, _ part: UnsafeRawBufferPointer) -> Bool {
    var state = checks[i].utf8
    let position = checks[i].seen
    // Moved out for the loop (a struct's arrays appended to in place), then back.
    var blocks: [UInt32] = []
    var marks: [UInt64] = []
    swap(&blocks, &markedBlocks)
    swap(&marks, &blockMarks)
    defer {
      swap(&blocks, &markedBlocks)
      swap(&marks, &blockMarks)
    }
    // Safe: every read is at an index below `n`; 32- and 8-byte loads only when k + 32 (or 8) <= n.
    let ok = { () -> Bool in
      let n = part.count
      var k = 0
      while k < n {
        if state.needed == 0 {
          // ASCII runs, 32 bytes at a time, then 8: most catalog text is ASCII.
          let high: UInt64 = 0x8080_8080_8080_8080
          while k + 32 <= n,
            (part.loadUnaligned(fromByteOffset: k, as: UInt64.self)
              | part.loadUnaligned(fromByteOffset: k + 8, as: UInt64.self)
              | part.loadUnaligned(fromByteOffset: k + 16, as: UInt64.self)
              | part.loadUnaligned(fromByteOffset: k + 24, as: UInt64.self)) & high == 0
          {
            k += 32
          }
          while k + 8 <= n, part.loadUnaligned(fromByteOffset: k, as: UInt64.self) & high == 0 {
            k += 8
          }
          guard k < n else { break }
          let b = part[k]
          k += 1
          switch b {
          case 0x00...0x7F: continue
          case 0xC2...0xDF: (state.needed, state.minimum, state.scalar) = (1, 0x80, UInt32(b & 0x1F))
          case 0xE0...0xEF: (state.needed, state.minimum, state.scalar) = (2, 0x800, UInt32(b & 0x0F))
          case 0xF0...0xF4: (state.needed, state.minimum, state.scalar) = (3, 0x10000, UInt32(b & 0x07))
          default: return false
          }
        } else {
          let c = part[k]
          guard c & 0xC0 == 0x80 else { return false }
          let at = position + k
          let block = UInt32(truncatingIfNeeded: at >> 6)
          if blocks.last != block {
            blocks.append(block)
            marks.append(0)
          }
          marks[marks.count - 1] |= 1 << UInt64(at & 63)
          state.scalar = state.scalar << 6 | UInt32(c & 0x3F)
          state.needed -= 1
          k += 1
          if state.needed == 0 {
            guard state.scalar >= state.minimum, state.scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(state.scalar)
            else { return false }
          }
        }
      }
      return true
    }()
    checks[i].utf8 = state
    checks[i].seen += part.count
    if checks[i].seen == checks[i].range.count { checks[i].isComplete = state.needed == 0 }
    return ok
  }
}

/// One content check over one section of the region, with the state it carries between chunks.
private struct ContentCheck: Sendable {
  enum Kind {
    case utf8
    case offsets(to: Int, fromZero: Bool, characterStarts: Bool)
    case below(UInt32)
    case placesBelow(UInt16)
    case permutation(Int)
  }
  struct UTF8State {
    var needed = 0
    var minimum: UInt32 = 0
    var scalar: UInt32 = 0
  }

  let name: String
  let range: Range<Int>
  let kind: Kind
  /// Bytes of the section seen so far.
  var seen = 0
  var previous: UInt32 = 0
  var utf8 = UTF8State()
  var bitmap: [UInt64] = []
  var isComplete: Bool

  var isHeavy: Bool {
    switch kind {
    case .utf8, .offsets(_, _, characterStarts: true): true
    default: false
    }
  }

  var isStateless: Bool {
    switch kind {
    case .below, .placesBelow: true
    default: false
    }
  }

  init(_ name: String, _ range: Range<Int>, _ kind: Kind) {
    self.name = name
    self.range = range
    self.kind = kind
    // An empty section has nothing to stream; offsets from zero must still hold their 0.
    if case .offsets(_, fromZero: true, _) = kind { isComplete = false } else { isComplete = range.isEmpty }
  }
}

/// Reads the counts and sections of an encoded index in place.
private struct RegionReader {
  let region: UnsafeRawBufferPointer
  let owner: any AnyObject & Sendable
  var position = 0

  mutating func scalar() throws -> UInt64 {
    guard position + 8 <= region.count else { throw IndexCodecError.corrupt("truncated") }
    // Safe: position + 8 <= count was checked; an unaligned load is allowed.
    let value = region.loadUnaligned(fromByteOffset: position, as: UInt64.self)
    position += 8
    return value
  }

  /// A count or small number: anything that does not fit in 32 bits is damage.
  mutating func count() throws -> Int {
    let value = try scalar()
    guard value <= UInt64(UInt32.max) else { throw IndexCodecError.corrupt("number") }
    return Int(value)
  }

  /// A section: its count, then its elements on the next 64-byte boundary.
  mutating func column<T: BitwiseCopyable>() throws -> (Column<T>, Range<Int>) {
    let count = try scalar()
    let stride = MemoryLayout<T>.stride
    let start = (position + IndexCodec.alignment - 1) / IndexCodec.alignment * IndexCodec.alignment
    guard count <= UInt64(region.count / stride), start + Int(count) * stride <= region.count else {
      throw IndexCodecError.corrupt("array size")
    }
    let n = Int(count)
    let end = start + n * stride
    position = (end + 7) / 8 * 8
    guard n > 0 else { return (Column(), start..<start) }
    guard let base = region.baseAddress, Int(bitPattern: base + start) % MemoryLayout<T>.alignment == 0 else {
      throw IndexCodecError.corrupt("alignment")
    }
    // Safe: start + n * stride <= region.count was checked, the address is aligned for T, T is
    // bitwise-copyable (any bit pattern is a value), and the owner keeps the region alive.
    let typed = UnsafeBufferPointer(start: (base + start).assumingMemoryBound(to: T.self), count: n)
    return (Column(borrowing: typed, owner: owner), start..<end)
  }

  mutating func strings() throws -> [String] {
    let (ends, _): (Column<UInt64>, _) = try column()
    let (bytes, _): (Column<UInt8>, _) = try column()
    var out: [String] = []
    out.reserveCapacity(ends.count)
    var start = 0
    for end in ends {
      guard end <= UInt64(bytes.count), Int(end) >= start else { throw IndexCodecError.corrupt("strings") }
      out.append(
        bytes.withUnsafeBufferPointer {
          String(decoding: UnsafeBufferPointer(rebasing: $0[start..<Int(end)]), as: UTF8.self)
        })
      start = Int(end)
    }
    return out
  }
}

/// Memory allocated on a 64-byte boundary holding a copy of some bytes, freed with the last
/// column that borrows it.
public final class AlignedMemory: @unchecked Sendable {
  // @unchecked: the memory is written once, in init, and only read afterwards.
  public let bytes: UnsafeRawBufferPointer
  private let allocation: UnsafeMutableRawPointer

  public init(copying source: [UInt8]) {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(source.count, 1), alignment: IndexCodec.alignment)
    // Safe: the allocation holds at least source.count bytes.
    source.withUnsafeBytes { if let from = $0.baseAddress { memory.copyMemory(from: from, byteCount: $0.count) } }
    allocation = memory
    bytes = UnsafeRawBufferPointer(start: memory, count: source.count)
  }

  deinit { allocation.deallocate() }
}
