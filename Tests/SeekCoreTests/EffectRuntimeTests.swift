import Foundation
import Testing

@testable import SeekApp
@testable import SeekCore

/// A store whose writes take a while, as an fsync on a slow disk does; optionally failing.
final class SlowStore: ItemStore, @unchecked Sendable {
  private let inner = MemoryItemStore()
  private let lock = NSLock()
  let delay: useconds_t
  var failWrites = false

  init(delay: useconds_t) { self.delay = delay }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  func checkedItems() throws -> [(objectID: String, title: String)] { try locked { try inner.checkedItems() } }
  func createdItems() throws -> [CreatedItem] { try locked { try inner.createdItems() } }
  func setChecked(objectID: String, title: String, checked: Bool) throws {
    usleep(delay)
    if failWrites { throw StoreError.failed(path: "slow", detail: "disk full") }
    try locked { try inner.setChecked(objectID: objectID, title: title, checked: checked) }
  }
  func createItem(title: String) throws -> CreatedItem {
    usleep(delay)
    return try locked { try inner.createItem(title: title) }
  }
  func logQuery(_ entry: LoggedQuery) throws {
    usleep(delay)
    try locked { try inner.logQuery(entry) }
  }
  func queries(since time: Double) throws -> [LoggedQuery] { try locked { try inner.queries(since: time) } }
  func uncheckAll() throws -> Int { try locked { try inner.uncheckAll() } }
  func deleteCreatedItem(objectID: String) throws -> Bool {
    usleep(delay)
    return try locked { try inner.deleteCreatedItem(objectID: objectID) }
  }
  func forgetQuery(_ query: String) throws {
    usleep(delay)
    try locked { try inner.forgetQuery(query) }
  }
  func recordPick(objectID: String, query: String, time: Double) throws {
    usleep(delay)
    try locked { try inner.recordPick(objectID: objectID, query: query, time: time) }
  }
  func picks() throws -> [Pick] { try locked { try inner.picks() } }
  func forgetPicks() throws -> Int { try locked { try inner.forgetPicks() } }
  func externalChangeToken() throws -> Int64? { nil }
}

/// The app's loop (`AppLoop`) on the real runtime, the way the terminal app drives it.
final class RuntimeDriver {
  let loop: AppLoop
  let runtime: EffectRuntime
  var outcome: SearchEffect? = nil
  var state: SearchState { loop.state }

  init(catalog: Catalog, store: ItemStore) throws {
    let writer = try StoreWriter(store: store)
    let initial = try writer.initialState()
    runtime = EffectRuntime(
      service: SearchService(catalog: catalog, suggestions: [], created: initial.created), writer: writer)
    var start = SearchState.Start()
    start.checked = initial.checked
    loop = AppLoop(state: .initial(start), runner: runtime)
    send(.app(.started(Viewport())))
  }

  func send(_ event: SearchEvent) {
    loop.send(event, app: { self.outcome = $0 })
  }

  /// Delivers answers until `done` holds (or 10 s pass).
  func settle(until done: () -> Bool) {
    let deadline = Date().addingTimeInterval(10)
    while !done() && Date() < deadline {
      runtime.waitForEvents(seconds: 0.05)
      for event in runtime.takeEvents() { send(event) }
    }
  }
}

@Suite struct EffectRuntimeTests {
  static let titles = (0..<30).map { "gadget model \($0)" }

  /// Space and Enter in one burst, 500 times: the check is never lost, and what accept prints
  /// is what the store holds.
  @Test func burstsOfCheckThenAcceptLoseNothing() throws {
    let catalog = catalog(Self.titles)
    for run in 0..<500 {
      let store = SlowStore(delay: 200)
      let app = try RuntimeDriver(catalog: catalog, store: store)
      app.settle { !app.state.list.results.isPending }
      app.send(.move(.movedDown))  // into the results (no suggestions)
      for _ in 0..<(run % 5) { app.send(.move(.movedDown)) }
      guard case .item(let hit) = app.state.list.results.row(at: app.state.list.selection) else {
        Issue.record("no item selected")
        return
      }
      app.send(.key(.spacePressed))
      app.send(.key(.enterPressed))
      app.settle { app.outcome != nil }
      let report = app.runtime.shutdown()
      #expect(report.isClean)
      #expect(app.outcome == .accept(objectIDs: [hit.objectID]))
      #expect(try store.checkedItems().map(\.objectID) == [hit.objectID])
    }
  }

  /// Quitting with writes still queued: they are all finished before shutdown returns.
  @Test func quitFinishesThePendingWrites() throws {
    let store = SlowStore(delay: 5_000)
    let app = try RuntimeDriver(catalog: catalog(Self.titles), store: store)
    app.settle { !app.state.list.results.isPending }
    app.send(.move(.movedDown))
    var expected: [String] = []
    for _ in 0..<20 {
      guard case .item(let hit) = app.state.list.results.row(at: app.state.list.selection) else { break }
      expected.append(hit.objectID)
      app.send(.key(.spacePressed))
      app.send(.move(.movedDown))
    }
    app.send(.app(.interrupted))
    #expect(app.outcome == .quit(status: 130))
    #expect(app.runtime.hasPendingWrites)
    let report = app.runtime.shutdown()
    #expect(report == EffectRuntime.ShutdownReport(failures: [], unfinishedWrites: 0))
    #expect(try store.checkedItems().map(\.objectID) == expected)
  }

  /// A write that fails is reported at shutdown (the app then exits 2), and accept still answers.
  @Test func aFailedWriteIsReported() throws {
    let store = SlowStore(delay: 0)
    store.failWrites = true
    let app = try RuntimeDriver(catalog: catalog(Self.titles), store: store)
    app.settle { !app.state.list.results.isPending }
    app.send(.move(.movedDown))
    app.send(.key(.spacePressed))
    app.send(.key(.enterPressed))
    app.settle { app.outcome != nil }
    #expect(app.outcome == .accept(objectIDs: [app.state.marks.pendingAccept!]))
    let report = app.runtime.shutdown()
    #expect(report.failures.count == 1)
    #expect(report.failures.first?.contains("disk full") == true)
  }

  /// A created item is found by the search that follows its creation.
  @Test func aCreatedItemIsSearchableAtOnce() throws {
    let store = SlowStore(delay: 1_000)
    let app = try RuntimeDriver(catalog: catalog(Self.titles), store: store)
    for c in "zorblax" { app.send(.query(.inserted(String(c)))) }
    app.settle { !app.state.list.results.isPending && app.state.list.results.query == "zorblax" }
    #expect(app.state.list.results.row(at: 0) == .create("zorblax"))
    app.send(.move(.movedDown))
    app.send(.key(.spacePressed))
    app.settle { app.state.list.results.equalItems.count == 1 }
    #expect(app.state.list.results.equalItems.first?.title == "zorblax")
    #expect(app.runtime.shutdown().isClean)
  }

  /// Many searches in a burst: only the latest revision's answer is shown, and it arrives.
  @Test func latestSearchWins() throws {
    let app = try RuntimeDriver(catalog: catalog(Self.titles), store: MemoryItemStore())
    for c in "gadget model 17" { app.send(c == " " ? .key(.spacePressed) : .query(.inserted(String(c)))) }
    app.settle { !app.state.list.results.isPending && app.state.list.results.query == "gadget model 17" }
    #expect(app.state.list.results.hits.first?.title == "gadget model 17")
    #expect(app.runtime.shutdown().isClean)
  }
}
