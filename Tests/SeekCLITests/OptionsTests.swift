import SearchEngine
import SeekApp
import SeekCore
import SeekTerminal
import Testing

@testable import SeekCLI

/// How a command line becomes `Options`: spellings, values attached or apart, fzf's `+` flags, and
/// the refusals, each saying what was expected.
@Suite struct OptionsTests {
  @Test func aValueAttachedOrApartIsTheSame() throws {
    for arguments in [["-f", "flask"], ["-fflask"], ["--filter", "flask"], ["--filter=flask"]] {
      #expect(try Options.parse(arguments).filter == "flask", "\(arguments)")
    }
  }

  /// fzf's `--gap[=N]`, `--gap-line[=STR]` (a word apart is its value) and the preview's label.
  @Test func gapsAndThePreviewsLabelAreRead() throws {
    let options = try Options.parse([
      "--gap=2", "--gap-line", "xyz", "--preview-label", "barfoo", "--preview-label-pos", "-2:bottom",
    ])
    #expect(options.gap == 2 && options.gapLine == "xyz" && options.catalogPath == nil)
    #expect(
      options.previewLabel == "barfoo" && options.previewLabelPosition == LabelPosition(column: -2, atBottom: true))
    let plain = try Options.parse(["--gap", "--no-gap-line"])
    #expect(plain.gap == 1 && plain.gapLine.isEmpty)
    #expect(throws: Options.ParseError.self) { try Options.parse(["--preview-label-pos", "2:left"]) }
  }

  /// fzf's sections: borders, labels' places and presets, and fzf's words for what it refuses
  /// (fzf 0.74.5's messages, test_inline_rejected_on_unsupported_options).
  @Test func sectionBordersAndTheirRefusals() throws {
    let options = try Options.parse([
      "--list-border", "--input-border=bold", "--header-border", "inline", "--footer-label-pos", "3", "--style",
      "full:double", "--no-input-border",
    ])
    #expect(options.sections.list == .box(.double) && options.sections.header == .box(.double))
    #expect(options.sections.input == .none && options.sections.labelPositions[.footer] == LabelPosition(column: 3))
    #expect(options.info == .inline(right: true) && options.borderStyle == .double)
    #expect(try Options.parse(["--header-border=inline"]).sections.header == .inline)
    func refusal(_ arguments: [String]) -> String {
      do {
        _ = try Options.parse(arguments)
        return ""
      } catch { return error.description }
    }
    #expect(refusal(["--border=inline"]).contains("inline border is only supported"))
    #expect(refusal(["--list-border=inline"]).contains("inline border is only supported"))
    #expect(refusal(["--preview-window=border-inline"]).contains("invalid preview window option: border-inline"))
    #expect(
      refusal(["--header-border=inline", "--header-lines-border=sharp"]).contains(
        "--header-border=inline requires --header-lines-border to be inline or unset"))
  }

  /// `--style full:line`: a line between every two sections, none of the list's own, the
  /// preview's facing the finder; the input's border stands for the rule under the query, so with
  /// `full:none` the rule stays (fzf 0.74.5 draws both so).
  @Test func styleFullLineAndNone() throws {
    var fzf = Options()
    fzf.look = .fzf(separator: true)
    let line = try Options.parse(["--style", "full:line"], into: fzf)
    #expect(line.sections.input == .line && line.sections.header == .line && line.sections.list == .none)
    #expect(line.previewWindow.border == "line" && line.look == .fzf(separator: false))
    let none = try Options.parse(["--style", "full:none"], into: fzf)
    #expect(none.previewWindow.border == "none" && none.look == .fzf(separator: true))
  }

  /// `--multi-line` is fzf's default run as fzf (Seek's own draws ␊); `--marker-multi-line`
  /// takes three signs, padded to `--marker`'s width as fzf pads them.
  @Test func multiLineAndItsMarkers() throws {
    #expect(Options(face: .fzf).multiLine && !Options().multiLine)
    #expect(!(try Options.parse(["--no-multi-line"], into: Options(face: .fzf))).multiLine)
    let signs = try Options.parse(["--marker", ">>", "--marker-multi-line", "abc"])
    #expect(signs.drawnMultiLineMarkers.marker == ">>" && signs.drawnMultiLineMarkers.multiLine == ["a ", "b ", "c "])
    let empty = try Options.parse(["--marker", ""], into: Options(face: .fzf))
    #expect(empty.drawnMultiLineMarkers.multiLine == ["", "", ""])
    #expect(Options(face: .fzf).drawnMultiLineMarkers.multiLine == ["╻", "┃", "╹"])
    #expect(throws: Options.ParseError.self) { try Options.parse(["--marker-multi-line", "ab"]) }
  }

  /// `--bind KEY:+ACTION` adds to what the key or event has (fzf's).
  @Test func aBindingWithALeadingPlusAppends() throws {
    let options = try Options.parse([
      "--bind", "focus:first", "--bind", "focus:+up", "--bind", "a:up", "--bind", "a:+down",
    ])
    #expect(options.eventBindings[.focus] == [.first, .up])
    #expect(options.keyBindings.last { $0.key.name == "a" }?.actions == [.up, .down])
  }

  @Test func fzfsPlusFlagsAreFlagsNotACatalog() throws {
    let options = try Options.parse(["+i", "+s", "+e", "+x", "-m", "+m"])
    #expect(options.catalogPath == nil)
    #expect(options.matching.caseMatching == .respect)
    #expect(options.noSort)
    #expect(options.matching.fuzzy)
    #expect(!options.matching.extended)
    #expect(!options.multi)
  }

  @Test func anOptionalValueIsTakenOnlyAttachedOrAsANumber() throws {
    #expect(try Options.parse(["--border"]).surround.border == .rounded)
    #expect(try Options.parse(["--border=sharp"]).surround.border == .sharp)
    // fzf takes the next argument when it is a style (`--border rounded`); a catalog stays one.
    #expect(try Options.parse(["--border", "sharp"]).surround.border == .sharp)
    let apart = try Options.parse(["--border", "list.txt"])
    #expect(apart.surround.border == .rounded && apart.catalogPath == "list.txt")
    #expect(try Options.parse(["-m", "3"]).multiMax == 3)
    #expect(try Options.parse(["--multi=2"]).multiMax == 2)
    let notANumber = try Options.parse(["-m", "list.txt"])
    #expect(notANumber.multiMax == nil && notANumber.catalogPath == "list.txt")
  }

  @Test func afterDoubleDashEverythingIsTheCatalog() throws {
    #expect(try Options.parse(["--", "-q"]).catalogPath == "-q")
    #expect(try Options.parse(["-"]).catalogPath == "-")
    #expect(throws: Options.ParseError.extraArgument("b")) { try Options.parse(["a", "b"]) }
  }

  @Test func refusalsSayWhatWasExpected() {
    #expect(throws: Options.ParseError.unknownFlag("--no-such")) { try Options.parse(["--no-such=1"]) }
    #expect(throws: Options.ParseError.missingValue("--query")) { try Options.parse(["--query"]) }
    #expect(throws: Options.ParseError.invalidValue(flag: "--page", value: "-1", expected: "a whole number ≥ 0")) {
      try Options.parse(["--page", "-1"])
    }
    #expect(throws: Options.ParseError.invalidValue(flag: "--enter", value: "go", expected: "accept or submit")) {
      try Options.parse(["--enter=go"])
    }
    #expect(throws: Options.ParseError.self) { try Options.parse(["--filters", "price <"]) }
    #expect(throws: Options.ParseError.self) { try Options.parse(["--bind", "nokey:accept"]) }
  }

  /// fzf's `--tmux`/`--popup`: its options are checked as fzf checks them (a typo is said).
  @Test func popupOptionsAreReadAsFzfWritesThem() throws {
    for spec in ["", "=center", "=bottom,40%", "=center,80%,50%", "=right,30,border-native"] {
      #expect(try Options.parse(["--tmux" + spec]).popup, "\(spec)")
    }
    #expect(throws: Options.ParseError.self) { try Options.parse(["--popup=bogus"]) }
    #expect(throws: Options.ParseError.self) { try Options.parse(["--tmux=center,1,2,3"]) }
    #expect(try !Options.parse(["--tmux", "--no-popup"]).popup)
  }

  @Test func aLaterFlagWinsAndTheDefaultsComeFirst() throws {
    let defaults = try Options.parse(["--preview", "cat {}", "--layout=default"])
    let options = try Options.parse(["--no-preview", "--reverse"], into: defaults)
    #expect(options.preview == nil)
    #expect(options.layout == .reverse)
  }

  /// `--preview-border STYLE` and `--no-preview-border` are the preview window's border; fzf's
  /// `--freeze-left/right` and the texts of `--nth`/`--with-nth` reach their options.
  @Test func previewBorderAndFieldsReachTheirOptions() throws {
    #expect(try Options.parse(["--no-preview-border"]).previewWindow.border == "none")
    // Each --preview-window is read over the ones before; `default` drops them.
    let window = try Options.parse(["--preview-window", "follow", "--preview-window", "~4"]).previewWindow
    #expect(window.follow && window.headerLines == 4)
    #expect(try !Options.parse(["--preview-window", "follow", "--preview-window", "default,up"]).previewWindow.follow)
    #expect(try Options.parse(["--preview-border=sharp"]).previewWindow.border == "sharp")
    let options = try Options.parse(["--freeze-left", "2", "--freeze-right=1", "-n", "2..,1", "--with-nth", "3"])
    #expect(options.frozen.left == 2 && options.frozen.right == 1)
    #expect(options.nthText == "2..,1" && options.withNthText == "3")
    #expect(try Options.parse(["--bind", "a:change-nth(2)"]).bindsReshaping)
    #expect(try !Options.parse(["--bind", "a:up"]).bindsReshaping)
  }

  @Test func valuesReachTheirOptions() throws {
    let options = try Options.parse([
      "--tiebreak=begin,length", "--scheme", "path", "-d", "\\t", "--nth", "2..", "--with-nth", "{2} {1}",
      "--distinct", "brand:2", "--ranking", "desc(popularity)", "--info=inline:> ", "--height", "~40%",
      "--bind", "ctrl-a:select-all,start:reload(ls)", "--expect", "ctrl-v,f1", "--walker", "dir,hidden",
    ])
    #expect(options.catalog.tiebreak == Tiebreak.parseList("begin,length"))
    #expect(options.matching.scheme == .path)
    #expect(options.lineShape.delimiter == "\t")
    #expect(options.lineShape.nth == FieldRange.parseList("2.."))
    #expect(options.lineShape.withNthTemplate == "{2} {1}")
    #expect(options.catalog.attributeForDistinct == "brand" && options.catalog.distinct == 2)
    #expect(options.catalog.customRanking?.count == 1)
    #expect(options.info == .inline(right: false) && options.inlineInfoPrefix == "> ")
    #expect(options.height == "~40%")
    #expect(options.keyBindings.map(\.key.name) == ["ctrl-a"])
    #expect(options.eventBindings[.start] != nil)
    #expect(options.expect.map(\.name) == ["ctrl-v", "f1"])
    #expect(options.walker.folders && options.walker.hidden && !options.walker.files)
  }

  /// fzf's `every(N)`: N seconds above 0, floored to 0.01; anything else refused (exit 2).
  @Test func everyTakesAPositiveNumberOfSeconds() throws {
    let options = try Options.parse(["--bind", "every(0.25):reload(ps),start,every(2):up", "--bind", "every(0.001):up"])
    #expect(options.timerBindings.map(\.name) == ["every(0.25)", "every(2)", "every(0.001)"])
    #expect(options.timerBindings.map(\.milliseconds) == [250, 2_000, 10])
    #expect(options.eventBindings[.start] == [.up])
    for spec in ["every(0)", "every(-1)", "every(abc)", "every()", "every(inf)"] {
      #expect(throws: Options.ParseError.self, "\(spec)") { try Options.parse(["--bind", spec + ":abort"]) }
    }
    let track = try Options.parse(["--track", "--id-nth", "2,4.."])
    #expect(track.track && track.identityFields == FieldRange.parseList("2,4.."))
    #expect(try !Options.parse(["--track", "--no-track"]).track)
  }
}
