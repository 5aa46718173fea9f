/// A command template (`--preview`, `execute`, `reload`, …) cut into text and fzf's placeholders,
/// as fzf 0.74 reads them:
///
///     {}  {1}  {-1}  {2..}  {1,3}      the current line, or fields of it (trimmed)
///     {+…}  {*…}                       the same for each selected line (else the current
///                                      one), or each matching line, space-separated
///     {s…}  {r…}  {f…}                 flags: blanks kept, not quoted, written to a file
///     {n}  {+n}  {*n}                  places in the input, from 0
///     {q}  {q:1}  {q:2..}              the query, or its fields
///     {fzf:query} {fzf:action} {fzf:prompt}
///     \{…}                             the placeholder's text itself
///
/// and Seek's `{attribute}` for records. A brace that starts none of these is text: `{{}-{+}}`
/// is a `{`, the current line, a `-`, the selected lines and a `}`.
public struct CommandTemplate: Sendable, Equatable {
  public enum Items: Sendable, Equatable {
    case current, selected, matched
  }

  public struct Placeholder: Sendable, Equatable {
    public var items = Items.current
    /// `r`: the value as it is, not quoted for the shell.
    public var raw = false
    /// `s`: fields keep their blanks.
    public var keepsBlanks = false
    /// `f`: a file holding the values, one a line, in the value's place.
    public var file = false
    /// `n`: the lines' places in the input instead of their text.
    public var ordinal = false
    /// Fields of the line (nil: the whole line).
    public var fields: [FieldRange]? = nil
  }

  public enum Part: Sendable, Equatable {
    case text(String)
    case line(Placeholder)
    /// `{q}` (nil) or `{q:2..}`; `keepsBlanks` for `{q:s2}`.
    case query(fields: [FieldRange]?, keepsBlanks: Bool)
    /// `{fzf:query}`, `{fzf:action}`, `{fzf:prompt}`.
    case fzf(String)
    /// Seek's `{attribute}`: a record's value.
    case attribute(String)
  }

  public let parts: [Part]

  public init(_ template: String) {
    var parts: [Part] = []
    var text = ""
    var rest = Substring(template)
    while let brace = rest.firstIndex(of: "{") {
      let escaped = brace > rest.startIndex && rest[rest.index(before: brace)] == "\\"
      let close = rest[brace...].firstIndex(of: "}")
      let part = close.flatMap { Self.part(String(rest[rest.index(after: brace)..<$0])) }
      guard let close, let part else {
        text += rest[...brace]
        rest = rest[rest.index(after: brace)...]
        continue
      }
      if escaped {
        text += rest[..<rest.index(before: brace)] + rest[brace...close]
      } else {
        text += rest[..<brace]
        if !text.isEmpty { parts.append(.text(text)) }
        text = ""
        parts.append(part)
      }
      rest = rest[rest.index(after: close)...]
    }
    text += rest
    if !text.isEmpty { parts.append(.text(text)) }
    self.parts = parts
  }

  /// Whether the template names the selected or the matching lines (their change runs a preview
  /// again).
  public var namesSeveralLines: Bool {
    parts.contains { if case .line(let p) = $0 { p.items != .current } else { false } }
  }

  /// Whether it names the query (`{q}`, `{q:2}`, `{fzf:query}`): it runs again as the query
  /// changes, where a command of the line alone does not.
  public var namesQuery: Bool {
    parts.contains {
      switch $0 {
      case .query, .fzf("query"): true
      default: false
      }
    }
  }

  /// Whether it names the marked lines (`{+}`): with some marked it runs with no current line, as
  /// fzf's preview does (`echo {}/{+}` on no match shows `/1 2`).
  public var namesMarks: Bool {
    parts.contains { if case .line(let p) = $0 { p.items == .selected } else { false } }
  }

  /// Whether it cannot be filled without a current line: it names that line (or a record's
  /// value, unless `attributes` is false: fzf has no `{name}`, so `change-header{hello}` in a
  /// command is text) and not the query (fzf leaves such a command unrun on no match).
  public func needsCurrentLine(attributes: Bool = true) -> Bool {
    !runsWithoutLine
      && parts.contains {
        switch $0 {
        case .line(let placeholder): placeholder.items == .current
        case .attribute: attributes
        default: false
        }
      }
  }

  /// Whether a preview of it runs with no line to show, as fzf's: when it names the query (the
  /// lines' placeholders then empty: `echo {} {q}`), or names no line at all (`echo
  /// $FZF_BORDER_LABEL`); `echo {}` alone does not run.
  public var runsWithoutLine: Bool {
    parts.allSatisfy {
      switch $0 {
      case .line, .attribute: false
      default: true
      }
    }
      || parts.contains {
        switch $0 {
        case .query, .fzf("query"): true
        default: false
        }
      }
  }

  /// fzf's `execute-multi`: `template` with every placeholder of the current line made one of
  /// the marks (`{}` → `{+}`, `{2}` → `{+2}`); escaped braces and other placeholders stay.
  public static func namingMarks(_ template: String) -> String {
    var out = ""
    var rest = Substring(template)
    while let brace = rest.firstIndex(of: "{") {
      out += rest[..<brace]
      let escaped = brace > rest.startIndex && rest[rest.index(before: brace)] == "\\"
      let inner = rest.index(after: brace)
      if !escaped, let close = rest[brace...].firstIndex(of: "}"),
        let placeholder = line(String(rest[inner..<close])), placeholder.items == .current
      {
        out += "{+" + rest[inner...close]
        rest = rest[rest.index(after: close)...]
      } else {
        out += "{"
        rest = rest[inner...]
      }
    }
    return out + rest
  }

  /// What the text between two braces names, if it is a placeholder.
  static func part(_ inner: String) -> Part? {
    if inner.hasPrefix("fzf:") {
      let name = String(inner.dropFirst(4))
      return ["query", "action", "prompt"].contains(name) ? .fzf(name) : nil
    }
    if inner == "q" { return .query(fields: nil, keepsBlanks: false) }
    if inner.hasPrefix("q:") {
      var spec = inner.dropFirst(2)
      let keepsBlanks = spec.hasPrefix("s")
      if keepsBlanks { spec = spec.dropFirst() }
      return FieldRange.parseList(String(spec)).map { .query(fields: $0, keepsBlanks: keepsBlanks) }
    }
    if let line = line(inner) { return .line(line) }
    let isName = !inner.isEmpty && inner.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    return isName ? .attribute(inner) : nil
  }

  /// `[+*]` then flags `s`, `f`, `r`, `n`, then field ranges (none: the whole line).
  private static func line(_ inner: String) -> Placeholder? {
    var placeholder = Placeholder()
    var rest = Substring(inner)
    if rest.hasPrefix("+") || rest.hasPrefix("*") {
      placeholder.items = rest.hasPrefix("+") ? .selected : .matched
      rest = rest.dropFirst()
    }
    while let flag = rest.first, "sfrn".contains(flag) {
      switch flag {
      case "s": placeholder.keepsBlanks = true
      case "f": placeholder.file = true
      case "r": placeholder.raw = true
      default: placeholder.ordinal = true
      }
      rest = rest.dropFirst()
    }
    guard !rest.isEmpty else { return placeholder }
    guard !placeholder.ordinal, rest.allSatisfy({ $0.isNumber || $0 == "," || $0 == "-" || $0 == "." }),
      let fields = FieldRange.parseList(String(rest))
    else { return nil }
    placeholder.fields = fields
    return placeholder
  }
}
