/// Answers (of the searchers and the store) and the app's own events (start, layout, time,
/// streaming, bound commands ending).
extension SearchReducer {
  static func answer(_ state: inout SearchState, _ event: AnswerEvent) -> [SearchEffect] {
    switch event {
    case .resultsArrived(let revision, let answered):
      let page = ResultsReducer.withoutExcluded(answered, state.list.excluded)
      guard revision == state.list.revision else {
        guard showsMeanwhile(page, state) else { return [] }
        return interimPageArrived(&state, page)
      }
      if page.interim { return interimPageArrived(&state, page) }
      if state.inputEnded && page.page == 0 { state.streamedRecords = nil }
      if let error = page.error {
        // A refinement the catalog cannot apply: say so, change nothing else.
        state.message = error
        ResultsReducer.pageFailed(&state.list)
        return []
      }
      if page.page == 0 {
        ResultsReducer.answered(&state.list)
        let effects = firstPageArrived(&state, page)
        // An estimate (`~`): the count lane counts every hit, and the exact count replaces it.
        guard !page.exhaustiveNbHits else { return effects }
        return effects + [.countHits(query: page.query, refine: state.refining.refine, revision: state.list.revision)]
      }
      guard ResultsReducer.appendLaterPage(&state.list, page) else { return [] }
      if state.focus == .results { ResultsReducer.makePendingMoves(&state.list) }
      ResultsReducer.followFromEnd(&state.list)
      clampSelection(&state)
      return reselectAfterReload(&state) + followTracked(&state) + loadMoreIfNeeded(&state)
    case .countArrived(let revision, let nbHits, let nbPages):
      guard revision == state.list.revision, !state.list.results.isPending else { return [] }
      ResultsReducer.exactCountArrived(&state.list.results, nbHits: nbHits, nbPages: nbPages)
      return loadMoreIfNeeded(&state)
    case .infoArrived(let revision, let text):
      if revision == state.infoAsked?.revision { state.infoText = text }
      return []
    case .suggestionsArrived(let revision, let list):
      SuggestionsReducer.arrived(&state.suggestionsPane, revision: revision, list)
      return []
    case .checkSaved(let objectID, let checked):
      MarksReducer.saved(&state.marks, objectID, checked: checked)
      return []
    case .itemCreated(let item):
      MarksReducer.created(&state.marks, item.objectID)
      return [ResultsReducer.searchAgain(&state.list, state.refining.refine)]
    case .itemDeleted(let objectID):
      MarksReducer.deleted(&state.marks, objectID)
      return [ResultsReducer.searchAgain(&state.list, state.refining.refine)]
    case .queryForgotten, .queryLogged:
      // The recent searches changed: the suggestions on screen are asked for again (a log written
      // after the empty query's suggestions were answered left the new search out until a key).
      return [SuggestionsReducer.search(&state.suggestionsPane, state.editor.text)]
    case .writesFlushed:
      switch MarksReducer.writesFlushed(&state.marks) {
      case .run(let pending)?: return [immediateCommand(pending.template, pending.mode, state)]
      case .accept(let objectIDs, let picked)?:
        // The pick is written before Seek leaves: the runtime's shutdown waits for its writes.
        return (picked.map { [.recordPick(objectID: $0, query: state.editor.text)] } ?? []) + [
          .accept(objectIDs: objectIDs)
        ]
      case nil: return []
      }
    case .storeChanged(let checked, let createdChanged):
      MarksReducer.storeChanged(&state.marks, checked: checked)
      return createdChanged ? [ResultsReducer.searchAgain(&state.list, state.refining.refine)] : []
    case .storeNoted(let note):
      // Back online is news (a message); offline is a state (the note, until it ends).
      if note == nil && state.storeNote != nil { state.message = "shared store reached again: changes sent" }
      state.storeNote = note
      return []
    case .matchesListed(.keepListed, let listed):
      return MarksReducer.keepListed(state.marks, listed)
    case .matchesListed(let how, let matches):
      let then = MarksReducer.takeAfterMatches(&state.marks)
      return MarksReducer.toggleAll(state.marks, matches, how) + perform(&state, then)
    }
  }

  /// Whether a first page of an earlier request answers what the latest asks — the same query
  /// and refinements: lines streaming in ask the query on screen again on every batch, and the
  /// answer to an earlier ask, over fewer lines, is shown while the latest is awaited (the
  /// screen waited for the one answer no newer batch overtook). Answers come in the order they
  /// were asked (one lane), so no later answer is on screen yet.
  public static func showsMeanwhile(_ page: ResultsPage, _ state: SearchState) -> Bool {
    page.page == 0 && page.error == nil && page.query == state.searchedQuery && page.refine == state.refining.refine
  }

  /// The indexes' part of a first page, while the lines past them are scanned: shown, and still
  /// pending (no page after it is asked for, no count made, Enter waits for the whole answer).
  /// The whole answer of the same revision always comes after it (one lane, answers in order).
  private static func interimPageArrived(_ state: inout SearchState, _ page: ResultsPage) -> [SearchEffect] {
    guard page.page == 0 else { return [] }
    showFirstPage(&state, page, interim: true)
    // The selection is not clamped to the part: the whole answer follows, and a move made
    // before it (keys faster than the scan) keeps its row, as fzf's cursor does.
    return []
  }

  /// The results become those of `page`; the refinement pane's selection stays on its row.
  private static func showFirstPage(_ state: inout SearchState, _ page: ResultsPage, interim: Bool = false) {
    let paneRowsBefore = state.focus == .refinements ? state.paneRows : []
    ResultsReducer.show(&state.list, firstPage: page, offersCreate: state.marks.picking.offersCreate, interim: interim)
    if state.focus == .refinements {
      RefinementsReducer.keepSelection(&state.refining, from: paneRowsBefore, to: state.paneRows)
    }
  }

  /// A first page replaces the results; a submit's first hit, or a reload's item, is selected;
  /// an Enter that came before it takes its top line.
  private static func firstPageArrived(_ state: inout SearchState, _ page: ResultsPage) -> [SearchEffect] {
    showFirstPage(&state, page)
    let results = state.list.results
    if ResultsReducer.takeSelectFirstHit(&state.list) {
      if let first = results.firstItemRow {
        state.focus = .results
        ResultsReducer.selectSubmitted(&state.list, first)
      } else {
        state.focus = .query  // nothing to select: the create row is taken only by moving onto it
      }
    }
    var effects = reselectAfterReload(&state) + followTracked(&state) + remarkAfterReload(&state)
    if state.list.pendingMoves > 0 && page.query == state.searchedQuery, let first = results.firstItemRow {
      let moves = ResultsReducer.takeWaitingMoves(&state.list)
      _ = enterResults(&state, at: min(first + moves, results.rowCount - 1))
    }
    if state.marks.enterOnArrival != nil, page.query == state.searchedQuery,
      let waiting = MarksReducer.takeEnterOnArrival(&state.marks)
    {
      if waiting == state.editor.text, let title = state.createdByEnter { return effects + [.createItem(title: title)] }
    }
    clampSelection(&state)
    if page.query == state.searchedQuery && MarksReducer.takeAcceptTopOnArrival(&state.marks) {
      // (A page asked for above, its request marked as made, is still asked for.)
      return effects + acceptCurrent(&state)
    }
    effects += loadMoreIfNeeded(&state)
    return effects
  }

  static func appEvent(_ state: inout SearchState, _ event: AppEvent) -> [SearchEffect] {
    switch event {
    case .started(let viewport):
      state.viewport = viewport
      DetailsReducer.fit(&state.details, screen: viewport.screen)
      RefinementsReducer.started(&state.refining, beside: viewport.refinementsBeside)
      return searchBoth(&state)
    case .viewportChanged(let viewport):
      state.viewport = viewport
      DetailsReducer.fit(&state.details, screen: viewport.screen)
      clampSelection(&state)
      // Wide enough now for the pane beside the results: its counts are needed.
      if RefinementsReducer.syncFacetCounting(&state.refining, beside: viewport.refinementsBeside) {
        return [ResultsReducer.search(&state.list, state.searchedQuery, state.refining.refine)]
      }
      return loadMoreIfNeeded(&state)
    case .tick(let milliseconds):
      if state.streamedRecords != nil { state.spinnerFrame &+= 1 }
      state.idleMilliseconds += milliseconds
      guard state.idleMilliseconds >= SearchState.storeRefreshMilliseconds else { return [] }
      state.idleMilliseconds = 0
      return state.marks.pendingAccept == nil ? [.refreshFromStore] : []
    case .headerRead(let lines):
      // A reload's header takes the place of the one read before it; `--header`'s lines stay.
      state.header = state.header.dropLast(state.inputHeaderLines) + lines
      state.inputHeaderLines = lines.count
      return []
    case .catalogChanged(let records, let finished, let percent):
      if !finished {
        state.inputEnded = false
        state.streamedRecords = records
        state.streamedPercent = percent
      } else if !state.inputEnded {
        // Still counting until the answer for every record arrives (`resultsArrived`).
        state.inputEnded = true
        state.streamedRecords = state.streamedRecords.map { _ in records }
        state.streamedPercent = nil
      }
      // Refresh the results of the query on screen (and its suggestions), keeping the selection
      // (or its item, tracked). With search disabled, lines read since are all listed.
      RefinementsReducer.listReplaced(&state.refining)
      listChanging(&state)
      // A new list starts empty (a reload, the lines shaped anew): the list before stays on
      // screen until its first lines come, or a key asks the new one (fzf's).
      let startsEmpty = records == 0 && !finished
      return (startsEmpty ? [] : searchBoth(&state)) + linesChanged(&state, finished: finished)
    case .failed(let message):
      state.message = message
      return []
    case .interrupted:
      return [.quit(status: 130)]
    case .actionsTriggered(let actions):
      return perform(&state, actions)
    case .backgroundFinished(let output):
      return perform(&state, output)
    case .commandFinished(let output):
      let (then, held) = MarksReducer.commandFinished(&state.marks)
      var effects = perform(&state, output + then)
      // The keys typed while the command waited, as if typed now (their bound events too).
      for input in held { effects += reduce(&state, input) }
      return effects
    case .sourceChanged:
      state.message = "the catalog changed: reading it again"
      return [.reloadSource]
    }
  }

  /// A bound command run now, for the current row and the marks saved so far (`reload`).
  static func immediateCommand(_ template: String, _ mode: CommandMode, _ state: SearchState) -> SearchEffect {
    let current = state.currentHit?.objectID
    let marked = state.marks.savedMarks
    return .runCommand(
      template: template, current: current, marked: marked.isEmpty ? current.map { [$0] } ?? [] : marked,
      query: state.editor.text, mode: mode)
  }
}
