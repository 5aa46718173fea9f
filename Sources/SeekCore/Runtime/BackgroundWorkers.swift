import Foundation
import SearchEngine

extension Workers {
  /// Threads of their own at nice 10, one a core, the calling thread among them (at its own
  /// priority: the indexer's is lowered too). For builds nothing waits on: the reader and the
  /// search lane, at the normal priority, take a core from them as soon as they need one
  /// (Linux's scheduler gives a nice-0 thread about nine times a nice-10 one's share), so a
  /// key typed while a pipe's main index is rebuilt is answered as if no build ran, and the
  /// build still has every core nobody else wants. A thread costs tens of microseconds to
  /// start; a build step takes milliseconds to seconds.
  public static let background = Workers(cores: ProcessInfo.processInfo.activeProcessorCount) { iterations, body in
    let iterations = IterationCounter(total: iterations)
    let done = DispatchGroup()
    for _ in 1..<min(ProcessInfo.processInfo.activeProcessorCount, iterations.total) {
      done.enter()
      let thread = Thread {
        lowerThisThreadsPriority()
        while let i = iterations.take() { body.run(i) }
        done.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    while let i = iterations.take() { body.run(i) }
    done.wait()
  }
}

/// Nice 10 for the calling thread only: on Linux, `setpriority` with `PRIO_PROCESS` and 0 acts on
/// the calling thread (a thread's nice value is its own under NPTL).
func lowerThisThreadsPriority() {
  _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
}

/// Hands out `0..<total` once each, to whichever thread asks first.
private final class IterationCounter: @unchecked Sendable {
  let total: Int
  private var next = 0
  private let lock = NSLock()

  init(total: Int) { self.total = total }

  func take() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < total else { return nil }
    next += 1
    return next - 1
  }
}
