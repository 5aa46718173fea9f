import Testing

@testable import SearchEngine

/// Words the catalog does not use (Lexicon.swift): a word the index does not know finds the
/// lexicon's words for it, a tier below the words typed.
@Suite struct LexiconTests {
  static let lexicon = Lexicon(
    name: "test",
    table: """
      fridge refrigerator icebox
      stove range
      pedestal base stand
      case suit
      washing_machine washer
      """)
  static let rows: [[String: String]] = [
    ["name": "French door refrigerator", "popularity": "9"],
    ["name": "Gas range", "popularity": "8"],
    ["name": "Speaker - Stone Blue", "popularity": "7"],
    ["name": "Front load washer", "popularity": "6"],
    ["name": "Phone stand", "popularity": "5"],
    ["name": "Phone case", "popularity": "4"],
    ["name": "Business suit", "popularity": "3"],
  ]

  /// As a catalog of records is searched: no typo on a word the index knows (KnownWords.swift).
  static func index(lexicon: Lexicon? = Self.lexicon) -> SearchIndex {
    makeIndex(rows, lexicon: lexicon, typosOnKnownWords: false)
  }

  @Test func aWordTheCatalogDoesNotUseFindsTheLexiconsWords() {
    let index = Self.index()
    #expect(names(index, "fridge") == ["French door refrigerator"])
    #expect(names(index, "fridges") == ["French door refrigerator"])
    #expect(names(index, "french fridge") == ["French door refrigerator"])
    // Known through the lexicon, it takes no typo: ranges, not "Stone" one typo away.
    #expect(names(index, "stove") == ["Gas range"])
  }

  @Test func aWordTheCatalogUsesKeepsItsOwnMeaning() {
    #expect(names(Self.index(), "case") == ["Phone case"])
  }

  @Test func aGuessIsDroppedBeforeAWordOfTheCatalog() {
    let response = Searcher(index: Self.index()).search(SearchRequest(query: "pedestal washer"))
    #expect(response.hits.map { Self.index().documents.value($0.record, 0) } == ["Front load washer"])
    #expect(response.droppedWords == ["pedestal"])
  }

  @Test func aNounOfTwoWordsIsTheCatalogsWord() {
    #expect(names(Self.index(), "washing machine") == ["Front load washer"])
    #expect(names(Self.index(), "washing machine front") == ["Front load washer"])
  }

  @Test func withoutALexiconNothingChanges() {
    let plain = Self.index(lexicon: nil)
    #expect(names(plain, "fridge").isEmpty)
    #expect(names(plain, "stove") == ["Speaker - Stone Blue"])
  }
}
