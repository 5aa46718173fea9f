/// Everything that can happen to the search screen: what the person did (translated from keys by
/// the terminal layer) and what the searchers and the store answered.
public enum SearchEvent: Sendable, Equatable {
  case started(ScreenSize)
  case resized(ScreenSize)
  // Editing the query.
  case inserted(String)
  case deletedBackward
  case deletedForward
  case deletedWordBackward
  case cleared
  case cursorMoved(CursorMove)
  // Moving.
  case movedUp
  case movedDown
  case pagedUp
  case pagedDown
  case scrolled(lines: Int)
  // Acting.
  /// completeSuggestion: the query becomes the highlighted (or top) suggestion, nothing submitted.
  case tabPressed
  /// submitSuggestion / submitSearch, or accept on a result.
  case enterPressed
  /// Toggles the check of the selected result; a space in the query.
  case spacePressed
  case escapePressed
  case interrupted
  // Answers.
  case resultsArrived(revision: Int, ResultsPage)
  case suggestionsArrived(revision: Int, [SuggestionHit])
  case checkSaved(objectID: String, checked: Bool)
  case itemCreated(ResultHit)
  /// Records streamed in from a pipe have been indexed.
  case catalogChanged(records: Int, finished: Bool)
  case failed(String)

  public enum CursorMove: Sendable, Equatable { case left, right, home, end }
}

/// What the reducer asks the outside world to do; answers come back as events.
public enum SearchEffect: Sendable, Equatable {
  case searchResults(query: String, page: Int, revision: Int)
  case searchSuggestions(query: String, revision: Int)
  case setChecked(objectID: String, title: String, checked: Bool)
  case createItem(title: String)
  /// For the query log, from which suggestions are learned.
  case logSubmittedQuery(query: String, fromSuggestion: Bool)
  /// Leave with status 0, printing these items (objectIDs).
  case accept(objectIDs: [String])
  case quit(status: Int32)
}
