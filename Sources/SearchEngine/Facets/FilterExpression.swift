/// A filter in Algolia's `filters` syntax:
///
///     brand:Apple AND (category:"Cell Phones" OR price < 500) AND NOT brand:Sony
///     price:100 TO 500      price >= 100      popularity != 0
///
/// `NOT` binds tightest, then `AND`, then `OR`; keywords are upper case (a lower-case `and` is a
/// value). Facet values compare folded (case, diacritics), as the search does; a hierarchical
/// value matches everything below it.
public indirect enum FilterExpression: Sendable, Equatable {
  case facet(attribute: String, value: String, column: Int)
  case numeric(attribute: String, comparison: Comparison, value: Double, column: Int)
  case range(attribute: String, lower: Double, upper: Double, column: Int)
  case not(FilterExpression)
  case and([FilterExpression])
  case or([FilterExpression])

  public enum Comparison: String, Sendable, Equatable {
    case less = "<"
    case lessOrEqual = "<="
    case equal = "="
    case notEqual = "!="
    case greaterOrEqual = ">="
    case greater = ">"

    func holds(_ a: Double, _ b: Double) -> Bool {
      switch self {
      case .less: return a < b
      case .lessOrEqual: return a <= b
      case .equal: return a == b
      case .notEqual: return a != b
      case .greaterOrEqual: return a >= b
      case .greater: return a > b
      }
    }
  }

  /// The attributes the expression names.
  public var attributes: [String] {
    switch self {
    case .facet(let a, _, _), .numeric(let a, _, _, _), .range(let a, _, _, _): return [a]
    case .not(let e): return e.attributes
    case .and(let list), .or(let list): return list.flatMap(\.attributes)
    }
  }

  /// Algolia's syntax for this expression (values quoted when needed).
  public var text: String {
    // By scalars, as the parser reads: a combining mark after a backslash must not hide it.
    func quoted(_ v: String) -> String {
      let bare = v.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.".unicodeScalars.contains($0)
      }
      if bare && !v.isEmpty { return v }
      var out = String.UnicodeScalarView()
      out.append("\"")
      for scalar in v.unicodeScalars {
        if scalar == "\\" || scalar == "\"" { out.append("\\") }
        out.append(scalar)
      }
      out.append("\"")
      return String(out)
    }
    let number = Self.numberText
    switch self {
    case .facet(let a, let v, _): return "\(quoted(a)):\(quoted(v))"
    case .numeric(let a, let c, let v, _): return "\(quoted(a)) \(c.rawValue) \(number(v))"
    case .range(let a, let l, let u, _): return "\(quoted(a)):\(number(l)) TO \(number(u))"
    case .not(let e): return "NOT " + e.parenthesizedText
    case .and(let list): return list.map(\.parenthesizedText).joined(separator: " AND ")
    case .or(let list): return list.map(\.parenthesizedText).joined(separator: " OR ")
    }
  }

  /// A number as filters (and JSON) write it: a whole number without a fraction.
  public static func numberText(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
  }

  var parenthesizedText: String {
    switch self {
    case .and(let list) where list.count > 1: return "(" + text + ")"
    case .or(let list) where list.count > 1: return "(" + text + ")"
    default: return text
    }
  }

  /// Parses `text`; a mistake is a `FilterError` with its column (1-based, in Unicode scalars).
  public static func parse(_ text: String) throws(FilterError) -> FilterExpression {
    var parser = FilterParser(text)
    return try parser.parse()
  }
}

/// A filter that cannot be used: where and why.
public struct FilterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// 1-based character column in the filter text.
  public var column: Int
  public var message: String

  public var description: String { "column \(column): \(message)" }
}

/// A recursive-descent parser over the filter's Unicode scalars. Scalars, not characters: a
/// combining mark after a quote or a colon would otherwise join it into one grapheme and hide the
/// delimiter (`"` + U+07FD is one `Character`), so that a printed filter would not parse back.
///
/// Each `NOT` and each `(` nests one level of recursion here, in the evaluation and in the
/// expression's own teardown; a filter nested deeper than `maxDepth` is refused with the column
/// where it went too deep, so that no text can exhaust the stack. Algolia's documented filters
/// never nest more than a few levels; 64 is far past any written by hand.
struct FilterParser {
  static let maxDepth = 64
  private let characters: [Unicode.Scalar]
  private var at = 0
  private var depth = 0

  init(_ text: String) { characters = Array(text.unicodeScalars) }

  mutating func parse() throws(FilterError) -> FilterExpression {
    skipSpaces()
    guard at < characters.count else { throw error("the filter is empty") }
    let expression = try parseOr()
    skipSpaces()
    guard at == characters.count else {
      throw error(characters[at] == ")" ? "')' without a matching '('" : "expected AND, OR or the end of the filter")
    }
    return expression
  }

  private func error(_ message: String, at column: Int? = nil) -> FilterError {
    FilterError(column: (column ?? at) + 1, message: message)
  }

  private mutating func skipSpaces() {
    while at < characters.count && characters[at].properties.isWhitespace { at += 1 }
  }

  /// Whether the upper-case keyword is next (as a whole word); consumes it if so.
  private mutating func keyword(_ word: String) -> Bool {
    skipSpaces()
    let letters = Array(word.unicodeScalars)
    guard at + letters.count <= characters.count, Array(characters[at..<(at + letters.count)]) == letters else {
      return false
    }
    let end = at + letters.count
    if end < characters.count && !characters[end].properties.isWhitespace && characters[end] != "("
      && characters[end] != ")"
    {
      return false
    }
    at = end
    return true
  }

  private mutating func parseOr() throws(FilterError) -> FilterExpression {
    var list = [try parseAnd()]
    while keyword("OR") { list.append(try parseAnd()) }
    return list.count == 1 ? list[0] : .or(list)
  }

  private mutating func parseAnd() throws(FilterError) -> FilterExpression {
    var list = [try parseNot()]
    while keyword("AND") { list.append(try parseNot()) }
    return list.count == 1 ? list[0] : .and(list)
  }

  private mutating func parseNot() throws(FilterError) -> FilterExpression {
    skipSpaces()
    let column = at
    if keyword("NOT") { return .not(try nested(at: column) { (p) throws(FilterError) in try p.parseNot() }) }
    return try parsePrimary()
  }

  /// Parses one level deeper, or refuses a filter nested past `maxDepth`.
  private mutating func nested(
    at column: Int, _ parse: (inout FilterParser) throws(FilterError) -> FilterExpression
  ) throws(FilterError) -> FilterExpression {
    guard depth < Self.maxDepth else {
      throw error("the filter nests NOT and parentheses more than \(Self.maxDepth) levels deep", at: column)
    }
    depth += 1
    defer { depth -= 1 }
    return try parse(&self)
  }

  private mutating func parsePrimary() throws(FilterError) -> FilterExpression {
    skipSpaces()
    guard at < characters.count else { throw error("expected a condition such as brand:Apple or price < 500") }
    if characters[at] == "(" {
      let open = at
      at += 1
      let inner = try nested(at: open) { (p) throws(FilterError) in try p.parseOr() }
      skipSpaces()
      guard at < characters.count, characters[at] == ")" else { throw error("'(' is never closed", at: open) }
      at += 1
      return inner
    }
    let column = at
    let attribute = try parseWord(what: "an attribute name")
    skipSpaces()
    guard at < characters.count else {
      throw error("expected ':' or a comparison (<, <=, =, !=, >=, >) after '\(attribute)'")
    }
    if characters[at] == ":" {
      at += 1
      skipSpaces()
      let valueColumn = at
      let value = try parseWord(what: "a value after '\(attribute):'")
      if keyword("TO") {
        let lower = try number(value, at: valueColumn, "a range needs numbers: '\(value)' TO …")
        skipSpaces()
        let upperColumn = at
        let upperText = try parseWord(what: "a number after TO")
        let upper = try number(upperText, at: upperColumn, "a range needs numbers: … TO '\(upperText)'")
        return .range(attribute: attribute, lower: lower, upper: upper, column: column + 1)
      }
      return .facet(attribute: attribute, value: value, column: column + 1)
    }
    var op = ""
    while at < characters.count && "<>=!".unicodeScalars.contains(characters[at]) {
      op.unicodeScalars.append(characters[at])
      at += 1
    }
    guard let comparison = FilterExpression.Comparison(rawValue: op) else {
      throw error(
        op.isEmpty
          ? "expected ':' or a comparison (<, <=, =, !=, >=, >) after '\(attribute)'" : "unknown comparison '\(op)'",
        at: op.isEmpty ? at : at - op.count)
    }
    skipSpaces()
    let numberColumn = at
    let text = try parseWord(what: "a number after '\(op)'")
    let value = try number(text, at: numberColumn, "'\(text)' is not a number")
    return .numeric(attribute: attribute, comparison: comparison, value: value, column: column + 1)
  }

  /// `text` as a number, or `message` at `column`.
  private func number(_ text: String, at column: Int, _ message: String) throws(FilterError) -> Double {
    guard let value = Double(text), !value.isNaN else { throw error(message, at: column) }
    return value
  }

  /// A bare word (up to a space, a parenthesis, ':' or a comparison) or a quoted string.
  private mutating func parseWord(what: String) throws(FilterError) -> String {
    guard at < characters.count else { throw error("expected \(what)") }
    let quote = characters[at]
    if quote == "\"" || quote == "'" {
      let open = at
      at += 1
      var out = ""
      while at < characters.count && characters[at] != quote {
        if characters[at] == "\\" && at + 1 < characters.count { at += 1 }
        out.unicodeScalars.append(characters[at])
        at += 1
      }
      guard at < characters.count else { throw error("a quote is never closed", at: open) }
      at += 1
      return out
    }
    var out = ""
    while at < characters.count {
      let c = characters[at]
      if c.properties.isWhitespace || c == "(" || c == ")" || c == ":" || "<>=!".unicodeScalars.contains(c) { break }
      out.unicodeScalars.append(c)
      at += 1
    }
    guard !out.isEmpty else { throw error("expected \(what)") }
    return out
  }
}
