import SearchEngine
import SeekApp
import SeekCore

/// Extra facts the renderer shows that are not search state (e.g. streaming input).
public struct RenderContext: Sendable, Equatable {
  /// What stands before the query (`--prompt`, fzf's; controls shown as `?`).
  public var prompt: String

  /// What marks the current line of a plain list (`--pointer`, fzf's), and a checked line
  /// instead of Seek's boxes (`--marker`); each followed by a space.
  public var pointer: String
  public var marker: String?
  /// What gives way in a row too long for the screen (`--keep-right`, `--no-hscroll`).
  public var overflow = Elision.Keep.matchesAndEnds
  /// fzf's look: what stands in the pointer's column on the other lines (`--gutter`), and the
  /// info line's rule (`--separator`).
  public var gutter = " "
  public var separator = "─"
  /// fzf's look: the scrollbar's sign (`--scrollbar`), nil for none.
  public var scrollbar: String? = nil
  /// fzf's look: how a line too wide is cut (`--ellipsis`, `--hscroll-off`) and `--tabstop`.
  public var ellipsis = "··"
  public var hscrollOff = 10
  public var tabstop = 8
  /// fzf's `--freeze-left`, `--freeze-right`: fields that stay on screen as the rest scrolls.
  public var frozen = FrozenFields()
  /// fzf's `--ghost`: dim text on the empty query line.
  public var ghost = ""
  /// fzf's `--gap` and `--gap-line`: rows after each item of the list, the last one drawn with
  /// this text repeated (empty: blank).
  public var gap = 0
  public var gapLine = "┈"
  /// fzf's `--preview-label-pos`: where the preview's label stands on its border.
  public var previewLabelPosition = LabelPosition()
  /// fzf's `--info=inline:PREFIX`: what stands before the count on the query line.
  public var inlineInfoPrefix = " < "
  /// fzf's `--marker-multi-line`: a checked item's signs on its first, middle and last rows.
  public var markerMultiLine = ["╻", "┃", "╹"] {
    didSet { markerMultiLine = markerMultiLine.map(SafeText.sanitized) }
  }
  /// The layout turns the list over (fzf's default): an item's rows are drawn last line first,
  /// so that they read down once turned, and one cut at the far end keeps its last lines.
  public var listGrowsUp = false

  public init(prompt: String = Renderer.prompt, pointer: String = ">", marker: String? = nil) {
    self.prompt = SafeText.sanitized(prompt)
    self.pointer = SafeText.sanitized(pointer)
    self.marker = marker.map(SafeText.sanitized)
  }
}

/// `render(state) -> ScreenBuffer`: a pure function of the state, testable without a terminal.
public enum Renderer {
  public static let prompt = "> "
  static let checkedBox = "[x] "
  static let uncheckedBox = "[ ] "
  static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  public static func render(_ state: SearchState, context: RenderContext = RenderContext()) -> ScreenBuffer {
    let width = state.screen.columns
    let height = state.screen.rows
    var buffer = ScreenBuffer(columns: width, rows: height)
    guard width > 0, height > 0 else { return buffer }
    // fzf's preview box: the finder drawn in the columns left of it, the box beside, whole.
    if let frame = Layout.detailsFrame(state), frame.boxed {
      let columns = frame.finderColumns(screenColumns: width)
      var beside = state
      beside.details.open = false
      beside.viewport.screen.columns = columns.count
      let finder = render(beside, context: context)
      buffer.place(finder, column: columns.lowerBound, row: 0)
      buffer.cursor = finder.cursor.map { ($0.column + columns.lowerBound, $0.row) }
      drawDetails(state, labelPosition: context.previewLabelPosition, scrollbar: context.scrollbar, into: &buffer)
      return buffer
    }
    if Layout.queryLines(state) > 0 { drawQuery(state, prompt: context.prompt, ghost: context.ghost, into: &buffer) }
    if case .inline(let right) = state.info, Layout.queryLines(state) > 0 {
      if state.look.isFzf {
        FzfInfo.drawInline(state, right: right, context: context, into: &buffer)
      } else {
        drawInlineInfo(state, right: right, context: context, into: &buffer)
      }
    }
    drawChips(state, into: &buffer)
    drawHeader(state, into: &buffer)
    drawFooter(state, into: &buffer)
    drawSuggestions(state, into: &buffer)
    drawResults(state, context: context, into: &buffer)
    if state.look.isFzf, let bar = context.scrollbar { FzfInfo.drawScrollbar(state, sign: bar, into: &buffer) }
    drawPane(state, into: &buffer)
    drawDetails(state, into: &buffer)
    if Layout.statusLines(state) > 0 {
      if state.look.isFzf {
        FzfInfo.drawLine(state, context: context, into: &buffer)
      } else {
        drawStatus(state, context: context, into: &buffer)
      }
    }
    return buffer
  }

  // MARK: - Query line

  static func drawQuery(_ state: SearchState, prompt: String, ghost: String = "", into buffer: inout ScreenBuffer) {
    let width = buffer.size.columns
    // The prompt leaves at least half the line to the query.
    let x = buffer.write(prompt, column: 0, row: 0, style: [.prompt, .bold], limit: max(2, width / 2))
    // Scroll the query horizontally so that the cursor stays visible.
    let characters = Array(state.editor.text)
    let cursor = min(state.editor.cursor, characters.count)
    let room = max(1, width - x - 1)
    var start = 0
    var used = characters[..<cursor].reduce(0) { $0 + DisplayWidth.of($1) }
    while used > room && start < cursor {
      used -= DisplayWidth.of(characters[start])
      start += 1
    }
    let visible = String(characters[start...])
    buffer.write(visible, column: x, row: 0)
    if characters.isEmpty && !ghost.isEmpty { buffer.write(ghost, column: x, row: 0, style: [.dim]) }
    let cursorColumn = x + characters[start..<cursor].reduce(0) { $0 + DisplayWidth.of($1) }
    buffer.cursor = state.focus == .query ? (min(cursorColumn, width - 1), 0) : nil
  }

  /// `--info=inline` (fzf's): the count after the query (or at the line's end), `< 1,234`, when
  /// the line has room for it beside what is typed.
  static func drawInlineInfo(
    _ state: SearchState, right: Bool, context: RenderContext, into buffer: inout ScreenBuffer
  ) {
    let r = state.list.results
    var info = "< \(r.exhaustiveNbHits ? "" : "~")\(r.nbHits.groupedDigits)"
    if let loading = state.streamedRecords {
      info = "\(spinner[state.spinnerFrame % spinner.count]) \(info) of \(loading.groupedDigits)"
    }
    let width = buffer.size.columns
    let used = DisplayWidth.of(context.prompt) + DisplayWidth.of(state.editor.text) + 2
    let infoWidth = DisplayWidth.of(info)
    guard used + infoWidth <= width else { return }
    buffer.write(info, column: right ? width - infoWidth : used, row: 0, style: [.dim])
  }

  // MARK: - Header

  /// `--header`'s lines, under the query and the chips; text from the command line, shown safely.
  static func drawHeader(_ state: SearchState, into buffer: inout ScreenBuffer) {
    let top = Layout.headerTop(state)
    // fzf's header starts where the lines' text does, after the pointer and marker columns.
    let column = state.look.isFzf ? 2 : 0
    for i in 0..<Layout.headerLines(state) {
      buffer.write(
        SafeText.sanitized(state.header[i]), column: column, row: top + i, style: [.detail],
        limit: buffer.size.columns)
    }
  }

  /// `--footer`'s lines under a rule the width of the screen, at the list's far end.
  static func drawFooter(_ state: SearchState, into buffer: inout ScreenBuffer) {
    let lines = Layout.footerLines(state)
    guard lines > 0 else { return }
    let top = Layout.footerTop(state)
    let width = buffer.size.columns
    buffer.write(String(repeating: "─", count: width), column: 0, row: top, style: [.dim], limit: width)
    let column = state.look.isFzf ? 2 : 0
    for i in 0..<(lines - 1) {
      buffer.write(
        SafeText.sanitized(state.footer[i]), column: column, row: top + 1 + i, style: [.detail], limit: width)
    }
  }

  // MARK: - Refinement chips

  /// `brand: Apple × · price < 500 × · sorted by price:desc`, with the key that clears them.
  static func drawChips(_ state: SearchState, into buffer: inout ScreenBuffer) {
    guard Layout.chipLines(state) > 0 else { return }
    let width = buffer.size.columns
    let row = Layout.chipsRow(state)
    let spans = Layout.chipSpans(state)
    for (chip, span) in zip(state.refining.refine.refinements.chips, spans) {
      buffer.write(chip + " ×", column: span.lowerBound, row: row, style: [.accent], limit: width)
    }
    var x = spans.last.map { $0.upperBound + 2 } ?? 0
    if state.refining.refine.sort != nil, x + 4 < width {
      x = buffer.write("sorted by \(state.refining.sortName)", column: x, row: row, style: [.detail], limit: width)
    }
    let hint = state.refining.refine.refinements.isEmpty ? "F3 sort" : "F4 clear refinements"
    if x + 2 + DisplayWidth.of(hint) <= width {
      buffer.write(hint, column: width - DisplayWidth.of(hint), row: row, style: [.dim])
    }
  }

  // MARK: - Suggestions

  static func drawSuggestions(_ state: SearchState, into buffer: inout ScreenBuffer) {
    let lines = Layout.suggestionLines(state)
    let width = buffer.size.columns
    let shown = state.shownSuggestions
    let first = Layout.suggestionsTop(state)
    for i in 0..<lines {
      let row = first + i
      let hit = shown[i]
      let highlighted = state.suggestionsPane.highlighted == i
      var x = buffer.write(highlighted ? "› " : "  ", column: 0, row: row, style: [.accent])
      // A recent search of the user's is marked, as Autocomplete's recent-searches plugin does.
      if hit.isRecent { x = buffer.write("↺ ", column: x, row: row, style: [.dim], limit: width) }
      // Reverse highlighting, as Algolia's suggestion rows: what was typed is plain, the
      // completion bold (typo-corrected parts count as typed).
      x = buffer.write(
        hit.query, column: x, row: row, style: [],
        styleAt: state.editor.text.isEmpty ? nil : completionStyler(hit.ranges))
      if let category = hit.suggestion.category, x + 4 < width {
        buffer.write("  in " + category, column: x, row: row, style: [.detail, .dim])
      }
      if highlighted {
        if hit.isRecent && x + 16 < width {
          buffer.write("  Del forget", column: x, row: row, style: [.dim])
        }
        buffer.restyle(row: row, adding: .reverse)
      }
    }
  }

  /// Plain inside the typed (matched) ranges, bold elsewhere.
  static func completionStyler(_ typed: [Range<Int>]) -> (Int) -> CellStyle? {
    { offset in typed.contains { $0.contains(offset) } ? nil : [.bold] }
  }

  // MARK: - Results

  static func drawResults(_ state: SearchState, context: RenderContext, into buffer: inout ScreenBuffer) {
    let top = Layout.resultsTop(state)
    let height = Layout.resultsHeight(state)
    guard height > 0 else { return }
    let results = state.list.results
    let width = Layout.resultsWidth(state)
    guard width > 0 else { return }
    let hasItems = results.rowCount > (results.createTitle == nil ? 0 : 1)
    let jumpLabels = state.jumpLabels
    let gapLine = gapLine(width: width, context: context)
    let placements = state.list.placements(rows: height, gap: context.gap, showsEndWhenCut: context.listGrowsUp)
    for placed in placements {
      guard let shown = results.row(at: placed.index) else { break }
      let first = top + placed.row
      // The gap's last row holds its line (fzf's).
      if let gapLine, context.gap > 0, first + placed.rows + context.gap - 1 < top + height {
        buffer.write(gapLine, column: 2, row: first + placed.rows + context.gap - 1, style: [.dim], limit: width - 1)
      }
      let selected = state.focus == .results && state.list.selection == placed.index
      switch shown {
      case .create(let title):
        drawCreateRow(title, row: first, width: width, into: &buffer)
        if selected { buffer.restyle(row: first, to: width, adding: .reverse) }
      case .item(let hit):
        drawLines(
          of: hit, placed, top: first, width: width, selected: selected, jumpLabel: jumpLabels[placed.index], state,
          context: context, into: &buffer)
      }
    }
    if !hasItems && !results.isPending && placements.count < Layout.itemSlots(height, gap: context.gap)
      && !state.look.isFzf
    {
      buffer.write(
        state.refining.refine.refinements.isEmpty
          ? "No results found" : "No results found with the refinements above (F4 clears them)",
        column: 2, row: top + placements.count, style: [.dim], limit: width)
    }
  }

  /// An item's rows, where `ItemRows` places them: one for most items; with fzf's `--multi-line`
  /// each of its lines on a row, a checked one marked with `--marker-multi-line`'s signs, the
  /// current one's pointer on each of its rows.
  private static func drawLines(
    of hit: ResultHit, _ placed: ItemPlacement, top first: Int, width: Int, selected: Bool, jumpLabel: Character?,
    _ state: SearchState, context: RenderContext, into buffer: inout ScreenBuffer
  ) {
    // One line (most items): drawn as it is, nothing split.
    let starts = placed.lines == 1 ? [] : lineStarts(hit.title, upTo: placed.firstLine + placed.rows)
    for k in 0..<placed.rows {
      let line = placed.firstLine + k
      let row = first + (context.listGrowsUp ? placed.rows - 1 - k : k)
      let sign =
        placed.lines == 1 ? nil : context.markerMultiLine[line == 0 ? 0 : line == placed.lines - 1 ? 2 : 1]
      var text = part(of: hit, line: line, starts: starts)
      // Cut before its end: its last row shown says more follows (fzf's ␊).
      if k == placed.rows - 1 && line < placed.lines - 1 { text.title += "␊" }
      drawItem(
        text, at: placed.index, row: row, width: width, selected: selected,
        jumpLabel: line == placed.firstLine ? jumpLabel : nil, state, context: context, markerSign: sign,
        into: &buffer)
      if selected { buffer.restyle(row: row, to: width, adding: .reverse) }
    }
  }

  /// Where each line of `text` starts (UTF-8 offsets): the first `count` lines' and the next's.
  static func lineStarts(_ text: String, upTo count: Int) -> [Int] {
    var starts = [0]
    for (offset, byte) in text.utf8.enumerated() where byte == 0x0A {
      starts.append(offset + 1)
      guard starts.count <= count else { break }
    }
    return starts
  }

  /// Line `line` of a hit, its matches and colours with it (offsets made the line's own).
  static func part(of hit: ResultHit, line: Int, starts: [Int]) -> ResultHit {
    guard !starts.isEmpty else { return hit }
    let utf8 = hit.title.utf8
    let start = starts[min(line, starts.count - 1)]
    let end = line + 1 < starts.count ? starts[line + 1] - 1 : utf8.count
    var part = hit
    part.titleTail = nil  // the end of the item's text, not of this line
    let bytes = utf8.dropFirst(start).prefix(end - start)
    part.title = String(decoding: bytes, as: UTF8.self)
    func clipped(_ range: Range<Int>) -> Range<Int>? {
      let lower = max(range.lowerBound, start) - start
      let upper = min(range.upperBound, end) - start
      return lower < upper ? lower..<upper : nil
    }
    part.titleRanges = hit.titleRanges.compactMap(clipped)
    part.titleColors = hit.titleColors.compactMap { colored in
      clipped(colored.range).map { StyledRange(range: $0, style: colored.style) }
    }
    return part
  }

  /// The smart list's create row: `+ Create “title”`.
  private static func drawCreateRow(_ title: String, row: Int, width: Int, into buffer: inout ScreenBuffer) {
    var x = buffer.write("+ ", column: 0, row: row, style: [.accent, .bold], limit: width)
    x = buffer.write("Create \u{201C}", column: x, row: row, style: [.accent], limit: width)
    x = buffer.write(title, column: x, row: row, style: [.accent, .bold], limit: width - 1)
    buffer.write("\u{201D}", column: x, row: row, style: [.accent], limit: width)
  }

  /// One hit's row: its gutter (check box, pointer or fzf's columns), its line with the matches
  /// bold, and in Seek's look the fields after it.
  private static func drawItem(
    _ hit: ResultHit, at index: Int, row: Int, width: Int, selected: Bool, jumpLabel: Character?,
    _ state: SearchState, context: RenderContext, markerSign: String? = nil, into buffer: inout ScreenBuffer
  ) {
    let results = state.list.results
    // A check box on every row of the smart list; fzf's pointer on a plain list.
    let checked = state.marks.checked.contains(hit.objectID)
    // In the query, Enter accepts the top line: the pointer is on it.
    let current =
      selected
      || (state.focus == .query && state.marks.picking.enterAccepts && state.shownSuggestions.isEmpty
        && index == results.firstItemRow)
    let box =
      state.look.isFzf
      ? FzfInfo.columns(current: current, checked: checked, jumpLabel: jumpLabel, mark: markerSign, context: context)
      : state.marks.picking.marks
        ? mark(checked, context.marker) : gutter(current ? context.pointer : nil, context.pointer)
    var x = buffer.write(box, column: 0, row: row, style: checked ? [.accent, .bold] : [], limit: width)
    // A jump waiting for its key: the row's label over its gutter.
    if let label = jumpLabel {
      buffer.write(
        String(label), column: 0, row: row, style: [.accent, .bold], limit: state.look.isFzf ? 1 : width)
    }
    // Too long: the middle gives way, not the matched words or the end (secondary fields
    // after the title give way first, as they are drawn only in the room left).
    let (title, ranges) =
      state.look.isFzf
      ? fzfLine(hit, room: width - x - 1, context)
      : Elision.fit(hit.title, ranges: hit.titleRanges, room: width - x, keeping: context.overflow)
    // `--ansi`: the line's colours, under the matches' (when the line fits as it is).
    let matched = styler(ranges, style: [.bold, .match])
    let colored =
      title == hit.title && !hit.titleColors.isEmpty ? colorStyler(hit.titleColors, under: matched) : nil
    x = buffer.write(title, column: x, row: row, limit: width, styleAt: colored ?? matched)
    guard !state.look.isFzf else { return }  // fzf's look: the line as shown, nothing after it.
    drawExtras(of: hit, from: x, row: row, width: width, query: results.query, into: &buffer)
  }

  /// What follows a hit's line in Seek's look: its snippet when the title did not match, a
  /// picked record's "recent pick" for the empty query, and its other fields, each as far as it
  /// fits.
  private static func drawExtras(
    of hit: ResultHit, from start: Int, row: Int, width: Int, query: String, into buffer: inout ScreenBuffer
  ) {
    var x = start
    var extras = hit.details
    if hit.titleRanges.isEmpty, let snippet = hit.snippet { extras = [snippet] + extras }
    // No query: picks lead, as a launcher's recent items, and say so.
    if query.isEmpty && (hit.ranking?.match.learned ?? 0) > 0 {
      extras = ["recent pick"] + extras
    }
    for (i, detail) in extras.enumerated() where x + 3 < width {
      let isSnippet = i == 0 && hit.titleRanges.isEmpty && hit.snippet != nil
      // What does not fit loses its end to an ellipsis; a number is shown whole or not at all
      // ($254.1 for $254.19 would be read as a price).
      let room = width - x - 2
      if DisplayWidth.of(detail) > room && (Self.isNumber(detail) || room < 4) { break }
      let (shown, ranges) = Elision.fit(
        detail, ranges: isSnippet ? hit.snippetRanges : [], room: room, keeping: .start)
      x = buffer.write("  ", column: x, row: row, limit: width)
      x = buffer.write(
        shown, column: x, row: row, style: [.detail], limit: width,
        styleAt: isSnippet ? styler(ranges, style: [.bold, .match]) : nil)
    }
  }

  /// fzf's `--gap`: the line drawn in the last row of each gap, `--gap-line`'s text repeated
  /// from the item's text column to a column short of the edge, as fzf's rules are (made once a
  /// frame; nil when there is none).
  static func gapLine(width: Int, context: RenderContext) -> String? {
    let room = width - 3
    let unit = DisplayWidth.of(context.gapLine)
    guard context.gap > 0, unit > 0, room > 0 else { return nil }
    return String(repeating: context.gapLine, count: (room + unit - 1) / unit)
  }

  // MARK: - Refinement pane

  /// Facet values with their counts for the current query, refined ones checked; a hierarchy's
  /// refined levels open onto their children; numeric facets show their range among the hits.
  static func drawPane(_ state: SearchState, into buffer: inout ScreenBuffer) {
    let paneWidth = Layout.paneWidth(state)
    guard paneWidth > 0 else { return }
    let left = buffer.size.columns - paneWidth
    let top = Layout.resultsTop(state)
    let height = Layout.resultsHeight(state)
    guard height > 0 else { return }
    let rows = state.paneRows
    let focused = state.focus == .refinements
    let first = Layout.paneFirstRow(state, rows)
    let x0 = left == 0 ? 0 : left + 2
    for line in 0..<height {
      if left > 0 { buffer.write("│", column: left, row: top + line, style: [.dim]) }
      let index = first + line
      guard index < rows.count else {
        if index == 0 { buffer.write("No facets", column: x0, row: top + line, style: [.dim]) }
        continue
      }
      let row = top + line
      switch rows[index] {
      case .header(let name):
        buffer.write(name, column: x0, row: row, style: [.bold, .prompt])
      case .value(_, let value, let refined):
        let indent = String(repeating: "  ", count: min(value.level, 4))
        let name = value.value.components(separatedBy: FacetIndex.levelSeparator).last ?? value.value
        let x = buffer.write(
          indent + (refined ? "[x] " : "[ ] "), column: x0, row: row, style: refined ? [.accent, .bold] : [])
        let count = Renderer.formatCount(value.count, approximate: !state.list.results.exhaustiveNbHits)
        buffer.write(name, column: x, row: row, limit: buffer.size.columns - count.count - 1)
        buffer.write(count, column: buffer.size.columns - count.count, row: row, style: [.detail])
        if focused && index == state.refining.paneSelection {
          buffer.restyle(row: row, from: x0, to: buffer.size.columns, adding: .reverse)
        }
      case .valueSearch(_, let text, let typing):
        let x = buffer.write("  / ", column: x0, row: row, style: [.accent])
        let end = buffer.write(text, column: x, row: row, limit: buffer.size.columns - 1)
        if typing { buffer.write("▏", column: end, row: row, style: [.accent]) }
      case .more(_, let expanded):
        buffer.write(expanded ? "  ‹ show less" : "  › show more", column: x0, row: row, style: [.accent])
        if focused && index == state.refining.paneSelection {
          buffer.restyle(row: row, from: x0, to: buffer.size.columns, adding: .reverse)
        }
      case .histogram(_, let histogram, let lower, let upper):
        let active = focused && index == state.refining.paneSelection
        if active { buffer.write("›", column: x0, row: row, style: [.accent, .bold]) }
        let handle = state.refining.lowerHandleActive ? lower : upper - 1
        drawBars(
          histogram, selected: lower..<upper, handle: active ? handle : nil,
          at: Layout.histogramBars(state, buckets: histogram.bucketCount), row: row, into: &buffer)
      case .range(let attribute, let stats):
        // The hint to type a bound, until there is one.
        let selected = state.refining.refine.refinements.numeric.filter { $0.attribute == attribute }
        let hint = selected.isEmpty ? "  " + rangeHint(rows, index) : ""
        buffer.write(
          "  " + rangeText(stats, selected: selected) + hint, column: x0, row: row, style: [.detail],
          limit: buffer.size.columns)
      }
    }
  }

  /// Eighths of a cell, from one to eight: a bar's height.
  static let barBlocks: [String] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// A histogram's bars, each as tall as its share of the tallest (any hit shows at least an
  /// eighth): the selected buckets in the accent colour, the others dim, the bucket the arrows
  /// move (the active handle's) reversed.
  static func drawBars(
    _ histogram: Histogram, selected: Range<Int>, handle: Int?, at bars: (column: Int, width: Int), row: Int,
    into buffer: inout ScreenBuffer
  ) {
    let tallest = max(1, histogram.counts.max() ?? 1)
    for (i, count) in histogram.counts.enumerated() {
      let eighths = count == 0 ? 0 : max(1, (count * 8 + tallest - 1) / tallest)
      let cell = eighths == 0 ? " " : barBlocks[eighths - 1]
      var style: CellStyle = selected.contains(i) ? [.accent] : [.dim]
      if i == handle { style.insert(.reverse) }
      let x = bars.column + i * bars.width
      guard x + bars.width <= buffer.size.columns else { break }
      buffer.write(String(repeating: cell, count: bars.width), column: x, row: row, style: style)
    }
  }

  /// The hits' range, and the part of it refined: `5 – 2999`, `≥ 100 < 500 of 5 – 2999`.
  static func rangeText(_ stats: FacetResult.Stats, selected: [Refinements.Numeric]) -> String {
    let whole = "\(number(stats.min)) – \(number(stats.max))"
    guard !selected.isEmpty else { return whole }
    return selected.map { "\(comparisonSymbols[$0.comparison] ?? "") \(number($0.value))" }.joined(separator: " ")
      + " of " + whole
  }

  static let comparisonSymbols: [FilterExpression.Comparison: String] = [
    .less: "<", .lessOrEqual: "≤", .equal: "=", .notEqual: "≠", .greaterOrEqual: "≥", .greater: ">",
  ]

  static func number(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.2f", v)
  }

  /// The query token that refines a numeric facet, as a hint: `price<500`.
  static func rangeHint(_ rows: [PaneRow], _ index: Int) -> String {
    guard index < rows.count, case .range(let attribute, _) = rows[index] else { return "attr<n" }
    return "\(attribute)<n"
  }

  // MARK: - Details pane

  /// The selected hit's record and ranking, or its preview; a border separates it from the results.
  static func drawDetails(
    _ state: SearchState, labelPosition: LabelPosition = LabelPosition(), scrollbar: String? = nil,
    into buffer: inout ScreenBuffer
  ) {
    guard let frame = Layout.detailsFrame(state) else { return }
    drawDetails(state, in: frame, labelPosition: labelPosition, scrollbar: scrollbar, into: &buffer)
  }

  /// The pane in `frame` (fzf's box: its border and label too, and `scrollbar`'s sign beside
  /// text longer than the box).
  static func drawDetails(
    _ state: SearchState, in frame: Layout.Frame, labelPosition: LabelPosition, scrollbar: String? = nil,
    into buffer: inout ScreenBuffer
  ) {
    let label = state.details.showsCommand ? " preview " : " details "
    if frame.boxed {
      let size = ScreenSize(columns: frame.boxWidth, rows: frame.boxHeight ?? buffer.size.rows)
      frame.border.drawOutline(into: &buffer, column: frame.boxColumn, row: frame.boxRow, size: size)
      labelPosition.draw(
        state.details.label, into: &buffer, column: frame.boxColumn, row: frame.boxRow, box: size,
        sides: frame.border.sides)
    } else if frame.placedBelow || frame.placedAbove {
      let row = frame.placedBelow ? frame.row - 1 : frame.row + frame.height
      buffer.write(String(repeating: "─", count: buffer.size.columns), column: 0, row: row, style: [.dim])
      buffer.write(label, column: 2, row: row, style: [.dim])
    } else {
      for line in 0..<frame.height { buffer.write("│", column: frame.column - 2, row: frame.row + line, style: [.dim]) }
    }
    let barColumn = keepsScrollbarColumn(frame, scrollbar: scrollbar)
    let frame = textFrame(frame, scrollbar: scrollbar)
    let rows = DetailsView.rows(state, width: frame.width)
    let lines = rows.lines
    // `~N`: the output's first N lines stay on top; the rest scrolls under them, from line N on.
    let headerLines = state.details.showsCommand ? min(state.details.placement.headerLines, rows.lineCount) : 0
    let header = min(rows.firstRow(ofLine: headerLines), frame.height)
    // `follow`: the end of the output, until the pane is scrolled; else from the line scrolled to.
    let first =
      state.details.following && state.details.showsCommand
      ? rows.endRow(visible: frame.height - header, least: header)
      : rows.firstRow(ofLine: max(headerLines, min(state.details.scroll, max(0, rows.lineCount - 1))))
    // The header's rows, then the scrolled ones (indexes: no array made per frame).
    let shown = min(frame.height, header + max(0, lines.count - first))
    for i in 0..<shown {
      let line = lines[i < header ? i : first + i - header]
      var x = frame.column
      let limit = frame.column + frame.width
      for piece in line where x < limit {
        x = buffer.write(
          piece.text, column: x, row: frame.row + i, style: piece.style, limit: limit,
          styleAt: styler(piece.ranges, style: piece.style.union([.bold, .match])))
      }
    }
    // fzf's scroll indicator: the first line shown and the lines there are, at the box's top
    // right, once the rows fill the box (not with `noinfo`).
    if frame.boxed && !lines.isEmpty && lines.count >= frame.height && state.details.placement.info {
      let position = "\(rows.line(ofRow: first) + 1)/\(rows.lineCount)"
      let x = frame.column + frame.width - DisplayWidth.of(position)
      if x > frame.column { buffer.write(position, column: x, row: frame.row, style: [.reverse]) }
    }
    if frame.boxed, let scrollbar, frame.border.sides.right >= 2 || barColumn {
      drawPreviewScrollbar(scrollbar, lines: lines.count, first: first, frame: frame, into: &buffer)
    }
    if lines.isEmpty && state.details.record == nil && !state.details.showsCommand {
      buffer.write(
        state.currentHit == nil ? "nothing selected" : "…", column: frame.column, row: frame.row,
        style: [.dim], limit: frame.column + frame.width)
    }
  }

  /// fzf's box with no right side keeps its text's last column for the scrollbar.
  static func keepsScrollbarColumn(_ frame: Layout.Frame, scrollbar: String?) -> Bool {
    frame.boxed && scrollbar != nil && frame.border.sides.right == 0
  }

  /// Where a preview's text is drawn in `frame`.
  static func textFrame(_ frame: Layout.Frame, scrollbar: String?) -> Layout.Frame {
    var text = frame
    if keepsScrollbarColumn(frame, scrollbar: scrollbar) { text.width = max(0, frame.width - 1) }
    return text
  }

  /// A wrapped preview's line at the top of `frame` when its end is shown (nil unless wrapped).
  static func previewEndLine(_ state: SearchState, in frame: Layout.Frame, scrollbar: String?) -> Int? {
    guard state.details.showsCommand, state.details.placement.wrap else { return nil }
    let text = textFrame(frame, scrollbar: scrollbar)
    let rows = DetailsView.rows(state, width: text.width)
    let header = min(rows.firstRow(ofLine: min(state.details.placement.headerLines, rows.lineCount)), text.height)
    return rows.line(ofRow: rows.endRow(visible: text.height - header, least: header))
  }

  /// fzf's preview scrollbar: in the column between the text and the box's right border, as
  /// long as the share of the lines shown, where they are (the second of `--scrollbar`'s two
  /// signs, else its one).
  static func drawPreviewScrollbar(
    _ signs: String, lines: Int, first: Int, frame: Layout.Frame, into buffer: inout ScreenBuffer
  ) {
    let rows = frame.height
    guard lines > rows, rows > 0, let sign = signs.last.map(String.init) else { return }
    let length = max(1, rows * rows / lines)
    let start = min(rows - length, (rows - length) * first / max(1, lines - rows))
    let column = frame.column + frame.width
    for row in start..<(start + length) { buffer.write(sign, column: column, row: frame.row + row, style: [.dim]) }
  }

  // MARK: - Status line

  static func drawStatus(_ state: SearchState, context: RenderContext, into buffer: inout ScreenBuffer) {
    let row = Layout.statusRow(state)
    let r = state.list.results
    var parts: [String] = []
    if let loading = state.streamedRecords {
      parts.append(
        "\(spinner[state.spinnerFrame % spinner.count]) \(loading.groupedDigits) indexed"
          + (state.streamedPercent.map { " (\($0)%)" } ?? ""))
    }
    // Found, then what is loaded: "10,000 hits · 40 shown" (not "40/10000", which reads as
    // matched/total to fzf users); "~" when the count is an estimate.
    parts.append("\(r.exhaustiveNbHits ? "" : "~")\(r.nbHits.groupedDigits) hit\(r.nbHits == 1 ? "" : "s")")
    if r.hits.count > 0 && r.hits.count < r.nbHits { parts.append("\(r.hits.count.groupedDigits) shown") }
    parts.append(formatMilliseconds(r.milliseconds))
    // A shop's message for the query (a rule's `userData`), as InstantSearch's QueryRuleCustomData.
    for banner in r.banners { parts.append("★ " + banner) }
    if let price = r.priceFilter { parts.append("from the words: " + price) }
    if r.typoCorrected { parts.append("typos corrected") }
    if r.reorderedByLearning { parts.append("ordered by your picks") }
    if !r.droppedWords.isEmpty { parts.append("dropped: " + r.droppedWords.joined(separator: " ")) }
    if !state.marks.checked.isEmpty { parts.append("\(state.marks.checked.count) checked") }
    if let message = state.message { parts.append(message) }
    var left = parts.joined(separator: " · ")
    let hints: String
    switch state.focus {
    case .results:
      let check = state.marks.picking.marks ? "Space check · " : ""
      hints =
        check + "Enter accept · \(state.details.open ? "F5 hide details" : "F5 details") · "
        + (state.marks.picking.escapeQuits ? "Esc quit" : "Esc back")
    case .refinements:
      hints =
        state.refining.valueSearch?.typing == true
        ? "type to search values · Enter done · Esc clear"
        : "↑↓ move · Space refine · / search values · F4 clear · Esc back"
    case .query:
      let esc =
        state.marks.picking.escapeQuits
        ? "Esc quit"
        : state.suggestionsPane.visible && !state.suggestionsPane.hits.isEmpty
          ? "Esc close" : state.editor.text.isEmpty ? "Esc quit" : "Esc clear"
      hints =
        "↑↓ select · Tab complete · Enter \(enterHint(state)) · F2 refine · " + esc
    }
    let width = buffer.size.columns
    var hintWidth = DisplayWidth.of(hints)
    if let note = state.storeNote {
      // The shared store out of reach, for as long as it is, beside the hints if it can be.
      let room = width - DisplayWidth.of(left) - 3
      let fitted = offlineNote(note, room: room - hintWidth - 2) ?? offlineNote(note, room: room)
      if let fitted {
        left += " · " + fitted
        if DisplayWidth.of(left) + 2 + hintWidth > width { hintWidth = Int.max / 2 }
      }
    }
    let x = buffer.write(left, column: 0, row: row, style: [.dim])
    if x + 2 + hintWidth <= width {
      buffer.write(hints, column: width - hintWidth, row: row, style: [.dim])
    }
  }

  /// The sync's note in `room` cells: whole, or its short form, cut with `…` at the end; nil
  /// when not even a short start of it fits.
  static func offlineNote(_ note: String, room: Int) -> String? {
    if DisplayWidth.of(note) <= room { return note }
    let short = "store offline: changes kept"
    guard room >= 14 else { return nil }
    return Elision.fit(short, ranges: [], room: room, keeping: .start).0
  }

  static func formatCount(_ n: Int, approximate: Bool) -> String {
    let prefix = approximate ? "~" : ""
    if n >= 1_000_000 { return prefix + String(format1(Double(n) / 1_000_000)) + "M" }
    if n >= 100_000 { return prefix + "\(n / 1000)k" }
    return prefix + "\(n)"
  }

  static func format1(_ x: Double) -> String {
    let tenths = Int((x * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// What Enter does from the query: accept (a plain list), create the item nothing matches
  /// (the smart list), or submit the search.
  static func enterHint(_ state: SearchState) -> String {
    if state.marks.picking.enterAccepts { return "accept" }
    return state.createdByEnter == nil ? "submit" : "create"
  }

  static func formatMilliseconds(_ ms: Double) -> String {
    if ms < 10 {
      let hundredths = Int((ms * 100).rounded())
      return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) ms"
    }
    return "\(Int(ms.rounded())) ms"
  }

  /// A figure (a price, a count, a date): digits with their signs and separators, no letters.
  static func isNumber(_ text: String) -> Bool {
    text.contains(where: \.isNumber) && !text.contains(where: \.isLetter)
  }

  /// A line as fzf draws it: tabs expanded, cut by its horizontal scroll (the last column is the
  /// scrollbar's).
  static func fzfLine(_ hit: ResultHit, room: Int, _ context: RenderContext) -> (String, [Range<Int>]) {
    // A line longer than what is shown keeps its end in view from its tail (the bytes between
    // are never on screen: the middle gives way first).
    let keepsEnd = context.overflow == .end || context.frozen.right > 0
    let line = keepsEnd ? hit.titleTail.map { hit.title + $0 } ?? hit.title : hit.title
    if !context.frozen.isEmpty && context.overflow != .start {
      let splits = context.frozen.splits(of: line)
      let points = [splits.left, splits.right].compactMap { $0 }
      let (text, ranges, moved) = FzfLine.expanded(
        line, ranges: hit.titleRanges, tabstop: context.tabstop, points: points)
      var at = moved.makeIterator()
      let placed = (left: splits.left.flatMap { _ in at.next() }, right: splits.right.flatMap { _ in at.next() })
      return FzfLine.fitFrozen(
        text, ranges: ranges, splits: placed, room: room, ellipsis: context.ellipsis,
        hscrollOff: context.hscrollOff, keeping: context.overflow)
    }
    let (text, ranges) = FzfLine.expanded(line, ranges: hit.titleRanges, tabstop: context.tabstop)
    return FzfLine.fit(
      text, ranges: ranges, room: room, ellipsis: context.ellipsis, hscrollOff: context.hscrollOff,
      keeping: context.overflow)
  }

  /// A row's check: Seek's box, or `--marker` (blank when unchecked).
  static func mark(_ checked: Bool, _ marker: String?) -> String {
    guard let marker else { return checked ? checkedBox : uncheckedBox }
    return gutter(checked ? marker : nil, marker)
  }

  /// `shown` and a space, or as many blanks when nil: the list's text starts in one column.
  static func gutter(_ shown: String?, _ widest: String) -> String {
    shown.map { $0 + " " } ?? String(repeating: " ", count: DisplayWidth.of(widest) + 1)
  }

  /// A style lookup for a line's own colours (`--ansi`), the matches' style over them.
  static func colorStyler(
    _ colors: [StyledRange], under matched: ((Int) -> CellStyle?)?
  ) -> (Int) -> CellStyle? {
    { offset in
      let own = colors.first { $0.range.contains(offset) }.map { DetailsView.style($0.style) }
      guard let match = matched?(offset) else { return own }
      return (own ?? []).union(match)
    }
  }

  /// A style lookup for UTF-8 offsets inside matched ranges.
  static func styler(_ ranges: [Range<Int>], style: CellStyle) -> ((Int) -> CellStyle?)? {
    guard !ranges.isEmpty else { return nil }
    return { offset in ranges.contains { $0.contains(offset) } ? style : nil }
  }
}
