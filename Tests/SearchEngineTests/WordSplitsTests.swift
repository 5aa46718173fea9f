import Testing

@testable import SearchEngine

/// Words written together or apart (WordSplits.swift): a word nothing matches is split in two
/// known words, and words that match nothing together are joined, before a word is dropped.
@Suite struct WordSplitsTests {
  static let index = makeIndex([
    ["name": "Oat milk", "popularity": "9"],
    ["name": "Headphones wireless", "popularity": "8"],
    ["name": "Head massager", "popularity": "7"],
    ["name": "Cell phones", "popularity": "6"],
    ["name": "Galaxy Buds", "popularity": "5"],
    ["name": "Smart watch band", "popularity": "4"],
    ["name": "Smartwatch X", "popularity": "3"],
  ])

  @Test(arguments: [false, true])
  func aWordWrittenTogetherIsSplit(tiered: Bool) {
    let searcher = Searcher(index: Self.index)
    searcher.tieringThreshold = tiered ? 0 : .max
    for query in ["oatmilk", "oatmil", "galaxybuds", "OatMilk "] {
      let response = searcher.search(SearchRequest(query: query))
      #expect(response.hits.map(\.objectID) == [query.lowercased().hasPrefix("oat") ? "0" : "4"], "\(query)")
      #expect(response.query == query)
      #expect(response.droppedWords.isEmpty, "\(query)")
    }
  }

  @Test(arguments: [false, true])
  func wordsWrittenApartAreJoined(tiered: Bool) {
    let searcher = Searcher(index: Self.index)
    searcher.tieringThreshold = tiered ? 0 : .max
    #expect(searcher.search(SearchRequest(query: "head phones")).hits.map(\.objectID) == ["1"])
    #expect(searcher.search(SearchRequest(query: "head phones wireless")).hits.map(\.objectID) == ["1"])
    // Where the words as typed find something, they are taken as typed.
    #expect(searcher.search(SearchRequest(query: "smart watch")).hits.map(\.objectID) == ["5"])
    // Nothing to join: the last word is dropped, as before.
    let dropped = searcher.search(SearchRequest(query: "head cell"))
    #expect(dropped.droppedWords == ["cell"])
  }

  @Test func aListNamesTheItemWrittenEitherWay() {
    #expect(ItemName.same(ItemName.words("oatmilk"), ItemName.words("Oat milk")))
    #expect(ItemName.same(ItemName.words("T-shirts"), ItemName.words("tshirt")))
    #expect(!ItemName.same(ItemName.words("oat milks drink"), ItemName.words("oatmilk")))
  }
}
