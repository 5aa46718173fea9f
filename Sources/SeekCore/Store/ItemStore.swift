import SearchEngine
import SeekApp

/// Where checks, created items and the query log live. Every write returns only once it is
/// durable, so the screen never shows as done what a crash could lose.
public protocol ItemStore: AnyObject {
  /// Checked objectIDs, oldest check first.
  func checkedItems() throws -> [(objectID: String, title: String)]
  func createdItems() throws -> [CreatedItem]
  func setChecked(objectID: String, title: String, checked: Bool) throws
  func createItem(title: String) throws -> CreatedItem
  func logQuery(_ entry: LoggedQuery) throws
  /// Submitted queries since `time`.
  func queries(since time: Double) throws -> [LoggedQuery]
  /// Unchecks everything; returns how many items were checked.
  func uncheckAll() throws -> Int
  /// Deletes a created item (and its check); returns whether there was one.
  func deleteCreatedItem(objectID: String) throws -> Bool
  /// Removes a query from the log (a recent search the user does not want offered again).
  func forgetQuery(_ query: String) throws
  /// Records that the item was picked (accepted or checked) for `query` at `time` (PickLog).
  func recordPick(objectID: String, query: String, time: Double) throws
  /// Every pick kept.
  func picks() throws -> [Pick]
  /// Forgets every pick; returns how many there were.
  func forgetPicks() throws -> Int
  /// A value that changes when another process (or connection) has written to the store since
  /// the last call; nil when no other process can (an in-memory store).
  func externalChangeToken() throws -> Int64?
  /// What the status line should say about the store (a shared store out of reach); nil when
  /// all is well.
  func syncNote() -> String?
}

extension ItemStore {
  public func syncNote() -> String? { nil }
}

/// The store used when nothing must outlive the process (`--no-store`, tests).
public final class MemoryItemStore: ItemStore {
  private var checks: [(objectID: String, title: String)] = []
  private var created: [CreatedItem] = []
  private var log: [LoggedQuery] = []
  private var pickLog = PickLog()
  private let clock: () -> Double

  public init(clock: @escaping () -> Double = { 0 }) { self.clock = clock }

  public func checkedItems() throws -> [(objectID: String, title: String)] { checks }
  public func createdItems() throws -> [CreatedItem] { created }

  public func setChecked(objectID: String, title: String, checked: Bool) throws {
    checks.removeAll { $0.objectID == objectID }
    if checked { checks.append((objectID, title)) }
  }

  public func createItem(title: String) throws -> CreatedItem {
    let id = CreatedItem.objectID(forTitle: title)
    if let existing = created.first(where: { $0.objectID == id }) { return existing }
    let item = CreatedItem(objectID: id, title: title, created: clock())
    created.append(item)
    return item
  }

  public func logQuery(_ entry: LoggedQuery) throws { log.append(entry) }
  public func queries(since time: Double) throws -> [LoggedQuery] { log.filter { $0.time >= time } }

  public func uncheckAll() throws -> Int {
    defer { checks = [] }
    return checks.count
  }

  public func deleteCreatedItem(objectID: String) throws -> Bool {
    let had = created.contains { $0.objectID == objectID }
    created.removeAll { $0.objectID == objectID }
    checks.removeAll { $0.objectID == objectID }
    return had
  }

  public func forgetQuery(_ query: String) throws {
    let key = TextFolding.foldedKey(query)
    log.removeAll { TextFolding.foldedKey($0.query) == key }
  }

  public func recordPick(objectID: String, query: String, time: Double) throws {
    pickLog.record(objectID: objectID, query: query, time: time)
  }
  public func picks() throws -> [Pick] { pickLog.all }
  public func forgetPicks() throws -> Int {
    defer { pickLog = PickLog() }
    return pickLog.count
  }

  public func externalChangeToken() throws -> Int64? { nil }
}
