/// The screen as the terminal has laid it out, told to the state machine, which never lays out
/// anything itself: the rows it pages, scrolls and labels by, and whether the refinement pane
/// sits beside the results (its counts are then always needed). The terminal (`Layout`, in
/// SeekTerminal) sends a new one with `viewportChanged` whenever a change of state or of the
/// screen changes it.
public struct Viewport: Sendable, Equatable {
  /// The terminal's size, less any border: what the renderer draws on.
  public var screen: ScreenSize
  /// Lines of the results pane: a page for Page Up and Down, what scrolling keeps in view, what
  /// the first page must fill.
  public var resultsRows: Int
  /// The results pane's rows, and the rows after each item (`--gap`): what items of several
  /// rows are placed in (`--multi-line`).
  public var listRows: Int
  public var itemGap = 0
  /// Lines of the details pane's text, when open (`--preview-window +N` centres on them).
  public var detailsRows: Int
  /// The screen is wide enough for the refinement pane beside the results.
  public var refinementsBeside: Bool
  /// A wrapped preview's line at the top of its pane when its end is shown (`follow`): where a
  /// scroll up from the end starts (nil: each line a row).
  public var detailsEndLine: Int? = nil

  /// An 80×24 screen with a query line and a status line.
  public init(
    screen: ScreenSize = ScreenSize(columns: 80, rows: 24), resultsRows: Int = 22, detailsRows: Int = 0,
    refinementsBeside: Bool = false
  ) {
    self.screen = screen
    self.resultsRows = max(0, resultsRows)
    self.listRows = max(0, resultsRows)
    self.detailsRows = max(0, detailsRows)
    self.refinementsBeside = refinementsBeside
  }
}
