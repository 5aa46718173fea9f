import SeekApp

/// fzf's `--accept-nth`: which fields of a line are printed when it is accepted (or matched by
/// `--filter`). A list (`1,3`, `2..`) joins the fields as they stand in the line, the last one's
/// delimiter removed (`ID002:Jane:Manager` with `-d: --accept-nth 1,3` prints `ID002:Manager`);
/// a template (`{1} // {1}`) puts each field, without its delimiter, in its place. Blanks are
/// trimmed for AWK's fields only (a delimiter of one's own keeps them, as fzf prints them).
public struct AcceptedFields: Sendable, Equatable {
  public enum Form: Sendable, Equatable {
    case list([FieldRange])
    case template(String)
  }

  public let form: Form

  /// nil when `text` is neither a field list nor a template holding one.
  public init?(_ text: String) {
    if let ranges = FieldRange.parseList(text) {
      form = .list(ranges)
    } else if text.contains("{") {
      form = .template(text)
    } else {
      return nil
    }
  }

  /// What is printed of `line`, split as `shape` splits it (its delimiter); `ordinal`: its place
  /// in the input (from 0), for a template's `{n}`.
  public func apply(to line: String, shape: LineShape, ordinal: Int? = nil) -> String {
    switch form {
    case .list(let ranges): return shape.select(ranges, from: line, asPrinted: true)
    case .template(let template): return Self.fill(template, line, shape, ordinal: ordinal)
    }
  }

  /// `{N}`, `{N..M}`, `{-1}`: the fields; `{n}`: the line's place in the input (fzf's); any other
  /// `{…}` is left as written.
  static func fill(_ template: String, _ line: String, _ shape: LineShape, ordinal: Int? = nil) -> String {
    var out = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      out += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      if let range = FieldRange(parsing: name) {
        out += shape.field(range, of: line, asPrinted: true)
      } else if name == "n", let ordinal {
        out += String(ordinal)
      } else {
        out += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return out + rest
  }
}
