import SeekCore

/// Extra facts the renderer shows that are not search state (e.g. streaming input).
public struct RenderContext: Sendable, Equatable {
  /// Frame of the spinner shown while input streams in.
  public var spinnerFrame: Int

  public init(spinnerFrame: Int = 0) { self.spinnerFrame = spinnerFrame }
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
    drawQuery(state, into: &buffer)
    drawSuggestions(state, into: &buffer)
    drawResults(state, into: &buffer)
    if height >= 3 { drawStatus(state, context: context, into: &buffer) }
    return buffer
  }

  // MARK: - Query line

  static func drawQuery(_ state: SearchState, into buffer: inout ScreenBuffer) {
    let width = buffer.size.columns
    let x = buffer.write(prompt, column: 0, row: 0, style: [.prompt, .bold])
    // Scroll the query horizontally so that the cursor stays visible.
    let characters = Array(state.query)
    let cursor = min(state.cursor, characters.count)
    let room = max(1, width - x - 1)
    var start = 0
    var used = characters[..<cursor].reduce(0) { $0 + DisplayWidth.of($1) }
    while used > room && start < cursor {
      used -= DisplayWidth.of(characters[start])
      start += 1
    }
    let visible = String(characters[start...])
    buffer.write(visible, column: x, row: 0)
    let cursorColumn = x + characters[start..<cursor].reduce(0) { $0 + DisplayWidth.of($1) }
    buffer.cursor = state.focus == .query ? (min(cursorColumn, width - 1), 0) : nil
  }

  // MARK: - Suggestions

  static func drawSuggestions(_ state: SearchState, into buffer: inout ScreenBuffer) {
    let lines = Layout.suggestionLines(state)
    let width = buffer.size.columns
    let shown = state.shownSuggestions
    for i in 0..<lines {
      let row = 1 + i
      let hit = shown[i]
      let highlighted = state.highlightedSuggestion == i
      var x = buffer.write(highlighted ? "› " : "  ", column: 0, row: row, style: [.accent])
      x = buffer.write(
        hit.query, column: x, row: row, style: [],
        styleAt: styler(hit.ranges, style: [.bold, .match]))
      if let category = hit.suggestion.category, x + 4 < width {
        buffer.write("  in " + category, column: x, row: row, style: [.detail, .dim])
      }
      if highlighted { buffer.restyle(row: row, adding: .reverse) }
    }
  }

  // MARK: - Results

  static func drawResults(_ state: SearchState, into buffer: inout ScreenBuffer) {
    let top = Layout.resultsTop(state)
    let height = Layout.resultsHeight(state)
    guard height > 0 else { return }
    let results = state.results
    let width = buffer.size.columns
    var line = 0
    let hasItems = results.rowCount > (results.createTitle == nil ? 0 : 1)
    for index in state.scrollOffset..<max(state.scrollOffset, min(results.rowCount, state.scrollOffset + height)) {
      guard let shown = results.row(at: index) else { break }
      let row = top + line
      let selected = state.focus == .results && state.selection == index
      switch shown {
      case .create(let title):
        var x = buffer.write("+ ", column: 0, row: row, style: [.accent, .bold])
        x = buffer.write("Create \u{201C}", column: x, row: row, style: [.accent])
        x = buffer.write(title, column: x, row: row, style: [.accent, .bold], limit: width - 1)
        buffer.write("\u{201D}", column: x, row: row, style: [.accent])
      case .item(let hit):
        let box = state.checked.contains(hit.objectID) ? checkedBox : uncheckedBox
        var x = buffer.write(
          box, column: 0, row: row, style: state.checked.contains(hit.objectID) ? [.accent, .bold] : [])
        x = buffer.write(hit.title, column: x, row: row, styleAt: styler(hit.titleRanges, style: [.bold, .match]))
        var extras = hit.details
        if hit.titleRanges.isEmpty, let snippet = hit.snippet { extras = [snippet] + extras }
        for (i, detail) in extras.enumerated() where x + 3 < width {
          x = buffer.write("  ", column: x, row: row)
          let isSnippet = i == 0 && hit.titleRanges.isEmpty && hit.snippet != nil
          x = buffer.write(
            detail, column: x, row: row, style: [.detail],
            styleAt: isSnippet ? styler(hit.snippetRanges, style: [.bold, .match]) : nil)
        }
      }
      if selected { buffer.restyle(row: row, adding: .reverse) }
      line += 1
    }
    if !hasItems && !state.results.isPending && line < height {
      buffer.write("No results found", column: 2, row: top + line, style: [.dim])
    }
  }

  // MARK: - Status line

  static func drawStatus(_ state: SearchState, context: RenderContext, into buffer: inout ScreenBuffer) {
    let row = buffer.size.rows - 1
    let r = state.results
    var parts: [String] = []
    if let loading = state.streamedRecords {
      parts.append("\(spinner[context.spinnerFrame % spinner.count]) \(formatCount(loading, approximate: false)) read")
    }
    let loaded = r.hits.count
    parts.append(
      "\(formatCount(loaded, approximate: false))/\(formatCount(r.nbHits, approximate: !r.exhaustiveNbHits)) hits")
    parts.append(formatMilliseconds(r.milliseconds))
    if r.typoCorrected { parts.append("typos corrected") }
    if !r.droppedWords.isEmpty { parts.append("dropped: " + r.droppedWords.joined(separator: " ")) }
    if !state.checked.isEmpty { parts.append("\(state.checked.count) checked") }
    if let message = state.message { parts.append(message) }
    let left = parts.joined(separator: " · ")
    let hints =
      state.focus == .results
      ? "Space check · Enter accept · ↑ back" : "↑↓ select · Tab complete · Enter submit · Esc"
    let width = buffer.size.columns
    let x = buffer.write(left, column: 0, row: row, style: [.dim])
    let hintWidth = DisplayWidth.of(hints)
    if x + 2 + hintWidth <= width {
      buffer.write(hints, column: width - hintWidth, row: row, style: [.dim])
    }
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

  static func formatMilliseconds(_ ms: Double) -> String {
    if ms < 10 {
      let hundredths = Int((ms * 100).rounded())
      return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) ms"
    }
    return "\(Int(ms.rounded())) ms"
  }

  /// A style lookup for UTF-8 offsets inside matched ranges.
  static func styler(_ ranges: [Range<Int>], style: CellStyle) -> ((Int) -> CellStyle?)? {
    guard !ranges.isEmpty else { return nil }
    return { offset in ranges.contains { $0.contains(offset) } ? style : nil }
  }
}
