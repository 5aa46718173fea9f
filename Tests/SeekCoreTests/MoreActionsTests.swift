import SeekApp
import Testing

/// fzf 0.74's actions beyond the first vocabulary: pages and half pages as fzf moves them, the
/// view moved under the cursor (`offset-*`), the header hidden, the preview scrolled to its ends,
/// `close`, `print(…)`, and the looks a binding changes (ghost, border label, bell, redraw).
@Suite struct MoreActionsTests {
  /// A plain list of `count` lines run as fzf, the view `rows` high.
  func fzfList(_ count: Int, rows: Int) -> SearchState {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.look = .fzf(separator: true)
    _ = SearchReducer.reduce(&state, .app(.started(Viewport(resultsRows: rows))))
    let ids = (1...count).map(String.init)
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ids, hitsPerPage: 100))))
    return state
  }

  func act(_ state: inout SearchState, _ actions: BindAction...) -> [SearchEffect] {
    SearchReducer.reduce(&state, .app(.actionsTriggered(actions)))
  }

  @Test func theNewNamesRead() throws {
    let names = [
      "best", "down-match", "up-match", "down-selected", "up-selected", "clear-multi", "half-page-up",
      "half-page-down", "offset-up", "offset-down", "offset-middle", "close", "bell", "clear-screen", "show-header",
      "hide-header", "toggle-header", "preview-top", "preview-bottom", "preview-page-up", "preview-page-down",
      "preview-half-page-up", "preview-half-page-down",
    ]
    for name in names { #expect(BindAction.named(name, argument: nil) != nil, "\(name)") }
    #expect(
      try BindSpec.parse("a:print(hi {})+change-preview(cat {})").first?.actions == [
        .print("hi {}"), .changePreview("cat {}"),
      ])
    #expect(
      BindAction.named("transform-ghost", argument: "echo") == .transformInto(action: "change-ghost", command: "echo"))
    #expect(BindAction.named("best", argument: nil)?.name == "first")
    #expect(BindAction.clearSelection.name == "clear-multi")
  }

  /// fzf's page moves the cursor a page less a line (the top line starts there), half a page
  /// by half; from the top line, as fzf's pointer is on it while typing.
  @Test func pagesAndHalfPagesMoveAsFzfsDo() {
    var state = fzfList(100, rows: 5)
    _ = act(&state, .pageDown)
    #expect(state.list.selection == 4)
    _ = act(&state, .halfPageDown)
    #expect(state.list.selection == 6)
    _ = act(&state, .halfPageUp, .halfPageUp)
    #expect(state.list.selection == 2)
  }

  /// Vim's Ctrl-E and Ctrl-Y: the view moves a line, the cursor stays on its line while it is in
  /// view, and is pushed along at the view's edge; `offset-middle` puts it in the middle.
  @Test func offsetsMoveTheViewUnderTheCursor() {
    var state = fzfList(100, rows: 5)
    _ = act(&state, .down, .down)
    _ = act(&state, .offsetDown)
    #expect(state.list.scrollOffset == 1 && state.list.selection == 2)
    _ = act(&state, .offsetDown, .offsetDown)
    #expect(state.list.scrollOffset == 3 && state.list.selection == 3)
    _ = act(&state, .offsetUp)
    #expect(state.list.scrollOffset == 2 && state.list.selection == 3)
    _ = act(&state, .pageDown, .pageDown, .offsetMiddle)
    #expect(state.list.selection == 11 && state.list.scrollOffset == 9)
  }

  /// An excluded line is unmarked (fzf's test_exclude: the count of marks goes down).
  @Test func anExcludedLineIsUnmarked() {
    var state = fzfList(5, rows: 5)
    state.marks.picking.marks = true
    _ = act(&state, .toggle, .down, .toggle)
    #expect(state.marks.checked == ["1", "2"])
    #expect(act(&state, .exclude).contains(.setChecked(objectID: "2", title: "2", checked: false)))
    #expect(state.marks.checked == ["1"] && state.marks.checkedThisRun == ["1"])
    _ = act(&state, .excludeMulti)
    #expect(state.marks.checked.isEmpty && state.list.excluded == ["1", "2"])
  }

  /// fzf's `exclude` lasts as long as the list: a reload's list shows every line it has.
  @Test func aReloadEndsTheExclusions() {
    var state = fzfList(5, rows: 5)
    _ = act(&state, .exclude)
    #expect(state.list.excluded == ["1"] && state.list.results.hits.count == 4)
    _ = act(&state, .reload("seq 5"))
    #expect(state.list.excluded.isEmpty)
  }

  /// `accept-or-print-query` with marks and no match accepts the marks (fzf's); with neither, the
  /// query is printed.
  @Test func acceptOrPrintQueryTakesTheMarks() {
    var state = fzfList(5, rows: 5)
    state.marks.picking.marks = true
    _ = act(&state, .toggle)
    _ = SearchReducer.reduce(&state, .query(.inserted("9")))
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("9", 0, []))))
    #expect(act(&state, .acceptOrPrintQuery) == [.flushWrites])
    var bare = fzfList(5, rows: 5)
    _ = SearchReducer.reduce(&bare, .query(.inserted("9")))
    _ = SearchReducer.reduce(&bare, .answer(.resultsArrived(revision: bare.list.revision, page("9", 0, []))))
    #expect(act(&bare, .acceptOrPrintQuery) == [.printQuery("9")])
  }

  /// `execute(echo /{}/)` on no match does not run (fzf's test_execute); the actions after it
  /// do; a command naming the query, the marks or no line runs.
  @Test func aCommandNamingTheCurrentLineWaitsForOne() {
    var state = fzfList(3, rows: 5)
    _ = SearchReducer.reduce(&state, .query(.inserted("9")))
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("9", 0, []))))
    #expect(act(&state, .execute("echo /{}/"), .changeHeader("alt-a")) == [])
    #expect(state.header == ["alt-a"] && state.marks.pendingCommand == nil)
    #expect(act(&state, .execute("echo {q}")) == [.flushWrites])
    #expect(CommandTemplate("echo {+} {n}").needsCurrentLine() && !CommandTemplate("echo {+1}").needsCurrentLine())
    #expect(!CommandTemplate("date").needsCurrentLine() && CommandTemplate("cat {1}").needsCurrentLine())
    // A record's `{attribute}` needs one; as fzf, a name in braces is text (test_wait_action_bg_transform_join).
    #expect(CommandTemplate("echo change-header{hello}").needsCurrentLine())
    #expect(!CommandTemplate("echo change-header{hello}").needsCurrentLine(attributes: false))
  }

  /// `--no-input`: `change-query` is ignored until `show-input` (fzf's
  /// test_no_input_change_query); `search(…)` still searches.
  @Test func aHiddenQueryLineIsClosedToChangeQuery() {
    var state = fzfList(5, rows: 5)
    _ = SearchReducer.reduce(&state, .query(.queryLineShown(false)))
    _ = act(&state, .changeQuery("555"), .put("x"), .clearQuery)
    #expect(state.editor.text.isEmpty)
    #expect(!act(&state, .search("9")).isEmpty)
    _ = act(&state, .showInput, .changeQuery("555"), .hideInput)
    #expect(state.editor.text == "555")
  }

  @Test func headerHidesAndShows() {
    var state = fzfList(3, rows: 5)
    _ = act(&state, .toggleHeader)
    #expect(state.headerHidden)
    _ = act(&state, .toggleHeader, .hideHeader)
    #expect(state.headerHidden)
    _ = act(&state, .showHeader)
    #expect(!state.headerHidden)
  }

  /// `close`: the preview closes when open; with none open, fzf leaves as abort does.
  @Test func closeClosesThePreviewThenAborts() {
    var state = fzfList(3, rows: 5)
    state.details.command = "echo {}"
    state.details.open = true
    #expect(!act(&state, .close).contains(.quit(status: 130)))
    #expect(!state.details.open)
    #expect(act(&state, .close) == [.quit(status: 130)])
  }

  @Test func thePreviewScrollsToItsEndsAndByPages() {
    var state = fzfList(3, rows: 5)
    state.details.command = "seq 100"
    state.details.open = true
    _ = SearchReducer.reduce(&state, .app(.viewportChanged(Viewport(resultsRows: 5, detailsRows: 10))))
    // The current line's preview has come (the pane asked for it above).
    state.details.preview = PreviewOutput(lines: Array(repeating: [], count: 100), exitStatus: 0)
    _ = act(&state, .previewBottom)
    #expect(state.details.scroll == 90)
    _ = act(&state, .previewTop, .previewPageDown, .previewHalfPageDown)
    #expect(state.details.scroll == 15)
    _ = act(&state, .previewHalfPageUp)
    #expect(state.details.scroll == 10)
  }

  /// `change-preview`: the command replaced, the pane left as it was; an empty one closes it.
  /// `--preview-window 0`: nothing shown, but the command runs for each line (fzf's
  /// test_env_vars writes its variables from such a preview).
  @Test func aPreviewOfSizeZeroStillRuns() {
    var state = fzfList(3, rows: 5)
    state.details.command = "env > file"
    state.details.placement = DetailsPlacement.parse("0")!
    state.details.open = true
    #expect(state.details.placement.zeroSize && !state.details.placement.hidden)
    let effects = SearchReducer.reduce(&state, .move(.movedDown))
    #expect(effects.contains { if case .runPreview = $0 { true } else { false } })
    // Toggled off, it runs nothing; on again, it runs (fzf's test_preview_size_0).
    _ = SearchReducer.reduce(&state, .details(.detailsToggled))
    #expect(
      !SearchReducer.reduce(&state, .move(.movedDown)).contains { if case .runPreview = $0 { true } else { false } })
    #expect(
      SearchReducer.reduce(&state, .details(.detailsToggled)).contains {
        if case .runPreview = $0 { true } else { false }
      })
    // `0,hidden` (fzf's test_preview_size_0_hidden): hidden runs nothing until shown.
    #expect(DetailsPlacement.parse("0,hidden")!.hidden && DetailsPlacement.parse("hidden,0")!.hidden)
  }

  @Test func changePreviewReplacesTheCommand() {
    var state = fzfList(3, rows: 5)
    // A first command opens the preview, as fzf 0.74.5's does (test_reload_and_change_preview_…).
    _ = act(&state, .changePreview("cat {}"))
    #expect(state.details.command == "cat {}" && state.details.open)
    _ = act(&state, .changePreview(""))
    #expect(state.details.command == nil && !state.details.open)
  }

  /// `print(…)` keeps its lines for the accept; the looks change; bell and clear-screen are
  /// the terminal's to do.
  @Test func printLooksBellAndRedraw() {
    var state = fzfList(3, rows: 5)
    _ = act(&state, .print("one"), .print("two {}"))
    #expect(state.printQueue == ["one", "two {}"])
    _ = act(&state, .changeGhost("type here"), .changeBorderLabel(" list "))
    #expect(state.ghost == "type here" && state.borderLabel == " list ")
    #expect(act(&state, .bell) == [.ringBell])
    #expect(act(&state, .clearScreen) == [.redrawScreen])
  }
}
