/// The details pane: the selected hit's record (every attribute, matched words highlighted, and
/// why it ranks where it does), or the output of `--preview CMD` for it.
public struct DetailsState: Sendable, Equatable {
  public var open = false
  /// fzf's `--preview-label` (and `change-preview-label`): text on the pane's border.
  public var label = ""
  /// First line shown (its own keys scroll it).
  public var scroll = 0
  /// What starts each further row of a wrapped line (fzf's `--preview-wrap-sign`, else
  /// `--wrap-sign`).
  public var wrapSign = "↳ "
  /// Where the pane goes and how big it is (`--preview-window`), as the screen's size makes it
  /// of `requestedPlacement` (its `<N(…)` alternative taken when the pane would be too small).
  public var placement = DetailsPlacement()
  /// The placement as asked (`--preview-window`, `change-preview-window`), its alternative with it.
  public var requestedPlacement = DetailsPlacement()
  /// The placement given at start (`--preview-window`): what `change-preview-window` changes.
  public var basePlacement = DetailsPlacement()
  /// `follow` (fzf's): the end of the output is on screen as it grows, until scrolled up.
  public var following = false
  /// How many times each `change-preview-window(a|b|…)` was done: its next alternative.
  public var placementTurns: [String: Int] = [:]
  /// `--preview CMD`: the pane shows the command's output instead of the record.
  public var command: String? = nil {
    didSet { template = command.map(CommandTemplate.init) }
  }
  /// `command` read once (what it names decides when it runs again), not on every key.
  public private(set) var template: CommandTemplate? = nil
  /// fzf's `preview(CMD)`: a command run once, for the line current when it was asked; and
  /// whether the pane shows such a command's output (with no `--preview`, it stays).
  public var oneOff: String? = nil
  public var showsOneOff = false
  /// Whether the pane shows a command's output (else the record's details).
  public var showsCommand: Bool { command != nil || showsOneOff }
  /// The hit the pane shows or is asked for (and the query it is highlighted for), and the
  /// revision of that request.
  public var shownFor: Shown? = nil
  public var revision = 0
  public var record: RecordDetails? = nil
  public var preview: PreviewOutput? = nil

  public struct Shown: Sendable, Equatable {
    public var objectID: String
    public var query: String
    /// The marked items, for a command that names them (`{+}`, `{*}`); empty otherwise.
    public var marked: [String] = []
  }

  public init() {}
}

/// `--preview-window right:50%|bottom:40%|hidden[,wrap]`.
public struct DetailsPlacement: Sendable, Equatable {
  /// fzf's `<N(OPTIONS)`: OPTIONS, over the rest, when the pane would be narrower than N
  /// columns (beside the list) or shorter than N rows (above or below it).
  public struct Alternative: Sendable, Equatable {
    public var threshold: Int
    public var options: String
  }
  public var alternative: Alternative? = nil
  /// Whether this placement is an alternative taken (the screen's size chose it).
  public var isAlternative = false

  /// `next` (fzf's): a section of its own beside the input, on the list's side.
  public enum Position: String, Sendable { case auto, right, left, bottom, top, next }
  public var position = Position.auto
  /// Share of the results area, in percent; nil = the default of the position.
  public var percent: Int? = nil
  /// fzf's absolute size (`down:5`, `right:~30`): rows above or below the results, columns
  /// beside them; over `percent`.
  public var cells: Int? = nil
  /// fzf's border around the preview (`border-sharp`, `noborder`, `border-left`, …): drawn in
  /// fzf's look (`rounded` when unsaid); Seek's own look draws its one separator line.
  public var border = "rounded"
  public var hidden = false
  /// fzf's size `0`: nothing shown, but the command still runs for each line (for what it does:
  /// `--preview-window 0 --preview 'env > file'`).
  public var zeroSize = false
  /// Wrap long lines of a preview (records are always wrapped); `wrapsWords` (fzf's `wrap-word`):
  /// at a blank where one is in reach.
  public var wrap = false
  public var wrapsWords = false
  /// `follow` (fzf's): the end of the output is shown, as `tail -f` shows a growing file.
  public var follow = false
  /// fzf's `info` (the default) and `noinfo`: the scroll indicator in the box's corner, or none.
  public var info = true
  /// `+N`, `+{2}`, `+{2}-5`, `+{2}-/2` (fzf's): the output is shown from a line — a number, or
  /// a field of the line (a match's line number from `grep -n`), less some lines, or centred.
  public var offset: PreviewOffset? = nil
  /// `~N` (fzf's): the output's first N lines stay at the top as the rest scrolls (a file's
  /// header, `git log`'s first lines).
  public var headerLines = 0

  public init() {}

  /// Parses fzf's syntax: comma- or colon-separated `right`, `bottom`/`down`, `up`/`top`, `N%`,
  /// `hidden`, `wrap` (`wrap-word`), `follow`, `+N`; fzf's border styles (`border-rounded`,
  /// `noborder`, …) are accepted, Seek drawing its one separator line. Nil for anything else.
  /// What `text` does not say is `base`'s.
  public static func parse(_ text: String, onto base: DetailsPlacement = DetailsPlacement()) -> DetailsPlacement? {
    var out = base
    var text = Substring(text)
    // `<N(OPTIONS)` ends the list: OPTIONS may hold commas.
    if let open = text.firstIndex(of: "<"), text.hasSuffix(")"),
      open == text.startIndex || text[text.index(before: open)] == ","
    {
      let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
      guard let paren = inner.firstIndex(of: "("), let threshold = Int(inner[..<paren]), threshold > 0,
        parse(String(inner[inner.index(after: paren)...])) != nil
      else { return nil }
      out.alternative = Alternative(threshold: threshold, options: String(inner[inner.index(after: paren)...]))
      text = text[..<open]
    }
    for part in text.split(separator: ",") {
      for piece in part.split(separator: ":") {
        let word = String(piece).trimming(" ")
        switch word {
        case "right": out.position = .right
        case "left": out.position = .left
        case "bottom", "down": out.position = .bottom
        case "up", "top": out.position = .top
        case "next": out.position = .next
        case "hidden": out.hidden = true
        case "nohidden": out.hidden = false
        // fzf's `default`: the options read before it are dropped.
        case "default": out = DetailsPlacement()
        case "wrap": (out.wrap, out.wrapsWords) = (true, false)
        case "wrap-word": (out.wrap, out.wrapsWords) = (true, true)
        case "nowrap": out.wrap = false
        case "follow": out.follow = true
        case "nofollow": out.follow = false
        // Borders (drawn in fzf's look) and fzf's scroll offset in the corner.
        case "border", "rounded": out.border = "rounded"
        case "sharp": out.border = "sharp"
        case "noborder": out.border = "none"
        case _ where word.hasPrefix("border-"):
          // fzf's styles; `inline` is a section's, never the preview's.
          guard Self.borderStyles.contains(String(word.dropFirst(7))) else { return nil }
          out.border = String(word.dropFirst(7))
        case "info": out.info = true
        case "noinfo": out.info = false
        case "cycle", "nocycle": break
        case _ where word.hasPrefix("+"):
          guard let offset = PreviewOffset(parsing: String(word.dropFirst())) else { return nil }
          out.offset = offset
        case _ where word.hasSuffix("%"):
          guard let n = Int(word.dropLast()), (1...100).contains(n) else { return nil }
          out.percent = n
          out.cells = nil
        case _ where word.hasPrefix("~"):
          guard let n = Int(word.dropFirst()), n >= 0 else { return nil }
          out.headerLines = n
        default:
          // fzf's `N`: a size in cells; `0` shows nothing.
          guard let n = Int(word), n >= 0 else { return nil }
          out.zeroSize = n == 0
          if n > 0 { out.cells = n }
        }
      }
    }
    return out
  }

  /// fzf's border styles a preview window takes (`border-STYLE`).
  static let borderStyles: Set<String> = [
    "rounded", "sharp", "bold", "block", "thinblock", "double", "dashed", "horizontal", "vertical", "top", "bottom",
    "left", "right", "line", "none",
  ]

  /// What this placement becomes on a finder's screen of `screen`: its alternative over it when
  /// the pane would be smaller than the alternative's threshold. The pane's size is fzf's rule
  /// (the size asked, its border with it, or its share of the screen); Seek's own look, which
  /// shrinks a pane on a small screen, may draw it a little smaller than this says.
  public func resolved(on screen: ScreenSize) -> DetailsPlacement {
    guard let alternative, takesAlternative(on: screen) else { return self }
    var base = self
    base.alternative = nil
    return Self.parse(alternative.options, onto: base) ?? base
  }

  /// This placement and its `<N(…)` alternative, the one that may be shown on any screen.
  public var chain: [DetailsPlacement] {
    guard let alternative else { return [self] }
    var base = self
    base.alternative = nil
    return [base] + (Self.parse(alternative.options, onto: base)?.chain ?? [])
  }

  /// Whether the pane would be smaller than the alternative's threshold on `screen`.
  public func takesAlternative(on screen: ScreenSize) -> Bool {
    guard let alternative else { return false }
    let across = position == .top || position == .bottom || position == .next
    let whole = across ? screen.rows : screen.columns
    let borderCells = border == "none" ? 0 : (across ? 2 : 4)
    return (cells.map { $0 + borderCells } ?? whole * (percent ?? 50) / 100) < alternative.threshold
  }
}

/// fzf's preview offset: `123`, `{2}`, `{2}-5`, `{2}-/2`, `123-/2` (what follows the `+`).
public struct PreviewOffset: Sendable, Equatable {
  public enum Base: Sendable, Equatable {
    case line(Int)
    /// A field of the current line (`--delimiter`'s), read as a number.
    case field(FieldRange)
  }
  public var base: Base
  /// Lines shown above the base line.
  public var minus = 0
  /// `-/2`: the base line in the middle of the pane.
  public var centered = false

  public init(base: Base, minus: Int = 0, centered: Bool = false) {
    self.base = base
    self.minus = minus
    self.centered = centered
  }

  public init?(parsing text: String) {
    var rest = Substring(text)
    if rest.hasPrefix("{") {
      guard let close = rest.firstIndex(of: "}"),
        let range = FieldRange(parsing: String(rest.dropFirst().prefix(upTo: close)))
      else { return nil }
      base = .field(range)
      rest = rest[rest.index(after: close)...]
    } else {
      let digits = rest.prefix { $0.isNumber }
      guard let n = Int(digits) else { return nil }
      base = .line(n)
      rest = rest.dropFirst(digits.count)
    }
    while !rest.isEmpty {
      if rest.hasPrefix("-/2") {
        centered = true
        rest = rest.dropFirst(3)
      } else if rest.hasPrefix("-"), let n = Int(rest.dropFirst().prefix { $0.isNumber }) {
        minus += n
        rest = rest.dropFirst(1 + String(n).count)
      } else {
        return nil
      }
    }
  }

  /// The first line shown (0-based) for a base line number (1-based) in a pane this high.
  public func firstLine(base line: Int, height: Int) -> Int {
    max(0, line - 1 - minus - (centered ? height / 2 : 0))
  }
}

/// A record as the details pane shows it.
public struct RecordDetails: Sendable, Equatable {
  public struct Field: Sendable, Equatable {
    public var name: String
    public var value: String
    /// Matched words (UTF-8 offsets of `value`).
    public var ranges: [Range<Int>]

    public init(name: String, value: String, ranges: [Range<Int>] = []) {
      self.name = name
      self.value = value
      self.ranges = ranges
    }
  }

  public var objectID: String
  public var fields: [Field]

  public init(objectID: String, fields: [Field]) {
    self.objectID = objectID
    self.fields = fields
  }
}

/// What a preview command printed: lines of styled runs (SGR colours kept, every other control
/// or escape sequence removed), its standard error (shown dimmed) and how it ended.
public struct PreviewOutput: Sendable, Equatable {
  public var lines: [[StyledRun]]
  public var errorLines: [String]
  /// nil while it runs; 0 = success.
  public var exitStatus: Int32?
  /// The command was ended (selection changed, took too long, or printed too much).
  public var note: String?
  /// `--preview-window +{2}`: the line number the offset counts from, for this hit.
  public var baseLine: Int? = nil

  public init(lines: [[StyledRun]] = [], errorLines: [String] = [], exitStatus: Int32? = nil, note: String? = nil) {
    self.lines = lines
    self.errorLines = errorLines
    self.exitStatus = exitStatus
    self.note = note
  }
}

/// A style over a UTF-8 range of a text (an `--ansi` line's colours).
public struct StyledRange: Sendable, Equatable {
  public var range: Range<Int>
  public var style: TextStyle

  public init(range: Range<Int>, style: TextStyle) {
    self.range = range
    self.style = style
  }
}

/// A piece of text in one style (from SGR sequences).
public struct StyledRun: Sendable, Equatable {
  public var text: String
  public var style: TextStyle

  public init(_ text: String, style: TextStyle = TextStyle()) {
    self.text = text
    self.style = style
  }
}

/// The SGR attributes Seek keeps: bold, dim, underline, reverse and the eight basic foreground
/// colours (bright ones folded onto them; 256-colour and RGB onto the nearest of the eight).
public struct TextStyle: Sendable, Equatable {
  public var bold = false
  public var dim = false
  public var underline = false
  public var reverse = false
  /// 0…7: black, red, green, yellow, blue, magenta, cyan, white; nil: default.
  public var color: UInt8? = nil

  public init(
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false, color: UInt8? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
    self.color = color
  }
}
