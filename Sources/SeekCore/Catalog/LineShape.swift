import Foundation
import SearchEngine
import SeekApp

/// fzf's `--ansi`, `-d/--delimiter`, `-n/--nth` and `--with-nth`: what a line read becomes.
///
/// A plain line is one attribute, `text`: searched, shown and printed. A shaped line keeps the
/// line as read in `line` (printed on accept, `{}` in commands) and shows `text`: the line with
/// its colour sequences taken out (`--ansi`) and only the fields `--with-nth` names. `--nth`
/// limits the search to some fields of `text`, kept in `fields` (searched; their matches are
/// highlighted in `text`, where they lie).
///
/// Fields are fzf's: without a delimiter, AWK's (a run of non-blanks and the blanks after it,
/// blanks before the first field dropped); with one, what precedes each delimiter, the
/// delimiter included. A delimiter is a literal string unless it has a regular expression's
/// special characters (`[:/]`, `\s+`), as fzf takes a regular expression.
public struct LineShape: Sendable, Equatable {
  public var ansi = false
  public var delimiter: String? = nil {
    didSet { regex = Self.regex(delimiter) }
  }
  /// The delimiter as a regular expression, compiled once (fields are cut for every line read).
  private(set) var regex: NSRegularExpression? = nil
  public var nth: [FieldRange] = []
  public var withNth: [FieldRange] = []
  /// `--with-nth '{2} {1}.'`: the line shown is the template, its fields filled in (fzf 0.60's
  /// templates); `withNth` is then empty.
  public var withNthTemplate: String? = nil
  /// The fields may change while the app runs (`change-nth`, `change-with-nth`,
  /// `change-header-lines` are bound): every line is shaped, searched in `fields` (the whole text
  /// shown when no `--nth` names fields), and known by the line as read. A plain line costs one
  /// value; a shaped one three, so only a run that may reshape pays for it.
  public var reshapes = false

  public init(ansi: Bool = false, delimiter: String? = nil, nth: [FieldRange] = [], withNth: [FieldRange] = []) {
    self.ansi = ansi
    self.delimiter = delimiter
    self.regex = Self.regex(delimiter)
    self.nth = nth
    self.withNth = withNth
  }

  /// Nothing to do: the line is its own record.
  public var isPlain: Bool { !reshapes && !ansi && nth.isEmpty && withNth.isEmpty && withNthTemplate == nil }

  /// Whether the searched fields are an attribute of their own (`--nth`, or fields that may change).
  private var keepsFields: Bool { !nth.isEmpty || reshapes }

  public static let shownAttribute = "text"
  public static let lineAttribute = "line"
  public static let fieldsAttribute = "fields"

  /// The record's attributes, in the order `values(of:)` gives them.
  public var attributes: [String] {
    if isPlain { return [Self.shownAttribute] }
    return [Self.shownAttribute, Self.lineAttribute] + (keepsFields ? [Self.fieldsAttribute] : [])
  }

  /// The attribute searched.
  public var searchedAttribute: String { keepsFields ? Self.fieldsAttribute : Self.shownAttribute }

  /// The record of one line: shown text, the line, and the searched fields (see `attributes`).
  public func values(of line: String) -> [String] {
    if isPlain { return [line] }
    var shown = ansi ? AnsiText.stripped(line) : line
    if let template = withNthTemplate {
      shown = AcceptedFields.fill(template, shown, self)
    } else if !withNth.isEmpty {
      shown = select(withNth, from: shown)
    }
    guard keepsFields else { return [shown, line] }
    return [shown, line, nth.isEmpty ? shown : searched(nth, from: shown)]
  }

  /// The same shape with fzf's `--nth` and `--with-nth` given anew, as fzf writes them (`2,3..`,
  /// a template `{2} {1}`; empty: none); nil when one is not valid.
  public func reshaped(nth nthText: String, withNth withNthText: String) -> LineShape? {
    var shape = self
    if nthText.isEmpty {
      shape.nth = []
    } else {
      guard let ranges = FieldRange.parseList(nthText) else { return nil }
      shape.nth = ranges
    }
    shape.withNth = []
    shape.withNthTemplate = nil
    if let ranges = FieldRange.parseList(withNthText) {
      shape.withNth = ranges
    } else if !withNthText.isEmpty {
      guard AcceptedFields(withNthText) != nil else { return nil }
      shape.withNthTemplate = withNthText
    }
    return shape
  }

  /// A `--header-lines` line as shown: `--with-nth`'s fields (fzf's), its colours kept for
  /// the header's renderer.
  public func header(of line: String) -> String {
    if let template = withNthTemplate { return AcceptedFields.fill(template, line, self) }
    return withNth.isEmpty ? line : select(withNth, from: line)
  }

  /// The fields `--nth` searches: each range's, one part per range, parts separated by
  /// `MatchOptions.partSeparator` — fzf matches a term within one range, so ranges that overlap
  /// (`-n2..,..`, fzf's CTRL-R) neither repeat a field into one text (`e3d` found `3 echo 2nd`
  /// across `echo 2nd` + `3 echo 2nd`) nor lose an anchor (`^fzf_cmd_` at the start of field 2).
  func searched(_ ranges: [FieldRange], from text: String) -> String {
    guard ranges.count > 1 else { return select(ranges, from: text) }
    // The fields cut once, each range's joined from them (a million lines read: no second cut).
    let all = fields(of: text)
    var out = ""
    for (i, range) in ranges.enumerated() {
      if i > 0 { out.unicodeScalars.append(UnicodeScalar(MatchOptions.partSeparator)) }
      var part = Substring()
      for field in range.resolve(count: all.count).map({ all[$0] }) { part += field }
      out += trimmedField(part)
    }
    return out
  }

  /// The fields of `text` (each with its delimiter or trailing blanks).
  public func fields(of text: String) -> [Substring] {
    guard let delimiter, !delimiter.isEmpty else { return Self.awkFields(text) }
    // One ASCII byte (a tab, a comma, a colon): cut on the bytes, not by a Foundation search
    // per field (`-d '\t' -n2..` read 1.1M lines in 4.5 s, fzf in 0.7 s).
    if regex == nil, delimiter.utf8.count == 1, let byte = delimiter.utf8.first, byte < 0x80 {
      return Self.fields(of: text, byte: byte)
    }
    if let pattern = regex {
      let whole = NSRange(text.startIndex..., in: text)
      var out: [Substring] = []
      var start = text.startIndex
      for match in pattern.matches(in: text, range: whole) where match.range.length > 0 {
        guard let range = Range(match.range, in: text) else { continue }
        out.append(text[start..<range.upperBound])
        start = range.upperBound
      }
      if start < text.endIndex { out.append(text[start...]) }
      return out
    }
    var out: [Substring] = []
    var rest = text[...]
    while let range = rest.range(of: delimiter) {
      out.append(rest[..<range.upperBound])
      rest = rest[range.upperBound...]
    }
    if !rest.isEmpty { out.append(rest) }
    return out
  }

  /// Whether `text` ends with a literal delimiter: fzf then counts one more, empty, field after
  /// it (`--freeze-right`).
  public func endsWithLiteralDelimiter(_ text: String) -> Bool {
    guard let delimiter, !delimiter.isEmpty, regex == nil else { return false }
    return text.hasSuffix(delimiter)
  }

  /// The delimiter that ends `field` (a field as `fields(of:)` cuts it): its trailing blanks
  /// without a delimiter; nil when nothing ends it.
  public func lastDelimiter(of field: String) -> String? {
    guard let delimiter, !delimiter.isEmpty else {
      let blanks = field.reversed().prefix { $0 == " " || $0 == "\t" }
      return blanks.isEmpty ? nil : String(blanks.reversed())
    }
    if let pattern = regex {
      let whole = NSRange(field.startIndex..., in: field)
      guard let match = pattern.matches(in: field, range: whole).last, let range = Range(match.range, in: field),
        range.upperBound == field.endIndex
      else { return nil }
      return String(field[range])
    }
    return field.hasSuffix(delimiter) ? delimiter : nil
  }

  /// Fields ended by one ASCII byte, each with it (the last one without, when the text does not
  /// end with it).
  static func fields(of text: String, byte: UInt8) -> [Substring] {
    var out: [Substring] = []
    let utf8 = text.utf8
    var start = utf8.startIndex
    var i = start
    while i != utf8.endIndex {
      let next = utf8.index(after: i)
      if utf8[i] == byte {
        out.append(text[start..<next])
        start = next
      }
      i = next
    }
    if start != utf8.endIndex { out.append(text[start...]) }
    return out
  }

  /// The fields `ranges` name, joined as they stand in the text, the last one's delimiter (or
  /// trailing blanks) removed; `asPrinted` (`--accept-nth`): the blanks before a delimiter of
  /// one's own kept, as fzf prints them.
  public func select(_ ranges: [FieldRange], from text: String, asPrinted: Bool = false) -> String {
    let all = fields(of: text)
    var out = ""
    for range in ranges {
      for field in range.resolve(count: all.count).map({ all[$0] }) { out += field }
    }
    return trimmedField(Substring(out), trimsBlanks: !asPrinted || (delimiter == nil && regex == nil))
  }

  /// One field as a placeholder gives it (`{2}`): without its delimiter and surrounding blanks;
  /// `asPrinted` (`--accept-nth`'s template): blanks kept where a delimiter of one's own ends it,
  /// as fzf prints it (`foo  ,bar` with `-d,`: `foo  `).
  public func field(_ range: FieldRange, of text: String, asPrinted: Bool = false) -> String {
    let all = fields(of: text)
    let trims = !asPrinted || (delimiter == nil && regex == nil)
    return range.resolve(count: all.count).map { trimmedField(all[$0], trimsBlanks: trims) }.joined(separator: " ")
  }

  /// A field without the delimiter that ends it, and (`trimsBlanks`) the blanks around it.
  func trimmedField(_ field: Substring, trimsBlanks: Bool = true) -> String {
    var value = field
    if let delimiter, !delimiter.isEmpty, regex == nil, value.hasSuffix(delimiter) {
      value = value.dropLast(delimiter.count)
    } else if let pattern = regex {
      let text = String(value)
      if let match = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).last,
        let range = Range(match.range, in: text), range.upperBound == text.endIndex
      {
        value = Substring(text[..<range.lowerBound])
      }
    }
    return trimsBlanks ? String(value).trimming(" \t") : String(value)
  }

  /// AWK's fields: a run of non-blanks and the blanks after it; blanks before the first dropped.
  static func awkFields(_ text: String) -> [Substring] {
    var out: [Substring] = []
    var start: String.Index? = nil
    var inBlanks = false
    var i = text.startIndex
    while i < text.endIndex {
      let blank = text[i] == " " || text[i] == "\t"
      if let s = start {
        if !blank && inBlanks {
          out.append(text[s..<i])
          start = i
          inBlanks = false
        } else if blank {
          inBlanks = true
        }
      } else if !blank {
        start = i
      }
      i = text.index(after: i)
    }
    if let s = start { out.append(text[s...]) }
    return out
  }

  /// `delimiter` as a regular expression, when it has a regular expression's special characters.
  static func regex(_ delimiter: String?) -> NSRegularExpression? {
    guard let delimiter, delimiter.contains(where: { "[]()*+?{}|^$\\.".contains($0) }) else { return nil }
    return try? NSRegularExpression(pattern: delimiter)
  }
}
