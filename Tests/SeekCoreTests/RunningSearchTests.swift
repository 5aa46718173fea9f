import Testing

@testable import SeekApp
@testable import SeekCore

/// When a long scan of unindexed lines stops for a search queued behind it.
@Suite struct RunningSearchTests {
  let running = RunningSearch(query: "r", page: 0, refine: Refine(), startedAt: 1_000_000_000)
  let grace = RunningSearch.reaskGraceNanoseconds

  func results(_ query: String, page: Int = 0, refine: Refine = Refine(), revision: Int = 2) -> SearchEffect {
    .searchResults(query: query, page: page, refine: refine, revision: revision)
  }

  @Test func aSearchForSomethingElseAlwaysWins() {
    let now = running.startedAt + 1
    #expect(running.givesWay(to: results("re"), now: now))
    #expect(running.givesWay(to: results("r", page: 1), now: now))
    var refine = Refine()
    refine.searchDisabled = true
    #expect(running.givesWay(to: results("r", refine: refine), now: now))
  }

  /// Lines streaming in ask the same again at every batch: the running search finishes first,
  /// unless it has already run a frame's time.
  @Test func theSameAskedAgainWaitsForAFrame() {
    #expect(!running.givesWay(to: results("r"), now: running.startedAt + 1))
    #expect(!running.givesWay(to: results("r"), now: running.startedAt + grace - 1))
    #expect(running.givesWay(to: results("r"), now: running.startedAt + grace))
  }

  @Test func otherWorkIsNoReasonToStop() {
    #expect(!running.givesWay(to: .searchSuggestions(query: "x", revision: 3), now: running.startedAt + 10 * grace))
  }
}
