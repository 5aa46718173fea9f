import SeekApp

/// Where a label stands on a border (fzf's `--border-label-pos`, `--preview-label-pos`
/// `N[:top|bottom]`): `column` cells in from the left edge (counting the corner as 1), from the
/// right when negative, centred when 0; on the top line, or the bottom one.
public struct LabelPosition: Sendable, Equatable {
  public var column = 0
  public var atBottom = false

  public init(column: Int = 0, atBottom: Bool = false) {
    self.column = column
    self.atBottom = atBottom
  }

  /// fzf's spelling; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard let first = parts.first, let column = Int(first) else { return nil }
    self.column = column
    guard parts.count == 2 else { return }
    switch parts[1] {
    case "top": atBottom = false
    case "bottom": atBottom = true
    default: return nil
    }
  }

  /// `text` (sanitized: it may come from a command) on the line of the box at (`x0`, `y0`), of
  /// `box` cells, whose border has `sides`; nothing when the border has no such line.
  func draw(
    _ text: String, into out: inout ScreenBuffer, column x0: Int, row y0: Int, box: ScreenSize,
    sides: (top: Int, bottom: Int, left: Int, right: Int)
  ) {
    guard !text.isEmpty, sides.top > 0 || sides.bottom > 0, box.columns > 0 else { return }
    let row = (atBottom && sides.bottom > 0) || sides.top == 0 ? y0 + box.rows - 1 : y0
    // A label wider than its line is cut to it, `··` at its end (fzf's).
    let shown = SectionRenderer.cut(SafeText.sanitized(text), to: box.columns, ellipsis: "··")
    let width = DisplayWidth.of(shown)
    let offset: Int
    if column == 0 {
      offset = max(0, (box.columns - width) / 2)
    } else if column > 0 {
      offset = min(column - 1, box.columns - 1)
    } else {
      offset = max(0, box.columns + column + 1 - width)
    }
    _ = out.write(shown, column: x0 + offset, row: row, limit: x0 + box.columns)
  }
}
