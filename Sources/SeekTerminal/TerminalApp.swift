import Foundation
import SeekCore

/// The interactive app.
///
/// The flow of one keystroke:
///
///     key (CursesDriver.readKeys) → event (KeyMap) → reduce (SearchReducer) → effects
///       → SearchWorker (engine, store, off the input thread) → answer event → reduce
///       → render (Renderer, pure) → paint (CursesDriver) → refresh
///
/// Bursts of keys are reduced together and painted once; late answers are dropped by revision.
public final class TerminalApp {
  public enum Outcome: Equatable {
    /// Enter on a result: the objectIDs to print, and the query.
    case accepted(objectIDs: [String], query: String)
    case quit(status: Int32)
  }

  public struct Configuration {
    public var colors: Bool
    public var initialQuery: String
    public var tracePath: String?
    public var selectOne: Bool
    public var exitZero: Bool
    /// Records stream in from this pipe while the UI runs.
    public var input: (handle: FileHandle, format: CatalogFormat)?
    /// `--height N[%]`: draw inline in that many lines instead of full screen.
    public var height: String?

    public init(
      colors: Bool, initialQuery: String = "", tracePath: String? = nil, selectOne: Bool = false,
      exitZero: Bool = false, input: (handle: FileHandle, format: CatalogFormat)? = nil, height: String? = nil
    ) {
      self.colors = colors
      self.initialQuery = initialQuery
      self.tracePath = tracePath
      self.selectOne = selectOne
      self.exitZero = exitZero
      self.input = input
      self.height = height
    }
  }

  private let service: SearchService
  private let configuration: Configuration
  private var state = SearchState()

  public init(service: SearchService, configuration: Configuration) {
    self.service = service
    self.configuration = configuration
  }

  public func run() throws -> Outcome {
    let worker = SearchWorker(service: service)
    defer { worker.stop() }
    state.checked = try service.initialChecks()
    let missing = try service.missingCheckedItems().count
    if missing > 0 {
      state.message =
        "\(missing) checked item\(missing == 1 ? " is" : "s are") no longer in the catalog (kept; see seek --checked)"
    }
    var outcome: Outcome? = nil

    func dispatch(_ effects: [SearchEffect]) {
      for effect in effects {
        switch effect {
        case .accept(let ids): outcome = .accepted(objectIDs: ids, query: state.query)
        case .quit(let status): outcome = .quit(status: status)
        default: worker.submit(effect)
        }
      }
    }
    func send(_ event: SearchEvent) { dispatch(SearchReducer.reduce(&state, event)) }

    // --select-1 / --exit-0 decide before any screen is drawn, as fzf does.
    if configuration.selectOne || configuration.exitZero {
      let first = service.results(query: configuration.initialQuery, page: 0)
      if configuration.exitZero && first.nbHits == 0 { return .quit(status: 1) }
      if configuration.selectOne && first.nbHits == 1, let only = first.hits.first {
        return .accepted(objectIDs: [only.objectID], query: configuration.initialQuery)
      }
    }

    let driver: TerminalDriver
    if let height = configuration.height {
      driver = try InlineDriver(height: height, colors: configuration.colors)
    } else {
      driver = try CursesDriver(colors: configuration.colors)
      CursesDriver.installSignalHandlers()
    }
    defer { driver.end() }
    let trace = LatencyTrace(path: configuration.tracePath)
    var appliedRevision = 0
    var appliedMilliseconds = 0.0

    if let input = configuration.input {
      // Reader thread → (batches) → indexer thread → (new indexes) → search thread → event.
      let indexer = IndexerThread(catalog: service.catalog) { [service, worker] update, records, finished in
        worker.submit {
          if let update { service.apply(update) }
          return .catalogChanged(records: records, finished: finished)
        }
      }
      let reader = StreamingReader(format: input.format) { [indexer] in indexer.request() }
      indexer.reader = reader
      state.streamedRecords = 0
      reader.start(reading: input.handle)
    }
    send(.started(driver.size))
    if !configuration.initialQuery.isEmpty { send(.inserted(configuration.initialQuery)) }
    var spinner = 0
    var dirty = true
    var fds = [
      pollfd(fd: driver.inputDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: worker.wakeFD, events: Int16(POLLIN), revents: 0),
    ]
    while outcome == nil {
      for answer in worker.takeAnswers() {
        if case .resultsArrived(let revision, let page) = answer, revision == state.resultsRevision, page.page == 0 {
          appliedRevision = revision
          appliedMilliseconds = page.milliseconds
        }
        send(answer)
        dirty = true
      }
      let keys = driver.readKeys()
      if !keys.isEmpty {
        let readAt = LatencyTrace.now()
        for key in keys {
          guard let event = KeyMap.event(for: key) else { continue }
          let before = state.resultsRevision
          send(event)
          if let trace {
            trace.keyRead(
              at: readAt, revision: state.resultsRevision == before ? appliedRevision : state.resultsRevision)
          }
        }
        dirty = true
      }
      if outcome != nil { break }
      // A search is on its way: give it a frame's time (8 ms) to answer, so that one frame shows
      // the keystroke and its results together instead of two frames in a row.
      if !keys.isEmpty && state.resultsRevision != appliedRevision {
        var wake = pollfd(fd: worker.wakeFD, events: Int16(POLLIN), revents: 0)
        if poll(&wake, 1, 8) > 0 { continue }
      }
      if dirty {
        let paintStart = LatencyTrace.now()
        driver.paint(Renderer.render(state, context: RenderContext(spinnerFrame: spinner)))
        trace?.frameFlushed(
          revision: appliedRevision, engineMilliseconds: appliedMilliseconds,
          frameMicroseconds: (LatencyTrace.now() - paintStart) / 1000)
        dirty = false
      }
      // Sleep until a key or an answer arrives.
      fds[0].revents = 0
      fds[1].revents = 0
      let streaming = state.streamedRecords != nil
      let ready = poll(&fds, 2, streaming ? 100 : 1000)
      if ready == 0 {
        if streaming {
          spinner += 1
          dirty = true
        }
      } else if ready > 0 && fds[0].revents & Int16(POLLHUP | POLLERR) != 0 && fds[0].revents & Int16(POLLIN) == 0 {
        // The terminal went away.
        return .quit(status: 129)
      }
    }
    return outcome ?? .quit(status: 0)
  }
}

/// Indexes streamed records on its own thread, so searching never waits for indexing. Requests
/// that arrive while it works collapse into one.
final class IndexerThread: @unchecked Sendable {
  private let condition = NSCondition()
  private var pending = false
  private var indexer: StreamingIndexer
  private let deliver: (StreamingIndexer.Update?, Int, Bool) -> Void
  var reader: StreamingReader?

  init(catalog: Catalog, deliver: @escaping (StreamingIndexer.Update?, Int, Bool) -> Void) {
    self.indexer = StreamingIndexer(catalog: catalog)
    self.deliver = deliver
    let thread = Thread { [unowned self] in self.loop() }
    thread.stackSize = 8 << 20
    thread.start()
  }

  func request() {
    condition.lock()
    pending = true
    condition.signal()
    condition.unlock()
  }

  private func loop() {
    while true {
      condition.lock()
      while !pending { condition.wait() }
      pending = false
      condition.unlock()
      guard let reader else { continue }
      let snapshot = reader.snapshot()
      let update = indexer.update(with: snapshot.table, finished: snapshot.finished)
      deliver(update, snapshot.table.count, snapshot.finished)
      if snapshot.finished { return }
    }
  }
}
