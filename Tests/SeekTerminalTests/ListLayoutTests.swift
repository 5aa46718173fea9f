import Testing

@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// fzf's `--layout` and `--info` styles: the frame turned over for a prompt at the bottom, text
/// blocks kept upright, and clicks mapped back to the rows the state machine knows.
@Suite struct ListLayoutTests {
  func lines(_ layout: ListLayout, _ configure: (inout SearchState) -> Void = { _ in }) -> (SearchState, ScreenBuffer) {
    var s = state(rows: 9)
    s.suggestionsPane.hits = []
    s.header = ["H1", "H2"]
    s.statusFollowsQuery = layout.promptAtBottom
    configure(&s)
    return (s, layout.arrange(Renderer.render(s), for: s))
  }

  @Test func defaultLayoutPutsThePromptAtTheBottomAndTheListGrowingUp() {
    let (_, buffer) = lines(.bottomUp)
    #expect(
      buffer.text == """


        [ ] Mac mini M2  Apple
        [ ] Apple MacBook Air 13"  Apple  $999.00
        + Create “mac”
        H1
        H2
        2 hits · 0.42 ms
        > mac
        """)
    #expect(buffer.cursor?.row == 8)
  }

  /// The list from the top; `--header` stays by the prompt (fzf's), the input's header lines
  /// head the list.
  @Test func reverseListReadsTheListFromTheTop() {
    let (_, buffer) = lines(.reverseList)
    #expect(
      buffer.text == """
        + Create “mac”
        [ ] Apple MacBook Air 13"  Apple  $999.00
        [ ] Mac mini M2  Apple


        H1
        H2
        2 hits · 0.42 ms
        > mac
        """)
    let (_, withInputHeader) = lines(.reverseList) { $0.inputHeaderLines = 1 }
    #expect(withInputHeader.text.hasPrefix("H2\n+ Create"))
    #expect(withInputHeader.text.hasSuffix("\nH1\n2 hits · 0.42 ms\n> mac"))
  }

  @Test func theInputsHeaderLinesGrowUpWithTheList() {
    let (_, buffer) = lines(.bottomUp) { $0.inputHeaderLines = 2 }
    #expect(buffer.text.hasSuffix("+ Create “mac”\nH2\nH1\n2 hits · 0.42 ms\n> mac"))
  }

  @Test func reverseIsTheFrameAsDrawn() {
    var s = state(rows: 9)
    s.suggestionsPane.hits = []
    #expect(ListLayout.reverse.arrange(Renderer.render(s), for: s) == Renderer.render(s))
  }

  /// A click on a row selects the hit drawn there, whatever the layout.
  @Test(arguments: ListLayout.allCases, [false, true])
  func clicksMapBackToTheRowDrawnThere(layout: ListLayout, headerFirst: Bool) {
    var (s, _) = lines(layout) { $0.inputHeaderLines = 1 }
    s.details.open = true
    s.details.placement.position = .top
    s.viewport.screen.rows = 16
    let buffer = layout.arrange(Renderer.render(s), for: s, headerFirst: headerFirst)
    let plain = Renderer.render(s).text.split(separator: "\n", omittingEmptySubsequences: false)
    let shown = buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
    var seen = Set<Int>()
    for row in 0..<s.screen.rows {
      let logical = layout.logicalRow(row, column: 0, s, headerFirst: headerFirst)
      #expect(plain[logical] == shown[row], "row \(row) of \(layout)")
      seen.insert(logical)
    }
    #expect(seen.count == s.screen.rows)  // one to one
  }

  @Test func headerFirstPutsTheHeaderBeforeTheQueryLine() {
    let (s, _) = lines(.reverse)
    let top = ListLayout.reverse.arrange(Renderer.render(s), for: s, headerFirst: true).text
    #expect(top.hasPrefix("H1\nH2\n> mac"))
    let bottom = ListLayout.bottomUp.arrange(Renderer.render(s), for: s, headerFirst: true).text
    #expect(bottom.hasSuffix("> mac\nH1\nH2"))
  }

  /// Only `--header`'s lines move (fzf's): those read from the input stay with the list.
  @Test func headerFirstLeavesTheInputsHeaderLinesWithTheList() {
    func shown(_ layout: ListLayout) -> String {
      let (s, _) = lines(layout) { $0.inputHeaderLines = 1 }
      return layout.arrange(Renderer.render(s), for: s, headerFirst: true).text
    }
    #expect(shown(.reverse).hasPrefix("H1\n> mac\nH2\n+ Create"))
    #expect(shown(.bottomUp).hasSuffix("+ Create “mac”\nH2\n2 hits · 0.42 ms\n> mac\nH1"))
    #expect(shown(.reverseList).hasPrefix("H2\n+ Create"))
    #expect(shown(.reverseList).hasSuffix("2 hits · 0.42 ms\n> mac\nH1"))
  }

  @Test func upAndDownSwapOnlyWhenTheListGrowsUp() {
    #expect(ListLayout.bottomUp.oriented(.move(.movedUp)) == .move(.movedDown))
    #expect(ListLayout.bottomUp.oriented(.move(.pagedDown)) == .move(.pagedUp))
    #expect(ListLayout.bottomUp.oriented(.move(.scrolled(lines: 1))) == .move(.scrolled(lines: -1)))
    #expect(ListLayout.reverseList.oriented(.move(.movedUp)) == .move(.movedUp))
    #expect(ListLayout.reverse.oriented(.move(.movedDown)) == .move(.movedDown))
  }

  @Test func inlineInfoFollowsTheQueryAndLeavesTheStatusLine() {
    var s = state(rows: 9)
    s.info = .inline(right: false)
    let text = Renderer.render(s).text
    #expect(text.hasPrefix("> mac  < 2\n"))
    #expect(!text.contains("0.42 ms"))
    s.info = .inline(right: true)
    #expect(Renderer.render(s).text.split(separator: "\n")[0].hasSuffix("< 2"))
    #expect(Layout.statusLines(s) == 0)
  }

  @Test func aBorderFramesTheFinderAndClicksLandInside() {
    let screen = ScreenSize(columns: 30, rows: 8)
    let inner = Border.rounded.inner(screen)
    #expect(inner == ScreenSize(columns: 26, rows: 6))
    var s = state(columns: inner.columns, rows: inner.rows)
    s.suggestionsPane.hits = []
    let framed = Border.rounded.frame(Renderer.render(s), screen: screen)
    let lines = framed.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(String(lines[0]) == "╭" + String(repeating: "─", count: 28) + "╮")
    #expect(lines[1].hasPrefix("│ > mac") && lines[1].hasSuffix("│"))
    #expect(String(lines[7]) == "╰" + String(repeating: "─", count: 28) + "╯")
    #expect(framed.cursor?.column == 2 + 5 && framed.cursor?.row == 1)
    #expect(Border.rounded.inside(column: 2, row: 1, screen: screen)! == (0, 0))
    #expect(Border.rounded.inside(column: 0, row: 3, screen: screen) == nil)
    #expect(Border.horizontal.inner(screen) == ScreenSize(columns: 30, rows: 6))
    // Too small for a border: none is drawn.
    #expect(Border.rounded.inner(ScreenSize(columns: 6, rows: 3)) == ScreenSize(columns: 6, rows: 3))
  }

  /// fzf's `--margin 2,3 --border --border-label foobar --border-label-pos 2` on 40×10, as fzf
  /// 0.74.5 draws it: two blank rows, three blank columns, the label after the corner.
  @Test func aMarginSurroundsTheBorderAndItsLabel() throws {
    let screen = ScreenSize(columns: 40, rows: 10)
    var surround = Surround(border: .rounded)
    surround.margin = try #require(Insets("2,3"))
    surround.label = "foobar"
    surround.labelPosition.column = 2
    let inner = surround.inner(screen)
    #expect(inner == ScreenSize(columns: 30, rows: 4))
    var s = state(columns: inner.columns, rows: inner.rows)
    s.suggestionsPane.hits = []
    let lines = surround.frame(Renderer.render(s), screen: screen).text
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0].trimming(" ").isEmpty && lines[1].trimming(" ").isEmpty)
    #expect(lines[2] == "   ╭foobar" + String(repeating: "─", count: 26) + "╮")
    #expect(lines[3].hasPrefix("   │ > mac"))
    #expect(lines[7] == "   ╰" + String(repeating: "─", count: 32) + "╯")
    #expect(surround.inside(column: 5, row: 3, screen: screen)! == (0, 0))
    #expect(surround.inside(column: 1, row: 3, screen: screen) == nil)
  }

  /// A label from the right (`-2`: its last character before the corner), centred on the bottom
  /// line (`0:bottom`), and sizes in percent of the screen.
  @Test func labelsStandWhereTheirPositionSays() throws {
    let screen = ScreenSize(columns: 40, rows: 10)
    var right = Surround(border: .rounded)
    right.label = "foobar"
    right.labelPosition.column = -2
    let top = right.frame(ScreenBuffer(columns: 36, rows: 8), screen: screen).text.split(separator: "\n")[0]
    #expect(String(top) == "╭" + String(repeating: "─", count: 32) + "foobar╮")
    var bottom = Surround(border: .bottom)
    bottom.margin = try #require(Insets("10%"))
    bottom.label = "foo"
    bottom.labelPosition.atBottom = true
    #expect(bottom.inner(screen) == ScreenSize(columns: 32, rows: 7))
    let lines = bottom.frame(ScreenBuffer(columns: 32, rows: 7), screen: screen).text.split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(String(lines[8]) == "    " + String(repeating: "─", count: 14) + "foo" + String(repeating: "─", count: 15))
    #expect(Insets("1,2,3,4,5") == nil && Insets("x") == nil && Insets("101%") == nil)
  }
}
