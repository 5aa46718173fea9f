import SearchEngine
import SeekApp
import Testing

@testable import SeekCore

/// The category a query points to (QueryCategories.swift) lifts its hits there: from a
/// suggestions file, from picks; not from generated suggestions; off by the settings.
@Suite struct QueryCategoriesTests {
  static let rows: [(name: String, category: String)] = [
    ("PlayStation 5 Console", "Video Games > Consoles"),
    ("PlayStation 5 Console Slim", "Video Games > Consoles"),
    ("Controller for PlayStation 5", "Video Games > Controllers"),
    ("Controller charging dock for PlayStation 5", "Video Games > Controllers"),
    ("Controller skin for PlayStation 5", "Video Games > Controllers"),
  ]

  static func catalog(categorization: Bool? = nil) -> Catalog {
    var table = RecordTable(attributes: ["name", "category", "popularity"])
    for (i, row) in rows.enumerated() {
      table.append([("name", row.name), ("category", row.category), ("popularity", String(rows.count - i))])
    }
    table.numericAttributes = ["popularity"]
    var given = CatalogSettings()
    given.attributesForFaceting = ["category"]
    given.queryCategorization = categorization
    return Catalog(name: "test", path: "test.json", table: table, settings: given.resolved(for: table), given: given)
  }

  static let file = [Suggestion(query: "PlayStation 5", popularity: 10, category: "Controllers")]

  func titles(_ service: SearchService, _ query: String) -> [String] {
    service.results(query: query, page: 0).hits.map(\.title)
  }

  @Test func aSuggestionsCategoryLiftsItsHits() {
    let service = SearchService(catalog: Self.catalog(), suggestions: Self.file)
    #expect(titles(service, "playstation 5").prefix(2).allSatisfy { $0.hasPrefix("Controller") })
    let hit = service.results(query: "playstation 5", page: 0).hits.first
    #expect(hit?.ranking?.optionalCategory == "Controllers")
    #expect(hit?.ranking?.match.optionalFilterMissed == false)
    // Another query points nowhere: popularity decides.
    #expect(titles(service, "playstation").first == "PlayStation 5 Console")
  }

  @Test func generatedSuggestionsAndTheSettingsLiftNothing() {
    let generated = SearchService(catalog: Self.catalog(), suggestions: Self.file, generatingSuggestions: 1)
    #expect(titles(generated, "playstation 5").first == "PlayStation 5 Console")
    let off = SearchService(catalog: Self.catalog(categorization: false), suggestions: Self.file)
    #expect(titles(off, "playstation 5").first == "PlayStation 5 Console")
    #expect(off.results(query: "playstation 5", page: 0).hits.first?.ranking?.optionalCategory == nil)
  }

  @Test func picksSharingACategoryLiftIt() {
    let service = SearchService(catalog: Self.catalog(), suggestions: [])
    service.learning = true
    let all = service.results(query: "", page: 0).hits
    for title in ["Controller for PlayStation 5", "Controller charging dock for PlayStation 5"] {
      let id = all.first { $0.title == title }!.objectID
      service.apply(.picked(objectID: id, query: "playstation", time: 0))
    }
    // The two picked lead (learned), then the controller no one picked, then the consoles.
    let ranked = titles(service, "playstation")
    #expect(ranked.count == 5)
    #expect(ranked[2] == "Controller skin for PlayStation 5")
    let unpicked = service.results(query: "playstation", page: 0).hits[2].ranking
    #expect(unpicked?.optionalCategory == "Video Games > Controllers")
  }

  @Test func theRules() {
    let categories = QueryCategories(suggestions: [
      Suggestion(query: "TV", popularity: 5, category: "TVs"),
      Suggestion(query: "tv", popularity: 9, category: "TV Mounts"),
      Suggestion(query: "switch", popularity: 9, category: "Consoles"),
    ])
    #expect(categories.category(for: "tv") == "TV Mounts")  // the most popular
    #expect(categories.category(for: " TV ") == "TV Mounts")
    #expect(categories.category(for: "switch games") == nil)  // not its first words'
  }
}
