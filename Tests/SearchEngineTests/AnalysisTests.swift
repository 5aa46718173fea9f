import Testing

@testable import SearchEngine

@Suite struct AnalysisTests {
  @Test(arguments: [
    ("Café", "cafe"), ("ÜBER", "uber"), ("straße", "strasse"), ("STRASSE", "strasse"),
    ("ﬁle", "file"), ("Ｔｏｋｙｏ", "tokyo"), ("Ångström", "angstrom"), ("naïve", "naive"),
    ("e\u{301}cole", "ecole"),
  ])
  func foldsLikeLocalizedStandardContains(input: String, expected: String) {
    #expect(Tokenizer.words(input).map(\.term) == [expected])
  }

  /// The tokenizer folds a character in while its word has fewer than `maxTermBytes` bytes, into
  /// a buffer with `bufferBytes - maxTermBytes` to spare: no character may fold to more.
  @Test func noCharacterFoldsToMoreThanTheTokenizersMargin() {
    var longest = 0
    for v in UInt32(0x80)...0x10FFFF where Unicode.Scalar(v) != nil {
      var bytes = 0
      TextFolding.fold(v) { bytes += $0 < 0x80 ? 1 : $0 < 0x800 ? 2 : $0 < 0x10000 ? 3 : 4 }
      longest = max(longest, bytes)
    }
    #expect(longest + 4 <= Tokenizer.bufferBytes - Tokenizer.maxTermBytes, "longest fold: \(longest) bytes")
  }

  @Test func punctuationSplitsWordsAndKeepsSourceRanges() {
    let words = Tokenizer.words("Café-Crème 2go!")
    #expect(words.map(\.term) == ["cafe", "creme", "2go"])
    #expect(
      words.map(\.location) == [
        TokenLocation(start: 0, end: 5, position: 0), TokenLocation(start: 6, end: 12, position: 1),
        TokenLocation(start: 13, end: 16, position: 2),
      ])
  }

  @Test func textWithoutSpacesIsSplitIntoCharacters() {
    #expect(Tokenizer.words("東京タワー").map(\.term) == ["東", "京", "タ", "ワ", "ー"])
    let terms = Tokenizer.words("東京 tower").map(\.term)
    #expect(terms == ["東", "京", "tower"])
  }

  @Test func foldedKeyTrimsAndCollapsesSpaces() {
    #expect(TextFolding.foldedKey("  Crème   Brûlée ") == Array("creme brulee".utf8))
  }

  @Test func typoBudgetGrowsWithWordLength() {
    let tolerance = TypoTolerance()
    #expect([1, 3, 4, 7, 8, 12].map(tolerance.budget(forLength:)) == [0, 0, 1, 1, 2, 2])
  }

  @Test func lastWordIsPrefixUnlessFollowedBySpace() {
    #expect(ParsedQuery("samsung tv").words.map(\.isPrefix) == [false, true])
    #expect(ParsedQuery("samsung tv ").words.map(\.isPrefix) == [false, false])
  }

  @Test func editDistanceCountsATranspositionAsOne() {
    var distance = BoundedDistance()
    Array("smasung".utf8).withUnsafeBufferPointer { distance.decode($0) }
    #expect(distance.distance("samsung".unicodeScalars.map(\.value), limit: 2) == 1)
    #expect(distance.distance("samsnug".unicodeScalars.map(\.value), limit: 2) == 2)
    let prefix = distance.prefixDistance("smas".unicodeScalars.map(\.value))
    #expect(prefix.distance == 0 && prefix.prefixLength == 4)
    // A typo on the first letter counts two.
    #expect(distance.typos("smasung".unicodeScalars.map(\.value), limit: 2) == 0)
    #expect(distance.typos("xmasung".unicodeScalars.map(\.value), limit: 2) == 2)
    #expect(distance.typos("masung".unicodeScalars.map(\.value), limit: 2) == 2)
    #expect(distance.typos("msasung".unicodeScalars.map(\.value), limit: 2) == 2)
    #expect(distance.prefixTypos("xmas".unicodeScalars.map(\.value)).typos == 2)
    #expect(distance.prefixTypos("smsa".unicodeScalars.map(\.value)).typos == 1)
    let term = Array("samsung".utf8)
    #expect(
      term.withUnsafeBufferPointer {
        BoundedDistance.mayMatch(word: Array("samsng".utf8), term: $0, budget: 1, prefix: true)
      })
    #expect(
      !term.withUnsafeBufferPointer {
        BoundedDistance.mayMatch(word: Array("kettle".utf8), term: $0, budget: 1, prefix: true)
      })
  }
}

@Suite struct SymbolTokenTests {
  @Test func emojiAndSymbolsAreWordsOfTheirOwn() {
    #expect(Tokenizer.words("pizza🍕party").map(\.term) == ["pizza", "🍕", "party"])
    #expect(Tokenizer.words("I ♥ NY €5").map(\.term) == ["i", "♥", "ny", "€", "5"])
    let index = makeIndex((0..<11).map { ["name": $0 == 3 ? "Friday 🍕 night" : "plain line \($0)"] })
    #expect(names(index, "🍕") == ["Friday 🍕 night"])
  }
}
