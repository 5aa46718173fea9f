import Foundation
import SeekApp
import SeekCore

/// A store shared through PostgreSQL (`--store postgres://…`): the local SQLite store is the one
/// read and written, first and always — so nothing waits on the network and nothing is lost
/// offline — and `StoreSync` carries its writes up and others' down.
public final class SharedItemStore: ItemStore {
  public let local: SQLiteItemStore
  public let sync: StoreSync

  /// Opens the local store at `path`, marks it shared and, when `follows`, starts syncing it with
  /// `list` at `address` on its own thread (the app); otherwise the caller syncs when it chooses
  /// (`syncNow`, one-shot commands). The server is not waited for: an unreachable one is a state.
  public init(path: String, address: PostgresAddress, list: String, follows: Bool = true) throws {
    local = try SQLiteItemStore(path: path)
    try local.markShared()
    sync = StoreSync(address: address, list: list, storePath: path)
    if follows { sync.start() }
  }

  /// Local writes not yet on the server.
  public var pendingChanges: Int { local.outboxCount }

  /// One sync round on this thread: what is queued goes up (unless `sending` is false), what
  /// others changed comes down. Returns a warning when the server could not be reached (the
  /// local copy is used).
  public func syncNow(sending: Bool = true) -> String? {
    guard case .offline(let reason) = sync.syncOnce(sending: sending) else { return nil }
    let left = local.outboxCount
    return "shared store \(sync.address) unavailable (\(reason)): the local copy is used"
      + (left > 0 ? "; \(Self.changes(left)) kept here, sent when it is back" : "")
  }

  public func checkedItems() throws -> [(objectID: String, title: String)] { try local.checkedItems() }
  public func createdItems() throws -> [CreatedItem] { try local.createdItems() }
  public func queries(since time: Double) throws -> [LoggedQuery] { try local.queries(since: time) }
  public func picks() throws -> [Pick] { try local.picks() }
  public func externalChangeToken() throws -> Int64? { try local.externalChangeToken() }
  /// The query log stays on this machine: it is what this person typed.
  public func logQuery(_ entry: LoggedQuery) throws { try local.logQuery(entry) }
  public func forgetQuery(_ query: String) throws { try local.forgetQuery(query) }

  public func setChecked(objectID: String, title: String, checked: Bool) throws {
    try local.setChecked(objectID: objectID, title: title, checked: checked)
    sync.wake()
  }

  public func createItem(title: String) throws -> CreatedItem {
    defer { sync.wake() }
    return try local.createItem(title: title)
  }

  public func uncheckAll() throws -> Int {
    defer { sync.wake() }
    return try local.uncheckAll()
  }

  public func deleteCreatedItem(objectID: String) throws -> Bool {
    defer { sync.wake() }
    return try local.deleteCreatedItem(objectID: objectID)
  }

  public func recordPick(objectID: String, query: String, time: Double) throws {
    try local.recordPick(objectID: objectID, query: query, time: time)
    sync.wake()
  }

  public func forgetPicks() throws -> Int {
    defer { sync.wake() }
    return try local.forgetPicks()
  }

  /// What the status line says about sharing: nil while all is well.
  public func syncNote() -> String? {
    switch sync.state {
    case .online, .connecting, .delegated: nil
    case .offline(let reason):
      "shared store \(sync.address) unavailable (\(reason)): changes kept here, sent when it is back"
    }
  }

  private static func changes(_ count: Int) -> String { "\(count) change\(count == 1 ? "" : "s")" }

  /// Gives the sync `seconds` to send what is queued; returns a warning for stderr when writes
  /// are left (they are kept, and sent by the next Seek that reaches the server).
  public func close(within seconds: Double) -> String? {
    sync.stop(within: seconds)
    let left = local.outboxCount
    guard left > 0 else { return nil }
    var reason = ""
    if case .offline(let why) = sync.state { reason = " (\(why))" }
    return
      "shared store \(sync.address): \(Self.changes(left)) not sent yet\(reason); kept in \(local.path), sent by the next Seek that reaches the server"
  }
}
