import Dispatch
import Foundation

/// Answers one query over records that have no index yet, by matching every record in turn
/// (`RecordMatcher`, the index's rules without an index) and keeping the best ones
/// (`ScanCollector`).
///
/// This is for one-shot search of a catalog seen for the first time (`seek --filter` on an
/// uncached file). Building the index of 1.1M records takes seconds, and the scan a fraction of
/// that. The caller indexes the few kept records, so the page, its highlights and its JSON come
/// from the engine itself. It builds the whole index afterwards, for the cache.
///
/// The answer is the one an exhaustive search of the whole index gives:
/// - ties go by record id: the scan orders records as the index would number them
///   (`IndexBuilder.rankingOrder`);
/// - the dictionary regime is that of the whole catalog, and the kept records must be ranked in
///   it (`Answer.settings`), not in the regime of their own small dictionary;
/// - the count is exact, as is an exhaustive search's.
public enum StoreScan {
  public struct Answer: Sendable {
    /// The best records' input positions, in input order.
    public var records: [Int32]
    /// Records that match the words kept (exact).
    public var nbHits: Int
    /// How many leading query words the answer keeps. The rest were dropped because no record
    /// matched them all.
    public var wordsKept: Int
    /// The settings to rank the kept records with: the whole catalog's regime, fixed.
    public var settings: IndexSettings
  }

  /// The most records a scan keeps per relaxation level and regime: an eighth of the catalog (or a
  /// thousand), so that its heaps (at most 27 of them) stay well under the index's own size.
  static func deepestPage(of count: Int) -> Int { max(1_000, count / 8) }

  /// The best `limit` records for `query`, or nil when a scan cannot answer as the index does:
  /// - the empty query lists records in browse order, which a scan does not keep;
  /// - settings that fix words inside words off but typos on any letter match no regime;
  /// - a page deep in the answer (beyond `deepestPage`): the index serves it from the same memory
  ///   the heaps would take, and goes on serving the pages after it.
  /// - a query with fzf's operators (`ExtendedQuery.isPlain` false), which the index answers by
  ///   its fuzzy tier alone;
  /// - typo tolerance `min` or `strict`, whose tiers the index looks at one by one.
  /// `runs`: how many runs of records are scanned apart (tests; by default one per core for
  /// large stores).
  public static func answer(
    _ query: ParsedQuery, extended: ExtendedQuery, in documents: DocumentStore, settings: IndexSettings,
    ranking: IndexBuilder.RankingOrder, limit: Int, runs: Int? = nil
  ) -> Answer? {
    guard !query.words.isEmpty, !extended.followsFzfRulesAlone, limit <= deepestPage(of: documents.count),
      settings.typoTolerance.tiers == .all
    else {
      return nil
    }
    let scan = Scan(
      documents: documents, settings: settings, extended: extended, ranking: ranking, limit: limit, runs: runs)
    var (collector, fuzzy, matchers) = scan.collect(query)
    let withTier = extended.options.fuzzyTier

    // The regime the whole catalog's dictionary puts the index in, unless the settings fix it.
    let natural = RecordMatcher.Regime.of(termCount: RecordMatcher.termCount(of: matchers))
    let substrings = settings.substringMatching ?? true
    let firstLettersFixed = settings.firstLettersFixed ?? (natural != .small)
    let regime: RecordMatcher.Regime
    switch (substrings, firstLettersFixed) {
    case (true, false): regime = .small
    case (true, true): regime = .medium
    case (false, true): regime = .large
    case (false, false): return nil
    }
    var fixed = settings
    fixed.substringMatching = substrings
    fixed.firstLettersFixed = firstLettersFixed
    // A word that nothing matches (the index drops it, or splits it in two), or words that match
    // nothing together (the index may join two): the index answers (WordSplits.swift).
    if !withTier
      && (collector.missesAWord(in: regime) || collector.level(in: regime) < max(1, query.words.count))
    {
      return nil
    }
    // Known words take no typo (KnownWords.swift): which words are known, the scan has just
    // learned, so their answer takes a second pass, when one of them has a typo budget.
    let known = settings.typoTolerance.typosOnKnownWords ? query : Self.withoutTypos(on: matchers, query)
    if known != query { (collector, fuzzy, _) = scan.collect(known) }
    let answer = collector.answer(in: regime, relaxing: !withTier)
    // The fuzzy tier's records too (the engine leaves out those that are word hits), once each.
    let tier = fuzzy.answer(in: regime, level: collector.level(in: regime, relaxing: !withTier))
    var records = answer.kept.map { Int32($0.position) }
    records += tier.kept.map { Int32($0.position) }
    records = Array(Set(records)).sorted()
    return Answer(
      records: records, nbHits: answer.nbHits + tier.nbHits, wordsKept: answer.wordsKept, settings: fixed)
  }

  /// `query` with no typo budget for the words some record matched as typed (`RecordMatcher.knownWords`).
  static func withoutTypos(on matchers: [RecordMatcher], _ query: ParsedQuery) -> ParsedQuery {
    let known = matchers.reduce(UInt16(0)) { $0 | $1.knownWords }
    var out = query
    for w in out.words.indices where known >> UInt16(w) & 1 == 1 { out.words[w].typoBudget = 0 }
    return out
  }

  /// One pass over every record for a query: its records matched in runs (one per core for
  /// large stores), the runs' collectors merged.
  struct Scan {
    let documents: DocumentStore
    let settings: IndexSettings
    let extended: ExtendedQuery
    let ranking: IndexBuilder.RankingOrder
    let limit: Int
    let runs: Int?

    func collect(_ query: ParsedQuery) -> (ScanCollector<Void>, FuzzyCollector<Void>, [RecordMatcher]) {
      let title = IndexBuilder.titleColumn(of: documents, settings: settings)
      let withTier = extended.options.fuzzyTier
      let columns = IndexBuilder.searchableColumns(of: documents, settings: settings)
      let rules = MatchRules(settings: settings, searchable: columns.map { documents.attributes[$0] })
      let ids = ranking.ids()
      let count = documents.count
      let runs = runs ?? IndexBuilder.parallelRuns(records: count)
      let results = ResultSlots<
        (collector: ScanCollector<Void>, matcher: RecordMatcher, fuzzy: FuzzyCollector<Void>)
      >(count: runs)
      DispatchQueue.concurrentPerform(iterations: runs) { run in
        var matcher = RecordMatcher(query: query, searchableCount: columns.count, rules: rules)
        var collector = ScanCollector<Void>(wordCount: query.words.count, limit: limit)
        var fuzzy = FuzzyCollector<Void>(
          query: extended, wordCount: query.words.count, limit: limit,
          tiebreak: settings.tiebreak.first(where: \.isPerMatch))
        var values = [UnsafeBufferPointer<UInt8>](
          repeating: UnsafeBufferPointer(start: nil, count: 0), count: columns.count)
        // Safe: the value ranges come from the store's monotone offsets, within its bytes, and the
        // buffers are used only inside the closure.
        documents.bytes.withUnsafeBufferPointer { all in
          for record in (count * run / runs)..<(count * (run + 1) / runs) {
            for (i, column) in columns.enumerated() {
              values[i] = UnsafeBufferPointer(rebasing: all[documents.range(record, column)])
            }
            matcher.match(values)
            collector.add((), position: record, tie: UInt64(ids[record]), matcher: matcher)
            if withTier {
              let words = FuzzyCollector<Void>.wordsMatched(matcher)
              documents.withIndexedValue(record, title) {
                fuzzy.add((), position: record, tie: UInt64(ids[record]), title: $0, words: words)
              }
            }
          }
        }
        results.set(run, (collector, matcher, fuzzy))
      }
      let runResults = results.values
      var collector = runResults[0].collector
      var fuzzy = runResults[0].fuzzy
      for other in runResults.dropFirst() {
        collector.merge(other.collector)
        fuzzy.merge(other.fuzzy)
      }
      return (collector, fuzzy, runResults.map(\.matcher))
    }
  }
}
