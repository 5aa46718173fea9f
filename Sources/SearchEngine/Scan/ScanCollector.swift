/// The best records of a scan — records matched one at a time by `RecordMatcher`, with no index —
/// kept as an index would rank them, with exact counts.
///
/// Two of the index's decisions are known only at the scan's end, so the collector keeps every
/// answer they could lead to, and `answer` picks one:
/// - relaxation: when no record matches every word, the index drops words from the end
///   (Algolia's `removeWordsIfNoResults: lastWords`). A record whose first `k` words all match
///   belongs to levels 1…k; each level keeps its own count and best `limit` records.
/// - the dictionary regime (`RecordMatcher.Regime`): each regime keeps its own levels.
///
/// Memory is `limit` records per regime and level (at most 3 × 9 heaps), whatever the input.
public struct ScanCollector<Payload> {
  /// A kept record: what the caller keeps of it, its place in the input, and what orders it.
  public struct Kept {
    public var payload: Payload
    /// The record's place in the input (the answer is in this order).
    public var position: Int
    /// The ranking key's relevance (`RankingRule.relevance`): smaller ranks first.
    @usableFromInline var relevance: UInt64
    /// What decides between equal relevances: smaller first (an index's record id, or for lines
    /// the length and input order).
    @usableFromInline var tie: UInt64

    @usableFromInline init(payload: Payload, position: Int, relevance: UInt64, tie: UInt64) {
      self.payload = payload
      self.position = position
      self.relevance = relevance
      self.tie = tie
    }
  }

  public let wordCount: Int
  public let limit: Int
  /// Heaps (and counts) per regime: level 0 unused (a record must match the first word), then
  /// levels 1…max(1, wordCount).
  @usableFromInline let stride: Int
  /// `heaps[regime * stride + level]`.
  @usableFromInline var heaps: [BoundedHeap]
  @usableFromInline var counts: [Int]
  /// Per regime, the words some record matched (bit per word).
  @usableFromInline var seen: [UInt16] = [UInt16](repeating: 0, count: RecordMatcher.Regime.allCases.count)
  /// The one regime still collected, once the caller knows the answer will be asked in it
  /// (`settle(on:)`); nil: every regime.
  public internal(set) var settled: RecordMatcher.Regime? = nil

  public init(wordCount: Int, limit: Int) {
    self.wordCount = wordCount
    self.limit = max(1, limit)
    stride = max(1, wordCount) + 1
    let slots = RecordMatcher.Regime.allCases.count * stride
    heaps = [BoundedHeap](repeating: BoundedHeap(capacity: self.limit), count: slots)
    counts = [Int](repeating: 0, count: slots)
  }

  /// Adds a record: `matched(regime)` says which query words it matches (bit per word) and
  /// `relevance(regime, required)` ranks it when the first `required` words are required (see
  /// `RecordMatcher`). With no query words every record matches at level 1 with the same
  /// relevance, and `tie` alone orders them.
  /// `tie` and `payload` are asked only for a record a heap may keep (most records of a long scan
  /// rank below every record kept: measuring a line's length for them was a twentieth of a scan,
  /// and making each line's text a string about as much).
  @inlinable public mutating func add(
    _ payload: @autoclosure () -> Payload, position: Int, tie: @autoclosure () -> UInt64,
    matched: (RecordMatcher.Regime) -> UInt16, relevance: (RecordMatcher.Regime, Int) -> UInt64
  ) {
    var knownTie: UInt64? = nil
    var knownPayload: Payload? = nil
    for regime in RecordMatcher.Regime.all where settled == nil || settled == regime {
      var level = 1
      if wordCount > 0 {
        let words = matched(regime)
        seen[regime.rawValue] |= words
        // Level k: the first k words all matched (the engine's `required`).
        level = 0
        while level < wordCount && words & (1 << UInt16(level)) != 0 { level += 1 }
      }
      guard level > 0 else { continue }
      let slot = regime.rawValue * stride
      for k in 1...level {
        counts[slot + k] += 1
        let key = wordCount > 0 ? relevance(regime, k) : 0
        guard heaps[slot + k].mayKeep(relevance: key) else { continue }
        if knownTie == nil { (knownTie, knownPayload) = (tie(), payload()) }
        heaps[slot + k].insert(Kept(payload: knownPayload!, position: position, relevance: key, tie: knownTie!))
      }
    }
  }

  /// A `RecordMatcher`'s answer for its last record, as `add` takes it.
  @inlinable public mutating func add(
    _ payload: @autoclosure () -> Payload, position: Int, tie: @autoclosure () -> UInt64,
    matcher: borrowing RecordMatcher
  ) {
    add(
      payload(), position: position, tie: tie(), matched: { matcher.results[$0.rawValue].matched },
      relevance: { matcher.relevance(in: $0, required: $1) })
  }

  /// Collects `regime` alone from now on, and lets go of what the others kept: a scan past
  /// 10,000 distinct terms knows its dictionary's regime (it only grows), and keeping every match
  /// three times over was most of `seek -f`'s memory on a pipe. Only `regime`'s answer may be
  /// asked for after this.
  public mutating func settle(on regime: RecordMatcher.Regime) {
    guard settled == nil else { return }
    settled = regime
    for other in RecordMatcher.Regime.all where other != regime {
      for level in 0..<stride { heaps[other.rawValue * stride + level] = BoundedHeap(capacity: limit) }
    }
  }

  /// Takes in what another collector of the same query kept (a scan cut into runs).
  public mutating func merge(_ other: ScanCollector) {
    for regime in seen.indices { seen[regime] |= other.seen[regime] }
    for slot in heaps.indices {
      counts[slot] += other.counts[slot]
      for kept in other.heaps[slot].items { heaps[slot].insert(kept) }
    }
  }

  /// The answer in `regime`: the most leading words that some record matches all of (at least one,
  /// then possibly no record), how many records match them, and the best `limit` of those records
  /// in input order.
  /// `relaxing` false: every word stays required (lines with the fuzzy tier).
  /// `inputOrder` false: the kept records as held (for `rankOrder`, which orders them itself).
  @inlinable public func answer(in regime: RecordMatcher.Regime, relaxing: Bool = true, inputOrder: Bool = true) -> (
    kept: [Kept], nbHits: Int, wordsKept: Int
  ) {
    assert(settled == nil || settled == regime, "the answer in a regime the scan let go of")
    let base = regime.rawValue * stride
    let chosen = level(in: regime, relaxing: relaxing)
    return (
      inputOrder ? Self.inInputOrder(heaps[base + chosen].items) : heaps[base + chosen].items, counts[base + chosen],
      counts[base + chosen] == 0 ? wordCount : min(chosen, wordCount)
    )
  }

  /// Kept entries in input order. Sorted by their positions alone, then gathered: sorting the
  /// entries themselves moved each payload (a line's text) a few dozen times, a retain and a
  /// release each, which was most of `seek -f` printing half a million matches.
  @inlinable static func inInputOrder(_ items: [Kept]) -> [Kept] {
    var order = items.indices.map { (position: items[$0].position, index: $0) }
    order.sort { $0.position < $1.position }
    return order.map { items[$0.index] }
  }

  /// The word tiers' and the fuzzy tier's entries, and the order an index ranks them in:
  /// relevance (the fuzzy tier's in its band below every word's), then the tie (for lines, the
  /// length and input order the record ids follow). A record the word tiers hold is left out of
  /// the fuzzy tier, as the index leaves it. The entries stay as held (about input order, so
  /// copying them reads memory in order) and `order` indexes them: each pass over millions of
  /// lines in rank order touches each line's storage out of order, a cache miss a line, so the
  /// only such pass is the caller's, which reads them.
  @inlinable public static func rankOrder(words: [Kept], tier: [Kept]) -> (kept: [Kept], order: [Int]) {
    let wordPositions = words.map(\.position).sorted()
    var kept = words
    kept.reserveCapacity(words.count + tier.count)
    for i in tier.indices where !wordPositions.sortedContains(tier[i].position) { kept.append(tier[i]) }
    var keys = [(relevance: UInt64, tie: UInt64, index: Int)](repeating: (0, 0, 0), count: kept.count)
    for i in kept.indices { keys[i] = (kept[i].relevance, kept[i].tie, i) }
    keys.sort { ($0.relevance, $0.tie) < ($1.relevance, $1.tie) }
    return (kept, keys.map(\.index))
  }

  /// Whether the records matching every word already number `limit` in every regime collected:
  /// the answer then requires every word (relaxing happens only where none matches them all),
  /// and a tier ranked below its word hits (`FuzzyCollector`) can hold no record of the best
  /// `limit`. Counts only grow, so once true it stays true.
  public func wordHitsFillTheKept() -> Bool {
    guard wordCount > 0 else { return false }
    for regime in RecordMatcher.Regime.all where settled == nil || settled == regime {
      if counts[regime.rawValue * stride + wordCount] < limit { return false }
    }
    return true
  }

  /// Whether some query word was matched by no record in `regime`.
  public func missesAWord(in regime: RecordMatcher.Regime) -> Bool {
    seen[regime.rawValue] != UInt16(1 << wordCount) - 1
  }

  /// How many leading words the answer in `regime` requires (the engine's `required`).
  @inlinable public func level(in regime: RecordMatcher.Regime, relaxing: Bool = true) -> Int {
    let base = regime.rawValue * stride
    var chosen = max(1, wordCount)
    while relaxing && chosen > 1 && counts[base + chosen] == 0 { chosen -= 1 }
    return chosen
  }

  /// The best `capacity` entries by (relevance, tie): a max-heap whose top is the worst kept.
  @usableFromInline struct BoundedHeap {
    @usableFromInline let capacity: Int
    @usableFromInline var items: [Kept] = []

    init(capacity: Int) { self.capacity = capacity }

    @inlinable @inline(__always) static func worse(_ a: Kept, _ b: Kept) -> Bool {
      (a.relevance, a.tie) > (b.relevance, b.tie)
    }

    /// Whether a record of this relevance may be kept (false: it ranks below every one kept, a
    /// full heap's worst, whatever its tie).
    @inlinable func mayKeep(relevance: UInt64) -> Bool {
      items.count < capacity || relevance <= items[0].relevance
    }

    @inlinable mutating func insert(_ item: Kept) {
      if items.count < capacity {
        items.append(item)
        var i = items.count - 1
        while i > 0 {
          let parent = (i - 1) / 2
          guard Self.worse(items[i], items[parent]) else { break }
          items.swapAt(i, parent)
          i = parent
        }
        return
      }
      guard Self.worse(items[0], item) else { return }
      items[0] = item
      var i = 0
      while true {
        let l = 2 * i + 1
        let r = l + 1
        var m = i
        if l < items.count && Self.worse(items[l], items[m]) { m = l }
        if r < items.count && Self.worse(items[r], items[m]) { m = r }
        if m == i { break }
        items.swapAt(i, m)
        i = m
      }
    }
  }
}

extension ScanCollector: Sendable where Payload: Sendable {}
extension ScanCollector.Kept: Sendable where Payload: Sendable {}
extension ScanCollector.BoundedHeap: Sendable where Payload: Sendable {}

extension ScanCollector.Kept where Payload == String {
  /// A kept line's text.
  public var text: String { payload }
  /// A kept line's place in the input.
  public var index: Int { position }
}
