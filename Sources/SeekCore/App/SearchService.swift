import SearchEngine
import SeekApp

/// The search lane's effect handler: answers searches of the results and the suggestions with
/// events, through the one `CatalogSearcher`. It holds no store: what the store says reaches it as
/// `Update`s from the write lane. Not thread-safe: one owner (the runtime's search lane).
public final class SearchService {
  /// Changes to what is searched, made on the search lane between searches.
  public enum Update: Sendable {
    case streamed(StreamingIndexer.Update)
    /// The input starts again (a reload): nothing of the one before stays.
    case restarted(Catalog)
    case created([CreatedItem])
    case learned([Suggestion])
    /// The user's recent searches, most recent first.
    case recent([String])
    /// An item picked for a query (recorded in the store).
    case picked(objectID: String, query: String, time: Double)
    /// A query's exact count, made on the count lane (see `CountJob`).
    case counted(CountJob.Answer)
  }

  public let searcher: CatalogSearcher
  public private(set) var suggestions: SuggestionsIndex
  public var hitsPerPage: Int
  /// How terms match (fzf's `-e`, `-i`, `+i`, and the fuzzy tier for lines).
  public var matching = MatchOptions()
  /// fzf's `--no-sort`: hits in input order.
  public var inputOrder = false
  /// Picks, which rank what was picked before higher (`learning`; `--no-learn` turns it off).
  public private(set) var picks = PickLog() { didSet { learnedSynonyms = nil } }
  /// Words learned from the picks (`LearnedSynonyms`), made again on the first search after a pick.
  private var learnedSynonyms: LearnedSynonyms? = nil
  public var learning = false
  /// The time frecency is measured at.
  public var clock: @Sendable () -> Double = { 0 }
  /// The last query's learned items: pages after the first, and the same query again, reuse them
  /// within the minute.
  /// The last exact count, for a query and its refinements in the catalog as it was (its
  /// generation), whatever the sort — a sort orders the same hits — so the relevance order's
  /// estimate gives way to it: back from a sort (F3), `118`, not `~118`.
  private var exactCount: (query: String, refinements: Refinements, generation: Int, nbHits: Int)? = nil
  /// What the lines became (`--ansi`, `--nth`, `--with-nth`): their colours are shown, and
  /// `{}` and `{1}` in commands are the line as read and its fields.
  public var lineShape = LineShape()
  /// What ends each line in a file a placeholder names (`{+f}`): `--print0`'s NUL, else a line
  /// break, as fzf writes them.
  public var printTerminator = "\n"
  /// fzf's `--id-nth`: the fields of a line that name it across reloads (`ResultHit.identity`).
  public var identityFields: [FieldRange] = []
  /// Suggestions given (file or generated), before any learned ones are added.
  private var baseSuggestions: [Suggestion]
  /// The categories queries point to, from a suggestions file (`QueryCategories`): generated
  /// suggestions' categories, their most popular record's, say nothing of what people meant (on
  /// Data/ they took category precision from 74.5% to 71.7%).
  private let categories: QueryCategories
  private var learned: [Suggestion] = []
  /// The user's recent searches, most recent first, with their folded keys (folded once, not on
  /// every keystroke).
  private var recent: [(text: String, key: [UInt8])] = []
  /// At most this many recent searches lead the pane: on the empty query, and for a prefix.
  public static let recentOnEmptyQuery = 5
  public static let recentForPrefix = 3

  /// Suggestions are generated from the catalog (no file was given): made again, with this
  /// minimum of hits, when streamed input has been indexed anew.
  private let generatingSuggestions: Int?
  /// Streamed catalogs larger than this keep the suggestions they have: generating takes about
  /// a second per million records, on the search lane.
  public static let regenerateSuggestionsUpTo = 300_000

  public init(
    catalog: Catalog, suggestions: [Suggestion], created: [CreatedItem] = [], learned: [Suggestion] = [],
    hitsPerPage: Int = 20, generatingSuggestions: Int? = nil, recent: [String] = []
  ) {
    self.generatingSuggestions = generatingSuggestions
    self.recent = recent.map { ($0, TextFolding.foldedKey($0)) }
    self.searcher = CatalogSearcher(catalog: catalog, created: created)
    self.hitsPerPage = SearchRequest.clamped(hitsPerPage: hitsPerPage)
    self.baseSuggestions = suggestions
    self.categories = QueryCategories(suggestions: generatingSuggestions == nil ? suggestions : [])
    self.learned = learned
    self.suggestions = SuggestionsIndex(suggestions + learned)
  }

  public var catalog: Catalog { searcher.catalog }

  public func apply(_ update: Update) {
    switch update {
    case .restarted(let catalog):
      searcher.restart(with: catalog)
    case .streamed(.rebuilt(let catalog)):
      searcher.replaceMain(with: catalog)
      if let minHits = generatingSuggestions, catalog.index.count <= Self.regenerateSuggestionsUpTo {
        baseSuggestions = SuggestionGenerator.generate(from: catalog, minHits: minHits)
        suggestions = SuggestionsIndex(baseSuggestions + learned)
      }
    case .streamed(.tail(let index)): searcher.setTail(index)
    case .streamed(.unindexed(let rows, let position)): searcher.appendUnindexed(rows, at: position)
    case .streamed(.wholeInput(let rows)): searcher.holdWholeInput(rows)
    case .created(let items): searcher.setCreated(items)
    case .recent(let list):
      recent = list.map { ($0, TextFolding.foldedKey($0)) }
    case .picked(let objectID, let query, let time):
      picks.record(objectID: objectID, query: query, time: time)
    case .counted(let answer):
      guard answer.contentGeneration == searcher.contentGeneration else { return }
      exactCount = (answer.query, answer.refinements, answer.contentGeneration, answer.nbHits)
    case .learned(let list):
      guard list != learned else { return }
      learned = list
      suggestions = SuggestionsIndex(baseSuggestions + list)
    }
  }

  /// Performs a search-lane effect; returns the event that answers it, if any. `early` is handed
  /// an interim answer first when the whole one must wait for a long scan (a pipe being read):
  /// the indexes' part, shown at once; the scan then completes it unless a newer search comes.
  public func perform(_ effect: SearchEffect, early: (SearchEvent) -> Void = { _ in }) -> SearchEvent? {
    switch effect {
    case .searchResults(let query, let page, let cursor, let refine, let revision, let count):
      if !refine.searchDisabled,
        searcher.scanTakesLong(CatalogSearcher.Request(query: query, page: page, cursor: cursor))
      {
        var interim = results(query: query, page: 0, refine: refine, skippingUnindexedLines: true)
        interim.interim = true
        interim.exhaustiveNbHits = false
        early(.answer(.resultsArrived(revision: revision, interim)))
      }
      let page = results(query: query, page: page, cursor: cursor, refine: refine, count: count)
      // A search that gave way to a newer one has no whole answer: the newer one answers.
      return searcher.lastSearchGaveWay ? nil : .answer(.resultsArrived(revision: revision, page))
    case .listMatches(let query, let refine, let how):
      return .answer(.matchesListed(how, allMatches(query: query, refine: refine)))
    case .searchSuggestions(let query, let revision):
      return .answer(.suggestionsArrived(revision: revision, suggestionHits(query)))
    case .loadDetails(let objectID, let query, let revision):
      return .details(.detailsArrived(revision: revision, details(objectID: objectID, query: query)))
    default:
      return nil
    }
  }

  // MARK: - Suggestions

  /// The pane's rows: the user's recent searches that start like the query (up to 5 on the empty
  /// query, 3 for a prefix), then popular suggestions, each query once.
  public func suggestionHits(_ query: String) -> [SuggestionHit] {
    let typed = TextFolding.foldedKey(query.trimming(" \t"))
    var shown = Set<[UInt8]>()
    var out: [SuggestionHit] = []
    for (text, key) in recent where out.count < (typed.isEmpty ? Self.recentOnEmptyQuery : Self.recentForPrefix) {
      guard typed.isEmpty || (key.starts(with: typed) && key != typed) else { continue }
      shown.insert(key)
      // The typed part is the start of the recent query: shown plain, the rest bold.
      let typedLength = typed.isEmpty ? 0 : min(text.utf8.count, prefixLength(of: text, matching: typed.count))
      out.append(
        SuggestionHit(
          suggestion: Suggestion(query: text, popularity: 0), ranges: typedLength > 0 ? [0..<typedLength] : [],
          isRecent: true))
    }
    let limit = SuggestionsIndex.defaultLimit
    for hit in suggestions.search(query, limit: limit + out.count) where out.count < limit {
      if shown.insert(TextFolding.foldedKey(hit.query)).inserted { out.append(hit) }
    }
    // The bare query before its category variant, as Algolia's query suggestions list them
    // ("apple", then "apple in MacBooks"): the top suggestion does not narrow to one category
    // unless that row is the one taken.
    if let i = out.firstIndex(where: { !$0.isRecent && $0.suggestion.category != nil }) {
      var bare = out[i]
      bare.suggestion.category = nil
      out.insert(bare, at: i)
      if out.count > limit { out.removeLast() }
    }
    return out
  }

  /// UTF-8 length of the shortest start of `text` whose folded form has `foldedCount` bytes.
  private func prefixLength(of text: String, matching foldedCount: Int) -> Int {
    var end = text.startIndex
    while end < text.endIndex {
      end = text.index(after: end)
      if TextFolding.foldedKey(String(text[..<end])).count >= foldedCount { break }
    }
    return text[..<end].utf8.count
  }

  // MARK: - Results

  /// The count lane's searcher: the same segments, its own scratch (made again when they change).
  private var countingSearcher: CatalogSearcher? = nil

  /// A job that counts every hit of `query` on another thread, as `results` finds them; nil when
  /// the count lane cannot (lines are being scanned: their counts are exact anyway).
  public func countJob(query: String, refine: Refine) -> CountJob? {
    if countingSearcher?.generation != searcher.generation { countingSearcher = searcher.copyForAnotherThread() }
    guard let countingSearcher, !refine.searchDisabled else { return nil }
    var request = CatalogSearcher.Request(
      query: query, hitsPerPage: 1, exhaustive: true, highlightScope: nil, refinements: refine.refinements,
      matching: matching)
    request.inputOrder = refine.inputOrder ?? inputOrder
    return CountJob(
      searcher: countingSearcher, request: request, hitsPerPage: hitsPerPage,
      contentGeneration: searcher.contentGeneration)
  }

  /// Buckets of a numeric facet's histogram in the refinement pane: one column each in the pane
  /// beside the results (34 columns, less its border and margins).
  public static let histogramBuckets = 24

  public func results(
    query: String, page: Int, cursor: CatalogSearcher.Cursor? = nil, refine: Refine = Refine(),
    skippingUnindexedLines: Bool = false, count: Int? = nil
  ) -> ResultsPage {
    let start = ContinuousClock.now
    var response: CatalogSearcher.Response
    var learnedItems: [String: (level: Int, reason: PickReason)] = [:]
    do {
      let request: CatalogSearcher.Request
      (request, learnedItems) = searchRequest(
        query: query, page: page, cursor: cursor, refine: refine, skippingUnindexedLines: skippingUnindexedLines,
        count: count)
      response = try searcher.search(request)
    } catch {
      var failed = ResultsPage(query: query, page: page, hits: [], nbHits: 0, nbPages: 0)
      failed.error = "refinement: \(error)"
      return failed
    }
    if !refine.searchDisabled && !skippingUnindexedLines {
      knownCount(&response, query: query, refinements: refine.refinements)
    }
    let parsed = ParsedQuery(query, settings: catalog.settings.index)
    let explained = refine.searchDisabled ? [] : learnedWords()?.explanations(for: query) ?? []
    let hits = response.hits.map {
      var hit = resultHit(
        kind: $0.kind, index: $0.index, record: $0.hit.record, highlights: $0.hit.highlights, snippet: $0.hit.snippet,
        typos: $0.hit.ranking.typos, query: parsed)
      hit.ranking = rankingDetails(
        index: $0.index, record: $0.hit.record, summary: $0.hit.ranking, query: parsed, sort: refine.sort)
      if $0.hit.ranking.learned > 0 { hit.ranking?.pick = learnedItems[hit.objectID]?.reason }
      hit.ranking?.learnedWords = explained
      hit.ranking?.optionalCategory = response.optionalCategory
      hit.ranking?.learning = learning
      return hit
    }
    let equal = page == 0 && !refine.searchDisabled ? equalItems(query, parsed: parsed, hits: hits) : []
    let elapsed = ContinuousClock.now - start
    let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    var out = ResultsPage(
      query: query, page: page, hits: hits, nbHits: response.nbHits, nbPages: response.nbPages,
      exhaustiveNbHits: response.exhaustiveNbHits, droppedWords: response.droppedWords,
      typoCorrected: response.typoCorrected, equalItems: equal, milliseconds: ms, next: response.next)
    out.facets = response.facets
    out.reorderedByLearning = response.reorderedByLearning
    out.banners = response.userData.compactMap(QueryRule.bannerText)
    out.priceFilter = response.priceFilter?.text
    out.refine = refine
    out.hitsPerPage = count.map { SearchRequest.clamped(hitsPerPage: $0) } ?? hitsPerPage
    out.recordCount = searcher.recordCount
    return out
  }

  /// The engine's request for a page of `query` under `refine`, and the records learned for the
  /// query (their level and why).
  private func searchRequest(
    query: String, page: Int, cursor: CatalogSearcher.Cursor?, refine: Refine, skippingUnindexedLines: Bool,
    count: Int?
  ) -> (CatalogSearcher.Request, [String: (level: Int, reason: PickReason)]) {
    var request = CatalogSearcher.Request(
      query: refine.searchDisabled ? refine.disabledQuery : query, page: page,
      hitsPerPage: count.map { SearchRequest.clamped(hitsPerPage: $0) } ?? hitsPerPage,
      cursor: page == 0 ? nil : cursor,
      highlightScope: .titleAndSnippet, refinements: refine.refinements,
      facets: page == 0 && refine.countFacets ? ["*"] : [],
      maxValuesPerFacet: refine.expandedFacets.isEmpty && refine.refinements.facets.isEmpty
        ? RefinementsState.facetValuesShown + 1 : RefinementsState.facetValuesExpanded,
      sort: refine.sort, matching: matching)
    request.inputOrder = refine.inputOrder ?? inputOrder
    request.skipsUnindexedLines = skippingUnindexedLines
    if page == 0 && refine.countFacets { request.histogramBuckets = Self.histogramBuckets }
    // While lines are scanned past the index (a pipe being read), the scan counts its part
    // exactly: the index counts its own exactly too, so that the count shown is exact and the
    // final index, taking over, shows the same (see `knownCount`).
    request.exhaustive = searcher.unindexedLines > 0
    let learnedItems = refine.searchDisabled ? [:] : learned(for: query)
    request.learned = learnedItems.mapValues(\.level)
    request.learnedWords = refine.searchDisabled ? nil : learnedWords()?.lexicon
    if !refine.searchDisabled && refine.sort == nil {
      request.optionalCategory = categories.category(
        for: query, picked: learnedItems.mapValues(\.level), in: catalog)
    }
    return (request, learnedItems)
  }

  /// The items whose name equals the query (the smart list puts them on top): records titled so,
  /// and hits of the page whose name is the query's words in other punctuation or number.
  private func equalItems(_ query: String, parsed: ParsedQuery, hits: [ResultHit]) -> [ResultHit] {
    var equal: [ResultHit] = []
    for found in searcher.records(titled: query) {
      let (highlights, _) = Highlighter(index: found.index, query: parsed).highlight(record: found.record)
      equal.append(
        resultHit(
          kind: found.kind, index: found.index, record: found.record, highlights: highlights, snippet: nil, typos: 0,
          query: parsed))
    }
    // The same name written with other punctuation or separators, or a word in its other
    // number (`apple`, `Apples`): a hit of the first page (a name equal to the query in words
    // matches every word whole, so it ranks on top).
    let name = ItemName.words(query)
    if !name.isEmpty {
      for hit in hits where !equal.contains(where: { $0.objectID == hit.objectID }) {
        if ItemName.same(ItemName.words(hit.title), name) { equal.append(hit) }
      }
    }
    return equal
  }

  /// At most this many matches are marked by one select-all: each mark is a store write.
  public static let markAllLimit = 100_000

  /// Every match of the query, ranked (at most `markAllLimit`), as select-all marks them.
  func allMatches(query: String, refine: Refine) -> [ListedMatch] {
    var request = CatalogSearcher.Request(
      query: refine.searchDisabled ? refine.disabledQuery : query, page: 0, hitsPerPage: Self.markAllLimit,
      exhaustive: true,
      highlightScope: nil, refinements: refine.refinements, sort: refine.sort, matching: matching)
    request.inputOrder = refine.inputOrder ?? inputOrder
    guard let response = try? searcher.search(request) else { return [] }
    return response.hits.map {
      let documents = $0.index.documents
      return ListedMatch(
        objectID: documents.objectID($0.hit.record), title: documents.value($0.hit.record, $0.index.titleColumn))
    }
  }

  /// Keeps an exact count, or puts the one kept for the same query, refinements and catalog in
  /// place of an estimate.
  private func knownCount(_ response: inout CatalogSearcher.Response, query: String, refinements: Refinements) {
    if response.exhaustiveNbHits {
      exactCount = (query, refinements, searcher.contentGeneration, response.nbHits)
    } else if let known = exactCount, known.query == query, known.refinements == refinements,
      known.generation == searcher.contentGeneration
    {
      response.nbHits = max(known.nbHits, response.nbHits)
      response.exhaustiveNbHits = true
    }
  }

  /// The items picks lift for `query` (none unless learning); the pick log keeps its lookups.
  func learned(for query: String) -> [String: (level: Int, reason: PickReason)] {
    guard learning, !picks.isEmpty else { return [:] }
    return picks.learned(for: query, now: clock())
  }

  /// The words learned from the picks (none unless learning), made once after the picks change.
  func learnedWords() -> LearnedSynonyms? {
    guard learning, !picks.isEmpty else { return nil }
    if let learnedSynonyms { return learnedSynonyms }
    let made = LearnedSynonyms(picks: picks.all, index: catalog.index)
    learnedSynonyms = made
    return made
  }

  /// Starts with the picks the store holds.
  public func setPicks(_ all: [Pick]) {
    picks = PickLog(all)
  }

  /// A hit as the list shows it: plain values; the created label and the details are data, their
  /// look is the renderer's.
  private func resultHit(
    kind: CatalogSearcher.SegmentKind, index: SearchIndex, record: Int, highlights: [AttributeHighlight],
    snippet: Snippet?, typos: Int, query: ParsedQuery
  ) -> ResultHit {
    let documents = index.documents
    let titleName = documents.attributes[index.titleColumn]
    var titleRanges = highlights.first { $0.attribute == titleName }?.ranges ?? []
    let details: [String]
    if kind == .created {
      details = ["created"]
      if titleRanges.isEmpty {  // created items match substrings: show where
        titleRanges =
          Highlighter.matches(in: documents.indexedValue(record, index.titleColumn), query: query, substring: true)
          .0
      }
    } else {
      details = catalog.settings.displayAttributes.compactMap { name -> String? in
        guard let column = documents.attributeIndex(name) else { return nil }
        let value = documents.indexedValue(record, column)
        if value.isEmpty { return nil }
        if name == "price", let price = Double(value), price.isFinite, abs(price) < 1e15 {
          return "$" + Self.formatPrice(price)
        }
        return value
      }
    }
    let title = documents.indexedValue(record, index.titleColumn)
    if titleRanges.isEmpty, let fields = highlights.first(where: { $0.attribute == LineShape.fieldsAttribute }) {
      titleRanges = Self.ranges(fields.ranges, of: fields.value, placedIn: title)
    }
    var hit = ResultHit(
      objectID: documents.objectID(record), title: title,
      titleRanges: titleRanges, details: details, snippet: snippet?.text, snippetRanges: snippet?.ranges ?? [],
      typos: typos, isCreated: kind == .created)
    hit.titleTail = documents.valueTail(record, index.titleColumn)
    if lineShape.ansi && lineShape.withNth.isEmpty && lineShape.withNthTemplate == nil,
      let column = documents.attributeIndex(LineShape.lineAttribute)
    {
      hit.titleColors = AnsiText.colors(documents.value(record, column))
    }
    if !identityFields.isEmpty {
      let line = documents.attributeIndex(LineShape.lineAttribute).map { documents.value(record, $0) } ?? title
      hit.identity = lineShape.select(identityFields, from: lineShape.ansi ? AnsiText.stripped(line) : line)
    }
    return hit
  }

  /// `--nth`: ranges matched in the searched fields, where those fields stand in the shown line:
  /// each part (one per range, `LineShape.searched`) where it first stands; none for a part
  /// that is not one piece of the line.
  static func ranges(_ ranges: [Range<Int>], of fields: String, placedIn title: String) -> [Range<Int>] {
    var out: [Range<Int>] = []
    var partStart = 0
    for part in fields.utf8.split(separator: MatchOptions.partSeparator, omittingEmptySubsequences: false) {
      let partEnd = partStart + part.count
      let text = String(decoding: part, as: UTF8.self)
      if !text.isEmpty, let found = title.range(of: text) {
        let shift = title.utf8.distance(from: title.startIndex, to: found.lowerBound) - partStart
        for range in ranges where range.lowerBound >= partStart && range.upperBound <= partEnd {
          out.append((range.lowerBound + shift)..<(range.upperBound + shift))
        }
      }
      partStart = partEnd + 1
    }
    return out
  }

  // MARK: - Details and preview

  /// Every attribute of the item, matched words highlighted for `query`.
  public func details(objectID: String, query: String) -> RecordDetails? {
    guard let (kind, index, record) = searcher.lookup(objectID: objectID) else { return nil }
    let documents = index.documents
    let parsed = ParsedQuery(query, settings: catalog.settings.index)
    let (highlights, _) =
      parsed.isEmpty ? ([], nil) : Highlighter(index: index, query: parsed).highlight(record: record, scope: .all)
    var fields: [RecordDetails.Field] = []
    for (column, name) in documents.attributes.enumerated() where name != RecordTable.typesAttribute {
      let value = documents.value(record, column)
      guard !value.isEmpty else { continue }
      fields.append(.init(name: name, value: value, ranges: highlights.first { $0.attribute == name }?.ranges ?? []))
    }
    if kind == .created { fields.append(.init(name: "created", value: "made with the create row")) }
    return RecordDetails(objectID: objectID, fields: fields)
  }

  /// A `--bind` command filled as `previewCommand` fills a preview, and `{+}`: the marked items
  /// (or the current one), each shell-quoted, separated by spaces.
  public func boundCommand(
    template: String, current: String?, marked: [String], query: String, variables: [String: String] = [:]
  ) -> String {
    previewCommand(template: template, objectID: current ?? "", query: query, marked: marked, variables: variables)
  }

  /// The line as read or the title, without its colour sequences (`--ansi`), as fzf fills
  /// placeholders: `{}`, `{+}`, fields.
  func lineText(objectID: String) -> String? {
    guard let (_, index, record) = searcher.lookup(objectID: objectID) else { return nil }
    let documents = index.documents
    let line = documents.value(record, documents.attributeIndex(LineShape.lineAttribute) ?? index.titleColumn)
    return lineShape.ansi ? AnsiText.stripped(line) : line
  }

  /// A `--preview` template filled for the item, as fzf fills it (`CommandTemplate`): `{}` the
  /// line (or title), `{q}` the query, `{n}` its place in the input (from 0), `{1}`, `{-1}`,
  /// `{2..}` the line's fields, `{attribute}` that attribute's value, `{+…}` the `marked` items
  /// (or the current one), `{*…}` every match of `query`, `{fzf:action}` and `{fzf:prompt}` from
  /// `variables` — each shell-quoted unless `r` asks otherwise, so no value can break out of its
  /// word. Anything else in braces is left as it is.
  public func previewCommand(
    template: String, objectID: String, query: String, marked: [String]? = nil, variables: [String: String] = [:]
  ) -> String {
    var out = ""
    for part in CommandTemplate(template).parts {
      switch part {
      case .text(let text): out += text
      case .line(let placeholder): out += filled(placeholder, current: objectID, marked: marked, query: query)
      case .query(let fields, let keepsBlanks):
        out += Self.shellQuoted(
          fields.map { Self.fields($0, of: query, LineShape(), keepsBlanks: keepsBlanks) } ?? query)
      case .fzf(let name):
        let value = name == "query" ? query : variables["FZF_" + name.uppercased()] ?? ""
        // `{fzf:action}` is an action's name, left unquoted as fzf leaves it (`echo
        // "change-prompt({fzf:action})"`); a name that is not plain is quoted all the same.
        let plain = name == "action" && value.allSatisfy { $0.isLetter || $0.isNumber || "-+/".contains($0) }
        out += plain ? value : Self.shellQuoted(value)
      case .attribute(let name):
        let found = searcher.lookup(objectID: objectID)
        let value = found.flatMap { f in
          f.index.documents.attributeIndex(name).map { f.index.documents.value(f.record, $0) }
        }
        out += value.map(Self.shellQuoted) ?? "{\(name)}"
      }
    }
    return out
  }

  /// One line placeholder's words: each item's text, fields or place, quoted (or not, `r`), or
  /// the path of a file holding them (`f`).
  private func filled(_ placeholder: CommandTemplate.Placeholder, current: String, marked: [String]?, query: String)
    -> String
  {
    let currentOnly = current.isEmpty ? [] : [current]
    let ids: [String]
    switch placeholder.items {
    case .current: ids = currentOnly
    case .selected: ids = marked?.isEmpty == false ? marked! : currentOnly
    case .matched: ids = allMatches(query: query, refine: Refine()).map(\.objectID)
    }
    let values = ids.map { id -> String in
      if placeholder.ordinal { return searcher.ordinal(objectID: id).map(String.init) ?? "" }
      let text = lineText(objectID: id) ?? ""
      return placeholder.fields.map { Self.fields($0, of: text, lineShape, keepsBlanks: placeholder.keepsBlanks) }
        ?? text
    }
    if placeholder.file {
      return Self.shellQuoted(PlaceholderFiles.write(values.map { $0 + printTerminator }.joined()))
    }
    // A place is a number, which needs no quotes; none is an empty word.
    if placeholder.ordinal {
      return values.isEmpty ? "''" : values.map { $0.isEmpty ? "''" : $0 }.joined(separator: " ")
    }
    if placeholder.raw { return values.joined(separator: " ") }
    return values.isEmpty ? Self.shellQuoted("") : values.map(Self.shellQuoted).joined(separator: " ")
  }

  /// Fields of `text` as a placeholder gives them: each range's, without delimiters and blanks,
  /// joined by a space; `keepsBlanks` (`s`): as they stand in the text.
  static func fields(_ ranges: [FieldRange], of text: String, _ shape: LineShape, keepsBlanks: Bool) -> String {
    guard keepsBlanks else { return ranges.map { shape.field($0, of: text) }.joined(separator: " ") }
    let all = shape.fields(of: text)
    return ranges.map { $0.resolve(count: all.count).map { String(all[$0]) }.joined() }.joined(separator: " ")
  }

  /// `--preview-window +{2}`: the number in that field of the hit's line (nil without one).
  public func previewBaseLine(objectID: String, field: FieldRange) -> Int? {
    guard let text = lineText(objectID: objectID) else { return nil }
    return Self.leadingNumber(lineShape.field(field, of: text))
  }

  /// The number a field starts with, punctuation before it skipped, as fzf reads it (`:123:`
  /// from `grep -n`'s `file:123:` cut at a blank is 123).
  static func leadingNumber(_ field: String) -> Int? {
    let digits = field.drop { $0.isASCII && $0.isPunctuation || $0.isASCII && $0.isSymbol }.prefix {
      $0.isASCII && $0.isNumber
    }
    return Int(digits)
  }

  /// `it's` → `'it'\''s'` (POSIX shells; `CommandShell` quotes for the shell the command runs
  /// in): one shell word whatever it holds.
  static func shellQuoted(_ text: String) -> String {
    CommandShell.current.quoted(text)
  }

  /// The ranking criteria of a hit, for the details pane: raw values (made for every hit of a
  /// page; the pane formats only the one it shows).
  func rankingDetails(
    index: SearchIndex, record: Int, summary: MatchSummary, query: ParsedQuery, sort: SortOrder?
  ) -> RankingDetails {
    let documents = index.documents
    let custom = index.settings.customRanking.map { rule in
      RankingDetails.CustomValue(
        rule: rule,
        value: documents.attributeIndex(rule.attribute).flatMap { column in
          documents.withValue(record, column, IndexBuilder.parseNumber)
        })
    }
    let sortValue = sort.flatMap { index.facets.numericFacet($0.attribute)?.numbers[record] }
    let attribute =
      summary.attribute < index.searchableColumns.count
      ? documents.attributes[index.searchableColumns[summary.attribute]] : "#\(summary.attribute)"
    return RankingDetails(
      match: summary, wordCount: query.words.count, attribute: attribute,
      attributeOrdered: index.settings.orderedAttributes.contains(attribute), sort: sort,
      sortValue: sortValue.flatMap { $0.isNaN ? nil : $0 }, custom: custom)
  }

  // MARK: - Items, for printing what was accepted

  /// The item's title: from the catalog or a created item; nil when neither holds it.
  public func title(objectID: String) -> String? {
    guard let (_, index, record) = searcher.lookup(objectID: objectID) else { return nil }
    return index.documents.value(record, index.titleColumn)
  }

  /// The item as JSON (`Catalog.json`, `createdJSON`).
  public func json(objectID: String) -> JSONValue? {
    guard let (kind, index, record) = searcher.lookup(objectID: objectID) else { return nil }
    if kind == .created {
      return catalog.createdJSON(objectID: objectID, title: index.documents.value(record, index.titleColumn))
    }
    return catalog.json(index: index, record: record)
  }

  /// One attribute of the item (its title when the catalog has no such attribute).
  public func value(objectID: String, attribute: String) -> String? {
    guard let (kind, index, record) = searcher.lookup(objectID: objectID) else { return nil }
    if kind != .created, let column = index.documents.attributeIndex(attribute) {
      return index.documents.value(record, column)
    }
    return index.documents.value(record, index.titleColumn)
  }

  /// Prices in cents, for display; values too large for that are shown as they are.
  static func formatPrice(_ price: Double) -> String {
    let cents = Int((price * 100).rounded())
    let fraction = abs(cents % 100)
    return (cents < 0 && cents > -100 ? "-" : "") + "\(cents / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }
}
