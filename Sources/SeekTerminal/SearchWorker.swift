import Foundation
import SeekCore

/// Runs effects off the input thread, in order, so typing never waits for a search. Bursts
/// collapse: a queued search of an older revision is dropped when a newer one arrives (as fzf
/// abandons stale searches). Answers are queued for the main loop, which a byte on `wakeFD` wakes.
final class SearchWorker: @unchecked Sendable {
  private let service: SearchService
  private let condition = NSCondition()
  private enum Job {
    case effect(SearchEffect)
    /// Work that must run on the search thread (e.g. swapping in new indexes), with its answer.
    case run(() -> SearchEvent?)
  }

  private var queue: [Job] = []
  private var answers: [SearchEvent] = []
  private var stopped = false
  private let pipeFDs: [Int32]

  var wakeFD: Int32 { pipeFDs[0] }

  init(service: SearchService) {
    self.service = service
    var fds: [Int32] = [0, 0]
    pipe(&fds)
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    pipeFDs = fds
    let thread = Thread { [unowned self] in self.loop() }
    thread.stackSize = 8 << 20
    thread.start()
  }

  func submit(_ effect: SearchEffect) {
    condition.lock()
    switch effect {
    case .searchResults(_, 0, _):
      queue.removeAll { if case .effect(.searchResults) = $0 { return true } else { return false } }
    case .searchSuggestions:
      queue.removeAll { if case .effect(.searchSuggestions) = $0 { return true } else { return false } }
    default: break
    }
    queue.append(.effect(effect))
    condition.signal()
    condition.unlock()
  }

  /// Runs `work` on the search thread, between searches.
  func submit(_ work: @escaping () -> SearchEvent?) {
    condition.lock()
    queue.append(.run(work))
    condition.signal()
    condition.unlock()
  }

  /// Answers that have arrived since the last call.
  func takeAnswers() -> [SearchEvent] {
    var byte: UInt8 = 0
    while read(pipeFDs[0], &byte, 1) == 1 {}
    condition.lock()
    defer { condition.unlock() }
    let taken = answers
    answers = []
    return taken
  }

  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  private func loop() {
    while true {
      condition.lock()
      while queue.isEmpty && !stopped { condition.wait() }
      if stopped {
        condition.unlock()
        return
      }
      let job = queue.removeFirst()
      condition.unlock()
      let answer: SearchEvent?
      switch job {
      case .effect(let effect): answer = service.perform(effect)
      case .run(let work): answer = work()
      }
      condition.lock()
      if let answer { answers.append(answer) }
      condition.broadcast()
      condition.unlock()
      var byte: UInt8 = 1
      _ = write(pipeFDs[1], &byte, 1)
    }
  }
}
