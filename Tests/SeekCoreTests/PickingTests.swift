import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

/// One rule per kind of input: lines pick with one Enter (fzf), records submit then pick
/// (InstantSearch). Driven through the real searcher and store writer.
@Suite struct PickingTests {
  func lines(_ titles: [String], picking: Picking = .defaults(lines: true)) throws -> Harness {
    var table = RecordTable(attributes: ["text"])
    for title in titles { table.append([("text", title)]) }
    let catalog = Catalog(
      name: "lines", path: "<stdin>", table: table, settings: CatalogSettings().resolved(for: table))
    return try Harness(catalog: catalog, picking: picking)
  }

  @Test func oneEnterAcceptsTheTopLine() throws {
    let app = try lines(["alpha", "beta", "gamma"])
    app.type("bet")
    #expect(app.titles == ["beta"])  // no create row for lines
    app.send(.key(.enterPressed))
    #expect(app.finished == .accept(objectIDs: [app.state.list.results.hits[0].objectID]))
    #expect(app.effects.contains { if case .createItem = $0 { return true } else { return false } } == false)
  }

  @Test func enterBeforeTheResultsArriveTakesTheTopOfTheQueryTyped() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    _ = SearchReducer.reduce(&state, .query(.inserted("b")))
    let revision = state.list.revision
    #expect(SearchReducer.reduce(&state, .key(.enterPressed)) == [])
    #expect(state.marks.acceptTopOnArrival)
    // Keys typed meanwhile do nothing: Enter was the last word.
    #expect(SearchReducer.reduce(&state, .query(.inserted("x"))) == [])
    #expect(state.editor.text == "b")
    let effects = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: revision, page("b", 0, ["beta"]))))
    #expect(effects == [.flushWrites])
    #expect(SearchReducer.reduce(&state, .answer(.writesFlushed)) == [.accept(objectIDs: ["beta"])])
  }

  @Test func enterWithNoMatchIsFzfsNoMatch() throws {
    let app = try lines(["alpha", "beta"])
    app.type("zzzz")
    #expect(app.titles.isEmpty)
    app.send(.key(.enterPressed))
    #expect(app.finished == .quit(status: 1))
  }

  @Test func aSuggestionSelectedWithTheArrowsIsStillSubmitted() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.suggestionsPane.hits = [suggestion("beta")]
    state.suggestionsPane.highlighted = 0
    let effects = SearchReducer.reduce(&state, .key(.enterPressed))
    #expect(effects.contains(.logSubmittedQuery(query: "beta", fromSuggestion: true)))
    #expect(state.marks.pendingAccept == nil)
  }

  @Test func createIsOfferedForLinesOnlyWhenAskedFor() throws {
    let app = try lines(["alpha"], picking: Picking(enterAccepts: true, offersCreate: true))
    app.type("zeta")
    #expect(app.titles == ["+ zeta"])
  }

  @Test func recordsSubmitThenSelectTheFirstHitNeverTheCreateRow() throws {
    let app = try Harness(catalog: catalog(["Blue Lamp", "Red Lamp"]))
    app.type("lamp")
    #expect(app.titles == ["+ lamp", "Blue Lamp", "Red Lamp"])
    app.send(.key(.enterPressed))
    #expect(app.state.focus == .results)
    #expect(app.titles[app.state.list.selection] == "Blue Lamp")
    #expect(app.finished == nil)
    app.send(.key(.enterPressed))
    #expect(app.finished == .accept(objectIDs: [app.state.list.results.hits[0].objectID]))
  }

  /// A list-keeper types a name nothing matches and presses Enter: the item is created (the
  /// hint says so); with `createOnEnter` off, Enter submits and stays in the query.
  @Test func enterWithNothingFoundCreatesTheItemUnlessTurnedOff() throws {
    let store = MemoryItemStore()
    let app = try Harness(catalog: catalog(["Blue Lamp"]), store: store)
    app.type("qqqq")
    #expect(app.state.createdByEnter == "qqqq")
    app.send(.key(.enterPressed))
    #expect(try store.createdItems().map(\.title) == ["qqqq"])
    var picking = Picking.defaults(lines: false)
    picking.createsOnEnter = false
    let kept = try Harness(catalog: catalog(["Blue Lamp"]), picking: picking)
    kept.type("qqqq")
    #expect(kept.state.createdByEnter == nil)
    kept.send(.key(.enterPressed))
    #expect(kept.titles == ["+ qqqq"])
    #expect(kept.state.focus == .query)
    // A query that finds something submits, as before.
    let found = try Harness(catalog: catalog(["Blue Lamp"]), store: MemoryItemStore())
    found.type("lamp")
    #expect(found.state.createdByEnter == nil)
  }

  /// Enter typed before the answer to the query arrives (a list-keeper typing fast): the query is
  /// submitted, and the item created when that answer holds nothing; typing on drops it.
  @Test func enterBeforeTheAnswerCreatesWhenItHoldsNothing() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: false)
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    _ = SearchReducer.reduce(&state, .query(.inserted("qqqq")))
    #expect(!SearchReducer.reduce(&state, .key(.enterPressed)).contains(.createItem(title: "qqqq")))
    let empty = ResultsPage(query: "qqqq", page: 0, hits: [], nbHits: 0, nbPages: 0)
    let arrived = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, empty)))
    #expect(arrived.contains(.createItem(title: "qqqq")))
    // Typed on after Enter: the answer to the longer query decides nothing by itself.
    _ = SearchReducer.reduce(&state, .query(.inserted("x")))
    _ = SearchReducer.reduce(&state, .key(.enterPressed))
    _ = SearchReducer.reduce(&state, .query(.inserted("y")))
    let later = ResultsPage(query: "qqqqxy", page: 0, hits: [], nbHits: 0, nbPages: 0)
    #expect(
      !SearchReducer.reduce(&state, .answer(.resultsArrived(revision: state.list.revision, later))).contains {
        if case .createItem = $0 { return true } else { return false }
      })
  }

  @Test func deleteRemovesACreatedItemOnly() throws {
    let store = MemoryItemStore()
    let app = try Harness(catalog: catalog(["Blue Lamp"]), store: store)
    app.type("desk")
    app.send(.move(.movedDown))
    app.send(.key(.enterPressed))  // on the create row: creates "desk", checked
    #expect(try store.createdItems().map(\.title) == ["desk"])
    #expect(app.titles == ["desk"])
    app.send(.move(.movedDown))
    app.send(.query(.deletedForward))
    #expect(try store.createdItems().isEmpty)
    #expect(try store.checkedItems().isEmpty)
    #expect(app.titles == ["+ desk"])
    #expect(app.state.marks.checkedThisRun.isEmpty)
    // Ctrl-Y on the list brings the deleted item back, checked as it was.
    app.send(.move(.movedDown))
    app.send(.query(.yanked))
    #expect(try store.createdItems().map(\.title) == ["desk"])
    #expect(try store.checkedItems().map(\.title) == ["desk"])
    #expect(app.titles == ["desk"])
    #expect(app.state.message == "brought back “desk”")
    // Unchecked when deleted: back unchecked.
    app.send(.move(.movedDown))
    app.send(.key(.spacePressed))
    #expect(try store.checkedItems().isEmpty)
    app.send(.query(.deletedForward))
    app.send(.move(.movedDown))
    app.send(.query(.yanked))
    #expect(try store.createdItems().map(\.title) == ["desk"])
    #expect(try store.checkedItems().isEmpty)
    // A catalog record is not deleted: a message says why.
    app.send(.query(.cleared))
    app.type("blue lamp")
    app.send(.move(.movedDown))
    app.send(.query(.deletedForward))
    #expect(app.state.message != nil)
    #expect(app.titles == ["Blue Lamp"])
  }
}
