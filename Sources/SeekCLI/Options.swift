import SearchEngine
import SeekApp
import SeekCore
import SeekShared
import SeekTerminal

/// Everything the command line can say. Parsed by `Options.parse`, which knows every flag.
public struct Options: Equatable {
  public var catalogPath: String?
  /// `--sql 'select …'`: the catalog is this query's rows, from the PostgreSQL URI named as the catalog.
  public var sql: String?
  /// What a streamed catalog is called (its store and shared list are named after it).
  public var streamName = "stdin"
  public var filter: String?
  public var page = 0
  public var hitsPerPage = 20
  /// Whether `--page` or `--hits-per-page` was given: without them, `--filter` on lines prints
  /// every match (fzf's `--filter`).
  public var pagingGiven = false
  public var json = false
  public var help = false
  public var version = false
  public var catalog = CatalogSettings()
  public var suggestionsPath: String?
  /// `--suggest`: suggestions for lines too (records always have them), generated from the lines.
  public var suggest = false
  public var suggestionsMinHits = 5
  public var suggestionsExclude: [String] = []
  public var storePath: String?
  public var checked = false
  public var uncheckAll = false
  /// `--no-learn`: picks are neither recorded nor ranked.
  public var noLearn = false
  /// `--forget-picks`, `--add-pick TITLE` (with `-q QUERY`): the pick log, for scripts (as
  /// `zoxide remove` and `zoxide add`).
  public var forgetPicks = false
  public var addPick: String? = nil
  public var query = ""
  public var printQuery = false
  public var field: String?
  public var selectOne = false
  public var exitZero = false
  public var height: String?
  public var noStore = false
  /// `--store postgres://…`: the list is shared through PostgreSQL (the local store stays where it
  /// would be without it).
  public var sharedStore: PostgresAddress?
  /// `--store-list NAME`: the shared list's name (default: the catalog's name).
  public var storeList: String?
  /// `--filters`: Algolia filter syntax (checked against the catalog's facets when searching).
  public var filters: FilterExpression?
  public var filtersText: String?
  public var facets: [String] = []
  public var sort: SortOrder?
  /// `--enter accept|submit`: nil = the default of the kind of input.
  public var enterAccepts: Bool?
  /// `--create`: offer the create row for lines too.
  public var create = false
  /// `-m`, `--multi[=N]`: rows carry check boxes (fzf's marks), at most N of them.
  public var multi = false
  /// `--cycle` (fzf's).
  public var cycle = false
  /// `--prompt STR` (fzf's).
  public var prompt: String? = nil
  /// `--keep-right`, `--no-hscroll` (fzf's).
  public var overflow = Elision.Keep.matchesAndEnds
  /// `--margin`, `--border[=STYLE]`, `--border-label`, `--padding` (fzf's).
  public var surround = Surround()
  /// fzf's `--multi-line`: an item's line breaks start rows (fzf's default; Seek draws ␊).
  public var multiLine = false
  /// `--marker-multi-line` (fzf's): a checked item's first, middle and last rows (nil: ╻┃╹).
  public var markerMultiLine: [String]? = nil
  /// `--pointer STR`, `--marker STR` (fzf's).
  public var pointer = ">"
  public var marker: String? = nil
  /// Whose screen is drawn: fzf's when run as `fzf` (`Options(face:)`).
  public var look = ScreenLook.seek
  /// fzf's `--gutter STR`, `--separator STR`; `--no-unicode` draws them (and fzf's default
  /// pointer and marker) in ASCII.
  public var gutter = " "
  public var separator = "─"
  public var unicode = true
  /// fzf's `--scrollbar[=CHAR]`, `--no-scrollbar`: drawn in fzf's look only.
  public var scrollbar: String? = nil
  /// fzf's `--scroll-off N` (fzf's default 3; Seek's 0).
  public var scrollOff = 0
  /// fzf's `--ellipsis STR`, `--hscroll-off N`, `--tabstop N`: how fzf's look draws a line.
  public var ellipsis = "··"
  public var hscrollOff = 10
  public var tabstop = 8
  /// fzf's `--ghost TEXT`: shown dim on the empty query line.
  public var ghost = ""
  /// fzf's `--gap[=N]` and `--gap-line[=STR]`: rows after each item, the last drawn with this
  /// text repeated (empty: blank).
  public var gap = 0
  public var gapLine = "┈"
  /// fzf's `--preview-label` and `--preview-label-pos`: text on the preview's border.
  public var previewLabel = ""
  /// fzf's `--min-height N[+]`: the least rows of a `--height` given as a percentage, the other
  /// sections' rows added to N with `+` (nil: Seek's own rule, three rows).
  public var minHeight: MinHeight? = nil
  /// The border a bare `--border` draws: rounded, or `--style full:BORDER`'s.
  public var borderStyle = Border.rounded
  /// fzf's `--wrap-sign` and `--preview-wrap-sign`.
  public var wrapSign: String? = nil
  public var previewWrapSign: String? = nil
  public var previewLabelPosition = LabelPosition()
  /// fzf's section borders and their labels' places (`--list-border`, …, `--style full`), and
  /// the labels.
  public var sections = SectionStyle()
  public var sectionLabels = SectionLabels()
  /// fzf's `--info=inline:PREFIX`.
  public var inlineInfoPrefix: String? = nil
  /// `--man` (fzf's): the man page shown, and exit.
  public var man = false
  /// fzf's `--popup`, `--tmux`: asked for a floating pane (Seek draws in its own pane).
  public var popup = false
  /// fzf's `--no-clear`: `--height`'s last frame stays on screen at exit.
  public var noClear = false
  /// fzf's `--filepath-word`: word motions and kills stop at `/` only.
  public var filepathWord = false
  /// fzf's `--no-input`: the query line hidden, closed to typing.
  public var noInput = false
  /// fzf's `--info-command`: its first line in the counts' place.
  public var infoCommand: String? = nil
  /// `--completion SHELL`: print the completion of Seek's own flags for that shell, and exit.
  public var completion: ShellIntegration.Shell? = nil
  /// `--bash`, `--zsh`, `--fish`: print that shell's key bindings and completion, and exit.
  public var shellIntegration: ShellIntegration.Shell? = nil
  /// `--jump-labels CHARS` (fzf's): the labels `jump` puts on the rows.
  public var jumpLabels: [Character]? = nil
  public var multiMax: Int? = nil
  /// `--delete-created TITLE`: deletes a created item (for scripts).
  public var deleteCreated: String?
  /// `--preview CMD` and `--preview-window SPEC`.
  public var preview: String?
  /// The input is lines (set by `Plan`): to a program, `--filter` prints each as it was read,
  /// byte for byte (`--ansi`: without its colour sequences), as fzf does.
  public var printsLinesAsRead = false
  /// `--no-color` (fzf's): no colours, as `NO_COLOR` says.
  public var noColor = false
  /// fzf's `--track`: the cursor follows its line as the list changes.
  public var track = false
  /// fzf's `--id-nth`: the fields that name a line across reloads (empty: none).
  public var identityFields: [FieldRange] = []
  /// `--accept-nth`: the fields of a line printed (nil: the whole line).
  public var acceptNth: AcceptedFields?
  /// `--with-shell`: what commands run with (nil: `$SHELL -c`).
  public var withShell: CommandShell?
  public var previewWindow = DetailsPlacement()
  /// `-e`/`--exact`, `-i`, `+i` (fzf's); the fuzzy tier is set by the kind of input (lines).
  public var matching = MatchOptions()
  /// `--settings FILE`: the catalog's settings from this file (any catalog: a pipe, a table, a
  /// query), over the file beside the catalog, under the flags.
  public var settingsPath: String? = nil
  /// fzf's `--scheme`: `history` ties go by input order, not length (unless `--tiebreak` says).
  public var scheme = "default"
  /// `-f` says `nbHits: N` on standard error after the hits; fzf's says nothing there.
  public var saysCountOnStandardError = true
  /// `--no-mouse` (fzf's).
  public var noMouse = false
  /// `--read0`, `--print0` (fzf's): items end with NUL, not a newline, read and printed.
  public var read0 = false
  public var print0 = false
  /// `--header STR` (fzf's): shown under the query, one line per line of STR.
  public var header: String? = nil
  /// `--footer STR` (fzf's): shown at the list's far end, one line per line of STR.
  public var footer: String? = nil
  /// `--header-first` (fzf's): the header before the query line.
  public var headerFirst = false
  /// `--header-lines N` (fzf's): the first N lines of piped input are a header.
  public var headerLines = 0
  /// The lines `--header-lines` took from an input read whole before the app starts (`-1`,
  /// `-0`, `--sync`): they stay the input's, after `--header`'s (set by the reading).
  public var inputHeader: [String] = []
  /// `--info STYLE`, `--no-info` (fzf's).
  public var info = InfoStyle.line
  /// `--layout`, `--reverse` (fzf's); Seek's default is fzf's `reverse`.
  public var layout = ListLayout.reverse
  /// `--ansi`, `-d`, `-n/--nth`, `--with-nth` (fzf's): what a line becomes.
  public var lineShape = LineShape()
  /// `--freeze-left`, `--freeze-right` (fzf's): fields kept on screen (their delimiter is set
  /// from `lineShape` when the app starts).
  public var frozen = FrozenFields()
  /// `--nth` and `--with-nth` as written (fzf's `FZF_NTH`, `FZF_WITH_NTH`; "" when not given).
  public var nthText = ""
  public var withNthText = ""
  /// `--disabled`, `--phony` (fzf's): the query searches nothing (a bound `reload` does).
  public var searchDisabled = false
  /// `+s`, `--no-sort` (fzf's): matches in input order, not ranked.
  public var noSort = false
  /// `--history FILE`, `--history-size N` (fzf's).
  public var historyPath: String? = nil
  public var historySize = HistoryFile.defaultLimit
  /// `--bind` (fzf's): keys' actions, and events'. A later binding of a key wins.
  public var keyBindings: [KeyBinding] = []
  public var eventBindings: [BindEvent: [BindAction]] = [:]
  /// fzf's `every(N)` event: actions done every N seconds.
  public var timerBindings: [TimerBinding] = []
  /// Whether a binding changes the lines' fields (`change-nth`, `change-with-nth`,
  /// `change-header-lines`, their `transform-` kin): the lines then keep them (`LineShape.reshapes`).
  public var bindsReshaping: Bool {
    let actions =
      keyBindings.flatMap(\.actions) + eventBindings.values.flatMap { $0 } + timerBindings.flatMap(\.actions)
    return actions.contains { $0.reshapesLines }
  }

  public struct KeyBinding: Equatable {
    public var key: KeyName.NamedKey
    public var actions: [BindAction]
  }
  /// `--expect KEYS` (fzf's): keys that accept, their name printed before the items.
  public var expect: [KeyName.NamedKey] = []
  /// `--sync` (fzf's): the whole input is read before the interface starts.
  public var sync = false
  /// Bare `seek`'s file list (fzf's `--walker`, `--walker-skip`, `--walker-root`).
  public var walker = FileWalker.Options()
  public var walkerRoot = "."
  public init() {}

  public var inputDelimiter: UInt8 { read0 || walkedInput ? 0 : 0x0A }
  /// What ends an item a `reload` reads: `--read0`'s NUL, else a line break (Seek's own walk
  /// of the files ends its paths with NUL, a reload's command its lines as it writes them).
  public var reloadDelimiter: UInt8 { read0 ? 0 : 0x0A }
  /// The input is Seek's own walk of the files (no pipe, no `FZF_DEFAULT_COMMAND`): its paths
  /// end with NUL, as a name may hold a line break.
  public var walkedInput = false
  public var outputTerminator: String { print0 ? "\0" : "\n" }

  public enum ParseError: Error, Equatable, CustomStringConvertible {
    case unknownFlag(String)
    case missingValue(String)
    case invalidValue(flag: String, value: String, expected: String)
    case extraArgument(String)
    /// A value that parses but is refused (why, without repeating it: it may hold a secret).
    case refused(flag: String, reason: String)
    case invalidFilter(text: String, error: FilterError)

    public var description: String {
      switch self {
      case .unknownFlag(let f): return "unknown option: \(f) (see seek --help)"
      case .missingValue(let f): return "option '\(f)' needs a value"
      case .invalidValue(let f, let v, let e): return "invalid value '\(v)' for \(f): expected \(e)"
      case .extraArgument(let a): return "unexpected argument '\(a)': one catalog at most"
      case .refused(let f, let reason): return "\(f): \(reason)"
      case .invalidFilter(let text, let error):
        return "--filters: \(error)\n  \(text)\n  \(String(repeating: " ", count: max(0, error.column - 1)))^"
      }
    }
  }

  /// Parses arguments (without the program name). `--flag=value` and `--flag value` both work.
  public static func parse(_ arguments: [String], into start: Options = Options()) throws(ParseError) -> Options {
    var o = start
    var i = 0
    var positionalOnly = false
    while i < arguments.count {
      var argument = arguments[i]
      // A value attached to a short option, as fzf takes it: `-fQUERY`, `-q55`.
      var attached: String? = nil
      if !positionalOnly, argument.count > 2, !argument.hasPrefix("--"), argument.hasPrefix("-"),
        Flag.shortNamesWithValues.contains(String(argument.prefix(2)))
      {
        attached = String(argument.dropFirst(2))
        argument = String(argument.prefix(2))
      }
      if positionalOnly || !(argument.hasPrefix("-") || Flag.plusNames.contains(argument)) || argument == "-" {
        guard o.catalogPath == nil else { throw .extraArgument(argument) }
        o.catalogPath = argument
        i += 1
        continue
      }
      if argument == "--" {
        positionalOnly = true
        i += 1
        continue
      }
      var name = argument
      var inline: String? = attached
      if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<eq])
        inline = String(argument[argument.index(after: eq)...])
      }
      guard let flag = Flag.byName[name] else { throw .unknownFlag(name) }
      var reader = FlagReader(arguments: arguments, index: i, flag: name, inline: inline)
      try flag.apply(&o, &reader)
      i = reader.index + 1
    }
    // fzf's rule: an inline header takes the input's header lines inline with it, or alone.
    if o.sections.header == .inline, let lines = o.sections.headerLines, lines != .inline, lines != .none {
      throw .refused(
        flag: "--header-border", reason: "--header-border=inline requires --header-lines-border to be inline or unset")
    }
    return o
  }

  /// One flag being read: its value (attached, or the next argument), as text, a number or a list.
  public struct FlagReader {
    public let arguments: [String]
    /// The flag's argument; past its value once `value` took the next one.
    public var index: Int
    public let flag: String
    public let inline: String?

    public mutating func value() throws(ParseError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw .missingValue(flag) }
      return arguments[index]
    }

    /// The value read by `parse`; a value it does not read is refused, saying what was `expected`.
    public mutating func value<T>(_ parse: (String) -> T?, expected: String) throws(ParseError) -> T {
      let text = try value()
      guard let parsed = parse(text) else { throw .invalidValue(flag: flag, value: text, expected: expected) }
      return parsed
    }

    /// fzf's optional value: attached (`--border=sharp`), or the next argument when `fits` takes
    /// it (`--border sharp`; a catalog named after the flag stays the catalog), else nil.
    public mutating func optionalValue(fits: (String) -> Bool) -> String? {
      if let inline { return inline }
      guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-"), fits(arguments[index + 1]) else {
        return nil
      }
      index += 1
      return arguments[index]
    }

    /// fzf's optional number (`-m 3`, `--multi 3`): the next argument when it is a whole number
    /// of at least `min` (taken), else nil (left, the flag stands alone).
    public mutating func optionalNumber(min: Int) -> Int? {
      guard inline == nil, index + 1 < arguments.count, let n = Int(arguments[index + 1]), n >= min else { return nil }
      index += 1
      return n
    }

    public func number(_ text: String, min: Int) throws(ParseError) -> Int {
      guard let n = Int(text), n >= min else {
        throw .invalidValue(flag: flag, value: text, expected: "a whole number ≥ \(min)")
      }
      return n
    }

    public func list(_ text: String) -> [String] {
      text.split(separator: ",").map { String($0).trimming(" ") }.filter { !$0.isEmpty }
    }
  }

  /// The longest `--store-list` name, in UTF-8 bytes.
  public static let longestListName = 256

  /// Splits an option string the way a shell would for simple cases: spaces separate, single and
  /// double quotes group, backslash escapes (for `SEEK_DEFAULT_OPTS`).
  public static func shellWords(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character? = nil
    var escape = false
    for c in text {
      if escape {
        // Within double quotes a backslash escapes only $ ` " \ and a line break (POSIX, and
        // fzf's shell words): `--delimiter="\t"` keeps its `\t`, which the flag reads as a tab.
        if quote == "\"" && !"$`\"\\\n".contains(c) { current.append("\\") }
        current.append(c)
        escape = false
        continue
      }
      if c == "\\" && quote != "'" {
        escape = true
        inWord = true
        continue
      }
      if let q = quote {
        if c == q { quote = nil } else { current.append(c) }
        continue
      }
      if c == "'" || c == "\"" {
        quote = c
        inWord = true
      } else if c == " " || c == "\t" || c == "\n" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(c)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }
}

extension Options {
  /// `--checked`, `--uncheck-all`, `--delete-created`, `--forget-picks`, `--add-pick`: the store
  /// is read or written, and the app is not started.
  public var isStoreCommand: Bool {
    checked || uncheckAll || deleteCreated != nil || forgetPicks || addPick != nil
  }

  /// The app is started (no `--filter`, no store command).
  public var startsTheApp: Bool { filter == nil && !isStoreCommand }

  /// `-f` and `-q` cut to the app's longest query (`SearchState.maxQueryCharacters`), as typing is:
  /// a query of thousands of words is not a search anyone means, and each word costs a lookup.
  /// Returns what was cut, to be said on standard error.
  public mutating func boundQueries() -> [String] {
    let limit = SearchState.maxQueryCharacters
    var notes: [String] = []
    if let text = filter, text.count > limit {
      filter = String(text.prefix(limit))
      notes.append("the --filter query is cut to its first \(limit) characters (of \(text.count))")
    }
    if query.count > limit {
      notes.append("the --query is cut to its first \(limit) characters (of \(query.count))")
      query = String(query.prefix(limit))
    }
    return notes
  }
}

extension Options {
  /// The options before any flag: fzf's screen, layout and signs when run as `fzf`.
  public init(face: Face) {
    guard face == .fzf else { return }
    look = .fzf(separator: true)
    layout = .bottomUp
    pointer = "▌"
    marker = "┃"
    gutter = "▌"
    scrollbar = "│"
    scrollOff = 3
    multiLine = true
    minHeight = MinHeight(rows: 10, addsSections: true)
    matching.wordTiersFirst = false
    saysCountOnStandardError = false
  }

  /// A checked item's signs for its first, middle and last rows, as fzf pads them: the
  /// narrower of them and `--marker` take blanks to the wider's width; an empty `--marker` with
  /// no signs given leaves them empty too.
  public var drawnMultiLineMarkers: (marker: String?, multiLine: [String]) {
    let marker = drawnSigns.marker
    var signs = markerMultiLine ?? (marker == "" ? ["", "", ""] : unicode ? ["╻", "┃", "╹"] : [".", "|", "'"])
    guard let marker else { return (nil, signs) }
    let widths = (signs: signs.map(DisplayWidth.of).max() ?? 0, marker: DisplayWidth.of(marker))
    if widths.signs > widths.marker {
      return (marker + String(repeating: " ", count: widths.signs - widths.marker), signs)
    }
    signs = signs.map { $0 + String(repeating: " ", count: widths.marker - DisplayWidth.of($0)) }
    return (marker, signs)
  }

  /// The pointer, marker, gutter and rule as drawn: fzf's Unicode signs become ASCII with
  /// `--no-unicode` (signs the user chose stay).
  public var drawnSigns: (pointer: String, marker: String?, gutter: String, separator: String, scrollbar: String?) {
    guard !unicode else { return (pointer, marker, gutter, separator, scrollbar) }
    func ascii(_ sign: String, _ unicodeDefault: String, _ replacement: String) -> String {
      sign == unicodeDefault ? replacement : sign
    }
    return (
      ascii(pointer, "▌", ">"), marker.map { ascii($0, "┃", ">") }, ascii(gutter, "▌", " "),
      ascii(separator, "─", "-"), scrollbar.map { ascii($0, "│", "|") }
    )
  }
}
