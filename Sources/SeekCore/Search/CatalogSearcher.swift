import SearchEngine
import SeekApp

/// The one way Seek searches a catalog. The app, `--filter` (text and JSON), `--select-1`,
/// `--exit-0` and `seek-bench` all ask this, and so give the same answers.
///
/// A catalog is searched as segments, each an index with its own `Searcher`:
/// - **main**: the catalog as loaded (or as last rebuilt from streamed input);
/// - **tail**: records streamed in since the main index was built;
/// - **created**: the items made from the create row (kept in the store).
///
/// Hits are merged by the engine's own ranking key: relevance first; between segments, equal
/// relevance falls to the custom ranking, then the folded title, then the segment (created items
/// last). The merge is a k-way merge of the segments' ranked lists, so every hit appears once and
/// the first N merged hits never depend on how many more were asked for — pages never overlap.
///
/// Two ways to page: by offset (`page`), for one-shot callers; or by `Cursor`, which resumes each
/// segment after the last of its hits already shown (search-after), so page 50 of an infinite
/// list costs what page 2 does.
///
/// Not thread-safe (each `Searcher` owns scratch memory): one owner, the search lane.
public final class CatalogSearcher {
  public enum SegmentKind: Int, Sendable, CaseIterable {
    case main, tail, created
  }

  /// A hit and the segment whose index holds its record.
  public struct SegmentHit {
    public var kind: SegmentKind
    public var index: SearchIndex
    public var hit: Hit
  }

  /// Where the next page starts: per segment, the ranking key of its last hit already returned.
  /// Valid only for the segments it was made with (`generation`); otherwise paging falls back to
  /// the offset.
  public typealias Cursor = PageCursor

  public struct Request {
    public var query: String
    public var page: Int
    public var hitsPerPage: Int
    public var cursor: Cursor?
    /// Count exactly and never answer from the typo-free tier alone (see `SearchRequest`).
    public var exhaustive: Bool
    /// Which attributes to highlight on the page's hits; nil: none.
    public var highlightScope: HighlightScope?
    /// Algolia `filters` (from `--filters`), AND'ed with the refinements.
    public var filters: FilterExpression?
    public var refinements: Refinements
    /// Facets to count ("*": all), with disjunctive counts for refined attributes.
    public var facets: [String]
    public var maxValuesPerFacet: Int
    /// Numeric facets come with a histogram of at most this many buckets (0: none).
    public var histogramBuckets = 0
    /// Numeric facets' values counted too (`--json`'s `facets`, as Algolia's).
    public var countsNumericFacetValues = false
    public var sort: SortOrder?
    /// How terms match (fzf's `-e`, `-i`, `+i`).
    public var matching: MatchOptions
    /// fzf's `--no-sort`: every match in input order (see `SearchRequest.inputOrder`).
    public var inputOrder = false
    /// Items learned from picks, by objectID, with their level (see `SearchRequest.learned`).
    public var learned: [String: Int] = [:]
    /// Words learned from picks (`LearnedSynonyms`; see `SearchRequest.learnedWords`).
    public var learnedWords: Lexicon? = nil
    /// The category the query points to (`QueryCategories`): its hits rank first among those that
    /// match as well (`SearchRequest.optionalFilter`), in `categoryAttribute`.
    public var optionalCategory: String? = nil
    /// Algolia's `distinct` for this query (0: off); nil: the catalog's settings.
    public var distinct: Int? = nil
    /// Answer from the indexes alone, leaving the lines past them unscanned (an interim answer,
    /// while a pipe is read: see `scanTakesLong`).
    public var skipsUnindexedLines = false
    /// Whether the catalog's rules apply (QueryRules.swift): off for a search a person did not type.
    public var appliesRules = true
    /// Records left out of the hits and counts (a rule's hidden and pinned records).
    var excludedObjectIDs: [String] = []

    public init(
      query: String, page: Int = 0, hitsPerPage: Int = 20, cursor: Cursor? = nil, exhaustive: Bool = false,
      highlightScope: HighlightScope? = .all, filters: FilterExpression? = nil,
      refinements: Refinements = Refinements(),
      facets: [String] = [], maxValuesPerFacet: Int = 10, sort: SortOrder? = nil,
      matching: MatchOptions = MatchOptions()
    ) {
      self.matching = matching
      self.filters = filters
      self.refinements = refinements
      self.facets = facets
      self.maxValuesPerFacet = maxValuesPerFacet
      self.sort = sort
      self.query = query
      self.page = SearchRequest.clamped(page: page)
      self.hitsPerPage = SearchRequest.clamped(hitsPerPage: hitsPerPage)
      self.cursor = cursor
      self.exhaustive = exhaustive
      self.highlightScope = highlightScope
    }
  }

  public struct Response {
    public var query: String
    public var hits: [SegmentHit]
    public var nbHits: Int
    public var page: Int
    public var hitsPerPage: Int
    public var exhaustiveNbHits: Bool
    public var droppedWords: [String]
    public var typoCorrected: Bool
    /// Where the page after this one starts.
    public var next: Cursor
    /// Counts of the requested facets (refined attributes counted without their own refinements).
    public var facets: [FacetResult] = []
    public var exhaustiveFacetsCount = true
    /// A learned hit on the page ranks above one the rules alone put above it.
    public var reorderedByLearning = false
    /// The rules that applied (their objectIDs) and their `userData`, in order (Algolia's
    /// `appliedRules` and `userData`).
    public var appliedRules: [String] = []
    public var userData: [JSONValue] = []
    /// The query the engine searched when a rule or a price edited it (Algolia's
    /// `queryAfterRemoval` shows it).
    public var queryAfterRules: String? = nil
    /// The price asked for in the query's words, applied as a filter (PriceIntent.swift).
    public var priceFilter: FilterExpression? = nil
    /// The category the query points to, when its hits there were lifted (`Request.optionalCategory`).
    public var optionalCategory: String? = nil

    public var nbPages: Int { nbHits == 0 ? 0 : (nbHits - 1) / hitsPerPage + 1 }
  }

  private struct Segment {
    var kind: SegmentKind
    var index: SearchIndex
    var searcher: Searcher
  }

  public private(set) var catalog: Catalog
  public private(set) var created: [CreatedItem] = []
  private var segments: [Segment] = []
  /// The list a restart replaced (`reload`), while the new one has no line yet: its rows stay on
  /// screen meanwhile (fzf's), so they are still looked up here (accepting one prints it).
  private var replacedSegments: [Segment] = []
  /// The last optional category's filters, per segment, and the segments' generation they were
  /// made for.
  private var keptCategory: (category: String, generation: Int, filters: [RecordFilter?])? = nil
  /// Changes whenever the segments do, so that an old cursor is never applied to new indexes.
  public private(set) var generation = 0
  /// Changes whenever the records searched do (not when the same records are indexed anew, as
  /// when the final index of a pipe takes over from the scan): a count stays exact as long as it.
  public private(set) var contentGeneration = 0
  private let descendingCustomRanking: Bool
  /// Lines a pipe delivered past the main index and not indexed (while it is read): each search
  /// answers them by a scan, as a tail segment of the lines it kept (see `StreamTail`).
  private var streamTail: StreamTail? = nil
  /// Which of the stream tail's indexes is the tail segment, and the scan's count for it.
  private var streamTailSerial = 0
  private var streamTailCount: (nbHits: Int, droppedWords: [String])? = nil
  /// The input places of the tail segment's lines when it holds a scan's kept lines (nil: the
  /// tail's lines follow the main index's in order).
  private var streamTailPositions: [Int]? = nil
  /// Whether a newer search is waiting, asked while a long scan of the stream tail runs: the
  /// scan then stops (and resumes if asked the same again).
  public var superseded: @Sendable () -> Bool = { false }
  /// The last search gave way to a newer one before its scan ended: its answer is not whole
  /// (and is not to be shown).
  public private(set) var lastSearchGaveWay = false

  public init(catalog: Catalog, created: [CreatedItem] = []) {
    self.catalog = catalog
    self.descendingCustomRanking =
      catalog.settings.index.customRanking.first.map { if case .descending = $0 { true } else { false } } ?? true
    segments = [Segment(kind: .main, index: catalog.index, searcher: Searcher(index: catalog.index))]
    setCreated(created)
  }

  /// A searcher of the same segments with searchers of its own, for another thread (the count
  /// lane): the indexes are immutable and shared, only the scratch space is new. Not while lines
  /// are scanned past the index (nil: the scan's state is this searcher's alone; counts are exact
  /// then anyway).
  public func copyForAnotherThread() -> CatalogSearcher? {
    guard streamTail == nil else { return nil }
    let copy = CatalogSearcher(catalog: catalog)
    copy.created = created
    copy.segments = segments.map { Segment(kind: $0.kind, index: $0.index, searcher: Searcher(index: $0.index)) }
    copy.generation = generation
    copy.contentGeneration = contentGeneration
    return copy
  }

  // MARK: - Segments

  /// Starts the catalog again from `newCatalog` (fzf's `reload`, a table read again): the lines
  /// of the input before are gone, indexed or not.
  public func restart(with newCatalog: Catalog) {
    let before = segments.filter { $0.kind == .main || $0.kind == .tail }
    streamTail = nil
    replaceMain(with: newCatalog)
    replacedSegments = before
  }

  /// Replaces the main index (streamed input rebuilt), dropping the tail.
  public func replaceMain(with newCatalog: Catalog) {
    if newCatalog.index.count > 0 { replacedSegments = [] }
    let before = catalog.index.count + (streamTail?.count ?? 0)
    // Scanning the tail, an index of lines the tail holds changes nothing searched.
    if streamTail == nil || newCatalog.index.count > before { contentGeneration += 1 }
    let replaced = catalog
    catalog = newCatalog
    streamTail?.drop(below: newCatalog.index.count)
    if streamTail?.isEmpty == true { streamTail = nil }
    streamTailCount = nil
    // The tail segment goes: no stream tail's index is installed (serials count from 1 in each).
    streamTailSerial = 0
    streamTailPositions = nil
    segments.removeAll { $0.kind == .main || $0.kind == .tail }
    segments.insert(Segment(kind: .main, index: newCatalog.index, searcher: Searcher(index: newCatalog.index)), at: 0)
    generation += 1
    // Freed on another thread: returning hundreds of megabytes of pages to the system takes
    // milliseconds that a key typed meanwhile would wait for. Its last reference here.
    ReleaseElsewhere.release(replaced)
  }

  /// Sets the tail segment (records streamed in since the main index was built).
  public func setTail(_ index: SearchIndex) {
    replacedSegments = []
    installTail(index)
    contentGeneration += 1
  }

  private func installTail(_ index: SearchIndex) {
    streamTailSerial = 0
    streamTailPositions = nil
    segments.removeAll { $0.kind == .tail }
    segments.insert(Segment(kind: .tail, index: index, searcher: Searcher(index: index)), at: 1)
    generation += 1
  }

  /// Adds lines read from `position` on (the input's first line is 0) that no index holds yet:
  /// searches answer them by a scan until a new main index holds them (`replaceMain`).
  public func appendUnindexed(_ rows: RecordTable, at position: Int) {
    guard rows.count > 0 else { return }
    replacedSegments = []
    if streamTail == nil { streamTail = StreamTail(settings: catalog.settings, firstPosition: catalog.index.count) }
    streamTail?.append(rows, at: position)
    contentGeneration += 1
  }

  /// Every line read, in one table (the final build's): the tail holds it instead of its
  /// chunks (`StreamTail.holdWhole`), which are freed elsewhere and their pages returned (blocks
  /// of a few hundred KB each, which the heap would keep: `ProcessMemory.returnFreePages`).
  public func holdWholeInput(_ rows: RecordTable) {
    let before = streamTail?.count
    if let replaced = streamTail?.holdWhole(rows) {
      ReleaseElsewhere.release(replaced, then: ProcessMemory.returnFreePages)
    }
    if streamTail?.count != before { contentGeneration += 1 }
  }

  /// Whether lines can be searched without indexing them, as `appendUnindexed` adds them.
  public static func scansUnindexedLines(_ settings: ResolvedSettings) -> Bool { StreamTail.supports(settings) }

  /// Whether a main index of `records` lines is worth taking while lines are scanned: one that
  /// leaves most of the tail to scan again is not (the scan's progress would be lost for little:
  /// a pipe read faster than it is indexed), one that holds nine tenths of the lines handed is.
  public func takesMain(of records: Int) -> Bool {
    guard let tail = streamTail else { return true }
    return records * 10 >= (tail.firstPosition + tail.count) * Self.mainTakenTenths
  }

  /// The tenths of the lines handed a main index must hold to be taken (`takesMain`).
  public static let mainTakenTenths = 9

  /// Every record searched: the lines read so far (indexed or scanned) and the items created.
  public var recordCount: Int {
    let created = segments.first { $0.kind == .created }?.index.count ?? 0
    if let streamTail { return streamTail.firstPosition + streamTail.count + created }
    return segments.reduce(0) { $0 + ($1.kind == .created ? 0 : $1.index.count) } + created
  }

  /// Lines read and not yet held by the main index (answered by a scan).
  public var unindexedLines: Int { streamTail?.count ?? 0 }

  /// Past this many unindexed lines a scan may take much of a frame: the indexes' answer is
  /// shown first. A one-letter query matches most lines and scores each: about a microsecond a
  /// line while the reader and the indexer share the two cores (the first key of a pipe, `r`,
  /// took 16 ms over 16,000 lines), so 5,000 lines is at most about 5 ms. At 20,000 the first
  /// keys of a pipe often missed the frame; an interim page costs the indexes' part again (0.1–1.3 ms).
  public static let interimAnswerAbove = 5_000

  /// Whether answering `request` means scanning more lines than a frame's time allows.
  public func scanTakesLong(_ request: Request) -> Bool {
    unindexedLines > Self.interimAnswerAbove && request.page == 0 && request.cursor == nil
  }

  /// The tail segment for `request`: the lines its scan of the stream tail kept, or (for what a
  /// scan cannot answer) an index of every line of the tail; for an interim page, what a scan of
  /// its query found so far. False when the tail segment holds no answer to `request` (an interim
  /// page before a scan of its query began, or a scan that gave way).
  private func prepareStreamTail(for request: Request, requestedFacets: [String]) -> Bool {
    guard var tail = streamTail, !tail.isEmpty else { return !request.skipsUnindexedLines }
    streamTail = nil  // mutated apart and put back: no copy of its chunks
    defer { streamTail = tail }
    let scannable =
      request.filters == nil && request.refinements.isEmpty && requestedFacets.isEmpty && request.sort == nil
      && !request.inputOrder && request.learned.isEmpty && distinct(request, in: catalog.index) == nil
      // The scan matches words as typed: what picks and categories add is the index's.
      && request.learnedWords == nil && request.optionalCategory == nil
    guard scannable else {
      if request.skipsUnindexedLines { return false }
      let whole = tail.indexOfEveryLine()
      if whole.serial != streamTailSerial { setTail(whole.index, serial: whole.serial) }
      streamTailCount = nil
      return true
    }
    let shown = (request.cursor?.offset ?? request.page * request.hitsPerPage) + request.hitsPerPage
    // Kept lines for a few pages at once: scrolling does not scan again for every page.
    var limit = 256
    while limit < shown { limit <<= 1 }
    let terms = catalog.index.terms.count
    let answer =
      request.skipsUnindexedLines
      ? tail.answerSoFar(query: request.query, matching: request.matching, limit: limit, mainTerms: terms)
      : tail.answer(
        query: request.query, matching: request.matching, limit: limit, mainTerms: terms, superseded: superseded)
    guard let answer else {
      if !request.skipsUnindexedLines { lastSearchGaveWay = true }
      return false
    }
    if answer.serial != streamTailSerial {
      setTail(answer.index, serial: answer.serial)
      streamTailPositions = answer.positions
    }
    streamTailCount = (answer.nbHits, answer.droppedWords)
    return true
  }

  private func setTail(_ index: SearchIndex, serial: Int) {
    installTail(index)
    streamTailSerial = serial
  }

  /// Sets the created items (as the store holds them), indexed as one small segment that matches
  /// substrings too: a person looks for what they named, in any part of it.
  public func setCreated(_ items: [CreatedItem]) {
    guard items != created || generation == 0 else { return }
    created = items
    segments.removeAll { $0.kind == .created }
    generation += 1
    contentGeneration += 1
    guard !items.isEmpty else { return }
    let attributes = catalog.index.documents.attributes
    var store = DocumentStore(attributes: attributes)
    for item in items {
      var values = [String](repeating: "", count: attributes.count)
      values[catalog.index.titleColumn] = item.title
      store.append(objectID: item.objectID, values: values)
    }
    var settings = catalog.settings.index
    settings.substringMatching = true
    let index = IndexBuilder.build(store, settings: settings)
    segments.append(Segment(kind: .created, index: index, searcher: Searcher(index: index)))
  }

  // MARK: - Searching

  /// Searches every segment and merges; a filter naming an attribute that is not a facet (or a
  /// facet value where a number is needed) is an error with its column. The catalog's rules
  /// apply first: their filters and query edits to the request, their pins to the first page.
  public func search(_ request: Request) throws(FilterError) -> Response {
    guard request.appliesRules else { return try searchRanked(request) }
    let rules = AppliedRules(catalog.given.rules, query: request.query)
    let price = priceIntent(in: rules.query)
    guard !rules.isEmpty || price != nil else { return try searchRanked(request) }
    var edited = request
    edited.query = price?.query ?? rules.query
    edited.filters = Self.combine(Self.combine(request.filters, rules.filters), price?.filter)
    edited.excludedObjectIDs = rules.excluded
    var response = try searchRanked(edited)
    response.query = request.query
    response.appliedRules = rules.objectIDs
    response.userData = rules.userData
    response.priceFilter = price?.filter
    if edited.query != request.query { response.queryAfterRules = edited.query }
    if response.page == 0 && request.cursor == nil { pin(rules.pinned, into: &response, edited) }
    return response
  }

  /// A price asked for in the query's words (PriceIntent.swift), on the attribute the settings
  /// name (or `price`), when it is a number the catalog can filter on.
  private func priceIntent(in query: String) -> PriceIntent? {
    guard catalog.given.priceIntent != false,
      let attribute = catalog.given.priceAttribute ?? (catalog.numericAttributes.contains("price") ? "price" : nil),
      catalog.index.facets.numericFacet(attribute) != nil
    else { return nil }
    return PriceIntent.read(query, attribute: attribute)
  }

  /// Places pinned records on the first page at their positions (or at its end, when the page is
  /// shorter), each highlighted for the query, and counts them.
  private func pin(_ pinned: [(objectID: String, position: Int)], into response: inout Response, _ request: Request) {
    let parsed = ParsedQuery(request.query, settings: catalog.settings.index)
    for (objectID, position) in pinned {
      guard let (kind, index, record) = lookup(objectID: objectID) else { continue }
      var hit = Hit.placed(record: record, objectID: objectID)
      if let scope = request.highlightScope, !parsed.isEmpty {
        (hit.highlights, hit.snippet) = Highlighter(index: index, query: parsed).highlight(record: record, scope: scope)
      }
      response.hits.insert(SegmentHit(kind: kind, index: index, hit: hit), at: min(position, response.hits.count))
      response.nbHits += 1
    }
  }

  private func searchRanked(_ request: Request) throws(FilterError) -> Response {
    var request = request
    // Parsed once: the input order of `!terms` alone, and the merge's browsing below.
    let extended = ExtendedQuery(request.query, options: request.matching)
    if extended.isInverseOnly { request.inputOrder = true }
    lastSearchGaveWay = false
    var tailAnswers = !request.skipsUnindexedLines
    if streamTail != nil {
      let facets = request.facets.contains("*") ? catalog.index.facets.attributes : request.facets
      tailAnswers = prepareStreamTail(for: request, requestedFacets: facets)
      if lastSearchGaveWay {
        return Response(
          query: request.query, hits: [], nbHits: 0, page: request.page, hitsPerPage: request.hitsPerPage,
          exhaustiveNbHits: false, droppedWords: [], typoCorrected: false,
          next: Cursor(generation: generation, after: [], offset: 0))
      }
    }
    let cursor = request.cursor.flatMap { $0.generation == generation ? $0 : nil }
    let offset = cursor?.offset ?? (request.cursor?.offset ?? request.page * request.hitsPerPage)
    // Each segment's best `offset + hitsPerPage` (or, resuming, its best `hitsPerPage` after its
    // cursor): enough for any interleaving of the merged page.
    let perSegment = cursor == nil ? offset + request.hitsPerPage : request.hitsPerPage
    let requested = request.facets.contains("*") ? catalog.index.facets.attributes : request.facets
    let distincts = segments.map { distinct(request, in: $0.index) }
    var responses = try searchSegments(
      request, after: cursor, hitsPerSegment: perSegment, facets: requested, distincts: distincts)
    if !tailAnswers, let t = segments.firstIndex(where: { $0.kind == .tail }) {
      // The tail segment holds another query's kept lines: none of it answers this one.
      responses[t] = SearchResponse.empty(SearchRequest(query: request.query))
    } else if let counted = streamTailCount, let t = segments.firstIndex(where: { $0.kind == .tail }) {
      // The tail's index holds the lines its scan kept; the scan counted them all.
      responses[t].nbHits = counted.nbHits
      responses[t].droppedWords = counted.droppedWords
      responses[t].exhaustiveNbHits = true
    }
    var facets = Self.mergeFacets(
      responses.map(\.facets), limit: request.maxValuesPerFacet, histogramBuckets: request.histogramBuckets)
    facets.sort { a, b in (requested.firstIndex(of: a.attribute) ?? 0) < (requested.firstIndex(of: b.attribute) ?? 0) }
    let parsed = ParsedQuery(request.query, settings: catalog.settings.index)
    let browsing =
      request.sort == nil
      && (request.inputOrder || parsed.isEmpty && !extended.answeredByFzfRulesAlone(wordless: true))
    let skip = cursor == nil ? offset : 0
    let merged = mergeRanked(
      responses, count: skip + request.hitsPerPage, sort: request.sort, browsing: browsing, distincts: distincts)
    let page = merged.count > skip ? merged[skip...] : []
    var after = cursor?.after ?? [UInt64?](repeating: nil, count: segments.count)
    if after.count < segments.count { after += [UInt64?](repeating: nil, count: segments.count - after.count) }
    for entry in page { after[entry.segment] = entry.hit.key }
    let hits = highlighted(page, scope: request.highlightScope, parsed, extended, learned: request.learnedWords)
    var response = Response(
      query: request.query, hits: hits, nbHits: responses.reduce(0) { $0 + $1.nbHits }, page: request.page,
      hitsPerPage: request.hitsPerPage, exhaustiveNbHits: responses.allSatisfy(\.exhaustiveNbHits),
      droppedWords: responses.first { !$0.droppedWords.isEmpty }?.droppedWords ?? [],
      typoCorrected: hits.contains { $0.hit.ranking.typos > 0 },
      next: Cursor(generation: generation, after: after, offset: offset + hits.count), facets: facets,
      exhaustiveFacetsCount: responses.allSatisfy(\.exhaustiveFacetsCount),
      reorderedByLearning: responses.contains(where: \.reorderedByLearning))
    if request.sort == nil, request.optionalCategory != nil,
      optionalFilters(request.optionalCategory).contains(where: { $0 != nil })
    {
      response.optionalCategory = request.optionalCategory
    }
    return response
  }

  /// Each segment's records in `category` (nil: none, or no category), kept for the next
  /// keystroke: the category changes far less often than the query.
  private func optionalFilters(_ category: String?) -> [RecordFilter?] {
    guard let category, let attribute = categoryAttribute else { return segments.map { _ in nil } }
    if let kept = keptCategory, kept.category == category, kept.generation == generation { return kept.filters }
    let filters = segments.map { $0.index.facets.records(named: category, in: attribute, recordCount: $0.index.count) }
    keptCategory = (category, generation, filters)
    return filters
  }

  /// The attribute the catalog's categories are in (`QueryCategories.attribute(of:)`).
  public var categoryAttribute: String? { QueryCategories.attribute(of: catalog.index) }

  /// Each segment's answer: its best `hitsPerSegment` (after the cursor's key for it), the
  /// conjunctive facets counted, and each refined attribute counted without its own refinements
  /// (disjunctive) in the same pass.
  private func searchSegments(
    _ request: Request, after cursor: Cursor?, hitsPerSegment: Int, facets requested: [String],
    distincts: [Distinct?]
  ) throws(FilterError) -> [SearchResponse] {
    let filters = excluding(
      request.excludedObjectIDs, try recordFilters(Self.combine(request.filters, request.refinements.expression())))
    let disjunctive = request.refinements.refinedAttributes.filter { requested.contains($0) }
    var without: [(attribute: String, filters: [RecordFilter?])] = []
    for attribute in disjunctive {
      let expression = Self.combine(request.filters, request.refinements.expression(excluding: attribute))
      without.append((attribute, excluding(request.excludedObjectIDs, try recordFilters(expression))))
    }
    let optional = optionalFilters(request.optionalCategory)
    var responses: [SearchResponse] = []
    for (i, segment) in segments.enumerated() {
      var segmentRequest = SearchRequest(
        query: request.query, hitsPerPage: hitsPerSegment, highlight: false,
        after: cursor.flatMap { i < $0.after.count ? $0.after[i] : nil }, exhaustive: request.exhaustive,
        filter: filters[i], facets: requested.filter { !disjunctive.contains($0) },
        maxValuesPerFacet: request.maxValuesPerFacet, sort: request.sort)
      segmentRequest.histogramBuckets = request.histogramBuckets
      segmentRequest.countsNumericFacetValues = request.countsNumericFacetValues
      segmentRequest.matching = request.matching
      segmentRequest.inputOrder = request.inputOrder
      segmentRequest.distinct = distincts[i]
      segmentRequest.learnedWords = request.learnedWords
      segmentRequest.optionalFilter = optional[i]
      segmentRequest.learned = request.learned.compactMap { objectID, level in
        segment.index.record(objectID: objectID).map { LearnedRecord(record: $0, level: level) }
      }
      segmentRequest.disjunctiveFacets = without.map {
        DisjunctiveFacet(attribute: $0.attribute, filter: $0.filters[i])
      }
      responses.append(segment.searcher.search(segmentRequest))
    }
    return responses
  }

  /// Per segment, `filters` without the records named by `objectIDs` (a filter letting every
  /// record through where there was none).
  private func excluding(_ objectIDs: [String], _ filters: [RecordFilter?]) -> [RecordFilter?] {
    guard !objectIDs.isEmpty else { return filters }
    return segments.indices.map { i in
      let records = objectIDs.compactMap { segments[i].index.record(objectID: $0) }
      guard !records.isEmpty else { return filters[i] }
      var filter = filters[i] ?? RecordFilter(recordCount: segments[i].index.count, all: true)
      for record in records { filter.remove(record) }
      return filter
    }
  }

  /// The request's `distinct` (or the settings') for one segment's index: nil when off or when
  /// the index has no such attribute.
  private func distinct(_ request: Request, in index: SearchIndex) -> Distinct? {
    let perValue = request.distinct ?? catalog.given.distinct ?? 0
    guard perValue > 0, let name = catalog.given.attributeForDistinct,
      let column = index.documents.attributeIndex(name)
    else { return nil }
    return Distinct(attribute: column, perValue: perValue)
  }

  /// The first `count` hits of the segments' ranked lists, merged (a k-way merge, k ≤ 3); with
  /// `distincts` (each segment's), a value's hits beyond its share in the segments before are left out.
  private func mergeRanked(
    _ responses: [SearchResponse], count: Int, sort: SortOrder?, browsing: Bool, distincts: [Distinct?]
  ) -> [(segment: Int, hit: Hit)] {
    var heads = [Int](repeating: 0, count: segments.count)
    var shown: [String: Int] = [:]
    var merged: [(segment: Int, hit: Hit)] = []
    merged.reserveCapacity(min(count, 1024))
    while merged.count < count {
      var best: Int? = nil
      for s in segments.indices where heads[s] < responses[s].hits.count {
        guard let b = best else {
          best = s
          continue
        }
        if precedes(s, responses[s].hits[heads[s]], b, responses[b].hits[heads[b]], sort: sort, browsing: browsing) {
          best = s
        }
      }
      guard let s = best else { break }
      let hit = responses[s].hits[heads[s]]
      heads[s] += 1
      if segments.count > 1, let d = distincts[s] {
        let value = segments[s].index.documents.value(hit.record, d.attribute)
        if !value.isEmpty {
          if shown[value, default: 0] >= d.perValue { continue }
          shown[value, default: 0] += 1
        }
      }
      merged.append((s, hit))
    }
    return merged
  }

  /// The page's hits, highlighted when asked (one highlighter per segment: it prepares the
  /// query's words once for the page).
  private func highlighted(
    _ page: ArraySlice<(segment: Int, hit: Hit)>, scope: HighlightScope?, _ parsed: ParsedQuery,
    _ extended: ExtendedQuery, learned: Lexicon?
  ) -> [SegmentHit] {
    let highlighters =
      scope != nil && !extended.isEmpty
      ? segments.map { Highlighter(index: $0.index, query: parsed, extended: extended, learned: learned) } : []
    return page.map { entry -> SegmentHit in
      let segment = segments[entry.segment]
      var hit = entry.hit
      if let scope, !highlighters.isEmpty {
        (hit.highlights, hit.snippet) = highlighters[entry.segment].highlight(
          record: hit.record, scope: scope, bestMatchAttributes: hit.bestMatchAttributes,
          fuzzy: hit.ranking.fuzzyScore != nil)
      }
      return SegmentHit(kind: segment.kind, index: segment.index, hit: hit)
    }
  }

  static func combine(_ a: FilterExpression?, _ b: FilterExpression?) -> FilterExpression? {
    guard let a else { return b }
    guard let b else { return a }
    return .and([a, b])
  }

  /// The last filters' bitmaps, per segment (the refinements' and, for disjunctive counts, each
  /// without one attribute): typing more letters keeps them, so they are made once, not on every
  /// keystroke.
  private var filterCache: [(expression: FilterExpression, generation: Int, filters: [RecordFilter?])] = []
  private static let filterCacheSize = 6

  /// One bitmap per segment (nil: no filter). Created items have no attributes to refine: a
  /// filter leaves them out.
  private func recordFilters(_ expression: FilterExpression?) throws(FilterError) -> [RecordFilter?] {
    guard let expression else { return segments.map { _ in nil } }
    if let cached = filterCache.first(where: { $0.expression == expression && $0.generation == generation }) {
      return cached.filters
    }
    var out: [RecordFilter?] = []
    for segment in segments {
      if segment.kind == .created {
        out.append(RecordFilter(recordCount: segment.index.count, all: false))
      } else {
        out.append(try segment.index.facets.evaluate(expression, recordCount: segment.index.count))
      }
    }
    if filterCache.count >= Self.filterCacheSize { filterCache.removeFirst() }
    filterCache.append((expression, generation, out))
    return out
  }

  /// Facet counts of several segments added up, value by value.
  static func mergeFacets(_ perSegment: [[FacetResult]], limit: Int, histogramBuckets: Int = 0) -> [FacetResult] {
    guard perSegment.count > 1 else { return perSegment.first ?? [] }
    var merged: [FacetResult] = []
    for results in perSegment {
      for result in results {
        guard let i = merged.firstIndex(where: { $0.attribute == result.attribute }) else {
          merged.append(result)
          continue
        }
        for value in result.values {
          if let j = merged[i].values.firstIndex(where: { $0.value == value.value }) {
            merged[i].values[j].count += value.count
          } else {
            merged[i].values.append(value)
          }
        }
        if let s = result.stats {
          merged[i].stats = merged[i].stats.map { Self.merged($0, s, histogramBuckets: histogramBuckets) } ?? s
        }
        merged[i].values.sort { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
      }
    }
    return merged
  }

  /// Two segments' numeric stats as one: the wider range, the sums added, the bars merged.
  static func merged(_ a: FacetResult.Stats, _ b: FacetResult.Stats, histogramBuckets: Int) -> FacetResult.Stats {
    var histogram = a.histogram ?? b.histogram
    if let x = a.histogram, let y = b.histogram { histogram = Histogram.merged(x, y, buckets: histogramBuckets) }
    return FacetResult.Stats(
      min: min(a.min, b.min), max: max(a.max, b.max), sum: a.sum + b.sum, count: a.count + b.count,
      histogram: histogram)
  }

  /// How many hits a query has in all segments (no page, no highlighting).
  /// (No filter: the query log counts the words alone.)
  public func count(_ query: String) -> Int {
    segments.reduce(0) { $0 + $1.searcher.search(SearchRequest(query: query, hitsPerPage: 1, highlight: false)).nbHits }
  }

  /// Records of every segment whose title equals `text` (trimmed, case- and diacritic-folded).
  public func records(titled text: String) -> [(kind: SegmentKind, index: SearchIndex, record: Int)] {
    segments.flatMap { segment in segment.index.records(titled: text).map { (segment.kind, segment.index, $0) } }
  }

  /// `attribute`'s value (the title's when records have none) of every record of the input, in
  /// input order: the main segment's, then the tail's (what `change-nth` and its kin read again).
  public func valuesInInputOrder(of attribute: String) -> [String] {
    var out: [String] = []
    for segment in segments where segment.kind == .main || segment.kind == .tail {
      let (index, documents) = (segment.index, segment.index.documents)
      let column = documents.attributeIndex(attribute) ?? index.titleColumn
      var values = [String](repeating: "", count: index.count)
      for record in 0..<index.count { values[index.inputPosition(of: record)] = documents.value(record, column) }
      out += values
    }
    return out
  }

  /// The record with this objectID, in whichever segment holds it.
  public func lookup(objectID: String) -> (kind: SegmentKind, index: SearchIndex, record: Int)? {
    for segment in segments {
      if let record = segment.index.record(objectID: objectID) { return (segment.kind, segment.index, record) }
    }
    for segment in replacedSegments {
      if let record = segment.index.record(objectID: objectID) { return (segment.kind, segment.index, record) }
    }
    return nil
  }

  /// The item's place in the input, from 0 (fzf's `{n}`): the main segment's records come first,
  /// then the tail's; created items have none.
  public func ordinal(objectID: String) -> Int? {
    var before = 0
    for segment in segments where segment.kind != .created {
      if let record = segment.index.record(objectID: objectID) {
        let place = segment.index.inputPosition(of: record)
        if segment.kind == .tail, let positions = streamTailPositions, place < positions.count {
          return positions[place]
        }
        return before + place
      }
      before += segment.index.count
    }
    return nil
  }

  /// Whether hit `a` of segment `sa` ranks before hit `b` of segment `sb`. Browsing (the empty
  /// query) compares no relevance: the custom ranking, then input order, where the main segment's
  /// records came before the tail's (after, with `--tac`) and created items come last.
  private func precedes(_ sa: Int, _ a: Hit, _ sb: Int, _ b: Hit, sort: SortOrder?, browsing: Bool) -> Bool {
    if sa == sb { return a.key < b.key }
    if let sort {
      // Sort keys rank numbers within one index: between segments, compare the numbers (or a
      // text facet's values, folded).
      let ia = segments[sa].index
      let ib = segments[sb].index
      guard ia.facets.numericFacet(sort.attribute) != nil || ib.facets.numericFacet(sort.attribute) != nil else {
        let x =
          ia.documents.attributeIndex(sort.attribute).map { TextFolding.foldedKey(ia.documents.value(a.record, $0)) }
          ?? []
        let y =
          ib.documents.attributeIndex(sort.attribute).map { TextFolding.foldedKey(ib.documents.value(b.record, $0)) }
          ?? []
        if x != y {
          if x.isEmpty || y.isEmpty { return y.isEmpty }
          return sort.descending ? y.lexicographicallyPrecedes(x) : x.lexicographicallyPrecedes(y)
        }
        return sa < sb
      }
      let x = ia.facets.numericFacet(sort.attribute)?.numbers[a.record] ?? .nan
      let y = ib.facets.numericFacet(sort.attribute)?.numbers[b.record] ?? .nan
      if x != y {
        if x.isNaN || y.isNaN { return y.isNaN }
        return sort.descending ? x > y : x < y
      }
      return sa < sb
    }
    // Browsing, learned items lead (their keys say so only within a segment).
    if browsing && a.ranking.learned != b.ranking.learned { return a.ranking.learned > b.ranking.learned }
    if !browsing {
      let x = RankingRule.relevance(a.key)
      let y = RankingRule.relevance(b.key)
      if x != y { return x < y }
    }
    let ka = segments[sa].kind
    let kb = segments[sb].kind
    if (ka == .created) != (kb == .created) { return kb == .created }
    let ia = segments[sa].index
    let ib = segments[sb].index
    let ca = ia.primaryCustomValue(a.record)
    let cb = ib.primaryCustomValue(b.record)
    if ca != cb && !ca.isNaN && !cb.isNaN { return descendingCustomRanking ? ca > cb : ca < cb }
    let settings = ia.settings
    let inputOrder = settings.reverseInputOrder ? sa > sb : sa < sb
    if browsing { return inputOrder }
    for criterion in settings.tiebreak {
      switch criterion {
      case .length:
        let la = ia.documents.withValue(a.record, ia.titleColumn, FuzzyTie.trimmedLength)
        let lb = ib.documents.withValue(b.record, ib.titleColumn, FuzzyTie.trimmedLength)
        if la != lb { return la < lb }
      case .index:
        return inputOrder
      case .name:
        let ta = ia.documents.withValue(a.record, ia.titleColumn, TextFolding.foldedKey)
        let tb = ib.documents.withValue(b.record, ib.titleColumn, TextFolding.foldedKey)
        if ta != tb { return ta.lexicographicallyPrecedes(tb) }
      case .begin, .end, .chunk, .pathname: continue  // in the keys' relevance already
      }
    }
    return inputOrder
  }

}
