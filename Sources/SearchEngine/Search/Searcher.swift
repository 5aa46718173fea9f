// How Seek's engine answers a keystroke
// =====================================
//
// The index (IndexBuilder) numbers records in custom-ranking order — most popular first, then the
// tie-breaks, then input order — so that every postings list is already sorted by the last
// tie-break. Terms are kept in one sorted dictionary; a term's postings (record, place) are
// contiguous, and the one- to three-letter prefixes have precomputed, deduplicated postings.
//
// 1. Sources (Searcher+Sources.swift). Each query word becomes the postings lists it matches, each
//    with a cost: the exact term, the prefix range if the word is still being typed (or the
//    precomputed group for one to three letters), typo variants from a walk of the dictionary as a
//    trie with one Damerau–Levenshtein row per depth, and terms that contain the word (cost 3).
//    The walk lists a node's children only while a mismatching letter could stay within budget;
//    below that it jumps to the word's own letters (TermDictionary.fuzzyMatches). Terms containing
//    the word come from the lists of its rarest trigram (SubstringIndex), not from a scan.
//    Lookups are cached: typing one more letter reuses the earlier words, and a walk or substring
//    search of a word bounds the next one (its matches are among the shorter word's).
//    A word's alternatives — its English singular or plural, its synonyms (WordAlternatives.swift)
//    — add their own exact terms at cost 0, whole, as Algolia counts a plural or a synonym: not a
//    typo. They are whole terms only, so they cost a binary search each; and a longer word narrows
//    the last one's matches (6) only while its alternatives begin with that word ("cable" →
//    "cables", never "cables" → "cable"), else it is looked up afresh. The matcher of step 8 and the
//    highlighter check a term against the same alternatives, so a scan and the index agree.
//    A synonym of several words ("ps5" = "playstation 5") is a phrase: the index, the matcher and
//    the highlighter read it as one more term where its words follow each other (Phrases.swift),
//    so "ps5" finds it as any synonym; and a query whose consecutive words make the phrase gives
//    each of them the phrase's synonyms. Such a word is not the same word as before (its
//    alternatives changed): the lookups are keyed by them, and the last run is not narrowed.
//    With Algolia's `removeStopWords` (off by default: people type keywords), English stop words
//    leave the query before any of this (ParsedQuery), except the word still being typed ("the"
//    may become "theater") and except when nothing else would be left ("the who"); a short list
//    (StopWords.swift), since every word on it can never be searched for in a longer query.
//
// 2. Intersection (Searcher+Intersection.swift). Words are intersected cheapest first into
//    scratch arrays: the first word creates the candidates, the others only update them. A
//    record's stamp (4 bytes a record) says whether it is a candidate and which row of the
//    candidates' arrays (its best match per word, the words it matched) is its own.
//    Rows are handed out in the order records become candidates, so a search writes as many
//    contiguous rows as it has candidates, wherever those records lie: the first search after a
//    warm start faults in a few pages of rows, not a page per candidate of a 35 MB array indexed
//    by record (16–23 → 6–12 ms for `requests` on 1.1M records), and the ranking loop reads its
//    rows in order. Each search first clears the last one's stamps (its rows list their records)
//    rather than keep a generation in every stamp, which would double the stamps' pages.
//    When the candidates are more than 24 times fewer than a list's postings, each candidate
//    is looked up by binary search instead (log2 of a list of a million is 20: a lookup costs about
//    as much as 20–30 sequential postings, hence 24). Relaxed words (`removeWordsIfNoResults`)
//    update candidates without filtering them.
//
// 3. Ranking (Searcher+MatchFeatures.swift, RankingRule.swift). A candidate's best match per word
//    gives its features — typos, words, proximity (for each pair of consecutive words in the same
//    attribute, their distance, capped at 8; 8 across attributes), attribute (and the position in
//    it for `ordered` attributes), exact — packed with the record id into one 64-bit key, rules in
//    Algolia's order. In an unordered attribute (the default) the position is not ignored, as
//    Algolia ignores it, but ranks last, inside the exact rule's field (one bit: the match leads
//    the attribute or not; finer steps found names no sooner): all-or-nothing, it made package
//    names in an unordered `name` need 36.7% of the name typed on average to reach the top 20,
//    against 32.8% with `ordered(name)`; ranked late, 32.8% both, and category precision on the
//    real product queries did not move. What it trades: it comes before the custom ranking, so
//    between two matches equal on every rule the one that begins with the word wins over a more
//    popular one — a bit of the ordered position (now capped at 511 words, was 1,023) pays for it.
//    A bounded heap keeps the top `offset + limit`; search-after paging resumes after the last key
//    shown.
//    Exact counts the query's words matched whole; a match equal to a whole attribute counts one
//    more. One word typed is a special case (Algolia's `exactOnSingleWordQuery`, MatchRules.swift):
//    with a custom ranking it is exact only as a whole attribute (`attribute`), as otherwise "mac"
//    would rank a whole "mac mini" above the far more popular "macbook" — the popularity says more
//    than the wholeness. Without one (lines, most files) nothing but the tie-break separates
//    `react` from `reactjs`, and the tie-break prefers the shorter line: so there a whole word
//    counts (`word`, level 1), and in an ordered attribute a whole first field — a run of
//    non-blanks, as `react` is in "react — a library" and is not in "react-dom" — counts more
//    (level 2, below the whole attribute's 3). Whether a word is a field is known where it is
//    indexed, so it rides in the high bit of the attribute's word count (AttributeWords): no text
//    is read at query time. Position still ranks before exact (Algolia's attribute rule comes
//    first): `react` at the start beats "create react app".
//
// 4. Tiers (`evaluate`). Above 5,000 records, the typo-free sources are evaluated first: typo is
//    the first rule, so when they fill the page no typo variant can reach it, and typo variants and
//    substrings are not looked up at all. Below 5,000, everything is evaluated every time (a full
//    evaluation costs less than deciding). The typo tier is still run, for its count alone, when
//    its postings are few (`exactCountPostings`): on the product queries typed letter by letter, 3
//    keystrokes in 3,188 show an estimate instead of 2,251, for a p99 of 0.44–0.46 ms instead of
//    0.21 in the same runs (up to `exactCountRecords`). What the shortcut trades above that: nbHits
//    counts the typo-free matches only, flagged `exhaustiveNbHits: false` (Algolia does the same),
//    and may be far off — on 1.1M packages 1,042 of 1,692 keystrokes show one, the median ×1.11
//    below the truth, the worst ×1,243. `exhaustive` (the CLI's --filter, sorting, and exact facet
//    counts up to 10,000 records) turns the tiers off.
//
// 5. Early stops (Searcher+Scans.swift). One word of one to three letters, or one whole term,
//    reads its single deduplicated list in record-id order and stops once the page holds matches
//    that no later (less popular) record can beat; counts of very broad words on large indexes are
//    extrapolated from the first 20,000 postings (flagged approximate). With `word` exactness the
//    short-prefix scan reads the word's own postings first — the whole fields, then the whole
//    words in id order until the page holds whole-word matches every later one ties or loses to —
//    and only then the prefix group: three passes over short lists rather than one over the group.
//    A group of one term is not stored: it is that term's postings list, read as the group
//    (SearchIndex.groupList), where a record holding the word in two attributes comes twice and
//    is merged as it is read; the group's record count is kept apart for the early stop. On paths,
//    where most 2- and 3-letter starts begin one word, that is a third of the index (1M paths:
//    197 -> 136 bytes a line), for about a tenth more time on those prefixes (`ve` 1.3 -> 1.45 ms).
//    One word of four letters or more (or whole, with its plural) on an index past 10,000 records
//    merges its terms' lists by record (Searcher+PrefixScan.swift): records come out in id order
//    with the best match a run would give them, the whole matches at the start of the first
//    attribute are taken first, and the merge stops once the page holds keys no later record can
//    beat. At 9.9M packages `pyth` went from 31 ms to 0.1 ms; the count is then extrapolated from
//    the first 20,000 postings (within 3% of the typo-free count on `pyth`, `python`, `simp`,
//    `comp`, `react`, `test`; 16% on `type`, whose most popular records repeat it less).
//    Two words, the last short or whole, join their merged lists by record in id order, galloping
//    through the longer (Searcher+PairScan.swift); the pairs whose last word is whole are joined
//    first, as they may beat any later pair, and the join stops once no later pair can enter the
//    page (`python-d` at 9.9M: 35 -> 1.4 ms). A pair that does not settle within 60,000 steps is
//    left to a run; the count of one that did is scaled from the share of records it reached.
//
// 6. Narrowing (LastRun, Searcher+Intersection.swift). A keystroke that makes the last word longer
//    (same typo budget), makes it whole (a space after it) or adds words can only lose matches:
//    the records that matched the required words last time are the candidates, the unchanged
//    words' slots stand, and only the changed words are looked up again. For the same reason a
//    typo-free tier that did not fill the page, or a relaxation step that found nothing, is not
//    tried again. Any other search invalidates it (the scratch arrays' generation moves on).
//    A typo-free run ignores the typo budget here (it looks no typo up), so a word reaching 4 or
//    8 letters still narrows. When one word is looked up again, a row whose slot for it did not
//    change keeps last keystroke's key (`rowKeys`): typing the next letter of "accessories" moves
//    few best matches, and 7,000 candidates skip the ranking rules.
//
// 7. Relaxed queries (`removeWordsIfNoResults`). The words dropped from the end stay optional: a
//    record that has them ranks higher (words rule), but only where they match without typos —
//    typo is the first rule, so a typo on an optional word would otherwise rank a record below one
//    without the word, and the typo-free tier could not decide the page. Two shortcuts follow.
//    In a typo-free run, when a page of records match `w` words or more, records matching fewer
//    are counted, not ranked. And a record matching no optional word ranks by the required words
//    alone, so the best of those keys are kept (RequiredWordsTop) and the next keystrokes with the
//    same required words rank only the records matching an optional word.
//    First, though, a word that no term matches, even with typos, is split into two known words
//    when it can be ("applewatch"), and words that match nothing together are joined into one
//    known word ("head phones"), both before any word is dropped (WordSplits.swift). Else such
//    a word is dropped wherever it stands ("hdmi cable" on a catalog without "hdmi" is "cable"): it can only empty every run that
//    requires it, and rank nothing as an optional word. The search is made again without it. A
//    scan (8) keeps leading words only, so it cannot rank the words after such a word as required;
//    it says so (no answer) and the index answers.
// 8. Without an index (RecordMatcher, ScanCollector, StoreScan). A one-shot search of input never
//    indexed (`seek -f` on a pipe, or on a large catalog file without a cache) matches each record
//    by the rules above and keeps, per relaxation level and dictionary regime, the best records
//    and an exact count; the caller indexes the few kept and ranks them with this engine. Reading
//    1.1M records this way costs about a third of building their index.
//
// 9. Below the words (Searcher+Fuzzy.swift). For lines, records whose text holds the query's
//    terms as fzf matches them (a subsequence, scored by fzf's rules: FuzzyScorer.swift) follow
//    every word match, in a band of ranking keys of their own; a query with fzf's operators
//    (`^src`, `!test`, `a | b`) is answered by those rules alone. Records keep the word tiers only.
//
// 10. Input order (`SearchRequest.inputOrder`, fzf's `--no-sort`). Every match is found and
//    ranked as above (with every tier: the request is exhaustive), then the page is the first
//    browse positions after the cursor (`inputOrderedPage`: a heap of a page's size over the
//    matches; `SearchIndex.browsePosition`: the input order, reversed by `--tac`, as record ids
//    are input order only when the tie-break is the index alone, which `seek +s` sets). The
//    price is that no early stop applies: a keystroke costs what `--filter` costs (fzf pays the
//    same), where ranked pages stop at the first tier that fills them. The empty query browses
//    in id order already and pages as it always does.
//
// Thresholds and what they cost. Typo walks of two-typo words (8 letters or more) enter only the
// branches of the word's first or second letter once the dictionary has more than 10,000 terms:
// the walk stays within a few thousand nodes, and a typo on the first letter of a long word is
// then found only as a swap of the first two. Substring matching ("ground" → "background") is on
// at every size (it was off above 300,000 terms, so `4242` found 111 of the 299 lines of
// `seq 1 1000000` holding it). Its trigram lists cost about a byte or two per byte of the dictionary,
// gap-coded (4 MB for a million numbers, 46 MB for ten million paths), built by counting without a
// copy of the entries; a short word's candidates grow with the dictionary, but substrings belong to the
// second tier, looked up only when the words and their prefixes do not fill the page, so a
// keystroke pays for them only where nothing better exists — and `--filter`, exhaustive, pays
// what fzf pays for a substring scan. What it trades: a word that matched nothing may now match
// inside a longer word, and such matches (ranked as 3 typos) keep the query from relaxing (Algolia
// would drop the word): of 98 package names typed with two letters swapped, 91 reach the top 20
// instead of 94 (`tem-pfile` finds `fileshimstem`, not `temp-file`). Warm keystrokes on 1.1M
// packages, beside the build before in the same runs: median 0.077–0.081 → 0.094–0.097 ms, p99
// 1.49–1.54 → 1.84–1.90 ms, as the typo tier now looks substrings up too.
//
// 11. Learned from picks (Searcher+Learned.swift, `SearchRequest.learned`). A few records the
//    user picked before for queries like this one carry a level (1–15, more frecent higher);
//    the `learned` rule, after typo and words, ranks them above hits that match as well, never
//    above one with fewer typos or more matched words. They are matched one by one, apart from
//    the run (RecordMatcher, then fzf's rules for lines), and merged into its page.
//
// A `Searcher` owns preallocated scratch memory and is not thread-safe: use one per thread.

/// Runs queries against one `SearchIndex` (see the notes above).
public final class Searcher {
  public let index: SearchIndex

  /// Per record: 0, or its row + 1 when this search has stamped it (a candidate of this run, or a
  /// record seen by this scan). Only stamped records have rows, and `advanceGeneration` clears
  /// their stamps: a stamp of 0 needs no generation beside it, and the array stays 4 bytes a record.
  let stamp: ZeroedScratch<UInt32>
  /// Per row: the query words the row's record matched (a bit per word).
  let matchedWords: ZeroedScratch<UInt16>
  /// Per row, the best match of word `w` at `row * maxWords + w`: cost (2 bits, 3 = substring)
  /// << 17, best place (attribute << 12 | position) << 1, not-exact flag.
  let slots: ZeroedScratch<UInt32>
  /// Per row: its record. The rows in use are the first `rowCount`.
  let rowRecords: ZeroedScratch<UInt32>
  /// Per row: the ranking key the last run gave its record, or `.max` when it ranked none (see
  /// `LastRun.keysReusable`).
  let rowKeys: ZeroedScratch<UInt64>
  /// Per row: the slot the one word a narrowing run looks up again had in the last run; where the
  /// new slot equals it, every slot does, and so does the key.
  let previousSlots: ZeroedScratch<UInt32>
  var rowCount = 0
  /// The rows the current run considers: every row of a fresh run, the last run's matches when
  /// it narrows them.
  var candidates: [UInt32] = []
  var generation: UInt32 = 0
  var topK = TopK(capacity: 20)
  /// The last intersection's matches, for the next keystroke to narrow.
  var lastRun = LastRun()
  /// The best keys of the last relaxed run's records as if no optional word matched.
  var requiredWordsTop: RequiredWordsTop? = nil
  /// Sources of recently searched words: typing one more word reuses the earlier words' lookups,
  /// and Backspace reuses everything.
  var sourceCache: [SourceKey: [Source]] = [:]
  var sourceCacheOrder: [SourceKey] = []
  /// The last typo walk of a word being typed: the next letter walks only where it matched.
  var recentWalks: [(word: [UInt32], budget: Int, ranges: [Range<Int>])] = []
  /// The last substring lookup: the next letter only filters its terms.
  var recentSubstrings: [(word: [UInt8], terms: [Int32])] = []
  /// Walks and substring lookups kept for reuse (a word typed letter by letter, and the earlier
  /// words of the query once they are whole): a few dozen, newest last.
  static let recentLookups = 32
  static let sourceCacheSize = 64
  /// Which attributes' positions rank, which take no typos, and when one word is exact.
  var rules: MatchRules { index.matchRules }
  /// The fuzzy tier's matcher, its top keys, and the rows of the records the last tier matched
  /// (see Searcher+Fuzzy.swift).
  var fuzzyMatchers: [ExtendedMatcher] = []
  var fuzzyLast: (query: ExtendedQuery, rows: [UInt32])? = nil
  /// The merged lists of the scans (Searcher+PrefixScan.swift, Searcher+PairScan.swift): one
  /// word's, or a pair's first word, its last, and the last word's prefix matches alone. Kept
  /// between searches with their arrays' capacity.
  var recordStreams = [RecordStream](repeating: RecordStream(), count: 3)
  /// How many pair scans settled their page before the end of their lists.
  var pairScansSettled = 0
  /// How many prefix scans stopped before the end of their lists (their counts extrapolated), and
  /// the postings they read first (`countingSample`; smaller in tests).
  var prefixScansStoppedEarly = 0
  var prefixScanSample = Searcher.countingSample
  /// Whether the last evaluation was a `run`, whose rows say which records matched which words
  /// (a scan's rows do not).
  var lastEvaluationStamped = false

  public init(index: SearchIndex) {
    self.index = index
    stamp = ZeroedScratch(count: index.count)
    // The per-row scratch is raw memory the kernel zeroes on first touch (`ZeroedScratch`): a
    // row's slots and matched words are reset when a search hands the row out, before anything
    // reads them, so memory is spent only on the most rows a search has used (the slots are 32
    // bytes a row: 35 MB for 1.1M records, if every row were used), not at start-up. A row's key
    // and previous slot are read only in a run that narrows the last one, which wrote them for
    // every row it kept (`LastRun.keysReusable`).
    matchedWords = ZeroedScratch(count: index.count)
    slots = ZeroedScratch(count: index.count * ParsedQuery.maxWords)
    rowRecords = ZeroedScratch(count: index.count)
    rowKeys = ZeroedScratch(count: index.count)
    previousSlots = ZeroedScratch(count: index.count)
    candidates.reserveCapacity(min(index.count, 1 << 16))
  }

  /// Moves to a new generation (a run or a scan begins): the last search's stamps are cleared
  /// (`rowRecords` lists the records it stamped) and its rows given back. The clearing costs what
  /// handing out those rows did, once more; a generation counter in each stamp would cost nothing
  /// here but double the array a search reads at random (8 bytes a record, twice the pages).
  func advanceGeneration() {
    generation &+= 1
    // Safe: the rows in use hold records < index.count.
    stamp.withUnsafeMutableBufferPointer { stamp in
      for row in 0..<rowCount { stamp[Int(rowRecords[row])] = 0 }
    }
    rowCount = 0
  }

  /// Whether this search has stamped `record` (a candidate of this run, or seen by this scan).
  @inline(__always) func isStamped(_ record: Int) -> Bool {
    stamp[record] != 0
  }

  /// Stamps `record` as seen by this scan: it takes a row (whose slots a scan never uses), so that
  /// the next search clears its stamp.
  @inline(__always) func markSeen(_ record: Int) {
    rowRecords[rowCount] = UInt32(record)
    rowCount += 1
    stamp[record] = UInt32(rowCount)
  }

  /// The row of a record stamped by the last run.
  @inline(__always) func row(of record: Int) -> Int {
    Int(stamp[record]) - 1
  }

  /// The query words a record matched in the last run, from `matchedWords`' storage; 0 for a
  /// record that was not a candidate (it has no row).
  @inline(__always) func wordsMatched(byRecord record: Int, _ matched: UnsafeBufferPointer<UInt16>) -> UInt16 {
    let row = row(of: record)
    return row < 0 ? 0 : matched[row]
  }

  // MARK: - Public

  /// A text facet to sort by, as the alphabetical places of its values (kept while it stays).
  func alphabeticalFacet(_ attribute: String) -> FacetIndex.NumericFacet? {
    if let kept = alphabetical, kept.attribute == attribute { return kept }
    alphabetical = index.facets.alphabeticalFacet(attribute, records: index.count)
    return alphabetical
  }

  public func search(_ request: SearchRequest) -> SearchResponse {
    if request.query.utf8.count > SearchRequest.maxQueryCharacters,
      request.query.count > SearchRequest.maxQueryCharacters
    {
      var bounded = request
      bounded.query = String(request.query.prefix(SearchRequest.maxQueryCharacters))
      var response = search(bounded)
      response.query = request.query
      return response
    }
    guard request.learned.isEmpty || request.sort != nil || request.inputOrder || request.distinct != nil else {
      return learnedSearch(request)
    }
    return rankedSearch(request)
  }

  /// The search by the rules alone (nothing learned applies).
  func rankedSearch(_ request: SearchRequest) -> SearchResponse {
    let query = index.parse(request.query, learned: request.learnedWords)
    // With a search-after cursor the page is the top `hitsPerPage` keys after it; otherwise the
    // top `offset + limit`, of which the last `hitsPerPage` are the page.
    let offset = request.after == nil ? request.page * request.hitsPerPage : 0
    // In input order (fzf's --no-sort) every match is collected, ranked, and the page then taken
    // by record id (`inputOrderedPage`); the empty query browses in record order already.
    // Distinct too ranks every match (Searcher+Distinct.swift).
    let distinct =
      request.inputOrder
      ? nil
      : request.distinct.flatMap { d in
        d.attribute >= 0 && d.attribute < index.documents.attributes.count ? d : nil
      }
    let everyMatch = request.inputOrder || distinct != nil
    let limit = everyMatch ? max(1, index.count) : offset + request.hitsPerPage
    let sortFacet = request.sort.flatMap {
      index.facets.numericFacet($0.attribute) ?? alphabeticalFacet($0.attribute)
    }
    // A sort puts any match anywhere on the page: every tier and every posting must be seen. Facet
    // counts are exact up to `exactFacetsUpTo` records, as the refinement pane shows them.
    let exhaustive =
      request.exhaustive || sortFacet != nil || everyMatch
      || ((!request.facets.isEmpty || !request.disjunctiveFacets.isEmpty) && index.count <= Self.exactFacetsUpTo)
    context.begin(
      floor: everyMatch ? nil : request.after,
      filter: request.filter.flatMap { $0.recordCount == index.count ? $0 : nil },
      optionalFilter: request.optionalFilter.flatMap { $0.recordCount == index.count ? $0 : nil },
      sortFacet: sortFacet, sortDescending: request.sort?.descending ?? false, exhaustive: exhaustive)
    counter.reset(
      index: index, attributes: request.facets, histogramBuckets: request.histogramBuckets,
      countsNumbers: request.countsNumericFacetValues)
    // One counter per disjunctive facet, kept from the last search (same position, same layout).
    if disjunctive.count > request.disjunctiveFacets.count {
      disjunctive.removeLast(disjunctive.count - request.disjunctiveFacets.count)
    }
    for (i, facet) in request.disjunctiveFacets.enumerated() {
      if i == disjunctive.count { disjunctive.append((nil, FacetCounter())) }
      disjunctive[i].filter = facet.filter.flatMap { $0.recordCount == index.count ? $0 : nil }
      disjunctive[i].counter.reset(
        index: index, attributes: [facet.attribute], histogramBuckets: request.histogramBuckets)
    }
    var response = SearchResponse.empty(request)
    let extended = ExtendedQuery(request.query, options: request.matching)
    func withFacets(_ response: SearchResponse) -> SearchResponse {
      guard counter.isActive || !disjunctive.isEmpty else { return response }
      var out = response
      out.facets =
        counter.results(maxValuesPerFacet: request.maxValuesPerFacet)
        + disjunctive.flatMap { $0.counter.results(maxValuesPerFacet: request.maxValuesPerFacet) }
      out.exhaustiveFacetsCount = response.exhaustiveNbHits
      return out
    }
    func hits(_ ranked: [UInt64], highlighting: Bool) -> [Hit] {
      var keys = request.inputOrder ? inputOrderedPage(ranked, request) : ranked
      var offset = request.inputOrder ? 0 : offset
      var limit = request.inputOrder ? keys.count : limit
      if let distinct {
        let (page, total) = distinctPage(ranked, request, distinct)
        (keys, offset, limit) = (page, 0, page.count)
        response.nbHits = total
      }
      guard offset < keys.count else { return [] }
      let highlighter =
        highlighting ? Highlighter(index: index, query: query, extended: extended, learned: request.learnedWords) : nil
      return keys[offset..<min(limit, keys.count)].map { key in
        let record = RankingRule.record(key)
        return makeHit(
          record: record,
          summary: context.sortFacet == nil || RankingRule.isFuzzy(key)
            ? RankingRule.summary(of: key) : summary(of: record, wordCount: query.words.count),
          query: query, highlighter: highlighter, scope: request.highlightScope,
          key: request.inputOrder ? UInt64(index.browsePosition(of: record)) : key)
      }
    }
    if extended.answeredByFzfRulesAlone(wordless: query.isEmpty) {
      let (keys, n) = fuzzyTier(extended, limit: limit, excludingWordHitsOf: nil)
      response.nbHits = n
      response.hits = hits(keys, highlighting: request.highlight)
      return withFacets(response)
    }
    if query.isEmpty {
      if request.inputOrder { context.floor = request.after }
      var keys = browse(limit: everyMatch ? limit : offset + request.hitsPerPage, nbHits: &response.nbHits)
      var (offset, limit) = (offset, limit)
      if let distinct {
        let (page, total) = distinctPage(keys, request, distinct)
        (keys, offset, limit, response.nbHits) = (page, 0, page.count, total)
      }
      if offset < keys.count {
        response.hits = keys[offset..<min(limit, keys.count)].map {
          makeHit(
            record: RankingRule.record($0),
            summary: MatchSummary(typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0),
            query: query, highlighter: nil, scope: request.highlightScope, key: $0)
        }
      }
      return withFacets(response)
    }
    var required = query.words.count
    // With the fuzzy tier (lines), every term is required, as fzf has it: what the words do not
    // find together, the tier may.
    let relaxes = request.removeWordsIfNoResults && !request.matching.fuzzyTier
    if relaxes {
      // A word that matches no term at all (not even with typos) makes every run that requires
      // it empty: first, it may be two words written together (WordSplits.swift); else start the
      // relaxation just before it instead of trying those runs.
      let hopeless = query.words.firstIndex(where: isHopeless)
      if let hopeless, !context.rewritten, let halves = split(query.words[hopeless]) {
        return searchRewritten(request, query.words[hopeless].location, as: halves)
      }
      // Or one noun of the lexicon with its neighbour ("washing machine": Lexicon.swift).
      if hopeless != nil, !context.rewritten, let (span, word) = index.lexicalPhrase(query) {
        // A whole word, even at the end of the text: the noun was typed whole.
        let answer = searchRewritten(request, span, as: word + (span.end == request.query.utf8.count ? " " : ""))
        if answer.nbHits > 0 { return answer }
      }
      if let hopeless, hopeless < query.words.count - 1 {
        // Not the last word: dropped first, wherever it stands ("hdmi cable" is "cable"), and
        // the words left relax from the end as usual.
        return searchWithout(hopeless, of: query, request)
      }
      if let hopeless {
        required = max(1, min(required, hopeless))
      }
      // The last query found nothing requiring its first `last.required + 1` words (nor any
      // more). Whether a run finds anything depends on its required words only, so a query whose
      // first that many words narrow those finds nothing there either, whatever follows them:
      // typing the last word of "cell phone accessories water proof ca" changes none of the
      // first four, which matched nothing together, and the ladder starts at three words again.
      if context.filter == nil, let last = lastRelaxation, last.required < last.words.count,
        query.words.count > last.required,
        LastRun.narrows(from: last.words[...last.required], to: query.words[...last.required], typos: true)
      {
        required = min(required, last.required)
      }
    }
    defer { lastRelaxation = relaxes && context.filter == nil ? (query.words, required) : nil }
    while true {
      var (keys, nbHits, exhaustive) = evaluateByTypoTiers(query, required: required, limit: limit)
      // Nothing holds every word: two of them may be one written apart (WordSplits.swift).
      if nbHits == 0 && relaxes && !context.rewritten && required == query.words.count,
        let (span, joined) = joinedPair(query)
      {
        let answer = searchRewritten(request, span, as: joined)
        if answer.nbHits > 0 { return answer }
      }
      // A word known only through the lexicon goes first: a guess at what it means, not a word
      // of the catalog ("pedestal washers" is washers, not stands).
      if nbHits == 0 && relaxes && required == query.words.count && query.words.count > 1,
        let guessed = query.words.firstIndex(where: \.knownByLexiconOnly)
      {
        return searchWithout(guessed, of: query, request)
      }
      if nbHits > 0 || !relaxes || required == 1 {
        response.droppedWords = nbHits == 0 ? [] : query.words[required...].map(\.text)
        if request.matching.fuzzyTier && fuzzyTierRuns(found: keys.count, limit: limit) {
          // The tier leaves out the records the answering run matched: a scan marks none, so the
          // run is made (it found fewer than a page: cheap).
          if !lastEvaluationStamped {
            _ = run(
              query, runSources(query, typos: false, required: required), typos: false, required: required, limit: 1)
          }
          let (fuzzyKeys, fuzzyCount) = fuzzyTier(
            extended, limit: limit, excludingWordHitsOf: UInt16(1 << required) - 1)
          keys += fuzzyKeys.prefix(max(0, limit - keys.count))
          nbHits += fuzzyCount
        } else if request.matching.fuzzyTier && context.sortFacet == nil {
          exhaustive = false
        }
        response.nbHits = nbHits
        response.exhaustiveNbHits = exhaustive
        response.hits = hits(keys, highlighting: request.highlight)
        response.typoCorrected = response.hits.contains { $0.ranking.typos > 0 }
        return withFacets(response)
      }
      required -= 1
    }
  }

  /// The search of the query without its words that no term matches, starting with word `w`: its
  /// answer, with those words among the words dropped (Algolia's `removeWordsIfNoResults` drops
  /// such a word first).
  ///
  /// Iterative, and linear in the rounds: a round cuts every hopeless word of the (capped) query but
  /// its last from the text at once, and the words beyond the cap move up; a query of thousands of
  /// words that match nothing once recursed a level per word (a stack overflow at ~8,000 words).
  /// The last word is never cut here: `rankedSearch` lowers `required` for it instead.
  private func searchWithout(_ w: Int, of query: ParsedQuery, _ request: SearchRequest) -> SearchResponse {
    var text = Array(request.query.utf8)
    var dropped: [String] = []
    var words = query.words
    var hopeless = [w]
    while !hopeless.isEmpty {
      // From the end, so that the earlier words' locations still hold.
      for i in hopeless.reversed() {
        text.removeSubrange(words[i].location.start..<words[i].location.end)
      }
      dropped += hopeless.map { words[$0].text }
      words = index.parse(String(decoding: text, as: UTF8.self), learned: request.learnedWords).words
      hopeless = words.indices.dropLast().filter { isHopeless(words[$0]) }
    }
    var inner = request
    inner.query = String(decoding: text, as: UTF8.self)
    var response = rankedSearch(inner)
    response.query = request.query
    if response.nbHits > 0 { response.droppedWords.insert(contentsOf: dropped, at: 0) }
    return response
  }

  /// A word that matches no term at all, not even with typos: every run requiring it is empty.
  /// (Typo variants are looked up only for a word that matches nothing without them.)
  private func isHopeless(_ word: QueryWord) -> Bool {
    sources(for: word, typos: false).isEmpty && sources(for: word, typos: true).isEmpty
  }

  /// Indexes larger than this answer in tiers: when the words matched without typos already fill
  /// the page, typo variants cannot reach it (typo is the first rule), so they are only counted,
  /// approximately (Algolia's `exhaustiveNbHits: false`). Smaller indexes are always exhaustive.
  public static let defaultTieringThreshold = 5_000
  /// In dictionaries larger than this, a two-typo word (8 letters or more) must start with its
  /// first or second letter (a swap of the two is still found): the walk then stays within two
  /// branches of the dictionary, a few milliseconds at a million records.
  public static let firstLettersFixedAbove = 10_000
  public var tieringThreshold = Searcher.defaultTieringThreshold
  /// Catalogs up to this size count facets exactly on every keystroke (a full evaluation of 10,000
  /// records stays well under a millisecond); larger ones count the typo-free tier when it fills the
  /// page, flagged approximate.
  public static let exactFacetsUpTo = 10_000

  /// A page the typo-free tier fills still gets an exact count when the typo tier's postings are
  /// at most this many: a run reads them at a few nanoseconds each, so about a tenth of a
  /// millisecond. Above it the count is the typo-free tier's, flagged approximate: on the product
  /// queries it is ×4 off at worst (`iphone`: 1,855 of 7,262, the rest one typo away, `phone`).
  static let exactCountPostings = 50_000
  /// … on indexes of at most this many records. The postings are not the whole cost: the typo
  /// walks and substring lookups the count needs are, and on 1.1M packages they took the median
  /// keystroke from 0.16 to 0.41 ms (100k: 0.045 to 0.125). Larger indexes keep the estimate
  /// until a count can be made off the keystroke path (where 473 of the 1,692 package keystrokes
  /// would still need one).
  static let exactCountRecords = 50_000

  /// The postings a run over `sources` reads at most.
  static func postings(_ sources: [[Source]]) -> Int {
    sources.reduce(0) { total, word in word.reduce(total) { $0 + $1.postings } }
  }
  /// The request being answered: what it asks, set once it starts (`SearchContext`).
  var context = SearchContext()
  /// The current request's facet counts: scratch kept from request to request (its layout is
  /// reused), reset by each.
  var counter = FacetCounter()
  /// Facets counted under filters of their own, in the same pass (see `DisjunctiveFacet`).
  var disjunctive: [(filter: RecordFilter?, counter: FacetCounter)] = []
  /// The last text facet sorted by, as numbers (`FacetIndex.alphabeticalFacet`): built once.
  var alphabetical: FacetIndex.NumericFacet? = nil
  /// Whether a scan in record-id order may stop once the page is settled: not when every hit must
  /// be counted for the facets or checked against a filter.
  var mayStopEarly: Bool { !counter.isActive && context.filter == nil && disjunctive.isEmpty }

  /// Counts a hit (before the request's own filter) for each disjunctive facet it passes, on
  /// counters moved out of `self` for the loop over hits (see `withCounters`).
  @inline(__always) static func countDisjunctive(
    _ record: Int, into disjunctive: inout [(filter: RecordFilter?, counter: FacetCounter)]
  ) {
    for i in disjunctive.indices where disjunctive[i].filter?.contains(record) ?? true {
      disjunctive[i].counter.add(record)
    }
  }

  /// Runs `body` with the facet counters moved out of `self`, and puts them back: a loop over
  /// thousands of hits then counts into locals, where each use of a class's property is checked
  /// for exclusive access. Nothing `body` calls may use `self.counter` or `self.disjunctive`
  /// (they are empty placeholders meanwhile): `extrapolate`, which scales them, runs after.
  @inline(__always) func withCounters<R>(
    _ body: (inout FacetCounter, inout [(filter: RecordFilter?, counter: FacetCounter)]) -> R
  ) -> R {
    var counter = FacetCounter()
    var disjunctive: [(filter: RecordFilter?, counter: FacetCounter)] = []
    swap(&counter, &self.counter)
    swap(&disjunctive, &self.disjunctive)
    defer {
      swap(&counter, &self.counter)
      swap(&disjunctive, &self.disjunctive)
    }
    return body(&counter, &disjunctive)
  }

  func clearCounts() {
    if counter.isActive { counter.clear() }
    for i in disjunctive.indices { disjunctive[i].counter.clear() }
  }
  /// On large indexes a scan that must count (facets, or hits through a filter) reads at least
  /// this many records, then stops once the page is settled and extrapolates the counts to the
  /// whole posting list: a one-letter prefix on a million records costs a sample, not every
  /// posting. The counts are then approximate and flagged so (`exhaustiveNbHits: false`).
  public static let countingSample = 20_000
  var maySample: Bool { !context.exhaustiveRequested && index.count > Self.exactFacetsUpTo }

  /// The top `limit` keys, the number of hits, and whether that number is exact.
  func evaluate(_ query: ParsedQuery, required: Int, limit: Int) -> ([UInt64], Int, Bool) {
    guard index.count > tieringThreshold && !context.exhaustiveRequested else {
      let (keys, n) = run(
        query, runSources(query, typos: true, required: required), typos: true, required: required, limit: limit)
      return (keys, n, true)
    }
    let mayHaveMore =
      query.words.contains { $0.typoBudget > 0 } || (index.substringMatching && context.substringsAllowed)
    // The typo-free matches of a query that only narrows the last one's cannot fill the page when
    // those did not: go straight to the typo tier (which then narrows its own last matches).
    if mayHaveMore && context.filter == nil, let short = shortTypoFreeTier, short.limit == limit,
      short.floor == context.floor,
      required >= short.required, LastRun.narrows(from: short.words[...], to: query.words[...], typos: false)
    {
      shortTypoFreeTier = (query.words, required, limit, context.floor)
      let (all, total) = run(
        query, runSources(query, typos: true, required: required), typos: true, required: required, limit: limit)
      return (all, total, true)
    }
    shortTypoFreeTier = nil
    // Tier 0: the words without typos (and without substring matches). Typo variants are looked
    // up only when these do not fill the page.
    let exactSources = runSources(query, typos: false, required: required)
    let (keys, n): ([UInt64], Int)
    context.sampled = false
    if query.words.count == 1,
      let scan = scanShortPrefix(exactSources[0], limit: limit) ?? scanPrefixRange(exactSources[0], limit: limit)
    {
      (keys, n) = scan
    } else if query.words.count == 2 && required == 2, let scan = scanPair(exactSources, limit: limit) {
      (keys, n) = scan
    } else {
      (keys, n) = run(query, exactSources, typos: false, required: required, limit: limit)
    }
    if context.sampled { return (keys, n, false) }
    guard mayHaveMore else { return (keys, n, true) }
    // The typo-free keys fill the page: typo variants rank below every one of them, and count
    // only toward nbHits. Counted when a run over their postings is cheap (the page is the same).
    if keys.count >= limit {
      // The size first: looking the typo sources up is most of the cost.
      guard index.count <= Self.exactCountRecords else { return (keys, n, false) }
      let typoSources = runSources(query, typos: true, required: required)
      guard Self.postings(typoSources) <= Self.exactCountPostings else { return (keys, n, false) }
      let (all, total) = run(query, typoSources, typos: true, required: required, limit: limit)
      return (all, total, true)
    }
    if context.filter == nil { shortTypoFreeTier = (query.words, required, limit, context.floor) }
    let (all, total) = run(
      query, runSources(query, typos: true, required: required), typos: true, required: required, limit: limit)
    return (all, total, true)
  }

  /// `evaluate` under Algolia's `typoTolerance`: `true` takes every match; `min` the matches of
  /// the fewest typos, `strict` of the two fewest — found by capping every word's budget at 0, 1,
  /// 2 in turn (a match inside a word counts as the three typos it ranks as), until one finds
  /// something. A cap is per word, Algolia's count is per record: with `min`, two words of one
  /// typo each still count with one of one typo, which a per-record tier would leave out.
  func evaluateByTypoTiers(_ query: ParsedQuery, required: Int, limit: Int) -> ([UInt64], Int, Bool) {
    let tiers = index.settings.typoTolerance.tiers
    guard tiers != .all else { return evaluate(query, required: required, limit: limit) }
    defer { context.substringsAllowed = true }
    /// The matches of at most `cap` typos a word; those inside words only with a cap of 3.
    func capped(at cap: Int) -> ([UInt64], Int, Bool) {
      var capped = query
      for i in capped.words.indices { capped.words[i].typoBudget = min(capped.words[i].typoBudget, cap) }
      context.substringsAllowed = cap >= 3
      return evaluate(capped, required: required, limit: limit)
    }
    for cap in 0..<3 {
      let found = capped(at: cap)
      guard found.1 > 0 else { continue }
      return tiers == .strict ? capped(at: cap + 1) : found
    }
    return capped(at: 3)
  }

  /// Each word's sources for a run; with `typos`, the required words' typo variants and words
  /// containing them too. A relaxed (optional) word counts only where it matches without typos:
  /// typo is the first rule, so a typo on an optional word would rank its record below one without
  /// the word at all — and the typo-free tier could then no longer decide the page.
  func runSources(_ query: ParsedQuery, typos: Bool, required: Int) -> [[Source]] {
    query.words.indices.map { sources(for: query.words[$0], typos: typos && $0 < required) }
  }

  /// The last query's words and how many were required when it found its hits (see `search`).
  var lastRelaxation: (words: [QueryWord], required: Int)? = nil
  /// The last typo-free tier that did not fill its page (see `evaluate`).
  var shortTypoFreeTier: (words: [QueryWord], required: Int, limit: Int, floor: UInt64?)? = nil

  // MARK: - Hits

  /// fzf's `--no-sort`: of every match (ranked keys), the request's page in input order — the
  /// `hitsPerPage` first input positions after the cursor (or past the page's offset), each
  /// keeping its ranked key for its summary. O(matches · log page), plus one pass to find their
  /// keys. Input positions, not record ids: lines are numbered shorter first, so ids are input
  /// order only in an index built for it (`+s` at start); `toggle-sort` and a query of `!terms`
  /// ask for input order of any index.
  func inputOrderedPage(_ ranked: [UInt64], _ request: SearchRequest) -> [UInt64] {
    let skip = request.after == nil ? request.page * request.hitsPerPage : 0
    var positions = TopK(capacity: 0)
    positions.reset(capacity: skip + request.hitsPerPage, after: request.after)
    for key in ranked { positions.insert(UInt64(index.browsePosition(of: RankingRule.record(key)))) }
    let page = positions.sorted().dropFirst(skip)
    guard !page.isEmpty else { return [] }
    var slot: [Int: Int] = [:]
    for (i, position) in page.enumerated() { slot[Int(position)] = i }
    var keys = [UInt64](repeating: 0, count: page.count)
    for key in ranked {
      if let i = slot[index.browsePosition(of: RankingRule.record(key))] { keys[i] = key }
    }
    return keys
  }

  func makeHit(
    record: Int, summary: MatchSummary, query: ParsedQuery, highlighter: Highlighter?, scope: HighlightScope,
    key: UInt64? = nil
  ) -> Hit {
    let best = bestMatchAttributes(record: record, wordCount: query.words.count, summary: summary)
    let (highlights, snippet) =
      highlighter?.highlight(
        record: record, scope: scope, bestMatchAttributes: best, fuzzy: summary.fuzzyScore != nil) ?? ([], nil)
    return Hit(
      record: record, objectID: index.documents.objectID(record), ranking: summary,
      highlights: highlights, snippet: snippet, key: key ?? UInt64(record), bestMatchAttributes: best)
  }

  /// The searchable attributes holding some word's best match. A query of several words is always
  /// answered by `run`, whose slots still hold the hits' matches; one word's best match is the
  /// summary's attribute (the scans fill no slots).
  func bestMatchAttributes(record: Int, wordCount: Int, summary: MatchSummary) -> UInt32 {
    if summary.fuzzyScore != nil {
      return index.searchableColumns.firstIndex(of: index.titleColumn).map { 1 << UInt32($0) } ?? 0
    }
    guard wordCount > 1 else { return wordCount == 1 ? 1 << UInt32(summary.attribute) : 0 }
    let row = row(of: record)
    // A learned hit matched apart from the run (Searcher+Learned.swift) has no row.
    guard row >= 0 else { return 1 << UInt32(summary.attribute) }
    var mask: UInt32 = 0
    for w in 0..<wordCount {
      let slot = slots[row * ParsedQuery.maxWords + w]
      // A slot packs cost << 17 | (attribute << 12 | position) << 1 | not-exact.
      if slot != .max { mask |= 1 << ((slot >> 13) & 0xF) }
    }
    return mask
  }
}
