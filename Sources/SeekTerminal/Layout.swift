import SeekApp
import SeekCore

/// Where the panes go on the screen: the renderer draws by it, clicks are hit-tested by it, and
/// the state machine is told what it needs of it (`Viewport`: page sizes, scrolling), so all
/// three agree. Top to bottom: the query line, the refinement chips (when there are
/// refinements), the header (`--header`), the suggestions pane (when shown), the results pane,
/// the status line (or, with `statusFollowsQuery`, the status line second). The refinement pane
/// sits right of the results on wide screens, and in their place on narrow ones when opened.
/// These are logical rows, counted from the query: the terminal turns them upside down for
/// fzf's default layout (the prompt at the bottom).
public enum Layout {
  public static let maxSuggestionLines = 8
  /// Screens at least this wide show the refinement pane beside the results, this wide.
  public static let widePaneColumns = 120
  public static let paneColumns = 34

  /// The chips line: shown when something refines or sorts the results, room permitting.
  public static func chipLines(_ state: SearchState) -> Int {
    state.refining.refine.refinements.isEmpty && state.refining.refine.sort == nil || state.screen.rows < 6 ? 0 : 1
  }

  /// The query line: one row, none while fzf's `--no-input` (`hide-input`) hides it.
  public static func queryLines(_ state: SearchState) -> Int {
    state.editor.inputShown ? 1 : 0
  }

  /// The status line's row.
  public static func statusRow(_ state: SearchState) -> Int {
    state.statusFollowsQuery ? queryLines(state) : state.screen.rows - 1
  }

  /// The chips line's row: under the query, and under the status line when it follows the query.
  public static func chipsRow(_ state: SearchState) -> Int {
    queryLines(state) + (state.statusFollowsQuery ? statusLines(state) : 0)
  }

  /// The header's first row.
  public static func headerTop(_ state: SearchState) -> Int {
    chipsRow(state) + chipLines(state)
  }

  /// The header's lines: all of them while the results keep at least as many lines, room
  /// permitting.
  public static func headerLines(_ state: SearchState) -> Int {
    guard !state.header.isEmpty, !state.headerHidden else { return 0 }
    let room = max(0, state.screen.rows - 2 - chipLines(state))
    // fzf's look shows the whole header while a row of the list is left.
    return min(state.header.count, state.look.isFzf ? max(0, room - 1) : room / 2)
  }

  /// The header's lines from `--header` (shown before those from the input): kept upright when
  /// the frame is turned over, where the input's follow the list.
  public static func fixedHeaderLines(_ state: SearchState) -> Int {
    min(headerLines(state), max(0, state.header.count - state.inputHeaderLines))
  }

  /// First line of the suggestions pane (below the query, the chips and the header).
  public static func suggestionsTop(_ state: SearchState) -> Int {
    headerTop(state) + headerLines(state)
  }

  /// Lines given to the suggestions pane: at most 8, and never more than the results get (on a
  /// 30×8 screen, 2 and 3). On the empty query they give way once the user scrolls the results.
  public static func suggestionLines(_ state: SearchState) -> Int {
    if state.focus == .results && state.list.scrollOffset > 0 && state.editor.text.isEmpty { return 0 }
    let room = max(0, state.screen.rows - suggestionsTop(state) - (state.statusFollowsQuery ? 0 : 1))
    return min(state.shownSuggestions.count, maxSuggestionLines, room / 2)
  }

  /// First line of the area the results share with a details pane above or below them.
  public static func resultsAreaTop(_ state: SearchState) -> Int {
    min(state.screen.rows, suggestionsTop(state) + suggestionLines(state))
  }

  /// First line of the results pane (under the details pane when it is placed on top).
  public static func resultsTop(_ state: SearchState) -> Int {
    let top = resultsAreaTop(state)
    if let frame = detailsFrame(state), frame.placedAbove { return min(state.screen.rows, top + frame.height + 1) }
    return top
  }

  /// Lines of the results pane (the status line takes the last line when there is room for it),
  /// less the details pane when it sits above or below them.
  public static func resultsHeight(_ state: SearchState) -> Int {
    let area = resultsAreaHeight(state)
    if let frame = detailsFrame(state), frame.placedBelow || frame.placedAbove {
      return max(0, area - frame.height - 1)
    }
    return area
  }

  /// The status line: when there is room for it, and unless `--info=hidden` or `inline` leaves
  /// it to messages.
  public static func statusLines(_ state: SearchState) -> Int {
    guard state.screen.rows >= 3 else { return 0 }
    if state.message != nil { return 1 }
    // A hidden query line takes the counts with it (fzf's input section is both).
    guard state.editor.inputShown else { return 0 }
    if state.info == .line || state.info == .lineRight { return 1 }
    // fzf's rule keeps the info line's row when the count is elsewhere or hidden.
    guard case .fzf(let separator) = state.look, separator else { return 0 }
    return state.info == .inline(right: false) ? 0 : 1
  }

  /// Lines between the suggestions and the footer, the status line or the screen's end.
  public static func resultsAreaHeight(_ state: SearchState) -> Int {
    max(0, listEnd(state) - resultsAreaTop(state) - footerLines(state))
  }

  /// Where the list's area ends: at the status line, or at the screen's end when the status line
  /// follows the query.
  static func listEnd(_ state: SearchState) -> Int {
    state.screen.rows - (state.statusFollowsQuery ? 0 : statusLines(state))
  }

  /// `--footer`: its lines and the rule above them, at the list's far end, while the list keeps
  /// a row (fzf shows the whole footer while a row of the list is left).
  public static func footerLines(_ state: SearchState) -> Int {
    guard !state.footer.isEmpty else { return 0 }
    let room = max(0, listEnd(state) - resultsAreaTop(state) - 1)
    return room >= 2 ? min(state.footer.count + 1, room) : 0
  }

  /// The footer's rule's row (its lines follow it).
  public static func footerTop(_ state: SearchState) -> Int {
    listEnd(state) - footerLines(state)
  }

  /// Screens at least this wide show the details pane beside the results (unless placed below).
  public static let wideDetailsColumns = 100

  /// Where the details pane is drawn (its text, without the border line), when open.
  public struct Frame: Equatable {
    public var column: Int
    public var row: Int
    public var width: Int
    public var height: Int
    /// Below the results (a border line above it) rather than beside them (a border left of it).
    public var placedBelow: Bool
    /// Above the results (`--preview-window up`; a border line under it).
    public var placedAbove = false
    /// Beside the results, on their right.
    public var isBeside: Bool { !placedBelow && !placedAbove }
    /// fzf's look (and `left` in any look): a box of the screen's whole height around the
    /// text, `boxWidth` columns from `boxColumn`, with `border`'s lines (none for `noborder`);
    /// the finder is drawn in the columns beside it.
    public var boxed = false
    public var boxColumn = 0
    public var boxWidth = 0
    /// The box's rows: from `boxRow`, `boxHeight` of them (nil: the screen's whole height).
    public var boxRow = 0
    public var boxHeight: Int? = nil
    public var border = Border.rounded

    /// The columns the finder is drawn in beside a box: right of it, a column apart, when it is
    /// on the left (fzf's `left`).
    public func finderColumns(screenColumns: Int) -> Range<Int> {
      boxColumn == 0 ? min(screenColumns, boxWidth + 1)..<screenColumns : 0..<boxColumn
    }
  }

  /// The details pane: beside the results on a wide screen (or when asked), below them otherwise;
  /// nil when closed or when the screen has no room for it.
  public static func detailsFrame(_ state: SearchState) -> Frame? {
    let details = state.details
    // fzf's `up` and `down` are a band across the screen, outside the finder (`PreviewBand`).
    // `--preview-window 0`: open (its command runs for each line), drawn nowhere.
    guard details.open, !details.placement.zeroSize, !PreviewBand.applies(state), !nextToInput(state) else {
      return nil
    }
    let columns = state.screen.columns
    let top = resultsAreaTop(state)
    let area = resultsAreaHeight(state)
    let placement = details.placement
    // fzf's default preview sits on the right at any width.
    let wide = columns >= wideDetailsColumns || state.look.isFzf
    let onLeft = placement.position == .left
    // fzf's box stands beside the finder at any width (Seek's own look wants 40 columns).
    let beside =
      (columns >= 40 || state.look.isFzf)
      && (placement.position == .right || onLeft || (placement.position == .auto && wide))
    if beside && (state.look.isFzf || onLeft) {
      // fzf's box: half the screen (or the size asked), the whole height, the text inside.
      let border = Border.preview(placement)
      let s = border.sides
      let asked = placement.cells.map { $0 + s.left + s.right } ?? columns * (placement.percent ?? 50) / 100
      // fzf's least box: a column of text inside the border.
      let box = min(columns - 10, max(1 + s.left + s.right, asked))
      // fzf's least box: a row of text (Seek's own look wants two).
      guard state.screen.rows >= (state.look.isFzf ? 1 : 2) + s.top + s.bottom else { return nil }
      let boxColumn = onLeft ? 0 : columns - box
      return Frame(
        column: boxColumn + s.left, row: s.top, width: box - s.left - s.right,
        height: state.screen.rows - s.top - s.bottom, placedBelow: false, boxed: true, boxColumn: boxColumn,
        boxWidth: box, border: border)
    }
    if beside {
      let width = min(
        columns - 10, max(10, placement.cells.map { $0 + 2 } ?? columns * (placement.percent ?? 50) / 100))
      guard area >= 1 else { return nil }
      return Frame(column: columns - width + 2, row: top, width: width - 2, height: area, placedBelow: false)
    }
    guard area >= 6 else { return nil }
    let height = min(area - 2, max(2, placement.cells ?? area * (placement.percent ?? 40) / 100))
    if placement.position == .top {
      return Frame(column: 0, row: top, width: columns, height: height, placedBelow: false, placedAbove: true)
    }
    return Frame(column: 0, row: top + area - height, width: columns, height: height, placedBelow: true)
  }

  /// fzf's `--preview-window next`, shown or not, with a previewer (`--preview`, or a bound
  /// `preview(…)`): the input has a section of its own.
  public static func previewGoesNext(_ state: SearchState) -> Bool {
    state.look.isFzf && state.details.placement.position == .next && hasPreviewer(state)
  }

  /// Whether a preview may be shown: a command, a one-off's output, or a bound `preview(…)`.
  static func hasPreviewer(_ state: SearchState) -> Bool {
    if state.details.command != nil || state.details.showsOneOff { return true }
    func previews(_ actions: [BindAction]) -> Bool {
      actions.contains { if case .preview = $0 { true } else { false } }
    }
    return state.keyActions.values.contains(where: previews) || state.eventBindings.values.contains(where: previews)
  }

  /// fzf's `--preview-window next`: the preview is a section beside the input (`SectionFrame`).
  public static func nextToInput(_ state: SearchState) -> Bool {
    state.look.isFzf && state.details.open && !state.details.placement.zeroSize
      && state.details.placement.position == .next
  }

  /// Columns of the refinement pane: beside the results on a wide screen with facets to show (not
  /// while the details pane is there), the whole width on a narrow one when opened, otherwise none.
  public static func paneWidth(_ state: SearchState) -> Int {
    let wide = state.screen.columns >= widePaneColumns
    if wide {
      if let frame = detailsFrame(state), frame.isBeside { return 0 }
      return state.refining.facetAttributes.isEmpty && state.refining.numericFacets.isEmpty ? 0 : paneColumns
    }
    return state.refining.paneOpen ? state.screen.columns : 0
  }

  /// Columns left for the results.
  public static func resultsWidth(_ state: SearchState) -> Int {
    var width = state.screen.columns - paneWidth(state)
    if let frame = detailsFrame(state), frame.isBeside {
      width = frame.boxed ? frame.finderColumns(screenColumns: state.screen.columns).count : frame.column - 2
    }
    return max(0, width)
  }

  /// What the state machine is told of the layout of `state` on a screen of `screen` (the
  /// terminal's size less any border): the results pane's rows are items, `gap` rows after each
  /// (fzf's `--gap`).
  public static func viewport(for state: SearchState, screen: ScreenSize, gap: Int = 0) -> Viewport {
    var laidOut = state
    laidOut.viewport.screen = screen
    let rows = resultsHeight(laidOut)
    var viewport = Viewport(
      screen: screen, resultsRows: itemSlots(rows, gap: gap),
      detailsRows: detailsFrame(laidOut)?.height ?? 0, refinementsBeside: screen.columns >= widePaneColumns)
    (viewport.listRows, viewport.itemGap) = (rows, max(0, gap))
    return viewport
  }

  /// The items `rows` rows show with `gap` rows after each: the last one's gap may be cut.
  public static func itemSlots(_ rows: Int, gap: Int) -> Int {
    gap <= 0 ? rows : (rows + gap) / (1 + gap)
  }

  /// Where each chip is drawn on the chips line, in `Refinements.chips`' order (as many as fit).
  public static func chipSpans(_ state: SearchState) -> [Range<Int>] {
    let width = state.screen.columns
    var spans: [Range<Int>] = []
    var x = 0
    for chip in state.refining.refine.refinements.chips {
      guard x + 4 < width else { break }
      let end = min(width, x + DisplayWidth.of(chip + " ×"))
      spans.append(x..<end)
      x = end + 2
    }
    return spans
  }

  /// The first of `rows` the refinement pane shows: the selected row kept in view while the pane
  /// has the focus (past the last value, the rows after it too: the numeric facets' ranges).
  public static func paneFirstRow(_ state: SearchState, _ rows: [PaneRow]) -> Int {
    guard state.focus == .refinements else { return 0 }
    let height = resultsHeight(state)
    let lastSelectable = rows.lastIndex(where: \.isSelectable) ?? 0
    let shownTo = state.refining.paneSelection >= lastSelectable ? rows.count - 1 : state.refining.paneSelection
    return max(0, min(shownTo - height + 1, rows.count - height))
  }

  /// Where a numeric facet's histogram is drawn in the refinement pane: its first bar's column
  /// and each bar's width (one column beside the results; wider when the pane has the screen).
  public static func histogramBars(_ state: SearchState, buckets: Int) -> (column: Int, width: Int) {
    let left = state.screen.columns - paneWidth(state)
    let column = (left == 0 ? 0 : left + 2) + 2
    return (column, max(1, (state.screen.columns - column - 1) / max(1, buckets)))
  }

  /// The event of a click on a logical cell: the query line, a chip, a suggestion, a value of the
  /// refinement pane, a results row; nil for the rest (the status line, the details, a border).
  public static func click(column: Int, row: Int, double: Bool, in state: SearchState, gap: Int = 0) -> SearchEvent? {
    // Beside a box (fzf's preview), the finder's columns start where it is drawn.
    var column = column
    if let frame = detailsFrame(state), frame.boxed {
      let finder = frame.finderColumns(screenColumns: state.screen.columns)
      guard finder.contains(column) else { return nil }
      column -= finder.lowerBound
    }
    if row < queryLines(state) { return .click(.queryClicked) }
    if chipLines(state) > 0 && row == chipsRow(state) {
      return chipSpans(state).firstIndex { $0.contains(column) }.map { .refinements(.chipRemoved($0)) }
    }
    let suggestion = row - suggestionsTop(state)
    if suggestion >= 0 && suggestion < suggestionLines(state) {
      return .click(.suggestionClicked(suggestion, double: double))
    }
    let top = resultsTop(state)
    guard row >= top, row < top + resultsHeight(state) else { return nil }
    if paneWidth(state) > 0 && column >= state.screen.columns - paneWidth(state) {
      let rows = state.paneRows
      let index = paneFirstRow(state, rows) + row - top
      guard index < rows.count else { return nil }
      if case .histogram(_, let histogram, _, _) = rows[index] {
        let bars = histogramBars(state, buckets: histogram.bucketCount)
        let bucket = column >= bars.column ? (column - bars.column) / bars.width : -1
        return bucket < histogram.bucketCount && bucket >= 0
          ? .refinements(.paneHistogramClicked(row: index, bucket: bucket)) : nil
      }
      return rows[index].isSelectable ? .refinements(.paneValueClicked(index)) : nil
    }
    guard column < resultsWidth(state) else { return nil }
    // Any row of an item is the item's (`--multi-line`); a gap's rows (`--gap`) belong to none.
    let placed = state.list.placements(rows: resultsHeight(state), gap: max(0, gap), showsEndWhenCut: false)
    return placed.first { ($0.row..<($0.row + $0.rows)).contains(row - top) }.map {
      .click(.resultClicked($0.index, double: double))
    }
  }
}
