import SearchEngine

/// Everything that can happen to the search screen: what the person did (translated from keys by
/// the terminal layer) and what the searchers and the store answered — by concern, so that each
/// child reducer sees only its own events and the parent routes them by one `switch`.
public enum SearchEvent: Sendable, Equatable {
  case query(QueryEvent)
  case move(MoveEvent)
  case key(KeyEvent)
  case click(ClickEvent)
  case refinements(RefinementEvent)
  case details(DetailsEvent)
  case answer(AnswerEvent)
  case app(AppEvent)

  public typealias CursorMove = QueryEvent.CursorMove
}

/// The query line: typing, deleting, moving the cursor, the history (`QueryEditingReducer`).
public enum QueryEvent: Sendable, Equatable {
  case inserted(String)
  case deletedBackward
  case deletedForward
  /// Ctrl-D: the character under the cursor, or quit on an empty query (fzf's delete-char/eof).
  case deletedForwardOrQuit
  /// Ctrl-W: back to the previous space (readline's unix-word-rubout).
  case deletedWordBackward
  /// Alt-Backspace: back to the start of a word of letters and digits (backward-kill-word:
  /// `foo-bar` loses `bar`, not the dash).
  case deletedWordPartBackward
  /// Alt-d: the word after the cursor.
  case deletedWordForward
  /// fzf's `backward-kill-subword`, `kill-subword`: a word's part, split at a capital too
  /// (`fooBar` is `foo` and `Bar`).
  case deletedSubwordBackward
  case deletedSubwordForward
  /// Ctrl-Y: the text the last kill took (Ctrl-U, Ctrl-K, Ctrl-W, Alt-d, Alt-Backspace) again.
  case yanked
  /// Ctrl-U: from the start of the line to the cursor; Ctrl-K: from the cursor to the end.
  case deletedToStart
  case deletedToEnd
  case cleared
  case cursorMoved(CursorMove)
  /// `--history`: the query becomes the entry before (older) or after the one shown.
  case historyMoved(older: Bool)
  /// fzf's `show-input`, `hide-input` (`--no-input` at the start) and `toggle-input` (nil): the
  /// query line shown, or hidden and closed to edits (the query still searches).
  case queryLineShown(Bool?)
  /// fzf's `change-query`: the query becomes this text.
  case queryReplaced(String)

  public enum CursorMove: Sendable, Equatable {
    case left, right, home, end, wordLeft, wordRight, subwordLeft, subwordRight
  }
}

/// Moving through the suggestions into the results and back, by row, page, wheel, to a place.
public enum MoveEvent: Sendable, Equatable {
  case movedUp
  case movedDown
  case pagedUp
  case pagedDown
  case scrolled(lines: Int)
  /// fzf's `half-page-down` and `half-page-up`.
  case halfPaged(down: Bool)
  /// fzf's `offset-down` (1) and `offset-up` (-1): the view moves, the cursor keeps its line
  /// while it is in view; `offset-middle`: the view set with the current line in its middle.
  case viewShifted(lines: Int)
  case viewCentred
  /// fzf's `first` and `last`: the first or last row loaded.
  case movedToFirst
  case movedToLast
  /// fzf's `pos(N)`: the Nth row loaded (from 1; negative: from the last).
  case movedToPosition(Int)
  /// fzf's `next-selected` (step 1: the direction of `movedDown`) and `prev-selected` (-1): the
  /// nearest marked row loaded that way, round the list.
  case movedToMarked(step: Int)
}

/// Keys that mean one thing in the query and another on a result: Tab, Enter, Space, Esc, and marking.
public enum KeyEvent: Sendable, Equatable {
  /// completeSuggestion: the query becomes the highlighted (or top) suggestion, nothing submitted.
  case tabPressed
  /// Shift-Tab: fzf's toggle+up (with marks), else up.
  case backTabPressed
  /// submitSuggestion / submitSearch, or accept on a result.
  case enterPressed
  /// Toggles the check of the selected result; a space in the query.
  case spacePressed
  case escapePressed
  /// A key of `--expect` (fzf's): accept as Enter does, the key's name printed first.
  case acceptKeyPressed(String)
  /// fzf's `toggle`: the current row's check (the top line while typing in a plain list).
  case toggled
  /// fzf's `select-all`, `deselect-all`, `toggle-all`, over the rows loaded.
  case allToggled(AllToggle)
}

/// Clicks, as the terminal hit-tested them.
public enum ClickEvent: Sendable, Equatable {
  /// Mouse clicks, as the terminal hit-tested them (`double`: the second of a double click).
  case queryClicked
  case suggestionClicked(Int, double: Bool)
  /// A results row (its index in the list, not on screen).
  case resultClicked(Int, double: Bool)
  /// fzf's header or footer (`click-header`, `click-footer`).
  case sectionClicked(SectionClick)
}

/// Refinements, the sort and their pane (`RefinementsReducer`).
public enum RefinementEvent: Sendable, Equatable {
  case refinementToggled(attribute: String, value: String)
  case refinementsCleared
  case sortCycled
  case refinementPaneToggled
  /// A click on a chip: its refinement goes (`Refinements.chips`' order).
  case chipRemoved(Int)
  /// A click on a value of the refinement pane (its row in `SearchState.paneRows`).
  case paneValueClicked(Int)
  /// A click on a bucket of a numeric facet's histogram (its row in `SearchState.paneRows`).
  case paneHistogramClicked(row: Int, bucket: Int)
}

/// The details pane: the record or the `--preview` output (`DetailsReducer`).
public enum DetailsEvent: Sendable, Equatable {
  /// The details pane (the record, or `--preview`) is opened or closed.
  case detailsToggled
  /// Its own keys scroll it.
  case detailsScrolled(lines: Int)
  case detailsArrived(revision: Int, RecordDetails?)
  case previewArrived(revision: Int, PreviewOutput)
}

/// What the searchers and the store answered (each carrying the revision it answers).
public enum AnswerEvent: Sendable, Equatable {
  case resultsArrived(revision: Int, ResultsPage)
  /// The exact count of the results on screen, counted after their first page showed an estimate.
  case countArrived(revision: Int, nbHits: Int, nbPages: Int)
  case suggestionsArrived(revision: Int, [SuggestionHit])
  /// `--info-command`'s first line for the request of `revision`.
  case infoArrived(revision: Int, text: String)
  case checkSaved(objectID: String, checked: Bool)
  case itemCreated(ResultHit)
  /// A created item was deleted from the store (and from the created segment).
  case itemDeleted(objectID: String)
  /// A recent search was removed from the query log (and from the suggestions searched).
  case queryForgotten
  /// A submitted query is in the log: the recent searches (and learned suggestions) changed.
  case queryLogged
  /// Every store write asked for before `flushWrites` has been answered.
  case writesFlushed
  /// Another process changed the store: the checks it now holds (oldest first), and whether the
  /// created items changed (the created segment has already been updated).
  case storeChanged(checked: [String], createdChanged: Bool)
  /// What the status line should say about a shared store changed: out of reach (why, and that
  /// changes are kept), or nil once it is reached again.
  case storeNoted(String?)
  /// Every match of the query (within the runtime's limit), for `select-all`,
  /// `deselect-all` or `toggle-all` (`how`): fzf's act on every match, not on the rows loaded.
  case matchesListed(AllToggle, [ListedMatch])
}

/// The app's own events: the start, the layout, time, the input streaming in, bound commands.
public enum AppEvent: Sendable, Equatable {
  case started(Viewport)
  /// The terminal was resized, or a change of state changed how it lays the screen out.
  case viewportChanged(Viewport)
  /// A `--bind` key's actions (`SearchReducer+Actions`).
  case actionsTriggered([BindAction])
  /// A bound command (`execute`, `execute-silent`, `transform`) has ended: the actions its output
  /// makes (`transform`), then the actions bound after it.
  case commandFinished(output: [BindAction] = [])
  /// A `bg-transform`'s command has ended: the actions its output makes, done even while a `wait`
  /// or a tracked reload holds the keys (it is no key; a `wait` among them joins the one held).
  case backgroundFinished(output: [BindAction])
  case interrupted
  /// The catalog's source says it changed (a PostgreSQL table's notification): read it again.
  case sourceChanged
  /// Time passes with nothing else happening: this many milliseconds since the last tick (the run
  /// loop wakes every `SearchState.tickMilliseconds` when idle).
  case tick(milliseconds: Int)
  /// Records streamed in from a pipe (or a large file) have been indexed; `percent` of the input
  /// read, when its size is known.
  case catalogChanged(records: Int, finished: Bool, percent: Int? = nil)
  /// The first lines of the input are a header (`--header-lines`): shown under the query.
  case headerRead([String])
  case failed(String)
}

/// What the reducer asks the outside world to do; answers come back as events.
public enum SearchEffect: Sendable, Equatable {
  /// One page of results; pages after the first carry the cursor the previous page answered with.
  /// `count`: hits in this page (nil: the page size the searcher is set to); a tracked line
  /// sought far down the list is reached in pages that double.
  case searchResults(
    query: String, page: Int, cursor: PageCursor? = nil, refine: Refine = Refine(), revision: Int, count: Int? = nil)
  case searchSuggestions(query: String, revision: Int)
  /// Every match of the query, for select-all and its kin (answered by `.matchesListed`).
  case listMatches(query: String, refine: Refine, how: AllToggle)
  /// Every hit of a query counted, after its first page came with an estimate (`~`): counted off
  /// the search lane, so that the next keystroke does not wait for it.
  case countHits(query: String, refine: Refine, revision: Int)
  /// The record of the details pane, its matched words highlighted for `query`.
  case loadDetails(objectID: String, query: String, revision: Int)
  /// `--preview`: `template` with its placeholders filled for the hit, run off the input thread;
  /// `baseField` is the field whose number the output is shown from (`--preview-window +{2}`).
  /// `marked`: the marks, for a command that names them (`{+}`); empty otherwise.
  case runPreview(
    template: String, objectID: String, query: String, revision: Int, baseField: FieldRange? = nil,
    marked: [String] = [])
  /// fzf's `--info-command`, run with `FZF_POS` and `FZF_INFO` set.
  case runInfoCommand(template: String, position: Int, info: String, revision: Int)
  case setChecked(objectID: String, title: String, checked: Bool)
  case createItem(title: String)
  case deleteCreatedItem(objectID: String)
  /// Removes a submitted query from the log: it is no longer offered as a recent search.
  case forgetQuery(String)
  /// The item was picked (accepted, or checked) with this query: it rises for such queries next
  /// time (PickLog).
  case recordPick(objectID: String, query: String)
  /// For the query log, from which suggestions are learned.
  case logSubmittedQuery(query: String, fromSuggestion: Bool)
  /// Answer `writesFlushed` once every write asked for before this one is answered (and any
  /// change made by another process has been reported).
  case flushWrites
  /// Look for writes by other processes; answered by `storeChanged` when there were some.
  case refreshFromStore
  /// Leave with status 0, printing these items (objectIDs).
  case accept(objectIDs: [String])
  case quit(status: Int32)
  /// `--bind`'s `execute`, `execute-silent`, `become`: the template is filled for the current
  /// item (`{}`), the items checked in this run or else the current one (`{+}`), and the query.
  case runCommand(template: String, current: String?, marked: [String], query: String, mode: CommandMode)
  /// fzf's `print-query`: leave with status 0, printing the query.
  case printQuery(String)
  /// Read the catalog's source again, the list replaced as it streams in (as `reload` does).
  case reloadSource
  /// The lines read shaped again (`change-nth`, `change-with-nth`, `change-header-lines`), the
  /// list replaced as they are read in the new shape.
  case reshapeLines(LineFieldsChange)
  /// fzf's `bell`: the terminal's bell rung.
  case ringBell
  /// fzf's `clear-screen`: the whole screen drawn again, not only what changed.
  case redrawScreen
  /// fzf's `bg-cancel`: the `bg-transform` commands running are ended, their output dropped.
  case cancelBackground
}

/// How a bound command runs.
public enum CommandMode: Sendable, Equatable {
  /// The terminal handed over until it ends (fzf's `execute`).
  case foreground
  /// In the background, its output dropped (`execute-silent`).
  case silent
  /// In Seek's place, once every write is done (`become`).
  case become
  /// Its output replaces the list (`reload`), the command of an earlier reload ended; `sync`
  /// (`reload-sync`): the list before stays until the output has all come.
  case reload(sync: Bool = false)
  /// Its output is actions, done in turn (`transform`).
  case transform
  /// Its output is the argument of this action (`transform-query`: `change-query`).
  case transformInto(String)
  /// In the background, keys going on (`bg-transform`): its output is actions, or the argument
  /// of this action, done when it comes.
  case background(String?)
}

/// fzf's `select-all`, `deselect-all`, `toggle-all`.
public enum AllToggle: Sendable, Equatable {
  case select, deselect, toggle
  /// The lines were shaped again: the marks on lines not listed are taken off.
  case keepListed
}

/// One match of a query as select-all marks it.
public struct ListedMatch: Sendable, Equatable {
  public var objectID: String
  public var title: String

  public init(objectID: String, title: String) {
    self.objectID = objectID
    self.title = title
  }
}

/// What narrows and orders a results search besides its words.
public struct Refine: Sendable, Equatable {
  public var refinements: Refinements
  public var sort: SortOrder?
  /// Count the facets for the refinement pane: only while it is on screen (always beside the
  /// results on a wide screen; on a narrow one, when opened), so a narrow screen does not pay for
  /// counts it does not show.
  public var countFacets: Bool
  /// fzf's `--disabled` (and `disable-search`): the query's words search nothing; the list stays
  /// as read, for a bound `reload` to do the searching.
  public var searchDisabled = false
  /// While search is disabled, the query whose matches stay listed: the one searched when it
  /// was disabled (fzf keeps the result as it was), empty for `--disabled` and once the list
  /// changes (a reload, lines read since: fzf lists every line of a new list).
  public var disabledQuery = ""
  /// fzf's `toggle-sort`: the matches in input order (true), ranked (false), or as started (nil).
  public var inputOrder: Bool? = nil
  /// Facets whose every value the pane lists ("show more"); the others, their first ones.
  public var expandedFacets: Set<String> = []

  public init(refinements: Refinements = Refinements(), sort: SortOrder? = nil, countFacets: Bool = false) {
    self.refinements = refinements
    self.sort = sort
    self.countFacets = countFacets
  }
}

extension SearchEffect {
  /// A `reload`'s command: the list replaced by its output.
  public var startsReload: Bool {
    if case .runCommand(_, _, _, _, .reload) = self { true } else { false }
  }

  /// Where an effect runs: searches on the search lane (latest wins), store writes on the write
  /// lane (in order, never dropped), the rest in the app itself.
  public enum Lane: Sendable { case search, write, app }

  public var lane: Lane {
    switch self {
    case .searchResults, .searchSuggestions, .loadDetails, .runPreview, .runInfoCommand, .logSubmittedQuery, .countHits,
      .listMatches:
      return .search  // the log counts hits first; a preview's placeholders are filled from the catalog
    case .setChecked, .createItem, .deleteCreatedItem, .forgetQuery, .flushWrites, .refreshFromStore, .recordPick:
      return .write
    case .accept, .quit, .runCommand, .printQuery, .reloadSource, .reshapeLines, .ringBell, .redrawScreen,
      .cancelBackground:
      return .app
    }
  }
}

extension SearchEvent {
  /// What the person did (keys, mouse, resizing is not), as opposed to what was answered.
  public var isInput: Bool {
    switch self {
    case .query, .move, .key, .click, .refinements: return true
    case .details(.detailsToggled), .details(.detailsScrolled): return true
    case .details: return false
    case .app(.actionsTriggered): return true
    case .answer, .app: return false
    }
  }
}
