import Testing

@testable import SearchEngine

@Suite struct HighlightTests {
  func highlighted(_ text: String, _ query: String) -> [String] {
    let (ranges, _) = Highlighter.matches(in: text, query: ParsedQuery(query), substring: true)
    let bytes = Array(text.utf8)
    return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
  }

  @Test func wholeWordsAndPrefixes() {
    #expect(highlighted("Samsung Galaxy Tab", "galaxy ta") == ["Galaxy", "Ta"])
  }

  @Test func rangesAreRightOnMultiByteText() {
    #expect(highlighted("Crème brûlée torch", "brul") == ["brûl"])
    #expect(highlighted("Cre\u{300}me brûlée", "creme") == ["Cre\u{300}me"])
    #expect(highlighted("東京 タワー", "京") == ["京"])
    #expect(highlighted("😀 Straße", "strasse") == ["Straße"])
  }

  @Test func typosAndSubstrings() {
    #expect(highlighted("Samsung TV", "samsng") == ["Samsung"])
    #expect(highlighted("Background", "ground") == ["ground"])
  }

  @Test func snippetIsAWindowAroundTheFirstMatch() {
    let index = makeIndex([
      [
        "name": "Lamp",
        "description":
          "A very long description that talks about many things before it finally mentions the word halogen and then keeps going for a while longer",
        "popularity": "1",
      ]
    ])
    let hit = Searcher(index: index).search(SearchRequest(query: "halogen")).hits[0]
    let snippet = try! #require(hit.snippet)
    #expect(snippet.text.hasPrefix("…"))
    #expect(snippet.text.contains("halogen"))
    #expect(snippet.text.utf8.count < 120)
    let bytes = Array(snippet.text.utf8)
    #expect(snippet.ranges.map { String(decoding: bytes[$0], as: UTF8.self) } == ["halogen"])
  }
}

@Suite struct PaginationTests {
  let index = makeIndex(
    (0..<95).map { ["name": "widget \($0)", "popularity": String($0 % 7)] })

  @Test func pagesNeverRepeatOrSkip() {
    let searcher = Searcher(index: index)
    var seen: [String] = []
    var page = 0
    var response = searcher.search(SearchRequest(query: "widget", page: 0, hitsPerPage: 20))
    #expect(response.nbHits == 95)
    #expect(response.nbPages == 5)
    while !response.hits.isEmpty {
      seen += response.hits.map(\.objectID)
      page += 1
      response = searcher.search(SearchRequest(query: "widget", page: page, hitsPerPage: 20))
    }
    #expect(seen.count == 95)
    #expect(Set(seen).count == 95)
    let all = searcher.search(SearchRequest(query: "widget", hitsPerPage: 100)).hits.map(\.objectID)
    #expect(seen == all)
  }

  @Test func emptyQueryPagesToo() {
    let searcher = Searcher(index: index)
    let a = searcher.search(SearchRequest(query: "", page: 4, hitsPerPage: 20))
    #expect(a.hits.count == 15)
    #expect(searcher.search(SearchRequest(query: "", page: 5, hitsPerPage: 20)).hits.isEmpty)
  }

  @Test func titleLookupIsFoldedAndTrimmed() {
    let index = makeIndex([["name": "Crème Brûlée", "popularity": "1"]])
    #expect(index.records(titled: "  creme brulee ") == [0])
    #expect(index.records(titled: "creme").isEmpty)
  }
}
