import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

/// A numeric facet in the refinement pane: a histogram of the hits' numbers whose handles are
/// moved by the arrows or a click, each move a `>=` / `<` refinement on round edges.
@Suite struct RangeSliderTests {
  /// Prices 0 ... 1000 in ten buckets of 100.
  static let price = FacetResult(
    attribute: "price", values: [],
    stats: .init(
      min: 3, max: 990, sum: 0, count: 55,
      histogram: Histogram(start: 0, step: 100, counts: [9, 8, 7, 6, 5, 5, 4, 4, 4, 3])))

  /// The pane focused on the price histogram.
  static func focusedOnHistogram() -> SearchState {
    var state = SearchState()
    state.refining.numericFacets = ["price"]
    _ = SearchReducer.reduce(&state, .app(.started(Viewport(refinementsBeside: true))))
    state.list.results.facets = [price]
    state.focus = .refinements
    state.refining.paneSelection = state.paneRows.firstIndex { if case .histogram = $0 { true } else { false } }!
    return state
  }

  static func chips(_ state: SearchState) -> [String] { state.refining.refine.refinements.chips }

  @Test func arrowsMoveTheActiveHandleAndSearchAgain() {
    var state = Self.focusedOnHistogram()
    // The upper handle first: "under 900".
    var effects = SearchReducer.reduce(&state, .query(.cursorMoved(.left)))
    #expect(Self.chips(state) == ["price < 900"])
    #expect(effects.contains { if case .searchResults = $0 { true } else { false } })
    #expect(state.editor.text.isEmpty)
    // Space switches to the lower handle; two steps right: 200 and up.
    _ = SearchReducer.reduce(&state, .key(.spacePressed))
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.right)))
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.right)))
    #expect(Self.chips(state) == ["price >= 200", "price < 900"])
    // The rows read the handles back from the refinements (the histogram is the same: it is
    // counted without the price refinements).
    guard case .histogram(_, _, let lower, let upper) = state.paneRows[state.refining.paneSelection] else {
      Issue.record("no histogram row")
      return
    }
    #expect(lower == 2 && upper == 9)
    // Back to the lower end: that refinement goes; a handle never passes the other.
    effects = SearchReducer.reduce(&state, .query(.cursorMoved(.left)))
    effects = SearchReducer.reduce(&state, .query(.cursorMoved(.left)))
    effects = SearchReducer.reduce(&state, .query(.cursorMoved(.left)))
    #expect(Self.chips(state) == ["price < 900"])
    _ = SearchReducer.reduce(&state, .key(.spacePressed))
    for _ in 0..<20 { _ = SearchReducer.reduce(&state, .query(.cursorMoved(.left))) }
    #expect(Self.chips(state) == ["price < 100"])
  }

  /// A click moves the nearer handle to the bucket (widening the range to take it in).
  @Test func aClickMovesTheNearerHandle() {
    var state = Self.focusedOnHistogram()
    let row = state.refining.paneSelection
    state.refining.paneSelection = 0
    _ = SearchReducer.reduce(&state, .refinements(.paneHistogramClicked(row: row, bucket: 7)))
    #expect(Self.chips(state) == ["price < 800"] && state.refining.paneSelection == row)
    _ = SearchReducer.reduce(&state, .refinements(.paneHistogramClicked(row: row, bucket: 1)))
    #expect(Self.chips(state) == ["price >= 100", "price < 800"])
    #expect(state.refining.lowerHandleActive)
    _ = SearchReducer.reduce(&state, .refinements(.paneHistogramClicked(row: row, bucket: 9)))
    #expect(Self.chips(state) == ["price >= 100"])
  }

  /// A typed refinement shows on the nearest edges.
  @Test func typedRefinementsShowOnTheNearestEdges() {
    var state = Self.focusedOnHistogram()
    state.refining.refine.refinements.numeric = [.init(attribute: "price", comparison: .lessOrEqual, value: 437)]
    guard case .histogram(_, _, let lower, let upper) = state.paneRows[state.refining.paneSelection] else {
      Issue.record("no histogram row")
      return
    }
    #expect(lower == 0 && upper == 4)
    // The arrows go from the typed bound to the edge beside it, then edge by edge.
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.right)))
    #expect(Self.chips(state) == ["price < 500"])
    state.refining.refine.refinements.numeric = [.init(attribute: "price", comparison: .lessOrEqual, value: 437)]
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.left)))
    #expect(Self.chips(state) == ["price < 400"])
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.left)))
    #expect(Self.chips(state) == ["price < 300"])
  }

  /// New counts keep the selection on the histogram it was on, wherever its row now is.
  @Test func theSelectionFollowsItsRowWhenCountsChange() {
    var state = Self.focusedOnHistogram()
    let brand = FacetResult(
      attribute: "brand", values: [.init(value: "Apple", count: 3), .init(value: "Sony", count: 1)])
    var page = ResultsPage(query: "", page: 0, hits: [], nbHits: 0, nbPages: 0)
    page.facets = [brand, Self.price]
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page)))
    guard case .histogram = state.paneRows[state.refining.paneSelection] else {
      Issue.record("the selection left the histogram: \(state.paneRows[state.refining.paneSelection])")
      return
    }
  }

  /// The catalog counts a refined number's histogram without its own refinement, so the bars the
  /// handles move over stay put; the hits are refined.
  @Test func theHistogramIsCountedWithoutItsOwnRefinement() throws {
    let catalog = try CatalogLoader.load(path: repositoryRoot + "/Data/products.json")
    let searcher = CatalogSearcher(catalog: catalog)
    var request = CatalogSearcher.Request(query: "tv", hitsPerPage: 1000, facets: ["*"])
    request.histogramBuckets = 24
    let whole = try searcher.search(request)
    request.refinements.numeric = [.init(attribute: "price", comparison: .less, value: 500)]
    let refined = try searcher.search(request)
    let stats = { (r: CatalogSearcher.Response) in r.facets.first { $0.attribute == "price" }?.stats }
    #expect(stats(whole)?.histogram != nil)
    #expect(stats(refined)?.histogram == stats(whole)?.histogram)
    #expect(stats(refined)?.min == stats(whole)?.min && stats(refined)?.max == stats(whole)?.max)
    #expect(refined.nbHits < whole.nbHits && refined.nbHits > 0)
    let column = catalog.index.documents.attributeIndex("price")!
    #expect(refined.hits.allSatisfy { Double($0.index.documents.value($0.hit.record, column))! < 500 })
    // The empty query's bars are every record's (kept from one empty query to the next).
    let prices = (0..<catalog.index.count).compactMap { Double(catalog.index.documents.value($0, column)) }
    let everyPrice = Histogram.of(prices, minimum: prices.min()!, maximum: prices.max()!, buckets: 24)
    var emptyQuery = CatalogSearcher.Request(query: "", facets: ["*"])
    emptyQuery.histogramBuckets = 24
    for _ in 0..<2 {
      let empty = try searcher.search(emptyQuery)
      #expect(stats(empty)?.histogram == everyPrice)
      _ = try searcher.search(request)
    }
    // Another attribute's counts do see the price refinement.
    let brands = { (r: CatalogSearcher.Response) in r.facets.first { $0.attribute == "brand" }!.values }
    #expect(brands(refined).map(\.count).reduce(0, +) < brands(whole).map(\.count).reduce(0, +))
  }
}
