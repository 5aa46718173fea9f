import SeekApp
import SeekCore

/// fzf's `--border`: lines drawn around the finder. The state machine is given the screen less
/// the border (`inner`); the finished frame is set inside it (`frame`), and clicks are moved back
/// (`inside`).
public enum Border: String, Sendable, CaseIterable {
  case none, rounded, sharp, bold, double, horizontal, vertical, top, bottom, left, right

  /// Rows and columns the border takes on each side.
  var sides: (top: Int, bottom: Int, left: Int, right: Int) {
    switch self {
    case .none: return (0, 0, 0, 0)
    case .rounded, .sharp, .bold, .double: return (1, 1, 2, 2)
    case .horizontal: return (1, 1, 0, 0)
    case .vertical: return (0, 0, 2, 2)
    case .top: return (1, 0, 0, 0)
    case .bottom: return (0, 1, 0, 0)
    case .left: return (0, 0, 2, 0)
    case .right: return (0, 0, 0, 2)
    }
  }

  /// The glyphs: horizontal, vertical, then the corners top-left, top-right, bottom-left,
  /// bottom-right.
  var glyphs: [String] {
    switch self {
    case .sharp: return ["─", "│", "┌", "┐", "└", "┘"]
    case .bold: return ["━", "┃", "┏", "┓", "┗", "┛"]
    case .double: return ["═", "║", "╔", "╗", "╚", "╝"]
    default: return ["─", "│", "╭", "╮", "╰", "╯"]
    }
  }

  /// The screen the finder has inside the border (none when too small for one).
  public func inner(_ size: ScreenSize) -> ScreenSize {
    let s = sides
    guard size.columns > s.left + s.right + 4, size.rows > s.top + s.bottom + 2 else { return size }
    return ScreenSize(columns: size.columns - s.left - s.right, rows: size.rows - s.top - s.bottom)
  }

  /// `content`, drawn for `inner(size)`, inside the border on a screen of `size`.
  public func frame(_ content: ScreenBuffer, screen size: ScreenSize) -> ScreenBuffer {
    guard self != .none, inner(size) != size else { return content }
    let s = sides
    var out = ScreenBuffer(columns: size.columns, rows: size.rows)
    out.place(content, column: s.left, row: s.top)
    let g = glyphs
    let width = size.columns
    let line = String(repeating: g[0], count: width)
    if s.top > 0 { out.write(line, column: 0, row: 0, style: [.dim]) }
    if s.bottom > 0 { out.write(line, column: 0, row: size.rows - 1, style: [.dim]) }
    for row in s.top..<(size.rows - s.bottom) {
      if s.left > 0 { out.write(g[1], column: 0, row: row, style: [.dim]) }
      if s.right > 0 { out.write(g[1], column: width - 1, row: row, style: [.dim]) }
    }
    if s.top > 0 && s.left > 0 { out.write(g[2], column: 0, row: 0, style: [.dim]) }
    if s.top > 0 && s.right > 0 { out.write(g[3], column: width - 1, row: 0, style: [.dim]) }
    if s.bottom > 0 && s.left > 0 { out.write(g[4], column: 0, row: size.rows - 1, style: [.dim]) }
    if s.bottom > 0 && s.right > 0 { out.write(g[5], column: width - 1, row: size.rows - 1, style: [.dim]) }
    if let cursor = content.cursor { out.cursor = (cursor.column + s.left, cursor.row + s.top) }
    return out
  }

  /// A click on the screen, in the finder's own cells; nil on the border.
  public func inside(column: Int, row: Int, screen size: ScreenSize) -> (column: Int, row: Int)? {
    guard inner(size) != size else { return (column, row) }
    let s = sides
    let c = column - s.left
    let r = row - s.top
    let area = inner(size)
    guard c >= 0, r >= 0, c < area.columns, r < area.rows else { return nil }
    return (c, r)
  }
}
