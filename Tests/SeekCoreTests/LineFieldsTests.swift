import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

/// fzf's `change-nth`, `change-with-nth`, `change-header-lines`: the shape asked for, when it is
/// asked for, and what the cursor and the marks do once the lines are read again.
@Suite struct LineFieldsTests {
  func listed(_ ids: [String], nth: String = "", withNth: String = "", headerLines: Int = 0) -> SearchState {
    var state = BindingsTests().listed(ids)
    state.fields = LineFieldsState(nth: nth, withNth: withNth, headerLines: headerLines, reshapable: true)
    state.inputEnded = true
    return state
  }

  func act(_ state: inout SearchState, _ action: BindAction) -> LineFieldsChange? {
    let effects = SearchReducer.reduce(&state, .app(.actionsTriggered([action])))
    return effects.compactMap { if case .reshapeLines(let change) = $0 { change } else { nil } }.first
  }

  /// fzf's test_change_nth: `2|3|` turns, its empty choice the `--nth` given; an argument empty
  /// as a whole searches the whole line (test_change_nth_unset_default).
  @Test func changeNthTurnsThroughItsChoices() {
    var state = listed(["a"], nth: "1,2..")
    #expect(act(&state, .changeNth("2|3|"))?.nth == "2")
    #expect(act(&state, .changeNth("2|3|"))?.nth == "3")
    #expect(act(&state, .changeNth("2|3|"))?.nth == "1,2..")
    #expect(act(&state, .changeNth("2|3|"))?.nth == "2")
    #expect(act(&state, .changeNth(""))?.nth == "")
    #expect(state.fields.nth == "")
    // Not valid: the `--nth` given.
    #expect(act(&state, .changeNth("x"))?.nth == "1,2..")
    // The same shape again asks for nothing.
    #expect(act(&state, .changeNth("1,2..")) == nil)
  }

  /// An empty choice is the `--with-nth` given; one that is not valid changes nothing.
  @Test func changeWithNthGoesBackToTheOneGiven() {
    var state = listed(["a"], withNth: "1")
    #expect(act(&state, .changeWithNth("2|"))?.withNth == "2")
    #expect(act(&state, .changeWithNth("2|"))?.withNth == "1")
    #expect(act(&state, .changeWithNth("0")) == nil)
    #expect(act(&state, .changeWithNth("{2} {1}"))?.withNth == "{2} {1}")
    #expect(state.fields.withNth == "{2} {1}")
    #expect(act(&state, .changeHeaderLines("-1")) == nil)
    #expect(act(&state, .changeHeaderLines("3"))?.headerLines == 3)
  }

  /// Lines that cannot be shaped again (none of the actions was bound): nothing happens.
  @Test func linesThatCannotBeShapedAgainStayAsTheyAre() {
    var state = BindingsTests().listed(["a"])
    state.inputEnded = true
    #expect(act(&state, .changeNth("2")) == nil)
    #expect(state.fields.nth == "")
  }

  /// Every line is read again: asked while the input is read, the change waits for its end.
  @Test func aChangeWaitsForTheWholeInput() {
    // An input whole from the start (`--sync`) does not wait.
    var whole = listed(["a"])
    whole.inputEnded = false
    #expect(act(&whole, .changeHeaderLines("2")) != nil)
    var state = listed(["a"])
    state.inputEnded = false
    state.streamedRecords = 0
    #expect(act(&state, .changeHeaderLines("2")) == nil)
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 5, finished: false, percent: nil)))
    #expect(state.fields.waiting != nil)
    let effects = SearchReducer.reduce(&state, .app(.catalogChanged(records: 9, finished: true, percent: nil)))
    #expect(effects.contains(.reshapeLines(LineFieldsChange(nth: "", withNth: "", headerLines: 2))))
    #expect(state.fields.waiting == nil)
  }

  /// fzf's test_change_header_lines_deselect and test_change_header_lines: the marked lines that
  /// became the header are unmarked once the new list is whole, and the cursor stays on its line.
  @Test func theCursorAndTheMarksFollowTheLines() {
    var state = listed(["1", "2", "3", "4", "5"])
    state.marks.checked = ["1", "4"]
    state.marks.checkedThisRun = ["1", "4"]
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    #expect(state.currentHit?.objectID == "3")
    let revisionBefore = state.list.revision
    #expect(act(&state, .changeHeaderLines("1"))?.headerLines == 1)
    // An answer about the lines before, arriving now, takes nothing.
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: revisionBefore, page("", 0, ["1", "2", "3", "4", "5"]))))
    // The list starts again, then is read whole: the lines listed are asked for.
    #expect(
      SearchReducer.reduce(&state, .app(.catalogChanged(records: 0, finished: false, percent: nil))).allSatisfy {
        if case .listMatches = $0 { false } else { true }
      })
    let asked = SearchReducer.reduce(&state, .app(.catalogChanged(records: 4, finished: true, percent: nil)))
    #expect(asked.contains(.listMatches(query: "", refine: Refine(), how: .keepListed)))
    let listed = ["2", "3", "4", "5"].map { ListedMatch(objectID: $0, title: $0) }
    #expect(
      SearchReducer.reduce(&state, .answer(.matchesListed(.keepListed, listed)))
        == [.setChecked(objectID: "1", title: "", checked: false)])
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ["2", "3", "4", "5"]))))
    #expect(state.currentHit?.objectID == "3")
  }

  /// A change of `--nth` keeps every mark (fzf's): nothing is listed after it.
  @Test func aChangeOfTheSearchedFieldsKeepsTheMarks() {
    var state = listed(["1", "2"])
    state.marks.checked = ["1"]
    #expect(act(&state, .changeNth("2")) != nil)
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 0, finished: false, percent: nil)))
    let effects = SearchReducer.reduce(&state, .app(.catalogChanged(records: 2, finished: true, percent: nil)))
    #expect(!effects.contains { if case .listMatches = $0 { true } else { false } })
  }
}

/// fzf's `offset-up` and `toggle-hscroll`.
@Suite struct ViewShiftTests {
  /// Six `offset-up` typed at once on a first page as tall as the screen: the view moves six
  /// rows (its last rows come with the next page, asked for), the cursor with it (fzf's
  /// test_freeze_right_with_ellipsis_and_scrolling).
  @Test func theViewShiftsPastTheRowsLoadedWhileMoreAreToCome() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    _ = SearchReducer.reduce(&state, .app(.started(Viewport(resultsRows: 5))))
    _ = SearchReducer.reduce(
      &state,
      .answer(
        .resultsArrived(
          revision: state.list.revision, page("", 0, ["1", "2", "3", "4", "5"], nbHits: 100, hitsPerPage: 5))))
    var effects: [SearchEffect] = []
    for _ in 0..<3 { effects += SearchReducer.reduce(&state, .app(.actionsTriggered([.offsetDown]))) }
    #expect(state.list.scrollOffset == 3)
    #expect(state.currentHit?.objectID == "4")
    #expect(effects.contains { if case .searchResults(_, 1, _, _, _, _) = $0 { true } else { false } })
  }

  @Test func toggleHscrollFlipsHowALongLineIsCut() {
    var state = SearchState()
    _ = SearchReducer.reduce(&state, .app(.actionsTriggered([.toggleHscroll])))
    #expect(state.hscrollToggled)
    #expect(BindAction.named("toggle-hscroll", argument: nil) == .toggleHscroll)
  }
}
