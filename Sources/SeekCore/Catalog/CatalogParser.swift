/// Parses catalog bytes of each format into a `RecordTable`.
public enum CatalogParser {
  /// `path` is used only in error messages.
  public static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, format: CatalogFormat, path: String
  ) throws(CatalogError) -> RecordTable {
    switch format {
    case .json: return try parseJSONArray(bytes, path: path)
    case .jsonLines: return try parseJSONLines(bytes, path: path)
    case .csv: return try parseDelimited(bytes, separator: UInt8(ascii: ","), quoting: true, path: path)
    case .tsv: return try parseDelimited(bytes, separator: 0x09, quoting: false, path: path)
    case .lines: return parseLines(bytes)
    }
  }

  static func members(_ value: JSONValue) -> [(String, String)]? {
    guard case .object(let members) = value else { return nil }
    return members.map { ($0.0, $0.1.text) }
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
    _ bytes: UnsafeBufferPointer<UInt8>, path: String
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
        guard let fields = members(value) else {
          let e = parser.error("", at: start)
          throw .notARecord(path: path, line: e.line, found: kind(value))
        }
        noteNumeric(value, into: &numeric, arrays: &table.multiValuedAttributes)
        table.append(fields)
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
    _ bytes: UnsafeBufferPointer<UInt8>, path: String
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
        throw .malformedJSON(path: path, line: lineNumber, column: error.column, message: error.message)
      }
      guard let fields = members(value) else {
        throw .notARecord(path: path, line: lineNumber, found: kind(value))
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
    forEachLine(bytes) { line in
      guard !line.isEmpty else { return }
      table.rows.append([String(decoding: line, as: UTF8.self)])
    }
    return table
  }

  /// CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes) and TSV (no quoting).
  static func parseDelimited(
    _ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, quoting: Bool, path: String
  ) throws(CatalogError) -> RecordTable {
    var rows: [[String]] = []
    var row: [String] = []
    var field: [UInt8] = []
    var i = bomLength(bytes)
    var line = 1
    var rowLine = 1
    var header: [String]? = nil
    var table = RecordTable()
    var numeric: [Bool] = []

    func endRow() throws(CatalogError) {
      row.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      defer {
        row.removeAll(keepingCapacity: true)
        rowLine = line
      }
      if row.count == 1 && row[0].isEmpty { return }  // blank line
      guard let header else {
        let names = row.map { $0.trimming(" \t") }
        if let empty = names.firstIndex(where: \.isEmpty) {
          throw .malformedTable(
            path: path, line: rowLine, message: "the header names no attribute for column \(empty + 1)")
        }
        header = names
        table = RecordTable(attributes: names)
        numeric = [Bool](repeating: true, count: names.count)
        return
      }
      if row.count > header.count {
        throw .malformedTable(
          path: path, line: rowLine,
          message: "expected \(header.count) fields as in the header, found \(row.count)")
      }
      while row.count < header.count { row.append("") }
      let kept = table.attributes.count  // columns past `RecordTable.maxAttributes` are ignored
      for (k, value) in row.prefix(kept).enumerated() where numeric[k] && !value.isEmpty && Double(value) == nil {
        numeric[k] = false
      }
      rows.append(row.count > kept ? Array(row.prefix(kept)) : row)
    }

    while i < bytes.count {
      let c = bytes[i]
      if quoting && c == UInt8(ascii: "\"") && field.isEmpty {
        // A quoted field runs to the next lone quote.
        let open = line
        i += 1
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
        continue
      }
      if c == separator {
        row.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
      } else if c == 0x0A {
        line += 1
        try endRow()
      } else if c == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A {
        // CR of a CRLF line break
      } else {
        field.append(c)
      }
      i += 1
    }
    if !field.isEmpty || !row.isEmpty { try endRow() }
    guard let header else { return RecordTable() }
    table.rows = rows
    table.numericAttributes = Set(
      header.prefix(table.attributes.count).enumerated().filter { numeric[$0.offset] && !rows.isEmpty }.map(\.element))
    return table
  }
}

extension String {
  public func trimming(_ set: String) -> String {
    let drop = Set(set.unicodeScalars)
    var scalars = Substring(self).unicodeScalars
    while let f = scalars.first, drop.contains(f) { scalars.removeFirst() }
    while let l = scalars.last, drop.contains(l) { scalars.removeLast() }
    return String(scalars)
  }
}
