import SearchEngine
import Testing

@testable import SeekCore

/// Suggestions generated from the catalog: phrases that begin titles (or follow the brand), their
/// scores, the minimum of hits, deduplication; on real products.
@Suite struct SuggestionGeneratorTests {
  func catalog(_ rows: [[String: String]], ranking: Bool = true) -> Catalog {
    var table = RecordTable(attributes: ["name", "brand", "category", "popularity"])
    for row in rows { table.append(["name", "brand", "category", "popularity"].map { ($0, row[$0] ?? "") }) }
    table.numericAttributes = ["popularity"]
    var settings = CatalogSettings()
    if !ranking { settings.customRanking = [] }
    return Catalog(name: "t", path: "t.json", table: table, settings: settings.resolved(for: table))
  }

  func queries(_ c: Catalog, minHits: Int = 2) -> [String] {
    SuggestionGenerator.generate(from: c, minHits: minHits).map(\.query)
  }

  @Test func phrasesBeginTitlesOrFollowTheBrand() {
    let c = catalog(
      (1...3).map { ["name": "Apple - MacBook Air 13\" M\($0)", "brand": "Apple", "popularity": "\($0)"] }
        + (1...2).map { ["name": "Apple - MacBook Pro 14\" M\($0)", "brand": "Apple", "popularity": "1"] }
        + (1...2).map { ["name": "Apple - iPhone 15 - \($0)", "brand": "Apple", "popularity": "1"] })
    let q = queries(c)
    #expect(q.contains("macbook air"))
    #expect(q.contains("macbook pro"))
    #expect(q.contains("macbook"))
    // Same records as "macbook" (every MacBook is an Apple): the longer one is dropped.
    #expect(!q.contains("apple macbook"))
    #expect(!q.contains("macbook air 13"))  // same records as "macbook air"
    #expect(q.first == "apple" || q.first == "macbook")
  }

  /// No phrase begins or ends on a stop word or a single letter, and a phrase and its plural are
  /// one suggestion (the more popular).
  @Test func noFragmentsAndOneNumber() {
    let c = catalog(
      (1...3).map { ["name": "Cooktop are great \($0)", "popularity": "5"] }
        + (1...3).map { ["name": "S UI React \($0)", "popularity": "5"] }
        + (1...3).map { ["name": "Leather Cases \($0)", "popularity": "9"] }
        + (1...2).map { ["name": "Leather Case \($0)", "popularity": "1"] })
    let q = queries(c)
    #expect(!q.contains("cooktop are") && q.contains("cooktop"))
    #expect(!q.contains { $0.hasPrefix("s ") })
    #expect(q.contains("leather cases") && !q.contains("leather case"))
  }

  @Test func minimumHitsAndLetters() {
    let c = catalog([
      ["name": "Zelda Breath"], ["name": "Zelda Tears"], ["name": "Mario Kart"], ["name": "GTA 5"], ["name": "GTA 6"],
    ])
    let q = queries(c, minHits: 2)
    #expect(q.contains("zelda"))
    #expect(!q.contains("mario"))  // one record
    #expect(!q.contains("gta"))  // three letters
  }

  @Test func scoredByPopularityOrCount() {
    let rows = [
      ["name": "rare thing", "popularity": "1000"], ["name": "rare thing two", "popularity": "1000"],
      ["name": "common item", "popularity": "1"], ["name": "common item b", "popularity": "1"],
      ["name": "common item c", "popularity": "1"],
    ]
    // ("rare thing" gave the same records as "rare": the shorter stays.)
    #expect(queries(catalog(rows)).first == "rare")
    #expect(queries(catalog(rows, ranking: false)).first == "common")
  }

  @Test func punctuationSeparatesWordsAndCJKTitlesWork() {
    let c = catalog([
      ["name": "react-native-maps"], ["name": "react-native-svg"], ["name": "react_native_fs"], ["name": "react-dom"],
      ["name": "東京タワー 夜景"], ["name": "東京タワー 模型"],
    ])
    let q = queries(c)
    #expect(q.contains("react native"))
    #expect(q.contains("react"))  // four records, not the same three
    #expect(q.contains("東京タワー"))
  }

  @Test func realProductsSuggestMacbooks() throws {
    let catalog = try CatalogLoader.load(path: repositoryRoot + "/Data/products.json")
    let suggestions = SuggestionGenerator.generate(from: catalog)
    #expect(suggestions.count > 100 && suggestions.count <= SuggestionGenerator.defaultLimit)
    let index = SuggestionsIndex(suggestions)
    let macb = index.search("macb").map(\.query)
    #expect(macb.contains("macbook air"))
    #expect(macb.contains("macbook pro"))
    // Each keeps its top category, for the refinement a submitted suggestion makes.
    #expect(index.search("macbook air").first?.suggestion.category?.contains("Laptops") == true)
  }
}
