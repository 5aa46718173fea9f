import SeekApp
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

  /// The frame as the screen shows it. `headerFirst` (fzf's `--header-first`): `--header`'s
  /// lines before the query line — above it on top, below it at the bottom; the lines read from
  /// the input (`--header-lines`) stay with the list, as fzf keeps them.
  public func arrange(_ buffer: ScreenBuffer, for state: SearchState, headerFirst: Bool = false) -> ScreenBuffer {
    guard self != .reverse || (headerFirst && Layout.fixedHeaderLines(state) > 0) else { return buffer }
    let map = RowMap(self, state, headerFirst: headerFirst)
    var out = ScreenBuffer(columns: buffer.size.columns, rows: buffer.size.rows)
    for row in 0..<buffer.size.rows {
      for column in 0..<buffer.size.columns {
        out.setCell(buffer[column, row], column: column, row: map.screenRow(row, column: column))
      }
    }
    if let cursor = buffer.cursor { out.cursor = (cursor.column, map.screenRow(cursor.row, column: cursor.column)) }
    return out
  }

  /// The logical row of a cell the screen shows at `row` (a click).
  public func logicalRow(_ row: Int, column: Int, _ state: SearchState, headerFirst: Bool = false) -> Int {
    RowMap(self, state, headerFirst: headerFirst).logicalRow(row, column: column)
  }

  /// Where each logical row goes on the screen, worked out once a frame (the Layout's frames are
  /// read once, not for every cell): `--header-first` moves the header's rows before the
  /// query's, then the layouts with the query at the bottom turn the rows over, keeping the
  /// upright blocks as they read.
  struct RowMap {
    let rows: Int
    let turned: Bool
    let headerFirst: Bool
    let headerTop: Int
    let headerCount: Int
    let blocks: [(rows: Range<Int>, columns: Range<Int>)]

    init(_ layout: ListLayout, _ state: SearchState, headerFirst: Bool) {
      rows = state.screen.rows
      turned = layout != .reverse
      self.headerFirst = headerFirst
      headerTop = Layout.headerTop(state)
      headerCount = Layout.fixedHeaderLines(state)
      blocks = turned ? layout.uprightBlocks(state, headerFirst) : []
    }

    func screenRow(_ row: Int, column: Int) -> Int {
      let r = headerFirst ? headerMovedFirst(row) : row
      guard turned else { return r }
      for block in blocks where block.columns.contains(column) && block.rows.contains(r) {
        return rows - block.rows.upperBound + r - block.rows.lowerBound
      }
      return rows - 1 - r
    }

    func logicalRow(_ row: Int, column: Int) -> Int {
      var r = row
      if turned {
        r = rows - 1 - row
        for block in blocks where block.columns.contains(column) {
          let top = rows - block.rows.upperBound
          if (top..<(rows - block.rows.lowerBound)).contains(row) {
            r = block.rows.lowerBound + row - top
            break
          }
        }
      }
      return headerFirst ? headerMovedBack(r) : r
    }

    /// `--header-first`: `--header`'s rows move before the query's (and the rows between).
    func headerMovedFirst(_ row: Int) -> Int {
      if row >= headerTop && row < headerTop + headerCount { return row - headerTop }
      return row < headerTop ? row + headerCount : row
    }

    func headerMovedBack(_ row: Int) -> Int {
      if row < headerCount { return headerTop + row }
      return row < headerTop + headerCount ? row - headerCount : row
    }
  }

  /// Up and Down (keys, Page keys, the wheel, bound actions) as the list is drawn: swapped when
  /// it grows upward. `fzfKeys`: Tab and Shift-Tab too, fzf's toggle+down and toggle+up (Seek's
  /// own Tab completes a suggestion, whatever the layout).
  public func oriented(_ event: SearchEvent, fzfKeys: Bool = false) -> SearchEvent {
    guard self == .bottomUp else { return event }
    switch event {
    case .move(.movedUp): return .move(.movedDown)
    case .move(.movedDown): return .move(.movedUp)
    case .move(.pagedUp): return .move(.pagedDown)
    case .move(.pagedDown): return .move(.pagedUp)
    case .move(.scrolled(let lines)): return .move(.scrolled(lines: -lines))
    case .move(.halfPaged(let down)): return .move(.halfPaged(down: !down))
    case .move(.viewShifted(let lines)): return .move(.viewShifted(lines: -lines))
    case .key(.tabPressed) where fzfKeys: return .key(.backTabPressed)
    case .key(.backTabPressed) where fzfKeys: return .key(.tabPressed)
    case .app(.actionsTriggered(let actions)): return .app(.actionsTriggered(actions.map(oriented)))
    default: return event
    }
  }

  /// A bound action's move as the list is drawn (fzf's `up` moves up the screen in every layout).
  public func oriented(_ action: BindAction) -> BindAction {
    guard self == .bottomUp else { return action }
    switch action {
    case .up: return .down
    case .down: return .up
    case .pageUp: return .pageDown
    case .pageDown: return .pageUp
    case .halfPageUp: return .halfPageDown
    case .halfPageDown: return .halfPageUp
    case .offsetUp: return .offsetDown
    case .offsetDown: return .offsetUp
    case .toggleUp: return .toggleDown
    case .toggleDown: return .toggleUp
    case .nextSelected: return .previousSelected
    case .previousSelected: return .nextSelected
    default: return action
    }
  }

  /// Blocks kept upright once the frame is turned over (in rows after `--header-first` moved
  /// the header).
  func uprightBlocks(_ state: SearchState, _ headerFirst: Bool = false) -> [(rows: Range<Int>, columns: Range<Int>)] {
    let all = 0..<state.screen.columns
    let resultsEnd = Layout.resultsAreaTop(state) + Layout.resultsAreaHeight(state)
    let fixedEnd = Layout.headerTop(state) + Layout.fixedHeaderLines(state)
    let header =
      headerFirst ? 0..<Layout.fixedHeaderLines(state) : Layout.headerTop(state)..<fixedEnd
    // `--footer`'s lines read from the top in every layout (its rule turns with the list).
    let footerText = Layout.footerTop(state) + 1
    let footer = footerText..<(footerText + max(0, Layout.footerLines(state) - 1))
    // fzf's box beside the finder comes first: its columns stay upright whole, its border rows
    // and the header's rows beside it with them.
    let frame = Layout.detailsFrame(state)
    var blocks: [(rows: Range<Int>, columns: Range<Int>)] = []
    if let frame, frame.boxed {
      blocks.append((0..<state.screen.rows, frame.boxColumn..<(frame.boxColumn + frame.boxWidth)))
    }
    if self == .reverseList {
      // The input's header lines read with the list (`--header-first` leaves them in place), and
      // so do the panes inside the list's rows.
      return blocks + [(header, all), (fixedEnd..<resultsEnd, all), (footer, all)]
    }
    blocks += [(header, all), (footer, all)]
    if let frame, !frame.boxed {
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
