import SearchEngine

/// Everything the screen shows, as one value: the SearchViewModel of Algolia's query-suggestions
/// guide (searchQuery, suggestions, didSubmitSuggestion, paginated hits) plus the smart list
/// (checked items, create row, exact match on top). Changed only by `SearchReducer`.
///
/// Composed as TCA's `Scope` composes: each concern owns its state, changed only by its own
/// reducer — the query line (`editor`), the suggestions pane, the results list and its paging
/// (`list`), refinements and their pane (`refining`), the details pane, and picking with the store
/// (`marks`). What crosses concerns stays here: the focus, the viewport, the status line's message,
/// fzf's bindings and jump, and the streaming progress. A concern's fields are read through it
/// (`state.list.selection`, `state.editor.text`): no property here stands for a child's. The
/// properties below the stored ones are derived views the renderer and the tests read.
public struct SearchState: Sendable, Equatable {
  public enum Focus: Sendable, Equatable {
    /// Typing goes to the query; a suggestion may be highlighted.
    case query
    /// A result row is selected.
    case results
    /// A row of the refinement pane is selected.
    case refinements
  }

  public var editor = QueryState()
  public var suggestionsPane = SuggestionsState()
  public var list = ResultsListState()
  public var refining = RefinementsState()
  /// The details pane (the record, or `--preview`).
  public var details = DetailsState()
  public var marks = MarksState()
  /// fzf's `--nth`, `--with-nth`, `--header-lines` as changed while the app runs.
  public var fields = LineFieldsState()

  public var focus = Focus.query
  /// The screen as the terminal last laid it out.
  public var viewport = Viewport()
  /// A short message for the status line (e.g. a store error).
  public var message: String? = nil
  /// The shared store is out of reach (what `ItemStore.syncNote` says): on the status line for
  /// as long as it lasts, not a message the next key clears.
  public var storeNote: String? = nil
  /// `--header` (fzf's): lines shown under the query, above the lists; never searched.
  public var header: [String] = []
  /// `--footer` (fzf's): lines shown at the list's far end, under a rule; never searched.
  public var footer: [String] = []
  /// The last clicks on the header and on the footer: kept, as fzf keeps them, so that a command
  /// started later (a preview) still reads them.
  public var headerClick: SectionClick? = nil
  /// fzf's labels on its sections' borders (`--list-label`, …, `change-list-label`).
  public var sectionLabels = SectionLabels()
  public var footerClick: SectionClick? = nil
  /// How many of the header's last lines came from the input (`--header-lines`): they follow
  /// the list's direction, where `--header`'s lines stay upright.
  public var inputHeaderLines = 0
  /// `--bind` on events (fzf's `start`, `change`, `one`, …): their actions.
  public var eventBindings: [BindEvent: [BindAction]] = [:]
  /// Every key's actions by its name (the user's `--bind`, else Seek's own), for fzf's
  /// `trigger(KEY)`.
  public var keyActions: [String: [BindAction]] = [:]
  /// The keys and events a `trigger` is running the actions of: a `trigger` of one of them
  /// inside them does nothing (fzf's `a:up+trigger(a)` moves up twice, never forever).
  public var triggering: Set<String> = []
  /// Keys and events whose bindings `unbind` turned off (by name), until `rebind`.
  public var unbound: Set<String> = []
  /// fzf's `wait`: the actions after it, held until the input is read and the query's results
  /// are in; keys meanwhile do nothing, and Ctrl-C drops them.
  public var afterWait: [BindAction]? = nil
  /// fzf's `--info-command`: run when the position or the counts change, its first line shown
  /// in the counts' place (`infoText`), asked for with `FZF_POS` and `FZF_INFO` as last asked.
  public var infoCommand: String? = nil
  public var infoText: String? = nil
  public var infoAsked: InfoAsked? = nil
  /// fzf's `jump`: the labels, and the jump waiting for one.
  public var jump = JumpState()
  /// fzf's `change-prompt`: the prompt in place of the one given at start.
  public var prompt: String? = nil
  /// fzf's `change-pointer`: the pointer in place of the one given at start.
  public var pointer: String? = nil
  /// fzf's `change-ghost` and `change-border-label`: the text in place of the one given at start.
  public var ghost: String? = nil
  public var borderLabel: String? = nil
  /// fzf's `hide-header` (and `toggle-header`): no header lines drawn, `--header`'s nor the
  /// input's.
  public var headerHidden = false
  /// fzf's `toggle-hscroll`: a line too long is cut the other way from the one given at start
  /// (its start kept, or scrolled to its matches).
  public var hscrollToggled = false
  /// fzf's `print(…)`: lines printed on accept, before the items.
  public var printQueue: [String] = []
  /// Where the count and the hints go (fzf's `--info`).
  public var info = InfoStyle.line
  /// Whose screen is drawn: Seek's or, run as `fzf`, fzf's.
  public var look = ScreenLook.seek
  /// A key toggles the sort (fzf's `toggle-sort`): fzf's info line then says `+S` or `-S`.
  public var sortToggleBound = false
  /// The status line follows the query line (fzf's info line above a prompt at the bottom) rather
  /// than closing the screen. Set by the terminal for layouts that put the prompt at the bottom.
  public var statusFollowsQuery = false
  /// While records stream in from a pipe: how many are indexed; nil for a complete catalog.
  public var streamedRecords: Int? = nil
  /// The input has ended: `streamedRecords` (the spinner) stays until the results of all of it
  /// arrive, so that no frame shows a count of fewer lines without saying it is still counting.
  public var inputEnded = false
  /// How much of a file being read is read, in percent (nil for a pipe).
  public var streamedPercent: Int? = nil
  /// fzf's `load` has fired for the list whole from the start (a reload's fires it again).
  public var loadFired = false
  /// The spinner's frame, turned by each tick while input streams in.
  public var spinnerFrame = 0
  /// Idle time since the store was last looked at for other processes' writes.
  public var idleMilliseconds = 0

  /// How often an idle app looks for other processes' writes to the store.
  public static let storeRefreshMilliseconds = 500
  /// How long the run loop sleeps without input before it ticks: often enough for the spinner
  /// while input streams in.
  public var tickMilliseconds: Int { streamedRecords != nil ? 100 : Self.storeRefreshMilliseconds }

  /// The longest query (`QueryState.maxCharacters`).
  public static let maxQueryCharacters = QueryState.maxCharacters

  public init() {}
}

// MARK: - Derived views

extension SearchState {
  public var screen: ScreenSize { viewport.screen }
  /// The suggestions pane as shown: empty when hidden.
  public var shownSuggestions: [SuggestionHit] { suggestionsPane.shown }
  /// The item Enter creates from the query: on a smart list, when the answer to this very query
  /// holds nothing and the create row is offered (a list-keeper types a name and presses Enter).
  public var createdByEnter: String? {
    guard !marks.picking.enterAccepts, marks.picking.createsOnEnter, list.results.query == editor.text,
      list.results.hits.isEmpty
    else {
      return nil
    }
    return list.results.createTitle
  }

  /// The hit the details pane is about (and `{}` stands for): the selected result, or the top hit
  /// while the focus is elsewhere.
  public var currentHit: ResultHit? {
    let row = focus == .results ? list.selection : list.results.firstItemRow
    guard let row, case .item(let hit) = list.results.row(at: row) else { return nil }
    return hit
  }
  /// The refinement pane's rows for the current counts.
  public var paneRows: [PaneRow] { refining.rows(facets: list.results.facets) }
  /// What the list is searched for: the query, or fzf's `search(…)` text until the query changes.
  public var searchedQuery: String { list.searchedFor ?? editor.text }
}

/// What Enter does in the query, and whether the smart list offers to create an item.
///
/// - Lines (piped input, plain-text catalogs) are a list of choices, fzf's world: Enter accepts the
///   selected line, the top one from the query; nothing is created unless asked for (`--create`).
/// - Records (JSON, JSON Lines, CSV, TSV) are InstantSearch's world: Enter in the query submits the
///   search and selects its first hit; Enter on a hit accepts it; the create row is offered.
public struct Picking: Sendable, Equatable {
  public var enterAccepts: Bool
  public var offersCreate: Bool
  /// One Esc quits (fzf's abort); otherwise Esc leaves a result, closes the suggestions, clears
  /// the query, and only then quits (InstantSearch's search box).
  public var escapeQuits: Bool
  /// Rows carry check boxes (the smart list; fzf's marks with `-m`). Without them the list is
  /// fzf's plain one: Space types a space, Tab only moves down.
  public var marks: Bool
  /// At most this many rows checked in one run (`--multi=N`); nil: no limit.
  public var maxMarks: Int?
  /// Picks are recorded (accept and check), for the ranking to learn from (`--no-learn`: not).
  public var learns = false
  /// `--cycle`: Down past the last row (once every page is loaded) goes to the first, Up above
  /// the first to the last, as fzf's.
  public var cycles = false
  /// Space on a row checks it (the smart list); false for lines, as in fzf, where Space always
  /// types (with `-m`, Tab marks).
  public var spaceChecks = true
  /// Enter on a query nothing matches creates the item it names (the smart list's), rather
  /// than submitting a search that finds nothing.
  public var createsOnEnter = true

  public init(
    enterAccepts: Bool = false, offersCreate: Bool = true, escapeQuits: Bool = false, marks: Bool = true,
    maxMarks: Int? = nil
  ) {
    self.enterAccepts = enterAccepts
    self.offersCreate = offersCreate
    self.escapeQuits = escapeQuits
    self.marks = marks
    self.maxMarks = maxMarks
  }

  /// The default for a kind of input.
  public static func defaults(lines: Bool) -> Picking {
    guard lines else { return Picking(enterAccepts: false, offersCreate: true, escapeQuits: false, marks: true) }
    var picking = Picking(enterAccepts: true, offersCreate: false, escapeQuits: true, marks: false)
    picking.spaceChecks = false
    return picking
  }
}

/// A bound command asked for, run once the writes before it are done.
public struct PendingCommand: Sendable, Equatable {
  public var template: String
  public var mode: CommandMode
  /// The actions bound after it, done once it has ended.
  public var then: [BindAction] = []
}

/// fzf's `--info` styles.
public enum InfoStyle: Sendable, Equatable {
  /// A status line of its own: counts, timing, messages and key hints.
  case line
  /// fzf's `--info=right`: the line of its own, the count at its right end (Seek's look: `line`).
  case lineRight
  /// The count on the query line, after the query (`--info=inline`) or at the line's end
  /// (`inline-right`); messages still get a line.
  case inline(right: Bool)
  /// No status line but for a message (`--info=hidden`, `--no-info`).
  case hidden
}

/// Whose screen is drawn. Seek's: a status line of counts, timing and key hints at the bottom,
/// check boxes on a list of records. fzf's (run as `fzf`): its info line under the prompt
/// (`  20/100 (1) ───`, the spinner in its first column), a pointer column and a marker column
/// before every line, nothing said when nothing matches — what fzf's users and scripts read.
public enum ScreenLook: Sendable, Equatable {
  case seek
  /// `separator`: the info line ends in a rule (`--no-separator`: not), and keeps its row even
  /// when `--info=hidden` or `inline-right` leaves it no count.
  case fzf(separator: Bool)

  public var isFzf: Bool { self != .seek }
}

public struct ScreenSize: Sendable, Equatable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }
}

/// The loaded pages of hits for one query.
public struct ResultsState: Sendable, Equatable {
  /// The query these results answer (the create row uses it, not the query being typed).
  public var query = ""
  public var hits: [ResultHit] = []
  public var equalItems: [ResultHit] = []
  public var nbHits = 0
  public var nbPages = 0
  /// Excluded hits met in the pages loaded (and taken out since): the engine's count of a
  /// later page, which holds them, is less by as many.
  public var excludedCounted = 0
  /// How many records were searched (fzf's total, `20/100`): the lines read so far of a pipe.
  public var recordCount = 0
  public var pagesLoaded = 0
  /// The page requested and not yet arrived, so that scrolling asks for it once.
  public var loadingPage: Int? = nil
  public var exhaustiveNbHits = true
  public var droppedWords: [String] = []
  public var typoCorrected = false
  /// The banners of the catalog's rules that applied (their `userData`), shown on the status line.
  public var banners: [String] = []
  /// The price read from the query's words (`price < 800`), shown on the status line.
  public var priceFilter: String? = nil
  /// Picks lifted a hit of the first page above one the rules alone put above it.
  public var reorderedByLearning = false
  /// Facet counts for the query and refinements.
  public var facets: [FacetResult] = []
  /// Where the next page starts.
  public var next: PageCursor? = nil
  public var milliseconds = 0.0
  /// No answer has arrived yet.
  public var isPending = true
  /// Whether the smart list offers a create row (`Picking.offersCreate`).
  public var offersCreate = true

  public init() {}

  /// More pages may come: fewer are loaded than the count says, or the count is an estimate
  /// (the typo-free hits', Searcher.evaluate) and no page has come back empty yet.
  public var hasMorePages: Bool { pagesLoaded < nbPages || (!exhaustiveNbHits && pagesLoaded > 0) }

  /// The trimmed query when it names no existing item: the text of the create row.
  public var createTitle: String? {
    let trimmed = query.trimming(" \t\n")
    return offersCreate && !trimmed.isEmpty && equalItems.isEmpty && !isPending ? trimmed : nil
  }

  /// The rows of the smart list: the create row or the items equal to the query first, then the
  /// other hits in ranking order (each item once). Counted and indexed without building the list,
  /// since the reducer and the renderer ask on every keystroke.
  public var rowCount: Int {
    let hidden = equalItems.isEmpty ? 0 : hits.lazy.filter(isEqualItem).count
    return (createTitle == nil ? 0 : 1) + equalItems.count + hits.count - hidden
  }

  public func row(at index: Int) -> ResultRow? {
    guard index >= 0 else { return nil }
    var i = index
    if let createTitle {
      if i == 0 { return .create(createTitle) }
      i -= 1
    }
    if i < equalItems.count { return .item(equalItems[i]) }
    i -= equalItems.count
    if equalItems.isEmpty { return i < hits.count ? .item(hits[i]) : nil }
    for hit in hits where !isEqualItem(hit) {
      if i == 0 { return .item(hit) }
      i -= 1
    }
    return nil
  }

  /// The first row that is an item (not the create row), if any.
  public var firstItemRow: Int? {
    let first = createTitle == nil ? 0 : 1
    return first < rowCount ? first : nil
  }

  /// All rows, in order.
  public var rows: [ResultRow] { (0..<rowCount).compactMap(row(at:)) }

  private func isEqualItem(_ hit: ResultHit) -> Bool { equalItems.contains { $0.objectID == hit.objectID } }
}

public enum ResultRow: Sendable, Equatable {
  case create(String)
  case item(ResultHit)

  /// The item's objectID (nil for the create row).
  public var objectID: String? {
    if case .item(let hit) = self { return hit.objectID }
    return nil
  }
}

/// What `--info-command` was last run with: the current line's place (from 1) and the counts.
public struct InfoAsked: Sendable, Equatable {
  public var position: Int
  public var info: String
  public var revision: Int
}

extension SearchState {
  /// fzf's counts: `M/N`, then `(K)` or `(K/L)` marked with `-m`, then `+S`/`-S` when a key
  /// toggles the sort, then `+T`/`+t` while an item is tracked (`+T*` while keys wait for it),
  /// then `(..)` while a `wait` holds actions.
  public var fzfCounts: String {
    var text = "\(list.results.nbHits)/\(max(list.results.recordCount, streamedRecords ?? 0))"
    if marks.picking.marks { text += " (\(marks.checked.count)\(marks.picking.maxMarks.map { "/\($0)" } ?? ""))" }
    if sortToggleBound { text += refining.refine.inputOrder == true ? " -S" : " +S" }
    if let sign = list.tracking.infoSign { text += " " + sign }
    if afterWait != nil { text += " (..)" }
    return text
  }
}
