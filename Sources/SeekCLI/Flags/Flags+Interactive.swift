import SeekApp
import SeekCore
import SeekTerminal

extension Flag {
  static let interactive = FlagGroup("INTERACTIVE", starting + ending + shell)

  private static let starting: [Flag] = [
    Flag(
      ["--popup", "--tmux"], .optional("OPTS"),
      "fzf's floating pane ([center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native]): ignored outside tmux, as fzf ignores it; inside tmux Seek is drawn in its own pane still (said on standard error)"
    ) { o, r throws(Options.ParseError) in
      if let inline = r.inline, Self.popupOptions(inline) == nil {
        throw .invalidValue(
          flag: r.flag, value: inline, expected: "[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native]")
      }
      _ = r.optionalValue { Self.popupOptions($0) != nil }
      o.popup = true
    },
    Flag(["--no-popup", "--no-tmux"], "no floating pane (undoes --popup)") { o, _ in o.popup = false },
    Flag(["-q", "--query"], .required("TEXT"), "start with this query") { o, r throws(Options.ParseError) in
      o.query = try r.value()
    },
    Flag(["-1", "--select-1"], "accept at once when there is exactly one hit") { o, _ in o.selectOne = true },
    Flag(["-0", "--exit-0"], "exit at once (status 1) when there is no hit") { o, _ in o.exitZero = true },
    Flag(
      ["--height"], .required("N[%]"),
      "draw inline below the prompt, N lines (or N% of the terminal), leaving the lines above on screen; ~N: as few as the lines read need, at most N"
    ) { o, r throws(Options.ParseError) in
      let text = try r.value()
      // fzf's `~N`: at most N lines, as few as the input needs (`InlineDriver.settle`).
      let size = text.hasPrefix("~") ? String(text.dropFirst()) : text
      let digits = size.hasSuffix("%") ? String(size.dropLast()) : size
      // `-N`: the terminal's rows less N.
      guard let n = Int(digits), n > 0 || n < 0 && !size.hasSuffix("%") else {
        throw .invalidValue(flag: r.flag, value: text, expected: "a number of lines or a percentage, e.g. 10 or 40%")
      }
      o.height = text
    },
  ]

  /// fzf's `--popup[=OPTS]` (`--tmux`): `[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native]`.
  static func popupOptions(_ text: String) -> String? {
    var sizes = 0
    for (i, part) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
      if i == 0, ["center", "top", "bottom", "left", "right"].contains(part) { continue }
      if part == "border-native" { continue }
      let digits = part.hasSuffix("%") ? part.dropLast() : part
      guard let n = Int(digits), n > 0, sizes < 2 else { return nil }
      sizes += 1
    }
    return text
  }

  private static let ending: [Flag] = [
    Flag(
      ["--no-clear"],
      "with --height: the last frame stays on screen at exit, the cursor on its first row, so that a finder started again draws over it without a flicker (fzf's)"
    ) { o, _ in o.noClear = true },
    Flag(["--clear"], "the rows cleared at exit (undoes --no-clear)") { o, _ in o.noClear = false },
    Flag(["--print-query"], "print the query before the accepted items") { o, _ in o.printQuery = true },
    Flag(["--field"], .required("NAME"), "print this attribute of accepted items instead of the title") {
      o, r throws(Options.ParseError) in o.field = try r.value()
    },
    Flag(
      ["--accept-nth"], .required("FIELDS"),
      "what -f and accept print of a line: fields (1,3) or a template ('{1} // {2}')"
    ) { o, r throws(Options.ParseError) in
      o.acceptNth = try r.value(
        { AcceptedFields($0) }, expected: "field indexes such as 1,3 or 2.., or a template such as '{1} {3}'")
    },
  ]

  private static let shell: [Flag] = [
    Flag(
      ["--with-shell"], .required("STR"),
      "the shell and flags commands run with (default: $SHELL -c), e.g. 'bash -c'"
    ) { o, r throws(Options.ParseError) in
      let words = Options.shellWords(try r.value())
      guard !words.isEmpty else { throw .invalidValue(flag: r.flag, value: "", expected: "a shell, e.g. 'bash -c'") }
      o.withShell = CommandShell(words: words)
    },
    Flag(
      ["--bash", "--zsh", "--fish"],
      #"print key bindings and completion for that shell: CTRL-T pastes files, CTRL-R recalls a command, ALT-C enters a folder, CMD **<TAB> completes; load with eval "$(seek --bash)", source <(seek --zsh) or seek --fish | source"#
    ) { o, r in o.shellIntegration = ShellIntegration.Shell(rawValue: String(r.flag.dropFirst(2))) },
    Flag(
      ["--completion"], .required("SHELL"),
      "print the completion of seek's own flags for bash, zsh or fish (made from the table this help is made from)",
      completes: .oneOf(["bash", "zsh", "fish"])
    ) { o, r throws(Options.ParseError) in
      o.completion = try r.value({ ShellIntegration.Shell(rawValue: $0) }, expected: "bash, zsh or fish")
    },
    Flag(["-h", "--help"], "this help") { o, _ in o.help = true },
    Flag(["--man"], "the man page (man seek, or the page beside the build)") { o, _ in o.man = true },
    Flag(["--version"], "the version") { o, _ in o.version = true },
  ]
}
