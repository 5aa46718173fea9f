/// Acting: Tab, Enter, Space and Esc, which mean different things in the query, on a suggestion
/// and on a result; checking rows; accepting; deleting.
extension SearchReducer {
  static func act(_ state: inout SearchState, _ event: KeyEvent) -> [SearchEffect] {
    switch event {
    // fzf's Tab and Shift-Tab mark and move, and without marks (`+m`) do nothing at all.
    case .tabPressed where state.look.isFzf && !state.marks.picking.marks,
      .backTabPressed where state.look.isFzf && !state.marks.picking.marks:
      return []
    case .tabPressed: return tab(&state)
    case .backTabPressed:
      // fzf's toggle+up: the row's check, then the row above (the top line stays).
      guard state.marks.picking.marks && (state.focus == .results || onTopLine(state)) else {
        return move(&state, .movedUp)
      }
      if state.focus == .query { ResultsReducer.select(&state.list, state.list.results.firstItemRow!) }
      state.focus = .results
      let effects = toggleSelectedRow(&state)
      // Refused at `--multi=N`: no move either, as fzf's.
      if MarksReducer.refuses(state.marks, state.list.selectedRow) { return effects }
      guard state.list.selection > (state.list.results.firstItemRow ?? 0) else {
        return effects + selectionMoved(&state)
      }
      return effects + move(&state, .movedUp)
    case .enterPressed: return enter(&state)
    case .spacePressed:
      guard state.focus == .results, !state.list.selectedBySubmit, state.marks.picking.marks,
        state.marks.picking.spaceChecks
      else {
        // `brand:apple ` or `price<500 `: a finished token on a facet becomes a refinement.
        if absorbTokenBeforeCursor(&state) { return queryEdited(&state) }
        // The space typed, without re-entering `reduce`: the bound events this key sets off are
        // looked at once, by the `reduce` it came through (`change` fired twice per Space).
        return editQuery(&state, .inserted(" "))
      }
      return toggleSelectedRow(&state)
    case .escapePressed: return escape(&state)
    case .toggled:
      guard state.marks.picking.marks, state.focus == .results || onTopLine(state) else { return [] }
      if state.focus == .query {
        state.focus = .results
        ResultsReducer.select(&state.list, state.list.results.firstItemRow!)
      }
      return toggleSelectedRow(&state)
    case .allToggled(let how):
      guard state.marks.picking.marks else { return [] }
      MarksReducer.matchesAsked(&state.marks)
      return [.listMatches(query: state.list.results.query, refine: state.refining.refine, how: how)]
    case .acceptKeyPressed(let name):
      MarksReducer.acceptKeyPressed(&state.marks, name)
      return acceptCurrent(&state)
    }
  }

  /// Delete on a recent search forgets it; on a result, deletes a created item (catalog records
  /// cannot be), and Ctrl-Y there brings it back; Ctrl-D on an empty query quits (fzf's
  /// delete-char/eof). Elsewhere, the query's.
  static func delete(_ state: inout SearchState, _ event: QueryEvent) -> [SearchEffect]? {
    switch event {
    case .deletedForward where state.focus == .query && state.suggestionsPane.highlightedRecentSearch != nil:
      return SuggestionsReducer.removeHighlightedRecent(&state.suggestionsPane).map { [.forgetQuery($0)] } ?? []
    case .deletedForward where state.focus == .results:
      guard case .item(let hit) = state.list.selectedRow else { return [] }
      guard hit.isCreated else {
        state.message = "only items made with the create row can be deleted"
        return []
      }
      state.message = "deleted “\(hit.title)” · Ctrl-Y brings it back"
      return MarksReducer.delete(&state.marks, hit)
    case .yanked where state.focus == .results && state.marks.lastDeleted != nil:
      guard let (title, effects) = MarksReducer.undoDelete(&state.marks) else { return [] }
      state.message = "brought back “\(title)”"
      return effects
    case .deletedForwardOrQuit:
      guard state.focus == .query && state.editor.text.isEmpty else {
        return delete(&state, .deletedForward) ?? editQuery(&state, .deletedForward)
      }
      return [.quit(status: 130)]
    default:
      return nil
    }
  }

  private static func tab(_ state: inout SearchState) -> [SearchEffect] {
    if onTopLine(state) {
      // The top line is the current row (fzf's pointer): Tab acts on it as on a result.
      state.focus = .results
      ResultsReducer.select(&state.list, state.list.results.firstItemRow!)
    }
    if state.focus == .query && movesWait(state) {
      ResultsReducer.waitMove(&state.list)
      return []
    }
    if state.focus == .results {
      // fzf's toggle+down: the row's check (or the create row), then the next row. The key that
      // checks a hit a submit selected, where Space types.
      let effects = state.marks.picking.marks ? toggleSelectedRow(&state) : []
      if state.marks.picking.marks && MarksReducer.refuses(state.marks, state.list.selectedRow) { return effects }
      ResultsReducer.select(&state.list, state.list.selection + 1)
      return effects + selectionMoved(&state)
    }
    // completeSuggestion: the query becomes the highlighted (or top) suggestion, not submitted.
    let shown = state.shownSuggestions
    guard !shown.isEmpty else { return [] }
    let chosen = shown[min(state.suggestionsPane.highlighted ?? 0, shown.count - 1)].query
    QueryEditingReducer.replace(&state.editor, with: chosen)
    return queryEdited(&state)
  }

  private static func enter(_ state: inout SearchState) -> [SearchEffect] {
    switch state.focus {
    case .query:
      let shown = state.shownSuggestions
      if let h = state.suggestionsPane.highlighted, h < shown.count {
        // "iphone in Cell Phones": the query, refined to the suggestion's category.
        if let category = shown[h].suggestion.category {
          RefinementsReducer.refineCategory(&state.refining, category)
        }
        return submit(&state, shown[h].query, fromSuggestion: true)
      }
      absorbAllTokens(&state)
      if let title = state.createdByEnter { return [.createItem(title: title)] }
      guard state.marks.picking.enterAccepts else {
        // Typed faster than searched: the query is submitted, and its answer, when it comes,
        // decides whether Enter also creates the item (nothing found).
        if state.marks.picking.createsOnEnter
          && (state.list.results.query != state.searchedQuery || state.list.results.isPending)
        {
          MarksReducer.enterBeforeAnswer(&state.marks, query: state.editor.text)
        }
        return submit(&state, state.editor.text, fromSuggestion: false)
      }
      // fzf: one Enter takes the top line (of this query: when the results on screen answer an
      // older one, typed faster than searched, it is taken when they arrive).
      return acceptCurrent(&state)
    case .results:
      switch state.list.selectedRow {
      case .create(let title): return [.createItem(title: title)]
      // The row of a list about an earlier query (run as fzf the cursor keeps its place as
      // the query changes): the row at that place in the answer is taken when it comes.
      case .item where state.list.results.query != state.searchedQuery: return acceptCurrent(&state)
      case .item(let hit): return MarksReducer.accept(&state.marks, hit.objectID, query: state.editor.text)
      case nil: return []
      }
    case .refinements:
      return []  // the pane's keys are RefinementsReducer's
    }
  }

  /// Esc quits a plain list (fzf's abort); otherwise it leaves a result, closes the suggestions,
  /// clears the query, and only then quits (InstantSearch's search box).
  private static func escape(_ state: inout SearchState) -> [SearchEffect] {
    guard !state.marks.picking.escapeQuits else { return [.quit(status: 130)] }
    if state.focus == .results { return focusQuery(&state) }
    if state.suggestionsPane.visible && !state.suggestionsPane.hits.isEmpty {
      SuggestionsReducer.hide(&state.suggestionsPane)
      return []
    }
    guard !state.editor.text.isEmpty else { return [.quit(status: 130)] }
    QueryEditingReducer.replace(&state.editor, with: "")
    let effects = queryEdited(&state)
    SuggestionsReducer.hide(&state.suggestionsPane)  // Esc asked for them closed; the next edit reopens them
    return effects
  }

  /// submitSearch / submitSuggestion: the query is replaced, suggestions are cleared and hidden,
  /// the results are searched (their first hit selected when they arrive, never the create row),
  /// and the query is logged.
  private static func submit(_ state: inout SearchState, _ text: String, fromSuggestion: Bool) -> [SearchEffect] {
    QueryEditingReducer.replace(&state.editor, with: text)
    SuggestionsReducer.submitted(&state.suggestionsPane, fromSuggestion: fromSuggestion)
    state.focus = .query
    ResultsReducer.submitted(&state.list)
    ResultsReducer.rewind(&state.list)
    return [
      ResultsReducer.search(&state.list, text, state.refining.refine),
      .logSubmittedQuery(query: text, fromSuggestion: fromSuggestion),
    ]
  }

  /// fzf's accept: the row the user is on, or the top line from the query (once the query's
  /// results are in).
  /// Run as fzf the cursor keeps its place across a query: a row of the list about an earlier
  /// query is not taken, the answer is waited for.
  static func acceptCurrent(_ state: inout SearchState) -> [SearchEffect] {
    if state.focus == .results, state.list.results.query == state.searchedQuery,
      case .item(let hit)? = state.list.selectedRow
    {
      return MarksReducer.accept(&state.marks, hit.objectID, query: state.editor.text)
    }
    guard state.list.results.query == state.searchedQuery, !state.list.results.isPending else {
      MarksReducer.acceptTopOnArrival(&state.marks)
      return []
    }
    return MarksReducer.acceptTop(&state.marks, state.list.results, query: state.editor.text)
  }

  /// Checks or unchecks the selected row, or creates the item of the create row.
  static func toggleSelectedRow(_ state: inout SearchState) -> [SearchEffect] {
    switch MarksReducer.toggle(&state.marks, state.list.selectedRow, query: state.editor.text) {
    case .success(let effects): return effects
    case .failure(let refusal):
      // fzf refuses without a word (its info line keeps the count of marks).
      if !state.look.isFzf { state.message = refusal.message }
      return []
    }
  }

  /// In the query of a plain list, the top line is the current one (fzf's pointer).
  static func onTopLine(_ state: SearchState) -> Bool {
    state.focus == .query && state.marks.picking.enterAccepts && state.shownSuggestions.isEmpty
      && state.list.results.firstItemRow != nil
  }

  /// `brand:apple` or `price<500` just before the cursor, on a facet of this catalog: removed
  /// from the query and added to the refinements. Anything else stays text.
  static func absorbTokenBeforeCursor(_ state: inout SearchState) -> Bool {
    var characters = Array(state.editor.text)
    let end = min(state.editor.cursor, characters.count)
    var start = end
    while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
    guard start < end, RefinementsReducer.apply(String(characters[start..<end]), to: &state.refining) else {
      return false
    }
    characters.removeSubrange(start..<end)
    QueryEditingReducer.replace(&state.editor, with: String(characters), cursor: start)
    return true
  }

  /// Every token of the query that names a facet (on submit).
  static func absorbAllTokens(_ state: inout SearchState) {
    let words = state.editor.text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let kept = words.filter { !RefinementsReducer.apply($0, to: &state.refining) }
    guard kept.count != words.count else { return }
    QueryEditingReducer.replace(&state.editor, with: kept.joined(separator: " "))
  }
}
