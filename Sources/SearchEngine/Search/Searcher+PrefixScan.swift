/// One word typed past the precomputed prefixes (or whole, with its plural), on a large index: its
/// terms' postings lists, each
/// in record-id order, merged by record, so that records come out in custom-ranking order with
/// their best match over every term — the slot a run would give them — and the scan stops once
/// the page is settled, as the short-prefix scan does.
///
/// Why: at ten million records `pyth` matches half a million records through thousands of terms.
/// A run stamps every one and keys every one, 20–60 ms a keystroke, for a page the first few
/// thousand records in id order settle (the best plain key is a match at the start of the first
/// attribute, and popular names begin with the word).
///
/// The merge (`RecordStream`) keeps the lists' heads in a binary heap (record << 32 | list), so it pays log2 of
/// the lists per record a list yields: more than a run's sequential pass when the page is not
/// settled early. So it reads at most `prefixScanBudget` postings before it gives up and leaves
/// the word to a run — a bounded loss (about 2 ms) on the words whose page needs deep matches,
/// where the scan wins tens of milliseconds on the broad ones. Lists beyond `prefixScanMaxLists`
/// are not merged at all (setting up the heap would cost what the run does).
///
/// What it trades: once the page is settled the merge goes on, counting only, until it has read
/// `countingSample` postings (as the other sampled counts do); the count is then the records per
/// posting read, times the range's postings, flagged approximate (`exhaustiveNbHits: false`), and
/// exact on words whose lists are shorter than that. The sample is the most popular records',
/// whose words repeat about as often as the rest's: `make bench-scale` prints its error.
/// The stop: every record the merge has not reached has a larger id, so it loses every tie; it
/// can still win on relevance only with a match better than `mergeFloor`, and the matches better
/// than that are whole ones at the start of the first attribute, inserted before the merge.
extension Searcher {
  static let prefixScanBudget = 150_000
  static let prefixScanMaxLists = 1 << 14

  /// The page of one typo-free word from its terms' merged lists, and its count; nil when the
  /// sources or the request are not of that shape, or the page was not settled within the budget.
  func scanPrefixRange(_ sources: [Source], limit: Int) -> ([UInt64], Int)? {
    guard mayStopEarly, maySample,
      !sources.isEmpty,
      sources.allSatisfy({ $0.cost == 0 && !$0.isPrefixGroup })
    else { return nil }
    var lists = 0
    for source in sources {
      guard case .terms(let range) = source.lists else { return nil }
      lists += range.count
    }
    guard lists <= Self.prefixScanMaxLists else { return nil }
    lastEvaluationStamped = false
    advanceGeneration()
    topK.reset(capacity: limit, after: context.floor, excluding: context.excludedRecords)
    let unreached = mergeFloor(wholeTerms: sources.contains(where: \.exact))
    insertWholeMatchesAtTheStart(sources, unreached: unreached)
    guard let (read, distinct, whole) = mergeLists(sources, unreached: unreached) else { return nil }
    prefixScansStoppedEarly += whole ? 0 : 1
    guard !whole else { return (topK.sorted(), distinct) }
    context.sampled = true
    let total = sources.reduce(0) { $0 + $1.postings }
    return (topK.sorted(), max(distinct, Int((Double(distinct) * Double(total) / Double(read)).rounded())))
  }

  /// The word matched whole at the start of the first attribute: nothing can be a better match of
  /// the word in its record, and it may rank above every record the merge has not reached (as the
  /// whole attribute, a whole first field, or — by `word` exactness — a whole word). Those that
  /// do are found first, wherever they are in id order; the others are left to the merge. With
  /// `attribute` exactness only the whole attribute does, which its word count says before a key
  /// is made (`@types/…` puts `types` first in 90,000 names of the 10M packages).
  private func insertWholeMatchesAtTheStart(_ sources: [Source], unreached: UInt64) {
    guard rules.singleWord != .never else { return }
    let columns = index.searchableColumns.count
    let wholeAttributesOnly = rules.singleWord == .attribute
    for source in sources where source.exact {
      guard let term = source.singleTerm else { continue }
      for p in index.postingRange(term) where index.postingPlaces[p] == 0 {
        let record = Int(index.postingRecords[p])
        if wholeAttributesOnly && AttributeWords.count(index.attributeWordCounts[record * columns]) != 1 { continue }
        let key = oneWordKey(slot: 0, record: record)
        guard RankingRule.relevance(key) < unreached, !isStamped(record) else { continue }
        markSeen(record)
        topK.insert(key)
      }
    }
  }

  /// The best relevance a record the merge has not reached can have, once the whole matches at the
  /// start are in: a prefix at the start of the first attribute, or — where a whole word counts
  /// and position ranks after it (an unordered first attribute), and the word is a term — a whole
  /// word after the start.
  private func mergeFloor(wholeTerms: Bool) -> UInt64 {
    let rules = self.rules
    /// The relevance of a record of two words in each attribute whose best match is `slot`.
    func relevance(_ slot: UInt32) -> UInt64 {
      var slot = slot
      // Safe: one slot and one count per attribute, alive for the call.
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: index.searchableColumns.count) { counts in
        counts.initialize(repeating: 2)
        return withUnsafePointer(to: &slot) {
          let m = Self.summary(
            slots: UnsafeBufferPointer(start: $0, count: 1), wordCount: 1,
            attributeWordCounts: UnsafeBufferPointer(counts), rules: rules)
          return RankingRule.relevance(RankingRule.key(m, record: 0))
        }
      }
    }
    let prefixAtStart: UInt32 = 1
    let wholeAfterStart: UInt32 = 1 << 1
    return wholeTerms ? min(relevance(prefixAtStart), relevance(wholeAfterStart)) : relevance(prefixAtStart)
  }

  /// Merges the sources' lists by record until the page is settled and `countingSample` postings
  /// are read (the count is extrapolated from those): (postings read, distinct records, whether
  /// every list was read); nil when the page is not settled within the budget.
  private func mergeLists(_ sources: [Source], unreached: UInt64) -> (Int, Int, Bool)? {
    recordStreams[0].reset(sources, index: index)
    var distinct = 0
    var settled = false
    while let record = recordStreams[0].peek {
      let best = recordStreams[0].take(record)
      let read = recordStreams[0].read
      distinct += 1
      if settled {
        if read >= prefixScanSample { return (read, distinct, false) }
        continue
      }
      if isStamped(record) { continue }
      topK.insert(oneWordKey(slot: best, record: record))
      settled = topK.isFull && RankingRule.relevance(topK.maximum) <= unreached
      if !settled && read > Self.prefixScanBudget { return nil }
    }
    return (recordStreams[0].read, distinct, true)
  }

  /// A one-word match's key from its slot, as a run's ranking loop computes it.
  @inline(__always) private func oneWordKey(slot: UInt32, record: Int) -> UInt64 {
    let columns = index.searchableColumns.count
    var slot = slot
    // Safe: one slot, alive for the call; the record's word counts lie inside the array.
    return withUnsafePointer(to: &slot) { pointer in
      index.attributeWordCounts.withUnsafeBufferPointer { counts in
        let m = Self.summary(
          slots: UnsafeBufferPointer(start: pointer, count: 1), wordCount: 1,
          attributeWordCounts: UnsafeBufferPointer(rebasing: counts[(record * columns)..<(record * columns + columns)]),
          rules: rules, variantRun: index.variantRun(record))
        return withOptionalFilter(RankingRule.key(m, record: record), record)
      }
    }
  }
}
