import SeekApp
import Testing

/// fzf's cursor across a changing list: its place kept across a query (run as fzf), `--track`
/// and `track-current` following an item, `--id-nth` finding it again after a reload while keys
/// wait, and a `transform`'s output done before the actions bound after it.
@Suite struct TrackingTests {
  /// A plain list run as fzf, `ids` on screen for the empty query, the view `rows` high.
  func fzfList(_ ids: [String], rows: Int = 10, tracking: Tracking.Mode = .off) -> SearchState {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.look = .fzf(separator: true)
    state.list.tracking.mode = tracking
    _ = SearchReducer.reduce(&state, .app(.started(Viewport(resultsRows: rows))))
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ids))))
    return state
  }

  func down(_ state: inout SearchState, _ times: Int) {
    for _ in 0..<times { _ = SearchReducer.reduce(&state, .move(.movedDown)) }
  }

  func arrive(_ state: inout SearchState, _ query: String, _ ids: [String], page index: Int = 0, nbHits: Int? = nil)
    -> [SearchEffect]
  {
    SearchReducer.reduce(
      &state,
      .answer(.resultsArrived(revision: state.list.revision, page(query, index, ids, nbHits: nbHits, hitsPerPage: 4))))
  }

  @Test func runAsFzfTheCursorKeepsItsPlaceAcrossAQuery() {
    var state = fzfList(["a", "b", "c", "d"])
    down(&state, 2)
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    _ = arrive(&state, "x", ["p", "q", "r"])
    #expect(state.focus == .results && state.currentHit?.objectID == "r")
    // A shorter list: the last row.
    _ = SearchReducer.reduce(&state, .query(.inserted("y")))
    _ = arrive(&state, "xy", ["p", "q"])
    #expect(state.currentHit?.objectID == "q")
    // Seek's own list goes back to the top line.
    var seek = fzfList(["a", "b", "c", "d"])
    seek.look = .seek
    down(&seek, 2)
    _ = SearchReducer.reduce(&seek, .query(.inserted("x")))
    _ = arrive(&seek, "x", ["p", "q", "r"])
    #expect(seek.focus == .query && seek.currentHit?.objectID == "p")
  }

  /// An Enter typed before the answer to the new query takes the row at the cursor's place in
  /// that answer, never the row of the list before.
  @Test func anEnterBeforeTheAnswerTakesTheRowOfTheAnswer() {
    var state = fzfList(["a", "b", "c"])
    down(&state, 1)
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    #expect(SearchReducer.reduce(&state, .key(.enterPressed)) == [])
    #expect(arrive(&state, "x", ["p", "q"]) == [.flushWrites])
    #expect(SearchReducer.reduce(&state, .answer(.writesFlushed)) == [.accept(objectIDs: ["q"])])
  }

  @Test func trackFollowsTheItemToItsNewRowOnTheSameScreenRow() {
    var state = fzfList(["a", "b", "c", "d", "e"], tracking: .always)
    down(&state, 2)  // on "c", the third screen row
    #expect(state.fzfCounts == "5/0 +T")
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    let ids = (0..<12).map { "n\($0)" } + ["c"] + (12..<20).map { "n\($0)" }
    _ = arrive(&state, "x", ids)
    #expect(state.currentHit?.objectID == "c" && state.list.selection == 12)
    #expect(state.list.scrollOffset == 10)  // on its screen row still
  }

  /// The item beyond the rows loaded: the pages after are asked for until it is among them.
  @Test func trackLoadsPagesUntilTheItemIsFound() {
    var state = fzfList(["a", "b", "c"], rows: 3, tracking: .always)
    down(&state, 1)
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    let effects = arrive(&state, "x", ["p", "q", "r", "s"], nbHits: 20)
    // Pages that double: as many rows as are loaded.
    #expect(effects.contains { if case .searchResults(_, 1, _, _, _, 4) = $0 { true } else { false } })
    #expect(state.list.tracking.sought != nil)
    // A page of another size counts pages otherwise: while hits are left, another page is.
    var longer = page("x", 1, ["t", "w", "u", "v"], nbHits: 20, hitsPerPage: 10)  // "2 pages"
    longer.hits += [hit("y"), hit("z"), hit("b"), hit("c")]
    longer.hitsPerPage = 8  // full
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, longer)))
    #expect(state.list.results.hasMorePages && state.list.tracking.sought == nil && state.currentHit?.objectID == "b")
  }

  /// Not in the new list: `--track` keeps the cursor's place, `track-current` ends and the
  /// cursor goes to the screen row the item stood on.
  @Test func anItemTheListLosesIsNoLongerFollowedOnce() {
    var state = fzfList(["a", "b", "c", "d"])
    down(&state, 2)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.trackCurrent])))
    #expect(state.fzfCounts == "4/0 +t")
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    _ = arrive(&state, "x", ["p", "c", "q", "r"])
    #expect(state.currentHit?.objectID == "c" && state.fzfCounts == "4/0 +t")
    _ = SearchReducer.reduce(&state, .query(.inserted("y")))
    _ = arrive(&state, "xy", ["p", "q", "r", "s"])
    #expect(state.list.tracking.mode == .off && state.currentHit?.objectID == "q")  // c's screen row
    // A move ends it too.
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.trackCurrent])))
    #expect(state.list.tracking.mode == .item("q"))
    down(&state, 1)
    #expect(state.list.tracking.mode == .off)
    // `up+track` follows the row moved to.
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.down, .trackCurrent])))
    #expect(state.list.tracking.mode == .item("s"))
  }

  @Test func toggleTrackTurnsTheGlobalOptionOnAndOff() {
    var state = fzfList(["a", "b"])
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleTrack])))
    #expect(state.list.tracking.mode == .always)
    // track-current is a no-op while --track is on; untrack-current too.
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.trackCurrent, .untrackCurrent])))
    #expect(state.list.tracking.mode == .always)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleTrack])))
    #expect(state.list.tracking.mode == .off)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleTrackCurrent])))
    #expect(state.list.tracking.mode == .item("a"))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleTrackCurrent])))
    #expect(state.list.tracking.mode == .off)
  }

  /// Lines with keys (`--id-nth 1`): "2 banana" becomes "2 blueberry" in the reloaded list.
  func keyed(_ lines: [String]) -> ResultsPage {
    var result = page("", 0, lines)
    for i in result.hits.indices { result.hits[i].identity = String(lines[i].prefix(1)) }
    return result
  }

  func identifiedList() -> SearchState {
    var state = fzfList([], tracking: .always)
    state.list.tracking.identified = true
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, keyed(["1 apple", "2 banana", "3 cherry"]))))
    down(&state, 1)
    return state
  }

  @Test func aReloadFindsTheItemByItsKeyWhileKeysWait() {
    var state = identifiedList()
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.reload("cmd")])))
    #expect(state.fzfCounts.hasSuffix("+T*") && state.list.tracking.isBlocked)
    // An answer about the list before the reload is dropped.
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision - 1, keyed(["2 banana"]))))
    #expect(state.list.tracking.isBlocked)
    // Keys wait.
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    #expect(state.editor.text == "" && state.list.tracking.isBlocked)
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 1, finished: false)))
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, keyed(["1 apricot"]))))
    #expect(state.list.tracking.isBlocked)  // not there yet, and more lines to come
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 3, finished: false)))
    _ = SearchReducer.reduce(
      &state,
      .answer(.resultsArrived(revision: state.list.revision, keyed(["1 apricot", "2 blueberry", "3 cranberry"]))))
    #expect(!state.list.tracking.isBlocked && state.currentHit?.title == "2 blueberry")
    #expect(state.fzfCounts.hasSuffix("+T"))
  }

  /// A reload while the tracked item is still looked for in the list before (its row not loaded
  /// yet after the query was cleared) looks for that item's key, not the top line's (fzf's
  /// test_track_nth_reload_whole_line).
  @Test func aReloadWhileTheItemIsSoughtLooksForItsKey() {
    var state = identifiedList()
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    #expect(state.list.tracking.sought?.key == "2")
    // The next answer's first page does not hold it: it is still sought.
    _ = arrive(&state, "x", ["1 apple", "3 cherry", "4 date", "5 fig"], nbHits: 40)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.reload("cmd")])))
    #expect(state.list.tracking.sought?.id == "2" && state.list.tracking.sought?.byIdentity == true)
  }

  @Test func reloadSyncWaitsForTheWholeListAndEscapeEndsTheWait() {
    var state = identifiedList()
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.reloadSync("cmd")])))
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 2, finished: false)))
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, keyed(["9 fig", "2 blueberry"]))))
    #expect(state.list.tracking.isBlocked)  // found, but the list is not whole yet
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 3, finished: true)))
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, keyed(["9 fig", "2 blueberry", "3 cranberry"]))))
    #expect(!state.list.tracking.isBlocked && state.currentHit?.title == "2 blueberry")
    // Escape while keys wait ends the wait, not the finder; tracking stays on.
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.reload("cmd")])))
    #expect(SearchReducer.reduce(&state, .app(.actionsTriggered([.abort]))) == [])
    #expect(!state.list.tracking.isBlocked && state.list.tracking.mode == .always)
    // toggle-track ends both.
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.reload("cmd")])))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleTrack])))
    #expect(!state.list.tracking.isBlocked && state.list.tracking.mode == .off)
  }

  /// A key the new list does not hold: once it is all read, the cursor keeps its place.
  @Test func aReloadWithoutTheKeyKeepsTheCursorsPlace() {
    var state = identifiedList()
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.reload("cmd")])))
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 3, finished: true)))
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, keyed(["7 delta", "8 epsilon", "9 zeta"]))))
    #expect(!state.list.tracking.isBlocked && state.currentHit?.title == "8 epsilon")
  }

  /// Without `--id-nth`, run as fzf, a reload keeps the cursor's place; Seek's list keeps its item.
  @Test func aReloadKeepsThePlaceRunAsFzfAndTheItemInSeeksList() {
    var state = fzfList(["a", "b", "c"])
    down(&state, 1)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.reload("cmd")])))
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 0, finished: false)))
    _ = arrive(&state, "", [])
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 3, finished: true)))
    _ = arrive(&state, "", ["c", "b", "a"])
    #expect(state.currentHit?.objectID == "b" && state.list.selection == 1)
    var seek = fzfList(["a", "b", "c"])
    seek.look = .seek
    _ = SearchReducer.reduce(&seek, .app(.actionsTriggered([.first])))
    _ = SearchReducer.reduce(&seek, .app(.actionsTriggered([.reload("cmd")])))
    _ = SearchReducer.reduce(&seek, .app(.catalogChanged(records: 3, finished: true)))
    _ = arrive(&seek, "", ["c", "b", "a"])
    #expect(seek.currentHit?.objectID == "a")
  }

  /// `transform-header(…)+reload(…)`: the header changes, then the reload starts.
  @Test func aTransformsOutputComesBeforeTheActionsAfterIt() {
    var state = fzfList(["a"])
    _ = SearchReducer.reduce(
      &state,
      .app(.actionsTriggered([.transformInto(action: "change-header", command: "echo"), .changePrompt("then> ")])))
    _ = SearchReducer.reduce(&state, .answer(.writesFlushed))
    _ = SearchReducer.reduce(&state, .app(.commandFinished(output: [.changeHeader("hello"), .changePrompt("out> ")])))
    #expect(state.header == ["hello"] && state.prompt == "then> ")
  }

  /// `--header-lines`: a reload's list brings its own header lines, in place of the ones before;
  /// `--header`'s stay.
  @Test func aReloadsHeaderLinesReplaceTheOnesBefore() {
    var state = fzfList(["a"])
    state.header = ["given"]
    _ = SearchReducer.reduce(&state, .app(.headerRead(["NAME  READY"])))
    #expect(state.header == ["given", "NAME  READY"])
    _ = SearchReducer.reduce(&state, .app(.headerRead(["NAME  STATUS"])))
    #expect(state.header == ["given", "NAME  STATUS"] && state.inputHeaderLines == 1)
  }

  /// `change-header` replaces `--header`'s lines; the input's header lines stay (fzf's).
  @Test func changeHeaderKeepsTheInputsHeaderLines() {
    var state = fzfList(["a"])
    state.header = ["bar"]
    _ = SearchReducer.reduce(&state, .app(.headerRead(["2", "1"])))
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.changeHeader("1\n2\n3\n4")])))
    #expect(state.header == ["1", "2", "3", "4", "2", "1"] && state.inputHeaderLines == 2)
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.changeHeader("")])))
    #expect(state.header == ["2", "1"])
  }

  /// Run as fzf a reload drops the marks; with `--id-nth` the lines with the marked keys are
  /// marked again once the new list has all come (fzf's `kubectl get pods` with `--multi`).
  @Test func marksGoWithTheListButTheirKeysComeBack() {
    var plain = fzfList(["a", "b"])
    plain.marks.picking.marks = true
    plain.marks.checked = ["a"]
    plain.marks.checkedThisRun = ["a"]
    let dropped = SearchReducer.reduce(&plain, .app(.actionsTriggered([.reload("cmd")])))
    #expect(dropped.first == .setChecked(objectID: "a", title: "a", checked: false))
    var state = identifiedList()  // on "2 banana", tracked
    state.list.tracking.mode = .off
    state.marks.picking.marks = true
    state.marks.checked = ["1 apple", "3 cherry"]
    state.marks.checkedThisRun = ["1 apple", "3 cherry"]
    let effects = SearchReducer.reduce(&state, .app(.actionsTriggered([.reloadSync("cmd")])))
    #expect(effects.filter { if case .setChecked(_, _, false) = $0 { true } else { false } }.count == 2)
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 3, finished: true)))
    let marked = SearchReducer.reduce(
      &state,
      .answer(.resultsArrived(revision: state.list.revision, keyed(["1 apricot", "2 blueberry", "3 cranberry"]))))
    #expect(
      marked.filter { if case .setChecked(_, _, true) = $0 { true } else { false } } == [
        .setChecked(objectID: "1 apricot", title: "1 apricot", checked: true),
        .setChecked(objectID: "3 cranberry", title: "3 cranberry", checked: true),
      ])
    // Seek's own list keeps its checks.
    var seek = fzfList(["a"])
    seek.look = .seek
    seek.marks.picking.marks = true
    seek.marks.checked = ["a"]
    seek.marks.checkedThisRun = ["a"]
    #expect(
      !SearchReducer.reduce(&seek, .app(.actionsTriggered([.reload("cmd")]))).contains {
        if case .setChecked = $0 { true } else { false }
      })
  }
}
