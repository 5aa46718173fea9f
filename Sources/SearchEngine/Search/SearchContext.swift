/// One request's inputs, as the searcher's strategies read them (Searcher+Scans, +PairScan,
/// +PrefixScan, +Intersection, +Fuzzy, +Learned): in one value, set when the request starts
/// (`begin`), rather than a dozen fields of the searcher each set somewhere. The searcher's other
/// fields are what outlives a request: scratch memory, caches, the last run (which a narrowing
/// query reuses). The facet counters stay there too: scratch whose layout one request hands the
/// next.
struct SearchContext {
  /// The search-after key: the page is the top keys after it (nil: from the top).
  var floor: UInt64? = nil
  /// The request's filter and optional filter (`SearchRequest.filter`, `.optionalFilter`), for
  /// this index's records only.
  var filter: RecordFilter? = nil
  var optionalFilter: RecordFilter? = nil
  /// The sort (a numeric facet, or a text facet as numbers), and its direction.
  var sortFacet: FacetIndex.NumericFacet? = nil
  var sortDescending = false
  /// Every tier and every posting must be seen: a sort, facet counts on a small index, a request
  /// for an exact count, or every match wanted (input order, distinct).
  var exhaustiveRequested = false
  /// Whether terms containing a word count (off while `min` or `strict` typo tolerance looks at
  /// the tiers below three typos: `evaluateByTypoTiers`).
  var substringsAllowed = true
  /// Whether this search answers a query split or joined from the one typed (WordSplits.swift):
  /// it is not rewritten again.
  var rewritten = false
  /// Records the search leaves out of its heaps (learned records, matched apart:
  /// Searcher+Learned.swift); sorted.
  var excludedRecords: [Int] = []
  /// A scan stopped at a sample and extrapolated its count: the count is approximate.
  var sampled = false

  /// A ranked request starts: what it asks. What the caller set around it (the records left out,
  /// a rewritten query) stays.
  mutating func begin(
    floor: UInt64?, filter: RecordFilter?, optionalFilter: RecordFilter?, sortFacet: FacetIndex.NumericFacet?,
    sortDescending: Bool, exhaustive: Bool
  ) {
    self.floor = floor
    self.filter = filter
    self.optionalFilter = optionalFilter
    self.sortFacet = sortFacet
    self.sortDescending = sortDescending
    exhaustiveRequested = exhaustive
  }
}
