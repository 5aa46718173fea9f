/// fzf's `--multi-line` (on by default when run as fzf): an item whose text holds line breaks
/// takes a row for each of its lines (`--read0` input, a shell history's multi-line commands).
///
/// The list is still scrolled and paged by items; what changes is how many fit in the pane and
/// where each is drawn. The rules are fzf 0.74's, which its users see:
/// - Items are stacked from the list's start (under the query in `reverse`, over it otherwise),
///   each taking its lines, then `--gap` rows.
/// - The selected item ends inside the pane: items before it leave the pane until it does. An
///   item taller than the pane is shown from its first line, and the rest is cut.
/// - An item cut at the pane's far end shows the lines nearest the list's start: its first ones
///   when the list reads down, its last ones when it grows up (`showsEndWhenCut`).
///
/// The shortcut: counting an item's lines reads its text (a byte scan, no allocation), and stops
/// past what the pane can show: an item of a million lines costs what one of a pane's does, but
/// for the one cut at the far end of a list growing up, whose last lines are shown. With
/// multi-line off every item is one row and none of this runs.
public struct ItemPlacement: Sendable, Equatable {
  /// The item's row in the results.
  public var index: Int
  /// Its first row in the pane, counted from the list's start.
  public var row: Int
  /// The rows shown, and the item's first line among them.
  public var rows: Int
  public var firstLine: Int
  /// The item's lines, counted as far as needed: one more than shown when it is cut (every one
  /// when its last lines are shown).
  public var lines: Int
}

extension ResultsListState {
  /// Rows the item at `index` takes: a row per line of its text with multi-line on, else one;
  /// counted up to `limit` (more are as many for a pane of fewer rows).
  public func lines(at index: Int, upTo limit: Int = .max) -> Int {
    guard multiLine, case .item(let hit)? = results.row(at: index) else { return 1 }
    var count = 1
    for byte in hit.title.utf8 where byte == 0x0A {
      count += 1
      if count >= limit { break }
    }
    return count
  }

  /// Where the items from the first on screen are drawn in a pane of `rows` rows, `gap` rows
  /// after each.
  public func placements(rows: Int, gap: Int, showsEndWhenCut: Bool) -> [ItemPlacement] {
    var out: [ItemPlacement] = []
    var row = 0
    var index = scrollOffset
    while row < rows && index < results.rowCount {
      var lines = lines(at: index, upTo: rows - row + 1)
      let shown = min(lines, rows - row)
      let cutAtFarEnd = shown < lines && index != scrollOffset
      if cutAtFarEnd && showsEndWhenCut { lines = self.lines(at: index) }  // its last lines are shown
      out.append(
        ItemPlacement(
          index: index, row: row, rows: shown, firstLine: cutAtFarEnd && showsEndWhenCut ? lines - shown : 0,
          lines: lines))
      row += shown + max(0, gap)
      index += 1
    }
    return out
  }
}

extension ResultsReducer {
  /// fzf's `toggle-multi-line`.
  static func toggleMultiLine(_ list: inout ResultsListState) {
    list.multiLine.toggle()
  }

  /// `clamp` for items of several rows, in a pane of `rows` rows with `gap` rows after each item:
  /// the scroll-off margin kept in rows on either side of the selected item as far as it still
  /// ends in the pane, and no blank rows at the end of a list read whole when earlier items
  /// could fill them.
  static func clampLines(_ list: inout ResultsListState, rows: Int, gap: Int) {
    let count = list.results.rowCount
    guard count > 0 else {
      (list.selection, list.scrollOffset) = (0, 0)
      return
    }
    list.selection = max(0, min(list.selection, count - 1))
    let height = max(1, rows)
    let margin = min(list.scrollOff, height / 2)
    func lines(_ index: Int) -> Int { list.lines(at: index, upTo: height + 1) }
    func taken(_ range: ClosedRange<Int>) -> Int { range.reduce(0) { $0 + lines($1) + gap } - gap }
    // Before the selection: the items holding `margin` rows stay on screen.
    var before = list.selection
    var rowsBefore = 0
    while before > 0 && rowsBefore < margin {
      before -= 1
      rowsBefore += lines(before) + gap
    }
    // Every item takes a row at least: one further than the pane's rows cannot be on screen with
    // the selection (and the loops below stay within a pane, whatever the jump).
    list.scrollOffset = max(min(list.scrollOffset, before), list.selection - height + 1)
    // After it: its gap, then `margin` rows of the items that follow, as many as there are.
    var rowsAfter = 0
    var after = list.selection + 1
    while after < count && rowsAfter < margin {
      rowsAfter += (after == list.selection + 1 ? 0 : gap) + lines(after)
      after += 1
    }
    let beyond = rowsAfter > 0 ? gap + min(margin, rowsAfter) : 0
    while list.scrollOffset < list.selection && taken(list.scrollOffset...list.selection) + beyond > height {
      list.scrollOffset += 1
    }
    guard !list.results.hasMorePages else { return }
    // Earlier items fill what the end leaves blank (bounded by the pane: each step adds a row).
    var used = 0
    var i = list.scrollOffset
    while i < count && used <= height {
      used += lines(i) + gap
      i += 1
    }
    used -= gap
    while list.scrollOffset > 0 && used + lines(list.scrollOffset - 1) + gap <= height {
      list.scrollOffset -= 1
      used += lines(list.scrollOffset) + gap
    }
  }
}
