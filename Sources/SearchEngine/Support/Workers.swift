import Dispatch
import Foundation

/// The threads a build's parallel steps run on (tokenizing runs of records, the prefix levels,
/// the object ids beside the ranking order), and what runs between its steps (`betweenSteps`).
/// By default Dispatch's, on all cores, at the caller's priority. A build that must never delay
/// anything else — a pipe's main index, rebuilt while lines are read, scanned and typed into —
/// runs on threads its caller made at a lower priority instead (`SeekCore`'s `BackgroundWorkers`):
/// Dispatch's threads are shared and run at the normal priority, so a build's steps on them took
/// the search lane's core from under a key being answered.
public struct Workers: Sendable {
  /// How many iterations run at once, at most.
  public let cores: Int
  private let launch: @Sendable (Int, Body) -> Void
  /// Runs between a build's steps, once a step's working memory is freed, with the number of
  /// records built: the background workers hand the allocator's free pages back to the system
  /// there (`SeekCore`'s `Workers.background`). Nothing by default.
  public let betweenSteps: @Sendable (_ records: Int) -> Void

  /// An iteration's work, handed to the threads that run it. `launch` returns once every
  /// iteration has run, and `perform` then lets the closure go: a thread may hold the box a
  /// little longer, never the closure (which must not outlive `perform`'s call).
  public final class Body: @unchecked Sendable {
    private var work: ((Int) -> Void)?
    init(_ work: @escaping (Int) -> Void) { self.work = work }
    public func run(_ iteration: Int) { work?(iteration) }
    fileprivate func release() { work = nil }
  }

  /// `launch(iterations, body)` runs `body` for each of `0..<iterations` and returns when all
  /// have run.
  public init(
    cores: Int, betweenSteps: @escaping @Sendable (_ records: Int) -> Void = { _ in },
    launch: @escaping @Sendable (Int, Body) -> Void
  ) {
    self.cores = max(1, cores)
    self.betweenSteps = betweenSteps
    self.launch = launch
  }

  /// Dispatch's threads, on every core.
  public static let allCores = Workers(cores: ProcessInfo.processInfo.activeProcessorCount) { iterations, body in
    DispatchQueue.concurrentPerform(iterations: iterations) { body.run($0) }
  }

  /// The calling thread alone.
  public static let callingThread = Workers(cores: 1) { iterations, body in
    for i in 0..<iterations { body.run(i) }
  }

  /// Runs `body` for each of `0..<iterations` on these workers; returns when every one has run.
  public func perform(iterations: Int, _ body: (Int) -> Void) {
    if iterations == 1 || cores == 1 {
      for i in 0..<iterations { body(i) }
      return
    }
    withoutActuallyEscaping(body) { escapable in
      let box = Body(escapable)
      launch(iterations, box)
      box.release()
    }
  }
}
