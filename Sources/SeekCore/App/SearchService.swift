import SearchEngine

/// Performs the state machine's effects against the catalog, the suggestions and the store, and
/// answers with events. Not thread-safe: one owner (the app's search worker) calls it.
public final class SearchService {
  public let catalog: Catalog
  public private(set) var suggestions: SuggestionsIndex
  public let store: ItemStore
  public var hitsPerPage: Int
  private let searcher: Searcher
  /// Items created from the create row: a small second index searched beside the catalog's.
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
    self.searcher = Searcher(index: catalog.index)
    self.clock = clock
    self.baseSuggestions = suggestions
    self.learning = learning
    self.suggestions = SuggestionsIndex(suggestions)
    self.created = try store.createdItems()
    rebuildCreatedIndex()
    try relearn()
  }

  /// The checked objectIDs to start with.
  public func initialChecks() throws -> [String] { try store.checkedItems().map(\.objectID) }

  /// Checked items that are neither in the catalog nor created here (the catalog changed): kept in
  /// the store and reported, never silently dropped.
  public func missingCheckedItems() throws -> [(objectID: String, title: String)] {
    try store.checkedItems().filter { item in
      catalog.index.record(objectID: item.objectID) == nil && !created.contains { $0.objectID == item.objectID }
    }
  }

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
      let nbHits = results(query: query, page: 0).nbHits
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

  public func results(query: String, page: Int) -> ResultsPage {
    let start = ContinuousClock.now
    let limit = (page + 1) * hitsPerPage
    var merged: [(hit: Hit, fromCreated: Bool)]
    var nbHits: Int
    var response = searcher.search(SearchRequest(query: query, page: 0, hitsPerPage: limit))
    merged = response.hits.map { ($0, false) }
    nbHits = response.nbHits
    if let createdSearcher {
      let extra = createdSearcher.search(SearchRequest(query: query, page: 0, hitsPerPage: limit))
      if extra.nbHits > 0 {
        nbHits += extra.nbHits
        merged += extra.hits.map { ($0, true) }
        merged.sort { a, b in
          let x = RankingRule.relevance(a.hit.key)
          let y = RankingRule.relevance(b.hit.key)
          if x != y { return x < y }
          // Created items have no custom ranking value: after catalog items of equal relevance.
          if a.fromCreated != b.fromCreated { return !a.fromCreated }
          return a.hit.key < b.hit.key
        }
        if response.nbHits == 0 { response.droppedWords = extra.droppedWords }
      }
    }
    let parsed = ParsedQuery(query, typoTolerance: catalog.settings.index.typoTolerance)
    let offset = page * hitsPerPage
    let pageHits = merged.count > offset ? Array(merged[offset..<min(limit, merged.count)]) : []
    let hits = pageHits.map { $0.fromCreated ? resultHit(createdHit: $0.hit) : resultHit(catalogHit: $0.hit) }
    var equal: [ResultHit] = []
    if page == 0 {
      equal = catalog.index.records(titled: query).map { record in
        let (highlights, _) = Highlighter(index: catalog.index, query: parsed).highlight(record: record)
        return resultHit(record: record, highlights: highlights, snippet: nil, typos: 0)
      }
      equal += created.filter { TextFolding.foldedKey($0.title) == TextFolding.foldedKey(query) && !TextFolding.foldedKey(query).isEmpty }
        .map { resultHit(created: $0, query: parsed) }
    }
    let elapsed = ContinuousClock.now - start
    let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    return ResultsPage(
      query: query, page: page, hits: hits, nbHits: nbHits,
      nbPages: nbHits == 0 ? 0 : (nbHits + hitsPerPage - 1) / hitsPerPage,
      exhaustiveNbHits: response.exhaustiveNbHits, droppedWords: response.droppedWords,
      typoCorrected: pageHits.contains { $0.hit.ranking.typos > 0 }, equalItems: equal,
      milliseconds: ms)
  }

  private func resultHit(catalogHit hit: Hit) -> ResultHit {
    resultHit(record: hit.record, highlights: hit.highlights, snippet: hit.snippet, typos: hit.ranking.typos)
  }

  private func resultHit(record: Int, highlights: [AttributeHighlight], snippet: Snippet?, typos: Int) -> ResultHit {
    let documents = catalog.index.documents
    let titleName = documents.attributes[catalog.index.titleColumn]
    let details = catalog.settings.displayAttributes.compactMap { name -> String? in
      guard let column = documents.attributeIndex(name) else { return nil }
      let value = documents.value(record, column)
      if value.isEmpty { return nil }
      if name == "price", let price = Double(value) { return "$" + Self.formatPrice(price) }
      return value
    }
    return ResultHit(
      objectID: documents.objectID(record), title: documents.value(record, catalog.index.titleColumn),
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

  /// The item's title for printing, whether from the catalog or created.
  public func title(objectID: String) -> String? {
    if let item = created.first(where: { $0.objectID == objectID }) { return item.title }
    if let record = catalog.index.record(objectID: objectID) { return catalog.title(record: record) }
    return (try? store.checkedItems())?.first { $0.objectID == objectID }?.title
  }

  static func formatPrice(_ price: Double) -> String {
    let cents = Int((price * 100).rounded())
    let fraction = cents % 100
    return "\(cents / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }
}
