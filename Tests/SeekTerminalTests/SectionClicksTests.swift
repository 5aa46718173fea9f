import Testing

@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// fzf's `click-header` and `click-footer`: the line as drawn, the column from the text, the field
/// clicked counted over the header's lines (fzf 0.74.5's answers for the same screens).
@Suite struct SectionClicksTests {
  /// `--header $'Aaa Bbb\nCcc' --header-lines 3` (the input's Xaa, Ybb, Zcc), `--footer Foo`.
  func state(_ layout: ListLayout) -> SearchState {
    var s = SearchState()
    s.viewport.screen = ScreenSize(columns: 40, rows: 14)
    s.look = .fzf(separator: true)
    s.marks.picking = Picking.defaults(lines: true)
    s.statusFollowsQuery = layout.promptAtBottom
    s.header = ["Aaa Bbb", "Ccc", "Xaa", "Ybb", "Zcc"]
    s.inputHeaderLines = 3
    s.footer = ["Foo  Bar"]
    return s
  }

  /// The click on the cell the screen shows `word` in.
  func click(_ word: String, _ layout: ListLayout, shape: LineShape = LineShape()) -> SectionClick? {
    let s = state(layout)
    let screen = layout.arrange(Renderer.render(s), for: s).text.split(
      separator: "\n", omittingEmptySubsequences: false)
    guard let row = screen.firstIndex(where: { $0.contains(word) }), let range = screen[row].range(of: word) else {
      return nil
    }
    let column = screen[row].distance(from: screen[row].startIndex, to: range.lowerBound)
    let logical = layout.logicalRow(row, column: column, s)
    return SectionClicks.hit(
      column: column, row: logical, screenRow: row, s, layout: layout, headerFirst: false, shape: shape)
  }

  @Test func theDefaultLayoutCountsTheTurnedInputLinesFromTheTop() {
    #expect(click("Zcc", .bottomUp) == SectionClick(section: .header, line: 1, column: 1, word: "Zcc", nth: 1))
    #expect(click("Bbb", .bottomUp) == SectionClick(section: .header, line: 4, column: 5, word: "Bbb", nth: 5))
    let last = click("Ccc", .bottomUp)
    #expect(last?.line == 5)
    #expect(last?.nthExpression == "6..")
  }

  @Test func reverseCountsHeaderFirstThenTheInputLines() {
    #expect(click("Aaa", .reverse)?.line == 1)
    #expect(click("Xaa", .reverse).map { ($0.line, $0.nth) }! == (3, 4))
    #expect(click("Zcc", .reverse)?.nthExpression == "6..")
  }

  @Test func aDelimiterCutsTheWordsAndStaysOnThem() {
    #expect(
      SectionClicks.word(in: "Aaa,Bbb", atColumn: 1, shape: LineShape(delimiter: ",")).map { "\($0.word) \($0.field)" }
        == "Aaa, 0")
    #expect(SectionClicks.word(in: "Aaa   Bbb", atColumn: 6, shape: LineShape()).map(\.word) == "Bbb")
    #expect(SectionClicks.word(in: "Aaa", atColumn: 3, shape: LineShape()) == nil)
  }

  @Test func theFooterTellsItsLineAndWordButNoField() {
    let click = click("Bar", .bottomUp)
    #expect(click == SectionClick(section: .footer, line: 1, column: 6, word: "Bar"))
  }

  @Test func theClickIsKeptAndTheBoundEventFired() {
    var s = state(.bottomUp)
    s.eventBindings[.clickHeader] = [.changePrompt("clicked> ")]
    let click = SectionClick(section: .header, line: 2, column: 1, word: "Ccc", nth: 3)
    _ = SearchReducer.reduce(&s, .click(.sectionClicked(click)))
    #expect(s.headerClick == click)
    #expect(s.prompt == "clicked> ")
    var variables: [String: String] = [:]
    CommandVariables.add(click, named: "HEADER", to: &variables)
    #expect(
      variables == [
        "FZF_CLICK_HEADER_LINE": "2", "FZF_CLICK_HEADER_COLUMN": "1", "FZF_CLICK_HEADER_WORD": "Ccc",
        "FZF_CLICK_HEADER_NTH": "3",
      ])
  }
}
