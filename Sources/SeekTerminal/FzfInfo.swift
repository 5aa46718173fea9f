import SeekApp
import SeekCore

/// fzf's look, where it differs from Seek's: the info line and the columns before each line.
///
/// The info line (`--info=default`) is `S M/N (K) ───`: S the spinner while input is read (a
/// blank after it), M the matches, N the lines read, K the marked ones when `-m` is on (`K/L`
/// with a limit), then the rule (`--separator`) to the line's last column but one, which fzf
/// keeps for its scrollbar. `right` puts the rule first; `hidden` and `inline-right` leave the
/// rule alone on the line; `inline` puts `< M/N (K)` after the query. A message (the default
/// command failed) takes the count's place, as fzf's `[Command failed: …]` does. fzf's test
/// suite and users' scripts read these lines, so they are kept to the character.
enum FzfInfo {
  /// The line of its own, under the prompt.
  static func drawLine(_ state: SearchState, context: RenderContext, into buffer: inout ScreenBuffer) {
    let row = Layout.statusRow(state)
    // fzf keeps the last column for the scrollbar (a `--border` with nothing inside it on the
    // right gives the finder the blank before its side: `Surround.sticksRight`).
    let width = max(0, buffer.size.columns - 1)
    let rule = hasRule(state)
    switch state.info {
    case .line:
      var x = buffer.write(spinner(state), column: 0, row: row, style: [.dim])
      x = buffer.write(" " + said(state), column: x, row: row, style: [.dim], limit: width)
      if rule { fill(context.separator, from: x + 1, to: width, row: row, into: &buffer) }
    case .lineRight:
      let text = reading(state) + " " + said(state)
      let start = max(0, width - DisplayWidth.of(text))
      if rule { fill(context.separator, from: 0, to: start, row: row, into: &buffer) }
      buffer.write(text, column: start, row: row, style: [.dim], limit: width)
    case .hidden, .inline:
      if let message = state.message {
        buffer.write("  " + SafeText.sanitized(message), column: 0, row: row, style: [.dim], limit: width)
      } else if rule {
        fill(context.separator, from: 0, to: width, row: row, into: &buffer)
      }
    }
  }

  /// What the info line says: a message (`[Command failed: …]`) in the counts' place.
  static func said(_ state: SearchState) -> String { state.message.map(SafeText.sanitized) ?? counts(state) }

  /// `inline`: `< M/N (K)` two columns after the query, the rule after it; `inline-right`: the
  /// count ending at the line's last column but one.
  static func drawInline(_ state: SearchState, right: Bool, context: RenderContext, into buffer: inout ScreenBuffer) {
    let width = max(0, buffer.size.columns - 1)
    let used = DisplayWidth.of(context.prompt) + DisplayWidth.of(state.editor.text)
    if right {
      let text = reading(state).dropFirst() + (state.streamedRecords == nil ? "" : " ") + counts(state)
      let start = width - DisplayWidth.of(text)
      guard start > used else { return }
      buffer.write(text, column: start, row: 0, style: [.dim])
      return
    }
    // One column after the query (the cursor's) or after the ghost on an empty query, then the
    // prefix (`--info=inline:PREFIX`).
    let ghost = state.editor.text.isEmpty ? DisplayWidth.of(context.ghost) : 0
    let start = max(used + 1, DisplayWidth.of(context.prompt) + ghost)
    let text = context.inlineInfoPrefix + counts(state)
    guard start + DisplayWidth.of(text) <= width else { return }
    let x = buffer.write(text, column: start, row: 0, style: [.dim])
    if hasRule(state) { fill(context.separator, from: x + 1, to: width, row: 0, into: &buffer) }
  }

  /// The scrollbar in the list's last column, when the matches are more than the list's rows: a
  /// thumb as long as the rows' share of the matches squared (at least one row), placed by the
  /// first row shown — fzf's proportions, so that its users see the same bar.
  static func drawScrollbar(_ state: SearchState, sign: String, into buffer: inout ScreenBuffer) {
    let rows = Layout.resultsHeight(state)
    let total = max(state.list.results.nbHits, state.list.results.rowCount)
    let column = Layout.resultsWidth(state) - 1
    guard rows > 0, total > rows, column > 0 else { return }
    let length = max(1, rows * rows / total)
    let start = min(rows - length, (rows - length) * state.list.scrollOffset / max(1, total - rows))
    let top = Layout.resultsTop(state)
    for row in start..<(start + length) { buffer.write(sign, column: column, row: top + row, style: [.dim]) }
  }

  /// `M/N`, then ` (K)` or ` (K/L)` when lines can be marked.
  static func counts(_ state: SearchState) -> String {
    // `--info-command`'s line in their place (its colours dropped: the line is dim).
    guard state.infoCommand == nil else { return SafeText.sanitized(state.infoText ?? "") }
    return state.fzfCounts
  }

  /// ` S` (a space and the spinner) while input is read, before a count on the right; nothing
  /// once it is all read.
  static func reading(_ state: SearchState) -> String {
    state.streamedRecords == nil ? "" : " " + spinner(state)
  }

  /// The spinner's frame while input is read, a blank once it is all read.
  static func spinner(_ state: SearchState) -> String {
    guard state.streamedRecords != nil else { return " " }
    return Renderer.spinner[state.spinnerFrame % Renderer.spinner.count]
  }

  /// The pointer on the current line (the gutter on the others), then the marker on a marked
  /// line (blank on the others): two columns, each as wide as its widest sign.
  /// An empty `--pointer` or `--marker` takes no column, as fzf's; a jump's label takes the
  /// pointer's place, and a column of its own when the pointer has none.
  static func columns(
    current: Bool, checked: Bool, jumpLabel: Character? = nil, mark sign: String? = nil, context: RenderContext
  ) -> String {
    let marker = sign ?? context.marker ?? ">"
    let pointerWidth = DisplayWidth.of(context.pointer)
    let pointer =
      if let jumpLabel {
        fitted(String(jumpLabel), pointerWidth)
      } else {
        current ? context.pointer : fitted(context.gutter, pointerWidth, cut: true)
      }
    let mark = checked ? marker : String(repeating: " ", count: DisplayWidth.of(marker))
    return pointer + mark
  }

  private static func fitted(_ text: String, _ width: Int, cut: Bool = false) -> String {
    let shown = DisplayWidth.of(text)
    if cut && width == 0 { return "" }
    if shown >= width { return text }
    return text + String(repeating: " ", count: width - shown)
  }

  private static func hasRule(_ state: SearchState) -> Bool { state.look == .fzf(separator: true) }

  /// `separator` repeated from `start` up to `end` (its last copy cut to fit).
  private static func fill(_ separator: String, from start: Int, to end: Int, row: Int, into buffer: inout ScreenBuffer)
  {
    guard start < end, DisplayWidth.of(separator) > 0 else { return }
    let copies = (end - start) / DisplayWidth.of(separator) + 1
    buffer.write(String(repeating: separator, count: copies), column: start, row: row, style: [.dim], limit: end)
  }
}
