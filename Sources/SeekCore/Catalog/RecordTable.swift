import Foundation
import SearchEngine

/// Records as parsed, before indexing: attribute names in first-seen order and each record's
/// values aligned with them.
///
/// The values are kept as the document store keeps them — one UTF-8 buffer and an end offset per
/// value, no `String` per value — so a million parsed rows cost their bytes, and become the
/// store with a copy, not a million string conversions.
///
/// No input may cost more than a small multiple of its size: every record has a slot for every
/// attribute, so a catalog keeps its first `maxAttributes` distinct attribute names and ignores
/// the rest (20,000 records with a key each would otherwise cost 20,000² slots), with a warning.
public struct RecordTable: Sendable {
  public var attributes: [String] = []
  /// Every value's UTF-8, record after record. Record `r`'s values are the cells
  /// `rowStarts[r] ..< rowStarts[r + 1]`; cell `c` is `bytes[cellBounds[c] ..< cellBounds[c + 1]]`.
  /// A record has fewer cells than attributes when attributes first appeared after it: the
  /// missing values are empty. Offsets are 32-bit, as the document store's (a table holds under
  /// 4 GB of text): 8 bytes a line, not 16, in each copy a pipe's reading keeps; and the bounds
  /// become the store's offsets as they are.
  private var bytes: [UInt8] = []
  private var cellBounds: [UInt32] = [0]
  private var rowStarts: [UInt32] = [0]
  /// Attributes whose every present value was a JSON number (or parses as one, for tables).
  public var numericAttributes: Set<String> = []
  /// Attributes that were JSON arrays in some record (their elements are facet values).
  public var multiValuedAttributes: Set<String> = []
  private var attributeIndex: [String: Int] = [:]
  /// Distinct attribute names beyond `maxAttributes`, ignored (counted up to a bound).
  public private(set) var ignoredAttributes = 0
  private var ignoredNames: Set<String> = []

  /// A JSON record's members that are neither numbers nor non-empty strings (booleans, null,
  /// arrays, objects, ""), as JSON: kept apart from the text that is searched, so that a record comes
  /// back as stored (`Catalog.json`). No JSON name can be this one: names starting with NUL are
  /// left out when read. Never searched, shown or faceted.
  public static let typesAttribute = "\u{0}json"

  /// The attributes a person sees (without `typesAttribute`).
  public var visibleAttributes: [String] { attributes.filter { $0 != Self.typesAttribute } }

  /// As Algolia caps a record's size; far above any real catalog's attribute count.
  public static let maxAttributes = 256

  public init(attributes: [String] = []) {
    for name in attributes { _ = column(name) }
  }

  /// The column of `name`, added if new; nil when the table already has `maxAttributes`.
  public mutating func column(_ name: String) -> Int? {
    if let i = attributeIndex[name] { return i }
    guard attributes.count < Self.maxAttributes else {
      if ignoredNames.count < 1 << 16, ignoredNames.insert(name).inserted { ignoredAttributes += 1 }
      return nil
    }
    attributeIndex[name] = attributes.count
    attributes.append(name)
    return attributes.count - 1
  }

  public mutating func append(_ members: [(String, String)]) {
    var row = [String](repeating: "", count: attributes.count)
    for (name, value) in members {
      guard let i = column(name) else { continue }
      if i >= row.count { row += [String](repeating: "", count: i - row.count + 1) }
      row[i] = value
    }
    appendRow(row)
  }

  /// Appends a record of values in attribute order.
  public mutating func appendRow(_ values: [String]) {
    for value in values {
      var value = value
      value.withUTF8 { appendValidCell($0) }
    }
    endRow()
  }

  /// Appends one value of the record being read (bytes of any kind: invalid UTF-8 is repaired
  /// with U+FFFD, as `String(decoding:)` does); `endRow` closes the record.
  public mutating func appendCell(_ value: UnsafeBufferPointer<UInt8>) {
    var ascii = true
    for b in value where b >= 0x80 {
      ascii = false
      break
    }
    if ascii {
      appendValidCell(value)
    } else {
      var text = String(decoding: value, as: UTF8.self)
      text.withUTF8 { appendValidCell($0) }
    }
  }

  private mutating func appendValidCell(_ value: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: value)
    cellBounds.append(UInt32(truncatingIfNeeded: bytes.count))
  }

  /// Appends records of one value each: record `i`'s value is `values[ends[i - 1] ..< ends[i]]`
  /// (from 0 for the first), valid UTF-8. Plain lines read from a pipe, a batch at a time.
  public mutating func appendSingleValues(_ values: [UInt8], ends: [Int]) {
    let shift = bytes.count
    bytes.append(contentsOf: values)
    for end in ends {
      cellBounds.append(UInt32(truncatingIfNeeded: end + shift))
      rowStarts.append(UInt32(truncatingIfNeeded: cellBounds.count - 1))
    }
  }

  /// Closes the record whose cells were appended since the last one.
  public mutating func endRow() { rowStarts.append(UInt32(truncatingIfNeeded: cellBounds.count - 1)) }

  /// Records left out as malformed (a lenient read), and why the first one was.
  public private(set) var skippedRecords = 0
  public private(set) var firstSkipped: String? = nil

  /// Leaves out the open record (its cells so far), noting why.
  public mutating func skipOpenRow(because error: CatalogError) {
    let firstCell = Int(rowStarts[rowStarts.count - 1])
    if firstCell < cellBounds.count - 1 {
      bytes.removeSubrange(Int(cellBounds[firstCell])...)
      cellBounds.removeSubrange((firstCell + 1)...)
    }
    noteSkipped(error)
  }

  /// A record left out before any of it was added.
  public mutating func noteSkipped(_ error: CatalogError) {
    skippedRecords += 1
    if firstSkipped == nil { firstSkipped = "\(error)" }
  }

  /// Cells of the open record so far.
  public var openRowCells: Int { cellBounds.count - 1 - Int(rowStarts[rowStarts.count - 1]) }

  /// Where a value lies in `bytes`; nil past the record's cells (an empty value).
  private func cellRange(_ row: Int, _ column: Int) -> Range<Int>? {
    let cell = Int(rowStarts[row]) + column
    guard column >= 0, cell < Int(rowStarts[row + 1]) else { return nil }
    return Int(cellBounds[cell])..<Int(cellBounds[cell + 1])
  }

  /// Calls `body` with the UTF-8 of a value (empty past the record's cells).
  public func withValue<R>(_ row: Int, _ column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    guard let range = cellRange(row, column) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    // Safe: cell ends are monotone and within `bytes`.
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  public func value(_ row: Int, _ column: Int) -> String {
    withValue(row, column) { String(decoding: $0, as: UTF8.self) }
  }

  /// How many values record `row` holds (the rest, up to the attributes, are empty).
  public func cellCount(_ row: Int) -> Int { Int(rowStarts[row + 1] - rowStarts[row]) }

  /// A record's values, as stored (for tests and small tables).
  public func row(_ r: Int) -> [String] { (0..<cellCount(r)).map { value(r, $0) } }

  public var rows: [[String]] { (0..<count).map(row) }

  /// Appends the records of `other` from `start` on (same attributes).
  public mutating func appendRows(of other: RecordTable, from start: Int = 0) {
    guard start < other.count else { return }
    let firstCell = Int(other.rowStarts[start])
    let byteStart = Int(other.cellBounds[firstCell])
    let shift = bytes.count - byteStart
    let cellShift = cellBounds.count - 1 - firstCell
    bytes.append(contentsOf: other.bytes[byteStart...])
    cellBounds.append(
      contentsOf: other.cellBounds[(firstCell + 1)...].lazy.map { UInt32(truncatingIfNeeded: Int($0) + shift) })
    rowStarts.append(
      contentsOf: other.rowStarts[(start + 1)...].lazy.map { UInt32(truncatingIfNeeded: Int($0) + cellShift) })
  }

  /// `parts`, each with the attributes of the first, one after the other in a table of its own,
  /// allocated once at its final size (appending to a part shared with another holder would copy
  /// it, then grow it by doubling: up to twice the table for a moment). Each part is let go once
  /// copied: one no one else holds is freed then, and the pages of the new table not yet
  /// written are not resident, so the copy never holds a part twice.
  public static func joined(_ parts: consuming [RecordTable]) -> RecordTable {
    guard var table = parts.first.map({ RecordTable(attributes: $0.attributes) }) else { return RecordTable() }
    table.bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
    table.cellBounds.reserveCapacity(parts.reduce(1) { $0 + $1.cellBounds.count - 1 })
    table.rowStarts.reserveCapacity(parts.reduce(1) { $0 + $1.count })
    for i in parts.indices {
      let part = parts[i]
      parts[i] = RecordTable()
      table.appendRows(of: part)
      table.numericAttributes = part.numericAttributes
      table.multiValuedAttributes.formUnion(part.multiValuedAttributes)
      table.skippedRecords += part.skippedRecords
      table.firstSkipped = table.firstSkipped ?? part.firstSkipped
    }
    return table
  }

  /// What was left out or cut, for a warning.
  public var warnings: [String] {
    var out: [String] = []
    if ignoredAttributes > 0 {
      out.append(
        "the records name \(ignoredAttributes)\(ignoredNames.count >= 1 << 16 ? "+" : "") more attributes than the \(Self.maxAttributes) kept; those are ignored"
      )
    }
    var long = 0
    for cell in cellBounds.indices.dropLast()
    where Int(cellBounds[cell + 1] - cellBounds[cell]) > DocumentStore.maxIndexedValueBytes {
      long += 1
    }
    if let warning = Self.longValuesWarning(long) { out.append(warning) }
    if let first = firstSkipped {
      out.append(
        "\(skippedRecords) malformed record\(skippedRecords == 1 ? "" : "s") left out (the first: \(first)); --strict refuses such a file instead"
      )
    }
    return out
  }

  /// The warning for `count` values longer than what is searched (nil for none).
  public static func longValuesWarning(_ count: Int) -> String? {
    guard count > 0 else { return nil }
    return
      "\(count) value\(count == 1 ? " is" : "s are") longer than \(DocumentStore.maxIndexedValueBytes / 1024) KB: searched and shown on their start only (kept whole)"
  }

  public var count: Int { rowStarts.count - 1 }

  /// The records as a document store, with object ids taken from `idAttribute` when present and
  /// otherwise derived from the record's content (stable when other records change).
  /// The table becomes the store: when every record has a value per attribute (tables, lines),
  /// its byte buffer is the store's as it is, moved, not copied.
  public consuming func documents(idAttribute: String?, hashedAttribute: String? = nil) -> DocumentStore {
    let ids = objectIDs(idAttribute: idAttribute, hashedAttribute: hashedAttribute)
    return documents(objectIDs: ids)
  }

  /// The records as a document store with the ids given (`objectIDs(idAttribute:)`'s), or with
  /// none for `nil` (to be set with `DocumentStore.withObjectIDs`).
  consuming func documents(objectIDs ids: DocumentStore.ObjectIDs?) -> DocumentStore {
    let placeholder = DocumentStore.ObjectIDs.contentHashes(numberedRows: [], numbers: [])
    let columns = attributes.count
    let full = (0..<count).allSatisfy { cellCount($0) == columns }
    if full {
      // The bounds are the store's offsets (0, then each value's end): moved, as the bytes.
      let values = bytes
      let offsets = cellBounds
      bytes = []
      cellBounds = []
      return DocumentStore(
        attributes: attributes, bytes: values, offsets: offsets, count: count, objectIDs: ids ?? placeholder)
    }
    // Records with missing trailing values: copied with empty ones in their place.
    var offsets: [UInt32] = [0]
    offsets.reserveCapacity(count * columns + 1)
    var values: [UInt8] = []
    values.reserveCapacity(bytes.count)
    for row in 0..<count {
      for column in 0..<columns {
        if let range = cellRange(row, column) { values.append(contentsOf: bytes[range]) }
        offsets.append(UInt32(truncatingIfNeeded: values.count))
      }
    }
    return DocumentStore(
      attributes: attributes, bytes: values, offsets: offsets, count: count, objectIDs: ids ?? placeholder)
  }

  /// Each record's id: `idAttribute`'s value when it has one, else a hash of its values
  /// (`ContentHash`), or of `hashedAttribute`'s alone (a shaped line: the line as read). Duplicates get "-2", "-3"… in input order, skipping a number whose id is
  /// taken, so that every id is unique (checks are kept by id).
  ///
  /// When no record names an id and every record has all its values (lines, full tables), the
  /// store computes each id from its values when asked: only the numbered copies are kept
  /// (`DocumentStore.ObjectIDs.contentHashes`), found by their hashes alone (no stored id names
  /// "x-2" before the second "x").
  func objectIDs(
    idAttribute: String?, hashedAttribute: String? = nil, workers: Workers = .allCores
  ) -> DocumentStore.ObjectIDs {
    let idColumn = idAttribute.flatMap { attributes.firstIndex(of: $0) }
    let hashedColumn = hashedAttribute.flatMap { attributes.firstIndex(of: $0) }
    let hashes = contentHashes(skipping: idColumn, of: hashedColumn, workers: workers)
    if idColumn == nil && (0..<count).allSatisfy({ cellCount($0) == attributes.count }) {
      return numberedCopies(of: hashes, hashing: hashedColumn)
    }
    return storedIDs(idColumn: idColumn, contentHashes: hashes)
  }

  /// The content hash of each record (0 for one whose id is `idColumn`'s), on all cores for
  /// large tables.
  private func contentHashes(skipping idColumn: Int?, of hashedColumn: Int?, workers: Workers) -> [UInt64] {
    let runs = IndexBuilder.parallelRuns(records: count, cores: workers.cores)
    let hashed = ResultSlots<[UInt64]>(count: runs)
    let rows = count
    workers.perform(iterations: runs) { run in
      let range = (rows * run / runs)..<(rows * (run + 1) / runs)
      hashed.set(
        run,
        range.map { row in
          if let idColumn, let given = cellRange(row, idColumn), !given.isEmpty { return 0 }
          return Self.contentHash(of: row, in: self, only: hashedColumn)
        })
    }
    if runs == 1 { return hashed.values[0] }
    return hashed.values.flatMap { $0 }
  }

  /// The copies among records known by their hashes, numbered in input order. An open-addressing
  /// table holds the first row of each hash: 4 bytes a slot, two slots a record.
  private func numberedCopies(of hashes: [UInt64], hashing: Int?) -> DocumentStore.ObjectIDs {
    var slots = 16
    while slots < 2 * count { slots <<= 1 }
    var firstRows = [Int32](repeating: -1, count: slots)
    var occurrences: [Int32: UInt32] = [:]
    var numberedRows: [UInt32] = []
    var numbers: [UInt32] = []
    for (row, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash ^ hash >> 29) & (slots - 1)
      while firstRows[slot] >= 0 && hashes[Int(firstRows[slot])] != hash { slot = (slot + 1) & (slots - 1) }
      let first = firstRows[slot]
      guard first >= 0 else {
        firstRows[slot] = Int32(row)
        continue
      }
      let number = occurrences[first, default: 1] + 1
      occurrences[first] = number
      numberedRows.append(UInt32(row))
      numbers.append(number)
    }
    return .contentHashes(numberedRows: numberedRows, numbers: numbers, hashing: hashing)
  }

  /// Every id stored: given ones, and content hashes for the records without. They are found
  /// through an open-addressing table of each id's first row, the ids themselves compared on a
  /// probe: 4 bytes a slot and two slots a record (32 MB for 3 million records, where a
  /// dictionary from hash to first row and count took over 100 MB), and a count only for the ids
  /// seen twice.
  private func storedIDs(idColumn: Int?, contentHashes: [UInt64]) -> DocumentStore.ObjectIDs {
    var idBytes: [UInt8] = []
    var idEnds: [UInt32] = []
    idEnds.reserveCapacity(count)
    var id: [UInt8] = []
    func storedID(_ record: Int) -> ArraySlice<UInt8> {
      idBytes[(record == 0 ? 0 : Int(idEnds[record - 1]))..<Int(idEnds[record])]
    }
    var slots = 16
    while slots < 2 * count { slots <<= 1 }
    // Slots hold the row of each distinct id (numbered copies included); at most half are used.
    var firstRows = [Int32](repeating: -1, count: slots)
    var occurrences: [Int32: Int] = [:]
    // The slot of `id`'s first row, or the empty slot where it would go.
    func find(_ id: [UInt8]) -> (slot: Int, first: Int32?) {
      var slot = Int(truncatingIfNeeded: id.withUnsafeBufferPointer { byteHash($0) }) & (slots - 1)
      while true {
        let first = firstRows[slot]
        if first < 0 { return (slot, nil) }
        if storedID(Int(first)).elementsEqual(id) { return (slot, first) }
        slot = (slot + 1) & (slots - 1)
      }
    }
    for row in 0..<count {
      id.removeAll(keepingCapacity: true)
      if let idColumn, let given = cellRange(row, idColumn), !given.isEmpty {
        id.append(contentsOf: bytes[given])
      } else {
        ContentHash.appendHex(contentHashes[row], to: &id)
      }
      var (slot, first) = find(id)
      if let first {
        // The next number whose id is free: a record may have been given "x-2" before the second "x".
        let base = id
        var n = occurrences[first, default: 1]
        repeat {
          n += 1
          id = base + Array("-\(n)".utf8)
          (slot, _) = find(id)
        } while firstRows[slot] >= 0
        occurrences[first] = n
      }
      firstRows[slot] = Int32(row)
      idBytes.append(contentsOf: id)
      idEnds.append(UInt32(truncatingIfNeeded: idBytes.count))
    }
    return .stored(bytes: idBytes, ends: idEnds)
  }

  /// A record's id when it names none (`ContentHash`'s digits).
  static func contentID(of row: Int, in table: RecordTable, into out: inout [UInt8]) {
    ContentHash.appendHex(contentHash(of: row, in: table), to: &out)
  }

  static func contentHash(of row: Int, in table: RecordTable, only column: Int? = nil) -> UInt64 {
    var hash = ContentHash()
    if let column {
      table.withValue(row, column) { hash.add($0) }
    } else {
      for c in 0..<table.cellCount(row) { table.withValue(row, c) { hash.add($0) } }
    }
    return hash.value
  }

  /// The same, as text (tests and callers with a row of strings).
  static func contentID(_ row: [String]) -> String {
    var table = RecordTable()
    table.appendRow(row)
    var out: [UInt8] = []
    contentID(of: 0, in: table, into: &out)
    return String(decoding: out, as: UTF8.self)
  }
}
