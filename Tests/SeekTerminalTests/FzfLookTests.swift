import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// fzf's screen, as Seek draws it run as `fzf`: the info line under the prompt, the pointer and
/// marker columns, the scrollbar — the characters fzf's users and its test suite read.
/// fzf's rule, `n` columns of it.
private func rule(_ n: Int) -> String { String(repeating: "─", count: n) }

@Suite struct FzfLookTests {
  /// `count` numbered lines, `shown` of them matching `query`, on a screen of `rows`.
  func lines(_ count: Int, matching: Int, rows: Int = 6, query: String = "1") -> SearchState {
    var s = SearchState()
    s.viewport.screen = ScreenSize(columns: 30, rows: rows)
    s.look = .fzf(separator: true)
    s.statusFollowsQuery = true
    s.marks.picking = Picking.defaults(lines: true)
    s.editor.text = query
    s.editor.cursor = query.count
    s.list.results.query = query
    s.list.results.isPending = false
    s.list.results.offersCreate = false
    s.list.results.hits = (1...matching).map { ResultHit(objectID: "\($0)", title: "line \($0)") }
    s.list.results.nbHits = matching
    s.list.results.recordCount = count
    s.list.results.nbPages = 1
    s.list.results.pagesLoaded = 1
    return s
  }

  func screen(_ s: SearchState, _ context: RenderContext = fzfSigns(), layout: ListLayout = .bottomUp) -> String {
    layout.arrange(Renderer.render(s, context: context), for: s).text
  }

  static func fzfSigns() -> RenderContext {
    var context = RenderContext(pointer: ">", marker: ">")
    context.gutter = " "
    return context
  }

  @Test func theInfoLineIsUnderThePromptWithTheRuleToTheLastColumnButOne() {
    #expect(
      screen(lines(100, matching: 3)) == """

          line 3
          line 2
        > line 1
          3/100 \(rule(21))
        > 1
        """)
  }

  /// `--footer`: at the list's far end under a rule the screen's width, its lines read from the
  /// top in every layout (fzf 0.74.5's screens for `seq 3 | fzf --footer $'foo\nbar'`).
  @Test func theFooterStandsAtTheListsFarEnd() {
    var s = lines(3, matching: 3, rows: 10)
    s.footer = ["foo", "bar"]
    let rule = String(repeating: "─", count: 30)
    #expect(
      screen(s).split(separator: "\n", omittingEmptySubsequences: false).prefix(3).joined(separator: "|")
        == "  foo|  bar|\(rule)")
    let reversed = screen(s, layout: .reverse).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(reversed.suffix(3).joined(separator: "|") == "\(rule)|  foo|  bar")
    let reverseList = screen(s, layout: .reverseList).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(reverseList.prefix(4).joined(separator: "|") == "  foo|  bar|\(rule)|> line 1")
  }

  /// fzf's preview: a rounded box on the right half, the screen's whole height, its scroll
  /// indicator at the top right; the finder in the columns left of it (fzf 0.74.5's screen for
  /// `seq 100 | fzf --preview 'seq {}0 {}9'` on 60×12, row for row).
  @Test func thePreviewIsABoxOnTheRightHalf() {
    var s = lines(100, matching: 3, rows: 12)
    s.viewport.screen = ScreenSize(columns: 60, rows: 12)
    s.details.open = true
    s.details.command = "seq {}0 {}9"
    s.details.preview = PreviewOutput(lines: (10...19).map { [StyledRun(String($0))] }, exitStatus: 0)
    let rows = screen(s).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(rows[0].hasSuffix("╭" + String(repeating: "─", count: 28) + "╮"))
    #expect(rows[1].hasSuffix("│ 10                    1/10 │"))
    #expect(rows[11].hasSuffix("╰" + String(repeating: "─", count: 28) + "╯"))
    #expect(rows[10].hasPrefix("  3/100 ─") && rows[10].contains("─ │ 19"))
    #expect(Layout.resultsWidth(s) == 30)
  }

  /// `~3` (fzf's): the output's first three lines stay on top, the rest scrolled under them
  /// from line 4 on, the indicator counting from there (its test_preview_header).
  @Test func previewHeaderLinesStayOnTop() {
    var s = lines(100, matching: 3, rows: 12)
    s.viewport.screen = ScreenSize(columns: 60, rows: 12)
    s.details.open = true
    s.details.command = "seq 1000"
    s.details.placement = DetailsPlacement.parse("~3")!
    #expect(s.details.placement.headerLines == 3 && s.details.placement.cells == nil)
    s.details.preview = PreviewOutput(lines: (1...1000).map { [StyledRun(String($0))] }, exitStatus: 0)
    var rows = screen(s).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(rows[1].hasSuffix("│ 1                   4/1000 │") && rows[3].hasSuffix("│ 3                          │"))
    #expect(rows[4].hasSuffix("│ 4                          │"))
    s.details.scroll = 54
    rows = screen(s).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(rows[3].hasSuffix("│ 3                          │") && rows[4].hasSuffix("│ 55                         │"))
  }

  /// `--preview-window left`: the box on the left half, the finder a column right of it (fzf
  /// 0.74.5's `echo foo 123 321 | fzf --preview 'seq 1000' --preview-window left` on 50×8);
  /// clicks land in the finder's own columns.
  @Test func aPreviewOnTheLeftHasTheFinderBesideIt() throws {
    var s = lines(100, matching: 1, rows: 8)
    s.viewport.screen = ScreenSize(columns: 50, rows: 8)
    s.details.open = true
    s.details.command = "seq 1000"
    s.details.placement = try #require(DetailsPlacement.parse("left"))
    s.details.preview = PreviewOutput(lines: (1...1000).map { [StyledRun(String($0))] }, exitStatus: 0)
    let rows = screen(s).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(rows[0] == "╭" + String(repeating: "─", count: 23) + "╮")
    #expect(rows[6] == "│ 6                     │   1/100 " + String(repeating: "─", count: 15))
    #expect(rows[7] == "╰" + String(repeating: "─", count: 23) + "╯ > 1")
    #expect(Layout.resultsWidth(s) == 24)
    let top = Layout.resultsTop(s)
    #expect(Layout.click(column: 28, row: top, double: false, in: s) == .click(.resultClicked(0, double: false)))
    #expect(Layout.click(column: 3, row: top, double: false, in: s) == nil)
  }

  /// A header under a preview on the left: the box's rows stay upright whole, the header's row
  /// among them (it once went with the header, and a preview line went missing).
  @Test(arguments: [ListLayout.bottomUp, .reverseList])
  func aHeaderLeavesThePreviewBesideItWhole(layout: ListLayout) throws {
    var s = lines(3, matching: 3, rows: 10, query: "")
    s.viewport.screen = ScreenSize(columns: 30, rows: 10)
    s.header = ["hello"]
    s.details.open = true
    s.details.command = "seq 8"
    s.details.placement = try #require(DetailsPlacement.parse("left,5,border-right"))
    s.details.preview = PreviewOutput(lines: (1...8).map { [StyledRun(String($0))] }, exitStatus: 0)
    let rows = screen(s, layout: layout).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.map { String($0.prefix(1)) } == ["1", "2", "3", "4", "5", "6", "7", "8", " ", " "])
  }

  /// `border-line`: one line on the side facing the finder (fzf 0.74.5's `seq 5 | fzf --preview
  /// 'echo PREVIEW' --preview-window=border-line` on 30×8, and `,up`: a line under the text).
  @Test func aPreviewsLineBorderFacesTheFinder() throws {
    var s = lines(5, matching: 5, rows: 8, query: "")
    s.viewport.screen = ScreenSize(columns: 30, rows: 8)
    s.details.open = true
    s.details.command = "echo PREVIEW"
    s.details.placement = try #require(DetailsPlacement.parse("border-line"))
    s.details.preview = PreviewOutput(lines: [[StyledRun("PREVIEW")]], exitStatus: 0)
    let rows = screen(s).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(rows[0] == "               │ PREVIEW")
    #expect(rows[6].hasPrefix("  5/5 ──────── │"))
    s.details.placement = try #require(DetailsPlacement.parse("border-line,up"))
    #expect(Border.preview(s.details.placement) == .bottom)
  }

  /// `--preview-window down,3` run as fzf: a box across the screen below the prompt, the finder
  /// above it (fzf 0.74.5's `seq 10 | fzf --preview 'echo hi {}' --preview-window down,3` on
  /// 30×10: three rows of text, no scroll indicator while the text does not fill them).
  @Test func aPreviewUpOrDownIsABandAcrossTheScreen() throws {
    var s = lines(10, matching: 10, rows: 10, query: "")
    s.details.open = true
    s.details.command = "echo hi {}"
    s.details.placement = try #require(DetailsPlacement.parse("down,3"))
    s.details.preview = PreviewOutput(lines: [[StyledRun("hi 1")]], exitStatus: 0)
    let screen = ScreenSize(columns: 30, rows: 10)
    let finder = PreviewBand.finder(s, screen: screen)
    #expect(finder.screen.rows == 5 && finder.row == 0)
    s.viewport.screen = finder.screen
    let arranged = ListLayout.bottomUp.arrange(Renderer.render(s, context: Self.fzfSigns()), for: s)
    let rows = PreviewBand.compose(arranged, s, screen: screen, labelPosition: LabelPosition()).text
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      Array(rows.suffix(6)) == [
        ">", "╭" + String(repeating: "─", count: 28) + "╮", "│ hi 1" + String(repeating: " ", count: 23) + "│",
        "│" + String(repeating: " ", count: 28) + "│", "│" + String(repeating: " ", count: 28) + "│",
        "╰" + String(repeating: "─", count: 28) + "╯",
      ])
    #expect(rows[2] == "> line 1")
  }

  /// `--gap 2`: two rows after each item, the second a line of `--gap-line`'s text, as fzf 0.74.5
  /// draws `seq 100 | fzf --gap 2` (turned with the list: the line nearer the next item); the
  /// state machine counts items, and a click on a gap's row picks none.
  @Test func gapsSeparateTheItems() {
    var s = lines(100, matching: 5, rows: 10)
    var context = Self.fzfSigns()
    context.gap = 2
    context.gapLine = "xy"
    #expect(Layout.viewport(for: s, screen: s.screen, gap: 2).resultsRows == 3)
    s.viewport = Layout.viewport(for: s, screen: s.screen, gap: 2)
    let rows = screen(s, context).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = "  " + String(String(repeating: "xy", count: 14).prefix(27))
    // The third item's gap is cut at the top (its blank row shows).
    #expect(Array(rows.prefix(8)) == ["", "  line 3", line, "", "  line 2", line, "", "> line 1"])
    let top = Layout.resultsTop(s)
    #expect(
      Layout.click(column: 3, row: top + 3, double: false, in: s, gap: 2) == .click(.resultClicked(1, double: false)))
    #expect(Layout.click(column: 3, row: top + 4, double: false, in: s, gap: 2) == nil)
    #expect(Layout.itemSlots(9, gap: 0) == 9 && Layout.itemSlots(10, gap: 1) == 5 && Layout.itemSlots(2, gap: 2) == 1)
  }

  /// Text longer than the box: fzf's scrollbar in the column before the right border (fzf
  /// 0.74.5's `seq 10 | fzf --preview 'seq 20'` on 40×8: `1/20││` on the first row); `noinfo`
  /// leaves the indicator out.
  @Test func aLongPreviewHasAScrollbarAndNoinfoNoIndicator() throws {
    var s = lines(10, matching: 10, rows: 8, query: "")
    s.viewport.screen = ScreenSize(columns: 40, rows: 8)
    s.details.open = true
    s.details.command = "seq 20"
    s.details.preview = PreviewOutput(lines: (1...20).map { [StyledRun(String($0))] }, exitStatus: 0)
    var context = Self.fzfSigns()
    context.scrollbar = "│"
    let rows = screen(s, context).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(rows[1].hasSuffix("│ 1           1/20││") && rows[2].hasSuffix("│ 2                │"))
    s.details.placement = try #require(DetailsPlacement.parse("noinfo"))
    let bare = screen(s, context).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(bare[1].hasSuffix("│ 1               ││"))
  }

  /// `--preview-label barfoo`: centred on the box's top line (fzf 0.74.5's `─barfoo─`); with
  /// `--preview-label-pos -2:bottom`, before the bottom right corner (`─barfoo╯`).
  @Test func thePreviewsLabelStandsOnItsBorder() {
    var s = lines(100, matching: 3, rows: 12)
    s.viewport.screen = ScreenSize(columns: 60, rows: 12)
    s.details.open = true
    s.details.command = ":"
    s.details.label = "barfoo"
    let top = screen(s).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      top[0].hasSuffix("╭" + String(repeating: "─", count: 11) + "barfoo" + String(repeating: "─", count: 11) + "╮"))
    var context = Self.fzfSigns()
    context.previewLabelPosition = LabelPosition("-2:bottom")!
    let bottom = screen(s, context).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(bottom[11].hasSuffix("─barfoo╯"))
    #expect(LabelPosition("2:top") == LabelPosition(column: 2) && LabelPosition("2:left") == nil)
  }

  /// `--preview-window`'s border styles, as fzf 0.74.5 draws them on 40×6: `noborder` (the text
  /// and its indicator from the half's first column to the last), `border-left`, `border-sharp`.
  @Test func thePreviewBoxTakesItsBorderStyle() throws {
    var s = lines(100, matching: 4, rows: 6)
    s.viewport.screen = ScreenSize(columns: 40, rows: 6)
    s.details.open = true
    s.details.command = "seq {}0 {}9"
    s.details.preview = PreviewOutput(lines: (10...19).map { [StyledRun(String($0))] }, exitStatus: 0)
    func rows(_ spec: String) throws -> [String] {
      s.details.placement = try #require(DetailsPlacement.parse(spec))
      return screen(s).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    let none = try rows("noborder")
    #expect(none[0].hasSuffix("  10              1/10") && none[5].hasSuffix("  15"))
    let left = try rows("right,50%,border-left")
    #expect(left[0].hasSuffix("│ 10            1/10") && left[5].hasSuffix("│ 15"))
    let sharp = try rows("border-sharp")
    #expect(sharp[0].hasSuffix("┌" + String(repeating: "─", count: 18) + "┐"))
  }

  /// Inside a `--border` with nothing of its own on the right, the finder takes the blank before
  /// the border's side (fzf's listStickToRight); the rule still keeps the scrollbar's column.
  @Test func theFinderSticksToARightBorder() {
    var surround = Surround(border: .rounded)
    let screen40 = ScreenSize(columns: 40, rows: 10)
    #expect(surround.inner(screen40).columns == 36)
    surround.sticksRight = true
    #expect(surround.inner(screen40).columns == 37)
    var left = Surround(border: .left)
    left.sticksRight = true
    #expect(left.inner(screen40).columns == 38)
    #expect(screen(lines(100, matching: 3)).contains("  3/100 \(rule(21))\n"))
  }

  /// `--no-input`: the prompt and the info line are gone, and the list takes their rows.
  @Test func aHiddenQueryLineTakesTheInfoLineWithIt() {
    var s = lines(100, matching: 6)
    s.editor.inputShown = false
    #expect(
      screen(s) == """
          line 6
          line 5
          line 4
          line 3
          line 2
        > line 1
        """)
    #expect(Layout.click(column: 3, row: 0, double: false, in: s) == .click(.resultClicked(0, double: false)))
  }

  @Test func marksAreCountedAndDrawnInTheMarkerColumn() {
    var s = lines(10, matching: 3)
    s.marks.picking.marks = true
    s.marks.checked = ["2"]
    #expect(screen(s).contains(" >line 2"))
    #expect(screen(s).contains("  3/10 (1) ─"))
    s.marks.picking.maxMarks = 3
    #expect(screen(s).contains("  3/10 (1/3) ─"))
  }

  @Test(arguments: [
    (InfoStyle.lineRight, rule(23) + " 3/100"),
    (InfoStyle.hidden, rule(29)),
    (InfoStyle.inline(right: true), rule(29)),
  ])
  func infoStylesKeepTheRuleOnTheInfoLine(info: InfoStyle, expected: String) {
    var s = lines(100, matching: 3)
    s.info = info
    let rows = screen(s).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows[rows.count - 2] == expected)
  }

  /// While input is read, the spinner stands before a count on the right (fzf's test_info_right
  /// and test_info_inline_right: `xxx ⠋ 100/100`).
  @Test func theSpinnerStandsBeforeACountOnTheRightWhileInputIsRead() {
    var s = lines(100, matching: 3)
    s.streamedRecords = 100
    s.info = .lineRight
    let rows = screen(s).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows[rows.count - 2] == rule(21) + " \(Renderer.spinner[0]) 3/100")
    s.info = .inline(right: true)
    #expect(screen(s).hasSuffix("\(Renderer.spinner[0]) 3/100"))
  }

  @Test func inlineInfoFollowsTheQueryAndNoRuleLeavesNoLine() {
    var s = lines(100, matching: 3)
    s.info = .inline(right: false)
    #expect(screen(s).hasSuffix("> 1  < 3/100 \(rule(16))"))
    s.info = .hidden
    s.look = .fzf(separator: false)
    #expect(screen(s).hasSuffix("> line 1\n> 1"))
    // `--info=inline:___ --no-separator`: fzf's `>  ___10/10` (a column after the query).
    s.info = .inline(right: false)
    var context = Self.fzfSigns()
    context.inlineInfoPrefix = "___"
    #expect(screen(s, context).hasSuffix("> 1 ___3/100"))
  }

  @Test func aMessageTakesTheCountsPlace() {
    var s = lines(0, matching: 1)
    s.list.results.hits = []
    s.list.results.nbHits = 0
    s.message = "[Command failed: false]"
    #expect(screen(s).hasSuffix("  [Command failed: false] \(rule(3))\n> 1"))
  }

  @Test func theSpinnerTurnsInTheFirstColumnWhileLinesAreRead() {
    var s = lines(100, matching: 3)
    s.streamedRecords = 150
    #expect(screen(s).contains("⠋ 3/150 ─"))
  }

  @Test func nothingIsSaidWhenNothingMatches() {
    var s = lines(100, matching: 1)
    s.list.results.hits = []
    s.list.results.nbHits = 0
    #expect(!screen(s).contains("No results"))
    #expect(screen(s).hasSuffix("  0/100 \(rule(21))\n> 1"))
  }

  @Test func theScrollbarIsAsLongAsTheRowsShareOfTheMatchesSquared() {
    var s = lines(100, matching: 8, rows: 6)
    var context = Self.fzfSigns()
    context.scrollbar = "│"
    // 4 rows for 8 matches: a thumb of 4 × 4 / 8 = 2 rows, at the first row shown (the bottom).
    let rows = screen(s, context).split(separator: "\n").map(String.init)
    #expect(rows.map { $0.hasSuffix("│") } == [false, false, true, true, false, false])
    s.list.scrollOffset = 4
    let scrolled = screen(s, context).split(separator: "\n").map(String.init)
    #expect(scrolled.map { $0.hasSuffix("│") } == [true, true, false, false, false, false])
  }

  /// fzf shows its whole header while a row of the list is left (Seek's look: half the room).
  @Test func theWholeHeaderShowsWhileARowIsLeft() {
    var s = lines(100, matching: 3, rows: 24)
    s.header = (1...15).map { "h\($0)" }
    #expect(Layout.headerLines(s) == 15)
    s.look = .seek
    #expect(Layout.headerLines(s) == 11)
  }

  /// fzf's keys and bound moves go up and down the screen: in its default layout (the list
  /// growing up), Tab (toggle+down) moves to the previous line and `up` to the next.
  @Test func movesFollowTheScreenInTheDefaultLayout() {
    #expect(ListLayout.bottomUp.oriented(.key(.tabPressed), fzfKeys: true) == .key(.backTabPressed))
    #expect(ListLayout.bottomUp.oriented(.key(.tabPressed), fzfKeys: false) == .key(.tabPressed))
    #expect(ListLayout.reverse.oriented(.key(.tabPressed), fzfKeys: true) == .key(.tabPressed))
    #expect(
      ListLayout.bottomUp.oriented(.app(.actionsTriggered([.up, .toggleDown, .toggleIn, .first])))
        == .app(.actionsTriggered([.down, .toggleUp, .toggleIn, .first])))
  }

  /// `--scroll-off 3`: three rows kept in view past the selection, at most half the pane.
  @Test func scrollOffKeepsRowsInViewPastTheSelection() {
    var list = ResultsListState()
    list.results.hits = (1...10).map { ResultHit(objectID: "\($0)", title: "\($0)") }
    list.results.offersCreate = false
    list.scrollOff = 3
    list.selection = 3
    ResultsReducer.clamp(&list, rows: 6)
    #expect(list.scrollOffset == 1)
    list.selection = 9
    ResultsReducer.clamp(&list, rows: 6)
    #expect(list.scrollOffset == 4)
    // An even pane: both rules hold at once, the lower wins (fzf's loop settles there too).
    list.selection = 5
    ResultsReducer.clamp(&list, rows: 6)
    #expect(list.scrollOffset == 3)
    list.selection = 2
    ResultsReducer.clamp(&list, rows: 6)
    #expect(list.scrollOffset == 0)
  }
}

/// fzf's way with a line too wide for its row, checked against fzf 0.74.5's screens.
@Suite struct FzfLineTests {
  let long = String(repeating: "=", count: 200) + "0123456789"

  func fit(
    _ text: String, match: Range<Int>? = nil, room: Int = 77, keeping: Elision.Keep = .matchesAndEnds, off: Int = 10
  )
    -> String
  {
    FzfLine.fit(text, ranges: match.map { [$0] } ?? [], room: room, ellipsis: "··", hscrollOff: off, keeping: keeping).0
  }

  @Test func theLastMatchIsScrolledIntoViewWithTheScrollOffAfterIt() {
    // fzf --hscroll-off=3 -q 0 on 80 columns: `▌ ··====…0123··`.
    let shown = fit(long, match: 200..<201, off: 3)
    #expect(shown == "··" + String(repeating: "=", count: 69) + "0123··")
    #expect(DisplayWidth.of(shown) == 77)
    // The match near the start: the start is kept.
    #expect(fit("ab" + long, match: 0..<1).hasPrefix("ab===") && fit("ab" + long, match: 0..<1).hasSuffix("=··"))
  }

  /// fzf counts the scroll-off in code points: a letter with a combining mark counts two (its
  /// test_zero_width_characters).
  @Test func theScrollOffCountsCodePoints() {
    let marked = fit(
      String(repeating: "=", count: 200) + "0" + String(repeating: "a\u{331}", count: 20), match: 200..<201, off: 3)
    #expect(marked.hasSuffix("0a\u{331}··"))
  }

  @Test func keepRightAndNoHscrollKeepAnEnd() {
    #expect(fit(long, keeping: .end) == "··" + String(repeating: "=", count: 65) + "0123456789")
    #expect(fit(long, keeping: .start) == String(repeating: "=", count: 75) + "··")
  }

  @Test func matchedRangesMoveWithTheCut() {
    let (shown, ranges) = FzfLine.fit(
      long, ranges: [200..<201], room: 77, ellipsis: "··", hscrollOff: 3, keeping: .matchesAndEnds)
    let start = shown.utf8.index(shown.utf8.startIndex, offsetBy: ranges[0].lowerBound)
    #expect(shown[start] == "0")
  }

  @Test func tabsExpandToTheTabstopAndLineBreaksShow() {
    #expect(FzfLine.expanded("f\too\tba", ranges: [], tabstop: 3).0 == "f  oo ba")
    let (text, ranges) = FzfLine.expanded("a\tb\nc", ranges: [4..<5], tabstop: 8)
    #expect(text == "a       b␊c")
    #expect(ranges == [12..<13])  // `c`, after 7 spaces and the 3 bytes of ␊
  }
}

/// fzf's `--freeze-left` and `--freeze-right`, checked against fzf 0.74.5's screens (its
/// test_freeze_* on `seq 10000 | tr "\n" ' '`).
@Suite struct FrozenFieldsTests {
  let numbers = (1...10_000).map(String.init).joined(separator: " ") + " "

  func fit(_ text: String, _ frozen: FrozenFields, match: Range<Int>? = nil, room: Int = 76) -> String {
    let splits = frozen.splits(of: text)
    return FzfLine.fitFrozen(
      text, ranges: match.map { [$0] } ?? [], splits: splits, room: room, ellipsis: "XX", hscrollOff: 10,
      keeping: .matchesAndEnds
    ).0
  }

  @Test func theFirstAndLastFieldsStayAsTheMiddleScrolls() {
    let frozen = FrozenFields(left: 3, right: 3)
    let shown = fit(numbers, frozen)
    #expect(shown.hasPrefix("1 2 3 4 5 ") && shown.hasSuffix("XX9998 9999 10000 "))
    #expect(DisplayWidth.of(shown) <= 76)
    // A match in the middle: the middle scrolls to it, the frozen parts stay.
    let at = numbers.utf8.count / 2
    let scrolled = fit(numbers, frozen, match: at..<(at + 4))
    #expect(scrolled.hasPrefix("1 2 3XX") && scrolled.hasSuffix("XX9998 9999 10000 "))
  }

  @Test func aDelimiterThatEndsTheLineMakesOneMoreField() {
    let text = "1 , 2 , 3 , 4 , 5 , 6 , 7 , 8 , 9 , 10 , "
    let shape = LineShape(delimiter: " , ")
    let frozen = FrozenFields(left: 3, right: 3, shape: shape)
    let shown = fit(text, frozen, room: 30)
    // The right part starts with the delimiter's text before its first field (fzf's).
    #expect(shown.hasPrefix("1 , 2 , 3 ,") && shown.hasSuffix("XX, 9 , 10 , "))
  }

  /// A line longer than the 64 KB searched and shown keeps its end from its tail (fzf 0.74.5's
  /// test_freeze_left_and_right_delimiter on 10,000 numbers ` , `-delimited: 78 KB).
  @Test func aLongLineKeepsItsEndFromItsTail() {
    var store = DocumentStore(attributes: ["text"])
    let line = (1...10_000).map(String.init).joined(separator: " , ") + " , "
    store.append(objectID: "1", values: [line])
    #expect(store.valueTail(0, 0).map { line.hasSuffix($0) } == true && store.valueTail(0, 0)!.utf8.count <= 4096)
    var hit = ResultHit(objectID: "1", title: store.indexedValue(0, 0))
    hit.titleTail = store.valueTail(0, 0)
    var context = RenderContext(pointer: ">", marker: ">")
    context.ellipsis = "XX"
    context.frozen = FrozenFields(left: 3, right: 3, shape: LineShape(delimiter: " , "))
    #expect(Renderer.fzfLine(hit, room: 76, context).0.hasSuffix("XX, 9999 , 10000 , "))
    // Short values have no tail.
    store.append(objectID: "2", values: ["short"])
    #expect(store.valueTail(1, 0) == nil)
  }

  @Test func fieldsBeyondTheLineFreezeItAll() {
    let all = fit(numbers, FrozenFields(right: 100_000))
    #expect(all.hasPrefix("XX") && all.hasSuffix("9998 9999 10000 ") && all.components(separatedBy: "XX").count == 2)
    let withLeft = fit(numbers, FrozenFields(left: 3, right: 100_000))
    #expect(withLeft.hasPrefix("1 2 3XX") && withLeft.hasSuffix(" 9999 10000 "))
    #expect(withLeft.components(separatedBy: "XX").count == 2)
    // A line that fits is drawn as it is.
    #expect(fit("a b c", FrozenFields(left: 1, right: 1)) == "a b c")
  }
}
