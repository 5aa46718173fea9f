/// What changed between two frames, as runs of cells per row: what a driver sends to the terminal
/// (ratatui's `Buffer::diff`). A run never starts or ends inside a wide glyph: a changed
/// continuation cell brings its glyph's first cell, and a changed wide glyph its continuation, so
/// the terminal is always written whole glyphs. A frame of another size (or no previous frame:
/// the terminal's content is unknown) changes every row whole.
extension ScreenBuffer {
  public struct Change: Equatable, Sendable {
    public var row: Int
    public var columns: Range<Int>
  }

  public func changes(from previous: ScreenBuffer?) -> [Change] {
    let columns = size.columns
    guard let previous, previous.size == size else {
      return columns == 0 ? [] : (0..<size.rows).map { Change(row: $0, columns: 0..<columns) }
    }
    var out: [Change] = []
    for row in 0..<size.rows {
      let base = row * columns
      var x = 0
      while x < columns {
        guard cells[base + x] != previous.cells[base + x] else {
          x += 1
          continue
        }
        var start = x
        while start > 0 && cells[base + start].width == 0 { start -= 1 }
        var end = x + 1
        while end < columns && (cells[base + end] != previous.cells[base + end] || cells[base + end].width == 0) {
          end += 1
        }
        out.append(Change(row: row, columns: start..<end))
        x = end
      }
    }
    return out
  }
}

/// How a cell's style is drawn — the one mapping both drivers use: the colour roles as the basic
/// ANSI colours (matches yellow, accents green, details cyan, the prompt blue; a preview's own
/// colour as it is), dim only where no colour says it already, and without colours (`NO_COLOR`,
/// a terminal without them) matches underlined instead.
struct Rendition: Equatable {
  var bold = false
  var dim = false
  var underline = false
  var reverse = false
  /// A basic ANSI foreground (0…7).
  var foreground: UInt8? = nil

  init(_ style: CellStyle, colors: Bool) {
    bold = style.contains(.bold)
    reverse = style.contains(.reverse)
    if colors {
      if style.contains(.match) {
        foreground = 3
      } else if style.contains(.accent) {
        foreground = 2
      } else if style.contains(.detail) {
        foreground = 6
      } else if style.contains(.prompt) {
        foreground = 4
      } else {
        foreground = style.color
      }
    }
    dim = style.contains(.dim) && foreground == nil
    underline = style.contains(.underline) || (style.contains(.match) && !colors)
  }

  /// As an SGR sequence, from a reset.
  var sgr: String {
    var codes = ["0"]
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if underline { codes.append("4") }
    if reverse { codes.append("7") }
    if let foreground { codes.append("\(30 + Int(foreground))") }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
