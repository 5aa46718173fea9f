import SeekApp
import SeekCore

/// How a cell is drawn: a small set of attributes and a colour role, which the driver maps to
/// curses attributes (and drops the colour under NO_COLOR).
public struct CellStyle: OptionSet, Sendable, Hashable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let bold = CellStyle(rawValue: 1 << 0)
  public static let reverse = CellStyle(rawValue: 1 << 1)
  public static let underline = CellStyle(rawValue: 1 << 2)
  public static let dim = CellStyle(rawValue: 1 << 3)
  /// Colour roles.
  public static let match = CellStyle(rawValue: 1 << 8)
  public static let accent = CellStyle(rawValue: 1 << 9)
  public static let detail = CellStyle(rawValue: 1 << 10)
  public static let prompt = CellStyle(rawValue: 1 << 11)

  /// A basic foreground colour from a preview's SGR (0…7), in bits 4–7 (0 = none).
  public static func color(_ index: UInt8) -> CellStyle { CellStyle(rawValue: UInt16(index & 7 + 1) << 4) }

  public var color: UInt8? {
    let bits = (rawValue >> 4) & 0xF
    return bits == 0 ? nil : UInt8(bits - 1)
  }
}

/// One terminal cell: the grapheme drawn there (already made safe), or a continuation of the wide
/// grapheme to its left. Packed — a scalar, rarely more — so that a frame of thousands of cells is
/// built and compared without allocating.
public struct Cell: Sendable, Equatable {
  /// The grapheme's first scalar; 0 for the continuation of a wide character.
  public var scalar: UInt32
  /// The grapheme's further scalars (combining marks, joiners, selectors), when it has any.
  public var rest: [UInt32]?
  public var style: CellStyle
  /// 2 for the first cell of a wide character, 0 for its continuation, 1 otherwise.
  public var width: UInt8

  public static let blank = Cell(scalar: 0x20, rest: nil, style: [], width: 1)

  /// The grapheme as text ("" for a continuation).
  public var text: String {
    var out = String.UnicodeScalarView()
    forEachScalar { out.append(Unicode.Scalar($0)!) }
    return String(out)
  }

  @inline(__always) public func forEachScalar(_ body: (UInt32) -> Void) {
    guard scalar != 0 else { return }
    body(scalar)
    if let rest { for s in rest { body(s) } }
  }
}

/// A frame: rows × columns of cells, drawn by the renderer and painted by the driver. Pure value.
public struct ScreenBuffer: Sendable, Equatable {
  public let size: (columns: Int, rows: Int)
  public private(set) var cells: [Cell]
  /// Where the terminal cursor goes, if visible.
  public var cursor: (column: Int, row: Int)? = nil

  public init(columns: Int, rows: Int) {
    size = (max(0, columns), max(0, rows))
    cells = [Cell](repeating: .blank, count: size.columns * size.rows)
  }

  public static func == (a: ScreenBuffer, b: ScreenBuffer) -> Bool {
    a.size == b.size && a.cells == b.cells && a.cursor?.column == b.cursor?.column && a.cursor?.row == b.cursor?.row
  }

  public subscript(column: Int, row: Int) -> Cell {
    cells[row * size.columns + column]
  }

  /// Writes `text` at (column, row) with `style`, never past `limit` (default: the row's end).
  /// Unsafe scalars (controls, escapes) are shown as "?", combining marks join the previous cell,
  /// a wide character that would not fit is not drawn. `styleAt` may restyle by UTF-8 offset
  /// (for highlight ranges). Returns the column after the last cell written.
  @discardableResult
  public mutating func write(
    _ text: String, column: Int, row: Int, style: CellStyle = [], limit: Int? = nil,
    styleAt: ((Int) -> CellStyle?)? = nil
  ) -> Int {
    guard row >= 0, row < size.rows else { return column }
    let end = min(limit ?? size.columns, size.columns)
    var x = max(0, column)
    var offset = 0
    for character in text {
      let byteCount = character.utf8.count
      defer { offset += byteCount }
      if x >= end { break }
      var first: UInt32 = 0
      var rest: [UInt32]? = nil
      var width = 0
      // A ZWJ sequence (👨‍👩‍👧) or a skin-toned emoji is one glyph to some terminals and several
      // to others (tmux draws each part): draw its first emoji only, so it takes exactly its 2
      // cells everywhere and never spills over the next one.
      let scalars = character.unicodeScalars
      let composite =
        scalars.count > 1 && scalars.contains { $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) }
      for scalar in composite ? Array(scalars.prefix(1)) : Array(scalars) {
        let safe = SafeText.shown(scalar)
        if first == 0 { first = safe.value } else { rest = (rest ?? []) + [safe.value] }
        width = max(width, DisplayWidth.of(safe))
      }
      let cellStyle = styleAt?(offset).map { style.union($0) } ?? style
      if width == 0 {
        // A lone combining mark: attach it to the cell on its left.
        if x > 0 {
          var i = row * size.columns + x - 1
          if cells[i].width == 0 && x > 1 { i -= 1 }
          cells[i].rest = (cells[i].rest ?? []) + [first] + (rest ?? [])
        }
        continue
      }
      if x + width > end { break }
      cells[row * size.columns + x] = Cell(scalar: first, rest: rest, style: cellStyle, width: UInt8(width))
      if width == 2 { cells[row * size.columns + x + 1] = Cell(scalar: 0, rest: nil, style: cellStyle, width: 0) }
      x += width
    }
    return x
  }

  /// Applies `style` to the cells of a row from `column` up to `limit`.
  public mutating func restyle(row: Int, from column: Int = 0, to limit: Int? = nil, adding style: CellStyle) {
    guard row >= 0, row < size.rows else { return }
    for x in max(0, column)..<min(limit ?? size.columns, size.columns) {
      cells[row * size.columns + x].style.formUnion(style)
    }
  }

  /// Sets one cell (nothing outside the buffer).
  public mutating func setCell(_ cell: Cell, column: Int, row: Int) {
    guard column >= 0, column < size.columns, row >= 0, row < size.rows else { return }
    cells[row * size.columns + column] = cell
  }

  /// Copies `other`'s cells with its top-left cell at (column, row), clipped to this buffer.
  public mutating func place(_ other: ScreenBuffer, column: Int, row: Int) {
    for y in 0..<other.size.rows where row + y >= 0 && row + y < size.rows {
      for x in 0..<other.size.columns where column + x >= 0 && column + x < size.columns {
        cells[(row + y) * size.columns + column + x] = other.cells[y * other.size.columns + x]
      }
    }
  }

  /// Reverses the order of `rows` within `columns` (each row's cells kept in order): how a frame
  /// drawn from the query down is turned over for a prompt at the bottom (`ListLayout`).
  public mutating func mirrorRows(_ rows: Range<Int>, columns: Range<Int>) {
    let rows = rows.clamped(to: 0..<size.rows)
    let columns = columns.clamped(to: 0..<size.columns)
    var top = rows.lowerBound
    var bottom = rows.upperBound - 1
    while top < bottom {
      for x in columns { cells.swapAt(top * size.columns + x, bottom * size.columns + x) }
      top += 1
      bottom -= 1
    }
  }

  /// The frame as plain text, one line per row, trailing spaces trimmed (for snapshot tests).
  public var text: String {
    (0..<size.rows).map { row in
      var line = ""
      for x in 0..<size.columns { line += self[x, row].text }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
