/// The suggestions pane: the suggestions for the query, the one highlighted, and whether the pane
/// is shown (hidden after a submit or Esc, shown again by the next edit).
public struct SuggestionsState: Sendable, Equatable {
  public var hits: [SuggestionHit] = []
  public var highlighted: Int? = nil
  public var visible = true
  /// The last submit was a suggestion's (Algolia's didSubmitSuggestion).
  public var didSubmit = false
  /// The latest request; answers of older ones are dropped.
  public var revision = 0

  public init() {}

  /// The pane as shown: empty when hidden.
  public var shown: [SuggestionHit] { visible ? hits : [] }

  /// The highlighted suggestion when it is one of the user's recent searches.
  public var highlightedRecentSearch: Int? {
    guard let h = highlighted, h < shown.count, shown[h].isRecent else { return nil }
    return h
  }
}

/// The suggestions pane's concern: its answers, the highlight moving through it, and the pane
/// opened, closed and emptied. What leaving the pane means (the results' first row) is
/// `SearchReducer`'s.
enum SuggestionsReducer {
  /// The suggestions for `query` are asked for again; an older answer will be dropped.
  static func search(_ pane: inout SuggestionsState, _ query: String) -> SearchEffect {
    pane.revision += 1
    return .searchSuggestions(query: query, revision: pane.revision)
  }

  static func arrived(_ pane: inout SuggestionsState, revision: Int, _ list: [SuggestionHit]) {
    guard revision == pane.revision else { return }
    pane.hits = list
    if let h = pane.highlighted, h >= list.count { pane.highlighted = nil }
  }

  /// Down: the next suggestion; false past the last one (or with none shown).
  static func highlightNext(_ pane: inout SuggestionsState) -> Bool {
    let count = pane.shown.count
    if let h = pane.highlighted, h + 1 < count {
      pane.highlighted = h + 1
    } else if pane.highlighted == nil && count > 0 {
      pane.highlighted = 0
    } else {
      return false
    }
    return true
  }

  /// Up: the suggestion before, none above the first (the query itself).
  static func highlightPrevious(_ pane: inout SuggestionsState) {
    if let h = pane.highlighted { pane.highlighted = h > 0 ? h - 1 : nil }
  }

  /// Up from the results: the last suggestion shown, if any.
  static func highlightLast(_ pane: inout SuggestionsState) {
    let count = pane.shown.count
    pane.highlighted = count > 0 ? count - 1 : nil
  }

  /// Delete on a recent search: it leaves the pane (the log forgets it too).
  static func removeHighlightedRecent(_ pane: inout SuggestionsState) -> String? {
    guard let h = pane.highlightedRecentSearch else { return nil }
    let text = pane.hits[h].query
    pane.hits.remove(at: h)
    pane.highlighted = pane.hits.isEmpty ? nil : min(h, pane.hits.count - 1)
    return text
  }

  /// An edit: the pane shows again, nothing highlighted.
  static func reopen(_ pane: inout SuggestionsState) {
    pane.visible = true
    pane.didSubmit = false
    pane.highlighted = nil
  }

  /// A suggestion clicked (its index), or none once the focus leaves the query line.
  static func highlight(_ pane: inout SuggestionsState, _ index: Int?) {
    pane.highlighted = index
  }

  /// Esc: closed until the next edit.
  static func hide(_ pane: inout SuggestionsState) {
    pane.visible = false
    pane.highlighted = nil
  }

  /// A submit: emptied and hidden; an answer still on its way must not refill it.
  static func submitted(_ pane: inout SuggestionsState, fromSuggestion: Bool) {
    pane.didSubmit = fromSuggestion
    pane.hits = []
    hide(&pane)
    pane.revision += 1
  }
}
