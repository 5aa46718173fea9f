import SeekApp

/// CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes) and TSV (no quoting),
/// in one pass over the bytes. Values go straight into the table's byte buffer: an unquoted field
/// is copied from the input once, with no `String` made for it; a quoted one is unquoted into a
/// reused buffer first. A row with more fields than the header is left out and said (or, strict,
/// refused); missing trailing fields are empty values.
struct DelimitedParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let separator: UInt8
  private let quoting: Bool
  private let path: String
  private let strict: Bool

  /// A quoted field's value, unquoted.
  private var field: [UInt8] = []
  private var quoted = false
  private var fieldStart: Int
  private var line = 1
  /// The line the open row started on (a quoted field may span lines).
  private var rowLine = 1
  private var headerRow: [String] = []
  private var header: [String]? = nil
  private var table = RecordTable()
  /// Per column: every value so far reads as a number.
  private var numeric: [Bool] = []
  private var fieldsInRow = 0
  /// Columns kept (at most `RecordTable.maxAttributes`).
  private var kept = 0
  /// Why the open row is left out (a lenient read), once it ends.
  private var rowError: CatalogError? = nil

  init(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, quoting: Bool, path: String, strict: Bool) {
    self.bytes = bytes
    self.separator = separator
    self.quoting = quoting
    self.path = path
    self.strict = strict
    fieldStart = CatalogParser.bomLength(bytes)
  }

  mutating func parse() throws(CatalogError) -> RecordTable {
    var i = fieldStart
    while i < bytes.count {
      let c = bytes[i]
      if quoting && c == UInt8(ascii: "\"") && i == fieldStart && !quoted {
        i = try readQuoted(from: i)
        continue
      }
      if c == separator {
        try endField(i)
        fieldStart = i + 1
      } else if c == 0x0A {
        // A CR of a CRLF line break is not part of the value.
        let end = i > fieldStart && bytes[i - 1] == 0x0D && !quoted ? i - 1 : i
        line += 1
        try endRow(end)
        fieldStart = i + 1
      }
      i += 1
    }
    if fieldStart < bytes.count || fieldsInRow > 0 || quoted {
      let end = bytes.count > fieldStart && bytes[bytes.count - 1] == 0x0D && !quoted ? bytes.count - 1 : bytes.count
      try endRow(end)
    }
    guard let header else { return RecordTable() }
    table.numericAttributes = Set(
      header.prefix(table.attributes.count).enumerated().filter { numeric[$0.offset] && table.count > 0 }.map(
        \.element))
    return table
  }

  /// A quoted field, from its opening quote to the next lone quote (a doubled one is a quote of
  /// the value); returns where reading goes on, which must be a separator or a line's end.
  private mutating func readQuoted(from start: Int) throws(CatalogError) -> Int {
    let open = line
    quoted = true
    var i = start + 1
    while true {
      guard i < bytes.count else {
        throw .malformedTable(
          path: path, line: open, message: "unterminated quoted field (a '\"' opened here is never closed)")
      }
      let q = bytes[i]
      if q == UInt8(ascii: "\"") {
        if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\"") {
          field.append(q)
          i += 2
          continue
        }
        i += 1
        break
      }
      if q == 0x0A { line += 1 }
      field.append(q)
      i += 1
    }
    if i < bytes.count, bytes[i] != separator, bytes[i] != 0x0A, bytes[i] != 0x0D {
      throw .malformedTable(
        path: path, line: line,
        message: "unexpected text after a closing quote (write a quote inside a quoted field as \"\")")
    }
    return i
  }

  /// Ends the field that began at `fieldStart` (or was unquoted into `field`) and ends at `end`.
  private mutating func endField(_ end: Int) throws(CatalogError) {
    defer {
      quoted = false
      field.removeAll(keepingCapacity: true)
      fieldsInRow += 1
    }
    // Safe: fieldStart <= end <= bytes.count.
    let value = quoted ? nil : UnsafeBufferPointer(rebasing: bytes[fieldStart..<end])
    guard let header else {
      headerRow.append(value.map { String(decoding: $0, as: UTF8.self) } ?? String(decoding: field, as: UTF8.self))
      return
    }
    if rowError != nil { return }
    if fieldsInRow >= header.count {
      let error = CatalogError.malformedTable(
        path: path, line: rowLine, message: "expected \(header.count) fields as in the header, found \(fieldsInRow + 1)"
      )
      if strict { throw error }
      rowError = error
      return
    }
    guard fieldsInRow < kept else { return }  // columns past `RecordTable.maxAttributes`
    if let value {
      appendCell(value)
    } else {
      let unquoted = field
      unquoted.withUnsafeBufferPointer { appendCell($0) }
    }
  }

  private mutating func appendCell(_ value: UnsafeBufferPointer<UInt8>) {
    if numeric[fieldsInRow] && !value.isEmpty && !CatalogParser.isNumber(value) { numeric[fieldsInRow] = false }
    table.appendCell(value)
  }

  private mutating func endRow(_ end: Int) throws(CatalogError) {
    let blank = fieldsInRow == 0 && !quoted && end == fieldStart
    defer {
      fieldsInRow = 0
      rowLine = line
    }
    if blank { return }  // blank line
    try endField(end)
    guard header != nil else { return try takeHeader() }
    if let error = rowError {
      rowError = nil
      table.skipOpenRow(because: error)
      return
    }
    // Missing trailing fields are empty values.
    while table.openRowCells < kept { table.appendCell(UnsafeBufferPointer(start: nil, count: 0)) }
    table.endRow()
  }

  /// The first row names the attributes; each must have a name.
  private mutating func takeHeader() throws(CatalogError) {
    let names = headerRow.map { $0.trimming(" \t") }
    if let empty = names.firstIndex(where: \.isEmpty) {
      throw .malformedTable(path: path, line: rowLine, message: "the header names no attribute for column \(empty + 1)")
    }
    header = names
    table = RecordTable(attributes: names)
    numeric = [Bool](repeating: true, count: names.count)
    kept = table.attributes.count
  }
}
