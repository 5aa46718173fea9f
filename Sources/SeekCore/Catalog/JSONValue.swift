import SeekApp

/// A parsed JSON value. Numbers keep their source text, so nothing is lost to `Double`.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Members in source order.
  case object([(String, JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// Whether `text` is a number in JSON's grammar (RFC 8259: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
  /// `Double()` accepts more (`nan(x)`, `-inf`, `0x10`, `+5`, `.5`, `5.`, `007`, `infinity`),
  /// none of which may be written bare in JSON.
  public static func isStrictNumber(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    func digits() -> Int {
      let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    guard let first = bytes.first, first >= 0x30 && first <= 0x39 else { return false }
    if first == 0x30 { bytes = bytes.dropFirst() } else { _ = digits() }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard digits() > 0 else { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }

  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
    return nil
  }

  /// The value as flat text for indexing and display: strings as they are, numbers as written,
  /// arrays joined with ", ", objects as compact JSON.
  public var text: String {
    switch self {
    case .null: return ""
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return n
    case .string(let s): return s
    case .array(let items): return items.map(\.text).joined(separator: ", ")
    case .object: return serialized
    }
  }

  /// Compact JSON text.
  public var serialized: String {
    var out = ""
    write(to: &out)
    return out
  }

  public func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    // Only JSON's own number grammar is written bare: whatever else reached `.number` is quoted.
    case .number(let n): if JSONValue.isStrictNumber(n) { out += n } else { JSONValue.writeString(n, to: &out) }
    case .string(let s): JSONValue.writeString(s, to: &out)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { out += "," }
        JSONValue.writeString(key, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  public static func writeString(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        // Every control (C0, DEL, C1), bidirectional override and BOM is escaped: `--json` output
        // shown in a terminal can neither start an escape sequence nor reorder the text around it.
        if SafeText.isUnsafe(scalar.value) {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}

/// Where and why JSON text is malformed.
public struct JSONSyntaxError: Error, Equatable, Sendable {
  public var line: Int
  public var column: Int
  public var message: String
}

/// A strict JSON parser over bytes that reports line and column. Invalid UTF-8 inside strings is
/// replaced with U+FFFD rather than rejected, so one bad byte never costs a catalog.
public struct JSONParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var i = 0
  /// Nesting deeper than this is refused (a stack overflow is not an error message).
  static let maxDepth = 512

  public init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int = 0) {
    self.bytes = bytes
    self.i = start
  }

  public var offset: Int { i }

  /// Parses one JSON text; trailing content other than white space is an error.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    var copy = text
    let result = copy.withUTF8 { buffer -> Result<JSONValue, JSONSyntaxError> in
      var parser = JSONParser(buffer)
      do throws(JSONSyntaxError) {
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.i < buffer.count { throw parser.error("unexpected text after the JSON value") }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  public mutating func skipWhitespace() {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x09, 0x0A, 0x0D: i += 1
      default: return
      }
    }
  }

  public var atEnd: Bool { i >= bytes.count }
  public var current: UInt8? { i < bytes.count ? bytes[i] : nil }
  public mutating func advance() { i += 1 }

  public func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    let at = min(offset ?? i, bytes.count)
    var line = 1
    var lineStart = 0
    for k in 0..<at where bytes[k] == 0x0A {
      line += 1
      lineStart = k + 1
    }
    let column =
      // Safe: lineStart...at are indices of `bytes`, found by scanning it.
      String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<at]), as: UTF8.self)
      .count + 1
    return JSONSyntaxError(line: line, column: column, message: message)
  }

  private func describeCurrent() -> String {
    guard let c = current else { return "end of input" }
    if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
    return "byte 0x" + String(c, radix: 16)
  }

  public mutating func parseValue(depth: Int = 0) throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
    guard let c = current else { throw error("expected a value, found end of input") }
    switch c {
    case UInt8(ascii: "{"):
      i += 1
      var members: [(String, JSONValue)] = []
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        i += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else {
          throw error("expected a member name in double quotes, found \(describeCurrent())")
        }
        let key = try parseString()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
          throw error("expected ':' after the member name, found \(describeCurrent())")
        }
        i += 1
        members.append((key, try parseValue(depth: depth + 1)))
        skipWhitespace()
        if current == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if current == UInt8(ascii: "}") {
          i += 1
          return .object(members)
        }
        throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
      }
    case UInt8(ascii: "["):
      i += 1
      var items: [JSONValue] = []
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        i += 1
        return .array(items)
      }
      while true {
        items.append(try parseValue(depth: depth + 1))
        skipWhitespace()
        if current == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if current == UInt8(ascii: "]") {
          i += 1
          return .array(items)
        }
        throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
      }
    case UInt8(ascii: "\""):
      return .string(try parseString())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    default:
      throw error("expected a value, found \(describeCurrent())")
    }
  }

  private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
    let start = i
    // Safe: a StaticString literal's bytes live for the whole program.
    for b in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard current == b else { throw error("invalid literal, expected '\(word)'", at: start) }
      i += 1
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = i
    if current == UInt8(ascii: "-") { i += 1 }
    func digits(_ p: inout JSONParser) -> Int {
      var n = 0
      while let c = p.current, c >= 0x30 && c <= 0x39 {
        p.i += 1
        n += 1
      }
      return n
    }
    guard digits(&self) > 0 else { throw error("expected digits in a number") }
    if current == UInt8(ascii: ".") {
      i += 1
      guard digits(&self) > 0 else { throw error("expected digits after the decimal point") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      i += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
      guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
    }
    // Safe: start...i are indices of `bytes`, found by scanning it.
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let open = i
    i += 1
    var out: [UInt8] = []
    var runStart = i
    while true {
      guard let c = current else { throw error("unterminated string", at: open) }
      if c == UInt8(ascii: "\"") {
        out.append(contentsOf: bytes[runStart..<i])
        i += 1
        return String(decoding: out, as: UTF8.self)
      }
      if c == UInt8(ascii: "\\") {
        out.append(contentsOf: bytes[runStart..<i])
        i += 1
        guard let e = current else { throw error("unterminated string", at: open) }
        i += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var value = try hex4()
          if (0xD800..<0xDC00).contains(value), current == UInt8(ascii: "\\"),
            i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u")
          {
            let save = i
            i += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
              value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else {
              i = save
            }
          }
          let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
          out.append(contentsOf: String(scalar).utf8)
        default:
          throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: i - 2)
        }
        runStart = i
        continue
      }
      if c == 0x0A { throw error("unterminated string (a line break inside a string must be written \\n)", at: open) }
      i += 1
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let c = current else { throw error("expected 4 hex digits after \\u") }
      let digit: UInt32
      switch c {
      case 0x30...0x39: digit = UInt32(c - 0x30)
      case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
      default: throw error("expected 4 hex digits after \\u")
      }
      value = value << 4 | digit
      i += 1
    }
    return value
  }
}

extension JSONValue {
  /// An array or an object: a value that holds others.
  public var isContainer: Bool {
    switch self {
    case .array, .object: return true
    default: return false
    }
  }
}
