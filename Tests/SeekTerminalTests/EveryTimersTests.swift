import Testing

@testable import SeekApp
@testable import SeekTerminal

/// fzf's `every(N)` timers: each on its own, the wait no longer than the next one.
@Suite struct EveryTimersTests {
  @Test func eachTimerFiresOnItsOwnAndAMissedOneOnce() {
    let start = ContinuousClock.now
    var timers = EveryTimers(
      [
        TimerBinding(name: "every(0.1)", milliseconds: 100, actions: [.up]),
        TimerBinding(name: "every(0.5)", milliseconds: 500, actions: [.down]),
      ], now: start)
    #expect(timers.millisecondsToNext(now: start) == 100)
    #expect(timers.due(now: start + .milliseconds(50)).isEmpty)
    #expect(timers.due(now: start + .milliseconds(100)).map(\.name) == ["every(0.1)"])
    #expect(timers.millisecondsToNext(now: start + .milliseconds(100)) == 100)
    // Late by several intervals (a command ran): each due timer fires once.
    #expect(timers.due(now: start + .milliseconds(900)).map(\.name) == ["every(0.1)", "every(0.5)"])
    #expect(timers.millisecondsToNext(now: start + .milliseconds(900)) == 100)
    #expect(EveryTimers([], now: start).millisecondsToNext(now: start) == nil)
  }
}
