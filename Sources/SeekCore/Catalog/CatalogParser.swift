/// Parses catalog bytes of each format into a `RecordTable`.
public enum CatalogParser {
  /// `path` is used only in error messages.
  /// `strict`: a malformed record refuses the file; otherwise it is left out, counted, and the
  /// first one's error is a warning (`RecordTable.warnings`). What breaks the structure itself (a
  /// JSON syntax error inside an array, a quote never closed) refuses the file either way.
  public static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, format: CatalogFormat, path: String, strict: Bool = false
  ) throws(CatalogError) -> RecordTable {
    switch format {
    case .json: return try parseJSONArray(bytes, path: path, strict: strict)
    case .jsonLines: return try parseJSONLines(bytes, path: path, strict: strict)
    case .csv:
      return try parseDelimited(bytes, separator: UInt8(ascii: ","), quoting: true, path: path, strict: strict)
    case .tsv: return try parseDelimited(bytes, separator: 0x09, quoting: false, path: path, strict: strict)
    case .lines: return parseLines(bytes)
    }
  }

  /// A record's members as text (what is searched and shown), and, when some are neither
  /// numbers nor non-empty strings, those members as JSON under `RecordTable.typesAttribute`
  /// (what `--json` prints).
  static func members(_ value: JSONValue) -> [(String, String)]? {
    guard case .object(let members) = value else { return nil }
    var fields: [(String, String)] = []
    fields.reserveCapacity(members.count + 1)
    var typed: [(String, JSONValue)] = []
    for (name, v) in members where !name.hasPrefix("\u{0}") {
      fields.append((name, v.text))
      switch v {
      // Numbers come back as numbers from their text (`Catalog.json`): kept here, they would
      // cost every record of a numeric catalog its numbers twice.
      case .string(let s) where !s.isEmpty: continue
      case .number: continue
      default: typed.append((name, v))
      }
    }
    if !typed.isEmpty { fields.append((RecordTable.typesAttribute, JSONValue.object(typed).serialized)) }
    return fields
  }

  static func kind(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  static func noteNumeric(_ value: JSONValue, into numeric: inout [String: Bool], arrays: inout Set<String>) {
    guard case .object(let members) = value else { return }
    for (name, v) in members {
      switch v {
      case .number: if numeric[name] == nil { numeric[name] = true }
      case .null: break
      case .array:
        numeric[name] = false
        arrays.insert(name)
      default: numeric[name] = false
      }
    }
  }

  static func parseJSONArray(
    _ bytes: UnsafeBufferPointer<UInt8>, path: String, strict: Bool = false
  ) throws(CatalogError) -> RecordTable {
    var parser = JSONParser(bytes, start: bomLength(bytes))
    var table = RecordTable()
    var numeric: [String: Bool] = [:]
    func fail(_ e: JSONSyntaxError) -> CatalogError {
      .malformedJSON(path: path, line: e.line, column: e.column, message: e.message)
    }
    parser.skipWhitespace()
    // An empty file is an empty catalog, as an empty CSV or text file is.
    if parser.atEnd { return table }
    guard parser.current == UInt8(ascii: "[") else {
      throw fail(parser.error("expected '[' to open an array of records"))
    }
    parser.advance()
    parser.skipWhitespace()
    if parser.current == UInt8(ascii: "]") {
      parser.advance()
    } else {
      while true {
        parser.skipWhitespace()
        let start = parser.offset
        let value: JSONValue
        do { value = try parser.parseValue(depth: 1) } catch { throw fail(error) }
        if let fields = members(value) {
          noteNumeric(value, into: &numeric, arrays: &table.multiValuedAttributes)
          table.append(fields)
        } else {
          let e = parser.error("", at: start)
          let error = CatalogError.notARecord(path: path, line: e.line, found: kind(value))
          if strict { throw error }
          table.noteSkipped(error)
        }
        parser.skipWhitespace()
        if parser.current == UInt8(ascii: ",") {
          parser.advance()
          continue
        }
        if parser.current == UInt8(ascii: "]") {
          parser.advance()
          break
        }
        throw fail(parser.error("expected ',' or ']' after a record"))
      }
    }
    parser.skipWhitespace()
    if !parser.atEnd { throw fail(parser.error("unexpected text after the array of records")) }
    table.numericAttributes = Set(numeric.filter(\.value).keys)
    return table
  }

  static func parseJSONLines(
    _ bytes: UnsafeBufferPointer<UInt8>, path: String, strict: Bool = false
  ) throws(CatalogError) -> RecordTable {
    var table = RecordTable()
    var numeric: [String: Bool] = [:]
    var lineNumber = 0
    try forEachLine(bytes) { (line) throws(CatalogError) in
      lineNumber += 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
      var parser = JSONParser(line)
      let value: JSONValue
      do throws(JSONSyntaxError) {
        value = try parser.parseValue()
        parser.skipWhitespace()
        if !parser.atEnd { throw parser.error("unexpected text after the record") }
      } catch {
        let malformed = CatalogError.malformedJSON(
          path: path, line: lineNumber, column: error.column, message: error.message)
        if strict { throw malformed }
        table.noteSkipped(malformed)
        return
      }
      guard let fields = members(value) else {
        let error = CatalogError.notARecord(path: path, line: lineNumber, found: kind(value))
        if strict { throw error }
        table.noteSkipped(error)
        return
      }
      noteNumeric(value, into: &numeric, arrays: &table.multiValuedAttributes)
      table.append(fields)
    }
    table.numericAttributes = Set(numeric.filter(\.value).keys)
    return table
  }

  /// Calls `body` with each line (without its line break), the last one even without a break.
  static func forEachLine<E: Error>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
  ) throws(E) {
    var start = bomLength(bytes)
    var i = start
    while i < bytes.count {
      if bytes[i] == 0x0A {
        var end = i
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        // Safe: start..<end lies within `bytes` (both come from scanning it).
        try body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        start = i + 1
      }
      i += 1
    }
    if start < bytes.count {
      var end = bytes.count
      if bytes[end - 1] == 0x0D { end -= 1 }
      // Safe: start..<end lies within `bytes` (both come from scanning it).
      try body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
  }

  static func bomLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  static func parseLines(_ bytes: UnsafeBufferPointer<UInt8>) -> RecordTable {
    var table = RecordTable(attributes: ["text"])
    // An empty line is a line, as fzf lists it.
    forEachLine(bytes) { line in
      table.appendCell(line)
      table.endRow()
    }
    return table
  }

  /// CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes) and TSV (no quoting).
  static func parseDelimited(
    _ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, quoting: Bool, path: String, strict: Bool = false
  ) throws(CatalogError) -> RecordTable {
    var parser = DelimitedParser(bytes, separator: separator, quoting: quoting, path: path, strict: strict)
    return try parser.parse()
  }

  /// Whether a value reads as a number, as `Double(String)` decides: plain decimals are told from
  /// their bytes, anything else is asked.
  static func isNumber(_ v: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    if i < v.count && v[i] == UInt8(ascii: "-") { i += 1 }
    let digitsStart = i
    while i < v.count && v[i] >= 0x30 && v[i] <= 0x39 { i += 1 }
    var plain = i > digitsStart
    if plain && i < v.count && v[i] == UInt8(ascii: ".") {
      i += 1
      let fraction = i
      while i < v.count && v[i] >= 0x30 && v[i] <= 0x39 { i += 1 }
      plain = i > fraction
    }
    if plain && i == v.count { return true }
    return Double(String(decoding: v, as: UTF8.self)) != nil
  }
}
