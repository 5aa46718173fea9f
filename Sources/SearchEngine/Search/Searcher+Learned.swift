/// Learned from picks: step 11 of the notes at the top of Searcher.swift.
///
/// The caller (SeekCore's pick log) names a few records picked before for queries like this one,
/// each with a level from its frecency. The `learned` rule sits after `typo` and `words` in every
/// key (RankingRule.swift), so a learned hit rises above every hit that matches the query as well
/// — same typos, same matched words — and never above one that matches it better: what was
/// picked for "req" comes before "req" itself when both are typo-free one-word matches, but a
/// pick that needs a typo stays under every typo-free hit. Learning orders; it never overrides.
///
/// The run does not rank by learning (its early stops, narrowing and cached keys stay as they
/// are): the learned records are matched one by one as the run would match them (RecordMatcher,
/// then fzf's rules for lines), their keys get their level, and the two lists are merged by key.
/// Every key stays a total order, so pages by offset or after a key hold every hit once. The learned records are matched before the run
/// and left out of its heaps (`TopK.excluded`), so the run fills its page with the others and
/// costs what it costs without learning; matching a learned record's text costs about 10 µs (a
/// package with its description), and the pick log hands over at most 64.
extension Searcher {
  func learnedSearch(_ request: SearchRequest) -> SearchResponse {
    let learned = request.learned.filter { $0.record >= 0 && $0.record < index.count }
    // The learned records' keys are made before the run: with the request's optional filter.
    context.optionalFilter = request.optionalFilter.flatMap { $0.recordCount == index.count ? $0 : nil }
    let query = index.parse(request.query, learned: request.learnedWords)
    let extended = ExtendedQuery(request.query, options: request.matching)
    let browsing = query.isEmpty && !extended.answeredByFzfRulesAlone(wordless: true)
    // Browse keys are positions (Searcher+Browse.swift): the learned field is laid over them, which
    // needs the positions under it.
    guard !learned.isEmpty, !browsing || index.count < 1 << (RankingRule.learnedShift - RankingRule.recordBits)
    else { return rankedSearch(request) }
    let filter = request.filter.flatMap { $0.recordCount == index.count ? $0 : nil }
    var matcher = RecordMatcher(
      query: query, searchableCount: index.searchableColumns.count,
      rules: rules, regime: matcherRegime)
    var fuzzy =
      request.matching.fuzzyTier || extended.answeredByFzfRulesAlone(wordless: query.isEmpty)
      ? ExtendedMatcher(extended) : nil
    let matchesWords = !query.isEmpty && !extended.answeredByFzfRulesAlone(wordless: false)
    // Each learned record's key with its level, and without (`plain`: where the rules put it).
    var learnedKeys: [(key: UInt64, plain: UInt64)] = []
    func keys(required: Int) {
      learnedKeys = []
      var values = [UnsafeBufferPointer<UInt8>](
        repeating: UnsafeBufferPointer(start: nil, count: 0), count: index.searchableColumns.count)
      // Safe: the value ranges come from the store's monotone offsets, within its bytes, and the
      // buffers are used only inside the closure.
      index.documents.bytes.withUnsafeBufferPointer { all in
        for item in learned where filter?.contains(item.record) ?? true {
          var plain: UInt64? = nil
          if browsing {
            plain = RankingRule.withLearned(UInt64(item.record), 0)
          } else if matchesWords {
            for (i, column) in index.searchableColumns.enumerated() {
              values[i] = UnsafeBufferPointer(rebasing: all[index.documents.range(item.record, column)])
            }
            plain = wordKey(item.record, values, required: required, &matcher)
          }
          if plain == nil, fuzzy != nil { plain = fuzzyKey(item.record, &fuzzy!) }
          guard let plain else { continue }
          learnedKeys.append((RankingRule.withLearned(plain, item.level), plain))
        }
      }
    }
    var inner = request
    inner.learned = []
    let offset = request.after == nil ? request.page * request.hitsPerPage : 0
    inner.page = 0
    inner.hitsPerPage = SearchRequest.clamped(hitsPerPage: offset + request.hitsPerPage)
    var response: SearchResponse
    if browsing {
      // The browse list is read in order, not through a heap: room is made for the learned
      // records instead, and theirs are left out below.
      keys(required: 0)
      inner.hitsPerPage = SearchRequest.clamped(hitsPerPage: inner.hitsPerPage + learnedKeys.count)
      if let after = request.after {
        // Browse keys carry no learned field: it is laid over them below, and taken off a cursor
        // here; a cursor among the learned hits starts the browse list at its beginning.
        inner.after =
          RankingRule.learnedLevel(after) == 0 ? RankingRule.withLearned(after, RankingRule.maxLearned) : nil
      }
      response = rankedSearch(inner)
    } else {
      // The learned records that match every word are matched first and kept out of the run's
      // heap, whose room then goes to the others: the page costs what it costs without learning.
      keys(required: query.words.count)
      context.excludedRecords = learnedKeys.map { RankingRule.record($0.key) }.sorted()
      response = rankedSearch(inner)
      context.excludedRecords = []
      if !response.droppedWords.isEmpty {
        // Words were dropped (every learned record failed one): matched again on the words kept,
        // with room made for them, as when browsing.
        keys(required: query.words.count - response.droppedWords.count)
        inner.hitsPerPage = SearchRequest.clamped(hitsPerPage: inner.hitsPerPage + learnedKeys.count)
        response = rankedSearch(inner)
      }
    }
    let learnedRecords = Set(learnedKeys.map { RankingRule.record($0.key) })
    let highlighter =
      request.highlight && !browsing ? Highlighter(index: index, query: query, extended: extended) : nil
    var merged = response.hits.filter { !learnedRecords.contains($0.record) }
    if browsing { for i in merged.indices { merged[i].key = RankingRule.withLearned(merged[i].key, 0) } }
    for entry in learnedKeys {
      // A browse key holds a position, not a match: the summary says only the level.
      let summary =
        browsing
        ? MatchSummary(
          typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0,
          learned: RankingRule.learnedLevel(entry.key))
        : RankingRule.summary(of: entry.key)
      merged.append(
        makeHit(
          record: RankingRule.record(entry.key), summary: summary, query: query, highlighter: highlighter,
          scope: request.highlightScope, key: entry.key))
    }
    merged.sort { $0.key < $1.key }
    if let after = request.after { merged.removeAll { $0.key <= after } }
    let page = Array(merged.dropFirst(offset).prefix(request.hitsPerPage))
    response.reorderedByLearning = page.contains { hit in
      guard let entry = learnedKeys.first(where: { $0.key == hit.key }) else { return false }
      return page.contains { other in other.key > entry.key && other.key < entry.plain }
    }
    response.hits = page
    response.page = request.page
    response.hitsPerPage = request.hitsPerPage
    return response
  }

  /// The key `record` has by the rules (no level yet) as a word match with the first `required`
  /// words, given its searchable values; nil when it fails one of them.
  private func wordKey(
    _ record: Int, _ values: [UnsafeBufferPointer<UInt8>], required: Int, _ matcher: inout RecordMatcher
  ) -> UInt64? {
    matcher.match(values)
    let regime = matcherRegime
    let requiredMask = UInt16(1 << required) - 1
    guard matcher.results[regime.rawValue].matched & requiredMask == requiredMask else { return nil }
    let key = matcher.relevance(in: regime, required: required) << RankingRule.recordBits | UInt64(record)
    return withOptionalFilter(key, record)
  }

  /// The key `record` has by fzf's rules (lines), nil when it does not match them.
  private func fuzzyKey(_ record: Int, _ matcher: inout ExtendedMatcher) -> UInt64? {
    let tiebreak = index.settings.tiebreak.first(where: \.isPerMatch)
    let found = index.documents.withIndexedValue(record, index.fuzzyColumn) { matcher.scoreAndTie($0, by: tiebreak) }
    return found.map { RankingRule.fuzzyKey(score: $0.0, tie: $0.1, record: record) }
  }

  /// The dictionary regime this index's rules are in, as RecordMatcher names them.
  var matcherRegime: RecordMatcher.Regime {
    if !index.substringMatching { return .large }
    return firstLettersFixed ? .medium : .small
  }

  /// Two-typo words keep their first or second letter (the settings', or past
  /// `firstLettersFixedAbove` terms).
  var firstLettersFixed: Bool {
    index.settings.firstLettersFixed ?? (index.terms.count > Self.firstLettersFixedAbove)
  }
}
