/// The search screen's behaviour: `reduce(&state, event) -> effects`, pure — no terminal, no I/O,
/// no clock. Searches, checks and the query log are effects whose answers come back as events, and
/// every answer carries the revision of its request so that a late one is dropped.
///
/// The parent of the screen's concerns, as TCA's `Scope` composes reducers: each child reducer
/// (`QueryEditingReducer`, `SuggestionsReducer`, `ResultsReducer`, `RefinementsReducer`,
/// `DetailsReducer`, `MarksReducer`, `JumpReducer`) sees only its own part of the state, and the
/// query line, the refinements and the details pane their own kind of event; this one routes
/// each event by its concern in one `switch` (`reduceEvent`), owns what crosses concerns (the
/// focus, the status line's message), changes a child's state only through the child's reducer,
/// and turns a child's outcome into what it means for the others (an edit searches both
/// searchers). It is split by kind of event: moving and clicks (`+Moving`), acting on a row or
/// the query (`+Acting`), answers and the app's own events (`+Answers`), and `--bind` actions
/// (`+Actions`).
public enum SearchReducer {
  public static func reduce(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect] {
    guard !state.eventBindings.isEmpty else { return reduceOnce(&state, event) }
    let before = BoundEventsSnapshot(state)
    let effects = reduceOnce(&state, event)
    // `--bind` on events: what this event set off (never what their own actions set off).
    return effects + eventsTriggered(&state, by: event, since: before)
  }

  /// One event, without the event bindings it may set off.
  static func reduceOnce(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect] {
    var effects = reduceEvent(&state, event)
    // `track-current` ends when the cursor leaves its item (not while a list is being replaced).
    if case .item = state.list.tracking.mode, state.list.results.query == state.searchedQuery,
      !state.list.results.isPending
    {
      TrackingReducer.cursorSettled(&state.list.tracking, current: state.currentHit?.objectID)
    }
    if state.afterWait != nil && !event.isInput { effects += afterWaitIfAnswered(&state) }
    if state.infoCommand != nil { effects += askInfo(&state) }
    // The details pane follows the hit the user is on, whatever moved it (when it is open: the
    // hit is not looked up for a closed pane).
    if state.marks.pendingAccept == nil && state.details.open {
      effects += DetailsReducer.sync(
        &state.details, current: state.currentHit, query: state.list.results.query, typed: state.editor.text,
        marked: state.marks.checked)
    }
    return effects
  }

  static func reduceEvent(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect] {
    // A command waits for the writes before it: keys are kept for after it has run.
    if state.marks.pendingCommand != nil && event.isInput {
      MarksReducer.holdInput(&state.marks, event)
      return []
    }
    // A `wait` holds the actions after it: keys do nothing meanwhile, and Ctrl-C drops them.
    if state.afterWait != nil {
      if event == .app(.interrupted) {
        state.afterWait = nil
        return []
      }
      // fzf's `cancel` ends the wait (the query stays), and the actions bound after it go on:
      // `cancel+trigger(x)` with `x:search(5)+wait` waits again (test_wait_action_cancel_rearm).
      if case .app(.actionsTriggered(let actions)) = event, actions.first == .cancel {
        state.afterWait = nil
        return perform(&state, Array(actions.dropFirst()))
      }
      if event.isInput { return [] }
    }
    // A reload's list is searched for the tracked item: keys wait, but for Escape and Ctrl-C.
    if let effects = keyWhileBlocked(&state, event) { return effects }
    // Accepting: the pending writes (or the results to take the top of) are being finished; keys
    // after Enter do nothing.
    if state.marks.isWaitingForWrites && event.isInput { return [] }
    // A key while a jump waits for its label: the label's row, or the jump ends.
    if let effects = jumpKey(&state, event) { return effects }
    // A key after a submit takes over from the first-hit selection the submit asked for.
    if event.isInput { ResultsReducer.keyTyped(&state.list) }
    // The refinement pane, while it has the focus, takes the keys it knows (its moves, Space,
    // Enter, Esc, a value search's typing) before their meaning elsewhere.
    if state.focus == .refinements, let effects = paneKey(&state, event) { return effects }
    switch event {
    case .query(let query): return queryEvent(&state, query)
    case .move(let move): return self.move(&state, move)
    case .key(let key): return act(&state, key)
    case .click(let click): return self.click(&state, click)
    case .refinements(let refinement): return refinementEvent(&state, refinement)
    case .details(let details):
      return DetailsReducer.reduce(
        &state.details, details, rows: state.viewport.detailsRows, endLine: state.viewport.detailsEndLine)
    case .answer(let answer): return self.answer(&state, answer)
    case .app(let app): return appEvent(&state, app)
    }
  }

  // MARK: - The children's events

  private static func jumpKey(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect]? {
    // The labelled rows are listed only while a jump waits for its key, not on every event.
    guard state.jump.pending != nil else { return nil }
    switch JumpReducer.reduce(&state.jump, event, labelled: state.labelledRows) {
    case nil: return nil
    case .ended: return fire(&state, .jumpCancel)
    case .landed(let row, let accept):
      let effects = enterResults(&state, at: row)
      return accept ? effects + acceptCurrent(&state) : effects + fire(&state, .jump)
    }
  }

  private static func refinementEvent(_ state: inout SearchState, _ event: RefinementEvent) -> [SearchEffect] {
    let outcome: RefinementsReducer.Outcome?
    switch event {
    case .refinementPaneToggled:
      guard state.focus != .refinements else { return closePane(&state) }
      state.focus = .refinements
      SuggestionsReducer.highlight(&state.suggestionsPane, nil)
      // The pane opens on a narrow screen: count the facets it shows.
      let beside = state.viewport.refinementsBeside
      guard RefinementsReducer.openPane(&state.refining, rows: state.paneRows, beside: beside) else { return [] }
      return [ResultsReducer.search(&state.list, state.editor.text, state.refining.refine)]
    case .paneValueClicked(let row):
      outcome = RefinementsReducer.valueClicked(&state.refining, row: row, rows: state.paneRows)
    case .paneHistogramClicked(let row, let bucket):
      outcome = RefinementsReducer.histogramClicked(&state.refining, row: row, bucket: bucket, rows: state.paneRows)
    case .refinementToggled, .refinementsCleared, .sortCycled, .chipRemoved:
      outcome = RefinementsReducer.reduce(&state.refining, event)
    }
    return outcome.map { refinementsChanged(&state, $0) } ?? []
  }

  /// A key while the refinement pane has the focus: nil when the pane does not take it.
  private static func paneKey(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect]? {
    let outcome = RefinementsReducer.paneKey(
      &state.refining, event, rows: state.paneRows, facets: state.list.results.facets)
    return outcome.map { refinementsChanged(&state, $0) }
  }

  /// What a refinements outcome means for the rest: the pane closed, or a new search.
  private static func refinementsChanged(_ state: inout SearchState, _ outcome: RefinementsReducer.Outcome)
    -> [SearchEffect]
  {
    switch outcome {
    case .handled: return []
    case .closed: return closePane(&state)
    case .refined(let message):
      if let message { state.message = message }
      return refined(&state)
    }
  }

  private static func closePane(_ state: inout SearchState) -> [SearchEffect] {
    state.focus = .query
    RefinementsReducer.closePane(&state.refining, beside: state.viewport.refinementsBeside)
    return []
  }

  /// The query line's events. Home and End on a result move in the list; Delete and Ctrl-Y on a
  /// result or a recent search, and Ctrl-D, are `delete`'s; the rest edit the query.
  private static func queryEvent(_ state: inout SearchState, _ event: QueryEvent) -> [SearchEffect] {
    if case .cursorMoved(let move) = event, state.focus == .results, move == .home || move == .end {
      return moveToEnd(&state, home: move == .home)
    }
    return delete(&state, event) ?? editQuery(&state, event)
  }

  static func editQuery(_ state: inout SearchState, _ event: QueryEvent) -> [SearchEffect] {
    switch QueryEditingReducer.reduce(&state.editor, event) {
    case .ignored, .shownOrHidden: return []
    case .full:
      state.message = tooLong
      return []
    case .edited(let cut):
      let effects = queryEdited(&state)
      if cut { state.message = tooLong }
      return effects
    case .backspaceAtStart:
      // Backspace on an empty query: the last chip goes, as a tag input's.
      if state.editor.text.isEmpty && state.focus == .query && RefinementsReducer.removeLastChip(&state.refining) {
        return refined(&state)
      }
      return focusQuery(&state)
    case .touched:
      return focusQuery(&state)
    }
  }

  private static let tooLong = "a query is at most \(SearchState.maxQueryCharacters) characters"

  // MARK: - What crosses concerns

  /// Every edit searches both searchers, reopens the suggestions and goes back to the first row.
  /// Run as fzf, the cursor keeps its place in the new list (fzf's), or follows its item
  /// (`--track`).
  static func queryEdited(_ state: inout SearchState) -> [SearchEffect] {
    listChanging(&state)
    if state.look.isFzf && state.focus == .results {
      ResultsReducer.keepPlace(&state.list)
    } else {
      state.focus = .query
      ResultsReducer.rewind(&state.list)
    }
    ResultsReducer.queryEdited(&state.list)
    SuggestionsReducer.reopen(&state.suggestionsPane)
    state.message = nil
    if state.refining.categoryFromSuggestion != nil && state.editor.text.allSatisfy({ $0 == " " || $0 == "\t" }) {
      RefinementsReducer.endSuggestionCategory(&state.refining)
    }
    return searchBoth(&state)
  }

  static func searchBoth(_ state: inout SearchState) -> [SearchEffect] {
    [
      ResultsReducer.search(&state.list, state.searchedQuery, state.refining.refine),
      SuggestionsReducer.search(&state.suggestionsPane, state.editor.text),
    ]
  }

  /// Refinements changed: a new results search (the suggestions do not depend on them).
  static func refined(_ state: inout SearchState) -> [SearchEffect] {
    listChanging(&state)
    ResultsReducer.rewind(&state.list)
    if state.focus == .results { state.focus = .query }
    return [ResultsReducer.search(&state.list, state.editor.text, state.refining.refine)]
  }

  /// `--info-command` again when the current line's place or the counts changed.
  static func askInfo(_ state: inout SearchState) -> [SearchEffect] {
    guard let template = state.infoCommand, !state.list.results.isPending else { return [] }
    let position = state.focus == .results ? state.list.selection + 1 : 1
    let info = state.fzfCounts
    if let asked = state.infoAsked, asked.position == position, asked.info == info { return [] }
    let revision = (state.infoAsked?.revision ?? 0) + 1
    state.infoAsked = InfoAsked(position: position, info: info, revision: revision)
    return [.runInfoCommand(template: template, position: position, info: info, revision: revision)]
  }

  static func focusQuery(_ state: inout SearchState) -> [SearchEffect] {
    state.focus = .query
    return []
  }
}
