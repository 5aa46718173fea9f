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
      .started(Viewport()),
      effects: [
        .searchResults(query: "", page: 0, revision: 1), .searchSuggestions(query: "", revision: 1),
      ]
    ) {
      $0.resultsRevision = 1
      $0.suggestionsRevision = 1
    }
    store.send(.resultsArrived(revision: 1, page("", 0, ["a", "b", "c"]))) {
      $0.list.answeredRevision = 1
      $0.results.hits = [hit("a"), hit("b"), hit("c")]
      $0.results.nbHits = 3
      $0.results.nbPages = 1
      $0.results.pagesLoaded = 1
      $0.results.isPending = false
    }
    store.send(.suggestionsArrived(revision: 1, suggestions)) { $0.suggestions = suggestions }
    return store
  }

  @Test func initialStateSearchesBothForTheEmptyQuery() {
    let store = started()
    #expect(store.state.query == "")
    #expect(store.state.shownSuggestions.map(\.query) == ["macbook", "iphone"])
    #expect(store.state.results.rows == [.item(hit("a")), .item(hit("b")), .item(hit("c"))])
    #expect(store.state.results.createTitle == nil)
  }

  @Test func eachKeystrokeSearchesBothAndResetsTheHighlight() {
    var store = started()
    store.send(.movedDown) { $0.highlightedSuggestion = 0 }
    store.edit(.inserted("m"), to: "m", revision: 2) {
      $0.highlightedSuggestion = nil
    }
    store.edit(.inserted("a"), to: "ma", revision: 3)
    store.edit(.deletedBackward, to: "m", revision: 4)
  }

  @Test func upAndDownMoveTheHighlightThenIntoTheResultsAndBack() {
    var store = started()
    store.send(.movedDown) { $0.highlightedSuggestion = 0 }
    store.send(.movedDown) { $0.highlightedSuggestion = 1 }
    store.send(.movedDown) {
      $0.highlightedSuggestion = nil
      $0.focus = .results
      $0.selection = 0
    }
    store.send(.movedDown) { $0.selection = 1 }
    store.send(.movedUp) { $0.selection = 0 }
    store.send(.movedUp) {
      $0.focus = .query
      $0.highlightedSuggestion = 1
    }
    store.send(.movedUp) { $0.highlightedSuggestion = 0 }
    store.send(.movedUp) { $0.highlightedSuggestion = nil }
  }

  @Test func tabCompletesWithoutSubmitting() {
    var store = started()
    store.send(.movedDown) { $0.highlightedSuggestion = 0 }
    store.send(.movedDown) { $0.highlightedSuggestion = 1 }
    store.edit(.tabPressed, to: "iphone", revision: 2) {
      $0.highlightedSuggestion = nil
    }
    #expect(store.state.didSubmitSuggestion == false)
    #expect(store.state.suggestionsVisible)
  }

  @Test func tabWithNoHighlightTakesTheTopSuggestion() {
    var store = started()
    store.edit(.tabPressed, to: "macbook", revision: 2)
  }

  @Test func enterOnASuggestionSubmitsIt() {
    var store = started()
    store.send(.movedDown) { $0.highlightedSuggestion = 0 }
    store.send(
      .enterPressed,
      effects: [
        .searchResults(query: "macbook", page: 0, revision: 2),
        .logSubmittedQuery(query: "macbook", fromSuggestion: true),
      ]
    ) {
      $0.query = "macbook"
      $0.cursor = 7
      $0.didSubmitSuggestion = true
      $0.suggestions = []
      $0.suggestionsVisible = false
      $0.highlightedSuggestion = nil
      $0.selectFirstHitOnArrival = true
      $0.resultsRevision = 2
      $0.suggestionsRevision = 2
    }
    // A late suggestions answer must not reopen the pane.
    store.send(.suggestionsArrived(revision: 1, [suggestion("late")]))
    // Typing again reopens the suggestions.
    store.edit(.inserted(" "), to: "macbook ", revision: 3) {
      $0.selectFirstHitOnArrival = false
      $0.suggestionsVisible = true
      $0.didSubmitSuggestion = false
    }
  }

  @Test func enterSubmitsTheTypedQuery() {
    var store = started()
    store.edit(.inserted("tv"), to: "tv", revision: 2)
    store.send(
      .enterPressed,
      effects: [
        .searchResults(query: "tv", page: 0, revision: 3), .logSubmittedQuery(query: "tv", fromSuggestion: false),
      ]
    ) {
      $0.suggestions = []
      $0.suggestionsVisible = false
      $0.selectFirstHitOnArrival = true
      $0.resultsRevision = 3
      $0.suggestionsRevision = 3
      // Its answer decides whether Enter also creates the item (nothing found).
      $0.marks.enterOnArrival = "tv"
    }
  }

  /// After a submit selects the first hit, Space types (`samsung`, Enter, ` tv`), as every other
  /// key does; once the user moves onto a row, Space checks it.
  @Test func spaceAfterASubmitTypesASpace() {
    var state = started().state
    _ = SearchReducer.reduce(&state, .inserted("tv"))
    _ = SearchReducer.reduce(&state, .enterPressed)
    _ = SearchReducer.reduce(&state, .resultsArrived(revision: state.resultsRevision, page("tv", 0, ["t1", "t2"])))
    #expect(state.focus == .results && state.selectedBySubmit)
    let typed = SearchReducer.reduce(&state, .spacePressed)
    #expect(state.query == "tv " && state.focus == .query && !state.selectedBySubmit)
    #expect(typed.contains(.searchResults(query: "tv ", page: 0, revision: state.resultsRevision)))
    #expect(!state.checked.contains("t1"))
    // Tab on the hit a submit selected checks it (fzf's toggle+down).
    var tabbed = started().state
    _ = SearchReducer.reduce(&tabbed, .inserted("tv"))
    _ = SearchReducer.reduce(&tabbed, .enterPressed)
    _ = SearchReducer.reduce(&tabbed, .resultsArrived(revision: tabbed.resultsRevision, page("tv", 0, ["t1", "t2"])))
    let toggled = SearchReducer.reduce(&tabbed, .tabPressed)
    #expect(toggled.contains(.setChecked(objectID: "t1", title: "t1", checked: true)))
    #expect(tabbed.query == "tv")
    // Moved onto a row by the user: Space checks it, the query stays.
    _ = SearchReducer.reduce(&state, .resultsArrived(revision: state.resultsRevision, page("tv ", 0, ["t1", "t2"])))
    _ = SearchReducer.reduce(&state, .movedDown)
    while state.focus != .results { _ = SearchReducer.reduce(&state, .movedDown) }
    let checked = SearchReducer.reduce(&state, .spacePressed)
    #expect(state.query == "tv ")
    #expect(checked.count == 1 && !checked.contains { if case .searchResults = $0 { true } else { false } })
  }

  /// readline's kills and yank, fzf's Ctrl-D and Esc for lines.
  @Test func killsYankAndTheWaysOutOfLines() {
    var state = started().state
    _ = SearchReducer.reduce(&state, .inserted("foo bar foo-bar"))
    _ = SearchReducer.reduce(&state, .deletedWordPartBackward)
    #expect(state.query == "foo bar foo-")
    _ = SearchReducer.reduce(&state, .deletedWordBackward)
    #expect(state.query == "foo bar ")
    #expect(state.killed == "foo-")
    _ = SearchReducer.reduce(&state, .deletedToStart)
    #expect(state.query == "" && state.killed == "foo bar ")
    _ = SearchReducer.reduce(&state, .yanked)
    _ = SearchReducer.reduce(&state, .yanked)
    #expect(state.query == "foo bar foo bar " && state.cursor == 16)
    // Ctrl-D deletes under the cursor; on an empty query it quits.
    _ = SearchReducer.reduce(&state, .cursorMoved(.home))
    #expect(SearchReducer.reduce(&state, .deletedForwardOrQuit).contains(.quit(status: 130)) == false)
    #expect(state.query == "oo bar foo bar ")
    _ = SearchReducer.reduce(&state, .cleared)
    #expect(SearchReducer.reduce(&state, .deletedForwardOrQuit) == [.quit(status: 130)])
    // Lines: one Esc quits, whatever is typed or shown; records clear first.
    var lines = started().state
    lines.picking = Picking.defaults(lines: true)
    _ = SearchReducer.reduce(&lines, .inserted("x"))
    #expect(SearchReducer.reduce(&lines, .escapePressed) == [.quit(status: 130)])
    var records = started().state
    _ = SearchReducer.reduce(&records, .inserted("x"))
    #expect(SearchReducer.reduce(&records, .escapePressed) != [.quit(status: 130)])
  }

  /// Lines are a plain list unless marks are asked for (-m): Space types, Tab only moves; with
  /// marks, Tab checks and moves down, up to --multi=N.
  @Test func plainListsAndMarks() {
    var plain = started().state
    plain.picking = Picking.defaults(lines: true)
    plain.suggestions = []
    // The top line is current while typing (fzf's pointer): Down moves past it.
    _ = SearchReducer.reduce(&plain, .movedDown)
    #expect(plain.focus == .results && plain.selection == 1)
    let tab = SearchReducer.reduce(&plain, .tabPressed)
    #expect(!tab.contains { if case .setChecked = $0 { true } else { false } })
    #expect(plain.selection == 2)
    _ = SearchReducer.reduce(&plain, .spacePressed)
    #expect(plain.query == " " && plain.focus == .query)
    var marked = started().state
    marked.picking = Picking(enterAccepts: true, offersCreate: false, escapeQuits: true, marks: true, maxMarks: 1)
    marked.suggestions = []
    // Tab in the query acts on the top line, then moves down.
    #expect(SearchReducer.reduce(&marked, .tabPressed).contains(.setChecked(objectID: "a", title: "a", checked: true)))
    #expect(marked.focus == .results && marked.selection == 1)
    _ = SearchReducer.reduce(&marked, .checkSaved(objectID: "a", checked: true))
    #expect(SearchReducer.reduce(&marked, .tabPressed).isEmpty)
    #expect(marked.message == "at most 1 marked (--multi=1)")
  }

  /// Yanking a kill of the whole query doubles it: the query stays within its bound, however
  /// often (the fuzzer's 245 keys took 99 s before).
  @Test func theQueryIsBounded() {
    var state = started().state
    _ = SearchReducer.reduce(&state, .inserted("ab"))
    for _ in 0..<40 {
      _ = SearchReducer.reduce(&state, .deletedToStart)
      _ = SearchReducer.reduce(&state, .yanked)
      _ = SearchReducer.reduce(&state, .yanked)
    }
    #expect(state.query.count == SearchState.maxQueryCharacters)
    #expect(state.message == "a query is at most 4096 characters")
  }

  /// A submitted query logged after the empty query's suggestions were answered: they are asked
  /// for again, so the recent search shows without waiting for a key.
  @Test func aLoggedQueryRefreshesTheSuggestions() {
    var store = started()
    store.send(.queryLogged, effects: [.searchSuggestions(query: "", revision: 2)]) { $0.suggestionsRevision = 2 }
  }

  /// --cycle: the list wraps at both ends once every page is loaded; without it, it stops.
  @Test func cyclingWrapsAtBothEnds() {
    var state = started().state
    state.suggestions = []
    state.picking.cycles = true
    _ = SearchReducer.reduce(&state, .movedUp)
    #expect(state.focus == .results && state.selection == 2)
    _ = SearchReducer.reduce(&state, .movedDown)
    #expect(state.selection == 0)
    _ = SearchReducer.reduce(&state, .movedUp)
    #expect(state.selection == 2)
    var plain = started().state
    plain.suggestions = []
    _ = SearchReducer.reduce(&plain, .movedDown)
    _ = SearchReducer.reduce(&plain, .movedDown)
    _ = SearchReducer.reduce(&plain, .movedDown)
    _ = SearchReducer.reduce(&plain, .movedDown)
    #expect(plain.selection == 2)
  }

  @Test func aStaleResponseIsIgnored() {
    var store = started()
    store.edit(.inserted("ip"), to: "ip", revision: 2)
    store.edit(.inserted("hone"), to: "iphone", revision: 3)
    store.send(.resultsArrived(revision: 3, page("iphone", 0, ["iphone 15"]))) {
      $0.list.answeredRevision = 3
      $0.results.query = "iphone"
      $0.results.hits = [hit("iphone 15")]
      $0.results.nbHits = 1
    }
    // The slow answer for "ip" arrives last and changes nothing.
    store.send(.resultsArrived(revision: 2, page("ip", 0, ["ipad", "ip camera"])))
    store.send(.suggestionsArrived(revision: 2, [suggestion("ipad")]))
    #expect(store.state.results.hits == [hit("iphone 15")])
  }

  @Test func scrollingLoadsTheNextPageOnceAndStopsAtTheLast() {
    var store = started()
    let p0 = (0..<20).map { "p0-\($0)" }
    let p1 = (0..<20).map { "p1-\($0)" }
    store.edit(.inserted("x"), to: "x", revision: 2)
    store.send(.suggestionsArrived(revision: 2, [])) { $0.suggestions = [] }
    // 20 rows do not fill the 22-row pane: the second page is asked for at once.
    store.send(
      .resultsArrived(revision: 2, page("x", 0, p0, nbHits: 45)),
      effects: [
        .searchResults(query: "x", page: 1, revision: 2)
      ]
    ) {
      $0.list.answeredRevision = 2
      $0.results.query = "x"
      $0.results.hits = p0.map { hit($0) }
      $0.results.nbHits = 45
      $0.results.nbPages = 3
      $0.results.loadingPage = 1
    }
    store.send(.resultsArrived(revision: 2, page("x", 1, p1, nbHits: 45))) {
      $0.results.hits += p1.map { hit($0) }
      $0.results.pagesLoaded = 2
      $0.results.loadingPage = nil
    }
    store.send(.pagedDown) {
      $0.focus = .results
      $0.selection = 21
    }
    store.send(.pagedDown, effects: [.searchResults(query: "x", page: 2, revision: 2)]) {
      $0.selection = 40  // the last row: 40 hits under the create row for "x"
      $0.scrollOffset = 19
      $0.results.loadingPage = 2
    }
    // Asked once: moving again while it loads asks nothing more; the move waits for the page.
    store.send(.movedDown) { $0.list.pendingMoves = 1 }
    // The last page arrives; a hit already shown is not shown twice; the move is made.
    store.send(.resultsArrived(revision: 2, page("x", 2, ["p2-0", "p0-3", "p2-1"], nbHits: 45))) {
      $0.results.hits += [hit("p2-0"), hit("p2-1")]
      $0.results.pagesLoaded = 3
      $0.results.loadingPage = nil
      $0.list.pendingMoves = 0
      $0.selection = 41
      $0.scrollOffset = 20
    }
    store.send(.cursorMoved(.end)) {
      $0.selection = 42
      $0.scrollOffset = 21
    }
    store.send(.movedDown)
    #expect(!store.state.results.hasMorePages)
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
    store.edit(.inserted("zz"), to: "zz", revision: 2)
    store.send(.resultsArrived(revision: 2, page("zz", 0, []))) {
      $0.list.answeredRevision = 2
      $0.results.query = "zz"
      $0.results.hits = []
      $0.results.nbHits = 0
      $0.results.nbPages = 0
    }
    #expect(store.state.results.rows == [.create("zz")])
  }

  @Test func escapeClosesSuggestionsThenClearsThenQuits() {
    var store = started()
    store.edit(.inserted("a"), to: "a", revision: 2)
    store.send(.escapePressed) { $0.suggestionsVisible = false }
    store.edit(.escapePressed, to: "", revision: 3)
    store.send(.escapePressed, effects: [.quit(status: 130)])
  }

  @Test func spaceChecksTheSelectedResultAndTypesInTheQuery() {
    var store = started()
    store.moveThroughTwoSuggestionsIntoResults()
    // The check shows at once; the store's answer confirms it.
    store.send(.spacePressed, effects: [.setChecked(objectID: "a", title: "a", checked: true)]) {
      $0.checked = ["a"]
      $0.checkedThisRun = ["a"]
      $0.marks.checksInFlight = ["a": 1]
    }
    store.send(.checkSaved(objectID: "a", checked: true)) { $0.marks.checksInFlight = [:] }
    store.send(.spacePressed, effects: [.setChecked(objectID: "a", title: "a", checked: false)]) {
      $0.checked = []
      $0.checkedThisRun = []
      $0.marks.checksInFlight = ["a": 1]
    }
    store.send(.checkSaved(objectID: "a", checked: false)) { $0.marks.checksInFlight = [:] }
    store.send(.enterPressed, effects: [.flushWrites]) { $0.pendingAccept = "a" }
    store.send(.writesFlushed, effects: [.accept(objectIDs: ["a"])])
  }

  /// Space then Enter in one burst: Enter arrives before the check is saved. Accept waits for the
  /// writes before it, and prints what the store then holds; keys after Enter do nothing.
  @Test func acceptWaitsForTheChecksBeforeIt() {
    var store = started()
    store.moveThroughTwoSuggestionsIntoResults()
    store.send(.movedDown) { $0.selection = 1 }
    store.send(.spacePressed, effects: [.setChecked(objectID: "b", title: "b", checked: true)]) {
      $0.checked = ["b"]
      $0.checkedThisRun = ["b"]
      $0.marks.checksInFlight = ["b": 1]
    }
    store.send(.enterPressed, effects: [.flushWrites]) { $0.pendingAccept = "b" }
    store.send(.spacePressed)
    store.send(.movedDown)
    store.send(.checkSaved(objectID: "b", checked: true)) { $0.marks.checksInFlight = [:] }
    store.send(.writesFlushed, effects: [.accept(objectIDs: ["b"])])
  }

  /// Checks from an earlier run stay checked on screen but are not printed; a check cleared by
  /// another process meanwhile is not printed either.
  @Test func acceptPrintsThisRunsChecksThatTheStoreStillHolds() {
    var state = started().state
    state.checked = ["old"]
    var store = TestStore(state)
    store.moveThroughTwoSuggestionsIntoResults()
    store.send(.checkSaved(objectID: "a", checked: true)) {
      $0.checked = ["old", "a"]
      $0.checkedThisRun = ["a"]
    }
    store.send(.checkSaved(objectID: "c", checked: true)) {
      $0.checked = ["old", "a", "c"]
      $0.checkedThisRun = ["a", "c"]
    }
    store.send(.tick(milliseconds: 500), effects: [.refreshFromStore])
    store.send(.storeChanged(checked: ["old", "c"], createdChanged: false)) { $0.checked = ["old", "c"] }
    store.send(.enterPressed, effects: [.flushWrites]) { $0.pendingAccept = "a" }
    store.send(.tick(milliseconds: 500))
    store.send(.writesFlushed, effects: [.accept(objectIDs: ["c"])])
  }

  @Test func createdItemsChangedElsewhereRefreshTheResults() {
    var store = started()
    store.send(
      .storeChanged(checked: ["x"], createdChanged: true),
      effects: [.searchResults(query: "", page: 0, revision: 2)]
    ) {
      $0.checked = ["x"]
      $0.resultsRevision = 2
    }
  }

  /// A shared store out of reach is said, and so is its return; a catalog whose source says it
  /// changed is read again.
  @Test func theStoreAndTheSourceSpeakOnTheStatusLine() {
    var store = started()
    // Offline is a state that stays on the status line; a key typed meanwhile does not clear it.
    store.send(.storeNoted("shared store x unavailable")) { $0.storeNote = "shared store x unavailable" }
    store.send(.storeNoted(nil)) {
      $0.storeNote = nil
      $0.message = "shared store reached again: changes sent"
    }
    store.send(.sourceChanged, effects: [.reloadSource]) { $0.message = "the catalog changed: reading it again" }
  }

  @Test func editingKeysWorkAtTheCursor() {
    var state = SearchState()
    _ = SearchReducer.reduce(&state, .inserted("héllo wörld"))
    _ = SearchReducer.reduce(&state, .cursorMoved(.left))
    _ = SearchReducer.reduce(&state, .deletedBackward)
    #expect(state.query == "héllo wörd")
    _ = SearchReducer.reduce(&state, .cursorMoved(.home))
    _ = SearchReducer.reduce(&state, .deletedForward)
    #expect(state.query == "éllo wörd")
    _ = SearchReducer.reduce(&state, .cursorMoved(.end))
    _ = SearchReducer.reduce(&state, .deletedWordBackward)
    #expect(state.query == "éllo ")
    _ = SearchReducer.reduce(&state, .inserted("a\u{1B}[31mb"))
    #expect(state.query == "éllo a[31mb")
    _ = SearchReducer.reduce(&state, .cleared)
    #expect(state.query == "" && state.cursor == 0)
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
    state.facetAttributes = ["brand", "category"]
    state.numericFacets = ["price", "popularity"]
    var store = TestStore(state)
    store.send(
      .started(Viewport()),
      effects: [.searchResults(query: "", page: 0, revision: 1), .searchSuggestions(query: "", revision: 1)]
    ) {
      $0.resultsRevision = 1
      $0.suggestionsRevision = 1
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
      store.edit(.inserted(String(c)), to: String("brand:apple".prefix(i + 1)), revision: i + 2)
    }
    let refine = Self.refine([("brand", "apple")])
    store.send(
      .spacePressed,
      effects: [
        .searchResults(query: "", page: 0, refine: refine, revision: 13), .searchSuggestions(query: "", revision: 13),
      ]
    ) {
      $0.query = ""
      $0.cursor = 0
      $0.refine = refine
      $0.resultsRevision = 13
      $0.suggestionsRevision = 13
    }
    #expect(store.state.refine.refinements.chips == ["brand: apple"])
    // Not a facet: plain text, the space typed.
    store.edit(.inserted("x"), to: "x", refine: refine, revision: 14)
    store.send(
      .inserted(":"),
      effects: [
        .searchResults(query: "x:", page: 0, refine: refine, revision: 15),
        .searchSuggestions(query: "x:", revision: 15),
      ]
    ) {
      $0.query = "x:"
      $0.cursor = 2
      $0.resultsRevision = 15
      $0.suggestionsRevision = 15
    }
  }

  @Test func numericTokensAndSubmitAbsorbEveryToken() {
    var store = started()
    store.state.query = "tv price<500 brand:Sony"
    store.state.cursor = store.state.query.count
    let refine = Self.refine(
      [("brand", "Sony")], numeric: [.init(attribute: "price", comparison: .less, value: 500)])
    store.send(
      .enterPressed,
      effects: [
        .searchResults(query: "tv", page: 0, refine: refine, revision: 2),
        .logSubmittedQuery(query: "tv", fromSuggestion: false),
      ]
    ) {
      $0.query = "tv"
      $0.cursor = 2
      $0.refine = refine
      $0.suggestionsVisible = false
      $0.selectFirstHitOnArrival = true
      $0.resultsRevision = 2
      $0.suggestionsRevision = 2
      $0.marks.enterOnArrival = "tv"
    }
    #expect(store.state.refine.refinements.chips == ["brand: Sony", "price < 500"])
  }

  /// A suggestion with a category searches its query refined to that category; Tab completes the
  /// query only.
  @Test func aSuggestionsCategoryRefines() {
    var store = started()
    let iphone = SuggestionHit(suggestion: Suggestion(query: "iphone", popularity: 9, category: "Cell Phones"))
    store.send(.suggestionsArrived(revision: 1, [iphone])) { $0.suggestions = [iphone] }
    store.send(.movedDown) { $0.highlightedSuggestion = 0 }
    let refine = Self.refine([("category", "Cell Phones")])
    store.send(
      .enterPressed,
      effects: [
        .searchResults(query: "iphone", page: 0, refine: refine, revision: 2),
        .logSubmittedQuery(query: "iphone", fromSuggestion: true),
      ]
    ) {
      $0.query = "iphone"
      $0.cursor = 6
      $0.refine = refine
      $0.categoryFromSuggestion = .init(attribute: "category", value: "Cell Phones")
      $0.didSubmitSuggestion = true
      $0.suggestions = []
      $0.suggestionsVisible = false
      $0.highlightedSuggestion = nil
      $0.selectFirstHitOnArrival = true
      $0.resultsRevision = 2
      $0.suggestionsRevision = 2
    }
    // F4 clears them all.
    store.send(.refinementsCleared, effects: [.searchResults(query: "iphone", page: 0, revision: 3)]) {
      $0.refine = Refine()
      $0.selectFirstHitOnArrival = false  // a key after the submit takes over
      $0.resultsRevision = 3
    }
    store.send(.refinementsCleared)
  }

  /// The pane: open with F2, move, Space toggles a value (new revision); a late answer of the
  /// previous refinements is dropped.
  @Test func thePaneTogglesValuesAndStaleAnswersAreDropped() {
    var store = started()
    var page = page("", 0, ["a", "b"])
    page.facets = [
      FacetResult(attribute: "brand", values: [.init(value: "Apple", count: 5), .init(value: "Sony", count: 3)])
    ]
    store.send(.resultsArrived(revision: 1, page)) {
      $0.list.answeredRevision = 1
      $0.results.hits = [hit("a"), hit("b")]
      $0.results.nbHits = 2
      $0.results.nbPages = 1
      $0.results.pagesLoaded = 1
      $0.results.isPending = false
      $0.results.facets = page.facets
    }
    // Opening the pane on a narrow screen turns the counts on: the results are searched again.
    store.send(
      .refinementPaneToggled,
      effects: [.searchResults(query: "", page: 0, refine: Refine(countFacets: true), revision: 2)]
    ) {
      $0.paneOpen = true
      $0.focus = .refinements
      $0.paneSelection = 1
      $0.refine.countFacets = true
      $0.resultsRevision = 2
    }
    store.send(.movedDown) { $0.paneSelection = 2 }
    store.send(.movedDown)
    var refine = Self.refine([("brand", "Sony")])
    refine.countFacets = true
    store.send(.spacePressed, effects: [.searchResults(query: "", page: 0, refine: refine, revision: 3)]) {
      $0.refine = refine
      $0.resultsRevision = 3
    }
    store.send(.resultsArrived(revision: 1, page))  // the answer for before the toggle: dropped
    // Closing it stops the counting (nothing to search again: fewer counts are not shown).
    store.send(.escapePressed) {
      $0.focus = .query
      $0.paneOpen = false
      $0.refine.countFacets = false
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
        .sortCycled, effects: [.searchResults(query: "", page: 0, refine: Refine(sort: sort), revision: i + 2)]
      ) {
        $0.refine.sort = sort
        $0.message = "sorted by " + (sort?.description ?? "relevance")
        $0.resultsRevision = i + 2
      }
    }
  }

  /// A refinement the catalog cannot apply: a message, nothing else changes.
  @Test func aBadRefinementIsAMessage() {
    var store = started()
    var failed = ResultsPage(query: "", page: 0, hits: [], nbHits: 0, nbPages: 0)
    failed.error = "refinement: column 1: 'color' is not a facet"
    store.send(.resultsArrived(revision: 1, failed)) { $0.message = failed.error }
  }
}

@Suite struct CombiningInputTests {
  /// A combining accent typed after a letter (a dead key) joins it: one character, the cursor after it.
  @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
    var state = SearchState()
    _ = SearchReducer.reduce(&state, .inserted("e"))
    _ = SearchReducer.reduce(&state, .inserted("\u{301}"))
    #expect(state.query == "e\u{301}")
    #expect(state.query.count == 1 && state.cursor == 1)
    _ = SearchReducer.reduce(&state, .deletedBackward)
    #expect(state.query.isEmpty && state.cursor == 0)
  }
}

/// While a pipe is read, a first page may come in two: the indexes' part (interim) at once, then
/// the whole answer once the lines past them are scanned.
@Suite struct InterimAnswerTests {
  static func hit(_ title: String) -> ResultHit { ResultHit(objectID: title, title: title) }

  @Test func anInterimPageIsShownAndStaysPendingUntilTheWholeAnswer() {
    var state = SearchState()
    state.picking = .defaults(lines: true)
    _ = SearchReducer.reduce(&state, .started(Viewport(resultsRows: 3)))
    _ = SearchReducer.reduce(&state, .inserted("a"))
    var interim = ResultsPage(query: "a", page: 0, hits: [Self.hit("a1"), Self.hit("a2")], nbHits: 2, nbPages: 1)
    interim.interim = true
    interim.exhaustiveNbHits = false
    let effects = SearchReducer.reduce(&state, .resultsArrived(revision: state.resultsRevision, interim))
    #expect(effects.isEmpty)  // no later page, no count
    #expect(state.results.hits.map(\.objectID) == ["a1", "a2"] && state.results.isPending)
    // Enter waits for the whole answer, and takes its top line.
    #expect(SearchReducer.reduce(&state, .enterPressed).isEmpty)
    let whole = ResultsPage(query: "a", page: 0, hits: [Self.hit("a0"), Self.hit("a1")], nbHits: 9, nbPages: 1)
    #expect(state.acceptTopOnArrival)
    let accepted = SearchReducer.reduce(&state, .resultsArrived(revision: state.resultsRevision, whole))
    #expect(!state.results.isPending && state.results.nbHits == 9)
    #expect(accepted == [.flushWrites])
    #expect(SearchReducer.reduce(&state, .writesFlushed) == [.accept(objectIDs: ["a0"])])
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
    state.results.facets = [Self.category]
    state.refine.refinements = Refinements(facets: refined.map { .init(attribute: "category", value: $0) })
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
    state.results.facets = [brands]
    state.focus = .refinements
    state.paneSelection = 1
    let started = SearchReducer.reduce(&state, .inserted("/"))
    #expect(state.refining.valueSearch?.attribute == "brand" && state.refine.expandedFacets == ["brand"])
    #expect(started.contains { if case .searchResults = $0 { return true } else { return false } })
    _ = SearchReducer.reduce(&state, .inserted("S"))
    _ = SearchReducer.reduce(&state, .inserted("o"))
    #expect(state.query.isEmpty)  // typed into the search, not the query
    let rows = state.paneRows.map { row -> String in
      switch row {
      case .valueSearch(_, let text, _): return "/ " + text
      case .value(_, let value, _): return value.value
      default: return "-"
      }
    }
    #expect(rows == ["-", "/ So", "Sony", "Microsoft", "Sonos"])
    #expect(state.paneSelection == 2)
    _ = SearchReducer.reduce(&state, .enterPressed)  // typing ends; Space refines the selection
    _ = SearchReducer.reduce(&state, .spacePressed)
    #expect(state.refine.refinements.facets.map(\.value) == ["Sony"])
    // `/` again on the same facet, then Esc: folded back as before the first search.
    _ = SearchReducer.reduce(&state, .inserted("/"))
    #expect(state.refining.valueSearch?.typing == true && state.refining.valueSearch?.text == "")
    _ = SearchReducer.reduce(&state, .escapePressed)  // the search ends, the pane stays
    #expect(state.refining.valueSearch == nil && state.refine.expandedFacets.isEmpty && state.focus == .refinements)
  }

  /// InstantSearch's SortBy: F3 cycles the named sorts of the settings, the chip says the label.
  @Test func namedSortsFromTheSettings() throws {
    let settings = try CatalogSettings.parse(
      #"{"sortBy": [{"label": "Price: low to high", "sort": "price:asc"}, {"label": "Most popular", "sort": "desc(popularity)"}]}"#,
      path: "s.json")
    var state = SearchState()
    state.numericFacets = ["price", "popularity", "rating"]
    state.refining.sortChoices = try #require(settings.sortBy)
    _ = SearchReducer.reduce(&state, .sortCycled)
    #expect(state.refine.sort == SortOrder(attribute: "price", descending: false))
    #expect(state.message == "sorted by Price: low to high" && state.refining.sortName == "Price: low to high")
    _ = SearchReducer.reduce(&state, .sortCycled)
    #expect(state.refine.sort == SortOrder(attribute: "popularity", descending: true))
    _ = SearchReducer.reduce(&state, .sortCycled)
    #expect(state.refine.sort == nil && state.message == "sorted by relevance")
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
    state.results.facets = [brands]
    #expect(state.paneRows.count == 1 + 10 + 1)
    #expect(state.paneRows.last == .more(attribute: "brand", expanded: false))
    // Space on "show more": the facet is expanded, and the results are asked for again.
    state.focus = .refinements
    state.paneSelection = state.paneRows.count - 1
    let effects = SearchReducer.reduce(&state, .spacePressed)
    #expect(state.refine.expandedFacets == ["brand"])
    #expect(effects.contains { if case .searchResults = $0 { return true } else { return false } })
    #expect(state.paneRows.count == 1 + 11 + 1 && state.paneRows.last == .more(attribute: "brand", expanded: true))
    // Collapsed, a refined eleventh value stays listed above the ten others (none hidden).
    state.refine.expandedFacets = []
    state.refine.refinements = Refinements(facets: [.init(attribute: "brand", value: "B11")])
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
    state.facetAttributes = ["brand", "category"]
    _ = SearchReducer.reduce(&state, .started(Viewport()))
    _ = SearchReducer.reduce(&state, .refinementToggled(attribute: "brand", value: "Apple"))
    _ = SearchReducer.reduce(&state, .refinementToggled(attribute: "brand", value: "Sony"))
    let effects = SearchReducer.reduce(&state, .deletedBackward)
    #expect(state.refine.refinements.facets.map(\.value) == ["Apple"])
    #expect(effects.contains { if case .searchResults = $0 { return true } else { return false } })
    // A suggestion "iphone in Cell Phones" refines; emptying the query ends that refinement only.
    let iphone = SuggestionHit(suggestion: Suggestion(query: "iphone", popularity: 9, category: "Cell Phones"))
    _ = SearchReducer.reduce(&state, .suggestionsArrived(revision: state.suggestionsRevision, [iphone]))
    _ = SearchReducer.reduce(&state, .movedDown)
    _ = SearchReducer.reduce(&state, .enterPressed)
    #expect(state.refine.refinements.facets.map(\.value) == ["Apple", "Cell Phones"])
    _ = SearchReducer.reduce(&state, .cleared)
    #expect(state.refine.refinements.facets.map(\.value) == ["Apple"])
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
    _ = SearchReducer.reduce(&state, .catalogChanged(records: 100, finished: false, percent: nil))
    _ = SearchReducer.reduce(&state, .inserted("r"))
    let askedForR = state.resultsRevision
    _ = SearchReducer.reduce(&state, .inserted("e"))
    let askedForRe = state.resultsRevision
    _ = SearchReducer.reduce(&state, .catalogChanged(records: 200, finished: false, percent: nil))
    _ = SearchReducer.reduce(&state, .catalogChanged(records: 300, finished: false, percent: nil))
    #expect(state.resultsRevision == askedForRe + 2)
    // The answer to `r` is not for the query on screen; nor one with other refinements.
    _ = SearchReducer.reduce(&state, .resultsArrived(revision: askedForR, answer("r", ["r1"])))
    var sorted = Refine()
    sorted.sort = SortOrder(attribute: "text", descending: true)
    _ = SearchReducer.reduce(&state, .resultsArrived(revision: askedForRe, answer("re", ["s"], refine: sorted)))
    #expect(state.results.hits.isEmpty)
    // The first ask of `re`, over 100 lines: shown, the latest still awaited.
    _ = SearchReducer.reduce(&state, .resultsArrived(revision: askedForRe, answer("re", ["a"])))
    #expect(state.results.hits.map(\.objectID) == ["a"] && state.results.isPending)
    // The latest, over 300 lines: shown, no longer pending.
    _ = SearchReducer.reduce(&state, .resultsArrived(revision: askedForRe + 2, answer("re", ["a", "b", "c"])))
    #expect(state.results.hits.count == 3 && !state.results.isPending)
  }
}
