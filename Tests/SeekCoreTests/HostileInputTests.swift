import Foundation
import SearchEngine
import SeekApp
import Testing

@testable import SeekCore

/// Files others wrote: numbers at the ends of their range, never a trap.
@Suite struct HostileInputTests {
  @Test func hugeAndOddPopularitiesInASuggestionsFile() throws {
    let file = #"""
      [{"query": "alpha", "popularity": 1e400}, {"query": "beta", "popularity": 1e19},
       {"query": "Gamma", "popularity": 9e18}, {"query": "gamma", "popularity": 9e18},
       {"query": "delta", "popularity": -1e400, "nbHits": 1e300}, {"query": "omega", "popularity": 3}]
      """#
    let suggestions = try SuggestionsFile.parse(Array(file.utf8), path: "s.json")
    #expect(suggestions.count == 6)
    let index = SuggestionsIndex(suggestions)
    #expect(index.search("gam").first?.suggestion.popularity == Int.max)
    #expect(index.search("").count == 5)
    #expect(index.search("omeg").first?.query == "omega")
  }

  @Test func hugeAndNotANumberPricesInACatalog() throws {
    let csv = "name,price,popularity\nwidget,1e300,1e400\ngadget,nan,nan\ngizmo,-1e300,-5\nthing,12.5,7\n"
    let catalog = try CatalogLoader.load(
      bytes: Array(csv.utf8), path: "p.csv", settings: CatalogSettings(displayAttributes: ["price"]))
    let suggestions = SuggestionGenerator.generate(from: catalog)
    let service = SearchService(catalog: catalog, suggestions: suggestions)
    let page = service.results(query: "", page: 0)
    #expect(page.hits.count == 4)
    #expect(page.hits.first { $0.title == "thing" }?.details == ["$12.50"])
    #expect(page.hits.first { $0.title == "widget" }?.details == ["1e300"])
  }

  @Test func pagesAndPageSizesAtTheEndsOfTheRange() throws {
    let catalog = catalog(["one", "two", "three"])
    let searcher = CatalogSearcher(catalog: catalog)
    for (page, size) in [(Int.max, Int.max), (9_999_999_999, 1_000_000_000), (0, Int.max), (Int.max, 1), (-5, -5)] {
      let response = try! searcher.search(CatalogSearcher.Request(query: "", page: page, hitsPerPage: size))
      #expect(response.nbHits == 3)
      #expect(response.hits.count <= 3)
    }
    let service = SearchService(catalog: catalog, suggestions: [], hitsPerPage: Int.max)
    #expect(service.results(query: "t", page: Int.max).hits.isEmpty)
  }

  /// 20,000 records with a key each: the table keeps 256 attributes and says so, instead of a
  /// slot for every key in every record.
  @Test func sparseAttributesAreCapped() throws {
    var lines = ""
    for i in 0..<20_000 { lines += #"{"name": "item \#(i)", "k\#(i)": "v"}"# + "\n" }
    let catalog = try CatalogLoader.load(bytes: Array(lines.utf8), path: "s.jsonl", settings: CatalogSettings())
    #expect(catalog.index.documents.attributes.count == RecordTable.maxAttributes)
    #expect(catalog.index.count == 20_000)
    #expect(catalog.warnings.first?.contains("19745 more attributes") == true)
    let found = try! CatalogSearcher(catalog: catalog).search(.init(query: "item 19999", exhaustive: true))
    #expect(found.hits.first.map { catalog.title(record: $0.hit.record) } == "item 19999")
  }

  /// A value far longer than a screen is searched and shown on its first 64 KB (cut between
  /// characters), and kept whole.
  @Test func longValuesAreSearchedOnTheirStart() throws {
    let long = String(repeating: "é", count: DocumentStore.maxIndexedValueBytes) + " needle"
    let catalog = try CatalogLoader.load(
      bytes: Array("\(long)\nshort needle\n".utf8), path: "l.txt", settings: CatalogSettings())
    #expect(catalog.warnings.first?.contains("1 value is longer") == true)
    let service = SearchService(catalog: catalog, suggestions: [])
    #expect(service.results(query: "needle", page: 0).hits.map(\.title) == ["short needle"])
    let first = service.results(query: "", page: 0).hits.first { $0.title.hasPrefix("é") }
    #expect(first?.title.utf8.count == DocumentStore.maxIndexedValueBytes)
    #expect(service.title(objectID: first!.objectID) == long)
  }
}

@Suite struct DisjunctiveFacetTests {
  /// A refined attribute's counts ignore its own refinements (so another value can be added);
  /// the other facets' counts follow every refinement.
  @Test func refinedAttributesCountWithoutTheirOwnRefinements() throws {
    var table = RecordTable(attributes: ["name", "brand", "category"])
    let brands = ["Apple", "Sony", "Apple", "Samsung", "Sony", "Apple"]
    let categories = ["Phones", "Audio", "Laptops", "Phones", "Phones", "Phones"]
    for i in brands.indices {
      table.append([("name", "gadget \(i)"), ("brand", brands[i]), ("category", categories[i])])
    }
    let catalog = Catalog(name: "t", path: "t", table: table, settings: CatalogSettings().resolved(for: table))
    let searcher = CatalogSearcher(catalog: catalog)
    let refined = try searcher.search(
      .init(
        query: "gadget", refinements: Refinements(facets: [.init(attribute: "brand", value: "Apple")]),
        facets: ["brand", "category"]))
    #expect(refined.nbHits == 3)
    let brand = refined.facets.first { $0.attribute == "brand" }?.values.map { "\($0.value)=\($0.count)" }
    #expect(brand == ["Apple=3", "Sony=2", "Samsung=1"])
    let category = refined.facets.first { $0.attribute == "category" }?.values.map { "\($0.value)=\($0.count)" }
    #expect(category == ["Phones=2", "Laptops=1"])
    // The empty query too.
    let browsing = try searcher.search(
      .init(
        query: "", refinements: Refinements(facets: [.init(attribute: "category", value: "Phones")]),
        facets: ["brand", "category"]))
    #expect(browsing.facets.first { $0.attribute == "category" }?.values.map(\.count) == [4, 1, 1])
    #expect(browsing.facets.first { $0.attribute == "brand" }?.values.map(\.count) == [2, 1, 1])
  }
}

@Suite struct NumericTypoSettingTests {
  @Test func typosOnNumbersCanBeAllowed() throws {
    let csv = "name\npart 19999\npart 19989\n"
    for allowed in [false, true] {
      let settings = try CatalogSettings.parse(#"{"allowTyposOnNumericTokens": \#(allowed)}"#, path: "s")
      let catalog = try CatalogLoader.load(bytes: Array(csv.utf8), path: "p.csv", settings: settings)
      // A number neither holds (one the catalog holds takes no typo: KnownWords.swift).
      let hits = try CatalogSearcher(catalog: catalog).search(.init(query: "19899")).hits
      #expect(hits.count == (allowed ? 2 : 0))
    }
  }
}
