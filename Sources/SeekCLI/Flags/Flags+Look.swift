import SeekApp
import SeekCore
import SeekTerminal

extension Flag {
  static let look = FlagGroup("LOOK", preview + info + fzfSigns + readForFzf + sectionFrames)

  private static let preview: [Flag] = [
    Flag(
      ["--preview"], .required("CMD"),
      "show CMD's output for the selected hit (run with $SHELL -c): {} is its title (or line), {q} the query, {attribute} an attribute, {1}, {-1}, {2..} the line's fields, each quoted for that shell; SGR colours kept, every other escape removed"
    ) { o, r throws(Options.ParseError) in o.preview = try r.value() },
    Flag(["--no-preview"], "no preview command (one set before is dropped)") { o, _ in o.preview = nil },
    Flag(
      ["--preview-window"], .required("SPEC"),
      "right, left, down (bottom), up (top), N% or N cells (0: shown nowhere, its command still run), hidden, wrap, follow (show the end), ~N (the first N lines stay on top), +N or +{2} (from line N, or the line a field names; -5 less, -/2 centred); fzf's border styles accepted; e.g. right:60% or up:40%,+{2}-/2 (default: beside the results from 100 columns)"
    ) { o, r throws(Options.ParseError) in
      // Each one is read over the ones before (fzf's: `--preview-window follow --preview-window ~4`).
      let before = o.previewWindow
      let text = try r.value()
      guard let placement = DetailsPlacement.parse(text, onto: before) else {
        // fzf's words, naming the option it does not know.
        let word = text.split(whereSeparator: { $0 == "," || $0 == ":" }).first {
          DetailsPlacement.parse(String($0)) == nil
        }
        throw .refused(flag: r.flag, reason: "invalid preview window option: \(word.map(String.init) ?? text)")
      }
      o.previewWindow = placement
    },
    // fzf's colour spec (`--color=dark,fg:#d0d0d0,…`) is read, so that an fzf setup does not stop
    // at it; Seek draws with its own colours.
    Flag(["--color"], .required("SPEC"), "fzf's colour spec, read (Seek keeps its colours)") {
      o, r throws(Options.ParseError) in
      _ = try r.value({ $0.isEmpty ? nil : $0 }, expected: "a colour spec such as dark or fg:#d0d0d0")
    },
    Flag(["--no-color"], "no colours, as NO_COLOR says (bold and reverse video remain)") { o, _ in
      o.noColor = true
    },
  ]

  private static let info: [Flag] = [
    Flag(
      ["--info"], .required("STYLE"),
      "default (a status line), right, inline / inline-right (the count on the query's line, inline:PREFIX before it), hidden: no status line but for messages",
      completes: .oneOf(["default", "right", "inline", "inline-right", "hidden"])
    ) { o, r throws(Options.ParseError) in try Self.info(&o, &r) },
    Flag(["--no-info"], "--info hidden") { o, _ in o.info = .hidden },
    Flag(["--inline-info"], "--info inline (fzf's older spelling)") { o, _ in o.info = .inline(right: false) },
    Flag(["--no-inline-info"], "--info default (fzf's older spelling)") { o, _ in o.info = .line },
    Flag(
      ["--info-command"], .required("CMD"),
      "its first line in the counts' place, run with FZF_POS (the current line's place) and FZF_INFO (the counts) whenever they change"
    ) { o, r throws(Options.ParseError) in o.infoCommand = try r.value() },
    Flag(
      ["--no-input"],
      "the query line hidden, with the counts: typing and editing do nothing, a bound change-query or search still searches; show-input, hide-input and toggle-input bring it back or hide it"
    ) { o, _ in o.noInput = true },
    Flag(["--ghost"], .required("TEXT"), "shown dim on the empty query line") { o, r throws(Options.ParseError) in
      o.ghost = try r.value()
    },
    Flag(["--scroll-off"], .required("N"), "rows kept in view around the current one (as fzf: 3)") {
      o, r throws(Options.ParseError) in o.scrollOff = try r.number(try r.value(), min: 0)
    },
  ]

  /// fzf's signs, drawn in fzf's look (run as `fzf`); read otherwise.
  private static let fzfSigns: [Flag] = [
    Flag(["--scrollbar"], .optional("C"), "fzf's scrollbar sign (fzf's look)") { o, r throws(Options.ParseError) in
      if let inline = r.inline, DisplayWidth.of(inline) > 2 {
        throw .invalidValue(flag: r.flag, value: inline, expected: "one or two characters")
      }
      o.scrollbar = r.inline.flatMap { $0.first.map(String.init) } ?? "│"
    },
    Flag(["--no-scrollbar"], "no scrollbar") { o, _ in o.scrollbar = nil },
    Flag(["--gutter"], .required("C"), "fzf's gutter sign, at most two columns (fzf's look)") {
      o, r throws(Options.ParseError) in
      let text = try r.value()
      guard DisplayWidth.of(text) <= 2 else {
        throw .invalidValue(flag: r.flag, value: text, expected: "at most two columns, e.g. ' '")
      }
      o.gutter = text
    },
    Flag(["--separator"], .required("STR"), "fzf's rule under the info line (fzf's look)") {
      o, r throws(Options.ParseError) in
      o.separator = try r.value()
      if o.look.isFzf { o.look = .fzf(separator: !o.separator.isEmpty) }
    },
    Flag(["--no-separator"], "no rule under the info line") { o, _ in
      if o.look.isFzf { o.look = .fzf(separator: false) }
    },
    Flag(["--ellipsis"], .required("STR"), "what stands for a cut part of a line (fzf's look)") {
      o, r throws(Options.ParseError) in o.ellipsis = try r.value()
    },
    Flag(["--tabstop"], .required("N"), "columns between tab stops (fzf's look)") { o, r throws(Options.ParseError) in
      o.tabstop = try r.number(try r.value(), min: 1)
    },
    Flag(["--hscroll-off"], .required("N"), "columns kept after a match when a line scrolls (fzf's look)") {
      o, r throws(Options.ParseError) in o.hscrollOff = try r.number(try r.value(), min: 0)
    },
    Flag(["--unicode"], "fzf's signs in Unicode (the default)") { o, _ in o.unicode = true },
    Flag(["--no-unicode"], "fzf's signs in ASCII") { o, _ in o.unicode = false },
  ]

  /// fzf's options read so that an fzf setup runs: Seek highlights the whole current line, draws a
  /// line on one row, and scrolls the whole line.
  private static let readForFzf: [Flag] = [
    Flag(["--highlight-line", "--no-highlight-line"], "read for fzf's scripts (Seek highlights the whole line)") {
      _, _ in
    },
    Flag(["--wrap", "--no-wrap"], "read for fzf's scripts (Seek draws a line on one row)") { _, _ in },
    Flag(["--multi-line"], "an item's line breaks start rows of their own (fzf's default)") { o, _ in
      o.multiLine = true
    },
    Flag(["--no-multi-line"], "a line break is drawn as ␊, each item on one row (Seek's default)") { o, _ in
      o.multiLine = false
    },
    Flag(["--wrap-sign"], .required("STR"), "what starts each further row of a wrapped line (↳ )") {
      o, r throws(Options.ParseError) in o.wrapSign = try r.value()
    },
    Flag(["--preview-wrap-sign"], .required("STR"), "the preview's wrap sign (--wrap-sign's when not given)") {
      o, r throws(Options.ParseError) in o.previewWrapSign = try r.value()
    },
    Flag(["--min-height"], .required("N[+]"), "the least rows of a --height in percent (+: and the other sections')") {
      o, r throws(Options.ParseError) in
      o.minHeight = try r.value(MinHeight.init, expected: "a number of rows, then + to add the other sections' rows")
    },
    Flag(["--freeze-left"], .required("N"), "lines: the first N fields stay on screen as a long line scrolls") {
      o, r throws(Options.ParseError) in o.frozen.left = try r.number(try r.value(), min: 0)
    },
    Flag(["--freeze-right"], .required("N"), "lines: the last N fields stay on screen as a long line scrolls") {
      o, r throws(Options.ParseError) in o.frozen.right = try r.number(try r.value(), min: 0)
    },
  ]

  /// fzf 0.58's frames and labels around its sections (`--style full`, `--list-border`,
  /// `--input-label`, …), read so that an fzf setup that names them runs, and its spacing
  /// (`--gap`, drawn); Seek draws one frame around the whole finder (`--border`, `--border-label`,
  /// `--margin`, `--padding`) and its sections one after the other.
  static var sectionFrames: [Flag] { previewFrame + otherFrames }

  /// The preview's border is its window's (fzf 0.58: `--preview-border` is `--preview-window
  /// border-STYLE`).
  private static let previewFrame: [Flag] = [
    Flag(
      ["--preview-border"], .optional("STYLE"), "the preview's border (its window's border-STYLE)",
      completes: .oneOf(Border.allCases.map(\.rawValue))
    ) { o, r in
      let style = r.optionalValue { Self.fzfBorderStyles.contains($0) }
      o.previewWindow.border = style ?? "rounded"
    },
    Flag(["--no-preview-border"], "no border around the preview") { o, _ in o.previewWindow.border = "none" },
  ]

  private static let otherFrames: [Flag] =
    ["list", "input", "header", "header-lines", "footer"].flatMap { section in
      [
        Flag(
          ["--\(section)-border"], .optional("STYLE"), "a border around the \(section) section (rounded alone)",
          completes: .oneOf(Border.allCases.map(\.rawValue))
        ) { o, r throws(Options.ParseError) in
          let style = r.optionalValue { Self.fzfBorderStyles.contains($0) }
          // fzf's: only a header's, the header lines' and the footer's border may be inline.
          if style == "inline" && (section == "list" || section == "input") { throw Self.inlineRefused(r.flag) }
          o.sections.set(section, SectionBorder(fzf: style ?? "rounded") ?? .none)
        },
        Flag(["--no-\(section)-border"], "no border around the \(section) section") { o, _ in
          o.sections.set(section, nil)
        },
      ]
    }
    + SectionLabels.Section.allCases.flatMap { section in
      [
        Flag(["--\(section.rawValue)-label"], .required("LABEL"), "text on the \(section.rawValue) section's border") {
          o, r throws(Options.ParseError) in o.sectionLabels[section] = try r.value()
        },
        Flag(["--\(section.rawValue)-label-pos"], .required("N[:top|bottom]"), "where that label stands") {
          o, r throws(Options.ParseError) in o.sections.labelPositions[section] = try Self.labelPosition(&r)
        },
      ]
    } + [
      Flag(["--preview-label"], .required("LABEL"), "text on the preview's border (fzf's)") {
        o, r throws(Options.ParseError) in o.previewLabel = try r.value()
      },
      Flag(
        ["--preview-label-pos"], .required("N[:top|bottom]"),
        "where the preview's label stands, as --border-label-pos"
      ) { o, r throws(Options.ParseError) in o.previewLabelPosition = try Self.labelPosition(&r) },
      Flag(
        ["--style"], .required("PRESET"),
        "fzf's presets: full[:BORDER] frames every section (rounded), default and minimal frame none",
        completes: .oneOf(["default", "minimal", "full"])
      ) { o, r throws(Options.ParseError) in
        let text = try r.value(
          { (text: String) -> String? in
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard let preset = parts.first, ["default", "minimal", "full"].contains(preset) else { return nil }
            return parts.count == 1 || SectionBorder(fzf: parts[1]) != nil ? text : nil
          },
          expected: "default, minimal or full[:BORDER]")
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        // fzf's presets: `full` frames every section and puts the count on the query's line with
        // no rule; `minimal` draws no rule and no scrollbar; `default` is fzf's look.
        // The labels' places stay: only the borders are the preset's.
        let labelPositions = o.sections.labelPositions
        o.sections = SectionStyle()
        o.sections.labelPositions = labelPositions
        switch parts[0] {
        case "full":
          let name = parts.count > 1 ? parts[1] : "rounded"
          let border = SectionBorder(fzf: name) ?? .line
          o.sections.frameAll(border)
          // A line between every two sections: the list has none of its own (fzf's).
          if border == .line { o.sections.list = .none }
          if case .box(let glyphs) = border { o.borderStyle = glyphs }
          o.previewWindow.border = name
          o.info = .inline(right: true)
          o.scrollbar = "│"
          // The input's border stands for the rule under the query; with none, the rule stays.
          if o.look.isFzf { o.look = .fzf(separator: border == .none) }
        case "minimal":
          o.info = .line
          o.scrollbar = nil
          if o.look.isFzf { o.look = .fzf(separator: false) }
        default:
          o.info = .line
          if o.look.isFzf { o.look = .fzf(separator: true) }
        }
      },
      Flag(["--gap"], .optional("N"), "N rows (1 when not given) after each item of a list, the last one a line") {
        o, r throws(Options.ParseError) in
        let given = r.optionalValue { Int($0) != nil }
        o.gap = try given.map { text throws(Options.ParseError) in try r.number(text, min: 0) } ?? 1
      },
      Flag(["--no-gap"], "no rows between items (the default)") { o, _ in o.gap = 0 },
      Flag(["--gap-line"], .optional("STR"), "the line drawn in each gap, this text repeated (┈ when not given)") {
        o, r in o.gapLine = r.optionalValue { _ in true } ?? "┈"
      },
      Flag(["--no-gap-line"], "blank gaps, no line") { o, _ in o.gapLine = "" },
      Flag(["--no-bold"], "read for fzf's setups (Seek's few bold cells stay)") { _, _ in },
      Flag(["--gutter-raw"], .required("CHAR"), "read for fzf's setups (raw mode's gutter)") {
        _, r throws(Options.ParseError) in _ = try r.value()
      },
      Flag(
        ["--marker-multi-line"], .required("STR"),
        "three signs marking a checked item of several rows: its first, middle and last (╻┃╹)"
      ) { o, r throws(Options.ParseError) in
        o.markerMultiLine = try r.value(
          { (text: String) -> [String]? in
            let signs = text.map(String.init)
            guard text.isEmpty || signs.count == 3 else { return nil }
            return text.isEmpty ? ["", "", ""] : signs
          }, expected: "three characters (top, middle, bottom), or none")
      },
    ]

  /// fzf's words for a border that cannot be inline.
  static func inlineRefused(_ flag: String) -> Options.ParseError {
    .refused(
      flag: flag,
      reason: "inline border is only supported for --header-border, --header-lines-border, and --footer-border")
  }

  /// fzf 0.74's border styles (Seek draws its own subset: `Border`).
  static let fzfBorderStyles: Set<String> = [
    "rounded", "sharp", "bold", "block", "thinblock", "double", "dashed", "horizontal", "vertical", "top", "bottom",
    "left", "right", "line", "inline", "none",
  ]

  /// `--info STYLE[:PREFIX]`.
  private static func info(_ o: inout Options, _ r: inout Options.FlagReader) throws(Options.ParseError) {
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
  }
}
