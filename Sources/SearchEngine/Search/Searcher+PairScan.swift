/// Two words on a large index, the last one still short (`python-d`, `a-s`, `@types/a`): each
/// word's lists merged by record (`RecordStream`), the two streams joined by record in id order,
/// and the join stopped once the page is settled — the prefix scan's idea for a pair.
///
/// Why: at ten million records such a pair has hundreds of thousands of records with both words,
/// and a run stamps and keys every one (20–100 ms); in popularity order the page is settled by
/// the first few thousand. The join skips through a list by galloping, so a rare word costs its
/// own length, not the common one's.
///
/// The stop: a record not yet reached loses every tie (a larger id), so it can win only with a
/// better match than the best the pair can have without the last word whole — both words next to
/// each other at the start of the first attribute, the first whole. Records where the last word
/// is also whole can do better: they are joined first, from the last word's whole terms, wherever
/// they are in id order, each with its true best match. What it trades: the count of a join that
/// stopped is the pairs found, scaled by the share of the records reached (`pairScanSample` pairs
/// at least), flagged approximate; and a join not settled within `pairScanBudget` steps leaves the
/// pair to a run.
extension Searcher {
  /// Pairs found before a join that settled its page stops counting (its count is scaled from them).
  static let pairScanSample = 2_000
  /// Pairs (or joint steps) looked at before a join that has not settled gives the pair to a run. At
  /// 9.9M packages `python-d` settles in 1.4 ms and `@types/a` in 8 ms (25,000 gave it to a run:
  /// 31 ms); one that does not settle (`a-s`: no popular name begins with `a s…`) wastes up to
  /// about 20 ms before its run (72–77 ms, against 55–98 ms for the run alone).
  static let pairScanBudget = 60_000

  func scanPair(_ wordSources: [[Source]], limit: Int) -> ([UInt64], Int)? {
    guard wordSources.count == 2, mayStopEarly, maySample,
      wordSources.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.cost == 0 } }), wordSources[0].allSatisfy(\.exact),
      wordSources.joined().reduce(0, { $0 + listCount($1) }) <= Self.prefixScanMaxLists
    else { return nil }
    lastEvaluationStamped = false
    advanceGeneration()
    topK.reset(capacity: limit, after: context.floor, excluding: context.excludedRecords)
    // A last word typed whole has only whole matches: the best pair has it whole, no first join.
    let lastWhole = wordSources[1].count(where: \.exact)
    let lastAlwaysWhole = lastWhole == wordSources[1].count
    if lastWhole > 0 && !lastAlwaysWhole {
      guard joinBothWhole(wordSources) else { return nil }
    }
    return joinPairs(wordSources, unreached: pairFloor(lastWhole: lastAlwaysWhole))
  }

  private func listCount(_ source: Source) -> Int {
    if case .terms(let range) = source.lists { return range.count }
    return 1
  }

  /// The records where the last word matches whole too, each keyed with its true best matches (a
  /// prefix of the last word may match earlier than the whole word); false past the budget.
  private func joinBothWhole(_ wordSources: [[Source]]) -> Bool {
    recordStreams[0].reset(wordSources[0], index: index)
    recordStreams[1].reset(wordSources[1], index: index, exact: true)
    recordStreams[2].reset(wordSources[1], index: index, exact: false)
    var steps = 0
    while let a = nextPair() {
      steps += 1
      if steps > Self.pairScanBudget { return false }
      let first = recordStreams[0].take(a)
      var last = recordStreams[1].take(a)
      recordStreams[2].skip(to: a)
      if recordStreams[2].peek == a { last = min(last, recordStreams[2].take(a)) }
      guard !isStamped(a) else { continue }
      markSeen(a)
      topK.insert(pairKey(first, last, record: a))
    }
    return true
  }

  /// Every record with both words, in id order, until the page is settled and the sample counted.
  private func joinPairs(_ wordSources: [[Source]], unreached: UInt64) -> ([UInt64], Int)? {
    recordStreams[0].reset(wordSources[0], index: index)
    recordStreams[1].reset(wordSources[1], index: index)
    var pairs = 0
    var steps = 0
    var settled = false
    while let a = nextPair() {
      let first = recordStreams[0].take(a)
      let last = recordStreams[1].take(a)
      pairs += 1
      if settled {
        if pairs >= Self.pairScanSample {
          context.sampled = true
          let scaled = Double(pairs) * Double(index.count) / Double(a + 1)
          return (topK.sorted(), max(pairs, Int(scaled.rounded())))
        }
        continue
      }
      steps += 1
      if steps > Self.pairScanBudget { return nil }
      guard !isStamped(a) else { continue }
      topK.insert(pairKey(first, last, record: a))
      settled = topK.isFull && RankingRule.relevance(topK.maximum) <= unreached
      pairScansSettled += settled ? 1 : 0
    }
    return (topK.sorted(), pairs)
  }

  /// The next record both `recordStreams[0]` and `recordStreams[1]` hold (the one behind skips to the
  /// other's record), not yet taken; nil when either has ended.
  private func nextPair() -> Int? {
    while let a = recordStreams[0].peek, let b = recordStreams[1].peek {
      if a == b { return a }
      if a < b { recordStreams[0].skip(to: b) } else { recordStreams[1].skip(to: a) }
    }
    return nil
  }

  /// A pair's key from its two slots, as a run's ranking loop computes it.
  @inline(__always) private func pairKey(_ first: UInt32, _ last: UInt32, record: Int) -> UInt64 {
    let columns = index.searchableColumns.count
    let rules = self.rules
    // Safe: two slots, alive for the call; the record's word counts lie inside the array.
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2) { slots in
      slots[0] = first
      slots[1] = last
      return index.attributeWordCounts.withUnsafeBufferPointer { counts in
        let m = Self.summary(
          slots: UnsafeBufferPointer(slots), wordCount: 2,
          attributeWordCounts: UnsafeBufferPointer(rebasing: counts[(record * columns)..<(record * columns + columns)]),
          rules: rules, variantRun: index.variantRun(record))
        return withOptionalFilter(RankingRule.key(m, record: record), record)
      }
    }
  }

  /// The best relevance of a pair not joined first: the words next to each other at the start of
  /// the first attribute, the first whole, the last whole only when it cannot be otherwise.
  private func pairFloor(lastWhole: Bool) -> UInt64 {
    let rules = self.rules
    // Safe: two slots and a word count per attribute, alive for the call.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: index.searchableColumns.count) { counts in
      counts.initialize(repeating: 3)
      return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2) { slots in
        slots[0] = 0
        slots[1] = 1 << 1 | (lastWhole ? 0 : 1)
        let m = Self.summary(
          slots: UnsafeBufferPointer(slots), wordCount: 2, attributeWordCounts: UnsafeBufferPointer(counts),
          rules: rules)
        return RankingRule.relevance(RankingRule.key(m, record: 0))
      }
    }
  }
}
