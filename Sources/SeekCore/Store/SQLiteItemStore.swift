import Foundation
import SearchEngine
import SeekApp

/// The store as a real SQLite database file: checks, created items and the query log. WAL mode,
/// `synchronous=FULL` and `BEGIN IMMEDIATE` writes: a write returns only once it is on disk, and
/// two Seek processes can share one store.
public final class SQLiteItemStore: ItemStore {
  /// 'Seek' in ASCII: marks the file as a Seek store.
  static let applicationID: Int64 = 0x5365_656B
  /// Migrations, in order: index `i` brings the schema from version `i` to `i + 1`.
  static let migrations = [
    """
    CREATE TABLE created_items (
      object_id TEXT PRIMARY KEY, title TEXT NOT NULL, created REAL NOT NULL,
      attributes TEXT NOT NULL DEFAULT '{}');
    CREATE TABLE checks (
      object_id TEXT PRIMARY KEY, title TEXT NOT NULL, checked INTEGER NOT NULL, changed REAL NOT NULL);
    CREATE INDEX checks_changed ON checks (checked, changed);
    CREATE TABLE query_log (
      id INTEGER PRIMARY KEY, query TEXT NOT NULL, normalized TEXT NOT NULL, time REAL NOT NULL,
      nb_hits INTEGER NOT NULL, from_suggestion INTEGER NOT NULL);
    CREATE INDEX query_log_time ON query_log (time);
    """,
    // Picks, for learning (PickLog): one row per item and folded query.
    """
    CREATE TABLE picks (
      object_id TEXT NOT NULL, normalized TEXT NOT NULL, query TEXT NOT NULL, rank REAL NOT NULL,
      last REAL NOT NULL, PRIMARY KEY (object_id, normalized));
    """,
    // A shared store's outbox (StoreSync): local writes waiting to go up, in order; and what the
    // sync knows (how far it has pulled, whether this store is shared).
    """
    CREATE TABLE outbox (
      id INTEGER PRIMARY KEY, op TEXT NOT NULL, object_id TEXT NOT NULL DEFAULT '',
      title TEXT NOT NULL DEFAULT '', checked INTEGER NOT NULL DEFAULT 0, query TEXT NOT NULL DEFAULT '',
      amount REAL NOT NULL DEFAULT 0, time REAL NOT NULL DEFAULT 0);
    CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    // Outbox ids never come back (AUTOINCREMENT): with this store's origin they name a write on
    // the server, which applies each once (SharedList.push). A rowid is reused once the table
    // empties, which would make a new write look already applied.
    """
    CREATE TABLE outbox_numbered (
      id INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, object_id TEXT NOT NULL DEFAULT '',
      title TEXT NOT NULL DEFAULT '', checked INTEGER NOT NULL DEFAULT 0, query TEXT NOT NULL DEFAULT '',
      amount REAL NOT NULL DEFAULT 0, time REAL NOT NULL DEFAULT 0);
    INSERT INTO outbox_numbered SELECT id, op, object_id, title, checked, query, amount, time FROM outbox;
    DROP TABLE outbox;
    ALTER TABLE outbox_numbered RENAME TO outbox;
    """,
  ]
  public static var schemaVersion: Int { migrations.count }

  let database: SQLiteDatabase
  public let path: String
  let clock: () -> Double
  /// Whether writes also go to the outbox: once a store has been shared, every write is queued,
  /// even in a session started without `--store postgres://…`, so the next sync sends it.
  var queuesOutbox = false

  /// Opens (or creates, with mode 0600) the store at `path`. A file that is not a Seek store, is
  /// from a newer schema, is corrupt or cannot be written is refused and left exactly as it was.
  public init(path: String, clock: @escaping () -> Double = { Date().timeIntervalSince1970 }) throws(StoreError) {
    self.path = path
    self.clock = clock
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .cannotOpen(path: path, detail: "cannot create \(directory)")
      }
    }
    // A link is never followed: a link planted at the store's path would make Seek write (and
    // create, for a dangling one) wherever it points.
    var info = stat()
    if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
      throw .cannotOpen(path: path, detail: "it is a symbolic link, which Seek does not follow; left untouched")
    }
    if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
      throw .cannotOpen(path: path, detail: "it is a folder; --store takes a file (such as \(path)/list.sqlite)")
    }
    // SQLite's own files beside it: a link there is refused by SQLite too, but would be reported
    // as a read-only store.
    for suffix in ["-wal", "-shm", "-journal"]
    where lstat(path + suffix, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
      throw .cannotOpen(
        path: path, detail: "\(path + suffix) is a symbolic link, which Seek does not follow; left untouched")
    }
    if !FileManager.default.fileExists(atPath: path) {
      let fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
      if fd < 0 && errno != EEXIST {
        throw errno == EACCES || errno == EROFS
          ? .readOnly(path: path) : .cannotOpen(path: path, detail: String(cString: strerror(errno)))
      }
      if fd >= 0 { close(fd) }
    }
    database = try SQLiteDatabase(path: path)
    // Read-only checks first: nothing is written to a file that is not ours.
    // One statement, so one consistent snapshot: another process may be creating the store.
    var application: Int64 = 0
    var version = 0
    var tables: Int64 = 0
    try database.run(
      """
      SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version),
        (SELECT count(*) FROM sqlite_schema)
      """
    ) {
      application = $0.integer(0)
      version = Int($0.integer(1))
      tables = $0.integer(2)
    }
    if application != Self.applicationID && (application != 0 || tables > 0 || version != 0) {
      throw .notASeekDatabase(path: path)
    }
    if version > Self.schemaVersion {
      throw .newerSchema(path: path, found: version, supported: Self.schemaVersion)
    }
    if access(path, W_OK) != 0 { throw .readOnly(path: path) }
    // Switching to WAL takes an exclusive lock without waiting on the busy handler: two processes
    // opening a new store at once must retry here instead of failing with "database is locked".
    var attempt = 0
    while true {
      do throws(StoreError) {
        try database.execute("PRAGMA journal_mode=WAL")
        break
      } catch {
        attempt += 1
        guard case .failed = error, attempt < 500 else { throw error }
        usleep(10_000)
      }
    }
    try database.execute("PRAGMA synchronous=FULL")
    try migrate(from: version)
    queuesOutbox = try isShared()
  }

  private func migrate(from version: Int) throws(StoreError) {
    guard version < Self.schemaVersion else { return }
    try database.transaction { () throws(StoreError) in
      // Another process may have migrated while we waited for the lock.
      let current = Int(try database.integer("PRAGMA user_version"))
      for step in current..<Self.schemaVersion { try database.execute(Self.migrations[step]) }
      try database.execute("PRAGMA application_id = \(Self.applicationID)")
      try database.execute("PRAGMA user_version = \(Self.schemaVersion)")
    }
  }

  /// A warning when the store's folder can be written by other users (they could replace the
  /// store or plant files beside it); nil when it is private.
  public static func folderWarning(path: String) -> String? {
    let directory = (path as NSString).deletingLastPathComponent
    var info = stat()
    guard stat(directory.isEmpty ? "." : directory, &info) == 0, info.st_mode & 0o022 != 0,
      info.st_mode & S_ISVTX == 0 || info.st_uid != geteuid()
    else { return nil }
    return "\(directory.isEmpty ? "." : directory): the store's folder can be written by other users"
  }

  /// Where a catalog's store lives by default: `$XDG_DATA_HOME/seek/<name>-<hash of path>.sqlite`.
  public static func defaultPath(catalogName: String, catalogPath: String, environment: [String: String]) -> String {
    let base =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
    let absolute =
      catalogPath.hasPrefix("/") ? catalogPath : FileManager.default.currentDirectoryPath + "/" + catalogPath
    let hash = String(RecordTable.contentID([(absolute as NSString).standardizingPath]).prefix(8))
    let safeName = String(catalogName.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    return base + "/seek/" + safeName + "-" + hash + ".sqlite"
  }

  // MARK: - ItemStore

  public func checkedItems() throws(StoreError) -> [(objectID: String, title: String)] {
    var out: [(String, String)] = []
    try database.run("SELECT object_id, title FROM checks WHERE checked = 1 ORDER BY changed, rowid") {
      out.append(($0.text(0), $0.text(1)))
    }
    return out
  }

  public func createdItems() throws(StoreError) -> [CreatedItem] {
    var out: [CreatedItem] = []
    try database.run("SELECT object_id, title, created FROM created_items ORDER BY created, rowid") {
      out.append(CreatedItem(objectID: $0.text(0), title: $0.text(1), created: $0.real(2)))
    }
    return out
  }

  public func setChecked(objectID: String, title: String, checked: Bool) throws {
    try database.transaction { () throws(StoreError) in
      try database.run(
        """
        INSERT INTO checks (object_id, title, checked, changed) VALUES (?1, ?2, ?3, ?4)
        ON CONFLICT (object_id) DO UPDATE SET title = ?2, checked = ?3, changed = ?4
        """, [.text(objectID), .text(title), .integer(checked ? 1 : 0), .real(clock())])
      try enqueue(.check, objectID: objectID, title: title, checked: checked)
    }
  }

  public func createItem(title: String) throws -> CreatedItem {
    let id = CreatedItem.objectID(forTitle: title)
    return try database.transaction { () throws(StoreError) -> CreatedItem in
      try database.run(
        "INSERT INTO created_items (object_id, title, created) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
        [.text(id), .text(title), .real(clock())])
      if database.changes > 0 { try enqueue(.create, objectID: id, title: title, time: clock()) }
      var item = CreatedItem(objectID: id, title: title, created: clock())
      try database.run("SELECT title, created FROM created_items WHERE object_id = ?1", [.text(id)]) {
        item = CreatedItem(objectID: id, title: $0.text(0), created: $0.real(1))
      }
      return item
    }
  }

  public func logQuery(_ entry: LoggedQuery) throws {
    try database.transaction { () throws(StoreError) in
      try database.run(
        "INSERT INTO query_log (query, normalized, time, nb_hits, from_suggestion) VALUES (?1, ?2, ?3, ?4, ?5)",
        [
          .text(entry.query), .text(String(decoding: TextFolding.foldedKey(entry.query), as: UTF8.self)),
          .real(entry.time), .integer(Int64(entry.nbHits)), .integer(entry.fromSuggestion ? 1 : 0),
        ])
    }
  }

  public func queries(since time: Double) throws -> [LoggedQuery] {
    var out: [LoggedQuery] = []
    try database.run(
      "SELECT query, time, nb_hits, from_suggestion FROM query_log WHERE time >= ?1 ORDER BY id", [.real(time)]
    ) {
      out.append(
        LoggedQuery(query: $0.text(0), time: $0.real(1), nbHits: Int($0.integer(2)), fromSuggestion: $0.integer(3) != 0)
      )
    }
    return out
  }

  public func recordPick(objectID: String, query: String, time: Double) throws {
    try database.transaction { () throws(StoreError) in
      try database.run(
        """
        INSERT INTO picks (object_id, normalized, query, rank, last) VALUES (?1, ?2, ?3, 1, ?4)
        ON CONFLICT (object_id, normalized) DO UPDATE SET query = ?3, rank = rank + 1, last = ?4
        """,
        [.text(objectID), .text(String(decoding: PickLog.folded(query), as: UTF8.self)), .text(query), .real(time)])
      try enqueue(.pick, objectID: objectID, query: query, amount: 1, time: time)
      // zoxide's aging, as PickLog ages its copy.
      var total = 0.0
      try database.run("SELECT coalesce(sum(rank), 0) FROM picks") { total = $0.real(0) }
      if total > PickLog.maxTotalRank {
        try database.run("UPDATE picks SET rank = rank * ?1", [.real(0.9 * PickLog.maxTotalRank / total)])
        try database.run("DELETE FROM picks WHERE rank < 1")
      }
    }
  }

  public func picks() throws(StoreError) -> [Pick] {
    var out: [Pick] = []
    try database.run("SELECT object_id, query, rank, last FROM picks ORDER BY last, rowid") {
      out.append(Pick(objectID: $0.text(0), query: $0.text(1), rank: $0.real(2), last: $0.real(3)))
    }
    return out
  }

  public func forgetPicks() throws -> Int {
    try database.transaction { () throws(StoreError) -> Int in
      try database.run("DELETE FROM picks")
      let forgotten = database.changes
      try enqueue(.forgetPicks)
      return forgotten
    }
  }

  /// Unchecks everything; returns how many were checked.
  public func uncheckAll() throws -> Int {
    try database.transaction { () throws(StoreError) -> Int in
      try database.run("UPDATE checks SET checked = 0, changed = ?1 WHERE checked = 1", [.real(clock())])
      let unchecked = database.changes
      try enqueue(.uncheckAll)
      return unchecked
    }
  }

  /// Deletes a created item and its check; returns whether there was one.
  public func deleteCreatedItem(objectID: String) throws -> Bool {
    try database.transaction { () throws(StoreError) -> Bool in
      try database.run("DELETE FROM created_items WHERE object_id = ?1", [.text(objectID)])
      let deleted = database.changes > 0
      if deleted {
        try database.run("DELETE FROM checks WHERE object_id = ?1", [.text(objectID)])
        try enqueue(.delete, objectID: objectID)
      }
      return deleted
    }
  }

  /// Removes every logged submission of `query` (compared folded) from the log.
  public func forgetQuery(_ query: String) throws {
    try database.transaction { () throws(StoreError) in
      try database.run(
        "DELETE FROM query_log WHERE normalized = ?1",
        [.text(String(decoding: TextFolding.foldedKey(query), as: UTF8.self))])
    }
  }

  /// SQLite's `data_version`: it changes when another connection commits to the file.
  public func externalChangeToken() throws -> Int64? {
    try database.integer("PRAGMA data_version")
  }

  /// `PRAGMA integrity_check`'s answer ("ok" when sound).
  public func integrityCheck() throws(StoreError) -> String {
    var answer = ""
    try database.run("PRAGMA integrity_check") { answer += $0.text(0) }
    return answer
  }
}
