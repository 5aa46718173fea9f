import Testing

@testable import SearchEngine

@Suite struct MatchingTests {
  let index = makeIndex([
    ["name": "Samsung Galaxy S23", "brand": "Samsung", "popularity": "90"],
    ["name": "Apple iPhone 15", "brand": "Apple", "popularity": "100"],
    ["name": "Background Noise Machine", "brand": "Sleepy", "popularity": "5"],
    ["name": "Café Crème Maker", "brand": "Über Kitchen", "popularity": "10"],
    ["name": "Induction Cooktop", "brand": "Bosch", "popularity": "30"],
    ["name": "Television Stand", "brand": "Ikea", "popularity": "20"],
    ["name": "東京 Guide", "brand": "Lonely", "popularity": "1"],
  ])

  @Test func everyWordMustMatch() {
    #expect(names(index, "samsung galaxy") == ["Samsung Galaxy S23"])
    #expect(names(index, "samsung iphone", hitsPerPage: 5).count <= 2)
  }

  @Test func lastWordMatchesAsPrefixEarlierWordsWhole() {
    #expect(names(index, "samsung gal") == ["Samsung Galaxy S23"])
    let response = Searcher(index: index).search(SearchRequest(query: "sams galaxy", removeWordsIfNoResults: false))
    #expect(response.nbHits == 0)
  }

  @Test func diacriticsAndCaseFold() {
    #expect(names(index, "cafe creme") == ["Café Crème Maker"])
    #expect(names(index, "uber") == ["Café Crème Maker"])
  }

  @Test func shortWordsTakeNoTypo() {
    #expect(names(index, "ikae").contains("Television Stand"))  // 4 letters: one typo
    #expect(!names(index, "ipa ").contains("Apple iPhone 15"))  // "ipa" vs "ikea": 3 letters, no typo
  }

  @Test func oneTypoFromFourLettersTwoFromEight() {
    #expect(names(index, "boshc ") == ["Induction Cooktop"])  // transposition
    #expect(names(index, "bsch ") == ["Induction Cooktop"])  // a missing letter
    #expect(names(index, "bsh ").isEmpty)  // 3 letters: no typo allowed
  }

  @Test func twoTyposFromEightLetters() {
    #expect(names(index, "televisoon stand") == ["Television Stand"])
    #expect(names(index, "telvisoon stand").isEmpty == false)
    // Three typos: the word matches nothing (and is dropped: "stand" alone finds the stand).
    let response = Searcher(index: index).search(SearchRequest(query: "tlvisoon stand", hitsPerPage: 5))
    #expect(response.droppedWords == ["tlvisoon"])
  }

  @Test func wordsThatMatchNothingAreDroppedInOrderAndTheRestAnswers() {
    let response = Searcher(index: index).search(SearchRequest(query: "qqzz samsung xxvv galaxy", hitsPerPage: 5))
    #expect(response.hits.map(\.objectID).count == 1)
    #expect(response.droppedWords == ["qqzz", "xxvv"])
  }

  /// Thousands of words that match nothing (past the eight that take part, more move up as each is
  /// dropped): once a recursion a word deep, a stack overflow at ~8,000 words.
  @Test func aQueryOfThousandsOfHopelessWordsEndsWithoutRecursing() {
    let query = String(repeating: "a b ", count: 12_000) + "stand"
    let response = Searcher(index: index).search(SearchRequest(query: query, hitsPerPage: 5))
    #expect(response.nbHits == 0 || response.hits.count <= 5)
  }

  @Test func lastWordTakesTyposAsAPrefix() {
    #expect(names(index, "samsng") == ["Samsung Galaxy S23"])
    #expect(names(index, "iphn").first == "Apple iPhone 15")
  }

  @Test func substringMatchesRankBelowWordMatches() {
    let index = makeIndex([
      ["name": "Background", "popularity": "100"],
      ["name": "Ground Coffee", "popularity": "1"],
    ])
    #expect(names(index, "ground") == ["Ground Coffee", "Background"])
  }

  @Test func emptyQueryMatchesEverythingByCustomRanking() {
    #expect(
      names(index, "") == [
        "Apple iPhone 15", "Samsung Galaxy S23", "Induction Cooktop", "Television Stand",
        "Café Crème Maker", "Background Noise Machine", "東京 Guide",
      ])
  }

  @Test func ideographsAreFoundWithoutSpaces() {
    #expect(names(index, "東京") == ["東京 Guide"])
    #expect(names(index, "京") == ["東京 Guide"])
  }
}

@Suite struct NumericTypoTests {
  @Test func numbersAreNotTypoMatched() {
    let index = makeIndex([["name": "part 99999"], ["name": "part 19999"], ["name": "part 99998"]])
    #expect(names(index, "99999") == ["part 99999"])
    #expect(names(index, "part 99999") == ["part 99999"])
    // A word with letters still gets its typos.
    #expect(Set(names(index, "prat")) == ["part 99999", "part 19999", "part 99998"])
  }
}
