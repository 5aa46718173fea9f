/// Where the panes go on the screen, shared by the reducer (page sizes, scrolling) and the
/// renderer, so both agree. Top to bottom: the query line, the refinement chips (when there are
/// refinements), the suggestions pane (when shown), the results pane, the status line. The
/// refinement pane sits right of the results on wide screens, and in their place on narrow ones
/// when opened.
public enum Layout {
  public static let maxSuggestionLines = 8
  /// Screens at least this wide show the refinement pane beside the results, this wide.
  public static let widePaneColumns = 120
  public static let paneColumns = 34

  /// The chips line: shown when something refines or sorts the results, room permitting.
  public static func chipLines(_ state: SearchState) -> Int {
    state.refine.refinements.isEmpty && state.refine.sort == nil || state.screen.rows < 6 ? 0 : 1
  }

  /// Lines given to the suggestions pane: at most 8, and never more than the results get (on a
  /// 30×8 screen, 2 and 3). On the empty query they give way once the user scrolls the results.
  public static func suggestionLines(_ state: SearchState) -> Int {
    if state.focus == .results && state.scrollOffset > 0 && state.query.isEmpty { return 0 }
    let room = max(0, state.screen.rows - 2 - chipLines(state))
    return min(state.shownSuggestions.count, maxSuggestionLines, room / 2)
  }

  /// First line of the results pane.
  public static func resultsTop(_ state: SearchState) -> Int {
    min(state.screen.rows, 1 + chipLines(state) + suggestionLines(state))
  }

  /// Lines of the results pane (the status line takes the last line when there is room for it).
  public static func resultsHeight(_ state: SearchState) -> Int {
    let statusLines = state.screen.rows >= 3 ? 1 : 0
    return max(0, state.screen.rows - resultsTop(state) - statusLines)
  }

  /// Columns of the refinement pane: beside the results on a wide screen with facets to show, the
  /// whole width on a narrow one when opened, otherwise none.
  public static func paneWidth(_ state: SearchState) -> Int {
    let wide = state.screen.columns >= widePaneColumns
    if wide { return state.facetAttributes.isEmpty && state.numericFacets.isEmpty ? 0 : paneColumns }
    return state.paneOpen ? state.screen.columns : 0
  }

  /// Columns left for the results.
  public static func resultsWidth(_ state: SearchState) -> Int {
    max(0, state.screen.columns - paneWidth(state))
  }
}
