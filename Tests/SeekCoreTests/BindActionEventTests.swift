import SearchEngine
import Testing

@testable import SeekApp

/// An action that is one event (`BindAction.event`) does what that event does: a key of Seek's
/// sends the event, a key the user binds performs the action, and the two must agree.
@Suite struct BindActionEventTests {
  static let names = [
    "up", "down", "page-up", "page-down", "toggle-preview", "toggle-details", "preview-up", "preview-down",
    "toggle-refinements", "cycle-sort", "clear-refinements", "beginning-of-line", "kill-word", "yank",
    "submit-or-accept", "complete-or-toggle-down", "toggle-up-or-up", "toggle-or-space", "back", "interrupt",
    "prev-history", "next-history",
  ]

  func listed() -> SearchState {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.marks.picking.marks = true
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    _ = SearchReducer.reduce(&state, .query(.inserted("a")))
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("a", 0, ["a1", "a2", "a3"]))))
    _ = SearchReducer.reduce(&state, .move(.movedDown))
    return state
  }

  @Test(arguments: names)
  func performingTheActionIsReducingItsEvent(_ name: String) throws {
    let action = try #require(BindAction.named(name, argument: nil))
    let event = try #require(action.event, "\(name) is not one event")
    var performed = listed()
    var reduced = performed
    let performedEffects = SearchReducer.reduce(&performed, .app(.actionsTriggered([action])))
    let reducedEffects = SearchReducer.reduce(&reduced, event)
    #expect(performedEffects == reducedEffects)
    #expect(performed == reduced)
  }

  @Test func anActionOfSeveralEventsIsNone() {
    #expect(BindAction.toggleDown.event == nil)
    #expect(BindAction.accept.event == nil)
  }
}
