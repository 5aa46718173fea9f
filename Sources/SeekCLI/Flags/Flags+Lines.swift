import SearchEngine
import SeekApp
import SeekCore
import SeekTerminal

extension Flag {
  static let linesAndRecords = FlagGroup(
    "LINES AND RECORDS",
    intro: """
      Lines (a pipe, a plain-text file) are a list of choices, as in fzf: Enter accepts the selected \
      line (the top one from the query), ties go to the shorter line, then input order, and nothing \
      is kept from one run to the next unless --store is given. Records (JSON, JSON Lines, CSV, TSV) \
      follow InstantSearch: Enter in the query submits it and selects the first hit, Enter on a hit \
      accepts it, and a "create" row offers to add what is not there.
      """,
    enterAndCreate + signs + reading + lineShape + order + screen)

  private static let enterAndCreate: [Flag] = [
    Flag(
      ["--enter"], .required("accept|submit"),
      "what Enter in the query does (default: accept for lines, submit for records)",
      completes: .oneOf(["accept", "submit"])
    ) { o, r throws(Options.ParseError) in
      o.enterAccepts = try r.value(
        { ["accept": true, "submit": false][$0] }, expected: "accept or submit")
    },
    Flag(["--create"], "offer the create row for lines too (check boxes on)") { o, _ in o.create = true },
    Flag(["--no-create"], #"no create row (a catalog that is no list; "create": false)"#) { o, _ in
      o.catalog.create = false
    },
    Flag(
      ["--no-create-on-enter"],
      #"Enter on a query nothing matches submits it, creates nothing ("createOnEnter": false)"#
    ) { o, _ in o.catalog.createOnEnter = false },
    Flag(
      ["-m", "--multi"], .optional("N"),
      "lines: check boxes (fzf's marks; Tab toggles and moves down), at most N; accept prints the checked lines"
    ) { o, r throws(Options.ParseError) in
      o.multi = true
      if let inline = r.inline {
        o.multiMax = try r.number(inline, min: 1)
      } else if let most = r.optionalNumber(min: 1) {
        o.multiMax = most
      }
    },
    Flag(["+m", "--no-multi"], "no check boxes (undoes -m)") { o, _ in
      o.multi = false
      o.multiMax = nil
    },
  ]

  private static let signs: [Flag] = [
    Flag(["--prompt"], .required("STR"), #"what stands before the query (default "> ")"#) {
      o, r throws(Options.ParseError) in o.prompt = try r.value()
    },
    Flag(["--pointer"], .required("STR"), #"what marks the current line (default ">"), at most two columns"#) {
      o, r throws(Options.ParseError) in o.pointer = try Self.sign(&r)
    },
    Flag(
      ["--marker"], .required("STR"), "what marks a checked line (default: Seek's [x] boxes), at most two columns"
    ) { o, r throws(Options.ParseError) in o.marker = try Self.sign(&r) },
    Flag(["--jump-labels"], .required("CHARS"), "the labels the jump action puts on the rows (fzf's)") {
      o, r throws(Options.ParseError) in
      o.jumpLabels = try r.value(Self.jumpLabels, expected: "distinct printable one-column characters")
    },
    Flag(["--cycle"], "Down past the last result goes to the first, Up above it to the last") { o, _ in
      o.cycle = true
    },
    Flag(["--no-mouse"], "leave clicks and the wheel to the terminal (to select text)") { o, _ in o.noMouse = true },
    Flag(
      ["--filepath-word"],
      "word motions and kills (Alt-b, Alt-f, Alt-d, Alt-Backspace) stop at / only, so a path's parts are words (fzf's)"
    ) { o, _ in o.filepathWord = true },
    Flag(["--no-filepath-word"], "words of letters and digits again (undoes --filepath-word)") { o, _ in
      o.filepathWord = false
    },
  ]

  private static let reading: [Flag] = [
    Flag(["--read0"], "items end with NUL when read (find -print0 | seek --read0)") { o, _ in o.read0 = true },
    Flag(["--print0"], "items end with NUL when printed") { o, _ in o.print0 = true },
    Flag(["--header"], .required("STR"), #"lines shown under the query (\n separates them); never searched"#) {
      o, r throws(Options.ParseError) in o.header = try r.value()
    },
    Flag(
      ["--footer"], .required("STR"),
      #"lines shown at the list's far end (\n separates them), under a rule; never searched (fzf's)"#
    ) { o, r throws(Options.ParseError) in o.footer = try r.value() },
    Flag(["--header-lines"], .required("N"), "the first N piped lines are a header, never searched nor printed") {
      o, r throws(Options.ParseError) in o.headerLines = try r.number(try r.value(), min: 0)
    },
    Flag(["--header-first"], "the header before the query line (above it, or below it at the bottom)") { o, _ in
      o.headerFirst = true
    },
    Flag(["--sync"], "read the whole input before the interface starts") { o, _ in o.sync = true },
    Flag(
      ["--disabled", "--phony"], "the query searches nothing: a reload bound to change does (fzf's ripgrep launcher)"
    ) { o, _ in o.searchDisabled = true },
    Flag(["--enabled", "--no-phony"], "the query searches again (undoes --disabled)") { o, _ in
      o.searchDisabled = false
    },
    Flag(
      ["--history"], .required("FILE"),
      "earlier queries (one a line): Ctrl-P / Ctrl-N walk them instead of moving; an accepted query is added",
      completes: .files
    ) { o, r throws(Options.ParseError) in o.historyPath = try r.value() },
    Flag(["--no-history"], "no history file (undoes --history)") { o, _ in o.historyPath = nil },
    Flag(["--history-size"], .required("N"), "the queries the history file keeps (default 1000)") {
      o, r throws(Options.ParseError) in o.historySize = try r.number(try r.value(), min: 1)
    },
  ]

  private static let lineShape: [Flag] = [
    Flag(
      ["--ansi"],
      "lines: colour sequences shown as colours, never searched, dropped from what is printed ({} and {1} in commands without them)"
    ) { o, _ in o.lineShape.ansi = true },
    Flag(["--no-ansi"], "colour sequences are text (undoes --ansi)") { o, _ in o.lineShape.ansi = false },
    Flag(
      ["-d", "--delimiter"], .required("STR"),
      "what ends a field (a string, or a regular expression such as '[:/]'); default: AWK's fields (blanks)"
    ) { o, r throws(Options.ParseError) in
      let text = try r.value()
      guard !text.isEmpty else {
        throw .invalidValue(flag: r.flag, value: text, expected: "a string or a regular expression")
      }
      // fzf's `-d '\t'`: a tab, written as the shell passes it.
      o.lineShape.delimiter = text == "\\t" ? "\t" : text
    },
    Flag(["-n", "--nth"], .required("N[,..]"), "lines: search only these fields (1, -1, 2.., ..3, 1..-2)") {
      o, r throws(Options.ParseError) in
      let text = try r.value()
      o.lineShape.nth = try Self.fieldRanges(text, &r)
      o.nthText = text
    },
    Flag(
      ["--with-nth"], .required("N[,..]"),
      "lines: show (and search) only these fields, or a template such as '{2} {1}'; the line is printed whole; {1}, {-1}, {2..} in --preview are the line's fields"
    ) { o, r throws(Options.ParseError) in
      let text = try r.value()
      o.withNthText = text
      if FieldRange.parseList(text) == nil, AcceptedFields(text) != nil {
        o.lineShape.withNthTemplate = text  // fzf's template: `{2} {1}.`
        o.lineShape.withNth = []
        return
      }
      o.lineShape.withNth = try Self.fieldRanges(text, &r)
    },
  ]

  private static let order: [Flag] = [
    Flag(
      ["--tiebreak"], .required("LIST"),
      "order of equally relevant hits: length, index, name (default: length,index for lines; name for records); begin, end, pathname, chunk (where a fuzzy match lies, before the others); input order last",
      completes: .oneOf(["length", "index", "name", "begin", "end", "pathname", "chunk"])
    ) { o, r throws(Options.ParseError) in
      o.catalog.tiebreak = try r.value(
        Tiebreak.parseList, expected: "a list of length, index, name, begin, end, pathname and chunk, e.g. begin,length"
      )
    },
    Flag(["--tac"], "reverse input order (the last line first)") { o, _ in o.catalog.reverseInputOrder = true },
    Flag(["+s", "--no-sort"], "every match in input order, not ranked (fzf's)") { o, _ in o.noSort = true },
    Flag(["--track"], "the cursor stays on its line while the list changes (fzf's; info line: +T)") { o, _ in
      o.track = true
    },
    Flag(["--no-track"], "the cursor keeps its place, not its line (undoes --track)") { o, _ in o.track = false },
    Flag(
      ["--id-nth"], .required("N[,..]"),
      "the fields that name a line across reloads: --track finds it again in the new list, keys waiting (+T*)"
    ) { o, r throws(Options.ParseError) in o.identityFields = try Self.fieldRanges(&r) },
  ]

  private static let screen: [Flag] = [
    Flag(
      ["--keep-right"], "a line too long for the screen loses its start (default: its middle, never the matched words)"
    ) { o, _ in o.overflow = .end },
    Flag(["--no-hscroll"], "a line too long for the screen loses its end") { o, _ in o.overflow = .start },
    Flag(["--hscroll"], "a line too long for the screen loses its middle, never the matched words (the default)") {
      o, _ in o.overflow = .matchesAndEnds
    },
    Flag(
      ["--border"], .optional("STYLE"),
      "lines around the finder: rounded (alone), sharp, bold, double, horizontal, vertical, top, bottom, left, right, none",
      completes: .oneOf(Border.allCases.map(\.rawValue))
    ) { o, r throws(Options.ParseError) in
      // fzf's optional value, attached or next (`--border sharp`); alone, rounded.
      if r.inline == "inline" { throw Self.inlineRefused(r.flag) }
      guard let text = r.optionalValue(fits: { Border(rawValue: $0) != nil }) else {
        o.surround.border = o.borderStyle
        return
      }
      guard let style = Border(rawValue: text) else {
        throw .invalidValue(
          flag: r.flag, value: text, expected: Border.allCases.map(\.rawValue).joined(separator: ", "))
      }
      o.surround.border = style
    },
    Flag(["--no-border"], "no border (the default)") { o, _ in o.surround.border = .none },
    Flag(
      ["--border-label"], .required("LABEL"),
      "text on the border's top line (fzf's; shown once there is a border)"
    ) { o, r throws(Options.ParseError) in o.surround.label = try r.value() },
    Flag(
      ["--border-label-pos"], .required("N[:top|bottom]"),
      "where the label stands: N columns from the left, -N from the right, 0 centred (the default); :bottom on the bottom line"
    ) { o, r throws(Options.ParseError) in
      o.surround.labelPosition = try Self.labelPosition(&r)
    },
    Flag(
      ["--margin"], .required("TRBL"),
      "space around the finder, outside the border: 1 to 4 sizes (top,right,bottom,left as in CSS), each N cells or N% of the screen"
    ) { o, r throws(Options.ParseError) in
      o.surround.margin = try r.value(Insets.init, expected: "1 to 4 sizes such as 1, 5%, 1,2 or 1,2,1,2")
    },
    Flag(
      ["--padding"], .required("TRBL"), "space inside the border, as --margin"
    ) { o, r throws(Options.ParseError) in
      o.surround.padding = try r.value(Insets.init, expected: "1 to 4 sizes such as 1, 5%, 1,2 or 1,2,1,2")
    },
    Flag(
      ["--layout"], .required("L"),
      "reverse (Seek's default: the query on top, the list under it), default (fzf's: the query at the bottom, the list growing up from it; Up and Down follow the screen), reverse-list (the query at the bottom, the list read from the top)",
      completes: .oneOf(["default", "reverse", "reverse-list"])
    ) { o, r throws(Options.ParseError) in
      o.layout = try r.value(ListLayout.init(rawValue:), expected: "default, reverse or reverse-list")
    },
    Flag(["--reverse"], "--layout reverse") { o, _ in o.layout = .reverse },
    Flag(["--no-reverse"], "--layout default") { o, _ in o.layout = .bottomUp },
  ]

  /// `--border-label-pos`, `--preview-label-pos`: `N[:top|bottom]`.
  static func labelPosition(_ r: inout Options.FlagReader) throws(Options.ParseError) -> LabelPosition {
    try r.value(LabelPosition.init, expected: "a column such as 2, -2 or 0, then :top or :bottom")
  }

  /// `--pointer`, `--marker`: at most two columns.
  private static func sign(_ r: inout Options.FlagReader) throws(Options.ParseError) -> String {
    let text = try r.value()
    guard DisplayWidth.of(text) <= 2 else {
      throw .invalidValue(flag: r.flag, value: text, expected: "at most two columns, e.g. '▶'")
    }
    return text
  }

  /// `--jump-labels`: distinct printable characters of one column each (a space would be no label).
  private static func jumpLabels(_ text: String) -> [Character]? {
    let labels = Array(text)
    guard !labels.isEmpty, Set(labels).count == labels.count,
      labels.allSatisfy({
        $0 != " " && SafeText.sanitized(String($0)) == String($0) && DisplayWidth.of(String($0)) == 1
      })
    else { return nil }
    return labels
  }

  private static func fieldRanges(_ r: inout Options.FlagReader) throws(Options.ParseError) -> [FieldRange] {
    try fieldRanges(try r.value(), &r)
  }

  private static func fieldRanges(_ text: String, _ r: inout Options.FlagReader) throws(Options.ParseError)
    -> [FieldRange]
  {
    guard let ranges = FieldRange.parseList(text) else {
      throw .invalidValue(
        flag: r.flag, value: text, expected: "field indexes such as 1, -1, 2.., ..3, 1..-2, comma-separated")
    }
    return ranges
  }
}
