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

  /// The frame as the screen shows it. `headerFirst` (fzf's `--header-first`): the header
  /// before the query line — above it on top, below it at the bottom.
  public func arrange(_ buffer: ScreenBuffer, for state: SearchState, headerFirst: Bool = false) -> ScreenBuffer {
    guard self != .reverse || (headerFirst && Layout.headerLines(state) > 0) else { return buffer }
    var out = ScreenBuffer(columns: buffer.size.columns, rows: buffer.size.rows)
    for row in 0..<buffer.size.rows {
      for column in 0..<buffer.size.columns {
        out.setCell(buffer[column, row], column: column, row: screenRow(row, column: column, state, headerFirst))
      }
    }
    if let cursor = buffer.cursor {
      out.cursor = (cursor.column, screenRow(cursor.row, column: cursor.column, state, headerFirst))
    }
    return out
  }

  /// The logical row of a cell the screen shows at `row` (a click).
  public func logicalRow(_ row: Int, column: Int, _ state: SearchState, headerFirst: Bool = false) -> Int {
    var r = row
    if self != .reverse {
      let rows = state.screen.rows
      r = rows - 1 - row
      for block in uprightBlocks(state, headerFirst) where block.columns.contains(column) {
        let top = rows - block.rows.upperBound
        if (top..<(rows - block.rows.lowerBound)).contains(row) {
          r = block.rows.lowerBound + row - top
          break
        }
      }
    }
    return headerFirst ? Self.headerMovedBack(r, state) : r
  }

  /// Where logical `row` is drawn on the screen.
  func screenRow(_ row: Int, column: Int, _ state: SearchState, _ headerFirst: Bool = false) -> Int {
    let r = headerFirst ? Self.headerMovedFirst(row, state) : row
    guard self != .reverse else { return r }
    let rows = state.screen.rows
    for block in uprightBlocks(state, headerFirst) where block.columns.contains(column) && block.rows.contains(r) {
      return rows - block.rows.upperBound + r - block.rows.lowerBound
    }
    return rows - 1 - r
  }

  /// `--header-first`: the header's rows move before the query's (and the rows between).
  static func headerMovedFirst(_ row: Int, _ state: SearchState) -> Int {
    let top = Layout.headerTop(state)
    let count = Layout.headerLines(state)
    if row >= top && row < top + count { return row - top }
    return row < top ? row + count : row
  }

  static func headerMovedBack(_ row: Int, _ state: SearchState) -> Int {
    let top = Layout.headerTop(state)
    let count = Layout.headerLines(state)
    if row < count { return top + row }
    return row < top + count ? row - count : row
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

  /// Blocks kept upright once the frame is turned over (in rows after `--header-first` moved
  /// the header).
  func uprightBlocks(_ state: SearchState, _ headerFirst: Bool = false) -> [(rows: Range<Int>, columns: Range<Int>)] {
    let all = 0..<state.screen.columns
    let resultsEnd = Layout.resultsAreaTop(state) + Layout.resultsAreaHeight(state)
    let header =
      headerFirst ? 0..<Layout.headerLines(state) : Layout.headerTop(state)..<Layout.suggestionsTop(state)
    if self == .reverseList {
      return headerFirst
        ? [(header, all), (Layout.suggestionsTop(state)..<resultsEnd, all)]
        : [(Layout.headerTop(state)..<resultsEnd, all)]
    }
    var blocks = [(rows: header, columns: all)]
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
