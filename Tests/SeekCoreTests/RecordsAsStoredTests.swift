import SearchEngine
import Testing

@testable import SeekCore

/// Records as Algolia users expect them: names compared as words, the data untouched.
@Suite struct RecordsAsStoredTests {
  /// The smart list: a name typed without its punctuation is the item (no create row).
  @Test func namesCompareWithoutPunctuationAndSeparators() {
    let service = SearchService(
      catalog: catalog(["Apple - AirPods Max - Pink", "Apple - AirPods Max - Blue", "AirPods case"]), suggestions: [])
    let page = service.results(query: "apple airpods max pink", page: 0)
    #expect(page.equalItems.map(\.title) == ["Apple - AirPods Max - Pink"])
    #expect(service.results(query: "apple airpods max", page: 0).equalItems.isEmpty)
    #expect(Tokenizer.nameKey("Crème  Brûlée!") == Tokenizer.nameKey("creme brulee"))
  }
}
