import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

/// TCA's test store for one concern: the child's reducer on the child's state alone; every change
/// it makes is spelled out, and anything else that changed fails the test.
struct ScopedStore<State: Equatable> {
  var state: State

  mutating func send<Outcome: Equatable>(
    _ reduce: (inout State) -> Outcome, returns expected: Outcome, sourceLocation: SourceLocation = #_sourceLocation,
    changes change: (inout State) -> Void = { _ in }
  ) {
    var wanted = state
    change(&wanted)
    let outcome = reduce(&state)
    #expect(outcome == expected, sourceLocation: sourceLocation)
    #expect(state == wanted, sourceLocation: sourceLocation)
  }

  /// A change with no outcome to check.
  mutating func send(
    _ reduce: (inout State) -> Void, sourceLocation: SourceLocation = #_sourceLocation,
    changes change: (inout State) -> Void = { _ in }
  ) {
    send({ reduce(&$0) == () }, returns: true, sourceLocation: sourceLocation, changes: change)
  }
}

@Suite struct QueryEditingReducerTests {
  @Test func editsSayWhatTheyDidAndTouchNothingElse() {
    var store = ScopedStore(state: QueryState())
    store.send(
      { QueryEditingReducer.reduce(&$0, .inserted("ab cd")) }, returns: .edited(),
      changes: {
        $0.text = "ab cd"
        $0.cursor = 5
      })
    store.send(
      { QueryEditingReducer.reduce(&$0, .deletedWordBackward) }, returns: .edited(),
      changes: {
        $0.text = "ab "
        $0.cursor = 3
        $0.killed = "cd"
      })
    store.send(
      { QueryEditingReducer.reduce(&$0, .cursorMoved(.home)) }, returns: .touched, changes: { $0.cursor = 0 })
    store.send({ QueryEditingReducer.reduce(&$0, .deletedBackward) }, returns: .backspaceAtStart)
    store.send(
      { QueryEditingReducer.reduce(&$0, .yanked) }, returns: .edited(),
      changes: {
        $0.text = "cdab "
        $0.cursor = 2
      })
  }

  /// Past the bound, what is typed is cut and said; a full query takes nothing.
  @Test func theBoundCutsAndThenRefuses() {
    var store = ScopedStore(state: QueryState())
    let long = String(repeating: "x", count: QueryState.maxCharacters + 3)
    store.send(
      { QueryEditingReducer.reduce(&$0, .inserted(long)) }, returns: .edited(cut: true),
      changes: {
        $0.text = String(long.prefix(QueryState.maxCharacters))
        $0.cursor = QueryState.maxCharacters
      })
    store.send({ QueryEditingReducer.reduce(&$0, .inserted("y")) }, returns: .full)
  }

  /// fzf's `--filepath-word`, its own test's keys: Alt-b three times, Alt-d, Alt-f, Alt-Backspace
  /// on `--/foo bar/foo-bar/baz` leave `--///baz` (fzf 0.74.5 leaves the same).
  @Test func pathWordsStopAtSlashesOnly() {
    var query = QueryState()
    query.pathWords = true
    _ = QueryEditingReducer.reduce(&query, .inserted("--/foo bar/foo-bar/baz"))
    for event in [
      QueryEvent.cursorMoved(.wordLeft), .cursorMoved(.wordLeft), .cursorMoved(.wordLeft), .deletedWordForward,
      .cursorMoved(.wordRight), .deletedWordPartBackward,
    ] {
      _ = QueryEditingReducer.reduce(&query, event)
    }
    #expect(query.text == "--///baz")
    // Without it, a word is letters and digits: Alt-b stops at `baz`, then at `bar`.
    var plain = QueryState()
    _ = QueryEditingReducer.reduce(&plain, .inserted("foo bar/foo-bar/baz"))
    _ = QueryEditingReducer.reduce(&plain, .cursorMoved(.wordLeft))
    _ = QueryEditingReducer.reduce(&plain, .cursorMoved(.wordLeft))
    #expect(plain.cursor == 12)
  }
}

@Suite struct SuggestionsReducerTests {
  @Test func theHighlightWalksThePaneAndLeavesItAtTheEnd() {
    var pane = SuggestionsState()
    pane.hits = [suggestion("a"), suggestion("b")]
    var store = ScopedStore(state: pane)
    store.send({ SuggestionsReducer.highlightNext(&$0) }, returns: true, changes: { $0.highlighted = 0 })
    store.send({ SuggestionsReducer.highlightNext(&$0) }, returns: true, changes: { $0.highlighted = 1 })
    store.send({ SuggestionsReducer.highlightNext(&$0) }, returns: false)  // the results' turn
    store.send(
      { SuggestionsReducer.search(&$0, "q") }, returns: .searchSuggestions(query: "q", revision: 1),
      changes: {
        $0.revision = 1
      })
    store.send({ SuggestionsReducer.arrived(&$0, revision: 0, []) })  // stale: dropped
    store.send(
      { SuggestionsReducer.arrived(&$0, revision: 1, [suggestion("c")]) },
      changes: {
        $0.hits = [suggestion("c")]
        $0.highlighted = nil  // the highlight is past the new list
      })
    store.send(
      { SuggestionsReducer.submitted(&$0, fromSuggestion: true) },
      changes: {
        $0.hits = []
        $0.visible = false
        $0.didSubmit = true
        $0.revision = 2  // an answer on its way must not refill the pane
      })
  }
}

@Suite struct ResultsReducerTests {
  /// Infinite scroll asks for the next page once, with the cursor the last page answered with,
  /// and takes it in only for the query on screen.
  @Test func pagesAreAskedForOnceAndTakenInOrder() {
    var list = ResultsListState()
    list.results = ResultsState(firstPage: page("q", 0, ["a", "b"], nbHits: 4, hitsPerPage: 2), offersCreate: false)
    list.revision = 3
    var store = ScopedStore(state: list)
    store.send(
      { ResultsReducer.loadMoreIfNeeded(&$0, rows: 10, focused: false, Refine()) },
      returns: [.searchResults(query: "q", page: 1, refine: Refine(), revision: 3)],
      changes: { $0.results.loadingPage = 1 })
    store.send({ ResultsReducer.loadMoreIfNeeded(&$0, rows: 10, focused: false, Refine()) }, returns: [])
    store.send({ ResultsReducer.appendLaterPage(&$0, page("other", 1, ["x"])) }, returns: false)
    store.send(
      { ResultsReducer.appendLaterPage(&$0, page("q", 1, ["c", "d"], nbHits: 4, hitsPerPage: 2)) }, returns: true,
      changes: {
        $0.results.hits += [hit("c"), hit("d")]
        $0.results.pagesLoaded = 2
        $0.results.loadingPage = nil
      })
  }

  @Test func theSelectionStaysOnARowAndOnScreen() {
    var list = ResultsListState()
    list.results = ResultsState(firstPage: page("q", 0, (0..<10).map(String.init)), offersCreate: false)
    list.selection = 25
    var store = ScopedStore(state: list)
    store.send(
      { ResultsReducer.clamp(&$0, rows: 4) },
      changes: {
        $0.selection = 9
        $0.scrollOffset = 6
      })
  }
}

@Suite struct MarksReducerTests {
  @Test func checksPastTheLimitAreRefusedAndAcceptWaitsForTheWrites() {
    var marks = MarksState()
    marks.picking.maxMarks = 1
    marks.checked = ["a"]
    marks.checkedThisRun = ["a"]
    var store = ScopedStore(state: marks)
    store.send(
      { MarksReducer.toggle(&$0, .item(hit("b")), query: "q") },
      returns: .failure(MarksReducer.Refusal(message: "at most 1 marked (--multi=1)")))
    // Shown at once, saved in the background: a second toggle before the answer reads it.
    store.send(
      { MarksReducer.toggle(&$0, .item(hit("a")), query: "q") },
      returns: .success([.setChecked(objectID: "a", title: "a", checked: false)]),
      changes: {
        $0.checked = []
        $0.checkedThisRun = []
        $0.checksInFlight = ["a": 1]
      })
    store.send(
      { MarksReducer.toggle(&$0, .item(hit("a")), query: "q") },
      returns: .success([.setChecked(objectID: "a", title: "a", checked: true)]),
      changes: {
        $0.checked = ["a"]
        $0.checkedThisRun = ["a"]
        $0.checksInFlight = ["a": 2]
      })
    // The first answer is not the state any more: the second, on its way, is.
    store.send({ MarksReducer.saved(&$0, "a", checked: false) }, changes: { $0.checksInFlight = ["a": 1] })
    store.send({ MarksReducer.saved(&$0, "a", checked: true) }, changes: { $0.checksInFlight = [:] })
    store.send(
      { MarksReducer.accept(&$0, "b", query: "q") }, returns: [.flushWrites], changes: { $0.pendingAccept = "b" })
    // The marks, not the row; and the row, not printed, is not picked.
    store.send({ MarksReducer.writesFlushed(&$0) }, returns: .accept(["a"], picked: nil))
  }

  /// A check the store could not save goes back (the writer answers with the check it held).
  @Test func aCheckNotSavedGoesBack() {
    var store = ScopedStore(state: MarksState())
    store.send(
      { MarksReducer.toggle(&$0, .item(hit("a")), query: "q") },
      returns: .success([.setChecked(objectID: "a", title: "a", checked: true)]),
      changes: {
        $0.checked = ["a"]
        $0.checkedThisRun = ["a"]
        $0.checksInFlight = ["a": 1]
      })
    store.send(
      { MarksReducer.saved(&$0, "a", checked: false) },
      changes: {
        $0.checked = []
        $0.checkedThisRun = []
        $0.checksInFlight = [:]
      })
  }

  /// The row accepted alone is printed, and picked (when the kind of input learns).
  @Test func theHighlightedRowPrintedAloneIsPicked() {
    var marks = MarksState()
    marks.picking.learns = true
    var store = ScopedStore(state: marks)
    store.send(
      { MarksReducer.accept(&$0, "b", query: "q") }, returns: [.flushWrites], changes: { $0.pendingAccept = "b" })
    store.send({ MarksReducer.writesFlushed(&$0) }, returns: .accept(["b"], picked: "b"))
  }
}

@Suite struct RefinementsScopedTests {
  @Test func tokensOnFacetsBecomeRefinementsAndTheLastChipGoes() {
    var refining = RefinementsState()
    refining.facetAttributes = ["brand"]
    refining.numericFacets = ["price"]
    var store = ScopedStore(state: refining)
    store.send(
      { RefinementsReducer.apply("Brand:apple", to: &$0) }, returns: true,
      changes: {
        $0.refine.refinements.toggle("brand", "apple")
      })
    store.send({ RefinementsReducer.apply("color:red", to: &$0) }, returns: false)
    store.send(
      { RefinementsReducer.apply("price<500", to: &$0) }, returns: true,
      changes: {
        $0.refine.refinements.numeric = [Refinements.Numeric(attribute: "price", comparison: .less, value: 500)]
      })
    store.send(
      { RefinementsReducer.removeLastChip(&$0) }, returns: true, changes: { $0.refine.refinements.numeric = [] })
    store.send(
      { RefinementsReducer.reduce(&$0, .sortCycled) }, returns: .refined(message: "sorted by price:asc"),
      changes: {
        $0.refine.sort = SortOrder(attribute: "price", descending: false)
      })
  }
}

/// The terminal tells the state machine its layout; the machine pages by it.
@Suite struct ViewportTests {
  @Test func aTallerPaneAsksForTheNextPageAndAShorterOneKeepsTheSelectionInView() {
    var store = TestStore()
    let short = Viewport(resultsRows: 2)
    store.send(
      .app(.started(short)),
      effects: [.searchResults(query: "", page: 0, revision: 1), .searchSuggestions(query: "", revision: 1)]
    ) {
      $0.viewport = short
      $0.list.revision = 1
      $0.suggestionsPane.revision = 1
    }
    let first = page("", 0, ["a", "b"], nbHits: 4, hitsPerPage: 2)
    store.send(.answer(.resultsArrived(revision: 1, first))) {
      $0.list.results = ResultsState(firstPage: first, offersCreate: true)
      $0.list.answeredRevision = 1
    }
    let tall = Viewport(resultsRows: 10)
    store.send(.app(.viewportChanged(tall)), effects: [.searchResults(query: "", page: 1, revision: 1)]) {
      $0.viewport = tall
      $0.list.results.loadingPage = 1
    }
    store.send(.click(.resultClicked(1, double: false))) {
      $0.focus = .results
      $0.list.selection = 1
    }
    let one = Viewport(resultsRows: 1)
    store.send(.app(.viewportChanged(one))) {
      $0.viewport = one
      $0.list.scrollOffset = 1
    }
  }
}

/// Time is an event: the run loop only says how long it slept; the state machine turns the
/// spinner and decides when the store is looked at.
@Suite struct TimeTests {
  @Test func ticksTurnTheSpinnerWhileStreamingAndLookAtTheStoreEveryHalfSecond() {
    var state = SearchState()
    state.streamedRecords = 10
    var store = TestStore(state)
    #expect(store.state.tickMilliseconds == 100)
    for frame in 1...4 {
      store.send(.app(.tick(milliseconds: 100))) {
        $0.spinnerFrame = frame
        $0.idleMilliseconds = frame * 100
      }
    }
    store.send(.app(.tick(milliseconds: 100)), effects: [.refreshFromStore]) {
      $0.spinnerFrame = 5
      $0.idleMilliseconds = 0
    }
  }
}

/// Clicks on refinements, as the terminal hit-tested them.
@Suite struct RefinementClickTests {
  @Test func aChipClickedGoesAndAPaneValueClickedToggles() {
    var state = SearchState()
    state.refining.facetAttributes = ["brand"]
    state.refining.refine.refinements.toggle("brand", "Apple")
    state.refining.refine.refinements.numeric = [Refinements.Numeric(attribute: "price", comparison: .less, value: 500)]
    state.list.results.facets = [FacetResult(attribute: "brand", values: [.init(value: "Apple", count: 5)])]
    var store = TestStore(state)
    store.send(
      .refinements(.chipRemoved(1)), effects: [.searchResults(query: "", page: 0, refine: refineWithout, revision: 1)]
    ) {
      $0.refining.refine.refinements.numeric = []
      $0.list.revision = 1
    }
    store.send(.refinements(.chipRemoved(5)))  // no such chip
    var cleared = Refine()
    cleared.refinements = Refinements()
    store.send(
      .refinements(.paneValueClicked(1)), effects: [.searchResults(query: "", page: 0, refine: cleared, revision: 2)]
    ) {
      $0.refining.refine.refinements = Refinements()
      $0.refining.paneSelection = 1
      $0.list.revision = 2
    }
  }

  var refineWithout: Refine {
    var refine = Refine()
    refine.refinements.toggle("brand", "Apple")
    return refine
  }
}
