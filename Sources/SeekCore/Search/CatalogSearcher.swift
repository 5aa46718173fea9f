import SearchEngine

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
  public struct Cursor: Sendable, Equatable {
    var generation: Int
    var after: [UInt64?]
    /// Hits returned so far, for the offset fallback.
    var offset: Int
  }

  public struct Request {
    public var query: String
    public var page: Int
    public var hitsPerPage: Int
    public var cursor: Cursor?
    /// Count exactly and never answer from the typo-free tier alone (see `SearchRequest`).
    public var exhaustive: Bool
    /// Which attributes to highlight on the page's hits; nil: none.
    public var highlightScope: HighlightScope?

    public init(
      query: String, page: Int = 0, hitsPerPage: Int = 20, cursor: Cursor? = nil, exhaustive: Bool = false,
      highlightScope: HighlightScope? = .all
    ) {
      self.query = query
      self.page = min(max(0, page), SearchRequest.maxPage)
      self.hitsPerPage = min(max(1, hitsPerPage), SearchRequest.maxHitsPerPage)
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
  /// Changes whenever the segments do, so that an old cursor is never applied to new indexes.
  public private(set) var generation = 0
  private let descendingCustomRanking: Bool

  public init(catalog: Catalog, created: [CreatedItem] = []) {
    self.catalog = catalog
    self.descendingCustomRanking =
      catalog.settings.index.customRanking.first.map { if case .descending = $0 { true } else { false } } ?? true
    segments = [Segment(kind: .main, index: catalog.index, searcher: Searcher(index: catalog.index))]
    setCreated(created)
  }

  /// Records in the catalog (main and tail; created items are not catalog records).
  public var recordCount: Int { segments.filter { $0.kind != .created }.reduce(0) { $0 + $1.index.count } }

  // MARK: - Segments

  /// Replaces the main index (streamed input rebuilt), dropping the tail.
  public func replaceMain(with newCatalog: Catalog) {
    catalog = newCatalog
    segments.removeAll { $0.kind == .main || $0.kind == .tail }
    segments.insert(Segment(kind: .main, index: newCatalog.index, searcher: Searcher(index: newCatalog.index)), at: 0)
    generation += 1
  }

  /// Sets the tail segment (records streamed in since the main index was built).
  public func setTail(_ index: SearchIndex) {
    segments.removeAll { $0.kind == .tail }
    segments.insert(Segment(kind: .tail, index: index, searcher: Searcher(index: index)), at: 1)
    generation += 1
  }

  /// Sets the created items (as the store holds them), indexed as one small segment that matches
  /// substrings too: a person looks for what they named, in any part of it.
  public func setCreated(_ items: [CreatedItem]) {
    guard items != created || generation == 0 else { return }
    created = items
    segments.removeAll { $0.kind == .created }
    generation += 1
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

  public func search(_ request: Request) -> Response {
    let cursor = request.cursor.flatMap { $0.generation == generation ? $0 : nil }
    let offset = cursor?.offset ?? (request.cursor?.offset ?? request.page * request.hitsPerPage)
    // Each segment's best `offset + hitsPerPage` (or, resuming, its best `hitsPerPage` after its
    // cursor): enough for any interleaving of the merged page.
    let perSegment = cursor == nil ? offset + request.hitsPerPage : request.hitsPerPage
    var responses: [SearchResponse] = []
    for (i, segment) in segments.enumerated() {
      let after = cursor.flatMap { i < $0.after.count ? $0.after[i] : nil }
      responses.append(
        segment.searcher.search(
          SearchRequest(
            query: request.query, hitsPerPage: perSegment, highlight: false, after: after,
            exhaustive: request.exhaustive)))
    }
    // k-way merge of the ranked lists (k ≤ 3).
    var heads = [Int](repeating: 0, count: segments.count)
    var merged: [(segment: Int, hit: Hit)] = []
    let skip = cursor == nil ? offset : 0
    let wanted = skip + request.hitsPerPage
    merged.reserveCapacity(min(wanted, 1024))
    while merged.count < wanted {
      var best: Int? = nil
      for s in segments.indices where heads[s] < responses[s].hits.count {
        if let b = best {
          if precedes(s, responses[s].hits[heads[s]], b, responses[b].hits[heads[b]]) { best = s }
        } else {
          best = s
        }
      }
      guard let s = best else { break }
      merged.append((s, responses[s].hits[heads[s]]))
      heads[s] += 1
    }
    let page = merged.count > skip ? merged[skip...] : []
    var after = cursor?.after ?? [UInt64?](repeating: nil, count: segments.count)
    if after.count < segments.count { after += [UInt64?](repeating: nil, count: segments.count - after.count) }
    for entry in page { after[entry.segment] = entry.hit.key }
    let parsed = ParsedQuery(request.query, typoTolerance: catalog.settings.index.typoTolerance)
    let hits = page.map { entry -> SegmentHit in
      let segment = segments[entry.segment]
      var hit = entry.hit
      if let scope = request.highlightScope, !parsed.isEmpty {
        (hit.highlights, hit.snippet) = Highlighter(index: segment.index, query: parsed).highlight(
          record: hit.record, scope: scope)
      }
      return SegmentHit(kind: segment.kind, index: segment.index, hit: hit)
    }
    let nbHits = responses.reduce(0) { $0 + $1.nbHits }
    return Response(
      query: request.query, hits: hits, nbHits: nbHits, page: request.page, hitsPerPage: request.hitsPerPage,
      exhaustiveNbHits: responses.allSatisfy(\.exhaustiveNbHits),
      droppedWords: responses.first { !$0.droppedWords.isEmpty }?.droppedWords ?? [],
      typoCorrected: hits.contains { $0.hit.ranking.typos > 0 },
      next: Cursor(generation: generation, after: after, offset: offset + hits.count))
  }

  /// How many hits a query has in all segments (no page, no highlighting).
  public func count(_ query: String) -> Int {
    segments.reduce(0) { $0 + $1.searcher.search(SearchRequest(query: query, hitsPerPage: 1, highlight: false)).nbHits }
  }

  /// Records of every segment whose title equals `text` (trimmed, case- and diacritic-folded).
  public func records(titled text: String) -> [(kind: SegmentKind, index: SearchIndex, record: Int)] {
    segments.flatMap { segment in segment.index.records(titled: text).map { (segment.kind, segment.index, $0) } }
  }

  /// The record with this objectID, in whichever segment holds it.
  public func lookup(objectID: String) -> (kind: SegmentKind, index: SearchIndex, record: Int)? {
    for segment in segments {
      if let record = segment.index.record(objectID: objectID) { return (segment.kind, segment.index, record) }
    }
    return nil
  }

  /// Whether hit `a` of segment `sa` ranks before hit `b` of segment `sb`.
  private func precedes(_ sa: Int, _ a: Hit, _ sb: Int, _ b: Hit) -> Bool {
    let x = RankingRule.relevance(a.key)
    let y = RankingRule.relevance(b.key)
    if x != y { return x < y }
    if sa == sb { return a.key < b.key }
    let ka = segments[sa].kind
    let kb = segments[sb].kind
    if (ka == .created) != (kb == .created) { return kb == .created }
    let ia = segments[sa].index
    let ib = segments[sb].index
    let ca = ia.primaryCustomValue(a.record)
    let cb = ib.primaryCustomValue(b.record)
    if ca != cb && !ca.isNaN && !cb.isNaN { return descendingCustomRanking ? ca > cb : ca < cb }
    let ta = ia.documents.withValue(a.record, ia.titleColumn, TextFolding.foldedKey)
    let tb = ib.documents.withValue(b.record, ib.titleColumn, TextFolding.foldedKey)
    if ta != tb { return ta.lexicographicallyPrecedes(tb) }
    return sa < sb
  }
}
