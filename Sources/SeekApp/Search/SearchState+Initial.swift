import SearchEngine

/// The state a run starts in, made in one place from what the command line chose and what the
/// catalog offers: the terminal builds a `Start` and asks for `initial(_:)` rather than writing
/// the state's fields itself. Every later change goes through `SearchReducer`.
extension SearchState {
  public struct Start: Sendable {
    /// What the store held checked when the run began.
    public var checked: [String] = []
    /// What Enter does, whether the create row is offered, `-m`.
    public var picking = Picking()
    /// Refinements and sort to start with (`--filters`, `--sort`, `--no-sort`, `--disabled`).
    public var refine = Refine()
    /// The details pane: its placement, and the `--preview` command (open at start unless hidden).
    public var details = DetailsState()
    /// The catalog's facets, text and numeric, and the named sorts on them.
    public var facetAttributes: [String] = []
    public var numericFacets: [String] = []
    public var sortChoices: [SortChoice] = []
    /// The status line's first message (a sort that is not a facet, checked items gone).
    public var message: String? = nil
    /// Records stream in from a pipe or a file while the app runs (the spinner turns).
    public var streams = false
    /// `--header`, `--footer` (fzf's).
    public var header: [String] = []
    public var footer: [String] = []
    /// The input's header lines when it was read before the start (they turn with the list).
    public var inputHeader: [String] = []
    /// `--list-label`, `--input-label`, `--header-label`, `--footer-label` (fzf's).
    public var sectionLabels = SectionLabels()
    /// `--bind` on events, and every key's actions by name (for `trigger`).
    public var eventBindings: [BindEvent: [BindAction]] = [:]
    public var keyActions: [String: [BindAction]] = [:]
    /// A key toggles the sort: fzf's info line says `+S` or `-S`.
    public var sortToggleBound = false
    public var jumpLabels = JumpState.defaultLabels
    public var info = InfoStyle.line
    public var infoCommand: String? = nil
    /// `--history`'s earlier queries (nil: no history).
    public var history: [String]? = nil
    /// `--filepath-word`: word motions stop at `/` only.
    public var pathWords = false
    public var look = ScreenLook.seek
    /// fzf's `--scroll-off`, `--track`, and lines that carry a key (`--id-nth`).
    public var scrollOff = 0
    /// fzf's `--multi-line`.
    public var multiLine = false
    public var track = false
    public var identifiesLines = false
    /// The status line follows the query line (a prompt at the bottom, or fzf's look).
    public var statusFollowsQuery = false
    /// fzf's `--nth`, `--with-nth`, `--header-lines` as given, and whether they can change.
    public var fields = LineFieldsState()

    public init() {}
  }

  /// The state `start` describes, before the first event.
  public static func initial(_ start: Start) -> SearchState {
    var state = SearchState()
    state.marks = MarksState(checked: start.checked, picking: start.picking)
    state.refining = RefinementsState(
      refine: start.refine, facetAttributes: start.facetAttributes, numericFacets: start.numericFacets,
      sortChoices: start.sortChoices)
    state.details = start.details
    state.message = start.message
    if start.streams { state.streamedRecords = 0 }
    state.header = start.header + start.inputHeader
    state.inputHeaderLines = start.inputHeader.count
    state.footer = start.footer
    state.sectionLabels = start.sectionLabels
    state.eventBindings = start.eventBindings
    state.keyActions = start.keyActions
    state.sortToggleBound = start.sortToggleBound
    state.jump = JumpState(labels: start.jumpLabels)
    state.info = start.info
    state.infoCommand = start.infoCommand
    state.editor = QueryState(history: start.history.map(QueryHistory.init(entries:)), pathWords: start.pathWords)
    state.look = start.look
    state.list = ResultsListState(
      scrollOff: start.scrollOff, track: start.track, identifiesLines: start.identifiesLines,
      multiLine: start.multiLine)
    state.statusFollowsQuery = start.statusFollowsQuery
    state.fields = start.fields
    return state
  }
}
