import Testing

@testable import SearchEngine

@Suite struct FuzzyMatchingTests {
  /// As lines are matched (smart case applies there).
  static let lines = MatchOptions(fuzzyTier: true)

  func score(_ query: String, _ text: String, options: MatchOptions = lines) -> Int? {
    var matcher = ExtendedMatcher(ExtendedQuery(query, options: options))
    var copy = text
    return copy.withUTF8 { matcher.score($0) }
  }

  func ranges(_ query: String, _ text: String) -> [Range<Int>]? {
    var matcher = ExtendedMatcher(ExtendedQuery(query))
    var copy = text
    return copy.withUTF8 { matcher.matchedRanges($0) }
  }

  /// fzf's own example (algo_test.go): `oBZ` in `fooBarbaz1` is matched at o·B…z (2..<9):
  /// three matches, a camelCase hump, a gap of four.
  @Test func scoresAsFzfDoes() {
    let s = FuzzyScorer.self
    #expect(score("obz", "fooBarbaz1") == s.match * 3 + s.bonusCamel123 + s.gapStart + s.gapExtension * 3)
    #expect(ranges("obz", "fooBarbaz1") == [2..<4, 8..<9])
    // Case matters once the query has a capital letter (smart case).
    #expect(score("oBZ", "fooBarbaz1") == nil)
    #expect(score("oBz", "fooBarbaz1") != nil)
    #expect(score("oBZ", "fooBarbaz1", options: MatchOptions(caseMatching: .ignore, fuzzyTier: true)) != nil)
    // Records keep a case-blind search unless asked.
    #expect(score("oBZ", "fooBarbaz1", options: MatchOptions()) != nil)
    #expect(score("oBZ", "fooBarbaz1", options: MatchOptions(caseMatching: .respect)) == nil)
  }

  /// Whether a text matches, told without scoring it (what a scan counts of a tier it will not
  /// show): the scorer's answer for every ASCII text and plain query, and no answer where the
  /// scorer must decide (operators, several terms in a group, text beyond ASCII).
  @Test func matchingWithoutAScoreAgreesWithTheScorer() {
    let texts = [
      "fooBarbaz1", "src/components/Button.tsx", "FOO-bar\r", "a-b", "a\rb", "@`x", "Test/TEST_tests", "",
      "tset", "t e s t", "lib/test_9", "config/vendor/scripts_12", "x@y", "a_b-c.d", "ZeD/zip", "BAZ",
      "test/café", "Zed/ünïcode", "crème/BAZ",
    ]
    let queries = [
      "test", "obz", "oBZ", "a-b", "@x", "`x", "te st", "FOO", "bcd", "scb", "t_9", "-", "a.d", "zed", "baz",
    ]
    for query in queries {
      for options in [Self.lines, MatchOptions(), MatchOptions(caseMatching: .respect)] {
        var matcher = ExtendedMatcher(ExtendedQuery(query, options: options))
        for text in texts {
          var copy = text
          let scored = copy.withUTF8 { matcher.score($0) } != nil
          // Told, it is the scorer's answer; not told, only beyond ASCII.
          if let told = copy.withUTF8({ matcher.matchesWithoutScore($0) }) {
            #expect(told == scored, "\(query) in \(text)")
          } else {
            #expect(text.utf8.contains { $0 >= 0x80 }, "\(query) in \(text)")
          }
        }
      }
    }
    for query in ["^src", "!test", "'exact", "a | b", "tsx$"] {
      var copy = "src/a.tsx"
      let matcher = ExtendedMatcher(ExtendedQuery(query, options: Self.lines))
      #expect(copy.withUTF8 { matcher.matchesWithoutScore($0) } == nil, "\(query)")
    }
    // Beyond ASCII the scorer decides, unless the term was found before it.
    var accented = "café/test"
    #expect(accented.withUTF8 { ExtendedMatcher(ExtendedQuery("test")).matchesWithoutScore($0) } == nil)
    var accentedAfter = "test/café"
    #expect(accentedAfter.withUTF8 { ExtendedMatcher(ExtendedQuery("test")).matchesWithoutScore($0) } == true)
    #expect(accentedAfter.withUTF8 { ExtendedMatcher(ExtendedQuery("zz")).matchesWithoutScore($0) } == nil)
  }

  @Test func findsInitialsOfPathParts() {
    #expect(ranges("scb", "src/components/Button.tsx") == [0..<1, 4..<5, 15..<16])
    #expect(score("scb", "src/components/Link.tsx") == nil)
    // Word starts beat letters inside words.
    #expect(score("scb", "src/components/Button.tsx")! > score("scb", "sauce/cobble.tsx")!)
    // The best alignment, not the first: `c`omponents (a word start) rather than the `c` of `src`.
    #expect(score("scb", "src/components/Button.tsx") == 36 - 5 + 25 - 12 + 25)
  }

  /// fzf's table decides cell by cell: in `fl-flask-zipkin`, `l` at 4 is reached better across a
  /// gap from `fl` (57) than as a run from `-f` (56), so the run `-flask` (128) is never scored:
  /// `fl` + `ask` is, 113, and fzf 0.74.5 lists the line among those scores (`-f flask` over the
  /// 1.1M package names came out in another order before).
  @Test func scoresTheTableAsFzfFillsIt() {
    let s = FuzzyScorer.self
    let cut = 2 * s.match + 3 * s.bonusBoundaryWhite + s.gapStart + 2 * s.gapExtension
    #expect(score("flask", "fl-flask-zipkin") == cut + 3 * s.match + 2 * s.bonusConsecutive)
    #expect(score("flask", "x-flask") == 5 * s.match + 5 * s.bonusBoundary + s.bonusBoundary)
  }

  /// Punctuation after white space or a delimiter earns the boundary bonus there (fzf 0.74):
  /// `r_p` finds `re/_parser.py` before `rg_proxy.rb`, as fzf 0.74.5 lists them.
  @Test func punctuationAfterADelimiterStartsSomething() {
    #expect(score("_", "a/_")! > score("_", "ab_")!)
    #expect(score("_", "a _")! > score("_", "a/_")!)
    #expect(score("_", "a-_") == score("_", "ab_"))
    #expect(score("r_p", "re/_p")! > score("r_p", "rg_p")!)
  }

  /// An exact term takes the first occurrence at a word start, even when a better one follows
  /// (fzf's `exactMatchNaive`): `'core` in `@coreui/coreui` is at `@c`, not `/c`.
  @Test func exactTermTakesTheFirstWordStart() {
    let s = FuzzyScorer.self
    #expect(score("'core", "@coreui/coreui") == 4 * s.match + 2 * s.bonusBoundary + 3 * s.bonusBoundary)
    #expect(ranges("'core", "@coreui/coreui") == [1..<5])
  }

  /// fzf decides case term by term (`foo Fbar` finds `Foo bar`), and a term typed with a
  /// diacritic keeps it (`á` finds `á` and `Á`, not `a`; `A` finds `A` and `Á`): fzf's
  /// test_smart_case_for_each_term and test_normalized_match.
  @Test func caseAndDiacriticsAreDecidedTermByTerm() {
    #expect(score("foo Fbar", "Foo bar") != nil)
    // A term that respects case is for fzf's rules (the word index folds case): `+i makefile`
    // must not find `Makefile` through the words.
    let respect = MatchOptions(caseMatching: .respect, fuzzyTier: true)
    #expect(ExtendedQuery("makefile", options: respect).followsFzfRulesAlone)
    #expect(ExtendedQuery("foo Fbar", options: Self.lines).followsFzfRulesAlone)
    #expect(!ExtendedQuery("foo bar", options: Self.lines).followsFzfRulesAlone)
    #expect(score("foo FBar", "Foo bar") == nil)
    let lines = ["a", "á", "A", "Á"]
    func found(_ query: String) -> [String] { lines.filter { score(query, $0) != nil } }
    #expect(found("a") == ["a", "á", "A", "Á"])
    #expect(found("á") == ["á", "Á"])
    #expect(found("A") == ["A", "Á"])
    #expect(found("Á") == ["Á"])
  }

  /// fzf's `--literal`: every term keeps its diacritics (`cafe` finds `cafe` and `Cafe`, not
  /// `café`), and fzf's rules answer alone (the word index folds them). fzf 0.74.5 prints the
  /// same lines for these queries.
  @Test func literalTermsKeepTheirDiacritics() {
    var literal = Self.lines
    literal.literal = true
    let lines = ["café", "cafe", "CAFÉ", "Cafe"]
    func found(_ query: String) -> [String] { lines.filter { score(query, $0, options: literal) != nil } }
    #expect(found("cafe") == ["cafe", "Cafe"])
    #expect(found("café") == ["café", "CAFÉ"])
    #expect(found("Cafe") == ["Cafe"])
    #expect(ExtendedQuery("cafe", options: literal).followsFzfRulesAlone)
  }

  /// fzf's `'term'`: the term as a whole word, an underscore's word below a dash's
  /// (test_boundary_match's order for the default scheme).
  @Test func quotedTermIsAWholeWord() {
    #expect(score("'xyz'", "xxyzx") == nil)
    #expect(score("'xyz'", "-xxyz") == nil)
    let order = [" xyz ", "/xyz/", "[xyz]", "-xyz_", "_xyz-", "_xyz_"].map { score("'xyz'", $0)! }
    #expect(order == order.sorted(by: >) && Set(order).count == order.count)
    #expect(score("'xyz'", "[xyz]") == score("'xyz'", "-xyz-"))
  }

  /// `--scheme=path`: a word after white space is worth no more than one after `/`, which is the
  /// only delimiter, and the text starts as after a `/`.
  @Test func pathSchemeWeighsSlashes() {
    var path = Self.lines
    path.scheme = .path
    #expect(score("'xyz'", "/xyz/", options: path)! > score("'xyz'", " xyz ", options: path)!)
    #expect(score("'xyz'", " xyz ")! > score("'xyz'", "/xyz/")!)
    #expect(score("b", "a:b", options: path)! < score("b", "a:b")!)
  }

  /// Of two equal places, the later when the tie-break measures the end or the file name (fzf
  /// takes the last best cell then): `lib` in `a-lib-lib` is the second.
  @Test func laterPlaceWhenTheTieBreakLooksThere() {
    var later = Self.lines
    later.prefersLaterMatch = true
    var matcher = ExtendedMatcher(ExtendedQuery("lib", options: later))
    var text = "a-lib-lib"
    #expect(text.withUTF8 { matcher.matchedRanges($0) } == [6..<9])
    #expect(ranges("lib", "a-lib-lib") == [2..<5])
  }

  @Test func tighterMatchesScoreHigher() {
    #expect(score("react", "react") == score("react", "reacton"))  // the length breaks this tie
    #expect(score("react", "react-dom")! > score("react", "r-e-a-c-t")!)
    #expect(score("99", "99")! > score("99", "9019")!)
  }

  @Test func foldsCaseAndDiacritics() {
    #expect(score("cafe", "Café au lait") != nil)
    #expect(score("strasse", "Straße") != nil)
    #expect(ranges("ca", "Café") == [0..<2])
    #expect(ranges("fe", "Café") == [2..<5])
  }

  @Test func parsesFzfSyntax() {
    let q = ExtendedQuery("^src 'comp .tsx$ !test | !spec \\ x")
    #expect(!q.isPlain)
    #expect(q.groups.map { $0.map(\.kind) } == [[.prefix], [.exact], [.suffix], [.exact, .exact], [.fuzzy]])
    #expect(q.groups[3].map(\.inverse) == [true, true])
    #expect(q.groups[4][0].text == " x")
    #expect(ExtendedQuery("foo bar").isPlain)
    #expect(ExtendedQuery("^foo$").groups[0][0].kind == .equal)
    // With -e, plain terms are substrings and `'` makes one fuzzy.
    let exact = ExtendedQuery("foo 'bar", options: MatchOptions(fuzzy: false))
    #expect(exact.groups.map { $0[0].kind } == [.exact, .fuzzy])
  }

  @Test func matchesFzfSyntax() {
    #expect(score("^src", "src/a.swift") != nil)
    #expect(score("^src", "lib/src.swift") == nil)
    #expect(score(".swift$", "src/a.swift") != nil)
    #expect(score(".swift$", "src/a.swift.orig") == nil)
    #expect(score("'comp", "components") != nil)
    #expect(score("'cmp", "components") == nil)
    #expect(score("cmp", "components") != nil)
    #expect(score("!foo", "bar") == 0)
    #expect(score("!foo", "a foo b") == nil)
    #expect(score("!^foo", "foo bar") == nil)
    #expect(score("!^foo", "bar foo") != nil)
    #expect(score("readme | license", "LICENSE") != nil)
    #expect(score("readme | license", "Makefile") == nil)
    #expect(score("^a.txt$", "a.txt") != nil)
    #expect(score("^a.txt$", "a.txt.bak") == nil)
    #expect(score("a\\ b", "a b") != nil)
    #expect(score("a\\ b", "ab") == nil)
  }

  /// The examples of fzf's README, "Search syntax": each token's meaning, and the OR example.
  @Test func fzfReadmeExamples() {
    let items = ["core/main.go", "core/util.rb", "core/app.py", "core/notes.txt", "lib/core.go", "music/song.mp3"]
    func matching(_ query: String) -> [String] { items.filter { score(query, $0) != nil } }
    #expect(matching("sbtrkt").isEmpty)
    #expect(matching("'wild").isEmpty)
    #expect(matching("^music") == ["music/song.mp3"])
    #expect(matching(".mp3$") == ["music/song.mp3"])
    #expect(matching("!fire").count == items.count)
    #expect(matching("!^music").count == items.count - 1)
    #expect(matching("!.mp3$").count == items.count - 1)
    #expect(matching("^core go$ | rb$ | py$") == ["core/main.go", "core/util.rb", "core/app.py"])
  }

  @Test func narrowsOnlyWhenEveryMatchStays() {
    let options = Self.lines
    func narrows(_ a: String, _ b: String) -> Bool {
      ExtendedQuery(a, options: options).isNarrowed(by: ExtendedQuery(b, options: options))
    }
    #expect(narrows("sc", "scb"))
    #expect(narrows("sc", "sc b"))
    #expect(narrows("^sr", "^src"))
    #expect(!narrows("sc", "s"))
    #expect(!narrows("!a", "!ab"))
    #expect(!narrows("b$", "ab$"))
    #expect(!narrows("sc", "Sc"))
  }

  /// `-n2..,..` (fzf's CTRL-R): one part per range; a term matches within one part, the first
  /// it matches in, as fzf's — never across two (`e3d` in `echo 2nd` + `3 echo 2nd`), and an
  /// anchor holds at the start of any part.
  @Test func termsMatchWithinOnePartOfTheSearchedFields() {
    var options = Self.lines
    options.matchesWithinParts = true
    let separator = String(UnicodeScalar(MatchOptions.partSeparator))
    let history = "echo 2nd" + separator + "3\techo 2nd"
    #expect(score("e3d", history, options: options) == nil)
    #expect(score("e3d", "echo 2nd3\techo 2nd", options: Self.lines) != nil)  // one text: across
    #expect(score("^echo", history, options: options) != nil)
    #expect(score("^3", history, options: options) != nil)
    #expect(score("!2nd", history, options: options) == nil)
    // Highlights: where the term matched, in the bytes of the whole text.
    var matcher = ExtendedMatcher(ExtendedQuery("^3", options: options))
    var copy = history
    #expect(copy.withUTF8 { matcher.matchedRanges($0) } == [9..<10])
  }
}
