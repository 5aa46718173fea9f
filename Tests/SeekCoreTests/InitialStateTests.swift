import SearchEngine
import Testing

@testable import SeekApp

/// A run's first state is made from one `Start` (`SearchState.initial`): each choice lands in the
/// concern that owns it, and the reducer acts on it from the first event.
@Suite struct InitialStateTests {
  @Test func eachChoiceLandsInItsConcern() {
    var start = SearchState.Start()
    start.checked = ["a"]
    start.picking.marks = true
    start.refine.inputOrder = true
    start.facetAttributes = ["brand"]
    start.numericFacets = ["price"]
    start.message = "sortBy: 'x' is not a facet"
    start.streams = true
    start.header = ["NAME"]
    start.jumpLabels = ["x", "y"]
    start.history = ["older", "newest"]
    start.pathWords = true
    start.look = .fzf(separator: true)
    start.scrollOff = 3
    start.track = true
    start.identifiesLines = true
    start.statusFollowsQuery = true
    let state = SearchState.initial(start)
    #expect(state.marks.checked == ["a"] && state.marks.picking.marks)
    #expect(state.refining.refine.inputOrder == true && state.refining.facetAttributes == ["brand"])
    #expect(state.refining.numericFacets == ["price"])
    #expect(state.message == "sortBy: 'x' is not a facet")
    #expect(state.streamedRecords == 0)
    #expect(state.header == ["NAME"] && state.jump.labels == ["x", "y"])
    #expect(state.editor.history.entries == ["older", "newest"] && state.editor.pathWords)
    #expect(state.look == .fzf(separator: true) && state.statusFollowsQuery)
    #expect(state.list.scrollOff == 3 && state.list.tracking.mode == .always && state.list.tracking.identified)
    // Nothing chosen: the state of a bare `SearchState()`.
    #expect(SearchState.initial(SearchState.Start()) == SearchState())
  }

  /// The history given is walked by the first Ctrl-P, as fzf's `--history`.
  @Test func theHistoryGivenIsWalkedAtOnce() {
    var start = SearchState.Start()
    start.history = ["older", "newest"]
    var state = SearchState.initial(start)
    _ = SearchReducer.reduce(&state, .query(.historyMoved(older: true)))
    #expect(state.editor.text == "newest")
  }
}
