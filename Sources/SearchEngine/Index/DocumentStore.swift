/// The records' attribute values, stored column-free in one contiguous UTF-8 buffer: no `String` per
/// value, so a million records cost their bytes plus one offset per value. The objectIDs are kept
/// the same way. Every buffer is a `Column`: owned when built, mapped when loaded from a cache.
///
/// An index numbers its records by rank, but keeps their values where they were read: record `r`
/// is row `rows[r]` of the buffers (`reordered(_:)`). Putting ten million lines in rank order
/// would copy their 470 MB while the lines read are still held (a pipe's scan answers from them
/// until the index is built), for two arrays of 4 bytes a record (the rows, and the record of
/// each row). What it trades away: reading every record in id order is no longer a walk through
/// memory, so what reads them all reads them in row order (`Searcher+Fuzzy`: at 1.1M lines, a
/// p99 of 60–68 ms in id order against 16 ms).
///
/// A record that names no id is known by a hash of its values (`ContentHash`), and copies by
/// that hash and a number ("-2", "-3"…). When no record names one (lines), the ids are not stored
/// but computed when asked for: only the numbered copies are kept (`ObjectIDs.contentHashes`).
/// Ten million lines kept 190 MB of ids, looked up a handful of times a keystroke at most (the
/// page's ids, a check, a pick); hashing a line again takes well under a microsecond.
///
/// The hash may cover one attribute only (`hashedAttribute`): a line shaped by fzf's `--nth` and
/// `--with-nth` is known by the line as read, so that it keeps its id (its check, the cursor on
/// it, what was learned from picking it) when its fields are changed while the app runs.
public struct DocumentStore: Sendable {
  /// Attribute names, in the order every record's values are stored.
  public let attributes: [String]
  private(set) var bytes: Column<UInt8> = []
  /// Value `a` of record `r` is `bytes[offsets[r * attributes.count + a] ..< offsets[... + 1]]`.
  private(set) var offsets: Column<UInt32> = [0]
  /// The objectID of record `r` is `objectIDBytes[objectIDEnds[r - 1] ..< objectIDEnds[r]]`
  /// (from 0 for the first).
  private(set) var objectIDBytes: Column<UInt8> = []
  private(set) var objectIDEnds: Column<UInt32> = []
  /// Whether the ids are the rows' content hashes, not stored (`objectIDBytes` and `Ends` empty).
  private(set) var idsAreContentHashes = false
  /// With content-hash ids: the one attribute hashed (nil: every value of the record).
  private(set) var hashedAttribute: Int? = nil
  /// With content-hash ids: the rows of numbered copies, ascending, and the number of each.
  private(set) var numberedRows: Column<UInt32> = []
  private(set) var rowNumbers: Column<UInt32> = []
  public private(set) var count = 0
  /// The row of each record in the buffers above, and the record of each row; both empty when
  /// record `r` is row `r`.
  private(set) var rows: Column<Int32> = []
  private(set) var recordsByRow: Column<Int32> = []

  public init(attributes: [String]) { self.attributes = attributes }

  /// Bytes of the values and their offsets; of the object ids and their ends.
  public var textBytes: Int { bytes.byteCount + offsets.byteCount + rows.byteCount + recordsByRow.byteCount }
  public var objectIDBytesHeld: Int {
    objectIDBytes.byteCount + objectIDEnds.byteCount + numberedRows.byteCount + rowNumbers.byteCount
  }

  /// The records' objectIDs, in row order, as the catalog made them.
  public enum ObjectIDs: Sendable {
    /// Each id's UTF-8 in `bytes`; `ends` has one end per row.
    case stored(bytes: [UInt8], ends: [UInt32])
    /// Each row's content hash (of attribute `hashing` only, when given); the copies in
    /// `numberedRows` (ascending) get "-" and `numbers`.
    case contentHashes(numberedRows: [UInt32], numbers: [UInt32], hashing: Int? = nil)
  }

  /// A store over values already laid out: `offsets` has one end per value (attributes × records,
  /// after a leading 0), `objectIDEnds` one end per record. The layout is checked (a programming
  /// error traps): offsets monotone and within their buffers.
  public init(attributes: [String], bytes: [UInt8], offsets: [UInt32], objectIDBytes: [UInt8], objectIDEnds: [UInt32]) {
    self.init(
      attributes: attributes, bytes: bytes, offsets: offsets, count: objectIDEnds.count,
      objectIDs: .stored(bytes: objectIDBytes, ends: objectIDEnds))
  }

  /// `count` records laid out as above, with these ids (checked as `withObjectIDs` checks them).
  public init(attributes: [String], bytes: [UInt8], offsets: [UInt32], count: Int, objectIDs: ObjectIDs) {
    precondition(offsets.first == 0 && offsets.count == count * attributes.count + 1, "offsets per value")
    precondition(Int(offsets.last ?? 0) == bytes.count, "buffer ends")
    precondition(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }, "monotone offsets")
    let values = DocumentStore(
      attributes: attributes, bytes: Column(bytes), offsets: Column(offsets),
      ids: .contentHashes(numberedRows: [], numbers: [], hashing: nil), count: count)
    self = values.withObjectIDs(objectIDs)
  }

  /// How the objectIDs are kept (see `ObjectIDs`), as columns.
  enum IDColumns {
    case stored(Column<UInt8>, Column<UInt32>)
    case contentHashes(numberedRows: Column<UInt32>, numbers: Column<UInt32>, hashing: Int?)
  }

  /// `rows` and `recordsByRow`, when given, must be permutations, each the other's inverse
  /// (checked by the codec when loaded).
  init(
    attributes: [String], bytes: Column<UInt8>, offsets: Column<UInt32>, ids: IDColumns, count: Int,
    rows: Column<Int32> = [], recordsByRow: Column<Int32> = []
  ) {
    self.attributes = attributes
    self.bytes = bytes
    self.offsets = offsets
    switch ids {
    case .stored(let idBytes, let ends):
      (objectIDBytes, objectIDEnds) = (idBytes, ends)
    case .contentHashes(let rows, let numbers, let hashing):
      (idsAreContentHashes, numberedRows, rowNumbers) = (true, rows, numbers)
      hashedAttribute = hashing
    }
    self.count = count
    self.rows = rows
    self.recordsByRow = recordsByRow
  }

  /// The objectIDs as kept, to share them with a store over the same rows.
  var idColumns: IDColumns {
    idsAreContentHashes
      ? .contentHashes(numberedRows: numberedRows, numbers: rowNumbers, hashing: hashedAttribute)
      : .stored(objectIDBytes, objectIDEnds)
  }

  /// Where record `record`'s values and id are kept in the buffers.
  @inline(__always) func row(_ record: Int) -> Int { rows.isEmpty ? record : Int(rows[record]) }

  /// The record whose values are at row `row`.
  @inline(__always) func record(atRow row: Int) -> Int { recordsByRow.isEmpty ? row : Int(recordsByRow[row]) }

  /// The same records numbered in `order` (`order[id]`: the record now given id `id`), without
  /// copying a value: the buffers are shared, and `order` (composed with any order already given)
  /// becomes the rows. `order` must be a permutation of the records.
  public func reordered(_ order: [Int32]) -> DocumentStore {
    precondition(order.count == count, "a permutation of every record")
    let composed = rows.isEmpty ? order : order.map { rows[Int($0)] }
    guard !composed.indices.allSatisfy({ composed[$0] == Int32($0) }) else {
      return DocumentStore(attributes: attributes, bytes: bytes, offsets: offsets, ids: idColumns, count: count)
    }
    var inverse = [Int32](repeating: 0, count: composed.count)
    for (record, row) in composed.enumerated() { inverse[Int(row)] = Int32(record) }
    return DocumentStore(
      attributes: attributes, bytes: bytes, offsets: offsets, ids: idColumns, count: count, rows: Column(composed),
      recordsByRow: Column(inverse))
  }

  /// The same values with these objectIDs. Checked as the public initializer checks its layout.
  public func withObjectIDs(_ ids: ObjectIDs) -> DocumentStore {
    precondition(rows.isEmpty, "ids are given in row order, before the records are reordered")
    switch ids {
    case .stored(let idBytes, let ends):
      precondition(ends.count == count && Int(ends.last ?? 0) == idBytes.count, "one id per record")
      precondition(zip(ends, ends.dropFirst()).allSatisfy { $0 <= $1 }, "monotone ids")
      return DocumentStore(
        attributes: attributes, bytes: bytes, offsets: offsets, ids: .stored(Column(idBytes), Column(ends)),
        count: count)
    case .contentHashes(let numbered, let numbers, let hashing):
      precondition(numbered.count == numbers.count, "a number per numbered row")
      precondition(hashing.map { $0 >= 0 && $0 < attributes.count } ?? true, "an attribute of the store")
      precondition(zip(numbered, numbered.dropFirst()).allSatisfy { $0 < $1 }, "ascending rows")
      precondition(numbered.last.map { Int($0) < count } ?? true, "rows of the store")
      return DocumentStore(
        attributes: attributes, bytes: bytes, offsets: offsets,
        ids: .contentHashes(numberedRows: Column(numbered), numbers: Column(numbers), hashing: hashing), count: count)
    }
  }

  public mutating func reserve(records: Int, bytes byteCount: Int) {
    precondition(rows.isEmpty, "records are appended before they are reordered")
    bytes.reserveCapacity(byteCount)
    offsets.reserveCapacity(records * attributes.count + 1)
    objectIDEnds.reserveCapacity(records)
  }

  /// Appends a record; `values` is aligned with `attributes` (missing trailing values are empty).
  public mutating func append(objectID: String, values: [String]) {
    precondition(values.count <= attributes.count, "more values than attributes")
    precondition(rows.isEmpty, "records are appended before they are reordered")
    for index in 0..<attributes.count {
      if index < values.count { bytes.append(contentsOf: values[index].utf8) }
      offsets.append(UInt32(truncatingIfNeeded: bytes.count))
    }
    objectIDBytes.append(contentsOf: objectID.utf8)
    objectIDEnds.append(UInt32(truncatingIfNeeded: objectIDBytes.count))
    count += 1
  }

  /// Calls `body` with the UTF-8 of a record's objectID, without copying a stored one.
  func withObjectID<R>(_ record: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    withObjectID(atRow: row(record), body)
  }

  /// Calls `body` with the UTF-8 of the objectID at row `row` (the buffers' order).
  func withObjectID<R>(atRow row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if idsAreContentHashes { return withContentID(row: row, body) }
    let start = row == 0 ? 0 : Int(objectIDEnds[row - 1])
    let end = Int(objectIDEnds[row])
    // Safe: the ends are monotone and end within `objectIDBytes` (built so, or checked by the codec).
    return objectIDBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  /// The id of a row whose id is its content hash: the hash's digits, then "-" and its number for
  /// a numbered copy (found by a binary search of the few numbered rows).
  private func withContentID<R>(row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    var hash = ContentHash()
    if let hashedAttribute {
      withValue(atRow: row, hashedAttribute) { hash.add($0) }
    } else {
      for a in 0..<attributes.count { withValue(atRow: row, a) { hash.add($0) } }
    }
    var lo = 0
    var hi = numberedRows.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if Int(numberedRows[mid]) < row { lo = mid + 1 } else { hi = mid }
    }
    let number = lo < numberedRows.count && Int(numberedRows[lo]) == row ? Int(rowNumbers[lo]) : 0
    // 16 digits, "-" and at most 10 digits of a UInt32.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ContentHash.digits + 11) { id in
      ContentHash.writeHex(hash.value, to: id)
      var end = ContentHash.digits
      if number > 0 {
        id[end] = UInt8(ascii: "-")
        end += 1
        let digits = String(number).utf8
        for (i, d) in digits.enumerated() { id[end + i] = d }
        end += digits.count
      }
      // Safe: `end` is within the allocation (at most 27 bytes written), read inside the closure.
      return body(UnsafeBufferPointer(rebasing: id[..<end]))
    }
  }

  public func objectID(_ record: Int) -> String {
    withObjectID(record) { String(decoding: $0, as: UTF8.self) }
  }

  @inline(__always) func range(_ record: Int, _ attribute: Int) -> Range<Int> {
    range(atRow: row(record), attribute)
  }

  @inline(__always) private func range(atRow row: Int, _ attribute: Int) -> Range<Int> {
    // A store without attributes (records of empty objects) has no values: every one is empty.
    guard attribute < attributes.count else { return 0..<0 }
    let slot = row * attributes.count + attribute
    return Int(offsets[slot])..<Int(offsets[slot + 1])
  }

  /// Calls `body` with the UTF-8 bytes of a value, without copying.
  @inline(__always) public func withValue<R>(
    _ record: Int, _ attribute: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    withValue(atRow: row(record), attribute, body)
  }

  /// Calls `body` with the UTF-8 bytes of the value at row `row` (the buffers' order).
  @inline(__always) func withValue<R>(atRow row: Int, _ attribute: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
  {
    let r = range(atRow: row, attribute)
    // Safe: `r` comes from the offsets, validated to lie within `bytes` (built here, or checked by the codec).
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[r])) }
  }

  public func value(_ record: Int, _ attribute: Int) -> String {
    withValue(record, attribute) { String(decoding: $0, as: UTF8.self) }
  }

  /// Values are searched, highlighted and shown on their first this many bytes (cut at a
  /// character), as Algolia caps a record's size: a 200 MB line costs a keystroke what 64 KB does.
  /// The whole value is kept, and is what an accepted record prints.
  public static let maxIndexedValueBytes = 65_536

  /// Calls `body` with the searched part of a value (see `maxIndexedValueBytes`).
  @inline(__always) public func withIndexedValue<R>(
    _ record: Int, _ attribute: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    withValue(record, attribute) { bytes in
      guard bytes.count > Self.maxIndexedValueBytes else { return body(bytes) }
      var end = Self.maxIndexedValueBytes
      while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      // Safe: end <= maxIndexedValueBytes < bytes.count.
      return body(UnsafeBufferPointer(rebasing: bytes[..<end]))
    }
  }

  /// The searched part of a value, as text.
  public func indexedValue(_ record: Int, _ attribute: Int) -> String {
    withIndexedValue(record, attribute) { String(decoding: $0, as: UTF8.self) }
  }

  /// A value's last `count` bytes past its searched part (from a character's start), nil when
  /// the whole value is searched: what shows a long line's end (its frozen right fields).
  public func valueTail(_ record: Int, _ attribute: Int, count: Int = 4096) -> String? {
    withValue(record, attribute) { bytes in
      guard bytes.count > Self.maxIndexedValueBytes else { return nil }
      var start = max(Self.maxIndexedValueBytes, bytes.count - count)
      while start < bytes.count && bytes[start] & 0xC0 == 0x80 { start += 1 }
      // Safe: start <= bytes.count.
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
    }
  }

  public func attributeIndex(_ name: String) -> Int? { attributes.firstIndex(of: name) }

  /// A copy holding only these records (input positions), in that order, with their objectIDs.
  public func subset(_ records: [Int32]) -> DocumentStore { permuted(records) }

  /// A copy holding only `order`'s records, in that order.
  func permuted(_ order: [Int32]) -> DocumentStore {
    var outBytes: [UInt8] = []
    var outOffsets: [UInt32] = [0]
    var idBytes: [UInt8] = []
    var idEnds: [UInt32] = []
    let whole = order.count == count
    outBytes.reserveCapacity(whole ? bytes.count : 0)
    outOffsets.reserveCapacity(order.count * attributes.count + 1)
    idBytes.reserveCapacity(whole ? objectIDBytes.count : 0)
    idEnds.reserveCapacity(order.count)
    // Safe: every range read comes from the monotone offsets, within the buffers.
    bytes.withUnsafeBufferPointer { bytes in
      for record in order {
        let first = row(Int(record)) * attributes.count
        for a in 0..<attributes.count {
          let value = Int(offsets[first + a])..<Int(offsets[first + a + 1])
          outBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[value]))
          outOffsets.append(UInt32(truncatingIfNeeded: outBytes.count))
        }
        withObjectID(Int(record)) { idBytes.append(contentsOf: $0) }
        idEnds.append(UInt32(truncatingIfNeeded: idBytes.count))
      }
    }
    return DocumentStore(
      attributes: attributes, bytes: Column(outBytes), offsets: Column(outOffsets),
      ids: .stored(Column(idBytes), Column(idEnds)), count: order.count)
  }
}
