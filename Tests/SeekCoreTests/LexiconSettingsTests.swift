import Testing

@testable import SearchEngine
@testable import SeekCore

/// The shipped lexicon (WordNet's nouns) and the settings that turn it and the model variants
/// off, on `Data/`.
@Suite struct LexiconSettingsTests {
  static func titles(_ catalog: Catalog, _ query: String) throws -> [String] {
    let response = try CatalogSearcher(catalog: catalog).search(CatalogSearcher.Request(query: query, hitsPerPage: 3))
    return response.hits.map { $0.index.documents.value($0.hit.record, $0.index.titleColumn) }
  }

  @Test func wordNetsNounsAreShipped() {
    let lexicon = WordNetNouns.lexicon
    #expect(lexicon.count > 8000)
    #expect(lexicon.words(for: Array("fridge".utf8)) == [Array("refrigerator".utf8)])
    #expect(lexicon.words(for: Array("washing machine".utf8)).first == Array("washer".utf8))
  }

  @Test func aShopperFindsTheFridgeUnlessTheSettingsSayNo() throws {
    let path = repositoryRoot + "/Data/products.json"
    let catalog = try CatalogLoader.load(path: path)
    #expect(try Self.titles(catalog, "fridge").allSatisfy { $0.contains("Refrigerator") })
    #expect(try Self.titles(catalog, "fridge").count == 3)
    var off = CatalogSettings()
    off.lexicalSynonyms = false
    #expect(try Self.titles(try CatalogLoader.load(path: path, overrides: off), "fridge").isEmpty)
  }

  @Test func theModelTypedComesFirstUnlessTheSettingsSayNo() throws {
    let path = repositoryRoot + "/Data/products.json"
    let first = try Self.titles(try CatalogLoader.load(path: path), "iphone 15").first ?? ""
    #expect(first.hasPrefix("Apple - iPhone 15 - "))
    var off = CatalogSettings()
    off.variantWords = []
    let plain = try Self.titles(try CatalogLoader.load(path: path, overrides: off), "iphone 15").first ?? ""
    #expect(plain.hasPrefix("Apple - iPhone 15 Pro"))
  }

  @Test func theSettingsFileNamesThem() throws {
    let settings = try CatalogSettings.parse(
      #"{"variantWords": ["pro", "max"], "lexicalSynonyms": false}"#, path: "test.settings.json")
    #expect(settings.variantWords == ["pro", "max"])
    #expect(settings.lexicalSynonyms == false)
    #expect(throws: CatalogError.self) {
      try CatalogSettings.parse(#"{"lexicalSynonyms": "yes"}"#, path: "test.settings.json")
    }
  }
}
