/// Where the panes go on the screen, shared by the reducer (page sizes, scrolling) and the
/// renderer, so both agree. Top to bottom: the query line, the suggestions pane (when shown), the
/// results pane, the status line.
public enum Layout {
  public static let maxSuggestionLines = 8

  /// Lines given to the suggestions pane: at most 8, and never all of a small screen.
  public static func suggestionLines(_ state: SearchState) -> Int {
    min(state.shownSuggestions.count, maxSuggestionLines, max(0, state.screen.rows - 3))
  }

  /// First line of the results pane.
  public static func resultsTop(_ state: SearchState) -> Int {
    min(state.screen.rows, 1 + suggestionLines(state))
  }

  /// Lines of the results pane (the status line takes the last line when there is room for it).
  public static func resultsHeight(_ state: SearchState) -> Int {
    let statusLines = state.screen.rows >= 3 ? 1 : 0
    return max(0, state.screen.rows - resultsTop(state) - statusLines)
  }
}
