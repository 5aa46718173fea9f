/// Early-stopping scans for one word: its postings are in record-id (custom ranking) order, so
/// once the page is full of matches as good as any later one can be, the rest is not read.

extension Searcher {
  /// One word typed as one to three letters: its prefix group's list is in record-id order (custom
  /// ranking order), each record once (a one-term group's repeats merged as read), so the scan
  /// stops as soon as the page can no longer change — a handful of entries instead of half the
  /// catalog. `nil` when the sources are not of that shape.
  func scanShortPrefix(_ sources: [Source], limit: Int) -> ([UInt64], Int)? {
    lastEvaluationStamped = false
    if sources.count == 1, let only = sources.first, only.exact, let term = only.singleTerm {
      return scanSingleTerm(term, limit: limit)
    }
    guard let groupSource = sources.first(where: \.isPrefixGroup),
      case .prefixGroup(let level, let group) = groupSource.lists,
      sources.allSatisfy({ $0.isPrefixGroup || ($0.exact && $0.singleTerm != nil) })
    else { return nil }
    advanceGeneration()
    topK.reset(capacity: limit, after: context.floor, excluding: context.excludedRecords)
    let columns = index.searchableColumns.count
    let prefixes = index.groupList(level: level, group: group)
    let (start, end) = (prefixes.range.lowerBound, prefixes.range.upperBound)
    // A record whose attribute is exactly the word (or, by `word` exactness, whose ordered
    // attribute's first field is) ranks above every prefix match: found first, wherever it is.
    // Then, by `word` exactness, the records where the whole word is the best match, in id order
    // until no later one can enter the page; the prefix matches last.
    /// Whether the word at `place` is the record's best match in the group (not a longer word's start).
    func isBest(_ record: Int, _ place: UInt16) -> Bool {
      var lo = start
      var hi = end
      while lo < hi {
        let mid = (lo + hi) >> 1
        if Int(prefixes.records[mid]) < record { lo = mid + 1 } else { hi = mid }
      }
      return prefixes.entry(at: &lo).place == place
    }
    for source in sources {
      guard let term = source.singleTerm else { continue }
      for p in index.postingRange(term) {
        let place = index.postingPlaces[p]
        let record = Int(index.postingRecords[p])
        let exact = leadingExactness(record, place, columns: columns)
        guard exact > MatchRules.wholeWord, !isStamped(record), isBest(record, place) else { continue }
        markSeen(record)
        if let filter = context.filter, !filter.contains(record) { continue }
        topK.insert(singleWordKey(place, exact: exact, record: record))
      }
    }
    if rules.singleWord == .word {
      for source in sources {
        guard let term = source.singleTerm else { continue }
        for p in index.postingRange(term) {
          if topK.isFull && RankingRule.relevance(topK.maximum) <= Self.wholeWordFloor { break }
          let place = index.postingPlaces[p]
          let record = Int(index.postingRecords[p])
          guard !isStamped(record), isBest(record, place) else { continue }
          markSeen(record)
          if let filter = context.filter, !filter.contains(record) { continue }
          topK.insert(singleWordKey(place, exact: MatchRules.wholeWord, record: record))
        }
      }
    }
    // The group's records are known: without a filter or facets to count, that is the count and
    // the scan stops once the page is settled; otherwise every record is looked at.
    if mayStopEarly {
      var p = start
      while p < end {
        let (record, place) = prefixes.entry(at: &p)
        if isStamped(record) { continue }
        topK.insert(singleWordKey(place, exact: 0, record: record))
        if pageIsSettled { break }
      }
      return (topK.sorted(), prefixes.recordCount)
    }
    clearCounts()
    let maySample = self.maySample
    let (n, sampleRead) = withCounters { counter, disjunctive -> (Int, Int?) in
      var n = 0
      var p = start
      while p < end {
        if maySample && p - start >= Self.countingSample && pageIsSettled { return (n, p - start) }
        let (record, place) = prefixes.entry(at: &p)
        if !disjunctive.isEmpty { Self.countDisjunctive(record, into: &disjunctive) }
        if let filter = context.filter, !filter.contains(record) { continue }
        n += 1
        if counter.isActive { counter.add(record) }
        if isStamped(record) || pageIsSettled { continue }
        topK.insert(singleWordKey(place, exact: 0, record: record))
      }
      return (n, nil)
    }
    // Extrapolated once the counters are back in place (entries read of every entry: a term's
    // repeats are about as frequent in the part read as in the rest).
    if let sampleRead { return (topK.sorted(), extrapolate(n, read: sampleRead, of: end - start)) }
    return (topK.sorted(), n)
  }

  /// Counts of a sample of `read` records out of `total`, scaled to the whole (see `countingSample`).
  func extrapolate(_ count: Int, read: Int, of total: Int) -> Int {
    context.sampled = true
    let factor = Double(total) / Double(max(1, read))
    if counter.isActive { counter.scale(by: factor) }
    for i in disjunctive.indices { disjunctive[i].counter.scale(by: factor) }
    return Int((Double(count) * factor).rounded())
  }

  /// The key of a one-word match without typos at `place` (its position counts only in an ordered
  /// attribute), with the record's own rules: a sibling of the model typed (ModelVariants.swift),
  /// out of the optional filter.
  @inline(__always) func singleWordKey(_ place: UInt16, exact: Int, record: Int) -> UInt64 {
    var key = Self.singleWordKey(place, exact: exact, record: record, orderedMask: rules.orderedMask)
    if rules.titleAttribute >= 0
      && ModelVariants.isSibling(place: place, run: index.variantRun(record), titleAttribute: rules.titleAttribute)
    {
      key |= 1 << RankingRule.siblingShift
    }
    return withOptionalFilter(key, record)
  }

  @inline(__always) static func singleWordKey(_ place: UInt16, exact: Int, record: Int, orderedMask: UInt32) -> UInt64 {
    let attribute = Int(place >> 12)
    let ordered = orderedMask >> attribute & 1 == 1
    var m = MatchSummary(
      typos: 0, words: 1, proximity: 0, attribute: attribute, position: ordered ? Int(place & 0xFFF) : 0, exact: exact)
    if !ordered { m.latePosition = min(Int(place & 0xFFF), RankingRule.maxLatePosition) }
    return RankingRule.key(m, record: record)
  }

  /// The `exact` of a whole, typo-free match of one word at `place`, its record's best: what
  /// `Searcher.summary` gives it (see `SingleWordExactness`).
  @inline(__always) func leadingExactness(_ record: Int, _ place: UInt16, columns: Int) -> Int {
    guard rules.singleWord != .never else { return 0 }
    // Past the start nothing but a whole word counts: the record's word counts (a read far from
    // the postings, a cache miss per record of a long list) are read only at the start.
    guard place & 0xFFF == 0 else { return rules.singleWord == .word ? MatchRules.wholeWord : 0 }
    let attribute = Int(place >> 12)
    let counts = index.attributeWordCounts[record * columns + attribute]
    if AttributeWords.count(counts) == 1 { return MatchRules.wholeAttribute }
    guard rules.singleWord == .word else { return 0 }
    if place & 0xFFF == 0 && rules.isOrdered(attribute) && AttributeWords.firstWordIsField(counts) {
      return MatchRules.wholeFirstField
    }
    return MatchRules.wholeWord
  }

  /// Relevance of the best whole-word one-word match below a first field: a scan of whole words in
  /// record-id order can stop once every kept key is at least this good.
  static let wholeWordFloor = RankingRule.relevance(
    singleWordKey(0, exact: MatchRules.wholeWord, record: 0, orderedMask: 0))

  /// Relevance of the best plain (not attribute-equal) one-word match: a scan in record-id order
  /// can stop once every kept key is at least this good, as later records only have larger ids.
  static let singleWordFloor = RankingRule.relevance(singleWordKey(0, exact: 0, record: 0, orderedMask: 0))

  var pageIsSettled: Bool { topK.isFull && RankingRule.relevance(topK.maximum) <= Self.singleWordFloor }

  /// One whole word (not a prefix): its postings are in record-id order, a record's postings
  /// together; the scan stops once the page cannot change. The count is of distinct records.
  func scanSingleTerm(_ term: Int, limit: Int) -> ([UInt64], Int) {
    advanceGeneration()
    topK.reset(capacity: limit, after: context.floor, excluding: context.excludedRecords)
    let columns = index.searchableColumns.count
    let range = index.postingRange(term)
    /// Calls `body` with each record of the term's postings and its best place.
    func forEachRecord(_ body: (Int, UInt16) -> Void) {
      var p = range.lowerBound
      while p < range.upperBound {
        let record = index.postingRecords[p]
        var best = index.postingPlaces[p]
        p += 1
        while p < range.upperBound && index.postingRecords[p] == record {
          best = min(best, index.postingPlaces[p])
          p += 1
        }
        body(Int(record), best)
      }
    }
    // Records where the word is a whole attribute (or first field) rank above the rest: first,
    // then skipped.
    forEachRecord { record, best in
      let exact = leadingExactness(record, best, columns: columns)
      if exact > MatchRules.wholeWord {
        markSeen(record)
        if let filter = context.filter, !filter.contains(record) { return }
        topK.insert(singleWordKey(best, exact: exact, record: record))
      }
    }
    // Every other match is a whole word: exact by `word` exactness, not otherwise.
    let exact = rules.singleWord == .word ? MatchRules.wholeWord : 0
    var distinct = 0
    var stopped = false
    let countEvery = !mayStopEarly
    clearCounts()
    var read = 0
    var total = 0
    var sampleDone = false
    let maySample = self.maySample
    withCounters { counter, disjunctive in
      forEachRecord { record, best in
        total += 1
        if sampleDone { return }
        if countEvery && maySample && read >= Self.countingSample && pageIsSettled {
          sampleDone = true
          return
        }
        read += 1
        if !disjunctive.isEmpty { Self.countDisjunctive(record, into: &disjunctive) }
        if let filter = context.filter, !filter.contains(record) { return }
        distinct += 1
        if countEvery && counter.isActive { counter.add(record) }
        if stopped || isStamped(record) { return }
        topK.insert(singleWordKey(best, exact: exact, record: record))
        if pageIsSettled && !countEvery { stopped = true }
      }
    }
    if sampleDone { return (topK.sorted(), extrapolate(distinct, read: read, of: total)) }
    return (topK.sorted(), distinct)
  }
}
