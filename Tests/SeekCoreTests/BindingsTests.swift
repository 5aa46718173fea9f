import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

/// fzf's `--bind`: the spec as fzf writes it, and actions and events reduced by the state machine.
@Suite struct BindingsTests {
  @Test func specsParseAsFzfWritesThem() throws {
    let bindings = try BindSpec.parse("ctrl-a:select-all+accept,ctrl-o:execute(vim {} +{2}),alt-x:execute-silent[a,b]")
    #expect(bindings.map(\.trigger) == ["ctrl-a", "ctrl-o", "alt-x"])
    #expect(bindings[0].actions == [.selectAll, .accept])
    #expect(bindings[1].actions == [.execute("vim {} +{2}")])
    #expect(bindings[2].actions == [.executeSilent("a,b")])
    // `name:` takes the rest, commas and all.
    #expect(try BindSpec.parse("enter:become:vim {+}, x").first?.actions == [.become("vim {+}, x")])
    #expect(try BindSpec.parse("start:change-prompt~> ~").first?.actions == [.changePrompt("> ")])
    #expect(try BindSpec.parse("change:first").first?.trigger == "change")
    // Several keys or events, one list of actions (fzf's `focus,multi,resize:…`).
    let shared = try BindSpec.parse("focus,multi,resize:bg-transform:echo a,b")
    #expect(shared.map(\.trigger) == ["focus", "multi", "resize"])
    #expect(shared.allSatisfy { $0.actions == [.backgroundTransform(into: nil, command: "echo a,b")] })
    #expect(try BindSpec.parse(",:abort").map(\.trigger) == [","])
    // Keys ',' and ':' in a list of keys (fzf's test_bind), and `alt-,`.
    let keys = try BindSpec.parse("ctrl-j:accept,u,:,U:up,X,,,Z:toggle-up,t:toggle")
    #expect(keys.map(\.trigger) == ["ctrl-j", "u", ":", "U", "X", ",", "Z", "t"])
    #expect(keys.map(\.actions) == [[.accept], [.up], [.up], [.up], [.toggleUp], [.toggleUp], [.toggleUp], [.toggle]])
    #expect(try BindSpec.parse("alt-,:abort,alt-::up").map(\.trigger) == ["alt-,", "alt-:"])
    // An argument holding the closing character ends where the action does (fzf's, which
    // fish's CTRL-R needs: `(string split0 … | fish_indent -i)` inside become's).
    #expect(try BindSpec.parse("a:become(echo (x) y),b:up").first?.actions == [.become("echo (x) y")])
    #expect(try BindSpec.parse("a:execute(echo \"A) B\")+up").first?.actions == [.execute("echo \"A) B\""), .up])
    // fzf's `KEY:+ACTION`: after what is bound (fzf's test_async_transform).
    let appended = try #require(try BindSpec.parse("focus:+up+down").first)
    #expect(appended.appends && appended.actions == [.up, .down])
    #expect(try BindSpec.parse("+:up").first?.trigger == "+")
  }

  @Test(arguments: ["ctrl-a", "ctrl-a:", "ctrl-a:warp", "ctrl-a:execute(vim", "ctrl-a:up;down"])
  func badSpecsAreRefused(spec: String) {
    #expect(throws: BindSpec.Failure.self) { try BindSpec.parse(spec) }
  }

  @Test func actionsTheCommandOfTransformPrints() throws {
    #expect(try BindSpec.parse("ctrl-j:jump+jump-accept").first?.actions == [.jump, .jumpAccept])
    // What `transform`'s command prints.
    #expect(try BindSpec.parseActions("change-query(beta)+accept\n") == [.changeQuery("beta"), .accept])
    #expect(try BindSpec.parseActions("  ") == [])
  }

  func listed(_ ids: [String], marks: Bool = true) -> SearchState {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.marks.picking.marks = marks
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ids))))
    return state
  }

  /// fzf's test_multi_max: `-m 3`, 1 and 10 marked, toggle-all: 1 and 10 off, then 2, 3, 4.
  @Test func toggleAllTakesMarksOffBeforeItPutsNewOnesWithinTheLimit() {
    var state = listed((1...10).map(String.init))
    state.marks.picking.maxMarks = 3
    state.marks.checkedThisRun = ["1", "10"]
    state.marks.checked = ["1", "10"]
    let matches = (1...10).map { ListedMatch(objectID: String($0), title: String($0)) }
    #expect(
      SearchReducer.reduce(&state, .answer(.matchesListed(.toggle, matches))) == [
        .setChecked(objectID: "1", title: "1", checked: false),
        .setChecked(objectID: "10", title: "10", checked: false),
        .setChecked(objectID: "2", title: "2", checked: true), .setChecked(objectID: "3", title: "3", checked: true),
        .setChecked(objectID: "4", title: "4", checked: true),
      ])
  }

  /// fzf's: a toggle refused at `--multi=N` does not move the cursor either.
  @Test func aRefusedToggleDoesNotMove() {
    var state = listed(["a", "b", "c"])
    state.marks.picking.maxMarks = 1
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleDown])))
    let after = state.list.selectedRow
    #expect(state.marks.checkedThisRun == ["a"] && after == .item(hit("b")))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleDown])))
    #expect(state.marks.checkedThisRun == ["a"] && state.list.selectedRow == after)
    // Tab and Shift-Tab, the keys bound to them, alike.
    _ = SearchReducer.reduce(&state, .key(.tabPressed))
    #expect(state.list.selectedRow == after)
    _ = SearchReducer.reduce(&state, .key(.backTabPressed))
    #expect(state.list.selectedRow == after)
  }

  /// fzf's accept-non-empty: nothing without a line, unless lines are marked, or the input was
  /// read whole and had none (fzf's test_accept_non_empty_with_empty_list).
  @Test func acceptNonEmptyLeavesWithMarksOrOnAnEmptyInput() {
    var none = listed([])
    none.list.results.recordCount = 5
    none.inputEnded = true
    #expect(SearchReducer.reduce(&none, .app(.actionsTriggered([.acceptNonEmpty]))).isEmpty)
    var marked = none
    marked.marks.checkedThisRun = ["a"]
    #expect(SearchReducer.reduce(&marked, .app(.actionsTriggered([.acceptNonEmpty]))) == [.flushWrites])
    var empty = listed([])
    empty.inputEnded = true
    #expect(SearchReducer.reduce(&empty, .app(.actionsTriggered([.acceptNonEmpty]))) == [.quit(status: 1)])
  }

  @Test func selectAllChecksEveryMatchWithinTheLimit() {
    var state = listed(["a", "b", "c"])
    state.marks.checked = ["b"]
    state.marks.picking.maxMarks = 1
    // Every match is asked for (the rows loaded are only the first pages), then marked.
    #expect(
      SearchReducer.reduce(&state, .app(.actionsTriggered([.selectAll])))
        == [.listMatches(query: state.list.results.query, refine: state.refining.refine, how: .select)])
    let matches = ["a", "b", "c"].map { ListedMatch(objectID: $0, title: $0) }
    #expect(
      SearchReducer.reduce(&state, .answer(.matchesListed(.select, matches))) == [
        .setChecked(objectID: "a", title: "a", checked: true)
      ])
    state.marks.checked = ["a", "b"]
    // Unchecking leaves room under the limit (checks of earlier runs do not count).
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleAll])))
    #expect(
      SearchReducer.reduce(&state, .answer(.matchesListed(.toggle, matches))) == [
        .setChecked(objectID: "a", title: "a", checked: false), .setChecked(objectID: "b", title: "b", checked: false),
        .setChecked(objectID: "c", title: "c", checked: true),
      ])
  }

  /// fzf: `seq 1000 | fzf -m --bind ctrl-a:select-all+accept` prints 1000 lines (Seek printed
  /// the rows loaded, 24).
  @Test func selectAllThenAcceptTakesEveryMatchNotTheRowsLoaded() throws {
    var picking = Picking.defaults(lines: true)
    picking.marks = true
    let h = try Harness(catalog: catalog((1...1000).map(String.init)), hitsPerPage: 20, picking: picking)
    h.send(.app(.actionsTriggered([.selectAll, .accept])))
    guard case .accept(let printed)? = h.finished else {
      Issue.record("no accept: \(String(describing: h.finished))")
      return
    }
    #expect(printed.count == 1000)
  }

  /// fzf's disable-search keeps the list as it was (test_disabled: `333` stays listed while
  /// `333foo` is typed); enabled again, the query typed searches.
  @Test func disablingSearchKeepsTheListOfTheQueryBefore() throws {
    let h = try Harness(catalog: catalog((1...1000).map(String.init)), hitsPerPage: 20, picking: .defaults(lines: true))
    h.type("333")
    #expect(h.state.list.results.hits.map(\.title) == ["333"])
    h.send(.app(.actionsTriggered([.toggleSearch])))
    h.type("foo")
    #expect(h.state.list.results.query == "333foo" && h.state.list.results.hits.map(\.title) == ["333"])
    h.send(.app(.actionsTriggered([.toggleSearch])))
    #expect(h.state.list.results.hits.isEmpty)
    // A new list with search disabled lists every line (fzf's test_reload_disabled_case5), once
    // it has started: until then (`reload-sync` reading) the list before keeps its result
    // (test_reload_disabled_case2).
    h.send(.app(.actionsTriggered([.disableSearch])))
    h.send(.app(.actionsTriggered([.reload("seq 3")])))
    #expect(!h.state.refining.refine.disabledQuery.isEmpty)
    h.send(.app(.catalogChanged(records: 0, finished: false)))
    #expect(h.state.refining.refine.disabledQuery.isEmpty)
  }

  /// fzf's `search(…)` lasts until the query changes: lines read afterwards are searched for it
  /// too (test_wait_action: `start:search(1)+wait` lists the 20 lines with a 1 of 100 read).
  @Test func aSearchActionLastsUntilTheQueryChanges() {
    var state = listed(["1", "2"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.search("1")])))
    let refreshed = SearchReducer.reduce(&state, .app(.catalogChanged(records: 3, finished: false, percent: nil)))
    #expect(refreshed.contains { if case .searchResults(query: "1", _, _, _, _, _) = $0 { true } else { false } })
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("1", 0, ["1"]))))
    // Accepted from its list, as its answer is the one on screen.
    var accepting = state
    #expect(SearchReducer.reduce(&accepting, .app(.actionsTriggered([.accept]))) == [.flushWrites])
    let typed = SearchReducer.reduce(&state, .query(.inserted("2")))
    #expect(typed.contains { if case .searchResults(query: "2", _, _, _, _, _) = $0 { true } else { false } })
  }

  /// fzf: without marks (`+m`) a toggle does nothing, its move included; with them, it moves.
  @Test func togglesMoveOnlyWhereLinesCanBeMarked() {
    var state = listed(["a", "b", "c"], marks: false)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleDown, .toggleDown, .toggleOut])))
    #expect(state.list.selection == 0 && state.marks.checked.isEmpty)
    state.look = .fzf(separator: true)
    _ = SearchReducer.reduce(&state, .key(.tabPressed))
    _ = SearchReducer.reduce(&state, .key(.backTabPressed))
    #expect(state.list.selection == 0)
    var marking = listed(["a", "b", "c"])
    _ = SearchReducer.reduce(&marking, .app(.actionsTriggered([.toggleDown])))
    #expect(marking.list.selection == 1)
  }

  /// `multi` fires when the marks change, `resize` when the screen does (fzf's events).
  @Test func multiAndResizeEventsFire() {
    var state = listed(["a", "b", "c"])
    state.eventBindings = [.multi: [.changePrompt("multi")], .resize: [.changePrompt("resize")]]
    _ = SearchReducer.reduce(&state, .app(.viewportChanged(Viewport())))
    #expect(state.prompt == "resize")
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggle])))
    _ = SearchReducer.reduce(&state, .answer(.checkSaved(objectID: "a", checked: true)))
    #expect(state.prompt == "multi")
  }

  @Test func actionsRunInOrderAndStopAtALeaving() {
    var state = listed(["a", "b", "c"])
    let effects = SearchReducer.reduce(&state, .app(.actionsTriggered([.down, .down, .abort, .up])))
    #expect(effects.last == .quit(status: 130))
    #expect(state.list.selection == 2)  // from the top line (the current one), two down; no `up` after abort
    #expect(SearchReducer.reduce(&state, .app(.actionsTriggered([.printQuery]))) == [.printQuery("")])
  }

  /// A command waits for the writes before it (a check just made is among `{+}`), keys wait
  /// with it, and the actions after it follow once it has ended.
  @Test func commandsRunAfterTheWritesWithTheCurrentAndTheMarkedItems() {
    var state = listed(["a", "b", "c"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.last])))
    #expect(SearchReducer.reduce(&state, .app(.actionsTriggered([.execute("x {} {+}"), .first]))) == [.flushWrites])
    #expect(SearchReducer.reduce(&state, .move(.movedDown)) == [])  // waits, kept for after the command
    #expect(
      SearchReducer.reduce(&state, .answer(.writesFlushed)) == [
        .runCommand(template: "x {} {+}", current: "c", marked: ["c"], query: "", mode: .foreground)
      ])
    _ = SearchReducer.reduce(&state, .app(.commandFinished()))
    #expect(state.list.selection == 1)  // `first`, after the command, then the key typed meanwhile
    state.marks.checked = ["a", "b"]
    state.marks.checkedThisRun = ["a", "b"]
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.become("y")])))
    #expect(
      SearchReducer.reduce(&state, .answer(.writesFlushed)) == [
        .runCommand(template: "y", current: "b", marked: ["a", "b"], query: "", mode: .become)
      ])
  }

  /// `change:reload(…)` runs on every key typed: at once, keys never waiting for it.
  @Test func aReloadRunsAtOnceWithTheQuery() {
    var state = listed(["a"])
    state.eventBindings = [.change: [.reload("grep -rn {q} .")]]
    let effects = SearchReducer.reduce(&state, .query(.inserted("x")))
    #expect(
      effects.contains(
        .runCommand(template: "grep -rn {q} .", current: "a", marked: ["a"], query: "x", mode: .reload())))
    #expect(state.marks.pendingCommand == nil)
  }

  @Test func eventsSetOffTheirActionsButActionsSetOffNoEvents() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.eventBindings = [.start: [.changePrompt("S> ")], .change: [.changeQuery("fixed")], .one: [.accept]]
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    #expect(state.prompt == "S> ")
    // Typing changes the query: `change` replaces it once (its own change sets nothing off).
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    #expect(state.editor.text == "fixed")
    // One result for the current query: `one:accept` takes it.
    let effects = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("fixed", 0, ["z"]))))
    #expect(effects.contains(.flushWrites) && state.marks.pendingAccept == "z")
  }

  /// `zero` is no match of the input read: not the empty list before a pipe's first lines.
  @Test func zeroWaitsForTheInput() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.eventBindings = [.zero: [.abort]]
    state.streamedRecords = 0
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    let early = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, []))))
    #expect(!early.contains(.quit(status: 130)))
    state.inputEnded = true
    let late = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, []))))
    #expect(late.contains(.quit(status: 130)))
  }

  /// fzf's `wait`: `change-query(55)+wait+accept` accepts from the answer to `55`, not from the
  /// list on screen; keys meanwhile do nothing, and Ctrl-C drops what waits without quitting.
  @Test func waitHoldsTheActionsAfterItUntilTheAnswer() {
    var state = listed(["1", "2", "55"])
    let asked = SearchReducer.reduce(&state, .app(.actionsTriggered([.changeQuery("55"), .wait, .accept])))
    #expect(state.afterWait == [.accept])
    #expect(!asked.contains { if case .accept = $0 { return true } else { return false } })
    #expect(SearchReducer.reduce(&state, .query(.inserted("x"))) == [])
    #expect(state.editor.text == "55")
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("55", 0, ["55"]))))
    #expect(state.afterWait == nil)
    // Accept waits for the writes before it, then takes the answer's line.
    #expect(SearchReducer.reduce(&state, .answer(.writesFlushed)).contains(.accept(objectIDs: ["55"])))

    var other = listed(["1", "2"])
    _ = SearchReducer.reduce(&other, .app(.actionsTriggered([.changeQuery("2"), .wait, .accept])))
    #expect(SearchReducer.reduce(&other, .app(.interrupted)) == [])
    #expect(other.afterWait == nil)
    // Nothing to wait for: the actions after it follow at once.
    _ = SearchReducer.reduce(&other, .answer(.resultsArrived(revision: other.list.revision, page("2", 0, ["2"]))))
    _ = SearchReducer.reduce(&other, .app(.actionsTriggered([.wait, .accept])))
    #expect(other.afterWait == nil && other.marks.pendingAccept != nil)
  }

  /// A wait armed inside a `trigger` holds what follows it: the names after it and the outer
  /// binding's actions (fzf's test_wait_action_trigger_siblings); a wait met while one is
  /// armed joins it (test_wait_action_bg_transform_join).
  @Test func aWaitInsideATriggerHoldsWhatFollows() {
    var state = listed(["1", "5"])
    state.keyActions = ["x": [.search("5"), .wait], "y": [.changeHeader("hello")]]
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.trigger("x,y"), .changeFooter("world")])))
    #expect(state.afterWait == [.trigger("y"), .changeFooter("world")])
    #expect(state.header.isEmpty && state.footer.isEmpty)
    _ = SearchReducer.reduce(
      &state, .app(.commandFinished(output: [.changePrompt("p"), .wait, .changeHeader("joined")])))
    #expect(state.afterWait == [.trigger("y"), .changeFooter("world"), .changeHeader("joined")])
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("5", 0, ["5"]))))
    #expect(state.afterWait == nil && state.header == ["joined"] && state.footer == ["world"])
  }

  /// A key bound to `cancel` first, while a wait holds: the wait ends (the query stays) and the
  /// actions after `cancel` go on, a wait inside them holding what follows again (fzf's
  /// test_wait_action_cancel_rearm).
  @Test func cancelEndsAWaitAndTheActionsAfterItGoOn() {
    var state = listed(["1", "5"])
    state.keyActions = ["x": [.search("5"), .wait]]
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.changeQuery("5"), .wait])))
    #expect(state.afterWait == [])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.cancel, .trigger("x"), .changeFooter("world")])))
    #expect(state.editor.text == "5")
    #expect(state.afterWait == [.changeFooter("world")] && state.footer.isEmpty)
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("5", 0, ["5"]))))
    #expect(state.afterWait == nil && state.footer == ["world"])
  }

  /// A `bg-transform`'s output is no key: done while a wait holds the keys, a wait in it joining
  /// the one held (fzf's test_wait_action_bg_transform, _join); `bg-cancel` asks for the running
  /// commands to end.
  @Test func aBackgroundOutputIsDoneWhileAWaitHolds() {
    var state = listed(["1", "5"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.changeQuery("5"), .wait])))
    _ = SearchReducer.reduce(
      &state, .app(.backgroundFinished(output: [.changeHeader("hello"), .wait, .changeFooter("world")])))
    #expect(state.header == ["hello"] && state.footer.isEmpty && state.afterWait == [.changeFooter("world")])
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("5", 0, ["5"]))))
    #expect(state.footer == ["world"])
    #expect(SearchReducer.reduce(&state, .app(.actionsTriggered([.cancelBackground]))) == [.cancelBackground])
  }

  /// A `change` binding fires once per key typed, Space included (Space may also check a row).
  @Test func changeFiresOncePerKeyTyped() {
    var state = listed(["a b", "c"])
    state.eventBindings = [.change: [.reload("echo {q}")]]
    for key in ["a", " ", "b"] {
      // Space arrives as the key it is (it checks a row where rows are checked, else types).
      let effects = SearchReducer.reduce(&state, key == " " ? .key(.spacePressed) : .query(.inserted(key)))
      let commands = effects.filter { if case .runCommand = $0 { return true } else { return false } }
      #expect(commands.count == 1, "\(key.debugDescription): \(commands.count) commands")
    }
  }

  /// fzf's `toggle-preview-wrap`: the preview's long lines wrapped, then cut again.
  @Test func togglePreviewWrapFlipsTheWrap() {
    var state = listed(["a"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.preview("cat {}")])))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.togglePreviewWrap])))
    #expect(state.details.placement.wrap)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.togglePreviewWrap])))
    #expect(!state.details.placement.wrap)
  }

  @Test func previewActionsChangeThePane() {
    var state = listed(["a", "b"])
    state.details.command = "cat {}"
    let effects = SearchReducer.reduce(&state, .app(.actionsTriggered([.showPreview])))
    #expect(state.details.open)
    #expect(effects.contains { if case .runPreview = $0 { return true } else { return false } })
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.changePreviewWindow("hidden")])))
    #expect(!state.details.open)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.changePreviewWindow("up,40%")])))
    #expect(state.details.open && state.details.placement.position == .top)
    // refresh-preview runs the command again for the same row.
    #expect(runs(SearchReducer.reduce(&state, .app(.actionsTriggered([.refreshPreview])))) == ["cat {}"])
  }

  /// Over a hidden `--preview-window`, a choice that says something shows the preview, and the
  /// empty one is the window given (fzf's test_change_preview_window_rotate_hidden).
  @Test func aPreviewWindowChoiceShowsAHiddenPreview() {
    var state = listed(["a"])
    state.details.command = "echo =={}=="
    state.details.placement = DetailsPlacement.parse("hidden")!
    state.details.basePlacement = state.details.placement
    let spec = "nohidden||down,1|"
    var shown: [Bool] = []
    for _ in 0..<5 {
      _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.changePreviewWindow(spec)])))
      shown.append(state.details.open)
    }
    #expect(shown == [true, false, true, false, true])
    // A wrap toggled stays through a change of window that names none (fzf's issue 4791).
    _ = SearchReducer.reduce(
      &state, .app(.actionsTriggered([.togglePreviewWrap, .changePreviewWindow("border-bold")])))
    #expect(state.details.placement.wrap && state.details.placement.border == "bold")
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.changePreviewWindow("nowrap")])))
    #expect(!state.details.placement.wrap)
  }

  /// fzf's `<N(OPTIONS)`: the alternative over the rest while the pane would be smaller than N
  /// (fzf's test_toggle_alternative_preview_window, test_alternative_preview_window_opts).
  @Test func aPreviewWindowAlternativeIsTakenOnASmallScreen() {
    let placement = DetailsPlacement.parse("~5,2,+0,<50(up,~0,+100,wrap,noinfo)")!
    #expect(placement.alternative == DetailsPlacement.Alternative(threshold: 50, options: "up,~0,+100,wrap,noinfo"))
    #expect(DetailsPlacement.parse("<50(sideways)") == nil && DetailsPlacement.parse("<x(up)") == nil)
    let narrow = placement.resolved(on: ScreenSize(columns: 80, rows: 24))
    #expect(narrow.position == .top && narrow.headerLines == 0 && narrow.wrap && !narrow.info)
    #expect(narrow.offset == PreviewOffset(parsing: "100"))
    #expect(DetailsPlacement.parse("60%,<50(up)")!.resolved(on: ScreenSize(columns: 100, rows: 24)).position == .auto)
    // A hidden alternative closes the pane; toggle-preview opens it, and it stays open as the
    // screen changes without changing side.
    var state = listed(["a"])
    state.details.command = "echo {}"
    state.details.open = true
    state.details.requestedPlacement = DetailsPlacement.parse("<100000(hidden,up)")!
    _ = SearchReducer.reduce(&state, .app(.viewportChanged(state.viewport)))
    #expect(!state.details.open && state.details.placement.position == .top)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.togglePreview])))
    _ = SearchReducer.reduce(&state, .app(.viewportChanged(state.viewport)))
    #expect(state.details.open)
  }

  /// What a reduction ran in the preview pane.
  func runs(_ effects: [SearchEffect]) -> [String] {
    effects.compactMap { if case .runPreview(let template, _, _, _, _, _) = $0 { template } else { nil } }
  }

  /// fzf's `preview(…)` runs once (fzf's test_preview_bindings_*): with `--preview`, the next
  /// line and `refresh-preview` run `--preview` again; without, its output stays as the line
  /// changes, and `refresh-preview` does nothing.
  @Test func aPreviewActionRunsOnce() {
    var state = listed(["a", "b"])
    state.details.command = "echo [{}]"
    state.details.open = true
    #expect(runs(SearchReducer.reduce(&state, .app(.actionsTriggered([.preview("echo [{}{}]")])))) == ["echo [{}{}]"])
    #expect(state.details.command == "echo [{}]")
    #expect(runs(SearchReducer.reduce(&state, .app(.actionsTriggered([.refreshPreview])))) == ["echo [{}]"])
    // A change of window keeps what `preview(…)` showed (fzf's test_change_preview_window).
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.preview("echo [{}{}{}]")])))
    #expect(runs(SearchReducer.reduce(&state, .app(.actionsTriggered([.changePreviewWindow("up,wrap")])))).isEmpty)
    #expect(runs(SearchReducer.reduce(&state, .move(.movedDown))) == ["echo [{}]"])
    var bare = listed(["a", "b"])
    #expect(runs(SearchReducer.reduce(&bare, .app(.actionsTriggered([.preview("echo [{}{}]")])))) == ["echo [{}{}]"])
    #expect(runs(SearchReducer.reduce(&bare, .app(.actionsTriggered([.refreshPreview])))).isEmpty)
    #expect(runs(SearchReducer.reduce(&bare, .move(.movedDown))).isEmpty && bare.details.preview != nil)
    _ = SearchReducer.reduce(&bare, .app(.actionsTriggered([.changePreviewWindow("hidden")])))
    #expect(!bare.details.open)
  }

  @Test func searchCanBeTurnedOffAndOn() {
    var state = listed(["a"])
    let off = SearchReducer.reduce(&state, .app(.actionsTriggered([.disableSearch])))
    #expect(state.refining.refine.searchDisabled)
    #expect(off == [.searchResults(query: "", page: 0, refine: state.refining.refine, revision: state.list.revision)])
    #expect(SearchReducer.reduce(&state, .app(.actionsTriggered([.disableSearch]))) == [])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleSearch])))
    #expect(!state.refining.refine.searchDisabled)
  }

  /// fzf's `trigger`: a key's actions done again, never one already running (fzf's test_trigger:
  /// `a:up+trigger(a)` moves twice, `b:trigger(a,a,b,a)` six times).
  @Test func triggerRunsAKeysActionsOnceDeep() {
    var state = listed((1...100).map(String.init))
    state.keyActions = ["a": [.down, .trigger("a")], "b": [.trigger("a,a,b,a")]]
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.down])))
    let start = state.list.selection
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered(state.keyActions["a"]!)))
    #expect(state.list.selection == start + 2)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered(state.keyActions["b"]!)))
    #expect(state.list.selection == start + 8)
    #expect(state.triggering.isEmpty)
    // An event's actions too, and an unbound name's not at all.
    state.eventBindings = [.resize: [.down]]
    state.unbound = ["a"]
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.trigger("a, resize")])))
    #expect(state.list.selection == start + 9)
  }

  /// fzf's `--no-input`: the hidden query line takes no edits, `change-query` neither (fzf's
  /// test_no_input_change_query; `search(…)` searches), and `toggle-input` brings the line
  /// back, editable.
  @Test func aHiddenQueryLineTakesNoEdits() {
    var state = listed(["55", "5"])
    _ = SearchReducer.reduce(&state, .query(.inserted("5")))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.hideInput])))
    #expect(!state.editor.inputShown)
    for edit in [
      SearchEvent.query(.inserted("x")), .query(.deletedBackward), .query(.cursorMoved(.home)), .query(.yanked),
      .query(.cleared), .key(.spacePressed),
    ] {
      #expect(SearchReducer.reduce(&state, edit) == [], "\(edit)")
      #expect(state.editor.text == "5" && state.editor.cursor == 1, "\(edit)")
    }
    #expect(SearchReducer.reduce(&state, .app(.actionsTriggered([.changeQuery("55")]))) == [])
    #expect(state.editor.text == "5")
    let searched = SearchReducer.reduce(&state, .app(.actionsTriggered([.search("55")]))).contains {
      if case .searchResults(let query, _, _, _, _, _) = $0 { return query == "55" }
      return false
    }
    #expect(searched)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleInput])))
    _ = SearchReducer.reduce(&state, .query(.inserted("5")))
    #expect(state.editor.inputShown && state.editor.text == "55")
  }

  @Test func unboundEventsAndKeysWaitForRebind() {
    var state = listed(["a"])
    state.eventBindings = [.change: [.changePrompt("changed")]]
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.unbind("change, ctrl-a")])))
    #expect(state.unbound == ["change", "ctrl-a"])
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    #expect(state.prompt == nil)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.rebind("change")])))
    _ = SearchReducer.reduce(&state, .query(.inserted("y")))
    #expect(state.prompt == "changed" && state.unbound == ["ctrl-a"])
  }

  /// fzf's `toggle-bind`: a binding off when on, on when off.
  @Test func toggleBindFlipsEachName() {
    var state = listed(["a"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.unbind("c")])))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleBind("c,d")])))
    #expect(state.unbound == ["d"])
  }

  /// `clear-selection` unmarks every item, matching the query or not (every item is listed);
  /// `deselect-all` the matches only.
  @Test func clearSelectionListsEveryItem() {
    var state = listed(["a", "b"])
    #expect(SearchReducer.reduce(&state, .app(.actionsTriggered([.clearSelection]))) == [])
    state.marks.checked = ["z"]
    _ = SearchReducer.reduce(&state, .query(.queryReplaced("a")))
    #expect(
      SearchReducer.reduce(&state, .app(.actionsTriggered([.clearSelection])))
        == [.listMatches(query: "", refine: Refine(), how: .deselect)])
  }

  /// `next-selected` and `prev-selected`: the nearest marked row loaded, round the list.
  @Test func nextAndPreviousSelectedGoRound() {
    var state = listed(["a", "b", "c", "d", "e"])
    state.marks.checked = ["b", "d"]
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.nextSelected])))
    #expect(state.focus == .results && state.list.selection == 1)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.nextSelected])))
    #expect(state.list.selection == 3)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.nextSelected])))
    #expect(state.list.selection == 1)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.previousSelected])))
    #expect(state.list.selection == 3)
  }

  /// Seek's own keys are actions too, for other keys: F2, F3, F4.
  @Test func seeksOwnKeysAreActions() {
    var state = listed(["a"])
    state.refining.numericFacets = ["price"]
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleRefinements])))
    #expect(state.refining.paneOpen)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.cycleSort])))
    #expect(state.refining.refine.sort != nil)
    state.refining.facetAttributes = ["brand"]
    _ = SearchReducer.reduce(&state, .refinements(.refinementToggled(attribute: "brand", value: "Apple")))
    #expect(!state.refining.refine.refinements.isEmpty)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.clearRefinements])))
    #expect(state.refining.refine.refinements.isEmpty)
  }

  /// Seek's reload keeps the current item when the new list has it (run as fzf, its place:
  /// `TrackingTests`).
  @Test func aReloadKeepsTheCurrentItem() {
    var state = listed(["a", "b", "c"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.last])))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.reload("cmd")])))
    #expect(state.list.reselect == .item("c"))
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 0, finished: false, percent: nil)))
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, []))))
    #expect(state.list.reselect == .item("c"))  // not there yet: still looked for
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 4, finished: true, percent: nil)))
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ["x", "c", "y", "z"]))))
    #expect(state.focus == .results && state.list.selection == 1 && state.list.reselect == nil)
  }

  /// fzf's jump: labels on the items on screen; a label moves there (and accepts, with
  /// jump-accept); any other key ends the jump and does nothing else.
  @Test func jumpMovesToTheLabelledRow() {
    var state = listed(["a", "b", "c", "d"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.jump])))
    #expect(state.jumpLabels == [0: "a", 1: "s", 2: "d", 3: "f"])
    _ = SearchReducer.reduce(&state, .query(.inserted("d")))
    #expect(
      state.focus == .results && state.list.selection == 2 && state.jump.pending == nil && state.editor.text.isEmpty)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.jump])))
    _ = SearchReducer.reduce(&state, .move(.movedUp))
    #expect(state.list.selection == 2 && state.jump.pending == nil)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.jump])))
    _ = SearchReducer.reduce(&state, .query(.inserted("z")))  // not a label on screen: only the jump ends
    #expect(state.list.selection == 2 && state.editor.text.isEmpty && state.jumpLabels.isEmpty)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.jumpAccept])))
    let effects = SearchReducer.reduce(&state, .query(.inserted("s")))
    #expect(effects.contains(.flushWrites) && state.marks.pendingAccept == "b")
  }

  /// fzf's `jump` and `jump-cancel` events: a landing sets off the one, a key that is no label
  /// (Ctrl-C too, which then does not quit) the other.
  @Test func jumpEventsFireOnLandingAndOnCancel() {
    var state = listed(["a", "b", "c"])
    state.eventBindings = [.jump: [.changePrompt("landed> ")], .jumpCancel: [.changePrompt("cancelled> ")]]
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.jump])))
    _ = SearchReducer.reduce(&state, .query(.inserted("s")))
    #expect(state.prompt == "landed> " && state.list.selection == 1)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.jump])))
    let effects = SearchReducer.reduce(&state, .app(.interrupted))
    #expect(state.prompt == "cancelled> " && !effects.contains(where: \.leaves) && state.jump.pending == nil)
  }

  /// Two events' commands in one answer (`result:transform-header(…)`,
  /// `result-final:transform-footer(…)`): the second follows the first, it no longer replaces it.
  @Test func aSecondEventsCommandFollowsTheFirst() {
    var state = listed(["a"])
    state.eventBindings = [
      .result: [.transformInto(action: "change-header", command: "echo R")],
      .resultFinal: [.transformInto(action: "change-footer", command: "echo F")],
    ]
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ["a", "b"]))))
    #expect(state.marks.pendingCommand?.mode == .transformInto("change-header"))
    #expect(state.marks.pendingCommand?.then == [.transformInto(action: "change-footer", command: "echo F")])
  }

  /// `result-final`: as `result`, but only once the input is all read.
  @Test func resultFinalWaitsForTheWholeInput() {
    var state = listed(["a"])
    state.eventBindings = [.result: [.print("result")], .resultFinal: [.print("final")]]
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 2, finished: false, percent: nil)))
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ["a", "b"]))))
    #expect(state.printQueue == ["result"])
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 4, finished: true, percent: nil)))
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ["a", "b", "c", "d"]))))
    #expect(state.printQueue == ["result", "result", "final"])
  }

  /// The labels start at the first row on screen and skip the create row.
  @Test func jumpLabelsFollowTheScreen() {
    var state = listed((0..<40).map { "id\($0)" })
    state.jump.labels = Array("xy")
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.last])))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.jump])))
    #expect(state.jumpLabels == [state.list.scrollOffset: "x", state.list.scrollOffset + 1: "y"])
  }

  /// change-preview-window(a|b|): each time the next placement, over --preview-window.
  @Test func previewWindowChangesCycle() {
    var state = listed(["a"])
    state.details.command = "cat {}"
    state.details.basePlacement = DetailsPlacement.parse("right,wrap")!
    state.details.placement = state.details.basePlacement
    state.details.open = true
    let cycle = BindAction.changePreviewWindow("down,40%|hidden|")
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([cycle])))
    #expect(state.details.placement.position == .bottom && state.details.placement.wrap && state.details.open)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([cycle])))
    #expect(!state.details.open)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([cycle])))
    #expect(state.details.placement == state.details.basePlacement && state.details.open)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([cycle])))
    #expect(state.details.placement.position == .bottom)
    #expect(throws: BindSpec.Failure.self) { try BindSpec.parse("a:change-preview-window(down|sideways)") }
  }

  /// A preview that names the marks (`{+}`) runs again when they change; one that names the
  /// query, or no line, runs with no line to show (one naming a line alone does not).
  @Test func aPreviewRunsAgainForTheMarksItNamesAndForTheQueryAlone() {
    var state = listed(["a", "b"])
    state.details.command = "echo {+}"
    let opened = SearchReducer.reduce(&state, .app(.actionsTriggered([.showPreview])))
    #expect(opened.contains { if case .runPreview(_, "a", _, _, _, []) = $0 { true } else { false } })
    state.marks.checked = ["b"]
    let again = SearchReducer.reduce(&state, .app(.tick(milliseconds: 1)))
    #expect(again.contains { if case .runPreview(_, "a", _, _, _, ["b"]) = $0 { true } else { false } })
    var empty = listed([])
    empty.details.command = "echo {q}"
    let alone = SearchReducer.reduce(&empty, .app(.actionsTriggered([.showPreview])))
    #expect(alone.contains { if case .runPreview(_, "", _, _, _, _) = $0 { true } else { false } })
    // Naming no line at all runs too (fzf's `echo $FZF_BORDER_LABEL`); naming one does not.
    var plain = listed([])
    plain.details.command = "echo $FZF_PREVIEW_LABEL"
    let unnamed = SearchReducer.reduce(&plain, .app(.actionsTriggered([.showPreview])))
    #expect(unnamed.contains { if case .runPreview(_, "", _, _, _, _) = $0 { true } else { false } })
    var named = listed([])
    named.details.command = "cat {1}"
    #expect(!SearchReducer.reduce(&named, .app(.actionsTriggered([.showPreview]))).contains { $0.lane == .search })
  }

  /// {n} and {+n}: the items' places in the input, from 0.
  @Test func placeholdersNameTheItemsPlaces() {
    let service = SearchService(catalog: catalog(["alpha", "beta", "gamma"]), suggestions: [])
    let id = { (q: String) in service.results(query: q, page: 0).hits[0].objectID }
    #expect(service.boundCommand(template: "echo {n}", current: id("gamma"), marked: [], query: "") == "echo 2")
    #expect(
      service.boundCommand(template: "echo {+n}", current: nil, marked: [id("beta"), id("alpha")], query: "")
        == "echo 1 0")
    #expect(service.boundCommand(template: "echo {n}", current: nil, marked: [], query: "") == "echo ''")
  }
}

/// fzf's readline actions, its `transform-*` family and its line actions, by name.
@Suite struct FzfActionTests {
  @Test func readlineAndTransformActionsParseByFzfsNames() throws {
    let actions = try BindSpec.parse("a:backward-kill-subword+forward-subword+backward-delete-char/eof").first?.actions
    #expect(
      actions == [
        .edit(.query(.deletedSubwordBackward)), .edit(.query(.cursorMoved(.subwordRight))), .deleteBackwardOrAbort,
      ])
    #expect(
      try BindSpec.parse("ctrl-r:transform-query(rev <<< {q})").first?.actions
        == [.transformInto(action: "change-query", command: "rev <<< {q}")])
    #expect(
      try BindSpec.parse("x:bg-transform-header:date").first?.actions
        == [.backgroundTransform(into: "change-header", command: "date")])
    #expect(try BindSpec.parse("x:pos(-1)+change-multi(2)").first?.actions == [.position(-1), .changeMulti(2)])
    #expect(try BindSpec.parse("x:pos(0)+pos(x)").first?.actions == [.position(0), .ignore])
    #expect(try BindSpec.parse("a:put+put(ravo)").first?.actions == [.put("a"), .put("ravo")])
  }

  /// fzf's `bg-transform`: its command runs at once, nothing held (keys go on meanwhile), and a
  /// transform's command runs on no line (`{}` empty: fzf's test_focus_event), as execute's does not.
  @Test func aBackgroundTransformHoldsNothing() {
    var state = BindingsTests().listed(["a"])
    let effects = SearchReducer.reduce(
      &state, .app(.actionsTriggered([.backgroundTransform(into: "change-prompt", command: "sleep 1; echo x")])))
    #expect(
      effects.contains {
        if case .runCommand(_, _, _, _, .background("change-prompt")) = $0 { true } else { false }
      })
    #expect(state.marks.pendingCommand == nil)
    #expect(BindAction.backgroundTransform(into: "change-prompt", command: "x").name == "bg-transform-prompt")
    var empty = BindingsTests().listed([])
    #expect(
      !SearchReducer.reduce(
        &empty, .app(.actionsTriggered([.transformInto(action: "change-prompt", command: "echo {}")]))
      )
      .isEmpty)
    #expect(SearchReducer.reduce(&empty, .app(.actionsTriggered([.execute("echo {}")]))).isEmpty)
  }

  /// fzf's test_subword_forward and _backward, step by step.
  @Test func subwordsSplitAtCapitalsAndPunctuation() {
    var query = QueryState()
    query.text = "foo bar foo-bar fooFooBar"
    query.cursor = 0
    func step(_ event: QueryEvent) -> String {
      _ = QueryEditingReducer.reduce(&query, event)
      return query.text
    }
    _ = step(.cursorMoved(.subwordRight))
    #expect(step(.deletedForward) == "foobar foo-bar fooFooBar")
    #expect(step(.deletedSubwordForward) == "foo foo-bar fooFooBar")
    _ = step(.cursorMoved(.subwordRight))
    #expect(step(.deletedSubwordForward) == "foo foo fooFooBar")
    _ = step(.cursorMoved(.subwordRight))
    _ = step(.cursorMoved(.subwordRight))
    #expect(step(.deletedSubwordForward) == "foo foo fooFoo")
    query.text = "foo bar foo-bar fooBar"
    query.cursor = query.text.count
    _ = step(.cursorMoved(.subwordLeft))
    #expect(step(.deletedBackward) == "foo bar foo-bar foBar")
    #expect(step(.deletedSubwordBackward) == "foo bar foo-bar Bar")
  }

  @Test func lineActionsActOnTheCurrentLine() {
    var state = BindingsTests().listed(["a", "b", "c"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.position(-1)])))
    #expect(state.currentHit?.objectID == "c")
    #expect(SearchReducer.reduce(&state, .app(.actionsTriggered([.deselect]))) == [])
    #expect(!SearchReducer.reduce(&state, .app(.actionsTriggered([.select]))).isEmpty)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.replaceQuery])))
    #expect(state.editor.text == "c")
    var empty = BindingsTests().listed([])
    #expect(SearchReducer.reduce(&empty, .app(.actionsTriggered([.acceptOrPrintQuery]))) == [.printQuery("")])
    #expect(SearchReducer.reduce(&empty, .app(.actionsTriggered([.deleteBackwardOrAbort]))) == [.quit(status: 130)])
  }

  /// fzf's `last` is the last match: each page loaded after it moves the selection on.
  @Test func lastFollowsThePagesToTheLastMatch() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    _ = SearchReducer.reduce(&state, .app(.started(Viewport(screen: ScreenSize(columns: 40, rows: 6), resultsRows: 4))))
    let revision = state.list.revision
    let first = (0..<10).map { "a\($0)" }
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: revision, page("", 0, first, nbHits: 20, hitsPerPage: 10))))
    let asked = SearchReducer.reduce(&state, .app(.actionsTriggered([.last])))
    #expect(asked.contains { if case .searchResults(_, 1, _, _, _, _) = $0 { true } else { false } })
    #expect(state.currentHit?.objectID == "a9")
    let second = (0..<10).map { "b\($0)" }
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: revision, page("", 1, second, nbHits: 20, hitsPerPage: 10))))
    #expect(state.currentHit?.objectID == "b9")
    // pos(0) is the first line; pos(-3) the third from the end.
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.position(0)])))
    #expect(state.currentHit?.objectID == "a0")
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.position(-3)])))
    #expect(state.currentHit?.objectID == "b7")
  }

  /// fzf's test_cancel: `1`, cancel, `3`, Ctrl-Y twice reads `311` (the query cleared went to the
  /// kill ring); cancel on an empty query aborts.
  @Test func cancelClearsTheQueryThenAborts() {
    var state = BindingsTests().listed(["a"])
    _ = SearchReducer.reduce(&state, .query(.inserted("1")))
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.home)))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.cancel])))
    #expect(state.editor.text == "")
    _ = SearchReducer.reduce(&state, .query(.inserted("3")))
    _ = SearchReducer.reduce(&state, .query(.yanked))
    _ = SearchReducer.reduce(&state, .query(.yanked))
    #expect(state.editor.text == "311")
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.cancel])))
    #expect(SearchReducer.reduce(&state, .app(.actionsTriggered([.cancel]))) == [.quit(status: 130)])
  }

  /// `load` fires once the answer for the whole input is in, so that `load:accept` accepts from it.
  @Test func loadFiresWithTheAnswerForTheWholeInput() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.eventBindings = [.load: [.accept]]
    state.streamedRecords = 0
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 2, finished: false, percent: nil)))
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 3, finished: true, percent: nil)))
    #expect(state.marks.pendingAccept == nil)
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ["1", "2", "3"]))))
    #expect(state.marks.pendingAccept != nil)
  }

  /// A list whole from the start (a file, `--sync`) fires `load` with its first answer, once;
  /// fzf's `--sync --bind 'load:select-all+accept'` accepted nothing.
  @Test func loadFiresOnceForAListWholeFromTheStart() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.eventBindings = [.load: [.changePrompt("loaded> ")]]
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    #expect(state.prompt == nil)
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ["1", "2"]))))
    #expect(state.prompt == "loaded> ")
    state.prompt = nil
    _ = SearchReducer.reduce(&state, .query(.inserted("1")))
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("1", 0, ["1"]))))
    #expect(state.prompt == nil)
  }

  /// Keys faster than the answers: a move made on the list before, or on no list yet, keeps its
  /// row once the whole answer arrives (fzf's cursor), whatever part of it came first.
  @Test func movesMadeBeforeTheAnswerKeepTheirRow() {
    var state = BindingsTests().listed((0..<30).map { "x\($0)" })
    _ = SearchReducer.reduce(&state, .query(.inserted("391")))
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    var part = page("391", 0, [])
    part.interim = true
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, part)))
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("391", 0, ["a", "b"]))))
    #expect(state.currentHit?.objectID == "b")
    var empty = BindingsTests().listed([])
    _ = SearchReducer.reduce(&empty, .query(.inserted("1")))
    _ = SearchReducer.reduce(&empty, .move(.movedDown))
    _ = SearchReducer.reduce(&empty, .move(.movedDown))
    _ = SearchReducer.reduce(
      &empty, .answer(.resultsArrived(revision: empty.list.revision, page("1", 0, ["a", "b", "c"]))))
    #expect(empty.currentHit?.objectID == "c")
  }

  /// fzf's `toggle-sort`: ranked, then in input order, and back; the list asked for again.
  @Test func toggleSortFlipsTheOrderOfTheMatches() {
    var state = BindingsTests().listed(["a", "b"])
    let effects = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleSort])))
    #expect(state.refining.refine.inputOrder == true)
    #expect(
      effects.contains {
        if case .searchResults(_, 0, _, let refine, _, _) = $0 { refine.inputOrder == true } else { false }
      })
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleSort])))
    #expect(state.refining.refine.inputOrder == false)
  }
}

/// Moves past the rows loaded wait for the next page instead of stopping at the last row
/// (fzf's test_scroll: 110 Downs on 100 lines end on the 100th).
@Suite struct MovesPastTheLoadedRowsTests {
  @Test func aMovePastTheLastLoadedRowIsMadeWhenTheNextPageComes() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    _ = SearchReducer.reduce(
      &state,
      .answer(.resultsArrived(revision: state.list.revision, page("", 0, ["a", "b"], nbHits: 5, hitsPerPage: 2))))
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    _ = SearchReducer.reduce(&state, .move(.movedUp))
    #expect(state.list.selectedRow == .item(hit("b")))
    let second = page("", 1, ["c", "d"], nbHits: 5, hitsPerPage: 2)
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, second)))
    #expect(state.list.selectedRow == .item(hit("c")))
  }
}

/// fzf's `exclude` and `{+f}`: lines out of the list, and values handed over in a file.
@Suite struct FzfExcludeTests {
  @Test func excludedLinesLeaveTheListAndLaterAnswers() {
    var state = BindingsTests().listed(["a", "b", "c"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.exclude])))
    #expect(state.list.results.hits.map(\.objectID) == ["b", "c"])
    #expect(state.list.results.nbHits == 2)
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("x", 0, ["a", "c"]))))
    #expect(state.list.results.hits.map(\.objectID) == ["c"])
    #expect(state.list.results.nbHits == 1)
  }

  /// A later page's count is the engine's, which still holds the lines excluded from the pages
  /// before it (fzf's test_exclude_multi: 996 of 1000, not 1000 once the next page came).
  @Test func aLaterPageCountsWithoutTheLinesExcludedBefore() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    let first = page("", 0, ["a", "b"], nbHits: 4, hitsPerPage: 2)
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, first)))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.exclude])))
    #expect(state.list.results.nbHits == 3)
    let second = page("", 1, ["c", "d"], nbHits: 4, hitsPerPage: 2)
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, second)))
    #expect(state.list.results.hits.map(\.objectID) == ["b", "c", "d"])
    #expect(state.list.results.nbHits == 3)
  }
}
