/// Runs queries against one `SearchIndex`.
///
/// How a query is answered:
/// 1. Each query word is turned into *sources*: the dictionary terms it matches — the exact word,
///    the prefix range (or the precomputed postings of a one- to three-letter prefix), typo
///    variants from a bounded walk of the dictionary, and words containing it — each with its cost.
/// 2. Words are intersected (AND) with dense per-record scratch arrays, cheapest word first: the
///    first word creates the candidates, the others only update them (by binary search when the
///    candidates are few). Words relaxed by `removeWordsIfNoResults` are optional: they update
///    candidates but do not filter them.
/// 3. Each candidate's match summary is packed into one 64-bit key, rules in `RankingRule.order`,
///    record id last; a bounded heap keeps the top `offset + limit`.
/// 4. On large indexes this runs in tiers: typo-free sources first, typo variants only when those
///    do not fill the page; a lone short word scans its postings in id order and stops early.
/// 5. Only the page's hits are highlighted.
///
/// A `Searcher` owns preallocated scratch memory and is not thread-safe: use one per thread.
public final class Searcher {
  public let index: SearchIndex

  private var stamp: [UInt32]
  private var matchedWords: [UInt16]
  /// Best match of word `w` in record `r` at `r * maxWords + w`: cost (2 bits, 3 = substring) << 17,
  /// best place (attribute << 12 | position) << 1, not-exact flag.
  private var slots: [UInt32]
  private var candidates: [UInt32] = []
  private var generation: UInt32 = 0
  private var topK = TopK(capacity: 20)
  /// Sources of recently searched words: typing one more word reuses the earlier words' lookups,
  /// and Backspace reuses everything.
  private var sourceCache: [SourceKey: [Source]] = [:]
  private var sourceCacheOrder: [SourceKey] = []
  /// The last typo walk of a word being typed: the next letter walks only where it matched.
  private var recentWalks: [(word: [UInt32], budget: Int, ranges: [Range<Int>])] = []
  /// The last substring lookup: the next letter only filters its terms.
  private var recentSubstrings: [(word: [UInt8], terms: [Int32])] = []
  /// Walks and substring lookups kept for reuse (a word typed letter by letter, and the earlier
  /// words of the query once they are whole): a few dozen, newest last.
  private static let recentLookups = 32
  private static let sourceCacheSize = 64
  /// Bit `a` set: the word's position in searchable attribute `a` ranks (`ordered(attribute)`).
  private let orderedMask: UInt32

  public init(index: SearchIndex) {
    self.index = index
    var mask: UInt32 = 0
    for (i, column) in index.searchableColumns.enumerated()
    where index.settings.orderedAttributes.contains(index.documents.attributes[column]) {
      mask |= 1 << UInt32(i)
    }
    orderedMask = mask
    stamp = [UInt32](repeating: 0, count: index.count)
    matchedWords = [UInt16](repeating: 0, count: index.count)
    slots = [UInt32](repeating: .max, count: index.count * ParsedQuery.maxWords)
    candidates.reserveCapacity(min(index.count, 1 << 16))
  }

  // MARK: - Public

  public func search(_ request: SearchRequest) -> SearchResponse {
    let query = ParsedQuery(request.query, typoTolerance: index.settings.typoTolerance)
    // With a search-after cursor the page is the top `hitsPerPage` keys after it; otherwise the
    // top `offset + limit`, of which the last `hitsPerPage` are the page.
    let offset = request.after == nil ? request.page * request.hitsPerPage : 0
    let limit = offset + request.hitsPerPage
    floor = request.after
    filter = request.filter.flatMap { $0.recordCount == index.count ? $0 : nil }
    sortFacet = request.sort.flatMap { index.facets.numericFacet($0.attribute) }
    sortDescending = request.sort?.descending ?? false
    // A sort puts any match anywhere on the page: every tier and every posting must be seen. Facet
    // counts are exact up to `exactFacetsUpTo` records, as the refinement pane shows them.
    exhaustiveRequested =
      request.exhaustive || sortFacet != nil
      || ((!request.facets.isEmpty || !request.disjunctiveFacets.isEmpty) && index.count <= Self.exactFacetsUpTo)
    counter.reset(index: index, attributes: request.facets)
    // One counter per disjunctive facet, kept from the last search (same position, same layout).
    if disjunctive.count > request.disjunctiveFacets.count {
      disjunctive.removeLast(disjunctive.count - request.disjunctiveFacets.count)
    }
    for (i, facet) in request.disjunctiveFacets.enumerated() {
      if i == disjunctive.count { disjunctive.append((nil, FacetCounter())) }
      disjunctive[i].filter = facet.filter.flatMap { $0.recordCount == index.count ? $0 : nil }
      disjunctive[i].counter.reset(index: index, attributes: [facet.attribute])
    }
    var response = SearchResponse.empty(request)
    func withFacets(_ response: SearchResponse) -> SearchResponse {
      guard counter.isActive || !disjunctive.isEmpty else { return response }
      var out = response
      out.facets =
        counter.results(maxValuesPerFacet: request.maxValuesPerFacet)
        + disjunctive.flatMap { $0.counter.results(maxValuesPerFacet: request.maxValuesPerFacet) }
      out.exhaustiveFacetsCount = response.exhaustiveNbHits
      return out
    }
    if query.isEmpty {
      let keys = browse(limit: limit, nbHits: &response.nbHits)
      if offset < keys.count {
        response.hits = keys[offset..<min(limit, keys.count)].map {
          makeHit(
            record: RankingRule.record($0),
            summary: MatchSummary(typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0),
            query: query, highlight: nil, key: $0)
        }
      }
      return withFacets(response)
    }
    var required = query.words.count
    if request.removeWordsIfNoResults {
      // A word that matches no term at all (not even with typos) makes every run that requires
      // it empty: start the relaxation just before it instead of trying those runs.
      // (Typo variants are looked up only for a word that matches nothing without them.)
      let hopeless = query.words.firstIndex {
        sources(for: $0, typos: false).isEmpty && sources(for: $0, typos: true).isEmpty
      }
      if let hopeless {
        required = max(1, min(required, hopeless))
      }
    }
    while true {
      let (keys, nbHits, exhaustive) = evaluate(query, required: required, limit: limit)
      if nbHits > 0 || !request.removeWordsIfNoResults || required == 1 {
        response.nbHits = nbHits
        response.exhaustiveNbHits = exhaustive
        response.droppedWords = nbHits == 0 ? [] : query.words[required...].map(\.text)
        if offset < keys.count {
          response.hits = keys[offset..<min(limit, keys.count)].map { key in
            let record = RankingRule.record(key)
            return makeHit(
              record: record,
              summary: sortFacet == nil
                ? RankingRule.summary(of: key) : summary(of: record, wordCount: query.words.count),
              query: query, highlight: request.highlight ? request.highlightScope : nil, key: key)
          }
        }
        response.typoCorrected = response.hits.contains { $0.ranking.typos > 0 }
        return withFacets(response)
      }
      required -= 1
    }
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
  /// The current request's search-after key and exhaustiveness (see `SearchRequest`).
  private var floor: UInt64? = nil
  private var exhaustiveRequested = false
  /// The current request's filter, facet counts and sort.
  private var filter: RecordFilter? = nil
  private var counter = FacetCounter()
  /// Facets counted under filters of their own, in the same pass (see `DisjunctiveFacet`).
  private var disjunctive: [(filter: RecordFilter?, counter: FacetCounter)] = []
  private var sortFacet: FacetIndex.NumericFacet? = nil
  private var sortDescending = false
  /// Whether a scan in record-id order may stop once the page is settled: not when every hit must
  /// be counted for the facets or checked against a filter.
  private var mayStopEarly: Bool { !counter.isActive && filter == nil && disjunctive.isEmpty }

  /// Counts a hit (before the request's own filter) for each disjunctive facet it passes.
  @inline(__always) private func countDisjunctive(_ record: Int) {
    for i in disjunctive.indices where disjunctive[i].filter?.contains(record) ?? true {
      disjunctive[i].counter.add(record)
    }
  }

  private func clearCounts() {
    if counter.isActive { counter.clear() }
    for i in disjunctive.indices { disjunctive[i].counter.clear() }
  }
  /// On large indexes a scan that must count (facets, or hits through a filter) reads at least
  /// this many records, then stops once the page is settled and extrapolates the counts to the
  /// whole posting list: a one-letter prefix on a million records costs a sample, not every
  /// posting. The counts are then approximate and flagged so (`exhaustiveNbHits: false`).
  public static let countingSample = 20_000
  private var sampled = false
  private var maySample: Bool { !exhaustiveRequested && index.count > Self.exactFacetsUpTo }

  /// The empty query: every record (that passes the filter), in browse order (custom ranking,
  /// then input order), or by the sort; counted exactly. Keys are record ids when the browse order
  /// is the id order, `position << recordBits | record` otherwise.
  private func browse(limit: Int, nbHits: inout Int) -> [UInt64] {
    let order = index.browseOrder
    let inIdOrder = order.isEmpty
    @inline(__always) func record(at position: Int) -> Int { inIdOrder ? position : Int(order[position]) }
    @inline(__always) func key(_ position: Int, _ r: Int) -> UInt64 {
      inIdOrder ? UInt64(r) : UInt64(position) << RankingRule.recordBits | UInt64(r)
    }
    if sortFacet == nil && !counter.isActive && disjunctive.isEmpty {
      // Browse order: the first `limit` after the cursor, without looking at the rest.
      var keys: [UInt64] = []
      let start = floor.map { Int(min(inIdOrder ? $0 : RankingRule.relevance($0), UInt64(Int.max - 1))) + 1 } ?? 0
      if let filter {
        nbHits = filter.count
        if inIdOrder {
          filter.forEachRecord(from: start) { r in
            keys.append(UInt64(r))
            return keys.count < limit
          }
        } else {
          var p = start
          while p < index.count && keys.count < limit {
            let r = record(at: p)
            if filter.contains(r) { keys.append(key(p, r)) }
            p += 1
          }
        }
      } else {
        nbHits = index.count
        if start < index.count { keys = (start..<min(index.count, start + limit)).map { key($0, record(at: $0)) } }
      }
      return keys
    }
    topK.reset(capacity: limit, after: floor)
    var n = 0
    for i in disjunctive.indices {
      if let own = disjunctive[i].filter {
        own.forEachRecord { r in
          disjunctive[i].counter.add(r)
          return true
        }
      } else {
        disjunctive[i].counter.addAll()
      }
    }
    if let filter {
      if counter.isActive {
        filter.forEachRecord { r in
          counter.add(r)
          return true
        }
      }
      n = filter.count
      for p in 0..<index.count {
        let r = record(at: p)
        guard filter.contains(r) else { continue }
        topK.insert(sortFacet == nil ? key(p, r) : sortKey(record: r, typos: 0, words: ParsedQuery.maxWords))
        if sortFacet == nil && topK.isFull { break }  // browse order: the rest come later
      }
    } else {
      if counter.isActive { counter.addAll() }  // every record: the counts are the postings' sizes
      n = index.count
      for p in 0..<index.count {
        let r = record(at: p)
        topK.insert(sortFacet == nil ? key(p, r) : sortKey(record: r, typos: 0, words: ParsedQuery.maxWords))
        if sortFacet == nil && topK.isFull { break }  // browse order: the rest come later
      }
    }
    nbHits = n
    return topK.sorted()
  }

  /// The key of a hit when sorting by `sortFacet`: the rank of its number (records without one
  /// last), then its typos and matched words (relevance, coarsely, as the tie-break), then the id.
  /// 29 + 2 + 4 + 29 bits.
  @inline(__always) private func sortKey(record: Int, typos: Int, words: Int) -> UInt64 {
    guard let facet = sortFacet else { return UInt64(record) }
    var rank = UInt64(facet.ranks[record])
    if sortDescending && rank < UInt64(facet.distinct) { rank = UInt64(facet.distinct) - 1 - rank }
    return rank << 35 | UInt64(min(typos, 3)) << 33 | UInt64(ParsedQuery.maxWords - min(words, ParsedQuery.maxWords))
      << RankingRule.recordBits | UInt64(record)
  }

  /// A record's match summary from this search's scratch slots (for hits ordered by a sort).
  private func summary(of record: Int, wordCount: Int) -> MatchSummary {
    let columns = index.searchableColumns.count
    // Safe: record < index.count, and slots hold maxWords entries per record.
    return slots.withUnsafeBufferPointer { slots in
      Self.summary(
        slots: UnsafeBufferPointer(rebasing: slots[(record * ParsedQuery.maxWords)...]), wordCount: wordCount,
        attributeWordCount: { index.attributeWordCounts[record * columns + $0] }, orderedMask: orderedMask)
    }
  }

  /// The top `limit` keys, the number of hits, and whether that number is exact.
  private func evaluate(_ query: ParsedQuery, required: Int, limit: Int) -> ([UInt64], Int, Bool) {
    guard index.count > tieringThreshold && !exhaustiveRequested else {
      let (keys, n) = run(query, query.words.map { sources(for: $0, typos: true) }, required: required, limit: limit)
      return (keys, n, true)
    }
    // Tier 0: the words without typos (and without substring matches). Typo variants are looked
    // up only when these do not fill the page.
    let exactSources = query.words.map { sources(for: $0, typos: false) }
    let (keys, n): ([UInt64], Int)
    sampled = false
    if query.words.count == 1, let scan = scanShortPrefix(exactSources[0], limit: limit) {
      (keys, n) = scan
    } else {
      (keys, n) = run(query, exactSources, required: required, limit: limit)
    }
    if sampled { return (keys, n, false) }
    let mayHaveMore = query.words.contains { $0.typoBudget > 0 } || index.substringMatching
    guard mayHaveMore else { return (keys, n, true) }
    // The typo-free keys fill the page: typo variants rank below every one of them.
    if keys.count >= limit { return (keys, n, false) }
    let (all, total) = run(query, query.words.map { sources(for: $0, typos: true) }, required: required, limit: limit)
    return (all, total, true)
  }

  /// One word typed as one to three letters: its precomputed prefix postings are deduplicated and in
  /// record-id order (custom ranking order), so the scan stops as soon as the page can no longer
  /// change — a handful of entries instead of half the catalog. `nil` when the sources are not of
  /// that shape.
  private func scanShortPrefix(_ sources: [Source], limit: Int) -> ([UInt64], Int)? {
    if sources.count == 1, let only = sources.first, only.prefixLevel < 0, only.exact, only.hi - only.lo == 1 {
      return scanSingleTerm(Int(only.lo), limit: limit)
    }
    guard let group = sources.first(where: { $0.prefixLevel >= 0 }),
      sources.allSatisfy({ $0.prefixLevel >= 0 || ($0.exact && $0.hi - $0.lo == 1) })
    else { return nil }
    generation &+= 1
    topK.reset(capacity: limit, after: floor)
    let columns = index.searchableColumns.count
    let prefixes = index.shortPrefixes[Int(group.prefixLevel)]
    let start = Int(prefixes.groupStart[Int(group.lo)])
    let end = Int(prefixes.groupStart[Int(group.lo) + 1])
    // A record whose attribute is exactly the word ranks above every prefix match: find those
    // (the word at position 0 of a one-word attribute, and that its best place) and rank them first.
    for source in sources where source.prefixLevel < 0 {
      for p in index.postingRange(Int(source.lo)) {
        let place = index.postingPlaces[p]
        let record = Int(index.postingRecords[p])
        guard place & 0xFFF == 0, index.attributeWordCounts[record * columns + Int(place >> 12)] == 1,
          stamp[record] != generation
        else { continue }
        var lo = start
        var hi = end
        while lo < hi {
          let mid = (lo + hi) >> 1
          if Int(prefixes.records[mid]) < record { lo = mid + 1 } else { hi = mid }
        }
        guard prefixes.places[lo] == place else { continue }
        stamp[record] = generation
        if let filter, !filter.contains(record) { continue }
        topK.insert(singleWordKey(place, exact: 2, record: record))
      }
    }
    // The group's records are distinct: without a filter or facets to count, its size is the
    // count and the scan stops once the page is settled; otherwise every record is looked at.
    if mayStopEarly {
      for p in start..<end {
        let record = Int(prefixes.records[p])
        if stamp[record] == generation { continue }
        topK.insert(singleWordKey(prefixes.places[p], exact: 0, record: record))
        if pageIsSettled { break }
      }
      return (topK.sorted(), end - start)
    }
    clearCounts()
    var n = 0
    for p in start..<end {
      if maySample && p - start >= Self.countingSample && pageIsSettled {
        return (topK.sorted(), extrapolate(n, read: p - start, of: end - start))
      }
      let record = Int(prefixes.records[p])
      if !disjunctive.isEmpty { countDisjunctive(record) }
      if let filter, !filter.contains(record) { continue }
      n += 1
      if counter.isActive { counter.add(record) }
      if stamp[record] == generation || pageIsSettled { continue }
      topK.insert(singleWordKey(prefixes.places[p], exact: 0, record: record))
    }
    return (topK.sorted(), n)
  }

  /// Counts of a sample of `read` records out of `total`, scaled to the whole (see `countingSample`).
  private func extrapolate(_ count: Int, read: Int, of total: Int) -> Int {
    sampled = true
    let factor = Double(total) / Double(max(1, read))
    if counter.isActive { counter.scale(by: factor) }
    for i in disjunctive.indices { disjunctive[i].counter.scale(by: factor) }
    return Int((Double(count) * factor).rounded())
  }

  /// The key of a one-word match without typos at `place` (its position counts only in an ordered
  /// attribute).
  @inline(__always) func singleWordKey(_ place: UInt16, exact: Int, record: Int) -> UInt64 {
    Self.singleWordKey(place, exact: exact, record: record, orderedMask: orderedMask)
  }

  @inline(__always) static func singleWordKey(_ place: UInt16, exact: Int, record: Int, orderedMask: UInt32) -> UInt64 {
    let attribute = Int(place >> 12)
    let position = orderedMask >> attribute & 1 == 1 ? Int(place & 0xFFF) : 0
    return RankingRule.key(
      MatchSummary(typos: 0, words: 1, proximity: 0, attribute: attribute, position: position, exact: exact),
      record: record)
  }

  /// Relevance of the best plain (not attribute-equal) one-word match: a scan in record-id order
  /// can stop once every kept key is at least this good, as later records only have larger ids.
  static let singleWordFloor = RankingRule.relevance(singleWordKey(0, exact: 0, record: 0, orderedMask: 0))

  private var pageIsSettled: Bool { topK.isFull && RankingRule.relevance(topK.maximum) <= Self.singleWordFloor }

  /// One whole word (not a prefix): its postings are in record-id order, a record's postings
  /// together; the scan stops once the page cannot change. The count is of distinct records.
  private func scanSingleTerm(_ term: Int, limit: Int) -> ([UInt64], Int) {
    generation &+= 1
    topK.reset(capacity: limit, after: floor)
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
    // Records where the word is a whole attribute rank above the rest: first, then skipped.
    forEachRecord { record, best in
      if best & 0xFFF == 0 && index.attributeWordCounts[record * columns + Int(best >> 12)] == 1 {
        stamp[record] = generation
        if let filter, !filter.contains(record) { return }
        topK.insert(singleWordKey(best, exact: 2, record: record))
      }
    }
    var distinct = 0
    var stopped = false
    let countEvery = !mayStopEarly
    clearCounts()
    var read = 0
    var total = 0
    var sampleDone = false
    forEachRecord { record, best in
      total += 1
      if sampleDone { return }
      if countEvery && maySample && read >= Self.countingSample && pageIsSettled {
        sampleDone = true
        return
      }
      read += 1
      if !disjunctive.isEmpty { countDisjunctive(record) }
      if let filter, !filter.contains(record) { return }
      distinct += 1
      if countEvery && counter.isActive { counter.add(record) }
      if stopped || stamp[record] == generation { return }
      topK.insert(singleWordKey(best, exact: 0, record: record))
      if pageIsSettled && !countEvery { stopped = true }
    }
    if sampleDone { return (topK.sorted(), extrapolate(distinct, read: read, of: total)) }
    return (topK.sorted(), distinct)
  }

  // MARK: - Sources

  struct Source {
    /// Term range, or (with `prefixLevel >= 0`) the group id in `shortPrefixes[prefixLevel]`.
    /// `exact`: the terms match as whole words (with `cost` typos), not only by a prefix.
    var lo: Int32
    var hi: Int32
    var prefixLevel: Int8
    var cost: UInt8
    var exact: Bool
    var postings: Int
  }

  struct SourceKey: Hashable {
    var word: [UInt8]
    var isPrefix: Bool
    var budget: Int
  }

  /// The terms a word matches; with `typos`, also its typo variants and the words containing it.
  func sources(for word: QueryWord, typos: Bool) -> [Source] {
    let key = SourceKey(word: word.folded, isPrefix: word.isPrefix, budget: typos ? word.typoBudget : -1)
    if let cached = sourceCache[key] { return cached }
    var out: [Source] = []
    let terms = index.terms
    func addRange(_ range: Range<Int>, cost: UInt8, exact: Bool) {
      guard !range.isEmpty else { return }
      let postings = Int(index.postingStart[range.upperBound]) - Int(index.postingStart[range.lowerBound])
      out.append(
        Source(
          lo: Int32(range.lowerBound), hi: Int32(range.upperBound), prefixLevel: -1, cost: cost, exact: exact,
          postings: postings))
    }
    // Safe: the buffer is used only inside the closure, while `word.folded` is alive.
    word.folded.withUnsafeBufferPointer { w in
      if let t = terms.find(w) { addRange(t..<(t + 1), cost: 0, exact: true) }
      if word.isPrefix {
        let range = terms.prefixRange(w)
        let level = word.scalars.count - 1
        if !range.isEmpty && level < index.shortPrefixes.count {
          let prefixes = index.shortPrefixes[level]
          let group = Int(prefixes.groupOfTerm[range.lowerBound])
          let postings = Int(prefixes.groupStart[group + 1] - prefixes.groupStart[group])
          out.append(
            Source(
              lo: Int32(group), hi: Int32(group + 1), prefixLevel: Int8(level), cost: 0, exact: false,
              postings: postings))
        } else {
          addRange(range, cost: 0, exact: false)
        }
      }
      guard typos else { return }
      if word.typoBudget > 0 {
        // A prefix walk of this word (or of a start of it) with the same budget bounds this
        // one: a word's matches — as a prefix, or whole — are among its prefix's.
        let within = recentWalks.last { last in
          last.budget == word.typoBudget && word.scalars.count >= last.word.count
            && word.scalars.starts(with: last.word)
        }?.ranges
        var walked: [Range<Int>] = []
        terms.fuzzyMatches(
          word: word.scalars, maxTypos: word.typoBudget, prefix: word.isPrefix,
          roots: word.typoBudget >= 2 && index.terms.count > Self.firstLettersFixedAbove
            ? Array(word.scalars.prefix(2)) : nil,
          within: within
        ) {
          range, typos, whole in
          if let last = walked.last, last.upperBound == range.lowerBound {
            walked[walked.count - 1] = last.lowerBound..<range.upperBound
          } else {
            walked.append(range)
          }
          if typos > 0 { addRange(range, cost: UInt8(typos), exact: whole) }
        }
        if word.isPrefix {
          if recentWalks.count >= Self.recentLookups { recentWalks.removeFirst() }
          recentWalks.append((word.scalars, word.typoBudget, walked))
        }
      }
      // Substring matches (cost 3, below every typo) belong to the second tier, with the typos.
      if index.substringMatching && word.scalars.count >= 3 {
        // The word grew from the last one looked up: its terms are among that one's.
        let known = recentSubstrings.last { word.folded.starts(with: $0.word) }
        let among = known?.terms
        var found: [Int32] = []
        var run: Range<Int>? = nil
        terms.forEachTermContaining(w, among: among) { t in
          found.append(Int32(t))
          if let r = run, r.upperBound == t {
            run = r.lowerBound..<(t + 1)
          } else {
            if let r = run { addRange(r, cost: 3, exact: false) }
            run = t..<(t + 1)
          }
        }
        if let r = run { addRange(r, cost: 3, exact: false) }
        if known?.word != word.folded {
          if recentSubstrings.count >= Self.recentLookups { recentSubstrings.removeFirst() }
          recentSubstrings.append((word.folded, found))
        }
      }
    }
    if sourceCacheOrder.count >= Self.sourceCacheSize {
      sourceCache.removeValue(forKey: sourceCacheOrder.removeFirst())
    }
    sourceCache[key] = out
    sourceCacheOrder.append(key)
    return out
  }

  // MARK: - Matching

  private enum Mode { case initialize, require, optional }

  /// Intersects the first `required` words (the rest are optional) and ranks the candidates.
  private func run(
    _ query: ParsedQuery, _ wordSources: [[Source]], required: Int, limit: Int
  ) -> ([UInt64], Int) {
    generation &+= 1
    if generation == 0 {
      for i in stamp.indices { stamp[i] = 0 }
      generation = 1
    }
    candidates.removeAll(keepingCapacity: true)
    let wordCount = query.words.count
    let cost = wordSources.map { $0.reduce(0) { $0 + $1.postings } }
    let requiredOrder = (0..<required).sorted { cost[$0] < cost[$1] }
    var processed: UInt16 = 0
    let requiredMask: UInt16 = (1 << UInt16(required)) - 1
    for (step, word) in requiredOrder.enumerated() {
      accumulate(
        word: word, wordCount: wordCount, sources: wordSources[word], mode: step == 0 ? .initialize : .require,
        need: processed)
      processed |= 1 << UInt16(word)
    }
    for word in required..<wordCount {
      accumulate(word: word, wordCount: wordCount, sources: wordSources[word], mode: .optional, need: requiredMask)
    }
    topK.reset(capacity: limit, after: floor)
    clearCounts()
    var nbHits = 0
    let columns = index.searchableColumns.count
    // Safe: records are candidates (< index.count); slots hold maxWords entries per record, word counts one per searchable attribute.
    slots.withUnsafeBufferPointer { slots in
      matchedWords.withUnsafeBufferPointer { matched in
        index.attributeWordCounts.withUnsafeBufferPointer { wordCounts in
          for r32 in candidates where matched[Int(r32)] & requiredMask == requiredMask {
            let record = Int(r32)
            if !disjunctive.isEmpty { countDisjunctive(record) }
            if let filter, !filter.contains(record) { continue }
            nbHits += 1
            if counter.isActive { counter.add(record) }
            let m = Self.summary(
              slots: UnsafeBufferPointer(rebasing: slots[(record * ParsedQuery.maxWords)...]), wordCount: wordCount,
              attributeWordCount: { wordCounts[record * columns + $0] }, orderedMask: orderedMask)
            topK.insert(
              sortFacet == nil
                ? RankingRule.key(m, record: record) : sortKey(record: record, typos: m.typos, words: m.words))
          }
        }
      }
    }
    return (topK.sorted(), nbHits)
  }

  private func accumulate(word: Int, wordCount: Int, sources: [Source], mode: Mode, need: UInt16) {
    let bit: UInt16 = 1 << UInt16(word)
    let gen = generation
    let maxWords = ParsedQuery.maxWords
    // Safe: scratch arrays hold an entry per record (maxWords per record for slots) and posting records are < index.count (validated for cached indexes).
    stamp.withUnsafeMutableBufferPointer { stamp in
      matchedWords.withUnsafeMutableBufferPointer { matched in
        slots.withUnsafeMutableBufferPointer { slots in
          @inline(__always) func visit(_ r: Int, _ place: UInt16, _ packedCost: UInt32) {
            if stamp[r] != gen {
              guard mode == .initialize else { return }
              stamp[r] = gen
              matched[r] = 0
              let base = r * maxWords
              for w in 0..<wordCount { slots[base + w] = .max }
              candidates.append(UInt32(r))
            } else if matched[r] & need != need {
              return
            }
            matched[r] |= bit
            let i = r * maxWords + word
            let new = packedCost | UInt32(place) << 1
            let old = slots[i]
            // The word's best match is its fewest-typo one, then the best placed: its place
            // (attribute, position) is what the attribute and proximity rules see, and whether
            // *it* is exact is what the exact rule sees. Packed so that `min` picks it.
            if new < old { slots[i] = new }
          }
          for source in sources {
            let packedCost = UInt32(source.cost) << 17 | (source.exact ? 0 : 1)
            // Few candidates against a long sorted list: look each candidate up (binary search)
            // instead of scanning the list.
            let segments = source.prefixLevel >= 0 ? 1 : Int(source.hi - source.lo)
            if mode != .initialize && candidates.count * segments * 24 < source.postings {
              let prefixes = source.prefixLevel >= 0 ? index.shortPrefixes[Int(source.prefixLevel)] : nil
              let records = prefixes?.records ?? index.postingRecords
              let places = prefixes?.places ?? index.postingPlaces
              // Safe: binary search within start..<end, ranges of the postings arrays.
              records.withUnsafeBufferPointer { records in
                for segment in 0..<segments {
                  let start: Int
                  let end: Int
                  if let prefixes {
                    start = Int(prefixes.groupStart[Int(source.lo)])
                    end = Int(prefixes.groupStart[Int(source.lo) + 1])
                  } else {
                    let range = index.postingRange(Int(source.lo) + segment)
                    (start, end) = (range.lowerBound, range.upperBound)
                  }
                  for r32 in candidates where matched[Int(r32)] & need == need {
                    var lo = start
                    var hi = end
                    while lo < hi {
                      let mid = (lo + hi) >> 1
                      if records[mid] < r32 { lo = mid + 1 } else { hi = mid }
                    }
                    while lo < end && records[lo] == r32 {
                      visit(Int(r32), places[lo], packedCost)
                      lo += 1
                    }
                  }
                }
              }
              continue
            }
            if source.prefixLevel >= 0 {
              let prefixes = index.shortPrefixes[Int(source.prefixLevel)]
              let g = Int(source.lo)
              // Safe: the group's range comes from groupStart, within records and places (validated for cached indexes).
              prefixes.records.withUnsafeBufferPointer { records in
                prefixes.places.withUnsafeBufferPointer { places in
                  for p in Int(prefixes.groupStart[g])..<Int(prefixes.groupStart[g + 1]) {
                    visit(Int(records[p]), places[p], packedCost)
                  }
                }
              }
            } else {
              let start = Int(index.postingStart[Int(source.lo)])
              let end = Int(index.postingStart[Int(source.hi)])
              // Safe: the source's range comes from postingStart, within the postings arrays (validated for cached indexes).
              index.postingRecords.withUnsafeBufferPointer { records in
                index.postingPlaces.withUnsafeBufferPointer { places in
                  for p in start..<end { visit(Int(records[p]), places[p], packedCost) }
                }
              }
            }
          }
        }
      }
    }
  }

  /// How a record matched, from its scratch slots (one per query word) of the current search.
  @inline(__always)
  private static func summary(
    slots: UnsafeBufferPointer<UInt32>, wordCount: Int, attributeWordCount: (Int) -> UInt8, orderedMask: UInt32
  ) -> MatchSummary {
    var m = MatchSummary(typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0)
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
      m.words += 1
      m.typos += Int(cost)
      if cost == 0 && isWhole { m.exact += 1 }
      best = min(best, place)
      if previous != .max {
        if previous >> 12 == place >> 12 {
          let d = Int(place & 0xFFF) - Int(previous & 0xFFF)
          m.proximity += d >= 1 ? min(d, 8) : min(1 - d, 8)
        } else {
          m.proximity += 8
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
    if wholeAttribute && m.words == wordCount && Int(attributeWordCount(Int(wholeAttributeID))) == wordCount {
      m.exact = wordCount + 1
    } else if wordCount == 1 {
      // Algolia's `exactOnSingleWordQuery: attribute`: one word is "exact" only when it is the
      // whole attribute, so "mac" does not rank "mac mini" above the far more popular "macbook".
      m.exact = 0
    }
    m.attribute = Int(best >> 12)
    // Unordered attributes (the default): where in the attribute the word is does not rank.
    m.position = orderedMask >> m.attribute & 1 == 1 ? Int(best & 0xFFF) : 0
    return m
  }

  // MARK: - Hits

  private func makeHit(
    record: Int, summary: MatchSummary, query: ParsedQuery, highlight scope: HighlightScope?, key: UInt64? = nil
  ) -> Hit {
    let (highlights, snippet) =
      scope.map { Highlighter(index: index, query: query).highlight(record: record, scope: $0) } ?? ([], nil)
    return Hit(
      record: record, objectID: index.documents.objectID(record), ranking: summary,
      highlights: highlights, snippet: snippet, key: key ?? UInt64(record))
  }
}
