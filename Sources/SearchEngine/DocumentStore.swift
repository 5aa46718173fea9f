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
  /// The row of each record in the buffers above, and the record of each row; both empty when
  /// record `r` is row `r`.
  private(set) var rows: Column<Int32> = []
  private(set) var recordsByRow: Column<Int32> = []

  public init(attributes: [String]) { self.attributes = attributes }

  /// Bytes of the values and their offsets; of the object ids and their ends.
  public var textBytes: Int { bytes.byteCount + offsets.byteCount + rows.byteCount + recordsByRow.byteCount }
  public var objectIDBytesHeld: Int { objectIDBytes.byteCount + objectIDEnds.byteCount }

  /// A store over values already laid out: `offsets` has one end per value (attributes × records,
  /// after a leading 0), `objectIDEnds` one end per record. The layout is checked (a programming
  /// error traps): offsets monotone and within their buffers.
  public init(attributes: [String], bytes: [UInt8], offsets: [UInt32], objectIDBytes: [UInt8], objectIDEnds: [UInt32]) {
    precondition(offsets.first == 0 && offsets.count == objectIDEnds.count * attributes.count + 1, "offsets per value")
    precondition(
      Int(offsets.last ?? 0) == bytes.count && Int(objectIDEnds.last ?? 0) == objectIDBytes.count, "buffer ends")
    precondition(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }, "monotone offsets")
    precondition(zip(objectIDEnds, objectIDEnds.dropFirst()).allSatisfy { $0 <= $1 }, "monotone ids")
    self.init(
      attributes: attributes, bytes: Column(bytes), offsets: Column(offsets), objectIDBytes: Column(objectIDBytes),
      objectIDEnds: Column(objectIDEnds))
  }

  /// `rows` and `recordsByRow`, when given, must be permutations, each the other's inverse
  /// (checked by the codec when loaded).
  init(
    attributes: [String], bytes: Column<UInt8>, offsets: Column<UInt32>, objectIDBytes: Column<UInt8>,
    objectIDEnds: Column<UInt32>, rows: Column<Int32> = [], recordsByRow: Column<Int32> = []
  ) {
    self.attributes = attributes
    self.bytes = bytes
    self.offsets = offsets
    self.objectIDBytes = objectIDBytes
    self.objectIDEnds = objectIDEnds
    self.rows = rows
    self.recordsByRow = recordsByRow
  }

  public var count: Int { objectIDEnds.count }

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
      return DocumentStore(
        attributes: attributes, bytes: bytes, offsets: offsets, objectIDBytes: objectIDBytes,
        objectIDEnds: objectIDEnds)
    }
    var inverse = [Int32](repeating: 0, count: composed.count)
    for (record, row) in composed.enumerated() { inverse[Int(row)] = Int32(record) }
    return DocumentStore(
      attributes: attributes, bytes: bytes, offsets: offsets, objectIDBytes: objectIDBytes,
      objectIDEnds: objectIDEnds, rows: Column(composed), recordsByRow: Column(inverse))
  }

  /// The same values with these objectIDs: `ends` has one end per record, in `bytes`. Checked as
  /// the public initializer checks its layout.
  public func withObjectIDs(bytes idBytes: [UInt8], ends: [UInt32]) -> DocumentStore {
    precondition(rows.isEmpty, "ids are given in row order, before the records are reordered")
    precondition(ends.count == count && Int(ends.last ?? 0) == idBytes.count, "one id per record")
    precondition(zip(ends, ends.dropFirst()).allSatisfy { $0 <= $1 }, "monotone ids")
    return DocumentStore(
      attributes: attributes, bytes: bytes, offsets: offsets, objectIDBytes: Column(idBytes),
      objectIDEnds: Column(ends))
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
  }

  /// Calls `body` with the UTF-8 of a record's objectID, without copying.
  func withObjectID<R>(_ record: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let row = row(record)
    let start = row == 0 ? 0 : Int(objectIDEnds[row - 1])
    let end = Int(objectIDEnds[row])
    // Safe: the ends are monotone and end within `objectIDBytes` (built so, or checked by the codec).
    return objectIDBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  public func objectID(_ record: Int) -> String {
    withObjectID(record) { String(decoding: $0, as: UTF8.self) }
  }

  @inline(__always) func range(_ record: Int, _ attribute: Int) -> Range<Int> {
    // A store without attributes (records of empty objects) has no values: every one is empty.
    guard attribute < attributes.count else { return 0..<0 }
    let slot = row(record) * attributes.count + attribute
    return Int(offsets[slot])..<Int(offsets[slot + 1])
  }

  /// Calls `body` with the UTF-8 bytes of a value, without copying.
  @inline(__always) public func withValue<R>(
    _ record: Int, _ attribute: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    let r = range(record, attribute)
    // Safe: `r` comes from the offsets, validated to lie within `bytes` (built here, or checked by the codec).
    return bytes.withUnsafeBufferPointer { all in
      body(UnsafeBufferPointer(rebasing: all[r]))
    }
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
      objectIDBytes.withUnsafeBufferPointer { ids in
        for record in order {
          let row = row(Int(record))
          let first = row * attributes.count
          for a in 0..<attributes.count {
            let value = Int(offsets[first + a])..<Int(offsets[first + a + 1])
            outBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[value]))
            outOffsets.append(UInt32(truncatingIfNeeded: outBytes.count))
          }
          let start = row == 0 ? 0 : Int(objectIDEnds[row - 1])
          idBytes.append(contentsOf: UnsafeBufferPointer(rebasing: ids[start..<Int(objectIDEnds[row])]))
          idEnds.append(UInt32(truncatingIfNeeded: idBytes.count))
        }
      }
    }
    return DocumentStore(
      attributes: attributes, bytes: Column(outBytes), offsets: Column(outOffsets), objectIDBytes: Column(idBytes),
      objectIDEnds: Column(idEnds))
  }
}
