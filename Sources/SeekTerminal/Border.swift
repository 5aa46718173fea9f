import SeekApp
import SeekCore

/// fzf's `--border`: lines drawn around the finder (`Surround` sets them between `--margin` and
/// `--padding`).
public enum Border: String, Sendable, CaseIterable {
  case none, rounded, sharp, bold, double, horizontal, vertical, top, bottom, left, right

  /// A preview window's border (`border-STYLE`, fzf's): `line` is one line on the side facing
  /// the finder; the styles with glyphs not in every font (`block`, `thinblock`, `dashed`) are
  /// drawn sharp, as the sections' are.
  static func preview(_ placement: DetailsPlacement) -> Border {
    switch placement.border {
    case "line":
      switch placement.position {
      case .left: return .right
      case .top: return .bottom
      case .bottom, .next: return .top
      case .right, .auto: return .left
      }
    case "block", "thinblock", "dashed": return .sharp
    default: return Border(rawValue: placement.border) ?? .rounded
    }
  }

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
  public func inner(_ size: ScreenSize) -> ScreenSize { Surround(border: self).inner(size) }

  /// `content`, drawn for `inner(size)`, inside the border on a screen of `size`.
  public func frame(_ content: ScreenBuffer, screen size: ScreenSize) -> ScreenBuffer {
    Surround(border: self).frame(content, screen: size)
  }

  /// A click on the screen, in the finder's own cells; nil on the border.
  public func inside(column: Int, row: Int, screen size: ScreenSize) -> (column: Int, row: Int)? {
    Surround(border: self).inside(column: column, row: row, screen: size)
  }

  /// The border's lines around a box of `size` whose top-left cell is (`column`, `row`).
  func drawOutline(into out: inout ScreenBuffer, column x0: Int, row y0: Int, size: ScreenSize) {
    let s = sides
    let g = glyphs
    let width = size.columns
    let last = y0 + size.rows - 1
    let line = String(repeating: g[0], count: width)
    if s.top > 0 { out.write(line, column: x0, row: y0, style: [.dim], limit: x0 + width) }
    if s.bottom > 0 { out.write(line, column: x0, row: last, style: [.dim], limit: x0 + width) }
    for row in (y0 + s.top)..<(last + 1 - s.bottom) {
      if s.left > 0 { out.write(g[1], column: x0, row: row, style: [.dim]) }
      if s.right > 0 { out.write(g[1], column: x0 + width - 1, row: row, style: [.dim]) }
    }
    if s.top > 0 && s.left > 0 { out.write(g[2], column: x0, row: y0, style: [.dim]) }
    if s.top > 0 && s.right > 0 { out.write(g[3], column: x0 + width - 1, row: y0, style: [.dim]) }
    if s.bottom > 0 && s.left > 0 { out.write(g[4], column: x0, row: last, style: [.dim]) }
    if s.bottom > 0 && s.right > 0 { out.write(g[5], column: x0 + width - 1, row: last, style: [.dim]) }
  }
}
