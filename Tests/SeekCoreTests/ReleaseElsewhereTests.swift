import Foundation
import Testing

@testable import SeekCore

@Suite struct ReleaseElsewhereTests {
  final class Flags: @unchecked Sendable {
    private let lock = NSLock()
    private var freed = false
    private var freedFirst: Bool? = nil
    func setFreed() { lock.withLock { freed = true } }
    func afterwards() { lock.withLock { freedFirst = freed } }
    var seen: Bool? { lock.withLock { freedFirst } }
  }

  final class Tracked: Sendable {
    let flags: Flags
    init(_ flags: Flags) { self.flags = flags }
    deinit { flags.setFreed() }
  }

  /// What runs afterwards (handing free pages back to the system) runs once the value is freed:
  /// a value kept by the block until it ends would still be resident then.
  @Test func whatRunsAfterwardsRunsOnceTheValueIsFreed() {
    let flags = Flags()
    ReleaseElsewhere.release(Tracked(flags)) { flags.afterwards() }
    for _ in 0..<10_000 where flags.seen == nil {
      Thread.sleep(forTimeInterval: 0.001)  // polling for a condition, not a timed assertion
    }
    #expect(flags.seen == true)
  }
}
