import Testing

@testable import SeekCore

/// Algolia's `typoTolerance` (`true`, `false`, `"min"`, `"strict"`), `minWordSizefor1Typo`,
/// `minWordSizefor2Typos`, and Seek's `typosOnKnownWords`, from a settings file.
@Suite struct TypoToleranceSettingsTests {
  /// keyboard: as typed; keybaord: one typo; keybored: two; minikeyboard: inside a word (three).
  static let csv = "name\nkeyboard\nkeybaord\nkeybored\nminikeyboard\n"

  static func names(_ settingsJSON: String, _ query: String) throws -> [String] {
    let settings = try CatalogSettings.parse(settingsJSON, path: "s")
    let catalog = try CatalogLoader.load(bytes: Array(csv.utf8), path: "k.csv", settings: settings)
    let response = try CatalogSearcher(catalog: catalog).search(.init(query: query, exhaustive: true))
    return response.hits.map { $0.index.documents.value($0.hit.record, $0.index.titleColumn) }.sorted()
  }

  @Test func theTiersAreAlgolias() throws {
    let algolia = #""typosOnKnownWords": true"#
    #expect(try Self.names("{\(algolia)}", "keyboard ") == ["keybaord", "keyboard", "keybored", "minikeyboard"])
    #expect(try Self.names(#"{\#(algolia), "typoTolerance": "min"}"#, "keyboard ") == ["keyboard"])
    #expect(try Self.names(#"{\#(algolia), "typoTolerance": "strict"}"#, "keyboard ") == ["keybaord", "keyboard"])
    // Without typos, a word still matches inside a longer one.
    #expect(try Self.names(#"{\#(algolia), "typoTolerance": false}"#, "keyboard ") == ["keyboard", "minikeyboard"])
    // The fewest typos there are: one, for a word no record holds.
    #expect(try Self.names(#"{"typoTolerance": "min"}"#, "keybord ") == ["keybaord", "keyboard", "keybored"])
  }

  @Test func wordSizesSetTheBudgets() throws {
    // Two typos from 8 letters by default; from 9, "keyboard" has one.
    #expect(
      try Self.names(#"{"typosOnKnownWords": true, "minWordSizefor2Typos": 9}"#, "keyboard ").contains("keybored")
        == false)
    // One typo from 4 letters by default; from 9, none.
    #expect(try Self.names(#"{"minWordSizefor1Typo": 9}"#, "keybord ") == [])
  }

  /// Records: a known word takes no typo by default (KnownWords.swift).
  @Test func aKnownWordTakesNoTypoByDefault() throws {
    #expect(try Self.names("{}", "keyboard ") == ["keyboard", "minikeyboard"])
  }

  @Test func badValuesAreRefusedClearly() {
    for bad in [#"{"typoTolerance": "max"}"#, #"{"minWordSizefor1Typo": 0}"#, #"{"typosOnKnownWords": 1}"#] {
      #expect(throws: CatalogError.self) { try CatalogSettings.parse(bad, path: "s") }
    }
  }
}
