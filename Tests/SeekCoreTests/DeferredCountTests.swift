import Foundation
import SearchEngine
import SeekApp
import Testing

@testable import SeekCore

/// A first page whose count is an estimate (`~`: over 50,000 records, the typo tier not counted)
/// is followed by the count lane's exact count, with the real runtime: 120,000 real package names.
@Suite struct DeferredCountTests {
  static let names = packageNames(first: 120_000)

  static let catalog: Catalog = {
    var table = RecordTable(attributes: ["text"])
    for name in names { table.appendRow([name]) }
    return Catalog(name: "pipe", path: "-", table: table, settings: CatalogSettings().resolved(for: table))
  }()

  @Test func anEstimateBecomesTheExactCount() throws {
    #expect(Self.names.count == 120_000)
    let searcher = CatalogSearcher(catalog: Self.catalog)
    // Queries whose first page is an estimate, with their exact counts.
    var estimated: [(query: String, exact: Int, shown: Int)] = []
    for query in ["django", "flask", "pytest", "requests", "numpy"] {
      let page = try searcher.search(.init(query: query, hitsPerPage: 20, highlightScope: nil))
      guard !page.exhaustiveNbHits else { continue }
      let exact = try searcher.search(.init(query: query, hitsPerPage: 1, exhaustive: true, highlightScope: nil))
      estimated.append((query, exact.nbHits, page.nbHits))
    }
    try #require(!estimated.isEmpty, "no query with an estimated count")
    for (query, exact, shown) in estimated {
      let app = try RuntimeDriver(catalog: Self.catalog, store: MemoryItemStore())
      // A short results pane: the first page fills it, no later page is asked for (a later page
      // would make the count exact on its own).
      app.send(.app(.viewportChanged(Viewport(resultsRows: 5))))
      for letter in query { app.send(.query(.inserted(String(letter)))) }
      app.settle {
        app.state.list.results.query == query && !app.state.list.results.isPending
          && app.state.list.results.exhaustiveNbHits
      }
      #expect(app.state.list.results.nbHits == exact, "\(query): shown \(shown), exact \(exact)")
      #expect(app.state.list.results.exhaustiveNbHits && app.state.list.results.pagesLoaded == 1, "\(query)")
      #expect(app.runtime.shutdown().isClean)
    }
  }
}
