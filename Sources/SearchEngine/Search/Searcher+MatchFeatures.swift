/// A candidate's match features (typos, words, proximity, attribute, exact) from its scratch
/// slots: what the ranking rules compare.

extension Searcher {
  /// `key`, of `record`, with the optional filter's rule: the key was made as if the record
  /// were in it (the best case, which the floors of the scans assume too).
  @inline(__always) func withOptionalFilter(_ key: UInt64, _ record: Int) -> UInt64 {
    Self.withOptionalFilter(key, record, context.optionalFilter)
  }

  @inline(__always) static func withOptionalFilter(_ key: UInt64, _ record: Int, _ filter: RecordFilter?) -> UInt64 {
    guard let filter, !filter.contains(record) else { return key }
    return key | 1 << RankingRule.filtersShift
  }

  /// A record's match summary from this search's scratch slots (for hits ordered by a sort).
  func summary(of record: Int, wordCount: Int) -> MatchSummary {
    var m = rulesSummary(of: record, wordCount: wordCount)
    m.optionalFilterMissed = context.optionalFilter.map { !$0.contains(record) } ?? false
    return m
  }

  private func rulesSummary(of record: Int, wordCount: Int) -> MatchSummary {
    let columns = index.searchableColumns.count
    let row = row(of: record)
    // Safe: the record is a candidate of the last run, whose row is below index.count; slots hold
    // maxWords entries per row.
    return slots.withUnsafeBufferPointer { slots in
      index.attributeWordCounts.withUnsafeBufferPointer { counts in
        Self.summary(
          slots: UnsafeBufferPointer(rebasing: slots[(row * ParsedQuery.maxWords)...]), wordCount: wordCount,
          attributeWordCounts: UnsafeBufferPointer(rebasing: counts[(record * columns)..<(record * columns + columns)]),
          rules: rules, variantRun: index.variantRun(record))
      }
    }
  }

  /// How a record matched, from its scratch slots (one per query word) of the current search, and
  /// its word count in each searchable attribute (for an attribute equal to the query), and its
  /// title's variant run (`ModelVariants`; 0 for none, as the floors of a scan assume).
  /// Transparent, so always inlined: `@inline(__always)` let the optimizer call a specialized copy
  /// once per candidate from the ranking loop (9% of a `cell phone …` keystroke in calls).
  @_transparent
  static func summary(
    slots: UnsafeBufferPointer<UInt32>, wordCount: Int, attributeWordCounts: UnsafeBufferPointer<UInt8>,
    rules: MatchRules, variantRun: UInt8 = 0
  ) -> MatchSummary {
    // Wrapping arithmetic: at most maxWords words, each adding at most 8 (proximity) or 3 (typos),
    // so nothing can overflow, and the loop runs once per word of every candidate.
    var typos = 0
    var words = 0
    var exact = 0
    var proximity = 0
    var best: UInt32 = 0xFFFF
    var previous: UInt32 = .max
    var wholeAttribute = true
    var wholeAttributeID: UInt32 = .max
    for w in 0..<wordCount {
      let slot = slots[w]
      if slot == .max {
        wholeAttribute = false
        continue
      }
      let cost = slot >> 17
      let place = (slot >> 1) & 0xFFFF
      let isWhole = slot & 1 == 0
      words &+= 1
      typos &+= Int(cost)
      if cost == 0 && isWhole { exact &+= 1 }
      best = min(best, place)
      if previous != .max {
        if previous >> 12 == place >> 12 {
          let d = Int(place & 0xFFF) &- Int(previous & 0xFFF)
          proximity &+= d >= 1 ? min(d, 8) : min(1 &- d, 8)
        } else {
          proximity &+= 8
        }
      }
      previous = place
      let attribute = place >> 12
      // An attribute equal to the query: every word whole (typos allowed), in order, from the start.
      if !isWhole || cost > 2 || Int(place & 0xFFF) != w || (wholeAttributeID != .max && wholeAttributeID != attribute)
      {
        wholeAttribute = false
      }
      wholeAttributeID = attribute
    }
    var m = MatchSummary(typos: typos, words: words, proximity: proximity, attribute: 0, position: 0, exact: exact)
    let counts = Int(wholeAttributeID) < attributeWordCounts.count ? attributeWordCounts[Int(wholeAttributeID)] : 0
    if wholeAttribute && m.words == wordCount && AttributeWords.count(counts) == wordCount {
      m.exact = MatchRules.wholeAttributeExactness(wordCount: wordCount)
    } else if wordCount == 1 {
      m.exact = singleWordExactness(
        exact: exact, first: wholeAttribute && rules.isOrdered(Int(wholeAttributeID)), counts: counts, rules: rules)
    }
    if wordCount == 1 && rules.singleWord == .never { m.exact = 0 }
    m.sibling = ModelVariants.isSibling(
      slots: slots, wordCount: wordCount, run: variantRun, titleAttribute: rules.titleAttribute)
    m.attribute = Int(best >> 12)
    // Ordered attributes rank the position within the attribute rule; unordered ones (the
    // default) only as a late tie-break after exact.
    if rules.isOrdered(m.attribute) {
      m.position = Int(best & 0xFFF)
    } else {
      m.latePosition = min(Int(best & 0xFFF), RankingRule.maxLatePosition)
    }
    return m
  }

  /// One word's `exact` short of a whole attribute (see `SingleWordExactness`): with `attribute`,
  /// none ("mac" does not rank "mac mini" above the far more popular "macbook"); with `word`, a
  /// whole word, or more when it is the whole first field of an ordered attribute (`first`: the
  /// word is the first of an ordered attribute).
  @_transparent
  static func singleWordExactness(exact: Int, first: Bool, counts: UInt8, rules: MatchRules) -> Int {
    guard rules.singleWord == .word, exact == 1 else { return 0 }
    return first && AttributeWords.firstWordIsField(counts) ? MatchRules.wholeFirstField : MatchRules.wholeWord
  }
}
