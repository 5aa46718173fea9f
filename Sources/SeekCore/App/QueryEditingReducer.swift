/// The query line's concern: typing, deleting (readline's keys and its one-entry kill ring),
/// moving the cursor, and `--history`. Every edit ends in `SearchReducer.queryEdited`: both
/// searchers asked again. Returns nil for the events of other concerns (Delete on a result or a
/// recent search, Home and End on the results, are theirs).
enum QueryEditingReducer {
  static func reduce(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect]? {
    // Home and End on a result move the selection (the results' concern).
    if case .cursorMoved(let move) = event, state.focus == .results, move == .home || move == .end { return nil }
    switch event {
    case .inserted(let text):
      let room = SearchState.maxQueryCharacters - state.query.count
      var clean = text.filter { !$0.unicodeScalars.contains { SafeText.isUnsafe($0.value) } }
      if clean.count > room {
        clean = String(clean.prefix(max(0, room)))
        state.message = "a query is at most \(SearchState.maxQueryCharacters) characters"
      }
      guard !clean.isEmpty else { return [] }
      let characters = Array(state.query)
      let at = min(state.cursor, characters.count)
      // A combining mark typed alone (a dead key) joins the character before it: the cursor
      // counts characters of the text as it now reads, not the ones inserted.
      let before = String(characters[..<at]) + clean
      state.query = before + String(characters[at...])
      state.cursor = min(before.count, state.query.count)
      return SearchReducer.queryEdited(&state)

    case .deletedBackward:
      var characters = Array(state.query)
      if characters.isEmpty && state.focus == .query, let effects = RefinementsReducer.removeLastChip(&state) {
        return effects
      }
      guard state.cursor > 0, !characters.isEmpty else { return SearchReducer.focusQuery(&state) }
      characters.remove(at: min(state.cursor, characters.count) - 1)
      state.query = String(characters)
      state.cursor -= 1
      return SearchReducer.queryEdited(&state)

    case .deletedForward where SearchReducer.highlightedRecentSearch(state) == nil && state.focus != .results:
      var characters = Array(state.query)
      guard state.cursor < characters.count else { return SearchReducer.focusQuery(&state) }
      characters.remove(at: state.cursor)
      state.query = String(characters)
      return SearchReducer.queryEdited(&state)

    case .deletedWordBackward, .deletedWordPartBackward:
      let characters = Array(state.query)
      let end = min(state.cursor, characters.count)
      guard end > 0 else { return SearchReducer.focusQuery(&state) }
      var start = end
      if event == .deletedWordPartBackward {
        start = QueryEditing.wordStart(before: end, in: characters)
      } else {
        while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
        while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
      }
      return kill(&state, start..<end)

    case .yanked:
      guard !state.killed.isEmpty else { return [] }
      return reduce(&state, .inserted(state.killed))

    case .cleared:
      guard !state.query.isEmpty else { return SearchReducer.focusQuery(&state) }
      state.query = ""
      state.cursor = 0
      return SearchReducer.queryEdited(&state)

    case .cursorMoved(let move):
      state.focus = .query
      let count = state.query.count
      switch move {
      case .left: state.cursor = max(0, state.cursor - 1)
      case .right: state.cursor = min(count, state.cursor + 1)
      case .home: state.cursor = 0
      case .end: state.cursor = count
      case .wordLeft: state.cursor = QueryEditing.wordStart(before: min(state.cursor, count), in: Array(state.query))
      case .wordRight: state.cursor = QueryEditing.wordEnd(after: min(state.cursor, count), in: Array(state.query))
      }
      return []

    case .deletedWordForward, .deletedToStart, .deletedToEnd:
      let characters = Array(state.query)
      let at = min(state.cursor, characters.count)
      let range: Range<Int>
      switch event {
      case .deletedWordForward: range = at..<QueryEditing.wordEnd(after: at, in: characters)
      case .deletedToStart: range = 0..<at
      default: range = at..<characters.count
      }
      guard !range.isEmpty else { return SearchReducer.focusQuery(&state) }
      return kill(&state, range)

    case .historyMoved(let older):
      guard let query = state.history.step(older: older, current: state.query) else { return [] }
      state.query = query
      state.cursor = query.count
      return SearchReducer.queryEdited(&state)

    case .queryReplaced(let text):
      state.query = String(text.prefix(SearchState.maxQueryCharacters))
      state.cursor = state.query.count
      return SearchReducer.queryEdited(&state)

    default:
      return nil
    }
  }

  private static func kill(_ state: inout SearchState, _ range: Range<Int>) -> [SearchEffect] {
    var characters = Array(state.query)
    state.killed = String(characters[range])
    characters.removeSubrange(range)
    state.query = String(characters)
    state.cursor = range.lowerBound
    return SearchReducer.queryEdited(&state)
  }
}
