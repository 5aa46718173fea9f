/// The search screen's behaviour: `reduce(&state, event) -> effects`, pure — no terminal, no I/O,
/// no clock. Searches, checks and the query log are effects whose answers come back as events, and
/// every answer carries the revision of its request so that a late one is dropped.
public enum SearchReducer {
  /// Rows from the end of the loaded hits at which the next page is requested.
  public static let pageLoadThreshold = 5
  /// Rows moved by one notch of the mouse wheel.
  public static let wheelStep = 3

  public static func reduce(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect] {
    guard !state.eventBindings.isEmpty else { return reduceOnce(&state, event) }
    let before = ActionsReducer.Snapshot(state)
    let effects = reduceOnce(&state, event)
    // `--bind` on events: what this event set off (never what their own actions set off).
    return effects + ActionsReducer.eventsTriggered(&state, by: event, since: before)
  }

  /// One event, without the event bindings it may set off.
  static func reduceOnce(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect] {
    var effects = reduceEvent(&state, event)
    // The details pane follows the hit the user is on, whatever moved it.
    if state.pendingAccept == nil { effects += DetailsReducer.sync(&state) }
    return effects
  }

  static func reduceEvent(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect] {
    // Accepting: the pending writes (or the results to take the top of) are being finished; keys
    // after Enter do nothing.
    if (state.pendingAccept != nil || state.acceptTopOnArrival || state.pendingCommand != nil) && event.isInput {
      return []
    }
    // A key while a jump waits for its label: the label's row, or the jump ends.
    if let effects = JumpReducer.reduce(&state, event) { return effects }
    // A key after a submit takes over from the first-hit selection the submit asked for.
    if event.isInput {
      state.selectFirstHitOnArrival = false
      state.reselect = nil
    }
    // Concerns with reducers of their own.
    if let effects = RefinementsReducer.reduce(&state, event) { return effects }
    if let effects = DetailsReducer.reduce(&state, event) { return effects }
    if let effects = QueryEditingReducer.reduce(&state, event) { return effects }
    switch event {
    case .started(let viewport):
      state.viewport = viewport
      state.refine.countFacets = RefinementsReducer.paneShown(state)
      return searchBoth(&state)

    case .viewportChanged(let viewport):
      state.viewport = viewport
      clampSelection(&state)
      // Wide enough now for the pane beside the results: its counts are needed.
      if RefinementsReducer.syncFacetCounting(&state) {
        state.resultsRevision += 1
        return [.searchResults(query: state.query, page: 0, refine: state.refine, revision: state.resultsRevision)]
      }
      return loadMoreIfNeeded(&state)

    case .deletedForward where highlightedRecentSearch(state) != nil:
      // Delete on a recent search: it is removed from the log, and offered no more.
      let h = highlightedRecentSearch(state)!
      let text = state.suggestions[h].query
      state.suggestions.remove(at: h)
      state.highlightedSuggestion = state.suggestions.isEmpty ? nil : min(h, state.suggestions.count - 1)
      return [.forgetQuery(text)]

    case .deletedForward where state.focus == .results:
      // Delete on a result: a created item is deleted; catalog records cannot be.
      guard case .item(let hit) = selectedRow(state) else { return [] }
      guard hit.isCreated else {
        state.message = "only items made with the create row can be deleted"
        return []
      }
      return [.deleteCreatedItem(objectID: hit.objectID)]

    case .deletedForwardOrQuit:
      guard state.focus == .query && state.query.isEmpty else { return reduceEvent(&state, .deletedForward) }
      return [.quit(status: 130)]

    case .cursorMoved(let move) where state.focus == .results && (move == .home || move == .end):
      state.selection = move == .home ? 0 : max(0, state.results.rowCount - 1)
      return selectionMoved(&state)

    case .movedDown:
      switch state.focus {
      case .query:
        let shown = state.shownSuggestions.count
        if let h = state.highlightedSuggestion, h + 1 < shown {
          state.highlightedSuggestion = h + 1
        } else if state.highlightedSuggestion == nil && shown > 0 {
          state.highlightedSuggestion = 0
        } else if state.picking.enterAccepts && shown == 0, let first = state.results.firstItemRow {
          // Enter in the query accepts the top line: it is the current row already (fzf's
          // pointer), so Down moves past it.
          return enterResults(&state, at: min(first + 1, state.results.rowCount - 1))
        } else {
          return enterResults(&state, at: 0)
        }
        return []
      case .results:
        let atTheEnd = state.selection + 1 >= state.results.rowCount && !state.results.hasMorePages
        state.selection = atTheEnd && state.picking.cycles ? 0 : state.selection + 1
        return selectionMoved(&state)
      case .refinements:
        return []  // RefinementsReducer's
      }

    case .movedUp
    where state.picking.cycles && state.results.rowCount > 0 && !state.results.hasMorePages
      && (state.focus == .results ? state.selection == 0 : state.focus == .query && state.shownSuggestions.isEmpty):
      // --cycle: above the first row is the last one.
      return enterResults(&state, at: state.results.rowCount - 1)

    case .movedUp:
      switch state.focus {
      case .query:
        if let h = state.highlightedSuggestion { state.highlightedSuggestion = h > 0 ? h - 1 : nil }
        return []
      case .results:
        if state.selection > 0 {
          state.selection -= 1
          return selectionMoved(&state)
        }
        state.focus = .query
        let shown = state.shownSuggestions.count
        state.highlightedSuggestion = shown > 0 ? shown - 1 : nil
        return []
      case .refinements:
        return []  // RefinementsReducer's
      }

    case .pagedDown:
      let page = max(1, state.viewport.resultsRows)
      if state.focus == .query { return enterResults(&state, at: page - 1) }
      state.selection += page
      return selectionMoved(&state)

    case .pagedUp:
      guard state.focus == .results else { return [] }
      state.selection = max(0, state.selection - max(1, state.viewport.resultsRows))
      return selectionMoved(&state)

    case .scrolled(let lines):
      if state.focus == .query {
        return lines > 0 ? enterResults(&state, at: min(lines * wheelStep, max(0, state.results.rowCount - 1))) : []
      }
      state.selection = max(0, state.selection + lines * wheelStep)
      return selectionMoved(&state)

    case .tabPressed
    where state.focus == .query && state.picking.enterAccepts && state.shownSuggestions.isEmpty
      && state.results.firstItemRow != nil:
      // The top line is the current row (fzf's pointer): Tab acts on it as on a result.
      state.focus = .results
      state.selection = state.results.firstItemRow!
      return reduceEvent(&state, .tabPressed)

    case .backTabPressed where state.picking.marks && (state.focus == .results || onTopLine(state)):
      // fzf's toggle+up: the row's check, then the row above (the top line stays).
      if state.focus == .query { state.selection = state.results.firstItemRow! }
      state.focus = .results
      let effects = toggleSelectedRow(&state)
      guard state.selection > (state.results.firstItemRow ?? 0) else { return effects + selectionMoved(&state) }
      return effects + reduceEvent(&state, .movedUp)

    case .backTabPressed:
      return reduceEvent(&state, .movedUp)

    case .tabPressed where state.focus == .results:
      // fzf's toggle+down: the row's check (or the create row), then the next row. The key that
      // checks a hit a submit selected, where Space types.
      let effects = state.picking.marks ? toggleSelectedRow(&state) : []
      state.selection += 1
      return effects + selectionMoved(&state)

    case .tabPressed:
      let shown = state.shownSuggestions
      guard !shown.isEmpty else { return [] }
      let chosen = shown[min(state.highlightedSuggestion ?? 0, shown.count - 1)].query
      state.query = chosen
      state.cursor = chosen.count
      return queryEdited(&state)

    case .acceptKeyPressed(let name):
      state.acceptKey = name
      return acceptCurrent(&state)

    case .actionsTriggered(let actions):
      return ActionsReducer.perform(&state, actions)

    case .commandFinished:
      let then = state.afterCommand
      state.afterCommand = []
      return ActionsReducer.perform(&state, then)

    case .movedToFirst:
      guard let first = state.results.firstItemRow else { return [] }
      return enterResults(&state, at: first)

    case .movedToLast:
      guard state.results.rowCount > 0 else { return [] }
      return enterResults(&state, at: state.results.rowCount - 1)

    case .toggled:
      guard state.picking.marks, state.focus == .results || onTopLine(state) else { return [] }
      if state.focus == .query {
        state.focus = .results
        state.selection = state.results.firstItemRow!
      }
      return toggleSelectedRow(&state)

    case .allToggled(let how):
      return toggleAll(&state, how)

    case .enterPressed:
      switch state.focus {
      case .query:
        let shown = state.shownSuggestions
        if let h = state.highlightedSuggestion, h < shown.count {
          // "iphone in Cell Phones": the query, refined to the suggestion's category.
          if let category = shown[h].suggestion.category {
            RefinementsReducer.refineCategory(&state, category)
          }
          return submit(&state, shown[h].query, fromSuggestion: true)
        }
        RefinementsReducer.absorbAllTokens(&state)
        guard state.picking.enterAccepts else { return submit(&state, state.query, fromSuggestion: false) }
        // fzf: one Enter takes the top line. When the results on screen answer an older query
        // (typed faster than searched), the top line of this query is taken when it arrives.
        guard state.results.query == state.query, !state.results.isPending else {
          state.acceptTopOnArrival = true
          return []
        }
        return acceptTop(&state)
      case .results:
        switch selectedRow(state) {
        case .create(let title): return [.createItem(title: title)]
        case .item(let hit): return accept(&state, hit.objectID)
        case nil: return []
        }
      case .refinements:
        return []  // RefinementsReducer's
      }

    case .spacePressed:
      guard state.focus == .results, !state.selectedBySubmit, state.picking.marks else {
        // `brand:apple ` or `price<500 `: a finished token on a facet becomes a refinement.
        if RefinementsReducer.absorbTokenBeforeCursor(&state) { return queryEdited(&state) }
        return reduce(&state, .inserted(" "))
      }
      return toggleSelectedRow(&state)

    case .escapePressed where state.picking.escapeQuits:
      return [.quit(status: 130)]

    case .escapePressed:
      // On a result, Esc returns to the query first (as fzf users expect), changing nothing else.
      if state.focus == .results {
        state.focus = .query
        return []
      }
      if state.suggestionsVisible && !state.suggestions.isEmpty {
        state.suggestionsVisible = false
        state.highlightedSuggestion = nil
        return []
      }
      guard !state.query.isEmpty else { return [.quit(status: 130)] }
      state.query = ""
      state.cursor = 0
      let effects = queryEdited(&state)
      state.suggestionsVisible = false  // Esc asked for them closed; the next edit reopens them
      return effects

    case .interrupted:
      return [.quit(status: 130)]

    case .inserted, .deletedBackward, .deletedForward, .deletedWordBackward, .deletedWordPartBackward, .yanked,
      .cleared,
      .cursorMoved, .deletedWordForward, .deletedToStart, .deletedToEnd, .historyMoved, .queryReplaced:
      return []  // QueryEditingReducer's

    case .refinementToggled, .refinementsCleared, .sortCycled, .refinementPaneToggled:
      return []  // RefinementsReducer's

    case .detailsToggled, .detailsScrolled, .detailsArrived, .previewArrived:
      return []  // DetailsReducer's

    case .queryClicked:
      return focusQuery(&state)

    case .suggestionClicked(let index, let double):
      guard index < state.shownSuggestions.count else { return [] }
      state.focus = .query
      state.highlightedSuggestion = index
      return double ? reduceEvent(&state, .enterPressed) : []

    case .resultClicked(let index, let double):
      return resultClicked(&state, index, double: double)

    case .resultsArrived(let revision, let page):
      guard revision == state.resultsRevision else { return [] }
      if let error = page.error {
        // A refinement the catalog cannot apply: say so, change nothing else.
        state.message = error
        state.results.loadingPage = nil
        return []
      }
      if page.page == 0 {
        var results = ResultsState()
        results.query = page.query
        results.hits = page.hits
        results.equalItems = page.equalItems
        results.nbHits = page.nbHits
        results.nbPages = page.nbPages
        results.pagesLoaded = 1
        results.exhaustiveNbHits = page.exhaustiveNbHits
        results.droppedWords = page.droppedWords
        results.typoCorrected = page.typoCorrected
        results.reorderedByLearning = page.reorderedByLearning
        results.milliseconds = page.milliseconds
        results.next = page.next
        results.facets = page.facets
        results.isPending = false
        results.offersCreate = state.picking.offersCreate
        state.results = results
        if state.selectFirstHitOnArrival {
          state.selectFirstHitOnArrival = false
          if let first = results.firstItemRow {
            state.focus = .results
            state.selection = first
            state.selectedBySubmit = true
          } else {
            state.focus = .query  // nothing to select: the create row is taken only by moving onto it
          }
        }
        if let id = state.reselect {
          // After a reload: the item the user was on, if the new list has it (in its first page).
          if let row = (0..<results.rowCount).first(where: { results.row(at: $0)?.objectID == id }) {
            state.focus = .results
            state.selection = row
            state.reselect = nil
          } else if state.streamedRecords == nil {
            state.reselect = nil  // the reload has ended without it
          }
        }
        if state.acceptTopOnArrival && page.query == state.query {
          state.acceptTopOnArrival = false
          return acceptTop(&state)
        }
      } else {
        guard page.page == state.results.pagesLoaded, page.query == state.results.query else { return [] }
        let loaded = Set(state.results.hits.map(\.objectID))
        state.results.hits += page.hits.filter { !loaded.contains($0.objectID) }
        state.results.pagesLoaded += 1
        state.results.loadingPage = nil
        state.results.milliseconds = page.milliseconds
        state.results.next = page.next
        countFromLaterPage(&state.results, page)
      }
      clampSelection(&state)
      return loadMoreIfNeeded(&state)

    case .suggestionsArrived(let revision, let list):
      guard revision == state.suggestionsRevision else { return [] }
      state.suggestions = list
      if let h = state.highlightedSuggestion, h >= list.count { state.highlightedSuggestion = nil }
      return []

    case .checkSaved(let objectID, let checked):
      state.checked.removeAll { $0 == objectID }
      state.checkedThisRun.removeAll { $0 == objectID }
      if checked {
        state.checked.append(objectID)
        state.checkedThisRun.append(objectID)
      }
      return []

    case .itemCreated(let item):
      if !state.checked.contains(item.objectID) { state.checked.append(item.objectID) }
      if !state.checkedThisRun.contains(item.objectID) { state.checkedThisRun.append(item.objectID) }
      state.resultsRevision += 1
      return [
        .searchResults(query: state.results.query, page: 0, refine: state.refine, revision: state.resultsRevision)
      ]

    case .itemDeleted(let objectID):
      state.checked.removeAll { $0 == objectID }
      state.checkedThisRun.removeAll { $0 == objectID }
      state.resultsRevision += 1
      return [
        .searchResults(query: state.results.query, page: 0, refine: state.refine, revision: state.resultsRevision)
      ]

    case .queryForgotten, .queryLogged:
      // The recent searches changed: the suggestions on screen are asked for again (a log written
      // after the empty query's suggestions were answered left the new search out until a key).
      state.suggestionsRevision += 1
      return [.searchSuggestions(query: state.query, revision: state.suggestionsRevision)]

    case .writesFlushed:
      if let pending = state.pendingCommand {
        // A bound command once the checks before it are saved: `{+}` is what the store holds.
        state.pendingCommand = nil
        state.afterCommand = pending.then
        return [immediateCommand(pending.template, pending.mode, state)]
      }
      guard let highlighted = state.pendingAccept else { return [] }
      let held = state.checkedThisRun.filter(state.checked.contains)
      return [.accept(objectIDs: held.isEmpty ? [highlighted] : held)]

    case .storeChanged(let checked, let createdChanged):
      state.checked = checked
      guard createdChanged else { return [] }
      state.resultsRevision += 1
      return [
        .searchResults(query: state.results.query, page: 0, refine: state.refine, revision: state.resultsRevision)
      ]

    case .tick:
      return state.pendingAccept == nil ? [.refreshFromStore] : []

    case .headerRead(let lines):
      state.header += lines
      return []

    case .catalogChanged(let records, let finished, let percent):
      state.streamedRecords = finished ? nil : records
      state.streamedPercent = finished ? nil : percent
      // Refresh the results of the query on screen (and its suggestions), keeping the selection.
      state.resultsRevision += 1
      state.suggestionsRevision += 1
      return [
        .searchResults(query: state.query, page: 0, refine: state.refine, revision: state.resultsRevision),
        .searchSuggestions(query: state.query, revision: state.suggestionsRevision),
      ]

    case .failed(let message):
      state.message = message
      return []
    }
  }

  // MARK: - Helpers

  /// The index of the highlighted suggestion when it is one of the user's recent searches.
  static func highlightedRecentSearch(_ state: SearchState) -> Int? {
    guard state.focus == .query, let h = state.highlightedSuggestion, h < state.shownSuggestions.count,
      state.shownSuggestions[h].isRecent
    else { return nil }
    return h
  }

  /// fzf's accept: the row the user is on, or the top line from the query (once the query's
  /// results are in).
  static func acceptCurrent(_ state: inout SearchState) -> [SearchEffect] {
    if state.focus == .results, case .item(let hit)? = selectedRow(state) { return accept(&state, hit.objectID) }
    guard state.results.query == state.query, !state.results.isPending else {
      state.acceptTopOnArrival = true
      return []
    }
    return acceptTop(&state)
  }

  /// fzf's select-all, deselect-all and toggle-all, over the item rows loaded (within `--multi=N`).
  private static func toggleAll(_ state: inout SearchState, _ how: AllToggle) -> [SearchEffect] {
    guard state.picking.marks else { return [] }
    var effects: [SearchEffect] = []
    var marked = state.checkedThisRun.count
    for index in 0..<state.results.rowCount {
      guard case .item(let hit)? = state.results.row(at: index) else { continue }
      let checked = state.checked.contains(hit.objectID)
      let wanted = how == .select ? true : how == .deselect ? false : !checked
      guard wanted != checked else { continue }
      if wanted, let most = state.picking.maxMarks, marked >= most { continue }
      marked += wanted ? 1 : 0
      effects.append(.setChecked(objectID: hit.objectID, title: hit.title, checked: wanted))
    }
    return effects
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
  }

  /// A bound command run now, for the current row and the marks saved so far (`reload`).
  static func immediateCommand(_ template: String, _ mode: CommandMode, _ state: SearchState) -> SearchEffect {
    let current = DetailsReducer.currentHit(state)?.objectID
    let marked = state.checkedThisRun.filter(state.checked.contains)
    return .runCommand(
      template: template, current: current, marked: marked.isEmpty ? current.map { [$0] } ?? [] : marked,
      query: state.query, mode: mode)
  }

  /// A bound command for the current row (`{}`) and the items checked in this run, or else the
  /// current row (`{+}`): run once the writes asked for before it are done (as accept waits), so
  /// that a check made just before is among the marks. Keys wait meanwhile.
  static func command(_ template: String, _ mode: CommandMode, _ state: inout SearchState) -> [SearchEffect] {
    state.pendingCommand = PendingCommand(template: template, mode: mode)
    return [.flushWrites]
  }

  /// In the query of a plain list, the top line is the current one (fzf's pointer).
  static func onTopLine(_ state: SearchState) -> Bool {
    state.focus == .query && state.picking.enterAccepts && state.shownSuggestions.isEmpty
      && state.results.firstItemRow != nil
  }

  static func selectedRow(_ state: SearchState) -> ResultRow? {
    state.results.row(at: state.selection)
  }

  /// A click on a result selects it; a click on the selected one again, twice in a row, accepts it.
  private static func resultClicked(_ state: inout SearchState, _ index: Int, double: Bool) -> [SearchEffect] {
    guard index >= 0, index < state.results.rowCount else { return [] }
    let again = state.focus == .results && state.selection == index
    state.focus = .results
    state.highlightedSuggestion = nil
    state.selection = index
    var effects = selectionMoved(&state)
    if double && again { effects += reduceEvent(&state, .enterPressed) }
    return effects
  }

  /// Accept: leave once every write before it is answered, so that what is printed is what the
  /// store holds, including a check made in the same burst of keys.
  private static func accept(_ state: inout SearchState, _ objectID: String) -> [SearchEffect] {
    state.pendingAccept = objectID
    // The pick is recorded before the flush, which then waits for it.
    return (state.picking.learns ? [.recordPick(objectID: objectID, query: state.query)] : []) + [.flushWrites]
  }

  /// Enter from the query when Enter accepts: the top item, or — nothing matching — fzf's "no
  /// match" (status 1), unless items were checked, which are then what is accepted.
  private static func acceptTop(_ state: inout SearchState) -> [SearchEffect] {
    if let first = state.results.firstItemRow, case .item(let hit) = state.results.row(at: first) {
      return accept(&state, hit.objectID)
    }
    if !state.checkedThisRun.isEmpty { return accept(&state, state.checkedThisRun[0]) }
    return [.quit(status: 1)]
  }

  /// Every edit searches both searchers, reopens the suggestions and resets the highlight.
  /// Checks or unchecks the selected hit, or creates the item of the create row.
  /// Checks beyond `--multi=N` are refused with a message.
  private static func toggleSelectedRow(_ state: inout SearchState) -> [SearchEffect] {
    switch selectedRow(state) {
    case .create(let title): return [.createItem(title: title)]
    case .item(let hit):
      let checking = !state.checked.contains(hit.objectID)
      if checking, let most = state.picking.maxMarks, state.checkedThisRun.count >= most {
        state.message = "at most \(most) marked (--multi=\(most))"
        return []
      }
      let pick: [SearchEffect] =
        checking && state.picking.learns ? [.recordPick(objectID: hit.objectID, query: state.query)] : []
      return [.setChecked(objectID: hit.objectID, title: hit.title, checked: checking)] + pick
    case nil: return []
    }
  }

  /// Removes `range` of the query's characters, keeping them for Ctrl-Y.
  static func queryEdited(_ state: inout SearchState) -> [SearchEffect] {
    state.focus = .query
    state.selectedBySubmit = false
    state.suggestionsVisible = true
    state.didSubmitSuggestion = false
    state.highlightedSuggestion = nil
    state.selection = 0
    state.scrollOffset = 0
    state.message = nil
    state.selectFirstHitOnArrival = false
    if state.categoryFromSuggestion != nil && state.query.allSatisfy({ $0 == " " || $0 == "\t" }) {
      RefinementsReducer.endSuggestionCategory(&state)
    }
    return searchBoth(&state)
  }

  static func searchBoth(_ state: inout SearchState) -> [SearchEffect] {
    state.resultsRevision += 1
    state.suggestionsRevision += 1
    return [
      .searchResults(query: state.query, page: 0, refine: state.refine, revision: state.resultsRevision),
      .searchSuggestions(query: state.query, revision: state.suggestionsRevision),
    ]
  }

  static func focusQuery(_ state: inout SearchState) -> [SearchEffect] {
    state.focus = .query
    return []
  }

  /// submitSearch / submitSuggestion: the query is replaced, suggestions are cleared and hidden,
  /// the results are searched, focus goes to the results, and the query is logged.
  private static func submit(_ state: inout SearchState, _ text: String, fromSuggestion: Bool) -> [SearchEffect] {
    state.query = text
    state.cursor = text.count
    state.didSubmitSuggestion = fromSuggestion
    state.suggestions = []
    state.suggestionsVisible = false
    state.highlightedSuggestion = nil
    // The first hit is selected when the results arrive (never the create row).
    state.focus = .query
    state.selectFirstHitOnArrival = true
    state.selection = 0
    state.scrollOffset = 0
    state.resultsRevision += 1
    state.suggestionsRevision += 1  // a late suggestions answer must not refill the pane
    return [
      .searchResults(query: text, page: 0, refine: state.refine, revision: state.resultsRevision),
      .logSubmittedQuery(query: text, fromSuggestion: fromSuggestion),
    ]
  }

  static func enterResults(_ state: inout SearchState, at row: Int) -> [SearchEffect] {
    guard state.results.rowCount > 0 else { return [] }
    state.highlightedSuggestion = nil
    state.focus = .results
    state.selection = row
    return selectionMoved(&state)
  }

  private static func selectionMoved(_ state: inout SearchState) -> [SearchEffect] {
    state.selectedBySubmit = false
    clampSelection(&state)
    return loadMoreIfNeeded(&state)
  }

  /// Keeps the selection on a row and on screen.
  static func clampSelection(_ state: inout SearchState) {
    let count = state.results.rowCount
    state.selection = max(0, min(state.selection, count - 1))
    let height = max(1, state.viewport.resultsRows)
    if state.selection < state.scrollOffset { state.scrollOffset = state.selection }
    if state.selection >= state.scrollOffset + height { state.scrollOffset = state.selection - height + 1 }
    state.scrollOffset = max(0, min(state.scrollOffset, max(0, count - height)))
  }

  /// Infinite scroll: near the end of the loaded rows (or when they do not fill the pane), ask
  /// for the next page, once.
  private static func loadMoreIfNeeded(_ state: inout SearchState) -> [SearchEffect] {
    let results = state.results
    guard !results.isPending, results.hasMorePages, results.loadingPage == nil else { return [] }
    let rows = results.rowCount
    let nearEnd = state.focus == .results && state.selection >= rows - pageLoadThreshold
    guard nearEnd || rows < state.viewport.resultsRows + state.scrollOffset else { return [] }
    state.results.loadingPage = results.pagesLoaded
    return [
      .searchResults(
        query: results.query, page: results.pagesLoaded, cursor: results.next, refine: state.refine,
        revision: state.resultsRevision)
    ]
  }
}
