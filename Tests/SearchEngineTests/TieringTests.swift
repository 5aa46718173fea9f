import Testing

@testable import SearchEngine

/// Large indexes answer in tiers and scan short prefixes with early termination; on the same index
/// the pages must be exactly those of the exhaustive evaluation.
@Suite struct TieringTests {
  static let index: SearchIndex = {
    var random = SeededNumbers(seed: 42)
    let vocabulary = [
      "react", "router", "redux", "table", "tabs", "tablet", "python", "pytest", "pyyaml", "django",
      "data", "date", "dart", "a", "ab", "abc", "apple", "apply", "amazon", "angular", "core", "cli",
      "client", "server", "serve", "service", "tools", "toolkit", "test", "testing", "utils", "util",
    ]
    let rows: [[String: String]] = (0..<3000).map { i in
      let name = (0..<(1 + random.next(3))).map { _ in vocabulary[random.next(vocabulary.count)] }.joined(
        separator: "-")
      let description = (0..<(2 + random.next(6))).map { _ in vocabulary[random.next(vocabulary.count)] }.joined(
        separator: " ")
      return ["name": name, "description": description, "popularity": String(random.next(1000)), "id": "r\(i)"]
    }
    return makeIndex(rows, searchable: ["name", "description"])
  }()

  @Test(arguments: [
    "a", "r", "t", "ta", "re", "py", "react", "reac", "tabel", "react r", "django te", "data t",
    "abc", "aple", "core cli", "servce", "testing util", "z", "tools a", "a b",
    // Prefixes of one word only, which some records hold twice (its postings serve as the group).
    "dj", "dja", "am", "an", "dj am",
    // A word that matches nothing is dropped wherever it stands; the words left relax from the end.
    "react zzz router", "data qqqq date tools", "test xyzzy util client core", "tabel zzz py",
  ])
  func tieredPagesEqualExhaustivePages(query: String) {
    for (page, (a, b)) in exhaustiveAndTieredPages(Self.index, query).enumerated() {
      #expect(a.hits.map(\.objectID) == b.hits.map(\.objectID), "\(query) page \(page)")
      #expect(a.hits.map(\.ranking) == b.hits.map(\.ranking))
      // An approximate count is the typo-free tier's, which filled the page: at least the pages
      // asked for, never more than the whole count.
      if b.exhaustiveNbHits {
        #expect(a.nbHits == b.nbHits)
      } else {
        #expect(b.nbHits >= min(a.nbHits, (page + 1) * 10) && b.nbHits <= a.nbHits, "\(query) page \(page)")
      }
    }
  }
}

/// A page the typo-free tier fills is still counted exactly when the typo tier is cheap to run
/// (`Searcher.exactCountPostings`): the count a list shows is the one `--filter` prints.
@Suite struct ExactCountTests {
  @Test(arguments: ["react", "tabel", "servce", "testing util", "data", "clien"])
  func cheapTypoTiersAreCounted(query: String) {
    let (a, b) = exhaustiveAndTieredPages(TieringTests.index, query, pages: 1, hitsPerPage: 5)[0]
    #expect(b.exhaustiveNbHits, "\(query)")
    #expect(a.nbHits == b.nbHits, "\(query)")
  }
}

/// Typing narrows the last keystroke's matches (and skips what found nothing before) instead of
/// intersecting every word again: every keystroke must answer exactly as a fresh searcher does.
@Suite struct NarrowingTests {
  static let queries = [
    "react router dom", "tabel tools", "django testing utils", "python pytest", "servce clien",
    "data date dart", "core cli zebra", "angular amazon", "testing util", "tools a b", "react zzz router",
    "util utils utility", "redux reduxx", "apple aple appl", "cli client clients",
    // Relaxed: optional words typed after one that matches nothing.
    "data qqqq date tools", "test xyzzy util client core", "tabel zzz py tools",
  ]

  /// `typing` answers `request` exactly as a fresh searcher with the same tiering does.
  static func expectFreshAnswer(_ typing: Searcher, _ request: SearchRequest) {
    let fresh = Searcher(index: typing.index)
    fresh.tieringThreshold = typing.tieringThreshold
    let expected = fresh.search(request)
    let got = typing.search(request)
    let label = "\(request.query) page \(request.page) of \(request.hitsPerPage)"
    #expect(got.hits.map(\.objectID) == expected.hits.map(\.objectID), "\(label)")
    #expect(got.hits.map(\.ranking) == expected.hits.map(\.ranking), "\(label)")
    #expect(got.nbHits == expected.nbHits, "\(label)")
    #expect(got.droppedWords == expected.droppedWords, "\(label)")
  }

  /// A searcher whose generation counter wraps around (once per 2^32 searches) answers as a fresh
  /// one, whether a scan or an intersection moves it: the last run is not taken for current.
  @Test(arguments: ["r", "react", "ta", "react r", "tabel"])
  func aWrappingGenerationAnswersAsAFreshSearcher(query: String) {
    let wrapping = Searcher(index: TieringTests.index)
    wrapping.tieringThreshold = 0
    _ = wrapping.search(SearchRequest(query: "data", hitsPerPage: 10))
    wrapping.generation = .max
    Self.expectFreshAnswer(wrapping, SearchRequest(query: query, hitsPerPage: 10))
    #expect(wrapping.generation < 10, "the counter wrapped")
  }

  /// Typing every query letter by letter, then erasing it with Backspace down to its first letter.
  @Test(arguments: [0, Int.max])
  func typingLetterByLetterAnswersAsAFreshSearch(tieringThreshold: Int) {
    let typing = Searcher(index: TieringTests.index)
    typing.tieringThreshold = tieringThreshold
    var narrowed = 0
    for query in Self.queries {
      for k in Array(1...query.count) + (1..<query.count).reversed() {
        let text = String(query.prefix(k))
        for page in [0, 1] {
          Self.expectFreshAnswer(typing, SearchRequest(query: text, page: page, hitsPerPage: 10))
          if typing.lastRun.matched.count > 0 { narrowed += 1 }
        }
      }
    }
    #expect(narrowed > 100)
  }

  /// Thousands of records match a few common words; the rare words typed after one that matches
  /// nothing are optional, and rank the few records that have them first. Those records are the
  /// most popular: the best of all, had they matched no optional word.
  static let relaxedIndex: SearchIndex = {
    var random = SeededNumbers(seed: 7)
    let common = ["cell", "phone", "case", "cases", "charger"]
    let rare = ["waterproof", "wallet", "battery", "bluetooth", "screen", "protector", "stand", "cable"]
    let rows: [[String: String]] = (0..<2000).map { i in
      var name = (0..<(2 + random.next(3))).map { _ in common[random.next(common.count)] }
      var description = (0..<(1 + random.next(3))).map { _ in common[random.next(common.count)] }
      var popularity = random.next(900)
      if random.next(60) == 0 {
        name.insert(rare[random.next(rare.count)], at: random.next(name.count))
        popularity += 100
      }
      if random.next(60) == 0 {
        description.append(rare[random.next(rare.count)])
        popularity += 100
      }
      return [
        "name": name.joined(separator: " "), "description": description.joined(separator: " "),
        "popularity": String(popularity), "id": "r\(i)",
      ]
    }
    return makeIndex(rows, searchable: ["name", "description"])
  }()

  @Test(arguments: [0, Int.max])
  func typingRelaxedQueriesAnswersAsAFreshSearch(tieringThreshold: Int) {
    let typing = Searcher(index: Self.relaxedIndex)
    typing.tieringThreshold = tieringThreshold
    for query in [
      "cell qqq waterproof wallet", "phone case zzzz battery bluetooth stand", "charger xxxxx screen protector",
      "case cell phone yyyy cable wallet",
      // Every word matches, but the first ones never together: the last word's typo budget and
      // substring matching change as it is typed (4 and 8 letters, 3), the first words do not.
      "waterproof wallet phone chargers", "battery bluetooth cell cases", "stand cable screen protector",
    ] {
      for k in Array(1...query.count) + (1..<query.count).reversed() {
        let text = String(query.prefix(k))
        for (page, size) in [(0, 3), (0, 10), (1, 10)] {
          Self.expectFreshAnswer(typing, SearchRequest(query: text, page: page, hitsPerPage: size))
        }
      }
    }
  }

  /// Optional words whose prefixes several rare words share ("wa": wallet, waterproof), typed
  /// with the page size changing from keystroke to keystroke: a record counted but not ranked on
  /// one keystroke (too few words for the page) may be ranked on the next, and must not take a
  /// key made before its words changed.
  @Test(arguments: [0, Int.max])
  func pageSizesChangingWhileTypingAnswerAsAFreshSearch(tieringThreshold: Int) {
    let typing = Searcher(index: Self.relaxedIndex)
    typing.tieringThreshold = tieringThreshold
    var random = SeededNumbers(seed: 11)
    for query in [
      "cell qqqq waterproof", "phone zzzz wallet stand", "case xxxx screen stand", "charger yyyy bluetooth battery",
      "cell phone qqqq wa st sc bl", "phone cell case zzzz waterproof wallet",
    ] {
      for k in 1...query.count {
        let size = [1, 2, 3, 5, 10, 20][random.next(6)]
        Self.expectFreshAnswer(
          typing, SearchRequest(query: String(query.prefix(k)), page: random.next(2), hitsPerPage: size))
      }
    }
  }

  @Test func aFilterOrAnotherPageSizeDoesNotReuseWhatItDidNotSee() {
    let typing = Searcher(index: TieringTests.index)
    typing.tieringThreshold = 0
    var narrow = RecordFilter(recordCount: TieringTests.index.count, all: false)
    for record in stride(from: 0, to: TieringTests.index.count, by: 3) { narrow.insert(record) }
    for (text, filter, size) in [
      ("react", nil, 10), ("react r", narrow, 10), ("react ro", nil, 10), ("react rou", nil, 3),
      ("react rout", narrow, 3), ("react route", nil, 10),
    ] as [(String, RecordFilter?, Int)] {
      let request = SearchRequest(query: text, hitsPerPage: size, filter: filter)
      let expected = Searcher(index: TieringTests.index).search(request)
      let got = typing.search(request)
      #expect(got.hits.map(\.objectID) == expected.hits.map(\.objectID), "\(text)")
      #expect(got.nbHits == expected.nbHits, "\(text)")
    }
  }
}

/// One word of four letters or more on a large index is answered by merging its terms' lists in
/// record-id order until the page is settled (Searcher+PrefixScan.swift): the pages must be the
/// exhaustive evaluation's, in ordered and unordered attributes, with names that are the word alone.
@Suite struct PrefixScanTests {
  static func index(ordered: Set<String>, customRanking: [CustomRanking] = [.descending("popularity")]) -> SearchIndex {
    var random = SeededNumbers(seed: 7)
    let vocabulary = [
      "react", "reactive", "reactjs", "reactor", "reaction", "read", "reader", "python", "pythonic", "python3",
      "pytest", "table", "tables", "tablet", "tabletop", "data", "database", "dataset", "simple", "simplejson",
      "types", "typescript", "typed", "tools", "toolkit", "a", "b", "c",
    ]
    let rows: [[String: String]] = (0..<12_000).map { i in
      // Every 50th name is one word alone (the word as the whole first attribute).
      let words = i % 50 == 0 ? 1 : 1 + random.next(3)
      var name = (0..<words).map { _ in vocabulary[random.next(vocabulary.count)] }.joined(separator: "-")
      // `aard` is never first, while `aardvark` often is, alone: by `word` exactness in an unordered
      // name the whole word after the start outranks the prefix at the start, although without a
      // custom ranking the tie-break (names in alphabetical order) sets the prefixes first in id
      // order.
      if i % 7 == 3 { name = "zulu-aard-" + name }
      if i % 11 == 5 { name = "aardvark" }
      let description = (0..<(2 + random.next(6))).map { _ in vocabulary[random.next(vocabulary.count)] }.joined(
        separator: " ")
      return ["name": name, "description": description, "popularity": String(random.next(100_000)), "id": "r\(i)"]
    }
    return makeIndex(rows, searchable: ["name", "description"], customRanking: customRanking, ordered: ordered)
  }
  static let unordered = index(ordered: [])
  static let orderedName = index(ordered: ["name"])
  /// Without a custom ranking a whole word counts (`word` exactness), as on lines.
  static let wholeWordsUnordered = index(ordered: [], customRanking: [])
  static let wholeWordsOrdered = index(ordered: ["name"], customRanking: [])
  static let all = [unordered, orderedName, wholeWordsUnordered, wholeWordsOrdered]

  @Test(arguments: [
    "reac", "react", "reacti", "pyth", "python", "tabl", "table", "data", "datab", "simp", "type", "aar", "aard",
  ])
  func mergedPagesEqualExhaustivePages(word: String) {
    for index in Self.all {
      for (page, (a, b)) in exhaustiveAndTieredPages(index, word, pages: 3, hitsPerPage: 20).enumerated() {
        #expect(a.hits.map(\.objectID) == b.hits.map(\.objectID), "\(word) page \(page)")
        #expect(a.hits.map(\.ranking) == b.hits.map(\.ranking), "\(word) page \(page)")
        // Lists this short are read whole: the typo-free count, exact (the typo tier left out).
        #expect(b.nbHits >= min(a.nbHits, (page + 1) * 20) && b.nbHits <= a.nbHits, "\(word) page \(page)")
      }
    }
  }

  /// With a small counting sample the scan stops early: the pages stay the same, and the count
  /// is extrapolated from the sample, near the typo-free count the whole lists give.
  @Test(arguments: ["reac", "pyth", "python", "tabl", "table", "data", "simp", "aard"])
  func anEarlyStopKeepsThePagesAndEstimatesTheCount(word: String) {
    for index in Self.all {
      let whole = Searcher(index: index)
      whole.tieringThreshold = 0
      let sampled = Searcher(index: index)
      sampled.tieringThreshold = 0
      sampled.prefixScanSample = 300
      for page in 0..<3 {
        let request = SearchRequest(query: word, page: page, hitsPerPage: 20)
        let (a, b) = (whole.search(request), sampled.search(request))
        #expect(a.hits.map(\.objectID) == b.hits.map(\.objectID), "\(word) page \(page)")
        #expect(a.hits.map(\.ranking) == b.hits.map(\.ranking), "\(word) page \(page)")
        #expect(!b.exhaustiveNbHits)
        // In popularity order (random here) the sample is like the rest; in alphabetical order
        // (no custom ranking) it is not, and only the pages are compared.
        guard !index.settings.customRanking.isEmpty else { continue }
        let ratio = Double(b.nbHits) / Double(a.nbHits)
        #expect(ratio > 0.8 && ratio < 1.25, "\(word) page \(page): \(b.nbHits) for \(a.nbHits)")
      }
      #expect(sampled.prefixScansStoppedEarly > 0, "\(word)")
    }
  }

  /// Typing a word letter by letter through the scan answers as a fresh searcher.
  @Test func typingThroughTheScanAnswersAsFresh() {
    Self.expectFreshAnswersTyping(["reactive", "pythonic", "tabletop", "database"])
  }

  /// Types each query letter by letter on the tiered `orderedName` index, every keystroke checked
  /// against a fresh searcher.
  static func expectFreshAnswersTyping(_ queries: [String]) {
    let typing = Searcher(index: orderedName)
    typing.tieringThreshold = 0
    for query in queries {
      for n in 1...query.count {
        NarrowingTests.expectFreshAnswer(typing, SearchRequest(query: String(query.prefix(n)), hitsPerPage: 20))
      }
    }
  }
}

/// Two words, the last one short or whole, joined by record in id order until the page is settled
/// (Searcher+PairScan.swift): the pages must be the exhaustive evaluation's.
@Suite struct PairScanTests {
  @Test(arguments: [
    "react t", "python d", "python da", "table r", "data t", "a b", "zulu aa", "zulu aard", "react tables",
    "reactive p", "python3 data", "tables tools",
  ])
  func joinedPagesEqualExhaustivePages(query: String) {
    for index in PrefixScanTests.all {
      for (page, (a, b)) in exhaustiveAndTieredPages(index, query, pages: 3, hitsPerPage: 20).enumerated() {
        #expect(a.hits.map(\.objectID) == b.hits.map(\.objectID), "\(query) page \(page)")
        #expect(a.hits.map(\.ranking) == b.hits.map(\.ranking), "\(query) page \(page)")
        if b.exhaustiveNbHits {
          #expect(a.nbHits == b.nbHits, "\(query) page \(page)")
        } else {
          #expect(b.nbHits >= min(a.nbHits, (page + 1) * 20) && b.nbHits <= a.nbHits * 2, "\(query) page \(page)")
        }
      }
    }
  }

  /// The broad pairs settle their page early: the join is what answered them.
  @Test func broadPairsSettleEarly() {
    let searcher = Searcher(index: PrefixScanTests.orderedName)
    searcher.tieringThreshold = 0
    for query in ["react t", "python d", "a b", "table r"] {
      _ = searcher.search(SearchRequest(query: query, hitsPerPage: 20))
    }
    #expect(searcher.pairScansSettled >= 3)
  }

  /// Typing a pair letter by letter through the join answers as a fresh searcher.
  @Test func typingThroughTheJoinAnswersAsFresh() {
    PrefixScanTests.expectFreshAnswersTyping(["react tables", "python dataset", "zulu aardvark", "a b c"])
  }
}
