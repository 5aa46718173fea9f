import Testing

@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// fzf's `--multi-line`: items of several lines drawn over as many rows, each block below fzf
/// 0.74.5's screen for the same input and keys (`(echo -en '0\0'; echo -en '1\n2\0'; seq 1000)
/// | fzf --read0 --multi --bind load:select-all`, 20×10, the suite's signs).
@Suite struct MultiLineTests {
  func state(_ titles: [String], rows: Int = 10, checked: Bool = true) -> SearchState {
    var s = SearchState()
    s.viewport.screen = ScreenSize(columns: 20, rows: rows)
    s.viewport.listRows = rows - 2
    s.look = .fzf(separator: true)
    s.statusFollowsQuery = true
    s.marks.picking = Picking.defaults(lines: true)
    s.marks.picking.marks = true  // -m
    s.list.multiLine = true
    s.list.scrollOff = 3
    s.list.results.isPending = false
    s.list.results.offersCreate = false
    s.list.results.hits = titles.enumerated().map { ResultHit(objectID: "\($0.offset)", title: $0.element) }
    (s.list.results.nbHits, s.list.results.recordCount) = (titles.count, titles.count)
    (s.list.results.nbPages, s.list.results.pagesLoaded) = (1, 1)
    if checked { s.marks.checked = titles.indices.map(String.init) }
    s.focus = .results
    return s
  }

  let thousand = ["0", "1\n2", (1...1000).map(String.init).joined(separator: "\n") + "\n"]

  func screen(_ s: SearchState, layout: ListLayout = .bottomUp) -> String {
    var context = RenderContext(pointer: ">", marker: ">")
    context.gutter = " "
    context.listGrowsUp = layout == .bottomUp
    return layout.arrange(Renderer.render(s, context: context), for: s).text
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }

  /// Bottom up: the item at the top cut at its far end keeps its last lines; the marks are
  /// `╻┃╹` by each line's place in its item.
  @Test func itemsOfSeveralLinesTakeARowEach() {
    #expect(
      screen(state(thousand)) == """
         ┃997
         ┃998
         ┃999
         ┃1000
         ╹
         ╻1
         ╹2
        >>0
          3/3 (3) ─────────
        >
        """)
  }

  /// The selected item taller than the pane: shown from its first line, its pointer on every
  /// row, its last row shown saying more follows (`␊`); reverse reads down.
  @Test func aTallSelectedItemIsShownFromItsStart() {
    var s = state(thousand)
    s.list.selection = 2
    ResultsReducer.clampLines(&s.list, rows: 8, gap: 0)
    #expect(s.list.scrollOffset == 2)
    let rows = screen(s).split(separator: "\n").map(String.init)
    #expect(rows[0] == ">╻1" && rows[1] == ">┃2" && rows[7] == ">┃8␊")
    s.list.selection = 0
    ResultsReducer.clampLines(&s.list, rows: 8, gap: 0)
    #expect(s.list.scrollOffset == 0)
    let reversed = screen(s, layout: .reverse).split(separator: "\n").map(String.init)
    #expect(reversed[2...5] == [">>0", " ╻1", " ╹2", " ╻1"] && reversed[9] == " ┃5␊")
  }

  /// Down from a tall item: the items before it come back while the one after still ends in the
  /// pane with the scroll-off's rows (fzf keeps 0, 1 and the tall one's last lines).
  @Test func theScrollOffIsCountedInRows() {
    var s = state(thousand)
    (s.list.selection, s.list.scrollOffset) = (1, 2)
    ResultsReducer.clampLines(&s.list, rows: 8, gap: 0)
    #expect(s.list.scrollOffset == 0)
    let items = (1...40).map { "l\($0)\nm\($0)" }
    var many = state(items, checked: false)
    many.list.selection = 5
    ResultsReducer.clampLines(&many.list, rows: 8, gap: 0)
    // Item 5's two rows and three after it: items 4 to 7 fill the pane (fzf: l4 to l7).
    #expect(many.list.scrollOffset == 4)
  }

  /// A click on any row of an item is the item's.
  @Test func aClickOnAnyRowOfAnItemIsTheItems() {
    let s = state(thousand, checked: false)
    let top = Layout.resultsTop(s)
    func clicked(_ row: Int) -> SearchEvent? { Layout.click(column: 3, row: top + row, double: false, in: s) }
    #expect(clicked(0) == .click(.resultClicked(0, double: false)))
    #expect(clicked(1) == .click(.resultClicked(1, double: false)))
    #expect(clicked(2) == .click(.resultClicked(1, double: false)))
    #expect(clicked(3) == .click(.resultClicked(2, double: false)))
  }
}
