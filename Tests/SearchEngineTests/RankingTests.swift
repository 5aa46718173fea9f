import Testing

@testable import SearchEngine

/// Each criterion alone, then in order: two records that differ only in what the rule looks at.
@Suite struct RankingTests {
  @Test func typoFewerFirst() {
    let index = makeIndex([
      ["name": "phone holder", "popularity": "100"],  // "phome" → one typo
      ["name": "phome holder", "popularity": "1"],
    ])
    #expect(names(index, "phome holder") == ["phome holder", "phone holder"])
  }

  @Test func wordsMoreMatchedFirstWhenRelaxed() {
    let index = makeIndex([
      ["name": "red shoe", "popularity": "100"],
      ["name": "red shoe blue", "popularity": "1"],
    ])
    let response = Searcher(index: index).search(SearchRequest(query: "red shoe blue zzzz"))
    #expect(response.droppedWords == ["zzzz"] || response.droppedWords == ["blue", "zzzz"])
    #expect(response.hits.map { index.documents.value($0.record, 0) }.first == "red shoe blue")
  }

  @Test func proximityCloserFirst() {
    let index = makeIndex([
      ["name": "black leather office chair", "popularity": "100"],
      ["name": "black chair", "popularity": "1"],
    ])
    #expect(names(index, "black chair") == ["black chair", "black leather office chair"])
  }

  @Test func attributeEarlierFirst() {
    let index = makeIndex([
      ["name": "speaker", "brand": "sony", "popularity": "100"],
      ["name": "sony speaker", "brand": "other", "popularity": "1"],
    ])
    #expect(names(index, "sony") == ["sony speaker", "speaker"])
  }

  /// In an `ordered(...)` attribute the position ranks within the attribute rule; by default
  /// (unordered, as Algolia recommends) it is a late tie-break, after exact: it still puts
  /// "tablet" first before "tablet" last, but never above a better attribute or a more exact match.
  @Test func positionRanksLateInUnorderedAttributes() {
    let rows = [
      ["name": "case for tablet", "popularity": "100"],
      ["name": "tablet case", "popularity": "1"],
    ]
    #expect(names(makeIndex(rows), "tablet") == ["tablet case", "case for tablet"])
    #expect(names(makeIndex(rows), "tabl") == ["tablet case", "case for tablet"])
    // A better attribute (name before brand) and a more exact match win over an earlier place.
    let attributes = makeIndex([
      ["name": "Tab S9", "brand": "tablet", "popularity": "100"],
      ["name": "Cover for tablet", "popularity": "1"],
    ])
    #expect(names(attributes, "tablet") == ["Cover for tablet", "Tab S9"])
    let exact = makeIndex([
      ["name": "tablet cases", "popularity": "100"],
      ["name": "red case for tablet", "popularity": "1"],
    ])
    #expect(names(exact, "case tablet") == ["red case for tablet", "tablet cases"])
    #expect(names(makeIndex(rows, ordered: ["name"]), "tablet") == ["tablet case", "case for tablet"])
    #expect(names(makeIndex(rows, ordered: ["name"]), "tabl") == ["tablet case", "case for tablet"])
  }

  /// fzf's tie-breaks: shorter first, then input order (or reversed, `--tac`); the empty query
  /// lists records in input order whatever the tie-break.
  @Test func tiebreaksAndBrowseOrder() {
    let rows = ["python3-argcomplete", "python3", "pythonista", "python"].map { ["name": $0] }
    let byLength = makeIndex(rows, customRanking: [], tiebreak: [.length, .index])
    #expect(names(byLength, "pyth") == ["python", "python3", "pythonista", "python3-argcomplete"])
    #expect(names(byLength, "") == ["python3-argcomplete", "python3", "pythonista", "python"])
    let tac = makeIndex(rows, customRanking: [], tiebreak: [.index], reverse: true)
    #expect(names(tac, "pyth") == ["python", "pythonista", "python3", "python3-argcomplete"])
    #expect(names(tac, "") == ["python", "pythonista", "python3", "python3-argcomplete"])
    let byName = makeIndex(rows, customRanking: [], tiebreak: [.name])
    #expect(names(byName, "pyth") == ["python", "python3", "python3-argcomplete", "pythonista"])
    // Browsing pages by search-after keep input order across pages.
    let searcher = Searcher(index: byLength)
    let first = searcher.search(SearchRequest(query: "", hitsPerPage: 2))
    let second = searcher.search(SearchRequest(query: "", hitsPerPage: 2, after: first.hits.last?.key))
    #expect((first.hits + second.hits).map { byLength.documents.value($0.record, 0) } == names(byLength, ""))
  }

  /// The browse order is read from the rows when it is the input order (lines ranked shorter
  /// first, with or without `--tac`), and listed only when a custom ranking orders it; each way
  /// lists the input as it came, gives each record its place in the input (fzf's `{n}`), and a
  /// cache of the index does the same.
  @Test func theBrowseOrderIsReadFromTheRowsWhenItIsTheInputOrder() throws {
    let lines = ["python3-argcomplete", "python3", "pythonista", "python", "py"]
    let rows = lines.enumerated().map { ["name": $1, "popularity": "\($0 % 2)"] }
    func kind(_ order: BrowseOrder) -> String {
      switch order {
      case .ids: "ids"
      case .rows(let reversed): reversed ? "rows reversed" : "rows"
      case .listed: "listed"
      }
    }
    let cases: [(index: SearchIndex, kind: String, browsed: [String])] = [
      (makeIndex(rows, customRanking: [], tiebreak: [.length, .index]), "rows", lines),
      (
        makeIndex(rows, customRanking: [], tiebreak: [.length, .index], reverse: true), "rows reversed",
        lines.reversed()
      ),
      (makeIndex(rows, customRanking: [], tiebreak: [.index]), "ids", lines),
      (makeIndex(rows, customRanking: [], tiebreak: [.index], reverse: true), "ids", lines.reversed()),
      (
        makeIndex(rows, tiebreak: [.length, .index]), "listed",
        ["python3", "python", "python3-argcomplete", "pythonista", "py"]
      ),
    ]
    for (built, expectedKind, browsed) in cases {
      var sink = MemorySink()
      try IndexCodec.encode(built, to: &sink)
      let cached = try IndexCodec.decode(sink.bytes, settings: built.settings)
      for index in [built, cached] {
        #expect(kind(index.browseOrder) == expectedKind)
        #expect(names(index, "") == browsed, "\(expectedKind)")
        guard index.settings.customRanking.isEmpty else { continue }
        for record in 0..<index.count {
          #expect(lines[index.inputPosition(of: record)] == index.documents.value(record, 0), "\(expectedKind)")
        }
      }
    }
  }

  @Test func exactBeforePrefix() {
    let index = makeIndex([
      ["name": "tvstand", "popularity": "100"],
      ["name": "tv", "popularity": "1"],
    ])
    #expect(names(index, "tv") == ["tv", "tvstand"])
  }

  @Test func wholeAttributeEqualBeatsLongerTitle() {
    let index = makeIndex([
      ["name": "iphone case", "popularity": "100"],
      ["name": "iphone", "popularity": "1"],
    ])
    #expect(names(index, "iphone") == ["iphone", "iphone case"])
  }

  @Test func customRankingThenName() {
    let index = makeIndex([
      ["name": "lamp b", "popularity": "5"],
      ["name": "lamp a", "popularity": "5"],
      ["name": "lamp c", "popularity": "9"],
    ])
    #expect(names(index, "lamp") == ["lamp c", "lamp a", "lamp b"])
  }

  @Test func rulesApplyInOrderTypoBeforeAttribute() {
    // Typo outranks attribute: an exact match in the brand beats a typo in the name.
    let index = makeIndex([
      ["name": "kettel", "brand": "x", "popularity": "100"],
      ["name": "thing", "brand": "kettle", "popularity": "1"],
    ])
    #expect(names(index, "kettle ") == ["thing", "kettel"])
  }

  @Test func theOrderIsDeclaredInOnePlace() {
    #expect(RankingRule.order == [.typo, .words, .learned, .filters, .sibling, .proximity, .attribute, .exact])
  }

  @Test func theUnrolledKeyFollowsTheOrder() {
    #expect(RankingRule.recordBits == 64 - RankingRule.order.reduce(0) { $0 + $1.bitWidth })
    for typos in [0, 1, 3, 40] {
      for proximity in [0, 1, 8, 70] {
        for (attribute, position) in [(0, 0), (2, 5), (14, 1023)] {
          for exact in [0, 2, 9] {
            var m = MatchSummary(
              typos: typos, words: 3, proximity: proximity, attribute: attribute, position: position, exact: exact)
            m.sibling = exact == 2
            m.optionalFilterMissed = typos == 1
            #expect(RankingRule.key(m, record: 12345) == RankingRule.keyFollowingOrder(m, record: 12345))
          }
        }
      }
    }
  }
}

@Suite struct RelaxationTests {
  let index = makeIndex([
    ["name": "wireless mouse", "popularity": "10"],
    ["name": "wireless keyboard", "popularity": "20"],
  ])

  @Test func dropsWordsFromTheEndAndSaysSo() {
    let response = Searcher(index: index).search(SearchRequest(query: "wireless mouse purple"))
    #expect(response.droppedWords == ["purple"])
    #expect(response.hits.map { index.documents.value($0.record, 0) } == ["wireless mouse"])
  }

  @Test func dropsSeveralWhenNeededRankingMatchedOptionalWordsFirst() {
    let response = Searcher(index: index).search(SearchRequest(query: "wireless mouse purple zebra"))
    #expect(response.droppedWords == ["purple", "zebra"] || response.droppedWords == ["mouse", "purple", "zebra"])
    #expect(response.hits.first.map { index.documents.value($0.record, 0) } == "wireless mouse")
  }

  /// A word no term matches is dropped first wherever it stands ("hdmi cable"), then the words
  /// left relax from the end as usual.
  @Test func dropsAWordThatMatchesNothingWhereverItStands() {
    for query in ["purple wireless keyboard", "wireless purple keyboard"] {
      let response = Searcher(index: index).search(SearchRequest(query: query))
      #expect(response.droppedWords == ["purple"], "\(query)")
      #expect(response.hits.map { index.documents.value($0.record, 0) } == ["wireless keyboard"], "\(query)")
      #expect(response.query == query)
    }
    let both = Searcher(index: index).search(SearchRequest(query: "zebra wireless purple"))
    #expect(both.droppedWords == ["zebra", "purple"])
    #expect(both.nbHits == 2)
  }

  @Test func offMeansNoResults() {
    let response = Searcher(index: index).search(SearchRequest(query: "wireless purple", removeWordsIfNoResults: false))
    #expect(response.nbHits == 0)
    #expect(response.droppedWords == [])
  }

  @Test func nothingMatchingAtAllStaysEmpty() {
    let response = Searcher(index: index).search(SearchRequest(query: "zebra purple"))
    #expect(response.nbHits == 0)
    #expect(response.hits.isEmpty)
  }
}
