import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// The one seam between the screen and the state machine: clicks become the rows they hit, and
/// the state machine is told the rows it pages by.
@Suite struct LayoutTests {
  /// `state()`: the query line, two suggestions, then the create row and two hits.
  @Test func clicksBecomeTheRowsTheyHit() {
    let s = state()
    #expect(Layout.click(column: 5, row: 0, double: false, in: s) == .click(.queryClicked))
    #expect(Layout.click(column: 5, row: 2, double: true, in: s) == .click(.suggestionClicked(1, double: true)))
    #expect(Layout.resultsTop(s) == 3)
    #expect(Layout.click(column: 5, row: 3, double: false, in: s) == .click(.resultClicked(0, double: false)))
    #expect(Layout.click(column: 5, row: 5, double: false, in: s) == .click(.resultClicked(2, double: false)))
    #expect(Layout.click(column: 5, row: 6, double: false, in: s) == nil)  // under the last row
    #expect(Layout.click(column: 5, row: 11, double: false, in: s) == nil)  // the status line
  }

  /// A scrolled list: the row on screen is the list's row past the scroll.
  @Test func clicksCountFromTheFirstRowShown() {
    var s = state()
    s.list.scrollOffset = 1
    #expect(Layout.click(column: 0, row: 4, double: false, in: s) == .click(.resultClicked(2, double: false)))
  }

  /// The results' rows follow what else is on screen: the suggestions hidden give them two rows,
  /// the details pane below takes its share, a wide screen puts the refinement pane beside them.
  @Test func theViewportFollowsTheState() {
    var s = state()
    let screen = ScreenSize(columns: 60, rows: 12)
    #expect(Layout.viewport(for: s, screen: screen) == Viewport(screen: screen, resultsRows: 8))
    s.suggestionsPane.visible = false
    #expect(Layout.viewport(for: s, screen: screen).resultsRows == 10)
    s.details.open = true
    let withDetails = Layout.viewport(for: s, screen: screen)
    #expect(withDetails.detailsRows == 4 && withDetails.resultsRows == 5)
    let wide = ScreenSize(columns: 130, rows: 12)
    #expect(Layout.viewport(for: s, screen: wide).refinementsBeside)
  }

  /// Chips and the pane's values can be clicked: a chip's refinement goes, a value toggles.
  @Test func chipsAndPaneValuesAreClickable() {
    var s = state(columns: 130, rows: 12)
    s.refining.facetAttributes = ["brand"]
    s.refining.refine.refinements.toggle("brand", "Apple")
    s.refining.refine.refinements.toggle("brand", "Sony")
    s.list.results.facets = [
      FacetResult(attribute: "brand", values: [.init(value: "Apple", count: 5), .init(value: "Sony", count: 3)])
    ]
    let spans = Layout.chipSpans(s)
    #expect(spans.count == 2)
    let row = Layout.chipsRow(s)
    #expect(
      Layout.click(column: spans[1].lowerBound + 1, row: row, double: false, in: s) == .refinements(.chipRemoved(1)))
    #expect(Layout.click(column: spans[0].upperBound, row: row, double: false, in: s) == nil)  // between chips
    let paneColumn = s.screen.columns - Layout.paneWidth(s) + 3
    let top = Layout.resultsTop(s)
    #expect(Layout.click(column: paneColumn, row: top, double: false, in: s) == nil)  // the facet's name
    #expect(Layout.click(column: paneColumn, row: top + 2, double: false, in: s) == .refinements(.paneValueClicked(2)))
  }

  /// A numeric facet's bars: a click on one is that bucket, drawn where the renderer draws it.
  @Test func histogramBarsAreClickableWhereTheyAreDrawn() {
    var s = state(columns: 130, rows: 12)
    s.refining.numericFacets = ["price"]
    s.list.results.facets = [
      FacetResult(
        attribute: "price", values: [],
        stats: .init(min: 0, max: 90, histogram: Histogram(start: 0, step: 10, counts: [1, 2, 3, 8, 4, 0, 0, 1, 1])))
    ]
    let top = Layout.resultsTop(s)
    let bars = Layout.histogramBars(s, buckets: 9)
    #expect(
      Layout.click(column: bars.column, row: top + 1, double: false, in: s)
        == .refinements(.paneHistogramClicked(row: 1, bucket: 0)))
    #expect(
      Layout.click(column: bars.column + 3 * bars.width, row: top + 1, double: false, in: s)
        == .refinements(.paneHistogramClicked(row: 1, bucket: 3)))
    #expect(
      Layout.click(column: bars.column + 4 * bars.width - 1, row: top + 1, double: false, in: s)
        == .refinements(.paneHistogramClicked(row: 1, bucket: 3)))
    #expect(Layout.click(column: bars.column + 9 * bars.width, row: top + 1, double: false, in: s) == nil)
    #expect(Layout.click(column: bars.column - 1, row: top + 1, double: false, in: s) == nil)
    // The tallest bar is full; an empty bucket is blank; the others at least an eighth.
    s.list.results.isPending = false
    let buffer = Renderer.render(s)
    #expect(buffer[bars.column + 3 * bars.width, top + 1].text == "█")
    #expect(buffer[bars.column + 5 * bars.width, top + 1].text == " ")
    #expect(buffer[bars.column + 7 * bars.width, top + 1].text == "▁")
    #expect(buffer[bars.column + 2 * bars.width, top + 1].style.contains(.accent))
  }
}
