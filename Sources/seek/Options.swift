import SearchEngine
import SeekApp
import SeekCore
import SeekTerminal

/// Everything the command line can say. Parsed by `Options.parse`, which knows every flag.
struct Options: Equatable {
  var catalogPath: String?
  /// `--sql 'select …'`: the catalog is this query's rows, from the PostgreSQL URI named as the catalog.
  var sql: String?
  /// What a streamed catalog is called (its store and shared list are named after it).
  var streamName = "stdin"
  var filter: String?
  var page = 0
  var hitsPerPage = 20
  /// Whether `--page` or `--hits-per-page` was given: without them, `--filter` on lines prints
  /// every match (fzf's `--filter`).
  var pagingGiven = false
  var json = false
  var help = false
  var version = false
  var catalog = CatalogSettings()
  var suggestionsPath: String?
  /// `--suggest`: suggestions for lines too (records always have them), generated from the lines.
  var suggest = false
  var suggestionsMinHits = 5
  var suggestionsExclude: [String] = []
  var storePath: String?
  var checked = false
  var uncheckAll = false
  /// `--no-learn`: picks are neither recorded nor ranked.
  var noLearn = false
  /// `--forget-picks`, `--add-pick TITLE` (with `-q QUERY`): the pick log, for scripts (as
  /// `zoxide remove` and `zoxide add`).
  var forgetPicks = false
  var addPick: String? = nil
  var query = ""
  var printQuery = false
  var field: String?
  var selectOne = false
  var exitZero = false
  var height: String?
  var noStore = false
  /// `--store postgres://…`: the list is shared through PostgreSQL (the local store stays where it
  /// would be without it).
  var sharedStore: PostgresAddress?
  /// `--store-list NAME`: the shared list's name (default: the catalog's name).
  var storeList: String?
  /// `--filters`: Algolia filter syntax (checked against the catalog's facets when searching).
  var filters: FilterExpression?
  var filtersText: String?
  var facets: [String] = []
  var sort: SortOrder?
  /// `--enter accept|submit`: nil = the default of the kind of input.
  var enterAccepts: Bool?
  /// `--create`: offer the create row for lines too.
  var create = false
  /// `-m`, `--multi[=N]`: rows carry check boxes (fzf's marks), at most N of them.
  var multi = false
  /// `--cycle` (fzf's).
  var cycle = false
  /// `--prompt STR` (fzf's).
  var prompt: String? = nil
  /// `--keep-right`, `--no-hscroll` (fzf's).
  var overflow = Elision.Keep.matchesAndEnds
  /// `--border[=STYLE]` (fzf's).
  var border = Border.none
  /// `--pointer STR`, `--marker STR` (fzf's).
  var pointer = ">"
  var marker: String? = nil
  /// Whose screen is drawn: fzf's when run as `fzf` (`Options(face:)`).
  var look = ScreenLook.seek
  /// fzf's `--gutter STR`, `--separator STR`; `--no-unicode` draws them (and fzf's default
  /// pointer and marker) in ASCII.
  var gutter = " "
  var separator = "─"
  var unicode = true
  /// fzf's `--scrollbar[=CHAR]`, `--no-scrollbar`: drawn in fzf's look only.
  var scrollbar: String? = nil
  /// fzf's `--scroll-off N` (fzf's default 3; Seek's 0).
  var scrollOff = 0
  /// fzf's `--ellipsis STR`, `--hscroll-off N`, `--tabstop N`: how fzf's look draws a line.
  var ellipsis = "··"
  var hscrollOff = 10
  var tabstop = 8
  /// fzf's `--ghost TEXT`: shown dim on the empty query line.
  var ghost = ""
  /// fzf's `--info=inline:PREFIX`.
  var inlineInfoPrefix: String? = nil
  /// fzf's `--info-command`: its first line in the counts' place.
  var infoCommand: String? = nil
  /// `--bash`, `--zsh`, `--fish`: print that shell's key bindings and completion, and exit.
  var shellIntegration: ShellIntegration.Shell? = nil
  /// `--jump-labels CHARS` (fzf's): the labels `jump` puts on the rows.
  var jumpLabels: [Character]? = nil
  var multiMax: Int? = nil
  /// `--delete-created TITLE`: deletes a created item (for scripts).
  var deleteCreated: String?
  /// `--preview CMD` and `--preview-window SPEC`.
  var preview: String?
  /// The input is lines (set by `Plan`): to a program, `--filter` prints each as it was read,
  /// byte for byte (`--ansi`: without its colour sequences), as fzf does.
  var printsLinesAsRead = false
  /// `--no-color` (fzf's): no colours, as `NO_COLOR` says.
  var noColor = false
  /// `--accept-nth`: the fields of a line printed (nil: the whole line).
  var acceptNth: AcceptedFields?
  /// `--with-shell`: what commands run with (nil: `$SHELL -c`).
  var withShell: CommandShell?
  var previewWindow = DetailsPlacement()
  /// `-e`/`--exact`, `-i`, `+i` (fzf's); the fuzzy tier is set by the kind of input (lines).
  var matching = MatchOptions()
  /// `--settings FILE`: the catalog's settings from this file (any catalog: a pipe, a table, a
  /// query), over the file beside the catalog, under the flags.
  var settingsPath: String? = nil
  /// fzf's `--scheme`: `history` ties go by input order, not length (unless `--tiebreak` says).
  var scheme = "default"
  /// `-f` says `nbHits: N` on standard error after the hits; fzf's says nothing there.
  var saysCountOnStandardError = true
  /// `--no-mouse` (fzf's).
  var noMouse = false
  /// `--read0`, `--print0` (fzf's): items end with NUL, not a newline, read and printed.
  var read0 = false
  var print0 = false
  /// `--header STR` (fzf's): shown under the query, one line per line of STR.
  var header: String? = nil
  /// `--header-first` (fzf's): the header before the query line.
  var headerFirst = false
  /// `--header-lines N` (fzf's): the first N lines of piped input are a header.
  var headerLines = 0
  /// `--info STYLE`, `--no-info` (fzf's).
  var info = InfoStyle.line
  /// `--layout`, `--reverse` (fzf's); Seek's default is fzf's `reverse`.
  var layout = ListLayout.reverse
  /// `--ansi`, `-d`, `-n/--nth`, `--with-nth` (fzf's): what a line becomes.
  var lineShape = LineShape()
  /// `--disabled`, `--phony` (fzf's): the query searches nothing (a bound `reload` does).
  var searchDisabled = false
  /// `+s`, `--no-sort` (fzf's): matches in input order, not ranked.
  var noSort = false
  /// `--history FILE`, `--history-size N` (fzf's).
  var historyPath: String? = nil
  var historySize = HistoryFile.defaultLimit
  /// `--bind` (fzf's): keys' actions, and events'. A later binding of a key wins.
  var keyBindings: [KeyBinding] = []
  var eventBindings: [BindEvent: [BindAction]] = [:]
  struct KeyBinding: Equatable {
    var key: KeyName.NamedKey
    var actions: [BindAction]
  }
  /// `--expect KEYS` (fzf's): keys that accept, their name printed before the items.
  var expect: [KeyName.NamedKey] = []
  /// `--sync` (fzf's): the whole input is read before the interface starts.
  var sync = false
  /// Bare `seek`'s file list (fzf's `--walker`, `--walker-skip`, `--walker-root`).
  var walker = FileWalker.Options()
  var walkerRoot = "."
  var inputDelimiter: UInt8 { read0 ? 0 : 0x0A }
  var outputTerminator: String { print0 ? "\0" : "\n" }

  enum ParseError: Error, Equatable, CustomStringConvertible {
    case unknownFlag(String)
    case missingValue(String)
    case invalidValue(flag: String, value: String, expected: String)
    case extraArgument(String)
    /// A value that parses but is refused (why, without repeating it: it may hold a secret).
    case refused(flag: String, reason: String)
    case invalidFilter(text: String, error: FilterError)

    var description: String {
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
  static func parse(_ arguments: [String], into start: Options = Options()) throws(ParseError) -> Options {
    var o = start
    var i = 0
    var positionalOnly = false
    while i < arguments.count {
      var argument = arguments[i]
      // fzf's `+i` (respect case).
      if !positionalOnly && argument == "+i" {
        o.matching.caseMatching = .respect
        i += 1
        continue
      }
      // fzf's `+s` (no sort).
      if !positionalOnly && argument == "+s" {
        o.noSort = true
        i += 1
        continue
      }
      // A value attached to a short option, as fzf takes it: `-fQUERY`, `-q55`.
      var attached: String? = nil
      if !positionalOnly, argument.count > 2, !argument.hasPrefix("--"), argument.hasPrefix("-"),
        Self.shortOptionsWithValues.contains(String(argument.prefix(2)))
      {
        attached = String(argument.dropFirst(2))
        argument = String(argument.prefix(2))
      }
      if positionalOnly || !(argument.hasPrefix("-") || Self.plusFlags.contains(argument)) || argument == "-" {
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
      var flag = argument
      var inline: String? = attached
      if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        flag = String(argument[..<eq])
        inline = String(argument[argument.index(after: eq)...])
      }
      var reader = FlagReader(arguments: arguments, index: i, flag: flag, inline: inline)
      guard try applyFlag(&o, &reader) else { throw .unknownFlag(flag) }
      i = reader.index
      i += 1
    }
    return o
  }

  /// What is searched and how, and what is printed: `--filter`, paging, matching (fzf's `-e`, `-i`, `--tiebreak`, `--no-sort`), how lines are read and shaped. False when the flag is not one of these.
  private static func applyQueryFlag(_ o: inout Options, _ r: inout FlagReader) throws(ParseError) -> Bool {
    switch r.flag {
    case "-h", "--help": o.help = true
    case "--version": o.version = true
    case "-f", "--filter": o.filter = try r.value()
    case "--page":
      o.page = try r.number(try r.value(), min: 0)  // from 0, as Algolia's `page`
      o.pagingGiven = true
    case "--hits-per-page":
      o.hitsPerPage = try r.number(try r.value(), min: 1)
      o.pagingGiven = true
    case "--json": o.json = true
    case "-q", "--query": o.query = try r.value()
    case "--print-query": o.printQuery = true
    case "--field": o.field = try r.value()
    case "-1", "--select-1": o.selectOne = true
    case "-0", "--exit-0": o.exitZero = true
    case "--tiebreak":
      o.catalog.tiebreak = try r.value(
        Tiebreak.parseList, expected: "a list of length, index, name, begin, end and chunk, e.g. begin,length")
    case "--tac": o.catalog.reverseInputOrder = true
    case "-e", "--exact": o.matching.fuzzy = false
    case "+e", "--no-exact": o.matching.fuzzy = true
    case "-x", "--extended": o.matching.extended = true
    case "+x", "--no-extended": o.matching.extended = false
    // fzf's algorithms (v2 optimal, v1 faster) and scoring schemes: Seek's one matcher answers
    // every one of them; the values are checked so that a typo is said.
    case "--algo":
      _ = try r.value({ ["v1", "v2"].contains($0) ? $0 : nil }, expected: "v1 or v2")
    case "--scheme":
      o.scheme = try r.value(
        { ["default", "path", "history"].contains($0) ? $0 : nil }, expected: "default, path or history")
      o.matching.scheme = FuzzyScheme(rawValue: o.scheme) ?? .default
    case "--read0": o.read0 = true
    case "--sync": o.sync = true
    case "--no-sort": o.noSort = true
    case "--disabled", "--phony": o.searchDisabled = true
    case "--enabled", "--no-phony": o.searchDisabled = false
    case "--ansi": o.lineShape.ansi = true
    case "--no-ansi": o.lineShape.ansi = false
    case "-d", "--delimiter":
      let text = try r.value()
      guard !text.isEmpty else {
        throw .invalidValue(flag: r.flag, value: text, expected: "a string or a regular expression")
      }
      // fzf's `-d '\t'`: a tab, written as the shell passes it.
      o.lineShape.delimiter = text == "\\t" ? "\t" : text
    case "-n", "--nth", "--with-nth":
      let text = try r.value()
      if r.flag == "--with-nth", FieldRange.parseList(text) == nil, AcceptedFields(text) != nil {
        o.lineShape.withNthTemplate = text  // fzf's template: `{2} {1}.`
        o.lineShape.withNth = []
        return true
      }
      guard let ranges = FieldRange.parseList(text) else {
        throw .invalidValue(
          flag: r.flag, value: text, expected: "field indexes such as 1, -1, 2.., ..3, 1..-2, comma-separated")
      }
      if r.flag == "--with-nth" { o.lineShape.withNth = ranges } else { o.lineShape.nth = ranges }
    case "--print0": o.print0 = true
    case "--accept-nth":
      o.acceptNth = try r.value(
        { AcceptedFields($0) }, expected: "field indexes such as 1,3 or 2.., or a template such as '{1} {3}'")
    case "-i", "--ignore-case": o.matching.caseMatching = .ignore
    case "--no-ignore-case": o.matching.caseMatching = .respect
    case "--smart-case": o.matching.caseMatching = .smart
    default: return false
    }
    return true
  }

  /// How records are read and ranked: attributes, facets, filters, sort, custom ranking, format. False when the flag is not one of these.
  private static func applyRecordsFlag(_ o: inout Options, _ r: inout FlagReader) throws(ParseError) -> Bool {
    switch r.flag {
    case "--searchable": o.catalog.searchableAttributes = r.list(try r.value())
    case "--title": o.catalog.titleAttribute = try r.value()
    case "--id-field": o.catalog.objectIDAttribute = try r.value()
    case "--distinct":
      // ATTRIBUTE or ATTRIBUTE:N (Algolia's attributeForDistinct and distinct).
      let text = try r.value()
      let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
      guard let name = parts.first, !name.isEmpty,
        let perValue = parts.count == 2 ? Int(parts[1]) : 1, (0...100).contains(perValue)
      else { throw .invalidValue(flag: r.flag, value: text, expected: "ATTRIBUTE or ATTRIBUTE:N, N from 0 to 100") }
      o.catalog.attributeForDistinct = name
      o.catalog.distinct = perValue
    case "--display": o.catalog.displayAttributes = r.list(try r.value())
    case "--facets-attributes": o.catalog.attributesForFaceting = r.list(try r.value())
    case "--facets": o.facets = r.list(try r.value())
    case "--filters":
      let text = try r.value()
      do {
        o.filters = try FilterExpression.parse(text)
        o.filtersText = text
      } catch {
        throw .invalidFilter(text: text, error: error)
      }
    case "--sort": o.sort = try r.value(SortOrder.init(parsing:), expected: "attribute:asc or attribute:desc")
    case "--ranking":
      let text = try r.value()
      var rules: [CustomRanking] = []
      for part in r.list(text) {
        guard let rule = CustomRanking(parsing: part) else {
          throw .invalidValue(flag: r.flag, value: part, expected: "desc(attribute) or asc(attribute)")
        }
        rules.append(rule)
      }
      o.catalog.customRanking = rules
    case "--format":
      o.catalog.format = try r.value(CatalogFormat.init(rawValue:), expected: "json, jsonl, csv, tsv or lines")
    case "--strict": o.catalog.strict = true
    default: return false
    }
    return true
  }

  /// The store and what is learned or kept in it; what Enter and the marks do. False when the flag is not one of these.
  private static func applyStoreFlag(_ o: inout Options, _ r: inout FlagReader) throws(ParseError) -> Bool {
    switch r.flag {
    case "--suggestions": o.suggestionsPath = try r.value()
    case "--settings": o.settingsPath = try r.value()
    case "--no-create": o.catalog.create = false
    case "--no-create-on-enter": o.catalog.createOnEnter = false
    case "--suggest": o.suggest = true
    case "--suggestions-min-hits":
      o.suggestionsMinHits = try r.number(try r.value(), min: 0)
    case "--suggestions-exclude": o.suggestionsExclude = r.list(try r.value())
    case "--store":
      let value = try r.value()
      if PostgresAddress.isAddress(value) {
        do { o.sharedStore = try PostgresAddress(value) } catch {
          throw .refused(flag: r.flag, reason: error.description)
        }
      } else {
        o.storePath = value
      }
    case "--store-list":
      let name = try r.value()
      // The name travels in every row's key and in each change notification (at most 8,000
      // bytes, and a key at most ~2,700): a longer one could never be sent.
      guard !name.isEmpty, name.utf8.count <= Self.longestListName else {
        throw .invalidValue(
          flag: r.flag, value: String(name.prefix(40)), expected: "a name of 1 to \(Self.longestListName) bytes")
      }
      o.storeList = name
    case "--sql": o.sql = try r.value()
    case "--no-store": o.noStore = true
    case "--no-learn": o.noLearn = true
    case "--forget-picks": o.forgetPicks = true
    case "--add-pick": o.addPick = try r.value()
    case "--checked": o.checked = true
    case "--uncheck-all": o.uncheckAll = true
    case "--enter":
      let text = try r.value()
      guard text == "accept" || text == "submit" else {
        throw .invalidValue(flag: r.flag, value: text, expected: "accept or submit")
      }
      o.enterAccepts = text == "accept"
    case "--create": o.create = true
    case "--cycle": o.cycle = true
    case "-m", "--multi":
      o.multi = true
      if let inline = r.inline {
        o.multiMax = try r.number(inline, min: 1)
      } else if let most = r.optionalNumber(min: 1) {
        o.multiMax = most
      }
    case "+m", "--no-multi":
      o.multi = false
      o.multiMax = nil
    case "--delete-created": o.deleteCreated = try r.value()
    case "--history": o.historyPath = try r.value()
    case "--no-history": o.historyPath = nil
    case "--history-size": o.historySize = try r.number(try r.value(), min: 1)
    default: return false
    }
    return true
  }

  /// How the screen looks: prompt, border, pointer, preview, header, info line, layout, height. False when the flag is not one of these.
  private static func applyScreenFlag(_ o: inout Options, _ r: inout FlagReader) throws(ParseError) -> Bool {
    switch r.flag {
    case "--prompt": o.prompt = try r.value()
    case "--border":
      // fzf's optional value: only attached (`--border=sharp`); alone, rounded.
      guard let text = r.inline else {
        o.border = .rounded
        break
      }
      guard let style = Border(rawValue: text) else {
        throw .invalidValue(
          flag: r.flag, value: text,
          expected: Border.allCases.map(\.rawValue).joined(separator: ", "))
      }
      o.border = style
    case "--no-border": o.border = .none
    case "--keep-right": o.overflow = .end
    case "--no-hscroll": o.overflow = .start
    case "--hscroll": o.overflow = .matchesAndEnds
    case "--pointer", "--marker":
      let text = try r.value()
      guard DisplayWidth.of(text) <= 2 else {
        throw .invalidValue(flag: r.flag, value: text, expected: "at most two columns, e.g. '▶'")
      }
      if r.flag == "--pointer" { o.pointer = text } else { o.marker = text }
    case "--preview": o.preview = try r.value()
    case "--no-preview": o.preview = nil
    // fzf's colour spec (`--color=dark,fg:#d0d0d0,…`) is read, so that an fzf setup does not stop
    // at it; Seek draws with its own colours. `--no-color` is `NO_COLOR`.
    case "--color": _ = try r.value({ $0.isEmpty ? nil : $0 }, expected: "a colour spec such as dark or fg:#d0d0d0")
    case "--no-color": o.noColor = true
    // fzf's scrollbar and gutter (fzf's test suite sets them in FZF_DEFAULT_OPTS for every
    // test): read, so that an fzf setup runs; Seek draws its own list.
    case "--no-scrollbar": o.scrollbar = nil
    case "--scrollbar":
      if let inline = r.inline, DisplayWidth.of(inline) > 2 {
        throw .invalidValue(flag: r.flag, value: inline, expected: "one or two characters")
      }
      o.scrollbar = r.inline.flatMap { $0.first.map(String.init) } ?? "│"
    case "--gutter":
      let text = try r.value()
      guard DisplayWidth.of(text) <= 2 else {
        throw .invalidValue(flag: r.flag, value: text, expected: "at most two columns, e.g. ' '")
      }
      o.gutter = text
    case "--separator":
      o.separator = try r.value()
      if o.look.isFzf { o.look = .fzf(separator: !o.separator.isEmpty) }
    case "--no-separator":
      if o.look.isFzf { o.look = .fzf(separator: false) }
    case "--scroll-off": o.scrollOff = try r.number(try r.value(), min: 0)
    case "--hscroll-off": o.hscrollOff = try r.number(try r.value(), min: 0)
    case "--tabstop": o.tabstop = try r.number(try r.value(), min: 1)
    case "--ellipsis": o.ellipsis = try r.value()
    case "--ghost": o.ghost = try r.value()
    // fzf draws a line holding line breaks on several rows unless told not to; Seek draws one
    // row a line (`␊` for a break), as fzf's `--no-multi-line`.
    case "--multi-line", "--no-multi-line": break
    // Seek's current line is always highlighted whole (fzf's `--highlight-line`), and draws a line
    // on one row (`--wrap-sign` is for wrapped ones); `--min-height` bounds fzf's `--height ~N`.
    case "--highlight-line", "--no-highlight-line", "--wrap", "--no-wrap": break
    case "--wrap-sign", "--min-height", "--preview-wrap-sign": _ = try r.value()
    // fzf's columns kept in sight while a wide line scrolls: read (Seek scrolls the whole line).
    case "--freeze-left", "--freeze-right": _ = try r.number(try r.value(), min: 0)
    case "--bash", "--zsh", "--fish": o.shellIntegration = ShellIntegration.Shell(rawValue: String(r.flag.dropFirst(2)))
    case "--unicode": o.unicode = true
    case "--no-unicode": o.unicode = false
    case "--with-shell":
      let words = shellWords(try r.value())
      guard !words.isEmpty else { throw .invalidValue(flag: r.flag, value: "", expected: "a shell, e.g. 'bash -c'") }
      o.withShell = CommandShell(words: words)
    case "--preview-window":
      o.previewWindow = try r.value(
        { DetailsPlacement.parse($0) },
        expected: "right, down, up, N% (10–90), hidden, wrap, follow, +N, border styles, e.g. right:50%")
    case "--header": o.header = try r.value()
    case "--header-first": o.headerFirst = true
    case "--header-lines": o.headerLines = try r.number(try r.value(), min: 0)
    case "--no-info": o.info = .hidden
    case "--info-command": o.infoCommand = try r.value()
    case "--info":
      let text = try r.value()
      let style = text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? text
      switch style {
      case "default": o.info = .line
      case "right": o.info = .lineRight
      case "inline":
        o.info = .inline(right: false)
        if let colon = text.firstIndex(of: ":") { o.inlineInfoPrefix = String(text[text.index(after: colon)...]) }
      case "inline-right": o.info = .inline(right: true)
      case "hidden": o.info = .hidden
      default:
        throw .invalidValue(flag: r.flag, value: text, expected: "default, inline, inline-right, right or hidden")
      }
    case "--reverse": o.layout = .reverse
    case "--no-reverse": o.layout = .bottomUp
    case "--layout": o.layout = try r.value(ListLayout.init(rawValue:), expected: "default, reverse or reverse-list")
    case "--height":
      let text = try r.value()
      // fzf's `~N`: at most N lines (Seek takes N).
      let size = text.hasPrefix("~") ? String(text.dropFirst()) : text
      let digits = size.hasSuffix("%") ? String(size.dropLast()) : size
      guard let n = Int(digits), n > 0 else {
        throw .invalidValue(flag: r.flag, value: text, expected: "a number of lines or a percentage, e.g. 10 or 40%")
      }
      o.height = size
    default: return false
    }
    return true
  }

  /// Keys: `--bind`, `--expect`, jump labels, the mouse. False when the flag is not one of these.
  private static func applyKeysFlag(_ o: inout Options, _ r: inout FlagReader) throws(ParseError) -> Bool {
    switch r.flag {
    case "--jump-labels":
      let text = try r.value()
      let labels = Array(text)
      guard !labels.isEmpty, Set(labels).count == labels.count,
        labels.allSatisfy({
          $0 != " " && SafeText.sanitized(String($0)) == String($0) && DisplayWidth.of(String($0)) == 1
        })
      else { throw .invalidValue(flag: r.flag, value: text, expected: "distinct printable one-column characters") }
      o.jumpLabels = labels
    case "--no-mouse": o.noMouse = true
    case "--walker":
      let skip = o.walker.skip
      o.walker = try r.value(
        { FileWalker.Options(walker: $0, skip: skip) }, expected: "a list of file, dir, follow and hidden")
    case "--walker-skip": o.walker.skip = Set(r.list(try r.value()))
    case "--walker-root": o.walkerRoot = try r.value()
    // fzf's old spelling of `--bind KEY:toggle-sort`.
    case "--toggle-sort":
      let key = try r.value()
      guard let keys = KeyName.keys(key) else {
        throw .invalidValue(flag: r.flag, value: key, expected: "a key name, e.g. ctrl-r")
      }
      o.keyBindings.append(KeyBinding(key: .init(name: key, keys: keys), actions: [.toggleSort]))
    case "--bind":
      let text = try r.value()
      let bindings: [BindSpec.Binding]
      do { bindings = try BindSpec.parse(text) } catch {
        throw .invalidValue(flag: r.flag, value: text, expected: "KEY:ACTION[+ACTION], as fzf's (\(error))")
      }
      for binding in bindings {
        if let event = BindEvent(rawValue: binding.trigger) {
          o.eventBindings[event] = binding.actions
        } else if binding.trigger == "double-click" {
          // Not a key the terminal sends: `TerminalApp` tells a double click from two clicks.
          o.keyBindings.append(KeyBinding(key: .init(name: "double-click", keys: []), actions: binding.actions))
        } else if let keys = KeyName.keys(binding.trigger) {
          o.keyBindings.append(KeyBinding(key: .init(name: binding.trigger, keys: keys), actions: binding.actions))
        } else {
          throw .invalidValue(
            flag: r.flag, value: binding.trigger,
            expected: "a key (ctrl-x, alt-x, f1, enter, …) or an event (start, change, …)")
        }
      }
    case "--expect":
      let text = try r.value()
      switch KeyName.parseList(text) {
      case .success(let keys): o.expect += keys
      case .failure(let unknown):
        throw .invalidValue(flag: r.flag, value: unknown.name, expected: "a key name such as ctrl-x, alt-x, f1, tab")
      }
    default: return false
    }
    return true
  }

  /// One flag being read: its value (attached, or the next argument), as text, a number or a list.
  struct FlagReader {
    let arguments: [String]
    /// The flag's argument; past its value once `value` took the next one.
    var index: Int
    let flag: String
    let inline: String?

    mutating func value() throws(ParseError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw .missingValue(flag) }
      return arguments[index]
    }

    /// The value read by `parse`; a value it does not read is refused, saying what was `expected`.
    mutating func value<T>(_ parse: (String) -> T?, expected: String) throws(ParseError) -> T {
      let text = try value()
      guard let parsed = parse(text) else { throw .invalidValue(flag: flag, value: text, expected: expected) }
      return parsed
    }

    /// fzf's optional number (`-m 3`, `--multi 3`): the next argument when it is a whole number
    /// of at least `min` (taken), else nil (left, the flag stands alone).
    mutating func optionalNumber(min: Int) -> Int? {
      guard inline == nil, index + 1 < arguments.count, let n = Int(arguments[index + 1]), n >= min else { return nil }
      index += 1
      return n
    }

    func number(_ text: String, min: Int) throws(ParseError) -> Int {
      guard let n = Int(text), n >= min else {
        throw .invalidValue(flag: flag, value: text, expected: "a whole number ≥ \(min)")
      }
      return n
    }

    func list(_ text: String) -> [String] {
      text.split(separator: ",").map { String($0).trimming(" ") }.filter { !$0.isEmpty }
    }
  }

  /// A flag, by concern; false for one no concern knows.
  private static func applyFlag(_ o: inout Options, _ r: inout FlagReader) throws(ParseError) -> Bool {
    if try applyQueryFlag(&o, &r) { return true }
    if try applyRecordsFlag(&o, &r) { return true }
    if try applyStoreFlag(&o, &r) { return true }
    if try applyScreenFlag(&o, &r) { return true }
    return try applyKeysFlag(&o, &r)
  }

  /// The longest `--store-list` name, in UTF-8 bytes.
  static let longestListName = 256

  /// fzf's options that turn one off with a `+` (`+e`, `+x`, `+m`); `+i` and `+s` are read first.
  static let plusFlags: Set<String> = ["+e", "+x", "+m"]

  /// Short options that take a value, which may be attached (`-fQUERY`).
  static let shortOptionsWithValues: Set<String> = ["-f", "-q", "-d", "-n"]

  /// Splits an option string the way a shell would for simple cases: spaces separate, single and
  /// double quotes group, backslash escapes (for `SEEK_DEFAULT_OPTS`).
  static func shellWords(_ text: String) -> [String] {
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
  var isStoreCommand: Bool {
    checked || uncheckAll || deleteCreated != nil || forgetPicks || addPick != nil
  }

  /// The app is started (no `--filter`, no store command).
  var startsTheApp: Bool { filter == nil && !isStoreCommand }

  /// `-f` and `-q` cut to the app's longest query (`SearchState.maxQueryCharacters`), as typing is:
  /// a query of thousands of words is not a search anyone means, and each word costs a lookup.
  /// Returns what was cut, to be said on standard error.
  mutating func boundQueries() -> [String] {
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
  init(face: Face) {
    guard face == .fzf else { return }
    look = .fzf(separator: true)
    layout = .bottomUp
    pointer = "▌"
    marker = "┃"
    gutter = "▌"
    scrollbar = "│"
    scrollOff = 3
    matching.wordTiersFirst = false
    saysCountOnStandardError = false
  }

  /// The pointer, marker, gutter and rule as drawn: fzf's Unicode signs become ASCII with
  /// `--no-unicode` (signs the user chose stay).
  var drawnSigns: (pointer: String, marker: String?, gutter: String, separator: String, scrollbar: String?) {
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
