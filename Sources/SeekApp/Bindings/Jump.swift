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

  /// `--jump-labels`.
  public init(labels: [Character]) { self.labels = labels }
}

/// The jump's concern: it sees the jump and the rows labelled on screen; moving there (and
/// accepting) is `SearchReducer`'s.
enum JumpReducer {
  enum Outcome: Equatable {
    /// The key was a label: its row, accepted with `jump-accept`.
    case landed(row: Int, accept: Bool)
    /// Any other key: the jump ends, the key does nothing else.
    case ended
  }

  /// The key of a pending jump; nil when no jump is pending or the event is not a key. Ctrl-C
  /// ends the jump, as fzf's, and does not quit.
  static func reduce(_ jump: inout JumpState, _ event: SearchEvent, labelled: [(label: Character, row: Int)])
    -> Outcome?
  {
    guard let mode = jump.pending, event.isInput || event == .app(.interrupted) else { return nil }
    jump.pending = nil
    guard case .query(.inserted(let text)) = event, text.count == 1, let label = text.first,
      let row = labelled.first(where: { $0.label == label })?.row
    else { return .ended }
    return .landed(row: row, accept: mode == .accept)
  }

  /// `jump`: labels shown when there is an item on screen to jump to.
  static func start(_ jump: inout JumpState, _ mode: JumpState.Mode, labelled: [(label: Character, row: Int)]) {
    if !labelled.isEmpty { jump.pending = mode }
  }

  /// The item rows on screen (`rows` high), from the first shown, each with its label (as many as
  /// there are labels; the create row has none: it is not an item).
  static func labelledRows(_ list: ResultsListState, rows: Int, labels: [Character]) -> [(
    label: Character, row: Int
  )] {
    let results = list.results
    let first = list.scrollOffset
    let end = min(results.rowCount, first + rows)
    var labelled: [(label: Character, row: Int)] = []
    for row in first..<max(first, end) where labelled.count < labels.count {
      guard case .item? = results.row(at: row) else { continue }
      labelled.append((labels[labelled.count], row))
    }
    return labelled
  }
}

extension SearchState {
  /// The item rows on screen with their jump labels.
  var labelledRows: [(label: Character, row: Int)] {
    JumpReducer.labelledRows(list, rows: viewport.resultsRows, labels: jump.labels)
  }

  /// While a jump waits for its key: the label drawn on each row that has one.
  public var jumpLabels: [Int: Character] {
    guard jump.pending != nil else { return [:] }
    return Dictionary(uniqueKeysWithValues: labelledRows.map { ($0.row, $0.label) })
  }
}
