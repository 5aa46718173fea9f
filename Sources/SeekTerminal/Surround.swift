import SeekApp

/// Space on each side of the finder, as fzf's `--margin` (outside the border) and `--padding`
/// (inside it) give it: `TRBL`, `TB,RL`, `T,RL,B` or `T,R,B,L`, each a number of cells or a
/// percentage of the screen.
public struct Insets: Sendable, Equatable {
  public enum Size: Sendable, Equatable {
    case cells(Int)
    case percent(Int)

    func resolved(_ whole: Int) -> Int {
      switch self {
      case .cells(let n): return n
      case .percent(let p): return whole * p / 100
      }
    }
  }

  public var top = Size.cells(0)
  public var right = Size.cells(0)
  public var bottom = Size.cells(0)
  public var left = Size.cells(0)

  public init() {}

  /// fzf's spelling; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Self.size(String($0)) }
    guard (1...4).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
    let s = parts.map { $0! }
    switch s.count {
    case 1: (top, right, bottom, left) = (s[0], s[0], s[0], s[0])
    case 2: (top, right, bottom, left) = (s[0], s[1], s[0], s[1])
    case 3: (top, right, bottom, left) = (s[0], s[1], s[2], s[1])
    default: (top, right, bottom, left) = (s[0], s[1], s[2], s[3])
    }
  }

  private static func size(_ text: String) -> Size? {
    let trimmed = text.trimming(" ")
    if trimmed.hasSuffix("%") {
      guard let p = Int(trimmed.dropLast()), (0...100).contains(p) else { return nil }
      return .percent(p)
    }
    guard let n = Int(trimmed), n >= 0 else { return nil }
    return .cells(n)
  }

  /// Cells on each side on a screen of `size`.
  func sides(_ size: ScreenSize) -> (top: Int, bottom: Int, left: Int, right: Int) {
    (top.resolved(size.rows), bottom.resolved(size.rows), left.resolved(size.columns), right.resolved(size.columns))
  }

  public var isEmpty: Bool { sides(ScreenSize(columns: 100, rows: 100)) == (0, 0, 0, 0) }
}

/// What stands around the finder, outside in: `--margin`, `--border` (with `--border-label` on
/// it), `--padding`. The state machine is given the screen less all three (`inner`); the finished
/// frame is set inside them (`frame`), and clicks are moved back (`inside`). A screen too small
/// for them gets none of them, as fzf keeps at least a few cells for the finder.
public struct Surround: Sendable, Equatable {
  public var margin = Insets()
  public var border = Border.none
  public var padding = Insets()
  /// `--border-label` and where it stands (`--border-label-pos`).
  public var label = ""
  public var labelPosition = LabelPosition()
  /// fzf's rule when nothing inside has a right border of its own: the finder takes the blank
  /// column before the border's right side too (the scrollbar, or a preview box's text, stands
  /// against the border).
  public var sticksRight = false

  public init(border: Border = .none) { self.border = border }

  /// Rows and columns taken on each side, nil when the screen has no room for them.
  func sides(_ size: ScreenSize) -> (top: Int, bottom: Int, left: Int, right: Int)? {
    let m = margin.sides(size)
    let b = border.sides
    let p = padding.sides(size)
    let s = (
      top: m.top + b.top + p.top, bottom: m.bottom + b.bottom + p.bottom,
      left: m.left + b.left + p.left, right: m.right + b.right + p.right
    )
    guard s != (0, 0, 0, 0), size.columns > s.left + s.right + 4, size.rows > s.top + s.bottom + 2 else { return nil }
    return s
  }

  /// The screen the finder has inside.
  public func inner(_ size: ScreenSize) -> ScreenSize {
    guard let s = sides(size) else { return size }
    return ScreenSize(columns: size.columns - s.left - s.right + stuck, rows: size.rows - s.top - s.bottom)
  }

  /// The column the finder takes from the border's right side (its blank).
  private var stuck: Int { sticksRight && border.sides.right > 1 ? 1 : 0 }

  /// `content`, drawn for `inner(size)`, inside the margin, the border and the padding.
  public func frame(_ content: ScreenBuffer, screen size: ScreenSize) -> ScreenBuffer {
    guard let s = sides(size) else { return content }
    var out = ScreenBuffer(columns: size.columns, rows: size.rows)
    out.place(content, column: s.left, row: s.top)
    if let cursor = content.cursor { out.cursor = (cursor.column + s.left, cursor.row + s.top) }
    guard border != .none else { return out }
    let m = margin.sides(size)
    let box = ScreenSize(columns: size.columns - m.left - m.right, rows: size.rows - m.top - m.bottom)
    border.drawOutline(into: &out, column: m.left, row: m.top, size: box)
    labelPosition.draw(label, into: &out, column: m.left, row: m.top, box: box, sides: border.sides)
    return out
  }

  /// A click on the screen, in the finder's own cells; nil outside them.
  public func inside(column: Int, row: Int, screen size: ScreenSize) -> (column: Int, row: Int)? {
    guard let s = sides(size) else { return (column, row) }
    let c = column - s.left
    let r = row - s.top
    let area = inner(size)
    guard c >= 0, r >= 0, c < area.columns, r < area.rows else { return nil }
    return (c, r)
  }
}
