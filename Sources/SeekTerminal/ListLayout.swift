import SeekCore

/// fzf's `--layout`: where the prompt goes and which way the list grows.
///
/// The renderer always draws logical rows, the query first (Seek's own layout, fzf's `reverse`);
/// the other layouts turn the frame over, so that the query is at the bottom, and set blocks
/// that are read as text (the header, the details and refinement panes, and for `reverse-list`
/// the lists too) upright again. Clicks go back through the same map, and in the default layout
/// Up and Down swap, so that the arrows move the way the list is drawn. The state machine never
/// knows: it sees logical rows and semantic moves.
public enum ListLayout: String, Sendable, CaseIterable {
  /// Seek's default: the query on top, the best hit under it.
  case reverse
  /// fzf's default: the query at the bottom, the best hit just above it, the list growing up.
  case bottomUp = "default"
  /// The query at the bottom, the list read from the top.
  case reverseList = "reverse-list"

  /// Whether the status line follows the query (fzf's info line, above a prompt at the bottom).
  public var promptAtBottom: Bool { self != .reverse }

  /// The frame as the screen shows it.
  public func arrange(_ buffer: ScreenBuffer, for state: SearchState) -> ScreenBuffer {
    guard self != .reverse else { return buffer }
    var out = buffer
    let rows = buffer.size.rows
    out.mirrorRows(0..<rows, columns: 0..<buffer.size.columns)
    for block in uprightBlocks(state) {
      out.mirrorRows((rows - block.rows.upperBound)..<(rows - block.rows.lowerBound), columns: block.columns)
    }
    if let cursor = buffer.cursor { out.cursor = (cursor.column, screenRow(cursor.row, column: cursor.column, state)) }
    return out
  }

  /// The logical row of a cell the screen shows at `row` (a click).
  public func logicalRow(_ row: Int, column: Int, _ state: SearchState) -> Int {
    guard self != .reverse else { return row }
    let rows = state.screen.rows
    for block in uprightBlocks(state) where block.columns.contains(column) {
      let top = rows - block.rows.upperBound
      if (top..<(rows - block.rows.lowerBound)).contains(row) { return block.rows.lowerBound + row - top }
    }
    return rows - 1 - row
  }

  /// Where logical `row` is drawn on the screen.
  func screenRow(_ row: Int, column: Int, _ state: SearchState) -> Int {
    let rows = state.screen.rows
    for block in uprightBlocks(state) where block.columns.contains(column) && block.rows.contains(row) {
      return rows - block.rows.upperBound + row - block.rows.lowerBound
    }
    return rows - 1 - row
  }

  /// Up and Down (keys, Page keys, the wheel) as the list is drawn: swapped when it grows upward.
  public func oriented(_ event: SearchEvent) -> SearchEvent {
    guard self == .bottomUp else { return event }
    switch event {
    case .movedUp: return .movedDown
    case .movedDown: return .movedUp
    case .pagedUp: return .pagedDown
    case .pagedDown: return .pagedUp
    case .scrolled(let lines): return .scrolled(lines: -lines)
    default: return event
    }
  }

  /// Logical blocks kept upright once the frame is turned over.
  func uprightBlocks(_ state: SearchState) -> [(rows: Range<Int>, columns: Range<Int>)] {
    let all = 0..<state.screen.columns
    let resultsEnd = Layout.resultsTop(state) + Layout.resultsAreaHeight(state)
    if self == .reverseList { return [(Layout.headerTop(state)..<resultsEnd, all)] }
    var blocks = [(rows: Layout.headerTop(state)..<Layout.suggestionsTop(state), columns: all)]
    if let frame = Layout.detailsFrame(state) {
      blocks.append((frame.row..<(frame.row + frame.height), frame.column..<(frame.column + frame.width)))
    }
    let pane = Layout.paneWidth(state)
    if pane > 0 {
      let top = Layout.resultsTop(state)
      blocks.append((top..<(top + Layout.resultsHeight(state)), (state.screen.columns - pane)..<state.screen.columns))
    }
    return blocks
  }
}
