/// Tracking (fzf's `--track`, `track-current`, `--id-nth`) and what a reload keeps, where they
/// cross concerns: the tracking concern says which item to follow; this part says which item is
/// current, and moves the focus and the selection to where the item is found.
extension SearchReducer {
  /// The current row: its place in the list (nil: the top line, no move made) and on screen.
  private static func currentPlace(_ state: SearchState) -> (row: Int?, screenRow: Int) {
    let row = state.focus == .results ? state.list.selection : (state.list.results.firstItemRow ?? 0)
    return (state.focus == .results ? state.list.selection : nil, max(0, row - state.list.scrollOffset))
  }

  /// The list is about to change (a query, refinements, more lines): the tracked item is sought.
  static func listChanging(_ state: inout SearchState) {
    guard state.list.tracking.mode != .off else { return }  // (no line looked up on every key)
    let place = currentPlace(state)
    TrackingReducer.listChanging(
      &state.list.tracking, current: state.currentHit?.objectID, key: state.currentHit?.identity,
      screenRow: place.screenRow, row: place.row)
  }

  /// fzf's `track-current`, `untrack-current`, `toggle-track`, `toggle-track-current`.
  static func track(_ state: inout SearchState, _ action: BindAction) -> [SearchEffect] {
    TrackingReducer.act(&state.list.tracking, action, current: state.currentHit?.objectID)
    return []
  }

  /// A reload starts. With an item tracked by its key (`--id-nth`), answers about the list
  /// before are dropped and the spinner turns at once: keys wait for the item in the new list.
  /// Otherwise Seek keeps the item the cursor was on; run as fzf, the cursor keeps its place,
  /// and the marks go (those whose keys the next list holds come back once it has all come).
  static func reloadStarting(_ state: inout SearchState, sync: Bool) -> [SearchEffect] {
    // fzf's marks do not outlive the list, unless `--id-nth` names them in the next one.
    let unmarked =
      state.look.isFzf
      ? MarksReducer.reloadStarting(
        &state.marks, hits: state.list.results.hits, identified: state.list.tracking.identified) : []
    ResultsReducer.reloadStarting(&state.list)
    let place = currentPlace(state)
    let key = TrackingReducer.keyForReload(state.list.tracking, current: state.currentHit?.identity)
    TrackingReducer.reloading(&state.list.tracking, key: key, screenRow: place.screenRow, row: place.row, sync: sync)
    // The next list is looked into (for the tracked line, for the marked keys): answers about
    // this one are dropped, and it is known to be whole only once its input has ended.
    if state.list.tracking.isBlocked || state.marks.keysToMarkAfterReload != nil {
      ResultsReducer.dropAnswersInFlight(&state.list)
      state.streamedRecords = 0
      state.inputEnded = false
    }
    if state.list.tracking.isBlocked {
      ResultsReducer.reselect(&state.list, nil)
      return unmarked
    }
    guard state.focus == .results else { return unmarked }
    if state.look.isFzf {
      ResultsReducer.reselect(&state.list, .row(state.list.selection))
    } else if case .item(let hit)? = state.list.results.row(at: state.list.selection) {
      ResultsReducer.reselect(&state.list, .item(hit.objectID))
    }
    return unmarked
  }

  /// Keys while a reload's list is searched for the tracked item (`+T*`): Escape and Ctrl-C end
  /// the wait, `toggle-track` ends it and the tracking; every other key waits with it. Nil:
  /// nothing waits.
  static func keyWhileBlocked(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect]? {
    guard state.list.tracking.isBlocked, event.isInput || event == .app(.interrupted) else { return nil }
    switch event {
    case .app(.interrupted), .key(.escapePressed):
      TrackingReducer.unblock(&state.list.tracking)
    case .app(.actionsTriggered(let actions)) where actions.contains(.abort) || actions.contains(.cancel):
      TrackingReducer.unblock(&state.list.tracking)
    case .app(.actionsTriggered(let actions)) where actions.contains(.toggleTrack):
      TrackingReducer.unblock(&state.list.tracking)
      return perform(&state, actions)
    default: break
    }
    return []
  }

  /// A page has arrived: the item sought, selected where it is found (on the screen row it stood
  /// on), the next page asked for while it is not among the rows loaded.
  static func followTracked(_ state: inout SearchState) -> [SearchEffect] {
    guard let sought = state.list.tracking.sought, !state.list.results.isPending else { return [] }
    let results = state.list.results
    let outcome = TrackingReducer.listArrived(
      &state.list.tracking,
      ids: { row in
        guard case .item(let hit)? = results.row(at: row) else { return nil }
        return sought.byIdentity ? hit.identity : hit.objectID
      },
      rowCount: results.rowCount, morePages: results.hasMorePages, complete: state.streamedRecords == nil,
      height: state.viewport.resultsRows)
    switch outcome {
    case nil, .wait?: return []
    // Pages that double: a line far down a long list is reached in a few of them, each at most
    // as long as the rows before it (fzf looks through its whole list at once).
    case .loadMore?:
      return ResultsReducer.loadNextPage(&state.list, state.refining.refine, count: max(results.rowCount, 1))
    case .found(let row, let screenRow)?:
      if let id = results.row(at: row)?.objectID { TrackingReducer.followed(&state.list.tracking, objectID: id) }
      state.focus = .results
      ResultsReducer.select(&state.list, row, onScreenRow: screenRow)
    case .lost(let row)?:
      guard let row, results.rowCount > 0 else { break }
      state.focus = .results
      ResultsReducer.select(&state.list, min(row, results.rowCount - 1))
    }
    clampSelection(&state)
    return loadMoreIfNeeded(&state)
  }

  /// A reloaded list has all come: the lines whose keys were marked are marked again.
  static func remarkAfterReload(_ state: inout SearchState) -> [SearchEffect] {
    guard state.marks.keysToMarkAfterReload != nil, state.streamedRecords == nil, !state.list.results.isPending else {
      return []
    }
    return MarksReducer.reloadEnded(&state.marks, hits: state.list.results.hits)
  }

  /// After a reload: the row or the item to select again, once the new list has it; the next
  /// page asked for while it is beyond the rows loaded.
  static func reselectAfterReload(_ state: inout SearchState) -> [SearchEffect] {
    guard let reselect = state.list.reselect else { return [] }
    let results = state.list.results
    let complete = state.streamedRecords == nil
    let found: Int?
    switch reselect {
    case .item(let id): found = (0..<results.rowCount).first { results.row(at: $0)?.objectID == id }
    case .row(let row):
      if row < results.rowCount {
        found = row
      } else if results.hasMorePages {
        return ResultsReducer.loadNextPage(&state.list, state.refining.refine)
      } else {
        found = complete && results.rowCount > 0 ? results.rowCount - 1 : nil
      }
    }
    if let found {
      state.focus = .results
      ResultsReducer.select(&state.list, found)
      ResultsReducer.reselect(&state.list, nil)
    } else if complete {
      ResultsReducer.reselect(&state.list, nil)  // the reload has ended without it
    }
    return []
  }
}
