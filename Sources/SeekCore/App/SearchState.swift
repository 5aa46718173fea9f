import SearchEngine

/// Everything the screen shows, as one value: the SearchViewModel of Algolia's query-suggestions
/// guide (searchQuery, suggestions, didSubmitSuggestion, paginated hits) plus the smart list
/// (checked items, create row, exact match on top). Changed only by `SearchReducer`.
public struct SearchState: Sendable, Equatable {
  public enum Focus: Sendable, Equatable {
    /// Typing goes to the query; a suggestion may be highlighted.
    case query
    /// A result row is selected.
    case results
    /// A row of the refinement pane is selected.
    case refinements
  }

  public var query = ""
  /// Refinements and sort, part of every results search.
  public var refine = Refine()
  /// The category a submitted suggestion refined with: it ends when the query is emptied.
  public var categoryFromSuggestion: Refinements.FacetValue? = nil
  /// The catalog's facets (numeric ones apart): which `attr:value` tokens are refinements, and what
  /// the sort cycles through. Set when the app starts.
  public var facetAttributes: [String] = []
  public var numericFacets: [String] = []
  /// The refinement pane: open (on narrow screens it takes the results' place; on wide ones it is
  /// always beside them), and its selected row.
  public var paneOpen = false
  public var paneSelection = 0
  /// Cursor position in the query, in characters.
  public var cursor = 0
  public var suggestions: [SuggestionHit] = []
  public var highlightedSuggestion: Int? = nil
  /// Hidden after a submit or Esc, shown again by the next edit.
  public var suggestionsVisible = true
  public var didSubmitSuggestion = false
  public var focus = Focus.query
  /// The selection is the first hit a submit put the focus on, not a row the user moved to:
  /// Space then types a space (` tv` after `samsung`, Enter), instead of checking that hit.
  public var selectedBySubmit = false
  /// `--history`: earlier queries, walked with Ctrl-P and Ctrl-N.
  public var history = QueryHistory()
  /// What the last kill took from the query (readline's kill ring, one entry deep): Ctrl-Y yanks it.
  public var killed = ""
  /// The longest query: what is typed, pasted or yanked past it is cut (Algolia's limit is 512;
  /// a query is searched on its first words anyway, and without a bound, yanking a kill of the
  /// whole query again and again doubles it on every turn).
  public static let maxQueryCharacters = 4096
  public var results = ResultsState()
  /// Selected row of `rows` when focus is on the results.
  public var selection = 0
  /// First row of `rows` on screen.
  public var scrollOffset = 0
  /// objectIDs of the checked items, as the store holds them, in the order they were checked.
  public var checked: [String] = []
  /// The items checked in this run, in order: what accept prints (fzf's marks). Checks kept from
  /// earlier runs are shown checked but not printed.
  public var checkedThisRun: [String] = []
  /// Enter was pressed on this item: the app leaves once every write asked for before it is
  /// answered, printing what the store then holds. Keys are ignored meanwhile.
  public var pendingAccept: String? = nil
  /// The `--expect` key the pending accept was asked with (nil: Enter or a click).
  public var acceptKey: String? = nil
  /// A `--bind` command waiting for the writes before it (`execute`, `become`).
  public var pendingCommand: PendingCommand? = nil
  /// After a `reload` asked for on a row: that item, selected again once the new list holds it
  /// (fzf keeps the current item), until the reload ends or the user moves.
  public var reselect: String? = nil
  /// The actions to do once the command running ends.
  public var afterCommand: [BindAction] = []
  /// The details pane (the record, or `--preview`).
  public var details = DetailsState()
  /// What Enter does and whether a create row is offered: one rule per kind of input.
  public var picking = Picking()
  /// Enter (accepting) was pressed in the query before the results of the query arrived: accept
  /// the top hit when they do.
  public var acceptTopOnArrival = false
  /// A search was submitted: select its first hit (never the create row) when it arrives.
  public var selectFirstHitOnArrival = false
  /// The latest request of each searcher; answers of older requests are dropped.
  public var resultsRevision = 0
  public var suggestionsRevision = 0
  /// The screen as the terminal last laid it out.
  public var viewport = Viewport()
  public var screen: ScreenSize { viewport.screen }
  /// A short message for the status line (e.g. a store error).
  public var message: String? = nil
  /// `--header` (fzf's): lines shown under the query, above the lists; never searched.
  public var header: [String] = []
  /// `--bind` on events (fzf's `start`, `change`, `one`, …): their actions.
  public var eventBindings: [BindEvent: [BindAction]] = [:]
  /// Keys and events whose bindings `unbind` turned off (by name), until `rebind`.
  public var unbound: Set<String> = []
  /// fzf's `jump`: the labels, and the jump waiting for one.
  public var jump = JumpState()
  /// fzf's `change-prompt`: the prompt in place of the one given at start.
  public var prompt: String? = nil
  /// Where the count and the hints go (fzf's `--info`).
  public var info = InfoStyle.line
  /// The status line follows the query line (fzf's info line above a prompt at the bottom) rather
  /// than closing the screen. Set by the terminal for layouts that put the prompt at the bottom.
  public var statusFollowsQuery = false
  /// While records stream in from a pipe: how many are indexed; nil for a complete catalog.
  public var streamedRecords: Int? = nil
  /// How much of a file being read is read, in percent (nil for a pipe).
  public var streamedPercent: Int? = nil

  public init() {}

  /// The suggestions pane as shown: empty when hidden.
  public var shownSuggestions: [SuggestionHit] { suggestionsVisible ? suggestions : [] }
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
    lines
      ? Picking(enterAccepts: true, offersCreate: false, escapeQuits: true, marks: false)
      : Picking(enterAccepts: false, offersCreate: true, escapeQuits: false, marks: true)
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
  /// The count on the query line, after the query (`--info=inline`) or at the line's end
  /// (`inline-right`); messages still get a line.
  case inline(right: Bool)
  /// No status line but for a message (`--info=hidden`, `--no-info`).
  case hidden
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
  public var pagesLoaded = 0
  /// The page requested and not yet arrived, so that scrolling asks for it once.
  public var loadingPage: Int? = nil
  public var exhaustiveNbHits = true
  public var droppedWords: [String] = []
  public var typoCorrected = false
  /// Picks lifted a hit of the first page above one the rules alone put above it.
  public var reorderedByLearning = false
  /// Facet counts for the query and refinements.
  public var facets: [FacetResult] = []
  /// Where the next page starts.
  public var next: CatalogSearcher.Cursor? = nil
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
