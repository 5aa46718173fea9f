import Foundation
import SeekApp
import SeekCore

/// Hit-testing fzf's header and footer for `click-header` and `click-footer`, by fzf 0.74's rules
/// (its scripts sort a table by the header's column clicked, `change-nth($FZF_CLICK_HEADER_NTH)`):
/// - The line is counted down the section as the screen shows it, so a layout that turns the
///   input's header lines over (fzf's default) numbers them from the top as drawn.
/// - The column is counted from where the section's text starts.
/// - The word is the field clicked (as `--delimiter` cuts the line, its delimiter kept), its blanks
///   trimmed. Its number counts the fields of the header's lines above it too, and the header's
///   last field is open-ended (`6..`), so that a table's last column takes the rest of the line.
enum SectionClicks {
  /// The click at `column` of the logical `row` (shown at the finder's screen row `screenRow`),
  /// when it falls on the header's or the footer's text rows.
  static func hit(
    column: Int, row: Int, screenRow: Int, _ state: SearchState, layout: ListLayout, headerFirst: Bool,
    shape: LineShape
  ) -> SectionClick? {
    var column = column
    // Beside fzf's preview box, the finder's columns start where it is drawn.
    if let frame = Layout.detailsFrame(state), frame.boxed {
      let finder = frame.finderColumns(screenColumns: state.screen.columns)
      guard finder.contains(column) else { return nil }
      column -= finder.lowerBound
    }
    let offset = column - (state.look.isFzf ? 2 : 0)
    let headerTop = Layout.headerTop(state)
    let headerRows = headerTop..<(headerTop + Layout.headerLines(state))
    if headerRows.contains(row) {
      let map = ListLayout.RowMap(layout, state, headerFirst: headerFirst)
      let drawn = headerRows.sorted { map.screenRow($0, column: column) < map.screenRow($1, column: column) }
      let lines = drawn.map { state.header[$0 - headerTop] }
      return headerClick(lines: lines, line: drawn.firstIndex(of: row) ?? 0, at: offset, shape: shape)
    }
    let footerText = Layout.footerTop(state) + 1
    let footerRows = footerText..<(footerText + max(0, Layout.footerLines(state) - 1))
    guard footerRows.contains(row) else { return nil }
    return footerClick(lines: state.footer, line: row - footerText, at: offset, shape: shape)
  }

  /// A click on line `line` (from 0) of the header's `lines` as drawn from the top, at display
  /// column `offset` of its text.
  static func headerClick(lines: [String], line: Int, at offset: Int, shape: LineShape) -> SectionClick {
    let lines = lines.map(SafeText.sanitized)
    var click = SectionClick(section: .header, line: line + 1, column: max(0, offset) + 1)
    guard line < lines.count, let (word, field) = word(in: lines[line], atColumn: offset, shape: shape) else {
      return click
    }
    let before = lines[..<line].reduce(0) { $0 + shape.fields(of: $1).count }
    let all = lines.reduce(0) { $0 + shape.fields(of: $1).count }
    click.word = word
    click.nth = before + field + 1
    click.nthOpenEnded = before + field + 1 == all
    return click
  }

  /// A click on line `line` (from 0) of the footer's `lines`, at display column `offset`.
  static func footerClick(lines: [String], line: Int, at offset: Int, shape: LineShape) -> SectionClick {
    var click = SectionClick(section: .footer, line: line + 1, column: max(0, offset) + 1)
    guard line < lines.count else { return click }
    click.word = word(in: SafeText.sanitized(lines[line]), atColumn: offset, shape: shape)?.word
    return click
  }

  /// The field of `text` under display column `column` (from 0), its blanks trimmed, and its
  /// index; nil past the line's end or on a field of blanks.
  static func word(in text: String, atColumn column: Int, shape: LineShape) -> (word: String, field: Int)? {
    guard column >= 0 else { return nil }
    var x = 0
    var index = text.startIndex
    while index < text.endIndex {
      let width = DisplayWidth.of(text[index])
      if column < x + max(1, width) { break }
      x += width
      index = text.index(after: index)
    }
    guard index < text.endIndex,
      let field = shape.fields(of: text).firstIndex(where: { $0.endIndex > index })
    else { return nil }
    let word = shape.fields(of: text)[field].trimmingCharacters(in: .whitespacesAndNewlines)
    return word.isEmpty ? nil : (word, field)
  }
}
