/// The results list and its paging: the pages loaded for one query, the selected row, and the
/// first row on screen.
public struct ResultsListState: Sendable, Equatable {
  public var results = ResultsState()
  /// Selected row of `results.rows` when focus is on the results.
  public var selection = 0
  /// First row of `results.rows` on screen.
  public var scrollOffset = 0
  /// The latest request; answers of older ones are dropped.
  public var revision = 0
  /// The latest request whose whole first page has arrived.
  public var answeredRevision = 0
  /// The selection is the first hit a submit put the focus on, not a row the user moved to:
  /// Space then types a space (` tv` after `samsung`, Enter), instead of checking that hit.
  public var selectedBySubmit = false
  /// A search was submitted: select its first hit (never the create row) when it arrives.
  public var selectFirstHitOnArrival = false
  /// After a `reload`: the row to select again once the new list has it, until the reload ends
  /// or the user moves.
  public var reselect: Reselect? = nil
  /// fzf's `--track`, `track-current`, `--id-nth`.
  public var tracking = Tracking()
  /// Rows kept in view above and below the selection as it moves (fzf's `--scroll-off`).
  public var scrollOff = 0
  /// fzf's `last` and `pos(-N)` count from the last match, not the last row loaded: the
  /// selection stays N rows from the end of each page loaded after it until the last, or until
  /// the user moves (1: the last).
  public var fromEnd: Int? = nil
  /// Moves down from the top line made while the list was empty (keys typed faster than the
  /// answers came): done once the answer for the query arrives, as fzf's cursor keeps its
  /// place across the answers.
  public var pendingMoves = 0
  /// fzf's `search(…)`: the text the list is searched for instead of the query, until the query
  /// changes (lines streaming in are searched for it too).
  public var searchedFor: String? = nil
  /// Lines taken out of the list for this run (fzf's `exclude`, `exclude-multi`), by id.
  public var excluded: Set<String> = []
  /// fzf's `--multi-line`: an item's line breaks start rows of their own (`ItemRows`).
  public var multiLine = false

  public init() {}

  /// A run's start: fzf's `--scroll-off`, `--track`, lines that carry a key (`--id-nth`), and
  /// `--multi-line`.
  public init(scrollOff: Int, track: Bool, identifiesLines: Bool, multiLine: Bool = false) {
    self.scrollOff = scrollOff
    self.multiLine = multiLine
    if track { tracking.mode = .always }
    tracking.identified = identifiesLines
  }

  public var selectedRow: ResultRow? { results.row(at: selection) }
}

/// What a reload keeps: Seek's list keeps the item the cursor was on (by objectID); run as fzf,
/// the cursor keeps its place (fzf's reload), the item followed only with `--track --id-nth`.
public enum Reselect: Sendable, Equatable {
  case item(String)
  case row(Int)
}

/// The results' concern: asking for pages (the first for a query, the next as the selection
/// nears the end: infinite scroll), taking them in, and keeping the selection on a row and on
/// screen. It is told how many rows the pane has (`Viewport.resultsRows`) and whether the list has
/// the focus; moving the focus is `SearchReducer`'s.
enum ResultsReducer {
  /// Rows from the end of the loaded hits at which the next page is requested.
  static let pageLoadThreshold = 5

  /// The first page for `query`; answers of earlier requests will be dropped.
  static func search(_ list: inout ResultsListState, _ query: String, _ refine: Refine) -> SearchEffect {
    list.revision += 1
    return .searchResults(query: query, page: 0, refine: refine, revision: list.revision)
  }

  /// The latest request's whole first page is in.
  static func answered(_ list: inout ResultsListState) {
    list.answeredRevision = list.revision
  }

  /// The first page of the query on screen again (the catalog or the created items changed).
  static func searchAgain(_ list: inout ResultsListState, _ refine: Refine) -> SearchEffect {
    search(&list, list.results.query, refine)
  }

  /// fzf's cursor across a new query: it keeps its place (clamped to the new list's rows).
  static func keepPlace(_ list: inout ResultsListState) {
    list.fromEnd = nil
    list.pendingMoves = 0
    list.searchedFor = nil
  }

  /// Back to the first row (a new query or new refinements).
  static func rewind(_ list: inout ResultsListState) {
    list.selection = 0
    list.scrollOffset = 0
    list.fromEnd = nil
    list.pendingMoves = 0
    list.searchedFor = nil
  }

  /// Moves made past the rows loaded, made now that a later page added rows (the rest wait
  /// for the next one).
  static func makePendingMoves(_ list: inout ResultsListState) {
    guard list.pendingMoves > 0 else { return }
    let target = list.selection + list.pendingMoves
    list.pendingMoves = list.results.hasMorePages ? max(0, target - (list.results.rowCount - 1)) : 0
    list.selection = min(target, list.results.rowCount - 1)
  }

  /// fzf's `search(…)`: the list searched for `text`, not the query, until the query changes.
  static func search(_ list: inout ResultsListState, for text: String, _ refine: Refine) -> SearchEffect {
    list.searchedFor = text
    return search(&list, text, refine)
  }

  /// A reload's list is another list: what was excluded from the one before names none of its
  /// lines (fzf's exclusions end with the list).
  static func reloadStarting(_ list: inout ResultsListState) {
    list.excluded.removeAll()
  }

  /// `ids` out of the list, now and in every answer after (until a reload).
  static func exclude(_ list: inout ResultsListState, _ ids: [String]) {
    list.excluded.formUnion(ids)
    let before = list.results.hits.count
    list.results.hits.removeAll { list.excluded.contains($0.objectID) }
    let removed = before - list.results.hits.count
    list.results.nbHits = max(list.results.hits.count, list.results.nbHits - removed)
    list.results.excludedCounted += removed
  }

  /// An answer without the lines taken out, counted without them.
  static func withoutExcluded(_ page: ResultsPage, _ excluded: Set<String>) -> ResultsPage {
    guard !excluded.isEmpty else { return page }
    var page = page
    let before = page.hits.count
    page.hits.removeAll { excluded.contains($0.objectID) }
    page.excludedRemoved = before - page.hits.count
    page.nbHits = max(0, page.nbHits - page.excludedRemoved)
    return page
  }

  /// Keeps the selection on a row and on screen, `rows` rows high.
  static func clamp(_ list: inout ResultsListState, rows: Int) {
    let count = list.results.rowCount
    list.selection = max(0, min(list.selection, count - 1))
    let height = max(1, rows)
    // fzf's bound: half the pane; with an even pane both rules can hold, the lower one wins.
    let margin = min(list.scrollOff, height / 2)
    if list.selection < list.scrollOffset + margin { list.scrollOffset = list.selection - margin }
    if list.selection >= list.scrollOffset + height - margin {
      list.scrollOffset = list.selection - height + 1 + margin
    }
    // Past the rows loaded only while more are to come (`shiftView`): the next page fills them.
    let lastOffset = list.results.hasMorePages ? max(list.selection, count - height) : count - height
    list.scrollOffset = max(0, min(list.scrollOffset, max(0, lastOffset)))
  }

  /// fzf's `offset-up`/`offset-down`: the view moved `lines` (within the rows loaded); the row
  /// the cursor goes to: `current` while it stays in view, past the scroll-off margin, else the
  /// nearest row that is.
  static func shiftView(_ list: inout ResultsListState, by lines: Int, current: Int, rows: Int) -> Int {
    let count = list.results.rowCount
    let height = max(1, rows)
    let margin = min(list.scrollOff, height / 2)
    // Rows not loaded yet are shifted into view too (six `offset-up` typed at once on a first
    // page as tall as the screen); the next page is then asked for (`loadMoreIfNeeded`).
    let lastOffset = list.results.hasMorePages ? count - 1 : count - height
    let offset = max(0, min(list.scrollOffset + lines, max(0, lastOffset)))
    list.scrollOffset = offset
    let first = offset + (offset > 0 ? margin : 0)
    let last = offset + height - 1 - (offset + height < count ? margin : 0)
    return max(first, min(current, last, count - 1))
  }

  /// fzf's `offset-middle`: the view set with `row` in its middle, as far as the list allows.
  static func centre(_ list: inout ResultsListState, on row: Int, rows: Int) {
    let height = max(1, rows)
    list.scrollOffset = max(0, min(row - (height - 1) / 2, list.results.rowCount - height))
  }

  /// Infinite scroll: near the end of the loaded rows (or when they do not fill the pane), ask
  /// for the next page, once.
  static func loadMoreIfNeeded(
    _ list: inout ResultsListState, rows: Int, focused: Bool, _ refine: Refine
  ) -> [SearchEffect] {
    let results = list.results
    guard !results.isPending, results.hasMorePages, results.loadingPage == nil else { return [] }
    let count = results.rowCount
    let nearEnd = focused && list.selection >= count - pageLoadThreshold
    guard nearEnd || count < rows + list.scrollOffset else { return [] }
    return loadNextPage(&list, refine)
  }

  /// The next page of the results on screen, unless it is asked for already or there is none;
  /// `count` hits in it (nil: the searcher's page size).
  static func loadNextPage(_ list: inout ResultsListState, _ refine: Refine, count: Int? = nil) -> [SearchEffect] {
    let results = list.results
    guard !results.isPending, results.hasMorePages, results.loadingPage == nil else { return [] }
    list.results.loadingPage = results.pagesLoaded
    return [
      .searchResults(
        query: results.query, page: results.pagesLoaded, cursor: results.next, refine: refine,
        revision: list.revision, count: count)
    ]
  }

  /// Answers to the requests made so far are dropped when they come (the list they are about is
  /// being replaced); the next request's answers are taken.
  static func dropAnswersInFlight(_ list: inout ResultsListState) {
    list.revision += 1
  }

  /// A page after the first: its hits appended (each once); false when it is not the page
  /// awaited for the query on screen.
  static func appendLaterPage(_ list: inout ResultsListState, _ page: ResultsPage) -> Bool {
    guard page.page == list.results.pagesLoaded, page.query == list.results.query else { return false }
    let loaded = Set(list.results.hits.map(\.objectID))
    list.results.hits += page.hits.filter { !loaded.contains($0.objectID) }
    list.results.pagesLoaded += 1
    list.results.loadingPage = nil
    list.results.milliseconds = page.milliseconds
    list.results.next = page.next
    list.results.recordCount = max(list.results.recordCount, page.recordCount)
    // Its count holds the excluded hits of the pages before it too.
    var page = page
    page.nbHits = max(0, page.nbHits - list.results.excludedCounted)
    list.results.excludedCounted += page.excludedRemoved
    countFromLaterPage(&list.results, page)
    return true
  }

  /// The count lane's exact count for the results on screen (their first page had an estimate);
  /// a later page may have made the count exact already.
  static func exactCountArrived(_ results: inout ResultsState, nbHits: Int, nbPages: Int) {
    guard !results.exhaustiveNbHits else { return }
    results.nbHits = max(nbHits - results.excludedCounted, results.hits.count)
    results.nbPages = max(nbPages, results.pagesLoaded)
    results.exhaustiveNbHits = true
  }

  /// A later page's count: exact when its search counted every match (a page past the typo-free
  /// hits runs the typo tier), never below what is loaded; an empty page means every hit is
  /// loaded, so the count is what was loaded.
  static func countFromLaterPage(_ results: inout ResultsState, _ page: ResultsPage) {
    if page.exhaustiveNbHits {
      results.nbHits = page.nbHits
      results.nbPages = page.nbPages
      results.exhaustiveNbHits = true
    } else {
      results.nbHits = max(results.nbHits, page.nbHits, results.hits.count)
      results.nbPages = max(results.nbPages, page.nbPages)
    }
    if page.hits.isEmpty && !results.exhaustiveNbHits {
      results.nbHits = results.hits.count
      results.nbPages = results.pagesLoaded
      results.exhaustiveNbHits = true
    }
    // Pages of another size (a tracked line sought in pages that double) count other pages:
    // after a full page, while hits are known to be left, another page is.
    if let size = page.hitsPerPage, page.hits.count >= size, results.hits.count < results.nbHits {
      results.nbPages = max(results.nbPages, results.pagesLoaded + 1)
    }
  }
}

extension ResultsState {
  /// The results a first page starts.
  init(firstPage page: ResultsPage, offersCreate: Bool) {
    self.init()
    query = page.query
    hits = page.hits
    // The smart list's rule (an item named as the query leads): a plain list (no create row)
    // keeps the engine's order, so that a line picked for the query can lead.
    equalItems = offersCreate ? page.equalItems : []
    nbHits = page.nbHits
    nbPages = page.nbPages
    excludedCounted = page.excludedRemoved
    recordCount = page.recordCount
    pagesLoaded = 1
    exhaustiveNbHits = page.exhaustiveNbHits
    droppedWords = page.droppedWords
    typoCorrected = page.typoCorrected
    banners = page.banners
    priceFilter = page.priceFilter
    reorderedByLearning = page.reorderedByLearning
    milliseconds = page.milliseconds
    next = page.next
    facets = page.facets
    isPending = false
    self.offersCreate = offersCreate
  }
}
