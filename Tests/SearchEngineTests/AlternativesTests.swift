import Testing

@testable import SearchEngine

/// Plural forms and synonyms (WordAlternatives.swift): found whole, without a typo, by the index
/// and by the one-record matcher alike, and highlighted.
@Suite struct AlternativesTests {
  static var alternatives: WordAlternatives {
    var out = WordAlternatives(ignorePlurals: true)
    out.addEquivalent(["tv", "television"])
    out.addOneWay("ps5", ["playstation"])
    return out
  }
  let index = makeIndex(
    [
      ["name": "USB Cable", "popularity": "10"],
      ["name": "Cablex Organizer", "popularity": "90"],
      ["name": "Samsung Smart TV", "popularity": "50"],
      ["name": "Sony PlayStation 5 Console", "popularity": "60"],
      ["name": "AA Battery Pack", "popularity": "5"],
      ["name": "Wrist Watch", "popularity": "5"],
    ], alternatives: alternatives)

  /// Algolia's `removeStopWords`: stop words leave the query, except the word being typed and
  /// except when nothing else would be left.
  @Test func stopWordsLeaveTheQueryWhenAsked() {
    var settings = IndexSettings(searchableAttributes: ["name"])
    func words(_ text: String) -> [String] { ParsedQuery(text, settings: settings).words.map(\.text) }
    #expect(words("charger with cable") == ["charger", "with", "cable"])
    settings.removeStopWords = true
    #expect(words("charger with cable") == ["charger", "cable"])
    #expect(words("cable for the") == ["cable", "the"])  // "the" may be the start of "theater"
    #expect(words("cable for the ") == ["cable"])
    #expect(words("to be or not to be ") == ["to", "be", "or", "not", "to", "be"].filter { $0 == "not" })
    #expect(words("the of ") == ["the", "of"])  // nothing else: kept
  }

  @Test func pluralFormsByRule() {
    func forms(_ word: String) -> [String] {
      WordAlternatives.pluralForms(Array(word.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }
    #expect(forms("cables") == ["cable"])
    #expect(forms("cable") == ["cables"])
    #expect(forms("batteries") == ["batterie", "battery"])
    #expect(forms("battery") == ["batteries"])
    #expect(forms("watches") == ["watche", "watch"])
    #expect(forms("glass") == ["glasses"])
    #expect(forms("children") == ["child"])
    #expect(forms("ps") == [])  // too short
    #expect(forms("ps5") == [])  // a model number
  }

  @Test func aPluralFindsTheSingularWithoutATypo() {
    let response = Searcher(index: index).search(SearchRequest(query: "cables"))
    // "Cablex" by a typo, below.
    #expect(response.hits.map { index.documents.value($0.record, 0) } == ["USB Cable", "Cablex Organizer"])
    #expect(response.hits.map(\.ranking.typos) == [0, 1])
    #expect(names(index, "batteries") == ["AA Battery Pack"])
    #expect(names(index, "watches ") == ["Wrist Watch"])
  }

  @Test func synonymsBothWaysAndOneWay() {
    #expect(names(index, "television") == ["Samsung Smart TV"])
    #expect(names(index, "televisions") == ["Samsung Smart TV"])  // plural of a synonym
    #expect(names(index, "ps5") == ["Sony PlayStation 5 Console"])
    #expect(names(index, "playstation").allSatisfy { $0 != "ps5" })
    // One-way: "playstation" does not find a record that says only "ps5".
    let reverse = makeIndex([["name": "PS5 Stand"]], alternatives: Self.alternatives)
    #expect(names(reverse, "playstation ").isEmpty)
  }

  /// Multi-word synonyms (Phrases.swift): `ps5` = `playstation 5`, both ways, by the index, typed
  /// letter by letter, by the one-record matcher and in the highlights; only where the phrase's
  /// words follow each other.
  @Test func phrasesAreSynonymsBothWays() {
    var alternatives = WordAlternatives()
    alternatives.addEquivalent(["ps5", "PlayStation 5"])
    alternatives.addOneWay("tv box", ["streaming player"])
    let phrases = makeIndex(
      [
        ["name": "Sony PlayStation 5 Console", "popularity": "60"],
        ["name": "PS5 Stand", "popularity": "50"],
        ["name": "PlayStation Portal, 5 games", "popularity": "40"],
        ["name": "Roku Streaming Player", "popularity": "30"],
      ], alternatives: alternatives)
    #expect(Set(names(phrases, "ps5")) == ["Sony PlayStation 5 Console", "PS5 Stand"])
    // (Both words anywhere still match, as in any query of two words.)
    #expect(Set(names(phrases, "playstation 5 ")).isSuperset(of: ["Sony PlayStation 5 Console", "PS5 Stand"]))
    #expect(names(phrases, "tv box") == ["Roku Streaming Player"])
    #expect(names(phrases, "streaming player").count == 1)  // one-way
    // Letter by letter: the phrase completed gives its first word the synonym too.
    let searcher = Searcher(index: phrases)
    var last: [String] = []
    for end in 1..."playstation 5".count {
      let response = searcher.search(SearchRequest(query: String("playstation 5".prefix(end))))
      last = response.hits.map { phrases.documents.value($0.record, 0) }
    }
    #expect(last.contains("PS5 Stand"))
    // The matcher of pipes and scans, and the highlighter, read the phrase as the index does.
    let query = ParsedQuery("ps5", settings: phrases.settings)
    var matcher = RecordMatcher(
      query: query, searchableCount: 1, rules: MatchRules(settings: phrases.settings, searchable: ["name"]),
      regime: .small)
    for (text, found) in [("Sony PlayStation 5 Console", true), ("PlayStation Portal, 5 games", false)] {
      Array(text.utf8).withUnsafeBufferPointer { matcher.match([$0]) }
      #expect((matcher.results[RecordMatcher.Regime.small.rawValue].matched != 0) == found, "\(text)")
    }
    let (highlights, _) = Highlighter(index: phrases, query: query).highlight(record: 0)
    #expect(highlights.first?.ranges == [5..<18])  // "PlayStation 5"
  }

  @Test func withoutAlternativesNothingChanges() {
    let plain = makeIndex([["name": "USB Cable"], ["name": "Smart TV"]])
    #expect(names(plain, "television").isEmpty)
    let response = Searcher(index: plain).search(SearchRequest(query: "cables"))
    #expect(response.hits.first?.ranking.typos == 1)  // found by a typo, as before
  }

  @Test func theMatcherAndTheHighlighterAgreeWithTheIndex() throws {
    let query = ParsedQuery("samsung televisions", settings: index.settings)
    var matcher = RecordMatcher(query: query, searchableCount: 1, rules: MatchRules(), regime: .small)
    let text = Array("Samsung Smart TV".utf8)
    text.withUnsafeBufferPointer { matcher.match([$0]) }
    #expect(matcher.results[RecordMatcher.Regime.small.rawValue].matched == 0b11)
    let (ranges, _) = Highlighter.matches(in: "Samsung Smart TV", query: query, substring: false)
    #expect(ranges.map { $0.count } == [7, 2])
  }

  /// Each keystroke narrows the last one's matches unless a new alternative lies outside them:
  /// typed letter by letter, "televisions" still finds the TV its synonym names.
  @Test func typingOnNarrowsOnlyWhenTheAlternativesAreAmongThePrefixs() {
    let searcher = Searcher(index: index)
    for query in ["t", "te", "tel", "tele", "telev", "televi", "televis", "televisi", "televisio", "television"] {
      _ = searcher.search(SearchRequest(query: query))
    }
    let last = searcher.search(SearchRequest(query: "televisions"))
    #expect(last.hits.map { index.documents.value($0.record, 0) } == ["Samsung Smart TV"])
  }
}
