import SearchEngine
import SeekApp
import Testing

@testable import SeekCore

/// The whole loop — reducer, search service, store — on small real catalogs.
@Suite struct SmartListTests {
  @Test func createRowAppearsForAnUnknownName() throws {
    let h = try Harness(catalog: catalog(["Milk", "Bread", "Butter"]))
    h.type("eggs")
    #expect(h.titles == ["+ eggs"])
    #expect(h.state.list.results.nbHits == 0)
  }

  @Test func noCreateRowForAnExactMatchWhichMovesToTheTop() throws {
    let h = try Harness(catalog: catalog(["Milk chocolate", "Oat Milk", "Milk"]))
    h.type("  MILK")
    #expect(h.titles.first == "Milk")
    #expect(!h.titles.contains { $0.hasPrefix("+ ") })
    #expect(Set(h.titles) == ["Milk", "Milk chocolate", "Oat Milk"])
  }

  @Test func exactMatchIgnoresCaseAndDiacritics() throws {
    let h = try Harness(catalog: catalog(["Crème brûlée set", "Creme Brulee"]))
    h.type("crème brûlée")
    #expect(h.titles.first == "Creme Brulee")
    #expect(!h.titles.contains { $0.hasPrefix("+ ") })
  }

  @Test func checkingTheCreateRowCreatesACheckedSearchableItemOnTop() throws {
    let store = MemoryItemStore()
    let h = try Harness(catalog: catalog(["Milk", "Bread"]), store: store)
    h.type("Oat cookies")
    #expect(h.titles == ["+ Oat cookies"])
    h.send(.move(.movedDown))
    h.send(.key(.spacePressed))
    #expect(h.titles == ["Oat cookies"])
    let id = CreatedItem.objectID(forTitle: "Oat cookies")
    #expect(h.state.marks.checked == [id])
    #expect(try store.createdItems().map(\.title) == ["Oat cookies"])
    // Searchable at once, like any item.
    h.send(.query(.cleared))
    h.type("cook")
    #expect(h.titles.contains("Oat cookies"))
  }

  @Test func groundStillOffersCreateAboveBackground() throws {
    let h = try Harness(catalog: catalog(["Background", "Foreground music"]))
    h.type("ground")
    #expect(h.titles.first == "+ ground")
    #expect(h.titles.contains("Background"))
  }

  @Test func noResultsFoundStillShowsTheCreateRow() throws {
    let h = try Harness(catalog: catalog(["Milk"]))
    h.type("xylophone")
    #expect(h.state.list.results.nbHits == 0)
    #expect(h.state.list.results.hits.isEmpty)
    #expect(h.titles == ["+ xylophone"])
  }

  @Test func pagesTwoAndThreeLoadOnScrollWithoutDuplicates() throws {
    let titles = (0..<55).map { "widget number \($0)" }
    let h = try Harness(catalog: catalog(titles), hitsPerPage: 20)
    h.type("widget")
    h.effects = []
    h.send(.key(.enterPressed))
    #expect(h.state.list.results.nbHits == 55)
    while h.state.list.selection < h.state.list.results.rows.count - 1 { h.send(.move(.movedDown)) }
    let pageRequests = h.effects.compactMap { effect -> Int? in
      if case .searchResults(let q, let page, _, _, _, _) = effect, q == "widget", page > 0 { return page }
      return nil
    }
    #expect(pageRequests == [1, 2])
    #expect(h.state.list.results.pagesLoaded == 3)
    #expect(h.titles.count == 56)  // 55 hits + the create row for "widget"
    #expect(Set(h.titles).count == 56)
    h.send(.move(.movedDown))
    #expect(h.state.list.results.pagesLoaded == 3)
  }

  @Test func submittedQueriesAreLogged() throws {
    let store = MemoryItemStore()
    let h = try Harness(catalog: catalog(["Milk"]), store: store)
    h.type("milk")
    h.send(.key(.enterPressed))
    #expect(try store.queries(since: 0).map(\.query) == ["milk"])
    #expect(try store.queries(since: 0).map(\.nbHits) == [1])
  }
}

@Suite struct SuggestionsTests {
  static let realFile = repositoryRoot + "/../shared/data/ecommerce-query-suggestions.json"

  @Test func realSuggestionsMacSuggestsMacbookFirst() throws {
    let suggestions = try SuggestionsFile.load(path: Self.realFile)
    #expect(suggestions.count == 2120)
    let index = SuggestionsIndex(suggestions)
    #expect(index.search("mac").first?.query == "macbook")
    #expect(index.search("mac").count == 8)
    #expect(index.search("").prefix(3).map(\.query) == ["cooktop", "macbook", "amazon"])
    #expect(index.search("samsng").first?.query == "samsung")
    let first = index.search("mac")[0]
    #expect(first.ranges == [0..<3])
    #expect(first.suggestion.category != nil)
  }

  @Test func jsonLinesSuggestions() throws {
    let s = try SuggestionsFile.parse(
      Array("{\"query\": \"tv\", \"popularity\": 3}\n{\"query\": \"tablet\"}\n".utf8), path: "s")
    #expect(s == [Suggestion(query: "tv", popularity: 3), Suggestion(query: "tablet", popularity: 0)])
  }

  @Test func generatedFromTheCatalogsBrandsAndCategories() throws {
    let catalog = try CatalogLoader.load(path: repositoryRoot + "/Data/products.json")
    let generated = SuggestionGenerator.generate(from: catalog)
    #expect(generated.count > 50)
    let queries = Set(generated.map(\.query))
    #expect(queries.contains("samsung"))
    #expect(queries.contains("cooktops"))
    #expect(generated.allSatisfy { ($0.nbHits ?? 0) >= 5 && $0.query.count >= 4 })
    let index = SuggestionsIndex(generated)
    #expect(index.search("").count == 8)
    #expect(index.search("sams").allSatisfy { $0.query.hasPrefix("samsung") })
  }

  /// A sort counts every hit; back to relevance, the same query keeps that count (F3 and back:
  /// `118`, not `~118`). On a catalog this size the typo tier is cheap enough to count at once
  /// (`Searcher.exactCountPostings`): the count is exact before the sort too, and the same after.
  @Test func aCountMadeExactBySortingStaysExact() throws {
    let catalog = try CatalogLoader.load(path: repositoryRoot + "/Data/products.json")
    let service = SearchService(catalog: catalog, suggestions: [])
    let first = service.results(query: "case", page: 0)
    #expect(first.exhaustiveNbHits)
    var sorted = Refine()
    sorted.sort = SortOrder(attribute: "price", descending: false)
    let exact = service.results(query: "case", page: 0, refine: sorted)
    #expect(exact.exhaustiveNbHits && exact.nbHits == first.nbHits)
    let back = service.results(query: "case", page: 0)
    #expect(back.exhaustiveNbHits && back.nbHits == exact.nbHits)
    #expect(back.nbPages == (exact.nbHits + service.hitsPerPage - 1) / service.hitsPerPage)
    #expect(service.results(query: "cases", page: 0).exhaustiveNbHits)
  }

  @Test func learningFollowsAlgoliasRules() {
    let learning = SuggestionLearning(minHits: 5, excludedWords: ["porn"])
    let log = [
      LoggedQuery(query: "Nintendo Switch", time: 100, nbHits: 10, fromSuggestion: false),
      LoggedQuery(query: "nintendo switch ", time: 110, nbHits: 10, fromSuggestion: false),
      LoggedQuery(query: "Nintendo Switch", time: 120, nbHits: 10, fromSuggestion: false),
      LoggedQuery(query: "tv", time: 120, nbHits: 50, fromSuggestion: false),  // 2 letters
      LoggedQuery(query: "rare thing", time: 120, nbHits: 2, fromSuggestion: false),  // 2 hits
      LoggedQuery(query: "porn movie", time: 120, nbHits: 20, fromSuggestion: false),  // excluded
      LoggedQuery(query: "old query", time: -10_000_000, nbHits: 20, fromSuggestion: false),  // too old
    ]
    let learned = learning.learn(from: log, now: 200)
    #expect(learned == [Suggestion(query: "Nintendo Switch", popularity: 3000, nbHits: 10)])
  }
}
