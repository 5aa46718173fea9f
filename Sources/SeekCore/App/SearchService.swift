import SearchEngine

/// Performs the state machine's effects against the catalog, the suggestions and the store, and
/// answers with events. Not thread-safe: one owner (the app's search worker) calls it.
///
/// The catalog is searched as segments, each an index with its own searcher, whose pages are
/// merged by relevance: the main index; while input streams in, a small tail index of the records
/// read since the main one was built; and the items created from the create row.
public final class SearchService {
  public private(set) var catalog: Catalog
  public private(set) var suggestions: SuggestionsIndex
  public let store: ItemStore
  public var hitsPerPage: Int
  private var mainSearcher: Searcher
  private var tail: (index: SearchIndex, searcher: Searcher)?
  private var created: [CreatedItem] = []
  private var createdSearcher: Searcher?
  private let clock: () -> Double
  /// Suggestions given (file or generated), before any learned ones are added.
  private let baseSuggestions: [Suggestion]
  public var learning: SuggestionLearning

  public init(
    catalog: Catalog, suggestions: [Suggestion], store: ItemStore, hitsPerPage: Int = 20,
    learning: SuggestionLearning = SuggestionLearning(), clock: @escaping () -> Double = { 0 }
  ) throws {
    self.catalog = catalog
    self.store = store
    self.hitsPerPage = hitsPerPage
    self.mainSearcher = Searcher(index: catalog.index)
    self.clock = clock
    self.baseSuggestions = suggestions
    self.learning = learning
    self.suggestions = SuggestionsIndex(suggestions)
    self.created = try store.createdItems()
    rebuildCreatedIndex()
    try relearn()
  }

  /// Records in the catalog (all segments).
  public var recordCount: Int { catalog.index.count + (tail?.index.count ?? 0) }

  /// The checked objectIDs to start with.
  public func initialChecks() throws -> [String] { try store.checkedItems().map(\.objectID) }

  /// Checked items that are neither in the catalog nor created here (the catalog changed): kept in
  /// the store and reported, never silently dropped.
  public func missingCheckedItems() throws -> [(objectID: String, title: String)] {
    try store.checkedItems().filter { item in
      lookup(objectID: item.objectID) == nil && !created.contains { $0.objectID == item.objectID }
    }
  }

  // MARK: - Streaming input

  /// Indexes applied from streamed records (built off the search thread by `StreamingIndexer`).
  public func apply(_ update: StreamingIndexer.Update) {
    switch update {
    case .rebuilt(let newCatalog):
      catalog = newCatalog
      mainSearcher = Searcher(index: newCatalog.index)
      tail = nil
    case .tail(let index):
      tail = (index, Searcher(index: index))
    }
  }

  // MARK: - Effects

  /// Performs one effect; returns the event that answers it, if any.
  public func perform(_ effect: SearchEffect) -> SearchEvent? {
    switch effect {
    case .searchResults(let query, let page, let revision):
      return .resultsArrived(revision: revision, results(query: query, page: page))
    case .searchSuggestions(let query, let revision):
      return .suggestionsArrived(revision: revision, suggestions.search(query))
    case .setChecked(let objectID, let title, let checked):
      do {
        try store.setChecked(objectID: objectID, title: title, checked: checked)
        return .checkSaved(objectID: objectID, checked: checked)
      } catch {
        return .failed("could not save the check: \(error)")
      }
    case .createItem(let title):
      do {
        let item = try store.createItem(title: title)
        try store.setChecked(objectID: item.objectID, title: item.title, checked: true)
        if !created.contains(where: { $0.objectID == item.objectID }) {
          created.append(item)
          rebuildCreatedIndex()
        }
        return .itemCreated(resultHit(created: item, query: ParsedQuery(title)))
      } catch {
        return .failed("could not create the item: \(error)")
      }
    case .logSubmittedQuery(let query, let fromSuggestion):
      let nbHits = hitCount(query: query)
      do {
        try store.logQuery(LoggedQuery(query: query, time: clock(), nbHits: nbHits, fromSuggestion: fromSuggestion))
        try relearn()
      } catch {
        return .failed("could not log the query: \(error)")
      }
      return nil
    case .accept, .quit:
      return nil
    }
  }

  /// Rebuilds the suggestions index from the given suggestions and the learned ones.
  public func relearn() throws {
    let learned = learning.learn(from: try store.queries(since: clock() - learning.window), now: clock())
    guard !learned.isEmpty else {
      if suggestions.suggestions.count != baseSuggestions.count { suggestions = SuggestionsIndex(baseSuggestions) }
      return
    }
    suggestions = SuggestionsIndex(baseSuggestions + learned)
  }

  // MARK: - Results

  private enum Segment {
    case main, tail, created
  }

  public func results(query: String, page: Int) -> ResultsPage {
    let start = ContinuousClock.now
    let limit = (page + 1) * hitsPerPage
    let request = SearchRequest(query: query, page: 0, hitsPerPage: limit, highlightScope: .titleAndSnippet)
    var responses: [(Segment, SearchIndex?, SearchResponse)] = [(.main, catalog.index, mainSearcher.search(request))]
    if let tail { responses.append((.tail, tail.index, tail.searcher.search(request))) }
    if let createdSearcher { responses.append((.created, nil, createdSearcher.search(request))) }
    var merged: [(segment: Segment, index: SearchIndex?, hit: Hit)] = []
    for (segment, index, response) in responses { merged += response.hits.map { (segment, index, $0) } }
    if responses.count > 1 {
      let descending =
        catalog.settings.index.customRanking.first.map { if case .descending = $0 { true } else { false } } ?? true
      merged.sort { a, b in
        let x = RankingRule.relevance(a.hit.key)
        let y = RankingRule.relevance(b.hit.key)
        if x != y { return x < y }
        if a.segment == b.segment { return a.hit.key < b.hit.key }
        // Between segments: custom ranking, then title; created items last among equals.
        guard let ia = a.index, let ib = b.index else { return a.index != nil }
        let ca = ia.primaryCustomValue(a.hit.record)
        let cb = ib.primaryCustomValue(b.hit.record)
        if ca != cb { return descending ? ca > cb : ca < cb }
        let ta = ia.documents.withValue(a.hit.record, ia.titleColumn, TextFolding.foldedKey)
        let tb = ib.documents.withValue(b.hit.record, ib.titleColumn, TextFolding.foldedKey)
        return ta.lexicographicallyPrecedes(tb)
      }
    }
    let nbHits = responses.reduce(0) { $0 + $1.2.nbHits }
    let dropped = responses.first { !$0.2.droppedWords.isEmpty }?.2.droppedWords ?? []
    let parsed = ParsedQuery(query, typoTolerance: catalog.settings.index.typoTolerance)
    let offset = page * hitsPerPage
    let pageHits = merged.count > offset ? Array(merged[offset..<min(limit, merged.count)]) : []
    let hits = pageHits.map { entry -> ResultHit in
      guard let index = entry.index else { return resultHit(createdHit: entry.hit) }
      return resultHit(
        index: index, record: entry.hit.record, highlights: entry.hit.highlights, snippet: entry.hit.snippet,
        typos: entry.hit.ranking.typos)
    }
    var equal: [ResultHit] = []
    if page == 0 {
      let key = TextFolding.foldedKey(query)
      for index in [catalog.index, tail?.index].compactMap({ $0 }) {
        equal += index.records(titled: query).map { record in
          let (highlights, _) = Highlighter(index: index, query: parsed).highlight(record: record)
          return resultHit(index: index, record: record, highlights: highlights, snippet: nil, typos: 0)
        }
      }
      if !key.isEmpty {
        equal += created.filter { TextFolding.foldedKey($0.title) == key }.map { resultHit(created: $0, query: parsed) }
      }
    }
    let elapsed = ContinuousClock.now - start
    let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    return ResultsPage(
      query: query, page: page, hits: hits, nbHits: nbHits,
      nbPages: nbHits == 0 ? 0 : (nbHits + hitsPerPage - 1) / hitsPerPage,
      exhaustiveNbHits: responses.allSatisfy { $0.2.exhaustiveNbHits }, droppedWords: dropped,
      typoCorrected: pageHits.contains { $0.hit.ranking.typos > 0 }, equalItems: equal,
      milliseconds: ms)
  }

  /// How many hits a query has in all segments (no page, no highlighting), for the query log.
  func hitCount(query: String) -> Int {
    let request = SearchRequest(query: query, hitsPerPage: 1, highlight: false)
    return mainSearcher.search(request).nbHits + (tail?.searcher.search(request).nbHits ?? 0)
      + (createdSearcher?.search(request).nbHits ?? 0)
  }

  private func resultHit(
    index: SearchIndex, record: Int, highlights: [AttributeHighlight], snippet: Snippet?, typos: Int
  ) -> ResultHit {
    let documents = index.documents
    let titleName = documents.attributes[index.titleColumn]
    let details = catalog.settings.displayAttributes.compactMap { name -> String? in
      guard let column = documents.attributeIndex(name) else { return nil }
      let value = documents.value(record, column)
      if value.isEmpty { return nil }
      if name == "price", let price = Double(value) { return "$" + Self.formatPrice(price) }
      return value
    }
    return ResultHit(
      objectID: documents.objectID(record), title: documents.value(record, index.titleColumn),
      titleRanges: highlights.first { $0.attribute == titleName }?.ranges ?? [], details: details,
      snippet: snippet?.text, snippetRanges: snippet?.ranges ?? [], typos: typos)
  }

  private func resultHit(createdHit hit: Hit) -> ResultHit {
    let item = created[Int(hit.objectID.split(separator: "#").last!)!]
    return ResultHit(
      objectID: item.objectID, title: item.title, titleRanges: hit.highlights.first?.ranges ?? [],
      details: ["created"], typos: hit.ranking.typos)
  }

  private func resultHit(created item: CreatedItem, query: ParsedQuery) -> ResultHit {
    let (ranges, _) = Highlighter.matches(in: item.title, query: query, substring: true)
    return ResultHit(objectID: item.objectID, title: item.title, titleRanges: ranges, details: ["created"])
  }

  private func rebuildCreatedIndex() {
    guard !created.isEmpty else {
      createdSearcher = nil
      return
    }
    let attributes = catalog.index.documents.attributes
    var store = DocumentStore(attributes: attributes)
    for (i, item) in created.enumerated() {
      var values = [String](repeating: "", count: attributes.count)
      values[catalog.index.titleColumn] = item.title
      // The position in `created` rides in the objectID, so a hit finds its item.
      store.append(objectID: "\(item.objectID)#\(i)", values: values)
    }
    var settings = catalog.settings.index
    settings.substringMatching = true
    createdSearcher = Searcher(index: IndexBuilder.build(store, settings: settings))
  }

  /// The catalog record with this objectID, in whichever segment holds it.
  public func lookup(objectID: String) -> (index: SearchIndex, record: Int)? {
    for index in [catalog.index, tail?.index].compactMap({ $0 }) {
      if let record = index.record(objectID: objectID) { return (index, record) }
    }
    return nil
  }

  /// The item's title for printing: from the catalog, a created item, or the store.
  public func title(objectID: String) -> String? {
    if let item = created.first(where: { $0.objectID == objectID }) { return item.title }
    if let (index, record) = lookup(objectID: objectID) { return index.documents.value(record, index.titleColumn) }
    return (try? store.checkedItems())?.first { $0.objectID == objectID }?.title
  }

  /// The accepted item as a JSON object: the catalog record (numbers as numbers), or a created or
  /// missing item's objectID and title.
  public func json(objectID: String) -> JSONValue? {
    if let (index, record) = lookup(objectID: objectID) { return catalog.json(index: index, record: record) }
    guard let title = title(objectID: objectID) else { return nil }
    return .object([("objectID", .string(objectID)), ("title", .string(title))])
  }

  /// One attribute of the accepted item (its title when the catalog has no such attribute).
  public func value(objectID: String, attribute: String) -> String? {
    if let (index, record) = lookup(objectID: objectID), let column = index.documents.attributeIndex(attribute) {
      return index.documents.value(record, column)
    }
    return title(objectID: objectID)
  }

  static func formatPrice(_ price: Double) -> String {
    let cents = Int((price * 100).rounded())
    let fraction = cents % 100
    return "\(cents / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }
}
