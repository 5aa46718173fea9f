import Foundation
import SearchEngine

/// One local write waiting to be sent to the shared store, in the order it was made.
public struct OutboxEntry: Equatable {
  public enum Operation: String, Sendable {
    case check, create, delete, uncheckAll, pick, forgetPicks
  }
  public var id: Int64
  public var operation: Operation
  public var objectID = ""
  public var title = ""
  public var checked = false
  public var query = ""
  /// A pick's weight: 1 for a pick, the local rank when a store is first shared.
  public var amount = 0.0
  public var time = 0.0

  public init(
    id: Int64, operation: Operation, objectID: String = "", title: String = "", checked: Bool = false,
    query: String = "", amount: Double = 0, time: Double = 0
  ) {
    self.id = id
    self.operation = operation
    self.objectID = objectID
    self.title = title
    self.checked = checked
    self.query = query
    self.amount = amount
    self.time = time
  }
}

/// What the shared store holds that changed since the last pull, as it is now on the server.
public struct RemoteChanges {
  public struct Check {
    public var objectID: String
    public var title: String
    public var checked: Bool
    public var changed: Double

    public init(objectID: String, title: String, checked: Bool, changed: Double) {
      self.objectID = objectID
      self.title = title
      self.checked = checked
      self.changed = changed
    }
  }
  public struct Created {
    public var objectID: String
    public var title: String
    public var created: Double
    public var deleted: Bool

    public init(objectID: String, title: String, created: Double, deleted: Bool) {
      self.objectID = objectID
      self.title = title
      self.created = created
      self.deleted = deleted
    }
  }
  public var checks: [Check] = []
  public var created: [Created] = []
  public var picks: [Pick] = []
  /// The largest change number among them: the next pull starts after it.
  public var through: Int64 = 0

  public var isEmpty: Bool { checks.isEmpty && created.isEmpty && picks.isEmpty }

  public init(through: Int64 = 0) { self.through = through }
}

/// The local half of sharing: writes are queued in the outbox in the same transaction that makes
/// them (so a write the screen shows as done is also one the sync will send), and what others
/// changed is applied here by the sync's own connection — which the app sees as any other
/// process's write (`externalChangeToken`).
extension SQLiteItemStore {
  /// Queues a write for the shared store; nothing when this store has never been shared.
  /// Called inside the write's transaction.
  func enqueue(
    _ operation: OutboxEntry.Operation, objectID: String = "", title: String = "", checked: Bool = false,
    query: String = "", amount: Double = 0, time: Double = 0
  ) throws(StoreError) {
    guard queuesOutbox else { return }
    try database.run(
      "INSERT INTO outbox (op, object_id, title, checked, query, amount, time) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
      [
        .text(operation.rawValue), .text(objectID), .text(title), .integer(checked ? 1 : 0), .text(query),
        .real(amount), .real(time),
      ])
  }

  func isShared() throws(StoreError) -> Bool {
    try database.integer("SELECT count(*) FROM sync_state WHERE key = 'shared'") > 0
  }

  /// Marks the store as shared. The first time, everything it holds is queued, so that what was
  /// made before sharing reaches the other machines too (created items, checks, picks with their
  /// weight).
  public func markShared() throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      let first = try !isShared()
      queuesOutbox = true
      guard first else { return }
      try database.run("INSERT INTO sync_state (key, value) VALUES ('shared', '1')")
      for item in try createdItems() {
        try enqueue(.create, objectID: item.objectID, title: item.title, time: item.created)
      }
      for item in try checkedItems() { try enqueue(.check, objectID: item.objectID, title: item.title, checked: true) }
      for pick in try picks() {
        try enqueue(.pick, objectID: pick.objectID, query: pick.query, amount: pick.rank, time: pick.last)
      }
    }
  }

  /// The oldest queued writes, at most `limit`.
  public func outbox(limit: Int) throws(StoreError) -> [OutboxEntry] {
    var entries: [OutboxEntry] = []
    try database.run(
      "SELECT id, op, object_id, title, checked, query, amount, time FROM outbox ORDER BY id LIMIT ?1",
      [.integer(Int64(limit))]
    ) {
      // An operation this version does not know (written by a newer Seek) is sent as nothing.
      guard let operation = OutboxEntry.Operation(rawValue: $0.text(1)) else { return }
      entries.append(
        OutboxEntry(
          id: $0.integer(0), operation: operation, objectID: $0.text(2), title: $0.text(3), checked: $0.integer(4) != 0,
          query: $0.text(5), amount: $0.real(6), time: $0.real(7)))
    }
    return entries
  }

  public var outboxCount: Int { (try? Int(database.integer("SELECT count(*) FROM outbox"))) ?? 0 }

  /// Forgets the queued writes up to `id`, once the shared store has committed them.
  public func removeOutbox(through id: Int64) throws(StoreError) {
    try database.transaction { () throws(StoreError) in
      try database.run("DELETE FROM outbox WHERE id <= ?1", [.integer(id)])
    }
  }

  /// This store's name on the server (a random UUID, made once): with an outbox id it names one
  /// write, which the server applies once however often it is sent.
  public func origin() throws(StoreError) -> String {
    try database.transaction { () throws(StoreError) -> String in
      if let origin = try syncValue("origin") { return origin }
      let origin = UUID().uuidString.lowercased()
      try database.run("INSERT INTO sync_state (key, value) VALUES ('origin', ?1)", [.text(origin)])
      return origin
    }
  }

  public func syncValue(_ key: String) throws(StoreError) -> String? {
    var value: String?
    try database.run("SELECT value FROM sync_state WHERE key = ?1", [.text(key)]) { value = $0.text(0) }
    return value
  }

  /// Applies what others changed, and records how far the pull has come (`watermark`), in one
  /// transaction — but only while the outbox is empty: a local write not yet sent is newer than
  /// anything on the server, and will overwrite it there. Returns whether it applied them.
  public func applyRemote(_ changes: RemoteChanges, watermark: String) throws(StoreError) -> Bool {
    try database.transaction { () throws(StoreError) -> Bool in
      guard try database.integer("SELECT count(*) FROM outbox") == 0 else { return false }
      for check in changes.checks {
        try database.run(
          """
          INSERT INTO checks (object_id, title, checked, changed) VALUES (?1, ?2, ?3, ?4)
          ON CONFLICT (object_id) DO UPDATE SET title = ?2, checked = ?3, changed = ?4
          """, [.text(check.objectID), .text(check.title), .integer(check.checked ? 1 : 0), .real(check.changed)])
      }
      for item in changes.created { try applyRemote(item) }
      for pick in changes.picks { try applyRemote(pick) }
      try database.run(
        "INSERT INTO sync_state (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2",
        [.text(watermark), .text(String(changes.through))])
      return true
    }
  }

  private func applyRemote(_ item: RemoteChanges.Created) throws(StoreError) {
    if item.deleted {
      try database.run("DELETE FROM created_items WHERE object_id = ?1", [.text(item.objectID)])
      try database.run("DELETE FROM checks WHERE object_id = ?1", [.text(item.objectID)])
    } else {
      try database.run(
        """
        INSERT INTO created_items (object_id, title, created) VALUES (?1, ?2, ?3)
        ON CONFLICT (object_id) DO UPDATE SET title = ?2, created = ?3
        """, [.text(item.objectID), .text(item.title), .real(item.created)])
    }
  }

  private func applyRemote(_ pick: Pick) throws(StoreError) {
    let normalized = String(decoding: PickLog.folded(pick.query), as: UTF8.self)
    if pick.rank < 1 {
      try database.run(
        "DELETE FROM picks WHERE object_id = ?1 AND normalized = ?2", [.text(pick.objectID), .text(normalized)])
    } else {
      try database.run(
        """
        INSERT INTO picks (object_id, normalized, query, rank, last) VALUES (?1, ?2, ?3, ?4, ?5)
        ON CONFLICT (object_id, normalized) DO UPDATE SET query = ?3, rank = ?4, last = ?5
        """,
        [.text(pick.objectID), .text(normalized), .text(pick.query), .real(pick.rank), .real(pick.last)])
    }
  }
}
