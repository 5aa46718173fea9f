import SearchEngine

/// One query matched against lines one at a time, with the index's rules and without an index
/// (`RecordMatcher`, and fzf's fuzzy tier below the words): each line is counted, and kept only
/// while it is among the best `limit` of its relaxation level. What `seek -f` on a pipe runs
/// (`LineStreamFilter`), and what answers the lines read past the index while a pipe is still
/// being indexed (`StreamTail`). Lines are added in input order; `position` is the line's place
/// in the whole input, so that ties fall as the index breaks them.
public struct LineStreamMatcher {
  let query: ParsedQuery
  let extended: ExtendedQuery
  let fzfRulesAlone: Bool
  var fuzzy: FuzzyCollector<String>?
  var matcher: RecordMatcher
  var collector: ScanCollector<String>
  let byLength: Bool
  let reverse: Bool
  let matching: MatchOptions
  /// Whether the collector may keep the medium regime alone once the lines hold more than
  /// `Searcher.firstLettersFixedAbove` distinct terms: the answer is asked in the regime of the
  /// whole input (`result`) or of an index holding these lines and more (`StreamTail`), medium
  /// from then on, unless the settings turn substrings off (the large regime).
  private let settlesRegime: Bool
  /// The next line's place in the input.
  public private(set) var position: Int
  /// Lines added.
  public private(set) var linesRead = 0
  /// Lines longer than what is searched of a value (warned about, as for an indexed catalog).
  public private(set) var longLines = 0
  /// The word hits alone fill the lines kept (`ScanCollector.wordHitsFillTheKept`): no line of the
  /// fuzzy tier, ranked below them, can be among the best kept, so the tier's lines are counted,
  /// not scored, where that can be known without scoring them (most lines: fzf's alignment was a
  /// fifth of a scan of `test` over paths).
  private var fuzzyTierUnseen = false

  public init(query text: String, settings: IndexSettings, limit: Int, matching: MatchOptions, firstPosition: Int = 0) {
    query = ParsedQuery(text, settings: settings)
    // The fuzzy tier below the words, or fzf's rules alone (as `Searcher` answers).
    extended = ExtendedQuery(text, options: matching)
    fzfRulesAlone = extended.answeredByFzfRulesAlone(wordless: query.isEmpty)
    fuzzy =
      extended.isEmpty || !(fzfRulesAlone || matching.fuzzyTier)
      ? nil
      : FuzzyCollector<String>(
        query: extended, wordCount: fzfRulesAlone ? 0 : query.words.count, limit: limit,
        tiebreak: settings.tiebreak.first(where: \.isPerMatch))
    matcher = RecordMatcher(
      query: query, searchableCount: 1,
      rules: MatchRules(settings: settings, searchable: [settings.searchableAttributes.first ?? "text"]))
    collector = ScanCollector<String>(wordCount: query.words.count, limit: limit)
    byLength = settings.tiebreak.first { !$0.isPerMatch } == .length
    reverse = settings.reverseInputOrder
    self.matching = matching
    position = firstPosition
    settlesRegime = settings.substringMatching != false
  }

  /// The distinct terms seen so far, counted up to the largest regime threshold.
  public var termCount: Int { matcher.termCount }

  /// Matches the next line of the input.
  public mutating func add(_ line: String) { add(line, at: position) }

  /// Matches the line at `position` in the input (a run of a scan split across cores is handed
  /// its lines apart from the others': `LineScanRuns`).
  public mutating func add(_ line: String, at position: Int) {
    var text = line
    // Safe: the buffer is used only inside the closure, while `text` is alive.
    text.withUTF8 { add($0, at: position, text: line) }
  }

  /// Matches the line at `position` by its valid UTF-8 (a table's value, read in place): its
  /// text is made a string only if it is kept.
  public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) {
    add(bytes, at: position, text: String(decoding: bytes, as: UTF8.self))
  }

  private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, text line: @autoclosure () -> String)
  {
    self.position = position + 1
    linesRead += 1
    if bytes.count > DocumentStore.maxIndexedValueBytes { longLines += 1 }
    let order = UInt64(reverse ? Int(UInt32.max) - position : position)
    // The empty query lists lines in input order; ties of a query go by length first (fzf),
    // measured only for a line that matches.
    let tiesByLength = byLength && !extended.isEmpty
    do {
      func tie() -> UInt64 { tiesByLength ? UInt64(FuzzyTie.trimmedLength(bytes)) << 32 | order : order }
      if !fzfRulesAlone {
        if !query.words.isEmpty { matcher.match(bytes) }
        if settlesRegime && collector.settled == nil && matcher.termCount > Searcher.firstLettersFixedAbove {
          // Every index of these lines and more is past the threshold: medium, whatever follows.
          collector.settle(on: .medium)
        }
        if query.words.isEmpty || matcher.results.contains(where: { $0.matched & 1 != 0 }) {
          collector.add(line(), position: position, tie: tie(), matcher: matcher)
        }
      }
      guard fuzzy != nil else { return }
      var end = min(bytes.count, DocumentStore.maxIndexedValueBytes)
      while end < bytes.count && end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      let title = UnsafeBufferPointer(rebasing: bytes[..<end])
      let words = fzfRulesAlone || query.words.isEmpty ? nil : FuzzyCollector<String>.wordsMatched(matcher)
      // Once the word hits fill the lines kept, the tier's lines are only counted (`result`).
      if !fuzzyTierUnseen && !fzfRulesAlone && collector.wordHitsFillTheKept() { fuzzyTierUnseen = true }
      if fuzzyTierUnseen && fuzzy!.countWithoutScore(title: title, words: words) { return }
      fuzzy!.add(line(), position: position, tie: tie(), title: title, words: words)
    }
  }

  /// Takes in what another matcher of the same query matched, lines of the same input that this
  /// one was not handed (a scan split across cores: `LineScanRuns`): the kept lines merged, the
  /// counts and distinct terms added, as if this matcher had been handed them too.
  public mutating func merge(_ other: LineStreamMatcher) {
    collector.merge(other.collector)
    if fuzzy != nil, let theirs = other.fuzzy { fuzzy!.merge(theirs) }
    matcher.countTerms(of: other.matcher)
    if settlesRegime && collector.settled == nil && matcher.termCount > Searcher.firstLettersFixedAbove {
      collector.settle(on: .medium)
    }
    linesRead += other.linesRead
    longLines += other.longLines
    position = max(position, other.position)
  }

  /// The order of the lines a result holds.
  public enum Order {
    /// As read: the engine ranks them again (a page, its highlights).
    case input
    /// As the index ranks them: the word tiers by relevance, then the fuzzy tier, ties by the
    /// record ids' order. Whole when every match was kept (a limit past the count): what
    /// `seek -f` prints of a pipe without indexing the matches again.
    case rank
  }

  /// The lines kept and the count, ranked as an index of `regime` would rank them (by default,
  /// the regime of the lines added: the whole input's when all of it was added).
  public func result(in given: RecordMatcher.Regime? = nil, order: Order = .input) -> LineStreamFilter.Result {
    // The regime of the dictionary an index of the whole input would have.
    let regime = given ?? RecordMatcher.Regime.of(termCount: matcher.termCount)
    if fzfRulesAlone, let fuzzy {
      let answer = fuzzy.answer(in: regime, level: 0, inputOrder: order == .input)
      let ranked = order == .rank ? ScanCollector.rankOrder(words: answer.kept, tier: []) : nil
      return LineStreamFilter.Result(
        lines: ranked?.kept ?? answer.kept, rankOrder: ranked?.order, nbHits: answer.nbHits,
        droppedWords: [], linesRead: linesRead, longLines: longLines, regime: regime)
    }
    let inputOrder = order == .input
    let answer = collector.answer(in: regime, relaxing: !matching.fuzzyTier, inputOrder: inputOrder)
    var nbHits = answer.nbHits
    var tier: [ScanCollector<String>.Kept] = []
    if let fuzzy {
      let level = collector.level(in: regime, relaxing: !matching.fuzzyTier)
      let answer = fuzzy.answer(in: regime, level: level, inputOrder: inputOrder)
      nbHits += answer.nbHits
      // Past `limit` word hits, no line of the tier is among the best `limit`: none is kept (a
      // scan that stopped scoring them — `fuzzyTierUnseen` — kept those it scored before).
      tier = nbHits - answer.nbHits >= collector.limit ? [] : answer.kept
    }
    let ranked = inputOrder ? nil : ScanCollector.rankOrder(words: answer.kept, tier: tier)
    let lines = ranked?.kept ?? (fuzzy == nil ? answer.kept : Self.mergedOnce(words: answer.kept, tier: tier))
    return LineStreamFilter.Result(
      lines: lines, rankOrder: ranked?.order, nbHits: nbHits,
      droppedWords: answer.nbHits == 0 ? [] : query.words[answer.wordsKept...].map(\.text),
      linesRead: linesRead, longLines: longLines, regime: regime)
  }

  /// Both tiers' lines, once each, in input order: a line the word tiers kept is theirs (the
  /// index leaves word hits out of the fuzzy tier).
  private static func mergedOnce(
    words: [ScanCollector<String>.Kept], tier: [ScanCollector<String>.Kept]
  ) -> [ScanCollector<String>.Kept] {
    var merged: [ScanCollector<String>.Kept] = []
    merged.reserveCapacity(words.count + tier.count)
    var i = 0
    for kept in tier {
      while i < words.count && words[i].position < kept.position {
        merged.append(words[i])
        i += 1
      }
      if i < words.count && words[i].position == kept.position { continue }
      merged.append(kept)
    }
    merged += words[i...]
    return merged
  }
}
