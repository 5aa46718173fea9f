import Testing

@testable import SearchEngine

/// fzf's per-match tie-breaks in the fuzzy tier: equal scores ordered by where the match lies.
@Suite struct FuzzyTieTests {
  func ordered(_ lines: [String], _ query: String, _ tiebreak: [Tiebreak]) -> [String] {
    var store = DocumentStore(attributes: ["text"])
    for (i, line) in lines.enumerated() { store.append(objectID: String(i), values: [line]) }
    let index = IndexBuilder.build(
      store, settings: IndexSettings(searchableAttributes: ["text"], orderedAttributes: ["text"], tiebreak: tiebreak))
    var request = SearchRequest(query: query, hitsPerPage: 50)
    request.matching = MatchOptions(fuzzyTier: true)
    return Searcher(index: index).search(request).hits.map { index.documents.value($0.record, 0) }
  }

  /// fzf's `length` counts characters, not bytes, and not the white space at either end.
  @Test func lengthCountsCharactersWithoutTheEnds() {
    func length(_ text: String) -> Int {
      var copy = text
      return copy.withUTF8 { FuzzyTie.trimmedLength($0) }
    }
    #expect(length("Főtanú") == 6)
    #expect(length("  a b\t\n") == 3)
    #expect(length("\u{00A0}x\u{3000}") == 1)
    #expect(length("   ") == 0)
    // `é` takes two bytes: as bytes the second line is the longer; as characters, the shorter.
    #expect(ordered(["a-xxxxx", "a-éé", "  a-xxx  "], "a", [.length, .index]) == ["a-éé", "  a-xxx  ", "a-xxxxx"])
  }

  /// `--scheme=path`'s first tie-break: a match in the file name, the nearer its start the
  /// better; one in a folder's name last.
  @Test func pathnamePutsTheMatchInTheFileNameFirst() {
    let lines = ["a/lib/x", "a/x/lib", "a/xyz/lib"]
    #expect(ordered(lines, "'lib", [.pathname, .length]) == ["a/x/lib", "a/xyz/lib", "a/lib/x"])
    #expect(ordered(lines, "'lib", [.length]) == ["a/lib/x", "a/x/lib", "a/xyz/lib"])
  }

  @Test func beginPutsTheEarlierMatchFirst() {
    // fzf's `'src` (an exact term: fzf's rules alone) scores these alike.
    let lines = ["test/x/src/a", "q/src/b/xyz", "aa/src/b"]
    #expect(ordered(lines, "'src", [.begin, .index]) == ["q/src/b/xyz", "aa/src/b", "test/x/src/a"])
    #expect(ordered(lines, "'src", [.index]) == lines)
  }

  @Test func endPutsTheMatchNearerTheEndFirst() {
    let lines = ["/a/python.html", "/a/python.vim"]
    #expect(ordered(lines, "'py", [.end, .index]) == ["/a/python.vim", "/a/python.html"])
    // fzf's test_tiebreak_end: both end 3 characters from the line's end, but `o` is 6/10 of the
    // way along the first and 5/9 along the indented one, so the first comes first, length aside.
    #expect(ordered(["  xxxxoxxx", "xxxxxoxxx"], "o", [.end, .length]) == ["xxxxxoxxx", "  xxxxoxxx"])
  }

  @Test func chunkPutsTheShorterRunOfNonBlanksFirst() {
    let lines = ["fix: parsing of headers", "fix: parse x"]
    #expect(ordered(lines, "'pars", [.chunk, .index]) == ["fix: parse x", "fix: parsing of headers"])
  }

  /// `seek -f` on a pipe keeps lines by the same keys: relevance (score, then the tie-break),
  /// then input order.
  @Test func aScanOrdersAsTheIndexDoes() {
    let lines = ["test/x/src/a", "  src/b/xyz", "a/src/b", "zz src zz", "src"]
    let extended = ExtendedQuery("'src", options: MatchOptions(fuzzyTier: true))
    var collector = FuzzyCollector<Int>(query: extended, wordCount: 0, limit: 10, tiebreak: .begin)
    for (i, line) in lines.enumerated() {
      var text = line
      text.withUTF8 { collector.add(i, position: i, tie: UInt64(i), title: $0, words: nil) }
    }
    let scanned = collector.answer(in: .small, level: 0).kept
      .sorted { ($0.relevance, $0.tie) < ($1.relevance, $1.tie) }
      .map { lines[$0.payload] }
    #expect(scanned == ordered(lines, "'src", [.begin, .index]))
  }
}
