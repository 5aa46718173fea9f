import SeekApp

/// fzf's `--preview-window up` and `down`, run as fzf: a box across the whole screen above or
/// below the finder (below the prompt in fzf's default layout), whatever the layout. It stands
/// outside the finder's own layout, as `Surround` does: the state machine is given the screen
/// less the band (and the band's rows as the details pane's), the finder is drawn and arranged
/// in that screen, and the band is drawn beside it. Seek's own look keeps its details pane in the
/// layout, above or below the results.
public enum PreviewBand {
  /// Rows the finder keeps at least: a band that would leave fewer is not drawn.
  static let finderRows = 3

  /// Whether the state's preview is a band (fzf's look, the pane open, up or down).
  static func applies(_ state: SearchState) -> Bool {
    state.look.isFzf && state.details.open && !state.details.placement.zeroSize
      && (state.details.placement.position == .top || state.details.placement.position == .bottom)
  }

  /// The band's box on a finder's screen of `screen` (its text inside the border), in that
  /// screen's cells; nil when there is none or no room for it.
  public static func frame(_ state: SearchState, screen: ScreenSize) -> Layout.Frame? {
    guard applies(state) else { return nil }
    let placement = state.details.placement
    let border = Border.preview(placement)
    let s = border.sides
    // fzf's sizes: N rows of text, or N% of the screen for the whole box.
    let asked = placement.cells.map { $0 + s.top + s.bottom } ?? screen.rows * (placement.percent ?? 50) / 100
    let height = min(asked, screen.rows - finderRows)
    guard height > s.top + s.bottom, screen.columns > s.left + s.right else { return nil }
    let row = placement.position == .top ? 0 : screen.rows - height
    return Layout.Frame(
      column: s.left, row: row + s.top, width: screen.columns - s.left - s.right, height: height - s.top - s.bottom,
      placedBelow: false, boxed: true, boxColumn: 0, boxWidth: screen.columns, boxRow: row, boxHeight: height,
      border: border)
  }

  /// The screen the finder has beside the band (all of it without one), and its first row.
  public static func finder(_ state: SearchState, screen: ScreenSize) -> (screen: ScreenSize, row: Int) {
    finder(beside: frame(state, screen: screen), screen: screen)
  }

  static func finder(beside band: Layout.Frame?, screen: ScreenSize) -> (screen: ScreenSize, row: Int) {
    guard let band, let height = band.boxHeight else { return (screen, 0) }
    return (ScreenSize(columns: screen.columns, rows: screen.rows - height), band.boxRow == 0 ? height : 0)
  }

  /// `finder` (the finder drawn and arranged on its screen) with the band on a screen of `screen`.
  public static func compose(
    _ finder: ScreenBuffer, _ state: SearchState, screen: ScreenSize, labelPosition: LabelPosition,
    scrollbar: String? = nil
  ) -> ScreenBuffer {
    guard let band = frame(state, screen: screen) else { return finder }
    var out = ScreenBuffer(columns: screen.columns, rows: screen.rows)
    let top = Self.finder(beside: band, screen: screen).row
    out.place(finder, column: 0, row: top)
    if let cursor = finder.cursor { out.cursor = (cursor.column, cursor.row + top) }
    Renderer.drawDetails(state, in: band, labelPosition: labelPosition, scrollbar: scrollbar, into: &out)
    return out
  }
}
