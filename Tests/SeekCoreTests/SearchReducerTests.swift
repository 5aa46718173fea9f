import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

/// The pure machine, event by event, every state change spelled out.
@Suite struct SearchReducerTests {
  let size = ScreenSize(columns: 80, rows: 24)

  /// A store that has started and received its first answers.
  func started(suggestions: [SuggestionHit] = [suggestion("macbook", 731), suggestion("iphone", 174)]) -> TestStore {
    var store = TestStore()
    store.send(
      .app(.started(Viewport())),
      effects: [
        .searchResults(query: "", page: 0, revision: 1), .searchSuggestions(query: "", revision: 1),
      ]
    ) {
      $0.list.revision = 1
      $0.suggestionsPane.revision = 1
    }
    store.send(.answer(.resultsArrived(revision: 1, page("", 0, ["a", "b", "c"])))) {
      $0.list.answeredRevision = 1
      $0.list.results.hits = [hit("a"), hit("b"), hit("c")]
      $0.list.results.nbHits = 3
      $0.list.results.nbPages = 1
      $0.list.results.pagesLoaded = 1
      $0.list.results.isPending = false
    }
    store.send(.answer(.suggestionsArrived(revision: 1, suggestions))) { $0.suggestionsPane.hits = suggestions }
    return store
  }

  @Test func initialStateSearchesBothForTheEmptyQuery() {
    let store = started()
    #expect(store.state.editor.text == "")
    #expect(store.state.shownSuggestions.map(\.query) == ["macbook", "iphone"])
    #expect(store.state.list.results.rows == [.item(hit("a")), .item(hit("b")), .item(hit("c"))])
    #expect(store.state.list.results.createTitle == nil)
  }

  @Test func eachKeystrokeSearchesBothAndResetsTheHighlight() {
    var store = started()
    store.send(.move(.movedDown)) { $0.suggestionsPane.highlighted = 0 }
    store.edit(.query(.inserted("m")), to: "m", revision: 2) {
      $0.suggestionsPane.highlighted = nil
    }
    store.edit(.query(.inserted("a")), to: "ma", revision: 3)
    store.edit(.query(.deletedBackward), to: "m", revision: 4)
  }

  @Test func upAndDownMoveTheHighlightThenIntoTheResultsAndBack() {
    var store = started()
    store.send(.move(.movedDown)) { $0.suggestionsPane.highlighted = 0 }
    store.send(.move(.movedDown)) { $0.suggestionsPane.highlighted = 1 }
    store.send(.move(.movedDown)) {
      $0.suggestionsPane.highlighted = nil
      $0.focus = .results
      $0.list.selection = 0
    }
    store.send(.move(.movedDown)) { $0.list.selection = 1 }
    store.send(.move(.movedUp)) { $0.list.selection = 0 }
    store.send(.move(.movedUp)) {
      $0.focus = .query
      $0.suggestionsPane.highlighted = 1
    }
    store.send(.move(.movedUp)) { $0.suggestionsPane.highlighted = 0 }
    store.send(.move(.movedUp)) { $0.suggestionsPane.highlighted = nil }
  }

  @Test func tabCompletesWithoutSubmitting() {
    var store = started()
    store.send(.move(.movedDown)) { $0.suggestionsPane.highlighted = 0 }
    store.send(.move(.movedDown)) { $0.suggestionsPane.highlighted = 1 }
    store.edit(.key(.tabPressed), to: "iphone", revision: 2) {
      $0.suggestionsPane.highlighted = nil
    }
    #expect(store.state.suggestionsPane.didSubmit == false)
    #expect(store.state.suggestionsPane.visible)
  }

  @Test func tabWithNoHighlightTakesTheTopSuggestion() {
    var store = started()
    store.edit(.key(.tabPressed), to: "macbook", revision: 2)
  }

  @Test func enterOnASuggestionSubmitsIt() {
    var store = started()
    store.send(.move(.movedDown)) { $0.suggestionsPane.highlighted = 0 }
    store.send(
      .key(.enterPressed),
      effects: [
        .searchResults(query: "macbook", page: 0, revision: 2),
        .logSubmittedQuery(query: "macbook", fromSuggestion: true),
      ]
    ) {
      $0.editor.text = "macbook"
      $0.editor.cursor = 7
      $0.suggestionsPane.didSubmit = true
      $0.suggestionsPane.hits = []
      $0.suggestionsPane.visible = false
      $0.suggestionsPane.highlighted = nil
      $0.list.selectFirstHitOnArrival = true
      $0.list.revision = 2
      $0.suggestionsPane.revision = 2
    }
    // A late suggestions answer must not reopen the pane.
    store.send(.answer(.suggestionsArrived(revision: 1, [suggestion("late")])))
    // Typing again reopens the suggestions.
    store.edit(.query(.inserted(" ")), to: "macbook ", revision: 3) {
      $0.list.selectFirstHitOnArrival = false
      $0.suggestionsPane.visible = true
      $0.suggestionsPane.didSubmit = false
    }
  }

  @Test func enterSubmitsTheTypedQuery() {
    var store = started()
    store.edit(.query(.inserted("tv")), to: "tv", revision: 2)
    store.send(
      .key(.enterPressed),
      effects: [
        .searchResults(query: "tv", page: 0, revision: 3), .logSubmittedQuery(query: "tv", fromSuggestion: false),
      ]
    ) {
      $0.suggestionsPane.hits = []
      $0.suggestionsPane.visible = false
      $0.list.selectFirstHitOnArrival = true
      $0.list.revision = 3
      $0.suggestionsPane.revision = 3
      // Its answer decides whether Enter also creates the item (nothing found).
      $0.marks.enterOnArrival = "tv"
    }
  }

  /// After a submit selects the first hit, Space types (`samsung`, Enter, ` tv`), as every other
  /// key does; once the user moves onto a row, Space checks it.
  @Test func spaceAfterASubmitTypesASpace() {
    var state = started().state
    _ = SearchReducer.reduce(&state, .query(.inserted("tv")))
    _ = SearchReducer.reduce(&state, .key(.enterPressed))
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("tv", 0, ["t1", "t2"]))))
    #expect(state.focus == .results && state.list.selectedBySubmit)
    let typed = SearchReducer.reduce(&state, .key(.spacePressed))
    #expect(state.editor.text == "tv " && state.focus == .query && !state.list.selectedBySubmit)
    #expect(typed.contains(.searchResults(query: "tv ", page: 0, revision: state.list.revision)))
    #expect(!state.marks.checked.contains("t1"))
    // Tab on the hit a submit selected checks it (fzf's toggle+down).
    var tabbed = started().state
    _ = SearchReducer.reduce(&tabbed, .query(.inserted("tv")))
    _ = SearchReducer.reduce(&tabbed, .key(.enterPressed))
    _ = SearchReducer.reduce(
      &tabbed, .answer(.resultsArrived(revision: tabbed.list.revision, page("tv", 0, ["t1", "t2"]))))
    let toggled = SearchReducer.reduce(&tabbed, .key(.tabPressed))
    #expect(toggled.contains(.setChecked(objectID: "t1", title: "t1", checked: true)))
    #expect(tabbed.editor.text == "tv")
    // Moved onto a row by the user: Space checks it, the query stays.
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("tv ", 0, ["t1", "t2"]))))
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    while state.focus != .results { _ = SearchReducer.reduce(&state, .move(.movedDown)) }
    let checked = SearchReducer.reduce(&state, .key(.spacePressed))
    #expect(state.editor.text == "tv ")
    #expect(checked.count == 1 && !checked.contains { if case .searchResults = $0 { true } else { false } })
  }

  /// readline's kills and yank, fzf's Ctrl-D and Esc for lines.
  @Test func killsYankAndTheWaysOutOfLines() {
    var state = started().state
    _ = SearchReducer.reduce(&state, .query(.inserted("foo bar foo-bar")))
    _ = SearchReducer.reduce(&state, .query(.deletedWordPartBackward))
    #expect(state.editor.text == "foo bar foo-")
    _ = SearchReducer.reduce(&state, .query(.deletedWordBackward))
    #expect(state.editor.text == "foo bar ")
    #expect(state.editor.killed == "foo-")
    _ = SearchReducer.reduce(&state, .query(.deletedToStart))
    #expect(state.editor.text == "" && state.editor.killed == "foo bar ")
    _ = SearchReducer.reduce(&state, .query(.yanked))
    _ = SearchReducer.reduce(&state, .query(.yanked))
    #expect(state.editor.text == "foo bar foo bar " && state.editor.cursor == 16)
    // Ctrl-D deletes under the cursor; on an empty query it quits.
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.home)))
    #expect(SearchReducer.reduce(&state, .query(.deletedForwardOrQuit)).contains(.quit(status: 130)) == false)
    #expect(state.editor.text == "oo bar foo bar ")
    _ = SearchReducer.reduce(&state, .query(.cleared))
    #expect(SearchReducer.reduce(&state, .query(.deletedForwardOrQuit)) == [.quit(status: 130)])
    // Lines: one Esc quits, whatever is typed or shown; records clear first.
    var lines = started().state
    lines.marks.picking = Picking.defaults(lines: true)
    _ = SearchReducer.reduce(&lines, .query(.inserted("x")))
    #expect(SearchReducer.reduce(&lines, .key(.escapePressed)) == [.quit(status: 130)])
    var records = started().state
    _ = SearchReducer.reduce(&records, .query(.inserted("x")))
    #expect(SearchReducer.reduce(&records, .key(.escapePressed)) != [.quit(status: 130)])
  }

  /// Lines are a plain list unless marks are asked for (-m): Space types, Tab only moves; with
  /// marks, Tab checks and moves down, up to --multi=N.
  @Test func plainListsAndMarks() {
    var plain = started().state
    plain.marks.picking = Picking.defaults(lines: true)
    plain.suggestionsPane.hits = []
    // The top line is current while typing (fzf's pointer): Down moves past it.
    _ = SearchReducer.reduce(&plain, .move(.movedDown))
    #expect(plain.focus == .results && plain.list.selection == 1)
    let tab = SearchReducer.reduce(&plain, .key(.tabPressed))
    #expect(!tab.contains { if case .setChecked = $0 { true } else { false } })
    #expect(plain.list.selection == 2)
    _ = SearchReducer.reduce(&plain, .key(.spacePressed))
    #expect(plain.editor.text == " " && plain.focus == .query)
    var marked = started().state
    marked.marks.picking = Picking(enterAccepts: true, offersCreate: false, escapeQuits: true, marks: true, maxMarks: 1)
    marked.suggestionsPane.hits = []
    // Tab in the query acts on the top line, then moves down.
    #expect(
      SearchReducer.reduce(&marked, .key(.tabPressed)).contains(.setChecked(objectID: "a", title: "a", checked: true)))
    #expect(marked.focus == .results && marked.list.selection == 1)
    _ = SearchReducer.reduce(&marked, .answer(.checkSaved(objectID: "a", checked: true)))
    #expect(SearchReducer.reduce(&marked, .key(.tabPressed)).isEmpty)
    #expect(marked.message == "at most 1 marked (--multi=1)")
  }

  /// Yanking a kill of the whole query doubles it: the query stays within its bound, however
  /// often (the fuzzer's 245 keys took 99 s before).
  @Test func theQueryIsBounded() {
    var state = started().state
    _ = SearchReducer.reduce(&state, .query(.inserted("ab")))
    for _ in 0..<40 {
      _ = SearchReducer.reduce(&state, .query(.deletedToStart))
      _ = SearchReducer.reduce(&state, .query(.yanked))
      _ = SearchReducer.reduce(&state, .query(.yanked))
    }
    #expect(state.editor.text.count == SearchState.maxQueryCharacters)
    #expect(state.message == "a query is at most 4096 characters")
  }

  /// A submitted query logged after the empty query's suggestions were answered: they are asked
  /// for again, so the recent search shows without waiting for a key.
  @Test func aLoggedQueryRefreshesTheSuggestions() {
    var store = started()
    store.send(.answer(.queryLogged), effects: [.searchSuggestions(query: "", revision: 2)]) {
      $0.suggestionsPane.revision = 2
    }
  }

  /// --cycle: the list wraps at both ends once every page is loaded; without it, it stops.
  @Test func cyclingWrapsAtBothEnds() {
    var state = started().state
    state.suggestionsPane.hits = []
    state.marks.picking.cycles = true
    _ = SearchReducer.reduce(&state, .move(.movedUp))
    #expect(state.focus == .results && state.list.selection == 2)
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    #expect(state.list.selection == 0)
    _ = SearchReducer.reduce(&state, .move(.movedUp))
    #expect(state.list.selection == 2)
    var plain = started().state
    plain.suggestionsPane.hits = []
    _ = SearchReducer.reduce(&plain, .move(.movedDown))
    _ = SearchReducer.reduce(&plain, .move(.movedDown))
    _ = SearchReducer.reduce(&plain, .move(.movedDown))
    _ = SearchReducer.reduce(&plain, .move(.movedDown))
    #expect(plain.list.selection == 2)
  }

  @Test func aStaleResponseIsIgnored() {
    var store = started()
    store.edit(.query(.inserted("ip")), to: "ip", revision: 2)
    store.edit(.query(.inserted("hone")), to: "iphone", revision: 3)
    store.send(.answer(.resultsArrived(revision: 3, page("iphone", 0, ["iphone 15"])))) {
      $0.list.answeredRevision = 3
      $0.list.results.query = "iphone"
      $0.list.results.hits = [hit("iphone 15")]
      $0.list.results.nbHits = 1
    }
    // The slow answer for "ip" arrives last and changes nothing.
    store.send(.answer(.resultsArrived(revision: 2, page("ip", 0, ["ipad", "ip camera"]))))
    store.send(.answer(.suggestionsArrived(revision: 2, [suggestion("ipad")])))
    #expect(store.state.list.results.hits == [hit("iphone 15")])
  }

  @Test func scrollingLoadsTheNextPageOnceAndStopsAtTheLast() {
    var store = started()
    let p0 = (0..<20).map { "p0-\($0)" }
    let p1 = (0..<20).map { "p1-\($0)" }
    store.edit(.query(.inserted("x")), to: "x", revision: 2)
    store.send(.answer(.suggestionsArrived(revision: 2, []))) { $0.suggestionsPane.hits = [] }
    // 20 rows do not fill the 22-row pane: the second page is asked for at once.
    store.send(
      .answer(.resultsArrived(revision: 2, page("x", 0, p0, nbHits: 45))),
      effects: [
        .searchResults(query: "x", page: 1, revision: 2)
      ]
    ) {
      $0.list.answeredRevision = 2
      $0.list.results.query = "x"
      $0.list.results.hits = p0.map { hit($0) }
      $0.list.results.nbHits = 45
      $0.list.results.nbPages = 3
      $0.list.results.loadingPage = 1
    }
    store.send(.answer(.resultsArrived(revision: 2, page("x", 1, p1, nbHits: 45)))) {
      $0.list.results.hits += p1.map { hit($0) }
      $0.list.results.pagesLoaded = 2
      $0.list.results.loadingPage = nil
    }
    store.send(.move(.pagedDown)) {
      $0.focus = .results
      $0.list.selection = 21
    }
    store.send(.move(.pagedDown), effects: [.searchResults(query: "x", page: 2, revision: 2)]) {
      $0.list.selection = 40  // the last row: 40 hits under the create row for "x"
      $0.list.scrollOffset = 19
      $0.list.results.loadingPage = 2
    }
    // Asked once: moving again while it loads asks nothing more; the move waits for the page.
    store.send(.move(.movedDown)) { $0.list.pendingMoves = 1 }
    // The last page arrives; a hit already shown is not shown twice; the move is made.
    store.send(.answer(.resultsArrived(revision: 2, page("x", 2, ["p2-0", "p0-3", "p2-1"], nbHits: 45)))) {
      $0.list.results.hits += [hit("p2-0"), hit("p2-1")]
      $0.list.results.pagesLoaded = 3
      $0.list.results.loadingPage = nil
      $0.list.pendingMoves = 0
      $0.list.selection = 41
      $0.list.scrollOffset = 20
    }
    store.send(.query(.cursorMoved(.end))) {
      $0.list.selection = 42
      $0.list.scrollOffset = 21
    }
    store.send(.move(.movedDown))
    #expect(!store.state.list.results.hasMorePages)
  }

  /// A first page's count may be the typo-free hits' alone (approximate, shown `~`): a later page
  /// that counted every match makes it exact, and scrolling goes on past the estimate until a
  /// page comes back empty, when the count is what was loaded.
  @Test func anApproximateCountBecomesExactAsPagesLoad() {
    func approximate(_ p: ResultsPage) -> ResultsPage {
      var copy = p
      copy.exhaustiveNbHits = false
      return copy
    }
    var results = ResultsState()
    results.hits = (0..<20).map { hit("p0-\($0)") }
    results.nbHits = 20
    results.nbPages = 1
    results.pagesLoaded = 1
    results.exhaustiveNbHits = false
    #expect(results.hasMorePages)  // past the estimate
    // Still approximate, more than estimated: the count grows to what is loaded.
    results.hits += [hit("p1-0"), hit("p1-1")]
    results.pagesLoaded = 2
    ResultsReducer.countFromLaterPage(&results, approximate(page("x", 1, ["p1-0", "p1-1"], nbHits: 20)))
    #expect(results.nbHits == 22 && !results.exhaustiveNbHits && results.hasMorePages)
    // An empty page: every hit is loaded, and the count is exact.
    results.pagesLoaded = 3
    ResultsReducer.countFromLaterPage(&results, approximate(page("x", 2, [], nbHits: 20)))
    #expect(results.nbHits == 22 && results.exhaustiveNbHits && !results.hasMorePages)
    // A later page that counted every match: its count, exact.
    var other = ResultsState()
    other.hits = (0..<20).map { hit("p0-\($0)") } + [hit("p1-0")]
    other.nbHits = 20
    other.nbPages = 1
    other.pagesLoaded = 2
    other.exhaustiveNbHits = false
    ResultsReducer.countFromLaterPage(&other, page("x", 1, ["p1-0"], nbHits: 45))
    #expect(other.nbHits == 45 && other.nbPages == 3 && other.exhaustiveNbHits && other.hasMorePages)
  }

  @Test func noResultsShowsOnlyTheCreateRow() {
    var store = started()
    store.edit(.query(.inserted("zz")), to: "zz", revision: 2)
    store.send(.answer(.resultsArrived(revision: 2, page("zz", 0, [])))) {
      $0.list.answeredRevision = 2
      $0.list.results.query = "zz"
      $0.list.results.hits = []
      $0.list.results.nbHits = 0
      $0.list.results.nbPages = 0
    }
    #expect(store.state.list.results.rows == [.create("zz")])
  }

  @Test func escapeClosesSuggestionsThenClearsThenQuits() {
    var store = started()
    store.edit(.query(.inserted("a")), to: "a", revision: 2)
    store.send(.key(.escapePressed)) { $0.suggestionsPane.visible = false }
    store.edit(.key(.escapePressed), to: "", revision: 3)
    store.send(.key(.escapePressed), effects: [.quit(status: 130)])
  }

  @Test func spaceChecksTheSelectedResultAndTypesInTheQuery() {
    var store = started()
    store.moveThroughTwoSuggestionsIntoResults()
    // The check shows at once; the store's answer confirms it.
    store.send(.key(.spacePressed), effects: [.setChecked(objectID: "a", title: "a", checked: true)]) {
      $0.marks.checked = ["a"]
      $0.marks.checkedThisRun = ["a"]
      $0.marks.checksInFlight = ["a": 1]
    }
    store.send(.answer(.checkSaved(objectID: "a", checked: true))) { $0.marks.checksInFlight = [:] }
    store.send(.key(.spacePressed), effects: [.setChecked(objectID: "a", title: "a", checked: false)]) {
      $0.marks.checked = []
      $0.marks.checkedThisRun = []
      $0.marks.checksInFlight = ["a": 1]
    }
    store.send(.answer(.checkSaved(objectID: "a", checked: false))) { $0.marks.checksInFlight = [:] }
    store.send(.key(.enterPressed), effects: [.flushWrites]) { $0.marks.pendingAccept = "a" }
    store.send(.answer(.writesFlushed), effects: [.accept(objectIDs: ["a"])])
  }

  /// Space then Enter in one burst: Enter arrives before the check is saved. Accept waits for the
  /// writes before it, and prints what the store then holds; keys after Enter do nothing.
  @Test func acceptWaitsForTheChecksBeforeIt() {
    var store = started()
    store.moveThroughTwoSuggestionsIntoResults()
    store.send(.move(.movedDown)) { $0.list.selection = 1 }
    store.send(.key(.spacePressed), effects: [.setChecked(objectID: "b", title: "b", checked: true)]) {
      $0.marks.checked = ["b"]
      $0.marks.checkedThisRun = ["b"]
      $0.marks.checksInFlight = ["b": 1]
    }
    store.send(.key(.enterPressed), effects: [.flushWrites]) { $0.marks.pendingAccept = "b" }
    store.send(.key(.spacePressed))
    store.send(.move(.movedDown))
    store.send(.answer(.checkSaved(objectID: "b", checked: true))) { $0.marks.checksInFlight = [:] }
    store.send(.answer(.writesFlushed), effects: [.accept(objectIDs: ["b"])])
  }

  /// Checks from an earlier run stay checked on screen but are not printed; a check cleared by
  /// another process meanwhile is not printed either.
  @Test func acceptPrintsThisRunsChecksThatTheStoreStillHolds() {
    var state = started().state
    state.marks.checked = ["old"]
    var store = TestStore(state)
    store.moveThroughTwoSuggestionsIntoResults()
    store.send(.answer(.checkSaved(objectID: "a", checked: true))) {
      $0.marks.checked = ["old", "a"]
      $0.marks.checkedThisRun = ["a"]
    }
    store.send(.answer(.checkSaved(objectID: "c", checked: true))) {
      $0.marks.checked = ["old", "a", "c"]
      $0.marks.checkedThisRun = ["a", "c"]
    }
    store.send(.app(.tick(milliseconds: 500)), effects: [.refreshFromStore])
    store.send(.answer(.storeChanged(checked: ["old", "c"], createdChanged: false))) {
      $0.marks.checked = ["old", "c"]
    }
    store.send(.key(.enterPressed), effects: [.flushWrites]) { $0.marks.pendingAccept = "a" }
    store.send(.app(.tick(milliseconds: 500)))
    store.send(.answer(.writesFlushed), effects: [.accept(objectIDs: ["c"])])
  }

  @Test func createdItemsChangedElsewhereRefreshTheResults() {
    var store = started()
    store.send(
      .answer(.storeChanged(checked: ["x"], createdChanged: true)),
      effects: [.searchResults(query: "", page: 0, revision: 2)]
    ) {
      $0.marks.checked = ["x"]
      $0.list.revision = 2
    }
  }

  /// A shared store out of reach is said, and so is its return; a catalog whose source says it
  /// changed is read again.
  @Test func theStoreAndTheSourceSpeakOnTheStatusLine() {
    var store = started()
    // Offline is a state that stays on the status line; a key typed meanwhile does not clear it.
    store.send(.answer(.storeNoted("shared store x unavailable"))) { $0.storeNote = "shared store x unavailable" }
    store.send(.answer(.storeNoted(nil))) {
      $0.storeNote = nil
      $0.message = "shared store reached again: changes sent"
    }
    store.send(.app(.sourceChanged), effects: [.reloadSource]) { $0.message = "the catalog changed: reading it again" }
  }

  @Test func editingKeysWorkAtTheCursor() {
    var state = SearchState()
    _ = SearchReducer.reduce(&state, .query(.inserted("héllo wörld")))
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.left)))
    _ = SearchReducer.reduce(&state, .query(.deletedBackward))
    #expect(state.editor.text == "héllo wörd")
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.home)))
    _ = SearchReducer.reduce(&state, .query(.deletedForward))
    #expect(state.editor.text == "éllo wörd")
    _ = SearchReducer.reduce(&state, .query(.cursorMoved(.end)))
    _ = SearchReducer.reduce(&state, .query(.deletedWordBackward))
    #expect(state.editor.text == "éllo ")
    _ = SearchReducer.reduce(&state, .query(.inserted("a\u{1B}[31mb")))
    #expect(state.editor.text == "éllo a[31mb")
    _ = SearchReducer.reduce(&state, .query(.cleared))
    #expect(state.editor.text == "" && state.editor.cursor == 0)
  }
}

@Suite struct ResultRowsTests {
  @Test func equalItemsComeFirstAndAreNotRepeated() {
    var results = ResultsState()
    results.query = "milk"
    results.isPending = false
    results.hits = [hit("a"), hit("milk"), hit("b")]
    results.equalItems = [hit("milk")]
    #expect(results.rowCount == 3)
    #expect((0..<4).map(results.row(at:)) == [.item(hit("milk")), .item(hit("a")), .item(hit("b")), nil])
  }

  @Test func theCreateRowLeadsWhenNothingIsEqual() {
    var results = ResultsState()
    results.query = " eggs "
    results.isPending = false
    results.hits = [hit("a")]
    #expect(results.rowCount == 2)
    #expect(results.rows == [.create("eggs"), .item(hit("a"))])
    #expect(results.row(at: -1) == nil)
  }
}

@Suite struct RefinementReducerTests {
  let size = ScreenSize(columns: 80, rows: 24)

  func started() -> TestStore {
    var state = SearchState()
    state.refining.facetAttributes = ["brand", "category"]
    state.refining.numericFacets = ["price", "popularity"]
    var store = TestStore(state)
    store.send(
      .app(.started(Viewport())),
      effects: [.searchResults(query: "", page: 0, revision: 1), .searchSuggestions(query: "", revision: 1)]
    ) {
      $0.list.revision = 1
      $0.suggestionsPane.revision = 1
    }
    return store
  }

  static func refine(_ facets: [(String, String)], numeric: [Refinements.Numeric] = [], sort: SortOrder? = nil)
    -> Refine
  {
    Refine(
      refinements: Refinements(facets: facets.map { .init(attribute: $0.0, value: $0.1) }, numeric: numeric), sort: sort
    )
  }

  /// `brand:apple ` typed in the query becomes a refinement (a chip); other `a:b` text stays text.
  @Test func tokensOnFacetsBecomeRefinements() {
    var store = started()
    for (i, c) in "brand:apple".enumerated() {
      store.edit(.query(.inserted(String(c))), to: String("brand:apple".prefix(i + 1)), revision: i + 2)
    }
    let refine = Self.refine([("brand", "apple")])
    store.send(
      .key(.spacePressed),
      effects: [
        .searchResults(query: "", page: 0, refine: refine, revision: 13), .searchSuggestions(query: "", revision: 13),
      ]
    ) {
      $0.editor.text = ""
      $0.editor.cursor = 0
      $0.refining.refine = refine
      $0.list.revision = 13
      $0.suggestionsPane.revision = 13
    }
    #expect(store.state.refining.refine.refinements.chips == ["brand: apple"])
    // Not a facet: plain text, the space typed.
    store.edit(.query(.inserted("x")), to: "x", refine: refine, revision: 14)
    store.send(
      .query(.inserted(":")),
      effects: [
        .searchResults(query: "x:", page: 0, refine: refine, revision: 15),
        .searchSuggestions(query: "x:", revision: 15),
      ]
    ) {
      $0.editor.text = "x:"
      $0.editor.cursor = 2
      $0.list.revision = 15
      $0.suggestionsPane.revision = 15
    }
  }

  @Test func numericTokensAndSubmitAbsorbEveryToken() {
    var store = started()
    store.state.editor.text = "tv price<500 brand:Sony"
    store.state.editor.cursor = store.state.editor.text.count
    let refine = Self.refine(
      [("brand", "Sony")], numeric: [.init(attribute: "price", comparison: .less, value: 500)])
    store.send(
      .key(.enterPressed),
      effects: [
        .searchResults(query: "tv", page: 0, refine: refine, revision: 2),
        .logSubmittedQuery(query: "tv", fromSuggestion: false),
      ]
    ) {
      $0.editor.text = "tv"
      $0.editor.cursor = 2
      $0.refining.refine = refine
      $0.suggestionsPane.visible = false
      $0.list.selectFirstHitOnArrival = true
      $0.list.revision = 2
      $0.suggestionsPane.revision = 2
      $0.marks.enterOnArrival = "tv"
    }
    #expect(store.state.refining.refine.refinements.chips == ["brand: Sony", "price < 500"])
  }

  /// A suggestion with a category searches its query refined to that category; Tab completes the
  /// query only.
  @Test func aSuggestionsCategoryRefines() {
    var store = started()
    let iphone = SuggestionHit(suggestion: Suggestion(query: "iphone", popularity: 9, category: "Cell Phones"))
    store.send(.answer(.suggestionsArrived(revision: 1, [iphone]))) { $0.suggestionsPane.hits = [iphone] }
    store.send(.move(.movedDown)) { $0.suggestionsPane.highlighted = 0 }
    let refine = Self.refine([("category", "Cell Phones")])
    store.send(
      .key(.enterPressed),
      effects: [
        .searchResults(query: "iphone", page: 0, refine: refine, revision: 2),
        .logSubmittedQuery(query: "iphone", fromSuggestion: true),
      ]
    ) {
      $0.editor.text = "iphone"
      $0.editor.cursor = 6
      $0.refining.refine = refine
      $0.refining.categoryFromSuggestion = .init(attribute: "category", value: "Cell Phones")
      $0.suggestionsPane.didSubmit = true
      $0.suggestionsPane.hits = []
      $0.suggestionsPane.visible = false
      $0.suggestionsPane.highlighted = nil
      $0.list.selectFirstHitOnArrival = true
      $0.list.revision = 2
      $0.suggestionsPane.revision = 2
    }
    // F4 clears them all.
    store.send(.refinements(.refinementsCleared), effects: [.searchResults(query: "iphone", page: 0, revision: 3)]) {
      $0.refining.refine = Refine()
      $0.list.selectFirstHitOnArrival = false  // a key after the submit takes over
      $0.list.revision = 3
    }
    store.send(.refinements(.refinementsCleared))
  }

  /// The pane: open with F2, move, Space toggles a value (new revision); a late answer of the
  /// previous refinements is dropped.
  @Test func thePaneTogglesValuesAndStaleAnswersAreDropped() {
    var store = started()
    var page = page("", 0, ["a", "b"])
    page.facets = [
      FacetResult(attribute: "brand", values: [.init(value: "Apple", count: 5), .init(value: "Sony", count: 3)])
    ]
    store.send(.answer(.resultsArrived(revision: 1, page))) {
      $0.list.answeredRevision = 1
      $0.list.results.hits = [hit("a"), hit("b")]
      $0.list.results.nbHits = 2
      $0.list.results.nbPages = 1
      $0.list.results.pagesLoaded = 1
      $0.list.results.isPending = false
      $0.list.results.facets = page.facets
    }
    // Opening the pane on a narrow screen turns the counts on: the results are searched again.
    store.send(
      .refinements(.refinementPaneToggled),
      effects: [.searchResults(query: "", page: 0, refine: Refine(countFacets: true), revision: 2)]
    ) {
      $0.refining.paneOpen = true
      $0.focus = .refinements
      $0.refining.paneSelection = 1
      $0.refining.refine.countFacets = true
      $0.list.revision = 2
    }
    store.send(.move(.movedDown)) { $0.refining.paneSelection = 2 }
    store.send(.move(.movedDown))
    var refine = Self.refine([("brand", "Sony")])
    refine.countFacets = true
    store.send(.key(.spacePressed), effects: [.searchResults(query: "", page: 0, refine: refine, revision: 3)]) {
      $0.refining.refine = refine
      $0.list.revision = 3
    }
    store.send(.answer(.resultsArrived(revision: 1, page)))  // the answer for before the toggle: dropped
    // Closing it stops the counting (nothing to search again: fewer counts are not shown).
    store.send(.key(.escapePressed)) {
      $0.focus = .query
      $0.refining.paneOpen = false
      $0.refining.refine.countFacets = false
    }
  }

  @Test func sortCyclesThroughNumericFacetsAndBack() {
    var store = started()
    let cycle: [SortOrder?] = [
      SortOrder(attribute: "price", descending: false), SortOrder(attribute: "price", descending: true),
      SortOrder(attribute: "popularity", descending: false), SortOrder(attribute: "popularity", descending: true), nil,
    ]
    for (i, sort) in cycle.enumerated() {
      store.send(
        .refinements(.sortCycled),
        effects: [.searchResults(query: "", page: 0, refine: Refine(sort: sort), revision: i + 2)]
      ) {
        $0.refining.refine.sort = sort
        $0.message = "sorted by " + (sort?.description ?? "relevance")
        $0.list.revision = i + 2
      }
    }
  }

  /// A refinement the catalog cannot apply: a message, nothing else changes.
  @Test func aBadRefinementIsAMessage() {
    var store = started()
    var failed = ResultsPage(query: "", page: 0, hits: [], nbHits: 0, nbPages: 0)
    failed.error = "refinement: column 1: 'color' is not a facet"
    store.send(.answer(.resultsArrived(revision: 1, failed))) { $0.message = failed.error }
  }
}

@Suite struct CombiningInputTests {
  /// A combining accent typed after a letter (a dead key) joins it: one character, the cursor after it.
  @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
    var state = SearchState()
    _ = SearchReducer.reduce(&state, .query(.inserted("e")))
    _ = SearchReducer.reduce(&state, .query(.inserted("\u{301}")))
    #expect(state.editor.text == "e\u{301}")
    #expect(state.editor.text.count == 1 && state.editor.cursor == 1)
    _ = SearchReducer.reduce(&state, .query(.deletedBackward))
    #expect(state.editor.text.isEmpty && state.editor.cursor == 0)
  }
}

/// While a pipe is read, a first page may come in two: the indexes' part (interim) at once, then
/// the whole answer once the lines past them are scanned.
@Suite struct InterimAnswerTests {
  static func hit(_ title: String) -> ResultHit { ResultHit(objectID: title, title: title) }

  @Test func anInterimPageIsShownAndStaysPendingUntilTheWholeAnswer() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    _ = SearchReducer.reduce(&state, .app(.started(Viewport(resultsRows: 3))))
    _ = SearchReducer.reduce(&state, .query(.inserted("a")))
    var interim = ResultsPage(query: "a", page: 0, hits: [Self.hit("a1"), Self.hit("a2")], nbHits: 2, nbPages: 1)
    interim.interim = true
    interim.exhaustiveNbHits = false
    let effects = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, interim)))
    #expect(effects.isEmpty)  // no later page, no count
    #expect(state.list.results.hits.map(\.objectID) == ["a1", "a2"] && state.list.results.isPending)
    // Enter waits for the whole answer, and takes its top line.
    #expect(SearchReducer.reduce(&state, .key(.enterPressed)).isEmpty)
    let whole = ResultsPage(query: "a", page: 0, hits: [Self.hit("a0"), Self.hit("a1")], nbHits: 9, nbPages: 1)
    #expect(state.marks.acceptTopOnArrival)
    let accepted = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, whole)))
    #expect(!state.list.results.isPending && state.list.results.nbHits == 9)
    #expect(accepted == [.flushWrites])
    #expect(SearchReducer.reduce(&state, .answer(.writesFlushed)) == [.accept(objectIDs: ["a0"])])
  }
}

@Suite struct PaneRowsTests {
  static let category = FacetResult(
    attribute: "category",
    values: [
      .init(value: "Cell Phones", count: 10), .init(value: "Cell Phones > Cases", count: 6, level: 1),
      .init(value: "TVs", count: 5), .init(value: "Cell Phones > Smartphones", count: 4, level: 1),
      .init(value: "Cell Phones > Cases > Clear", count: 2, level: 2),
    ])

  func rows(refined: [String]) -> [String] {
    var state = SearchState()
    state.list.results.facets = [Self.category]
    state.refining.refine.refinements = Refinements(facets: refined.map { .init(attribute: "category", value: $0) })
    return state.paneRows.map {
      switch $0 {
      case .header(let name): return "# " + name
      case .value(_, let value, let refined): return (refined ? "[x] " : "[ ] ") + value.value
      case .histogram: return "histogram"
      case .range: return "range"
      case .more(_, let expanded): return expanded ? "less" : "more"
      case .valueSearch(_, let text, _): return "/ " + text
      }
    }
  }

  /// Algolia's `searchForFacetValues` in the pane: `/` on a facet, then what is typed filters its
  /// values (folded, anywhere), the selection on the first; Enter ends the typing, Esc the search.
  @Test func slashSearchesAFacetsValues() {
    let brands = FacetResult(
      attribute: "brand",
      values: ["Insignia", "Sony", "Microsoft", "Sonos", "Apple"].enumerated().map {
        FacetResult.Value(value: $1, count: 100 - $0)
      })
    var state = SearchState()
    state.list.results.facets = [brands]
    state.focus = .refinements
    state.refining.paneSelection = 1
    let started = SearchReducer.reduce(&state, .query(.inserted("/")))
    #expect(state.refining.valueSearch?.attribute == "brand" && state.refining.refine.expandedFacets == ["brand"])
    #expect(started.contains { if case .searchResults = $0 { return true } else { return false } })
    _ = SearchReducer.reduce(&state, .query(.inserted("S")))
    _ = SearchReducer.reduce(&state, .query(.inserted("o")))
    #expect(state.editor.text.isEmpty)  // typed into the search, not the query
    let rows = state.paneRows.map { row -> String in
      switch row {
      case .valueSearch(_, let text, _): return "/ " + text
      case .value(_, let value, _): return value.value
      default: return "-"
      }
    }
    #expect(rows == ["-", "/ So", "Sony", "Microsoft", "Sonos"])
    #expect(state.refining.paneSelection == 2)
    _ = SearchReducer.reduce(&state, .key(.enterPressed))  // typing ends; Space refines the selection
    _ = SearchReducer.reduce(&state, .key(.spacePressed))
    #expect(state.refining.refine.refinements.facets.map(\.value) == ["Sony"])
    // `/` again on the same facet, then Esc: folded back as before the first search.
    _ = SearchReducer.reduce(&state, .query(.inserted("/")))
    #expect(state.refining.valueSearch?.typing == true && state.refining.valueSearch?.text == "")
    _ = SearchReducer.reduce(&state, .key(.escapePressed))  // the search ends, the pane stays
    #expect(
      state.refining.valueSearch == nil && state.refining.refine.expandedFacets.isEmpty && state.focus == .refinements)
  }

  /// InstantSearch's SortBy: F3 cycles the named sorts of the settings, the chip says the label.
  @Test func namedSortsFromTheSettings() throws {
    let settings = try CatalogSettings.parse(
      #"{"sortBy": [{"label": "Price: low to high", "sort": "price:asc"}, {"label": "Most popular", "sort": "desc(popularity)"}]}"#,
      path: "s.json")
    var state = SearchState()
    state.refining.numericFacets = ["price", "popularity", "rating"]
    state.refining.sortChoices = try #require(settings.sortBy)
    _ = SearchReducer.reduce(&state, .refinements(.sortCycled))
    #expect(state.refining.refine.sort == SortOrder(attribute: "price", descending: false))
    #expect(state.message == "sorted by Price: low to high" && state.refining.sortName == "Price: low to high")
    _ = SearchReducer.reduce(&state, .refinements(.sortCycled))
    #expect(state.refining.refine.sort == SortOrder(attribute: "popularity", descending: true))
    _ = SearchReducer.reduce(&state, .refinements(.sortCycled))
    #expect(state.refining.refine.sort == nil && state.message == "sorted by relevance")
    #expect(throws: CatalogError.self) {
      try CatalogSettings.parse(#"{"sortBy": [{"label": "x", "sort": "price"}]}"#, path: "s.json")
    }
  }

  /// InstantSearch's `showMore`: a facet's first ten values, then a row that lists every one
  /// (counted anew, up to `facetValuesExpanded`), and back; a refined value is always listed.
  @Test func showMoreListsEveryValueAndBack() {
    let brands = FacetResult(
      attribute: "brand", values: (1...11).map { FacetResult.Value(value: "B\($0)", count: 100 - $0) })
    var state = SearchState()
    state.list.results.facets = [brands]
    #expect(state.paneRows.count == 1 + 10 + 1)
    #expect(state.paneRows.last == .more(attribute: "brand", expanded: false))
    // Space on "show more": the facet is expanded, and the results are asked for again.
    state.focus = .refinements
    state.refining.paneSelection = state.paneRows.count - 1
    let effects = SearchReducer.reduce(&state, .key(.spacePressed))
    #expect(state.refining.refine.expandedFacets == ["brand"])
    #expect(effects.contains { if case .searchResults = $0 { return true } else { return false } })
    #expect(state.paneRows.count == 1 + 11 + 1 && state.paneRows.last == .more(attribute: "brand", expanded: true))
    // Collapsed, a refined eleventh value stays listed above the ten others (none hidden).
    state.refining.refine.expandedFacets = []
    state.refining.refine.refinements = Refinements(facets: [.init(attribute: "brand", value: "B11")])
    #expect(state.paneRows[1] == .value(attribute: "brand", value: brands.values[10], refined: true))
    #expect(state.paneRows.count == 1 + 11)
  }

  /// Roots; a refined level opens onto its children, right under it, most frequent first.
  @Test func hierarchiesOpenLevelByLevel() {
    #expect(rows(refined: []) == ["# category", "[ ] Cell Phones", "[ ] TVs"])
    #expect(
      rows(refined: ["cell phones"]) == [
        "# category", "[x] Cell Phones", "[ ] Cell Phones > Cases", "[ ] Cell Phones > Smartphones", "[ ] TVs",
      ])
    // A deeper refined value shows under its root even when the level between is not refined.
    #expect(
      rows(refined: ["Cell Phones > Cases > Clear"]) == [
        "# category", "[ ] Cell Phones", "[x] Cell Phones > Cases > Clear", "[ ] TVs",
      ])
    // A refined value no hit has any more stays listed, to be removed.
    #expect(rows(refined: ["Laptops"]).last == "[x] Laptops")
  }

  /// Refined values come first, as Algolia's refinement lists put them.
  @Test func refinedValuesFirst() {
    #expect(rows(refined: ["TVs"]) == ["# category", "[x] TVs", "[ ] Cell Phones"])
  }

  /// Backspace on an empty query removes the last chip; a suggestion's category ends with its query.
  @Test func chipsGoWithBackspaceAndASuggestionsCategoryWithItsQuery() {
    var state = SearchState()
    state.refining.facetAttributes = ["brand", "category"]
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    _ = SearchReducer.reduce(&state, .refinements(.refinementToggled(attribute: "brand", value: "Apple")))
    _ = SearchReducer.reduce(&state, .refinements(.refinementToggled(attribute: "brand", value: "Sony")))
    let effects = SearchReducer.reduce(&state, .query(.deletedBackward))
    #expect(state.refining.refine.refinements.facets.map(\.value) == ["Apple"])
    #expect(effects.contains { if case .searchResults = $0 { return true } else { return false } })
    // A suggestion "iphone in Cell Phones" refines; emptying the query ends that refinement only.
    let iphone = SuggestionHit(suggestion: Suggestion(query: "iphone", popularity: 9, category: "Cell Phones"))
    _ = SearchReducer.reduce(&state, .answer(.suggestionsArrived(revision: state.suggestionsPane.revision, [iphone])))
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    _ = SearchReducer.reduce(&state, .key(.enterPressed))
    #expect(state.refining.refine.refinements.facets.map(\.value) == ["Apple", "Cell Phones"])
    _ = SearchReducer.reduce(&state, .query(.cleared))
    #expect(state.refining.refine.refinements.facets.map(\.value) == ["Apple"])
  }
}

/// Lines streaming in ask the query on screen again on every batch: an answer to an earlier ask
/// of the same query and refinements is shown while the latest is awaited (a key's results
/// waited for the one answer no newer batch overtook); an answer to another query, or to other
/// refinements, is not.
@Suite struct StreamingAnswersTests {
  func answer(_ query: String, _ ids: [String], refine: Refine = Refine()) -> ResultsPage {
    var answer = page(query, 0, ids)
    answer.refine = refine
    return answer
  }

  @Test func anEarlierAskOfTheSameQueryIsShownWhileTheLatestIsAwaited() {
    var state = SearchState()
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 100, finished: false, percent: nil)))
    _ = SearchReducer.reduce(&state, .query(.inserted("r")))
    let askedForR = state.list.revision
    _ = SearchReducer.reduce(&state, .query(.inserted("e")))
    let askedForRe = state.list.revision
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 200, finished: false, percent: nil)))
    _ = SearchReducer.reduce(&state, .app(.catalogChanged(records: 300, finished: false, percent: nil)))
    #expect(state.list.revision == askedForRe + 2)
    // The answer to `r` is not for the query on screen; nor one with other refinements.
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: askedForR, answer("r", ["r1"]))))
    var sorted = Refine()
    sorted.sort = SortOrder(attribute: "text", descending: true)
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: askedForRe, answer("re", ["s"], refine: sorted))))
    #expect(state.list.results.hits.isEmpty)
    // The first ask of `re`, over 100 lines: shown, the latest still awaited.
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: askedForRe, answer("re", ["a"]))))
    #expect(state.list.results.hits.map(\.objectID) == ["a"] && state.list.results.isPending)
    // The latest, over 300 lines: shown, no longer pending.
    _ = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: askedForRe + 2, answer("re", ["a", "b", "c"]))))
    #expect(state.list.results.hits.count == 3 && !state.list.results.isPending)
  }
}
