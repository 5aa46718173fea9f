import Foundation
import SearchEngine

extension Workers {
  /// Threads of their own at nice 19, one a core, the calling thread among them (at its own
  /// priority: the indexer's is lowered too). For builds nothing waits on: the reader and the
  /// search lane, at the normal priority, take a core from them as soon as they need one
  /// (Linux's scheduler gives a nice-0 thread about 68 times a nice-19 one's share), so a
  /// key typed while a pipe's main index is rebuilt is answered as if no build ran, and the
  /// build still has every core nobody else wants. Nice 10 (a ninth of a core's share) was
  /// not low enough once the scan ran on every core: ten million paths piped in settled in
  /// 4.7–5.3 s at nice 10 and 4.2–5.0 s at nice 19, in the same alternated runs. What it trades:
  /// on a machine whose every core is busy with other work, a build gets a sixth of the time it
  /// got at nice 10, and keys are answered by the scan meanwhile. A thread costs tens of microseconds to
  /// start; a build step takes milliseconds to seconds.
  ///
  /// Between the steps of a build of a million records or more, the allocator's free pages are
  /// handed back (`ProcessMemory.returnFreePages`): these builds run beside a pipe's scan, whose
  /// blocks, and the runs' dictionaries, are freed into arenas the next steps do not reuse. At ten
  /// million paths what was resident once the dictionaries were merged varied by 130 MB from run
  /// to run (1,337–1,470 MB, build marks in 6 runs), and the whole run's peak with it (1.71–1.99
  /// GB); handed back, it was 1,337 MB in every run and the peak 1.71–1.78 GB. It takes 30–45 ms
  /// and holds each arena's lock meanwhile, so smaller builds, whose free pages are few, skip it.
  public static let background = Workers(
    cores: ProcessInfo.processInfo.activeProcessorCount, betweenSteps: handBackFreePages, launch: onLowPriorityThreads)

  private static func handBackFreePages(afterBuilding records: Int) {
    if records >= 1_000_000 { ProcessMemory.returnFreePages() }
  }

  private static func onLowPriorityThreads(_ total: Int, _ body: Body) {
    let iterations = IterationCounter(total: total)
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

/// Nice 19 for the calling thread only: on Linux, `setpriority` with `PRIO_PROCESS` and 0 acts on
/// the calling thread (a thread's nice value is its own under NPTL).
func lowerThisThreadsPriority() {
  _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
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
