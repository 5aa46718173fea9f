/// fzf's `jump` and `jump-accept` (EasyMotion's two keystrokes): each item on screen gets a label
/// in its gutter; the next key typed that is a label moves to that item (and accepts it, with
/// `jump-accept`); any other key only ends the jump, as in fzf.
public struct JumpState: Sendable, Equatable {
  public enum Mode: Sendable, Equatable { case move, accept }

  /// fzf's default `--jump-labels`: the home row first, then the rows above and below, digits,
  /// capitals and punctuation, so the items nearest the query get the easiest keys.
  public static let defaultLabels = Array(
    "asdfghjklqwertyuiopzxcvbnm1234567890ASDFGHJKLQWERTYUIOPZXCVBNM`~;:,<.>/?'\"!@#$%^&*()[{]}-_=+")

  /// `--jump-labels`: one character a label.
  public var labels = JumpState.defaultLabels
  /// Waiting for a label; nil when not jumping.
  public var pending: Mode? = nil

  public init() {}
}

enum JumpReducer {
  /// The jump's key, when one is pending: nil for every other event (results arriving, ticks).
  static func reduce(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect]? {
    guard let mode = state.jump.pending, event.isInput else { return nil }
    state.jump.pending = nil
    guard case .inserted(let text) = event, text.count == 1, let label = text.first,
      let row = labelledRows(state).first(where: { $0.label == label })?.row
    else { return [] }
    let effects = SearchReducer.enterResults(&state, at: row)
    return mode == .accept ? effects + SearchReducer.acceptCurrent(&state) : effects
  }

  /// `jump`: labels shown when there is an item on screen to jump to.
  static func start(_ state: inout SearchState, _ mode: JumpState.Mode) -> [SearchEffect] {
    guard !labelledRows(state).isEmpty else { return [] }
    state.jump.pending = mode
    return []
  }

  /// The item rows on screen, from the first shown, each with its label (as many as there are
  /// labels; the create row has none: it is not an item).
  static func labelledRows(_ state: SearchState) -> [(label: Character, row: Int)] {
    let results = state.results
    let end = min(results.rowCount, state.scrollOffset + state.viewport.resultsRows)
    var labelled: [(label: Character, row: Int)] = []
    for row in state.scrollOffset..<max(state.scrollOffset, end) where labelled.count < state.jump.labels.count {
      guard case .item? = results.row(at: row) else { continue }
      labelled.append((state.jump.labels[labelled.count], row))
    }
    return labelled
  }
}

extension SearchState {
  /// While a jump waits for its key: the label drawn on each row that has one.
  public var jumpLabels: [Int: Character] {
    guard jump.pending != nil else { return [:] }
    return Dictionary(uniqueKeysWithValues: JumpReducer.labelledRows(self).map { ($0.row, $0.label) })
  }
}
