import Testing

@testable import SearchEngine

/// Algolia's `disableTypoToleranceOnAttributes`: a word found by a typo in such an attribute does
/// not count — in the index, in a record matched without one, or in the highlights.
@Suite struct TypoFreeAttributesTests {
  static let rows = [
    ["name": "Portable speaker", "brand": "Sony", "popularity": "9"],
    ["name": "Sony headphones", "brand": "Acme", "popularity": "5"],
    ["name": "Sonny cable", "brand": "Sonny", "popularity": "1"],
  ]

  static func index(typoFree: Set<String>) -> SearchIndex {
    var settings = IndexSettings(
      searchableAttributes: ["name", "brand"], titleAttribute: "name", customRanking: [.descending("popularity")])
    settings.typoFreeAttributes = typoFree
    var store = DocumentStore(attributes: ["name", "brand", "description", "popularity"])
    for (i, row) in rows.enumerated() {
      store.append(objectID: String(i), values: [row["name"]!, row["brand"]!, "", row["popularity"]!])
    }
    return IndexBuilder.build(store, settings: settings)
  }

  @Test func aTypoInATypoFreeAttributeDoesNotCount() {
    let tolerant = Self.index(typoFree: [])
    #expect(Set(names(tolerant, "sonyy")) == ["Portable speaker", "Sony headphones", "Sonny cable"])
    let strict = Self.index(typoFree: ["brand"])
    // "Sony headphones" by a typo in its name (allowed); "Sonny cable" by its name too; never
    // "Portable speaker", whose brand only is within a typo.
    #expect(Set(names(strict, "sonyy")) == ["Sony headphones", "Sonny cable"])
    // As typed, a typo-free attribute matches as before: prefixes and whole words.
    #expect(names(strict, "son").contains("Portable speaker"))
    // The tiered search (large indexes) agrees.
    let tiered = Searcher(index: strict)
    tiered.tieringThreshold = 0
    #expect(Set(tiered.search(SearchRequest(query: "sonyy")).hits.map(\.objectID)) == ["1", "2"])
  }

  @Test func theMatcherAndTheHighlighterAgree() {
    let strict = Self.index(typoFree: ["brand"])
    let query = ParsedQuery("sonyy", settings: strict.settings)
    let rules = MatchRules(settings: strict.settings, searchable: ["name", "brand"])
    #expect(rules.typoFreeMask == 0b10)
    var matcher = RecordMatcher(query: query, searchableCount: 2, rules: rules, regime: .small)
    let name = Array("Portable speaker".utf8)
    let brand = Array("Sony".utf8)
    name.withUnsafeBufferPointer { n in brand.withUnsafeBufferPointer { b in matcher.match([n, b]) } }
    #expect(matcher.results[0].matched == 0)
    let highlights = Highlighter(index: strict, query: query).highlight(record: 0).0
    #expect(highlights.isEmpty)
    let other = Highlighter(index: strict, query: query).highlight(record: 1).0
    #expect(other.map(\.attribute) == ["name"])
  }
}
