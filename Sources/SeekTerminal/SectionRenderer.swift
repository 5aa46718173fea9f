import SeekApp
import SeekCore

/// Draws fzf's sections (`SectionFrame`) when one has a border: each section in its rows, inside
/// its border, with its label. The list is the renderer's own frame for a state that holds only
/// what stays in the list's window (`listState`), so that the state machine's page is that
/// window's; the input is the renderer's query and info lines; the header and footer windows are
/// their lines, indented to stand over the list's text.
enum SectionRenderer {
  /// The finder drawn as sections on the state's screen (fzf's preview box beside them).
  static func render(
    _ state: SearchState, context: RenderContext, style: SectionStyle, layout: ListLayout, headerFirst: Bool
  ) -> ScreenBuffer {
    let screen = state.screen
    var out = ScreenBuffer(columns: screen.columns, rows: screen.rows)
    let box = Layout.detailsFrame(state).flatMap { $0.boxed ? $0 : nil }
    let columns = box?.finderColumns(screenColumns: screen.columns) ?? 0..<screen.columns
    let finder = finderState(state, columns: columns.count)
    let sections = drawSections(finder, context: context, style: style, layout: layout, headerFirst: headerFirst)
    out.place(sections, column: columns.lowerBound, row: 0)
    out.cursor = sections.cursor.map { ($0.column + columns.lowerBound, $0.row) }
    if box != nil {
      Renderer.drawDetails(
        state, labelPosition: context.previewLabelPosition, scrollbar: context.scrollbar, into: &out)
    }
    return out
  }

  /// The state the sections are drawn from: the preview box's columns left out.
  static func finderState(_ state: SearchState, columns: Int) -> SearchState {
    var finder = state
    // A preview beside the input is a section; any other is drawn beside the sections.
    finder.details.open = Layout.nextToInput(state)
    finder.viewport.screen.columns = columns
    return finder
  }

  /// What the state machine is told: the list window's rows are its page.
  static func viewport(
    _ state: SearchState, screen: ScreenSize, style: SectionStyle, layout: ListLayout, headerFirst: Bool, gap: Int
  ) -> Viewport {
    var laidOut = state
    laidOut.viewport.screen = screen
    var viewport = Layout.viewport(for: laidOut, screen: screen, gap: gap)
    let box = Layout.detailsFrame(laidOut).flatMap { $0.boxed ? $0 : nil }
    let finder = finderState(
      laidOut, columns: box?.finderColumns(screenColumns: screen.columns).count ?? screen.columns)
    let frame = SectionFrame(finder, style: style, layout: layout, headerFirst: headerFirst, screen: finder.screen)
    let list = listState(finder, frame)
    viewport.resultsRows = Layout.itemSlots(Layout.resultsHeight(list), gap: gap)
    viewport.listRows = Layout.resultsHeight(list)
    if let preview = frame.box(.preview).flatMap({ previewFrame($0, frame) }) { viewport.detailsRows = preview.height }
    return viewport
  }

  /// The list window's state: its screen, and the query line and header only when they have no
  /// window of their own; the footer always has one.
  static func listState(_ state: SearchState, _ frame: SectionFrame) -> SearchState {
    var list = state
    let box = frame.box(.list)
    let sides = box?.sides ?? (top: 0, bottom: 0, left: 0, right: 0)
    list.viewport.screen = ScreenSize(
      columns: max(0, frame.screen.columns - sides.left - sides.right), rows: box?.inner.count ?? 0)
    if frame.hasInputWindow { list.editor.inputShown = false }
    let inputLines = state.inputHeaderLines
    let keepsFixed = !frame.hasHeaderWindow
    let keepsInput = !frame.hasHeaderWindow && !frame.hasHeaderLinesWindow
    list.header =
      (keepsFixed ? Array(state.header.dropLast(inputLines)) : []) + (keepsInput ? state.header.suffix(inputLines) : [])
    list.inputHeaderLines = keepsInput ? inputLines : 0
    list.footer = []
    return list
  }

  private static func drawSections(
    _ state: SearchState, context: RenderContext, style: SectionStyle, layout: ListLayout, headerFirst: Bool
  ) -> ScreenBuffer {
    let frame = SectionFrame(state, style: style, layout: layout, headerFirst: headerFirst, screen: state.screen)
    var out = ScreenBuffer(columns: state.screen.columns, rows: state.screen.rows)
    if let box = frame.box(.list) {
      let list = listState(state, frame)
      let drawn = layout.arrange(Renderer.render(list, context: context), for: list, headerFirst: headerFirst)
      out.place(drawn, column: box.sides.left, row: box.inner.lowerBound)
      out.cursor = drawn.cursor.map { ($0.column + box.sides.left, $0.row + box.inner.lowerBound) }
    }
    if let box = frame.box(.input) {
      drawInput(state, box, frame, context: context, style: style, layout: layout, into: &out)
    }
    if let box = frame.box(.preview), let preview = previewFrame(box, frame) {
      Renderer.drawDetails(
        state, in: preview, labelPosition: context.previewLabelPosition, scrollbar: context.scrollbar, into: &out)
    }
    let base = DisplayWidth.of(context.pointer) + DisplayWidth.of(context.marker ?? ">")
    // A header's or footer's text ends where the list's does (the column before the list's
    // right edge), cut with the list's ellipsis.
    let listSides = frame.box(.list)?.sides ?? (top: 0, bottom: 0, left: 0, right: 0)
    let textEnd = out.size.columns - listSides.right - 1
    for box in frame.boxes where !box.inner.isEmpty {
      let column = box.sides.left + indent(box, style: style, signs: base)
      let lines = text(of: box.kind, state, frame, layout: layout)
      for (i, line) in lines.prefix(box.inner.count).enumerated() {
        out.write(
          cut(SafeText.sanitized(line), to: textEnd - column, ellipsis: context.ellipsis), column: column,
          row: box.inner.lowerBound + i, style: [.detail], limit: out.size.columns - box.sides.right)
      }
    }
    for box in frame.boxes { drawBorder(box, state, style: style, into: &out) }
    return out
  }

  /// Where a header's or footer's text starts inside its window: over the list's text (fzf's
  /// headerIndent), the pointer's and marker's columns in, and the list's border's, less its own.
  static func indent(_ box: SectionFrame.Box, style: SectionStyle, signs: Int) -> Int {
    max(0, signs + (style.list.hasLeft ? 2 : 0) - (box.sides.left > 0 ? 2 : 0))
  }

  /// `text` in `width` cells: whole, or its start and `ellipsis`.
  static func cut(_ text: String, to width: Int, ellipsis: String) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    let kept = FzfLine.fitted(text, max(0, width - DisplayWidth.of(ellipsis)))
    return width > DisplayWidth.of(ellipsis) ? kept + ellipsis : kept
  }

  /// The lines a header or footer window shows, from its top.
  static func text(of kind: SectionFrame.Kind, _ state: SearchState, _ frame: SectionFrame, layout: ListLayout)
    -> [String]
  {
    let inputLines = state.inputHeaderLines
    let fixed = Array(state.header.dropLast(inputLines))
    let input = Array(state.header.suffix(inputLines))
    // The input's lines read toward the list: upward in fzf's default layout.
    let inputShown = layout == .bottomUp ? input.reversed() : input
    switch kind {
    case .footer: return state.footer
    case .headerLines: return inputShown
    case .header:
      guard !frame.hasHeaderLinesWindow else { return fixed }
      return layout == .reverse ? fixed + input : input.reversed() + fixed
    case .list, .input, .preview: return []
    }
  }

  /// The query line and the info line, drawn by the renderer on a screen one row taller (the
  /// extra row is the list's, left out), shifted to stand over the list's text when only the list
  /// has a left border.
  private static func drawInput(
    _ state: SearchState, _ box: SectionFrame.Box, _ frame: SectionFrame, context: RenderContext, style: SectionStyle,
    layout: ListLayout, into out: inout ScreenBuffer
  ) {
    let shift = !style.input.hasLeft && style.list.hasLeft ? 2 : 0
    var input = state
    input.viewport.screen = ScreenSize(
      columns: max(0, out.size.columns - box.sides.left - box.sides.right - shift), rows: 3)
    (input.header, input.inputHeaderLines, input.footer) = ([], 0, [])
    if frame.separatorHidden, case .fzf = input.look { input.look = .fzf(separator: false) }
    // The rows the renderer gives the query and the info line, and one of the list's under them.
    let drawnRows = Layout.queryLines(input) + Layout.statusLines(input)
    input.viewport.screen.rows = drawnRows + 1
    let drawn = layout.arrange(Renderer.render(input, context: context), for: input)
    let first = layout == .reverse ? 0 : 1
    // On the query's side of the box: its top in `reverse`, its bottom otherwise.
    let top = box.inner.lowerBound + (layout == .reverse ? 0 : max(0, box.inner.count - drawnRows))
    for row in 0..<min(drawnRows, box.inner.upperBound - top) {
      for column in 0..<drawn.size.columns {
        out.setCell(drawn[column, first + row], column: box.sides.left + shift + column, row: top + row)
      }
    }
    if let cursor = drawn.cursor, cursor.row >= first, cursor.row - first + top < box.inner.upperBound {
      out.cursor = (cursor.column + box.sides.left + shift, cursor.row - first + top)
    }
  }

  /// Where the preview beside the input draws (its box, the text inside it).
  static func previewFrame(_ box: SectionFrame.Box, _ frame: SectionFrame) -> Layout.Frame? {
    guard !box.rows.isEmpty else { return nil }
    let border: Border
    switch box.border {
    case .none: border = .none
    case .line, .inline: border = box.aboveList ? .bottom : .top
    case .box(let glyphs): border = glyphs
    }
    let s = border.sides
    return Layout.Frame(
      column: s.left, row: box.rows.lowerBound + s.top, width: max(0, frame.screen.columns - s.left - s.right),
      height: max(0, box.rows.count - s.top - s.bottom), placedBelow: false, boxed: true, boxColumn: 0,
      boxWidth: frame.screen.columns, boxRow: box.rows.lowerBound, boxHeight: box.rows.count, border: border)
  }

  /// The preview's frame when it stands beside the input (nil otherwise).
  static func previewFrame(
    _ state: SearchState, style: SectionStyle, layout: ListLayout, headerFirst: Bool
  ) -> Layout.Frame? {
    guard Layout.nextToInput(state) else { return nil }
    let frame = SectionFrame(state, style: style, layout: layout, headerFirst: headerFirst, screen: state.screen)
    return frame.box(.preview).flatMap { previewFrame($0, frame) }
  }

  /// A section's border and its label.
  private static func drawBorder(
    _ box: SectionFrame.Box, _ state: SearchState, style: SectionStyle, into out: inout ScreenBuffer
  ) {
    guard box.border != .none, !box.rows.isEmpty, box.kind != .preview else { return }
    if box.inList {
      drawShared(box, list: style.list, into: &out)
      guard box.kind == .list else { return }
    }
    let size = ScreenSize(columns: out.size.columns, rows: box.rows.count)
    let sides = box.sides
    switch box.border {
    case .none: return
    case _ where box.inList: break
    case .line, .inline:
      let row = sides.top > 0 ? box.rows.lowerBound : box.rows.upperBound - 1
      out.write(String(repeating: "─", count: size.columns), column: 0, row: row, style: [.dim], limit: size.columns)
    case .box(let border):
      border.drawOutline(into: &out, column: 0, row: box.rows.lowerBound, size: size)
    }
    guard let section = label(box.kind) else { return }
    (style.labelPositions[section] ?? LabelPosition()).draw(
      state.sectionLabels[section], into: &out, column: 0, row: box.rows.lowerBound, box: size, sides: sides)
  }

  /// A part of the list's box shared with inline sections: the box's sides on every row, its top
  /// and bottom lines where this part has them, and an inline section's rule on the list's side,
  /// joined to the sides (`├──┤`).
  private static func drawShared(_ box: SectionFrame.Box, list: SectionBorder, into out: inout ScreenBuffer) {
    guard case .box(let border) = list else { return }
    let width = out.size.columns
    let g = border.glyphs
    let s = box.sides
    let tees: (String, String) =
      switch border {
      case .bold: ("┣", "┫")
      case .double: ("╠", "╣")
      default: ("├", "┤")
      }
    for row in box.rows {
      if s.left > 0 { out.write(g[1], column: 0, row: row, style: [.dim]) }
      if s.right > 0 { out.write(g[1], column: width - 1, row: row, style: [.dim]) }
    }
    func line(_ row: Int, _ ends: (String, String)) {
      out.write(String(repeating: g[0], count: width), column: 0, row: row, style: [.dim], limit: width)
      if s.left > 0 { out.write(ends.0, column: 0, row: row, style: [.dim]) }
      if s.right > 0 { out.write(ends.1, column: width - 1, row: row, style: [.dim]) }
    }
    let first = box.rows.lowerBound
    let last = box.rows.upperBound - 1
    switch box.kind {
    case .list:
      if s.top > 0 { line(first, (g[2], g[3])) }
      if s.bottom > 0 { line(last, (g[4], g[5])) }
    default:
      if box.aboveList {
        if s.top > 1 || s.top == 1 && s.bottom == 1 && box.rows.count > 1 { line(first, (g[2], g[3])) }
        line(last, tees)
      } else {
        line(first, tees)
        if s.bottom > 0 && box.rows.count > 1 { line(last, (g[4], g[5])) }
      }
    }
  }

  private static func label(_ kind: SectionFrame.Kind) -> SectionLabels.Section? {
    switch kind {
    case .list: return .list
    case .input: return .input
    case .header, .headerLines: return kind == .header ? .header : nil
    case .footer: return .footer
    case .preview: return nil
    }
  }
}

extension SectionRenderer {
  /// The event of a click at (`column`, `row`) of the finder's screen drawn as sections: the
  /// query, a header's or footer's word, or what the list's own layout says.
  static func click(
    column: Int, row: Int, double: Bool, _ state: SearchState, style: SectionStyle, layout: ListLayout,
    headerFirst: Bool, gap: Int, shape: LineShape, signsWidth: Int
  ) -> SearchEvent? {
    var column = column
    let preview = Layout.detailsFrame(state).flatMap { $0.boxed ? $0 : nil }
    let columns = preview?.finderColumns(screenColumns: state.screen.columns) ?? 0..<state.screen.columns
    guard columns.contains(column) else { return nil }
    column -= columns.lowerBound
    let finder = finderState(state, columns: columns.count)
    let frame = SectionFrame(finder, style: style, layout: layout, headerFirst: headerFirst, screen: finder.screen)
    guard let box = frame.boxes.first(where: { $0.inner.contains(row) }) else { return nil }
    let x = column - box.sides.left
    let line = row - box.inner.lowerBound
    let indent = indent(box, style: style, signs: signsWidth)
    switch box.kind {
    case .input:
      return .click(.queryClicked)
    case .preview:
      return nil
    case .list:
      let list = listState(finder, frame)
      let logical = layout.logicalRow(line, column: x, list, headerFirst: headerFirst)
      if let click = SectionClicks.hit(
        column: x, row: logical, screenRow: line, list, layout: layout, headerFirst: headerFirst, shape: shape)
      {
        return .click(.sectionClicked(click))
      }
      return Layout.click(column: x, row: logical, double: double, in: list, gap: gap)
    case .footer:
      let lines = text(of: .footer, finder, frame, layout: layout)
      return .click(.sectionClicked(SectionClicks.footerClick(lines: lines, line: line, at: x - indent, shape: shape)))
    case .header, .headerLines:
      // The header's lines as drawn from the top, over both its windows.
      let windows = frame.boxes.filter { $0.kind == .header || $0.kind == .headerLines }
      let lines = windows.flatMap { text(of: $0.kind, finder, frame, layout: layout).prefix($0.inner.count) }
      let before = windows.prefix { $0.kind != box.kind }.reduce(0) {
        $0 + min($1.inner.count, text(of: $1.kind, finder, frame, layout: layout).count)
      }
      return .click(
        .sectionClicked(SectionClicks.headerClick(lines: lines, line: before + line, at: x - indent, shape: shape)))
    }
  }
}
