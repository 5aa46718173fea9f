import Foundation
import SearchEngine
import SeekApp

/// Runs the state machine's effects and answers with events. It owns the threads, their order,
/// cancellation and shutdown:
///
///     reducer ──effects──▶ run(_:) ─┬─ search lane: searches, latest wins (a stale one is skipped)
///                                   │     + updates (streamed indexes, created items, learned
///                                   │       suggestions), which are never skipped
///                                   │     └─▶ count lane: an exact count after a first page's
///                                   │           estimate (the latest only; a new search drops it)
///                                   └─ write lane: store writes in order, never dropped, never
///                                         queued behind a search
///     both lanes ──events──▶ outbox ──(a byte on wakeDescriptor)──▶ takeEvents() ──▶ reducer
///
/// A write that the search lane must learn from (an item created) first updates the search lane,
/// then answers: the reducer's next search is queued behind the update and sees the item.
/// `shutdown` drains the write lane within a deadline, joins both threads and reports failures.
public final class EffectRuntime: @unchecked Sendable {
  /// Why shutting down was not clean: writes that failed during the run, or did not finish in time.
  public struct ShutdownReport: Sendable, Equatable {
    public var failures: [String]
    public var unfinishedWrites: Int
    public var isClean: Bool { failures.isEmpty && unfinishedWrites == 0 }

    public init(failures: [String], unfinishedWrites: Int) {
      self.failures = failures
      self.unfinishedWrites = unfinishedWrites
    }
  }

  private enum SearchJob {
    case effect(SearchEffect)
    case update(SearchService.Update)
    case work(@Sendable (SearchService) -> SearchEvent?)
  }

  private let service: SearchService
  private let writer: StoreWriter
  private let lock = NSCondition()
  private var searchQueue: [SearchJob] = []
  private var writeQueue: [StoreWriter.Job] = []
  /// Writes queued or running.
  private var writesPending = 0
  private var outbox: [SearchEvent] = []
  private var failures: [String] = []
  private var stopping = false
  private var searchLaneDone = false
  private var writeLaneDone = false
  private var countLaneDone = false
  /// The results search the search lane is running (what a queued one is weighed against).
  private var runningSearch: RunningSearch? = nil
  /// The count to make next, for the results of `revision` (latest wins).
  private var countSlot: (job: CountJob, revision: Int)? = nil
  private let wake = WakePipe()
  /// `--preview` commands: latest wins, each ended with its process group.
  private var preview: PreviewRunner!
  private var infoRunner: PreviewRunner!
  /// fzf's `FZF_*` variables for the next preview and `--info-command`, as the screen last
  /// stood (set by the terminal before it hands effects over; guarded by `lock`).
  private var commandVariables: [String: String] = [:]

  /// The variables commands started from now on are given (fzf's `FZF_*`).
  public func setCommandVariables(_ variables: [String: String]) {
    lock.lock()
    commandVariables = variables
    lock.unlock()
  }

  private var currentCommandVariables: [String: String] {
    lock.lock()
    defer { lock.unlock() }
    return commandVariables
  }

  /// Becomes readable when events are waiting in `takeEvents()`.
  public var wakeDescriptor: Int32 { wake.descriptor }

  public init(service: SearchService, writer: StoreWriter) {
    self.service = service
    self.writer = writer
    preview = PreviewRunner(deliver: { [weak self] event in self?.post([event]) })
    // `--info-command` runs as a preview does (one at a time, latest wins); its first line is kept.
    infoRunner = PreviewRunner(deliver: { [weak self] event in
      guard case .details(.previewArrived(let revision, let output)) = event else { return }
      let line = output.lines.first.map { $0.map(\.text).joined() } ?? ""
      self?.post([.answer(.infoArrived(revision: revision, text: line))])
    })
    // A long scan of unindexed lines gives way to a newer search (it resumes when asked again).
    service.searcher.superseded = { [weak self] in self?.runningSearchGivesWay ?? false }
    start(named: "seek-search") { $0.searchLoop() }
    start(named: "seek-write") { $0.writeLoop() }
    start(named: "seek-count") { $0.countLoop() }
  }

  private func start(named name: String, _ loop: @escaping @Sendable (EffectRuntime) -> Void) {
    let thread = Thread { [self] in loop(self) }
    thread.name = name
    thread.stackSize = 8 << 20
    thread.start()
  }

  // MARK: - In

  /// Queues an effect on its lane. `accept` and `quit` are the app's, not the runtime's.
  public func run(_ effect: SearchEffect) {
    lock.lock()
    defer {
      lock.signal()
      lock.unlock()
    }
    guard !stopping else { return }
    switch effect.lane {
    case .search:
      // Latest wins: a queued search of an older revision will never be shown; drop it unrun.
      switch effect {
      case .searchResults(_, _, _, _, let revision, _):
        searchQueue.removeAll {
          switch $0 {
          case .effect(.searchResults(_, _, _, _, let r, _)), .effect(.countHits(_, _, let r)): return r < revision
          default: return false
          }
        }
        // A count not started for older results is no longer wanted.
        if let slot = countSlot, slot.revision < revision { countSlot = nil }
      case .searchSuggestions(_, let revision):
        searchQueue.removeAll {
          if case .effect(.searchSuggestions(_, let r)) = $0 { return r < revision } else { return false }
        }
      case .loadDetails(_, _, let revision), .runPreview(_, _, _, let revision, _, _):
        searchQueue.removeAll {
          switch $0 {
          case .effect(.loadDetails(_, _, let r)), .effect(.runPreview(_, _, _, let r, _, _)): return r < revision
          default: return false
          }
        }
      default: break
      }
      searchQueue.append(.effect(effect))
    case .write:
      writeQueue.append(.effect(effect))
      writesPending += 1
    case .app:
      break
    }
    lock.broadcast()
  }

  /// Runs `work` on the search lane between searches (never skipped), e.g. swapping in indexes
  /// built from streamed input; its event, if any, is delivered like a search's.
  public func runOnSearchLane(_ work: @escaping @Sendable (SearchService) -> SearchEvent?) {
    lock.lock()
    if !stopping { searchQueue.append(.work(work)) }
    lock.broadcast()
    lock.unlock()
  }

  /// `work`'s answer, computed on the search lane after what is queued there (the catalog's
  /// owner): the caller waits. nil when the runtime is stopping.
  public func answerOnSearchLane<T: Sendable>(_ work: @escaping @Sendable (SearchService) -> T) -> T? {
    let answer = AnswerBox<T>()
    lock.lock()
    let accepted = !stopping
    if accepted {
      searchQueue.append(
        .work { service in
          answer.set(work(service))
          return nil
        })
    }
    lock.broadcast()
    lock.unlock()
    return accepted ? answer.wait() : nil
  }

  // MARK: - Out

  /// Events that have arrived since the last call, in the order they were answered.
  public func takeEvents() -> [SearchEvent] {
    wake.drain()
    lock.lock()
    defer { lock.unlock() }
    let taken = outbox
    outbox = []
    return taken
  }

  private func setRunningSearch(_ search: RunningSearch?) {
    lock.lock()
    runningSearch = search
    lock.unlock()
  }

  /// Whether the results search running on the search lane should stop for one queued behind it
  /// (`RunningSearch.givesWay`).
  private var runningSearchGivesWay: Bool {
    let now = DispatchTime.now().uptimeNanoseconds
    lock.lock()
    defer { lock.unlock() }
    return searchQueue.contains { job in
      guard case .effect(let effect) = job, case .searchResults = effect else { return false }
      return runningSearch?.givesWay(to: effect, now: now) ?? true
    }
  }

  /// Whether store writes are queued or running.
  public var hasPendingWrites: Bool {
    lock.lock()
    defer { lock.unlock() }
    return writesPending > 0
  }

  /// Waits until events are waiting or `seconds` have passed (for callers without a poll loop).
  public func waitForEvents(seconds: Double) {
    wake.wait(milliseconds: Int32(max(0, seconds * 1000)))
  }

  /// Stops both lanes: pending searches are dropped, pending query-log entries are counted and
  /// handed to the write lane, and every pending write is finished — waiting at most `seconds`.
  /// Both threads are joined unless the deadline passed first.
  public func shutdown(waitingAtMost seconds: Double = 5) -> ShutdownReport {
    let deadline = Date().addingTimeInterval(seconds)
    preview.shutdown()  // no preview command outlives Seek
    infoRunner.shutdown()
    lock.lock()
    stopping = true
    searchQueue.removeAll {
      switch $0 {
      case .effect(.logSubmittedQuery): return false
      case .effect: return true
      case .update, .work: return true
      }
    }
    lock.broadcast()
    countSlot = nil
    while !(searchLaneDone && writeLaneDone && countLaneDone) {
      if !lock.wait(until: deadline) { break }
    }
    let report = ShutdownReport(failures: failures, unfinishedWrites: writesPending)
    lock.unlock()
    return report
  }

  // MARK: - Lanes

  private func post(_ events: [SearchEvent]) {
    guard !events.isEmpty else { return }
    lock.lock()
    outbox += events
    lock.unlock()
    wake.signal()
  }

  private func searchLoop() {
    while true {
      lock.lock()
      while searchQueue.isEmpty && !stopping { lock.wait() }
      if searchQueue.isEmpty {  // stopping, and nothing that must run is left
        searchLaneDone = true
        lock.broadcast()
        lock.unlock()
        return
      }
      let job = searchQueue.removeFirst()
      lock.unlock()
      switch job {
      case .effect(.logSubmittedQuery(let query, let fromSuggestion)):
        // The log keeps how many hits the query had: counted here, where the searchers live.
        let entry = LoggedQuery(
          query: query, time: writer.now(), nbHits: service.searcher.count(query), fromSuggestion: fromSuggestion)
        lock.lock()
        writeQueue.append(.log(entry))
        writesPending += 1
        lock.broadcast()
        lock.unlock()
      case .effect(.runPreview(let template, let objectID, let query, let revision, let baseField, let marked)):
        // Placeholders are filled here, where the catalog lives; the command runs on its own thread.
        let variables = currentCommandVariables
        preview.run(
          command: service.previewCommand(
            template: template, objectID: objectID, query: query, marked: marked, variables: variables),
          variables: variables, revision: revision,
          baseLine: baseField.flatMap { service.previewBaseLine(objectID: objectID, field: $0) })
      case .effect(.runInfoCommand(let template, let position, let info, let revision)):
        var variables = currentCommandVariables
        variables["FZF_POS"] = String(position)
        variables["FZF_INFO"] = info
        infoRunner.run(command: template, variables: variables, revision: revision)
      case .effect(.countHits(let query, let refine, let revision)):
        // The job is made here, where the segments live; it runs on the count lane.
        guard let job = service.countJob(query: query, refine: refine) else { break }
        lock.lock()
        if !stopping { countSlot = (job, revision) }
        lock.broadcast()
        lock.unlock()
      case .effect(let effect):
        let running = RunningSearch(effect, startedAt: DispatchTime.now().uptimeNanoseconds)
        if running != nil { setRunningSearch(running) }
        if let event = service.perform(effect, early: { [self] in post([$0]) }) { post([event]) }
        if running != nil { setRunningSearch(nil) }
      case .update(let update):
        service.apply(update)
      case .work(let work):
        if let event = work(service) { post([event]) }
      }
    }
  }

  /// Exact counts, one at a time, the latest asked for; each answer goes to the reducer (which
  /// keeps it if its results are still on screen) and to the search lane (which keeps it for the
  /// same query asked again: back from a sort, the count stays exact).
  private func countLoop() {
    while true {
      lock.lock()
      while countSlot == nil && !stopping { lock.wait() }
      guard let slot = countSlot, !stopping else {
        countLaneDone = true
        lock.broadcast()
        lock.unlock()
        return
      }
      countSlot = nil
      lock.unlock()
      guard let answer = slot.job.run() else { continue }
      lock.lock()
      if !stopping { searchQueue.append(.update(.counted(answer))) }
      lock.broadcast()
      lock.unlock()
      post([.answer(.countArrived(revision: slot.revision, nbHits: answer.nbHits, nbPages: answer.nbPages))])
    }
  }

  private func writeLoop() {
    while true {
      lock.lock()
      // Finish every write, including the query-log entries the search lane hands over while it
      // stops: only leave once it is done and nothing is queued.
      while writeQueue.isEmpty && !(stopping && searchLaneDone) { lock.wait() }
      if writeQueue.isEmpty {
        writeLaneDone = true
        lock.broadcast()
        lock.unlock()
        return
      }
      let job = writeQueue.removeFirst()
      lock.unlock()
      let answer = writer.perform(job)
      lock.lock()
      if let failure = answer.failure { failures.append(failure) }
      // Updates go to the search lane first, so the searches the answer triggers see them.
      // The search lane may be gone: apply them here, unraced, once it is.
      if !answer.updates.isEmpty {
        if searchLaneDone {
          for update in answer.updates { service.apply(update) }
        } else {
          searchQueue.insert(contentsOf: answer.updates.map { .update($0) }, at: 0)
        }
      }
      writesPending -= 1
      lock.broadcast()
      lock.unlock()
      post(answer.events)
    }
  }
}

/// One answer handed from a lane to the thread that waits for it.
private final class AnswerBox<T: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: T? = nil

  func set(_ v: T) {
    condition.lock()
    value = v
    condition.signal()
    condition.unlock()
  }

  func wait() -> T {
    condition.lock()
    defer { condition.unlock() }
    while value == nil { condition.wait() }
    return value!
  }
}
