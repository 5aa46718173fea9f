/// Moving: through the suggestions into the results and back, by row, page, wheel and click.
extension SearchReducer {
  /// Rows moved by one notch of the mouse wheel.
  public static let wheelStep = 3

  /// Home or End on a result: the first row or the last loaded.
  static func moveToEnd(_ state: inout SearchState, home: Bool) -> [SearchEffect] {
    ResultsReducer.select(&state.list, home ? 0 : max(0, state.list.results.rowCount - 1))
    return selectionMoved(&state)
  }

  static func move(_ state: inout SearchState, _ event: MoveEvent) -> [SearchEffect] {
    let rows = state.list.results.rowCount
    switch event {
    case .movedDown: return moveDown(&state)
    case .movedUp: return moveUp(&state)
    // fzf's page keeps a line of the page before in view; Seek's moves a whole page.
    case .pagedDown:
      return page(&state, rows: state.viewport.resultsRows - (state.look.isFzf ? 1 : 0), down: true)
    case .pagedUp:
      return page(&state, rows: state.viewport.resultsRows - (state.look.isFzf ? 1 : 0), down: false)
    case .halfPaged(let down): return page(&state, rows: state.viewport.resultsRows / 2, down: down)
    case .viewShifted(let lines):
      guard rows > 0 else { return [] }
      let current = max(0, currentRow(state))
      let row = ResultsReducer.shiftView(&state.list, by: lines, current: current, rows: state.viewport.resultsRows)
      return enterResults(&state, at: row)
    case .viewCentred:
      guard rows > 0 else { return [] }
      let row = max(0, currentRow(state))
      ResultsReducer.centre(&state.list, on: row, rows: state.viewport.resultsRows)
      return enterResults(&state, at: row)
    case .scrolled(let lines):
      if state.focus == .query {
        return lines > 0 ? enterResults(&state, at: min(lines * wheelStep, max(0, rows - 1))) : []
      }
      ResultsReducer.select(&state.list, max(0, state.list.selection + lines * wheelStep))
      return selectionMoved(&state)
    case .movedToFirst:
      guard let first = state.list.results.firstItemRow else { return [] }
      return enterResults(&state, at: first)
    case .movedToLast: return moveFromEnd(&state, 1)
    case .movedToPosition(let n):
      guard n <= 0 else {
        return enterResults(&state, at: min(rows - 1, (state.list.results.firstItemRow ?? 0) + n - 1))
      }
      // pos(0) is the first line, as fzf's.
      return n == 0 ? enterResults(&state, at: state.list.results.firstItemRow ?? 0) : moveFromEnd(&state, -n)
    case .movedToMarked(let step):
      let marked = Set(state.marks.checked)
      guard rows > 0, !marked.isEmpty else { return [] }
      let from = state.focus == .results ? state.list.selection : (step > 0 ? -1 : rows)
      for distance in 1...rows {
        let row = ((from + step * distance) % rows + rows) % rows
        if case .item(let hit)? = state.list.results.row(at: row), marked.contains(hit.objectID) {
          return enterResults(&state, at: row)
        }
      }
      return []
    }
  }

  /// A page (or half of one: `rows`) down or up; from the query, down enters the list.
  private static func page(_ state: inout SearchState, rows: Int, down: Bool) -> [SearchEffect] {
    let step = max(1, rows)
    if down {
      // From the query a move enters the list (Seek's); fzf's pointer is on the top line already.
      if state.focus == .query { return enterResults(&state, at: currentRow(state) + step) }
      ResultsReducer.select(&state.list, state.list.selection + step)
      return selectionMoved(&state)
    }
    guard state.focus == .results else { return [] }
    ResultsReducer.select(&state.list, max(0, state.list.selection - step))
    return selectionMoved(&state)
  }

  /// The line the cursor is on: the selected row; while typing, the top line when Enter accepts
  /// it (fzf's pointer), else the row above the first (Seek's, whose list is entered by a move).
  private static func currentRow(_ state: SearchState) -> Int {
    if state.focus == .results { return state.list.selection }
    let pointed = state.marks.picking.enterAccepts && state.shownSuggestions.isEmpty
    return pointed ? (state.list.results.firstItemRow ?? 0) : -1
  }

  private static func moveDown(_ state: inout SearchState) -> [SearchEffect] {
    switch state.focus {
    case .query:
      if SuggestionsReducer.highlightNext(&state.suggestionsPane) { return [] }
      if state.marks.picking.enterAccepts && state.shownSuggestions.isEmpty, let first = state.list.results.firstItemRow
      {
        // Enter in the query accepts the top line: it is the current row already (fzf's
        // pointer), so Down moves past it.
        return enterResults(&state, at: min(first + 1, state.list.results.rowCount - 1))
      }
      if movesWait(state) {
        ResultsReducer.waitMove(&state.list)
        return []
      }
      return enterResults(&state, at: 0)
    case .results:
      // Past the rows loaded, while more are coming: the move waits for them (fzf's 110 Downs
      // reach the 100th line, not the last line of the first page).
      if state.list.selection + 1 >= state.list.results.rowCount && state.list.results.hasMorePages {
        ResultsReducer.waitMove(&state.list)
        return loadMoreIfNeeded(&state)
      }
      let atTheEnd = state.list.selection + 1 >= state.list.results.rowCount && !state.list.results.hasMorePages
      ResultsReducer.select(&state.list, atTheEnd && state.marks.picking.cycles ? 0 : state.list.selection + 1)
      return selectionMoved(&state)
    case .refinements:
      return []  // the pane's keys are RefinementsReducer's
    }
  }

  private static func moveUp(_ state: inout SearchState) -> [SearchEffect] {
    let atTheTop =
      state.focus == .results ? state.list.selection == 0 : state.focus == .query && state.shownSuggestions.isEmpty
    if state.marks.picking.cycles && state.list.results.rowCount > 0 && !state.list.results.hasMorePages && atTheTop {
      return enterResults(&state, at: state.list.results.rowCount - 1)  // --cycle: above the first is the last
    }
    switch state.focus {
    case .query:
      if movesWait(state) { ResultsReducer.cancelWaitingMove(&state.list) }
      SuggestionsReducer.highlightPrevious(&state.suggestionsPane)
      return []
    case .results:
      if state.list.pendingMoves > 0 {
        ResultsReducer.cancelWaitingMove(&state.list)
        return []
      }
      if state.list.selection > 0 {
        ResultsReducer.select(&state.list, state.list.selection - 1)
        return selectionMoved(&state)
      }
      state.focus = .query
      SuggestionsReducer.highlightLast(&state.suggestionsPane)
      return []
    case .refinements:
      return []
    }
  }

  /// Clicks, as the terminal hit-tested them: the query line returns to the query; a suggestion
  /// is highlighted (submitted on a double click); a result is selected (accepted when clicked
  /// twice in a row).
  static func click(_ state: inout SearchState, _ event: ClickEvent) -> [SearchEffect] {
    switch event {
    case .queryClicked:
      return focusQuery(&state)
    case .suggestionClicked(let index, let double):
      guard index < state.shownSuggestions.count else { return [] }
      state.focus = .query
      SuggestionsReducer.highlight(&state.suggestionsPane, index)
      return double ? act(&state, .enterPressed) : []
    case .resultClicked(let index, let double):
      guard index >= 0, index < state.list.results.rowCount else { return [] }
      let again = state.focus == .results && state.list.selection == index
      state.focus = .results
      SuggestionsReducer.highlight(&state.suggestionsPane, nil)
      ResultsReducer.select(&state.list, index)
      let effects = selectionMoved(&state)
      return double && again ? effects + act(&state, .enterPressed) : effects
    case .sectionClicked(let click):
      switch click.section {
      case .header:
        state.headerClick = click
        return fire(&state, .clickHeader)
      case .footer:
        state.footerClick = click
        return fire(&state, .clickFooter)
      }
    }
  }

  /// The row `n` from the end of every match (1: the last), the pages before it loaded first.
  private static func moveFromEnd(_ state: inout SearchState, _ n: Int) -> [SearchEffect] {
    let rows = state.list.results.rowCount
    guard rows > 0 else { return [] }
    let effects = enterResults(&state, at: max(0, rows - n))
    ResultsReducer.keepFromEnd(&state.list, n)
    return effects
  }

  /// A plain list with nothing on it yet for the query typed: moves wait for its answer.
  static func movesWait(_ state: SearchState) -> Bool {
    state.marks.picking.enterAccepts && state.shownSuggestions.isEmpty && state.list.results.rowCount == 0
      && (state.list.results.isPending || state.list.results.query != state.searchedQuery)
  }

  static func enterResults(_ state: inout SearchState, at row: Int) -> [SearchEffect] {
    guard state.list.results.rowCount > 0 else { return [] }
    SuggestionsReducer.highlight(&state.suggestionsPane, nil)
    state.focus = .results
    ResultsReducer.select(&state.list, row)
    return selectionMoved(&state)
  }

  static func selectionMoved(_ state: inout SearchState) -> [SearchEffect] {
    ResultsReducer.userMoved(&state.list)
    clampSelection(&state)
    return loadMoreIfNeeded(&state)
  }

  /// Keeps the selection on a row and on screen.
  static func clampSelection(_ state: inout SearchState) {
    if state.list.multiLine {
      ResultsReducer.clampLines(&state.list, rows: state.viewport.listRows, gap: state.viewport.itemGap)
    } else {
      ResultsReducer.clamp(&state.list, rows: state.viewport.resultsRows)
    }
  }

  static func loadMoreIfNeeded(_ state: inout SearchState) -> [SearchEffect] {
    ResultsReducer.loadMoreIfNeeded(
      &state.list, rows: state.viewport.resultsRows, focused: state.focus == .results, state.refining.refine)
  }
}
