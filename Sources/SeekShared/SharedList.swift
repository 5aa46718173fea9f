import Foundation
import SeekCore

/// The server half of a shared store: one list's checks, created items and picks in PostgreSQL,
/// in Seek's own schema (`seek`), created and migrated by Seek.
///
/// How the machines agree:
/// - Every write takes the list's advisory lock, stamps the rows it touches with the server's
///   clock (`changed`) and the next number of one sequence (`seq`), and commits. The lock makes
///   a list's changes commit in `seq` order, so a reader that has seen every change up to `seq` N
///   has missed none below it: a pull is "rows of this list with `seq` > N", and N is all a
///   machine remembers (a reconnect replays from it).
/// - Last writer wins by server time, per item: a write is an upsert of the item's whole state,
///   so whatever committed last is what every machine pulls. A machine applies pulled rows only
///   while it has nothing left to send (its own pending write is newer, and will win on arrival).
/// - A created item is named by its folded title (`CreatedItem.objectID(forTitle:)`), so the same
///   item created on two machines is one row; the first title to arrive stays.
/// - Deletions are kept as rows (`deleted`, a pick's `rank` 0), so that they can be pulled.
/// - The commit notifies `seek_changes` with the list's name: listeners pull at once.
/// - Each write is applied once: a machine's outbox entries are numbered for good (its origin, a
///   UUID, and an id never reused), and the server records how far each origin has been applied
///   in the transaction that applies it (`seek.origins`), so a push sent again after a lost
///   COMMIT reply skips what is already there.
struct SharedList {
  let connection: PostgresConnection
  let name: String

  /// The schema this version of Seek writes; a database with a newer one is refused.
  static let migrations = [
    """
    CREATE SCHEMA IF NOT EXISTS seek;
    CREATE TABLE seek.schema_version (version integer NOT NULL);
    INSERT INTO seek.schema_version VALUES (0);
    CREATE SEQUENCE seek.change_seq;
    CREATE TABLE seek.checks (
      list text NOT NULL, object_id text NOT NULL, title text NOT NULL, checked boolean NOT NULL,
      changed timestamptz NOT NULL, seq bigint NOT NULL, PRIMARY KEY (list, object_id));
    CREATE INDEX checks_seq ON seek.checks (list, seq);
    CREATE TABLE seek.created_items (
      list text NOT NULL, object_id text NOT NULL, title text NOT NULL, created double precision NOT NULL,
      deleted boolean NOT NULL DEFAULT false, changed timestamptz NOT NULL, seq bigint NOT NULL,
      PRIMARY KEY (list, object_id));
    CREATE INDEX created_items_seq ON seek.created_items (list, seq);
    CREATE TABLE seek.picks (
      list text NOT NULL, object_id text NOT NULL, normalized text NOT NULL, query text NOT NULL,
      rank double precision NOT NULL, last double precision NOT NULL, seq bigint NOT NULL,
      PRIMARY KEY (list, object_id, normalized));
    CREATE INDEX picks_seq ON seek.picks (list, seq);
    """,
    // How far each machine's outbox has been applied: a push skips what was applied already, so
    // a write whose COMMIT reply was lost (and is sent again) counts once.
    """
    CREATE TABLE seek.origins (
      list text NOT NULL, origin text NOT NULL, through bigint NOT NULL, PRIMARY KEY (list, origin));
    """,
  ]
  static var schemaVersion: Int { migrations.count }
  static let channel = "seek_changes"

  enum Refusal: Error, CustomStringConvertible {
    case newerSchema(found: Int)
    var description: String {
      switch self {
      case .newerSchema(let found):
        "the database's seek schema is version \(found), made by a newer Seek (this one knows up to \(SharedList.schemaVersion)); left untouched"
      }
    }
  }

  /// Creates or migrates the schema (one machine at a time, under an advisory lock), then listens.
  static func open(_ connection: PostgresConnection, list: String) throws -> SharedList {
    try connection.transaction { () throws(PostgresError) in
      try connection.run("SELECT pg_advisory_xact_lock(hashtext('seek schema'))")
      _ = try migrate(connection)
    }
    let found = try version(connection)
    if found > schemaVersion { throw Refusal.newerSchema(found: found) }
    try connection.run("LISTEN \(channel)")
    return SharedList(connection: connection, name: list)
  }

  private static func version(_ connection: PostgresConnection) throws(PostgresError) -> Int {
    guard try connection.run("SELECT to_regclass('seek.schema_version') IS NOT NULL")[0][0] == "t" else { return 0 }
    return Int(try connection.run("SELECT max(version) FROM seek.schema_version")[0][0] ?? "0") ?? 0
  }

  private static func migrate(_ connection: PostgresConnection) throws(PostgresError) -> Int {
    let current = try version(connection)
    guard current < schemaVersion else { return current }
    for step in current..<schemaVersion {
      try connection.execute(migrations[step])
    }
    try connection.run("UPDATE seek.schema_version SET version = $1", [String(schemaVersion)])
    return schemaVersion
  }

  /// Sends queued writes in one transaction, in their order, each applied once: `origin`'s
  /// entries up to the number the server last recorded for it are skipped, and the new number is
  /// recorded in the same transaction. A COMMIT whose reply was lost leaves the entries in the
  /// outbox; sent again, they are skipped (a pick counted twice, a replayed `--uncheck-all`
  /// erasing a check made later elsewhere).
  func push(_ entries: [OutboxEntry], origin: String) throws(PostgresError) {
    guard let last = entries.last else { return }
    try connection.transaction { () throws(PostgresError) in
      try connection.run("SELECT pg_advisory_xact_lock(hashtext('seek list ' || $1))", [name])
      let through =
        Int64(
          try connection.run("SELECT through FROM seek.origins WHERE list = $1 AND origin = $2", [name, origin])
            .first?[0] ?? "") ?? 0
      let fresh = entries.filter { $0.id > through }
      guard !fresh.isEmpty else { return }
      for entry in fresh { try push(entry) }
      try connection.run(
        """
        INSERT INTO seek.origins (list, origin, through) VALUES ($1, $2, $3)
        ON CONFLICT (list, origin) DO UPDATE SET through = greatest(seek.origins.through, EXCLUDED.through)
        """, [name, origin, String(last.id)])
      try connection.run("SELECT pg_notify($1, $2)", [Self.channel, name])
    }
  }

  private func push(_ entry: OutboxEntry) throws(PostgresError) {
    let stamp = "clock_timestamp(), nextval('seek.change_seq')"
    switch entry.operation {
    case .check:
      try connection.run(
        """
        INSERT INTO seek.checks (list, object_id, title, checked, changed, seq) VALUES ($1, $2, $3, $4, \(stamp))
        ON CONFLICT (list, object_id) DO UPDATE
        SET title = EXCLUDED.title, checked = EXCLUDED.checked, changed = EXCLUDED.changed, seq = EXCLUDED.seq
        """, [name, entry.objectID, entry.title, entry.checked ? "true" : "false"])
    case .create:
      // The first title stays; a deleted item made again comes back.
      try connection.run(
        """
        INSERT INTO seek.created_items (list, object_id, title, created, changed, seq) VALUES ($1, $2, $3, $4, \(stamp))
        ON CONFLICT (list, object_id) DO UPDATE
        SET deleted = false, title = EXCLUDED.title, created = EXCLUDED.created, changed = EXCLUDED.changed, seq = EXCLUDED.seq
        WHERE seek.created_items.deleted
        """, [name, entry.objectID, entry.title, String(entry.time)])
    case .delete:
      try connection.run(
        "UPDATE seek.created_items SET deleted = true, changed = clock_timestamp(), seq = nextval('seek.change_seq') WHERE list = $1 AND object_id = $2",
        [name, entry.objectID])
      try connection.run(
        "UPDATE seek.checks SET checked = false, changed = clock_timestamp(), seq = nextval('seek.change_seq') WHERE list = $1 AND object_id = $2 AND checked",
        [name, entry.objectID])
    case .uncheckAll:
      try connection.run(
        "UPDATE seek.checks SET checked = false, changed = clock_timestamp(), seq = nextval('seek.change_seq') WHERE list = $1 AND checked",
        [name])
    case .pick:
      try connection.run(
        """
        INSERT INTO seek.picks (list, object_id, normalized, query, rank, last, seq)
        VALUES ($1, $2, $3, $4, $5, $6, nextval('seek.change_seq'))
        ON CONFLICT (list, object_id, normalized) DO UPDATE
        SET query = EXCLUDED.query, rank = seek.picks.rank + EXCLUDED.rank,
          last = greatest(seek.picks.last, EXCLUDED.last), seq = EXCLUDED.seq
        """,
        [
          name, entry.objectID, String(decoding: PickLog.folded(entry.query), as: UTF8.self), entry.query,
          String(entry.amount), String(entry.time),
        ])
      try agePicks()
    case .forgetPicks:
      try connection.run(
        "UPDATE seek.picks SET rank = 0, seq = nextval('seek.change_seq') WHERE list = $1 AND rank > 0", [name])
    }
  }

  /// zoxide's aging, as the local store ages its picks: past the total, every weight shrinks and
  /// the lightest are forgotten (kept as rank 0, so that machines pull the forgetting).
  private func agePicks() throws(PostgresError) {
    let total =
      Double(try connection.run("SELECT coalesce(sum(rank), 0) FROM seek.picks WHERE list = $1", [name])[0][0] ?? "0")
      ?? 0
    guard total > PickLog.maxTotalRank else { return }
    try connection.run(
      """
      UPDATE seek.picks SET rank = CASE WHEN rank * $2 < 1 THEN 0 ELSE rank * $2 END, seq = nextval('seek.change_seq')
      WHERE list = $1 AND rank > 0
      """, [name, String(0.9 * PickLog.maxTotalRank / total)])
  }

  /// The list's rows changed after change number `after`, as they are now (one snapshot).
  func pull(after: Int64) throws(PostgresError) -> RemoteChanges {
    try connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    defer { _ = try? connection.run("COMMIT") }
    var changes = RemoteChanges(through: after)
    let since = [name, String(after)]
    for row in try connection.run(
      "SELECT object_id, title, checked, extract(epoch FROM changed), seq FROM seek.checks WHERE list = $1 AND seq > $2",
      since)
    {
      changes.checks.append(
        .init(objectID: row[0] ?? "", title: row[1] ?? "", checked: row[2] == "t", changed: Double(row[3] ?? "") ?? 0))
      changes.through = max(changes.through, Int64(row[4] ?? "") ?? 0)
    }
    for row in try connection.run(
      "SELECT object_id, title, created, deleted, seq FROM seek.created_items WHERE list = $1 AND seq > $2", since)
    {
      changes.created.append(
        .init(objectID: row[0] ?? "", title: row[1] ?? "", created: Double(row[2] ?? "") ?? 0, deleted: row[3] == "t"))
      changes.through = max(changes.through, Int64(row[4] ?? "") ?? 0)
    }
    for row in try connection.run(
      "SELECT object_id, query, rank, last, seq FROM seek.picks WHERE list = $1 AND seq > $2", since)
    {
      changes.picks.append(
        Pick(
          objectID: row[0] ?? "", query: row[1] ?? "", rank: Double(row[2] ?? "") ?? 0, last: Double(row[3] ?? "") ?? 0)
      )
      changes.through = max(changes.through, Int64(row[4] ?? "") ?? 0)
    }
    return changes
  }
}
