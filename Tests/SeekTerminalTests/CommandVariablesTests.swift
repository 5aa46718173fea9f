import Testing

@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// fzf's `FZF_*` variables, as a command started now would read them.
@Suite struct CommandVariablesTests {
  func state(items: Int = 20) -> SearchState {
    var s = SearchState()
    s.viewport.screen = ScreenSize(columns: 80, rows: 24)
    s.look = .fzf(separator: true)
    s.marks.picking = Picking.defaults(lines: true)
    s.editor.text = "1"
    s.list.results.query = "1"
    s.list.results.hits = (1...items).map { ResultHit(objectID: "\($0)", title: "line \($0)") }
    s.list.results.nbHits = items
    s.list.results.recordCount = 100
    return s
  }

  func context(layout: ListLayout = .bottomUp) -> CommandVariables.Context {
    CommandVariables.Context(
      prompt: "> ", pointer: ">", ghost: "", layout: layout, borderLabel: "", screen: ScreenSize(columns: 80, rows: 24),
      lastKey: "tab", lastAction: "toggle-down", idleMilliseconds: 2_500)
  }

  @Test func theScreenAsACommandStartingNowSeesIt() {
    var s = state()
    s.focus = .results
    s.list.selection = 2
    s.marks.checked = ["1", "3"]
    let variables = CommandVariables.of(s, context())
    let expected = [
      "FZF_QUERY": "1", "FZF_ACTION": "toggle-down", "FZF_KEY": "tab", "FZF_PROMPT": "> ", "FZF_POINTER": ">",
      "FZF_DIRECTION": "up", "FZF_INPUT_STATE": "enabled", "FZF_TOTAL_COUNT": "100", "FZF_MATCH_COUNT": "20",
      "FZF_SELECT_COUNT": "2", "FZF_POS": "3", "FZF_CURRENT_ITEM": "line 3", "FZF_LINES": "24", "FZF_COLUMNS": "80",
      "FZF_IDLE_TIME": "2", "FZF_IDLE_TIME_MS": "2500",
    ]
    for (name, value) in expected { #expect(variables[name] == value, "\(name)") }
    #expect(variables["FZF_PREVIEW_LINES"] == nil)  // no preview on screen
    #expect(CommandVariables.of(s, context(layout: .reverse))["FZF_DIRECTION"] == "down")
    #expect(CommandVariables.of(s, context(layout: .reverseList))["FZF_DIRECTION"] == "down")
  }

  @Test func theTopLineIsTheCurrentOneUntilAMoveAndNoneWithNoLines() {
    var s = state()
    #expect(CommandVariables.of(s, context())["FZF_POS"] == "1")
    #expect(CommandVariables.of(s, context())["FZF_CURRENT_ITEM"] == "line 1")
    s.list.results.hits = []
    s.list.results.nbHits = 0
    #expect(CommandVariables.of(s, context())["FZF_POS"] == "0")
    #expect(CommandVariables.of(s, context())["FZF_CURRENT_ITEM"] == nil)
  }

  @Test func theInputsStateAndTheHugeItemLeftOut() {
    var s = state(items: 1)
    s.list.results.hits[0].title = String(repeating: "x", count: CommandVariables.currentItemLimit + 1)
    s.editor.inputShown = false
    var variables = CommandVariables.of(s, context())
    #expect(variables["FZF_CURRENT_ITEM"] == nil && variables["FZF_INPUT_STATE"] == "hidden")
    s.editor.inputShown = true
    s.refining.refine.searchDisabled = true
    variables = CommandVariables.of(s, context())
    #expect(variables["FZF_INPUT_STATE"] == "disabled")
  }

  /// The preview's text area, beside the finder or in fzf's band (`down:1`: one line, the whole
  /// width less the border: fzf's test_preview_hidden).
  @Test func thePreviewsSizeWhenItIsOpen() throws {
    var s = state()
    s.details.open = true
    var beside = context()
    beside.preview = Layout.detailsFrame(s)
    let variables = CommandVariables.of(s, beside)
    let frame = try #require(Layout.detailsFrame(s))
    #expect(variables["FZF_PREVIEW_LINES"] == String(frame.height))
    #expect(variables["FZF_PREVIEW_COLUMNS"] == String(frame.width))
    s.details.placement = try #require(DetailsPlacement.parse("down:1"))
    let band = try #require(PreviewBand.frame(s, screen: ScreenSize(columns: 80, rows: 24)))
    #expect(Layout.detailsFrame(s) == nil && band.height == 1 && band.width == 76 && band.boxRow == 21)
    #expect(PreviewBand.finder(s, screen: ScreenSize(columns: 80, rows: 24)) == (ScreenSize(columns: 80, rows: 21), 0))
  }

  /// `FZF_ACTION`: a bound key's last action (not `refresh-preview`, as fzf's test_env_vars
  /// says), `char` for a character typed, a key of Seek's own by the action that is its event.
  @Test func theActionAKeyDidIsNamedAsFzfNamesIt() {
    #expect(TerminalApp.actionName(of: .app(.actionsTriggered([.showInput, .refreshPreview]))) == "show-input")
    #expect(TerminalApp.actionName(of: .app(.actionsTriggered([.refreshPreview]))) == "refresh-preview")
    #expect(TerminalApp.actionName(of: .query(.inserted("9"))) == "char")
    #expect(TerminalApp.actionName(of: .move(.movedUp)) == "up")
    #expect(TerminalApp.actionName(of: .query(.deletedBackward)) == "backward-delete-char")
    #expect(TerminalApp.actionName(of: .app(.tick(milliseconds: 1))) == nil)
  }
}
