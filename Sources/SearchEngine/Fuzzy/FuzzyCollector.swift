/// The fuzzy tier of a scan (records matched one at a time, with no index; see `ScanCollector`):
/// the best `limit` records by fzf's score, and the counts the tier's nbHits is made of.
///
/// The index's tier leaves out the records that are word hits at the relaxation level that
/// answered, which a scan knows only at its end. So each record matching the terms is counted
/// once, and once more per level (and regime) at which it is also a word hit: the tier's count at
/// the level chosen is the difference. The heap keeps the best `limit` by score, word hits
/// included: fewer than `limit` of them can be on the page when the tier is seen at all (the
/// word tiers fill it otherwise), so the best `limit` always hold the tier's part of the page.
///
/// A record that is a word hit at every level in every regime (it has every word, the usual
/// case for a query's best matches) is never in the tier, whatever level answers: it would be
/// counted once and taken away once, and kept only to be left out. It is not scored at all —
/// fzf's alignment is most of a scan's time on a query that most lines match as words (`test`
/// on paths: a third of them).
public struct FuzzyCollector<Payload> {
  public typealias Kept = ScanCollector<Payload>.Kept

  public let wordCount: Int
  @usableFromInline var matcher: ExtendedMatcher
  @usableFromInline var heap: ScanCollector<Payload>.BoundedHeap
  /// Records matching the terms.
  public var total: Int { matched }
  @usableFromInline var matched = 0
  /// `alsoWordHits[regime * stride + level]`: of those, word hits when `level` words are required.
  @usableFromInline var alsoWordHits: [Int]
  @usableFromInline let stride: Int

  /// fzf's per-match tie-break (`--tiebreak begin|end|chunk`), if any.
  @usableFromInline let tiebreak: Tiebreak?

  /// `wordCount` 0: the query follows fzf's rules alone (no word tiers to leave out).
  public init(query: ExtendedQuery, wordCount: Int, limit: Int, tiebreak: Tiebreak? = nil) {
    self.wordCount = wordCount
    self.tiebreak = tiebreak
    matcher = ExtendedMatcher(query)
    heap = .init(capacity: max(1, limit))
    stride = wordCount + 1
    alsoWordHits = [Int](repeating: 0, count: RecordMatcher.Regime.allCases.count * stride)
  }

  /// The query words a `RecordMatcher` found in its last record, per regime: what `add` needs of
  /// it (a copy of the matcher would retain each of its arrays, a third of a pipe's reading).
  public typealias WordsMatched = (small: UInt16, medium: UInt16, large: UInt16)

  public static func wordsMatched(_ matcher: borrowing RecordMatcher) -> WordsMatched {
    (matcher.results[0].matched, matcher.results[1].matched, matcher.results[2].matched)
  }

  /// Adds a record by its title's valid UTF-8, with the words it matched (nil with no word tiers).
  /// Inlinable, so that it is specialized for its payload where it is called (generic, each kept
  /// line went through value witnesses: a tenth of a pipe's every-match filter).
  /// `tie` and `payload` are asked only where the heap may keep the record.
  @inlinable public mutating func add(
    _ payload: @autoclosure () -> Payload, position: Int, tie: @autoclosure () -> UInt64,
    title: UnsafeBufferPointer<UInt8>, words: WordsMatched?
  ) {
    if isWordHitEverywhere(words) { return }
    guard let (score, matchTie) = matcher.scoreAndTie(title, by: tiebreak) else { return }
    let relevance = RankingRule.relevance(RankingRule.fuzzyKey(score: score, tie: matchTie, record: 0))
    if heap.mayKeep(relevance: relevance) {
      heap.insert(Kept(payload: payload(), position: position, relevance: relevance, tie: tie()))
    }
    count(words)
  }

  /// Counts a record that the tier will never show, without scoring it: the caller knows that
  /// the word tiers alone fill every page the kept records could be on
  /// (`ScanCollector.wordHitsFillTheKept`). False when the matcher cannot tell whether the record
  /// matches without scoring it (`ExtendedMatcher.matchesWithoutScore`): the caller adds it.
  @inlinable public mutating func countWithoutScore(title: UnsafeBufferPointer<UInt8>, words: WordsMatched?) -> Bool {
    if isWordHitEverywhere(words) { return true }
    guard let matches = matcher.matchesWithoutScore(title) else { return false }
    if matches { count(words) }
    return true
  }

  /// Whether a record with these words is a word hit at every level in every regime (never in
  /// the tier, whatever level answers: see the notes above).
  @inlinable func isWordHitEverywhere(_ words: WordsMatched?) -> Bool {
    guard let words, wordCount > 0, wordCount <= 16 else { return false }
    let every = UInt16(truncatingIfNeeded: (1 << wordCount) - 1)
    return words.small & words.medium & words.large & every == every
  }

  /// Counts a record that matches the terms: once, and once more per level and regime at which
  /// it is also a word hit.
  @inlinable mutating func count(_ words: WordsMatched?) {
    matched += 1
    guard let words, wordCount > 0 else { return }
    for regime in RecordMatcher.Regime.all {
      let matched = regime == .small ? words.small : regime == .medium ? words.medium : words.large
      var level = 0
      while level < wordCount && matched & (1 << UInt16(level)) != 0 { level += 1 }
      guard level > 0 else { continue }
      for k in 1...level { alsoWordHits[regime.rawValue * stride + k] += 1 }
    }
  }

  /// Takes in what another collector of the same query kept (a scan cut into runs).
  public mutating func merge(_ other: FuzzyCollector) {
    matched += other.total
    for i in alsoWordHits.indices { alsoWordHits[i] += other.alsoWordHits[i] }
    for kept in other.heap.items { heap.insert(kept) }
  }

  /// The kept records (input order), and the tier's count when the word tiers answered in
  /// `regime` requiring `level` words (level 0: no word tiers).
  /// `inputOrder` false: the kept records as held (for `ScanCollector.rankOrder`).
  @inlinable public func answer(in regime: RecordMatcher.Regime, level: Int, inputOrder: Bool = true) -> (
    kept: [Kept], nbHits: Int
  ) {
    let words = level > 0 && level <= wordCount ? alsoWordHits[regime.rawValue * stride + level] : 0
    return (inputOrder ? ScanCollector.inInputOrder(heap.items) : heap.items, total - words)
  }
}

extension FuzzyCollector: Sendable where Payload: Sendable {}
