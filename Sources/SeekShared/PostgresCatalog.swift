import CPostgres
import Foundation
import SeekCore

/// A catalog that lives in PostgreSQL: a table (`postgres://…/db?table=products`) or a query
/// (`--sql 'select …'`), read through a cursor in a read-only transaction and written out as JSON
/// Lines — one object per row, the column names as attributes, numbers and booleans as JSON
/// numbers and booleans, `json`/`jsonb` columns as they are — so that it streams into the index
/// exactly as piped records do (progress, typing while it is read, the same rules).
public struct PostgresCatalog: Sendable {
  public let address: PostgresAddress
  /// The statement read: the `--sql` text, or `SELECT * FROM` the table.
  public let query: String
  /// The table's name, when a table was named: the catalog's name.
  public let table: String?
  /// Whether the rows are the table's (no `--sql`).
  private let readsTable: Bool

  /// Rows fetched per round trip: large enough that the network is not waited on per row, small
  /// enough that the first rows show at once.
  static let rowsPerFetch = 5_000

  /// `uri` may carry Seek's own `table` parameter (libpq does not know it; it is taken out).
  public init(uri: String, sql: String?) throws(PostgresAddress.Refusal) {
    var parameters: [String] = []
    var table: String?
    let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    if parts.count == 2 {
      for parameter in parts[1].split(separator: "&") {
        if parameter.hasPrefix("table=") {
          table = String(parameter.dropFirst(6)).removingPercentEncoding
        } else {
          parameters.append(String(parameter))
        }
      }
    }
    address = try PostgresAddress(
      String(parts[0]) + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")))
    self.table = table
    readsTable = sql == nil
    if let sql {
      // A cursor is declared for it: one statement, without its closing semicolon.
      var statement = sql.trimmingCharacters(in: .whitespacesAndNewlines)
      while statement.hasSuffix(";") { statement = String(statement.dropLast()).trimmingCharacters(in: .whitespaces) }
      query = statement
    } else if let table, !table.isEmpty {
      // schema.table, each part quoted as an identifier: a name is never read as SQL.
      query = "SELECT * FROM " + table.split(separator: ".").map { Self.quoted(String($0)) }.joined(separator: ".")
    } else {
      throw PostgresAddress.Refusal(
        description: "name a table (postgres://…/database?table=products) or a query (--sql 'select …')")
    }
  }

  static func quoted(_ identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The table's one-column primary key, which names its rows (`objectID`); nil for a query or a
  /// table without one.
  public func primaryKey() throws(PostgresError) -> String? {
    guard let relation = quotedTable else { return nil }
    let rows = try PostgresConnection.readOnly(address).run(
      """
      SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = to_regclass($1) AND i.indisprimary
      """,
      [relation])
    return rows.count == 1 ? rows[0][0] : nil
  }

  /// What the rows hold, in one value that changes when any row does — the index cache's key,
  /// found by one pass on the server with no row sent:
  /// - a table: its row count and the sum of its rows' `xmin` (the transaction that wrote each
  ///   row version: an insert or update writes a new one, a delete lowers the count). Cheap (no
  ///   row is formatted), and a change undone is still a change; a `VACUUM FREEZE` changes it too,
  ///   which only costs one more read.
  /// - a query: its row count and the sum, modulo 2^64, of each row's 64-bit hash (order does not
  ///   matter; a change that kept both would have to undo its own hash exactly). The stream
  ///   computes the same value from the rows it reads (`RowHashes`), as hashing is what costs.
  public func contentVersion() throws(PostgresError) -> String {
    try contentVersion(on: PostgresConnection.readOnly(address))
  }

  private func contentVersion(on connection: PostgresConnection) throws(PostgresError) -> String {
    if let relation = try xminRelation(on: connection) {
      let row = try connection.run("SELECT count(*), coalesce(sum(xmin::text::bigint), 0) FROM \(relation)")[0]
      return "postgres rows=\(row[0] ?? "0") xmin=\(row[1] ?? "0") table=\(relation)"
    }
    let row = try connection.run(
      """
      SELECT count(*), ((coalesce(sum(hashtextextended(t::text, 0)), 0) % 18446744073709551616)
        + 18446744073709551616) % 18446744073709551616 FROM (\(query)) t
      """)[0]
    return Self.version(rows: row[0] ?? "0", hash: row[1] ?? "0", query: query)
  }

  static func version(rows: String, hash: String, query: String) -> String {
    "postgres rows=\(rows) hash=\(hash) query=\(query)"
  }

  /// The table named, when its rows carry `xmin` (a table, a partitioned table): its version is
  /// read from it. A view, a materialized view or a foreign table has no `xmin`, and is
  /// versioned by its rows' hashes, as a query is.
  private func xminRelation(on connection: PostgresConnection) throws(PostgresError) -> String? {
    guard let relation = quotedTable else { return nil }
    let kind = try connection.run("SELECT relkind::text FROM pg_class WHERE oid = to_regclass($1)", [relation])
    return ["r", "p"].contains(kind.first?[0] ?? "r") ? relation : nil
  }

  /// The table named, quoted as an identifier (`schema.table` part by part).
  var quotedTable: String? {
    guard readsTable, let table else { return nil }
    return table.split(separator: ".").map { Self.quoted(String($0)) }.joined(separator: ".")
  }

  /// Reads every row and writes it to `output` as a JSON Lines record, until the rows end or
  /// `stopped` says so; `version` is then told the content version of the rows read (one
  /// snapshot). Throws what the server said (a bad query, a lost connection).
  public func stream(
    to output: FileHandle, version: (String) -> Void = { _ in }, stopped: () -> Bool
  ) throws(PostgresError) {
    let connection = try PostgresConnection.readOnly(address)
    try connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    // A table's version is read first, in the same snapshot; a query's rows bring their hashes
    // with them, as a last column that is folded, not written.
    let tableVersion = try xminRelation(on: connection) == nil ? nil : try contentVersion(on: connection)
    // One statement (`run`: the extended protocol refuses a second one), so that `--sql` text
    // cannot close the read-only transaction and write (`…) t; COMMIT; DELETE …; BEGIN; …`).
    try connection.run(
      "DECLARE seek_rows NO SCROLL CURSOR FOR "
        + (tableVersion == nil ? "SELECT t.*, hashtextextended(t::text, 0) FROM (\(query)) t" : query))
    var lines: [UInt8] = []
    var hashes = RowHashes(folds: tableVersion == nil)
    while !stopped() {
      lines.removeAll(keepingCapacity: true)
      let count = try connection.fetch("FETCH \(Self.rowsPerFetch) FROM seek_rows") { rows in
        rows.writeJSONLines(to: &lines, hashes: &hashes)
      }
      if !lines.isEmpty {
        guard (try? output.write(contentsOf: lines)) != nil else { return }
      }
      if count < Self.rowsPerFetch { break }
    }
    _ = try? connection.run("COMMIT")
    if !stopped() {
      version(tableVersion ?? Self.version(rows: String(hashes.rows), hash: String(hashes.sum), query: query))
    }
  }
}

extension PostgresCatalog {
  /// Where a change to a catalog's table is announced: `NOTIFY seek_catalog, 'products'` (the
  /// table's name, or nothing for every catalog), from a trigger or by hand.
  public static let changeChannel = "seek_catalog"

  /// Listens for changes on a thread of its own, calling `onChange` when the rows changed: once
  /// per burst of notifications (collected for `settle` seconds: a transaction touching many rows
  /// is one reload), only when the content version moved since the last reload, and at most once
  /// per `minimumInterval` seconds. Any role may `NOTIFY seek_catalog`: 20 notifications in 10 s
  /// once made every running Seek read the table 60 times; now a notification costs one version
  /// query on the server (no row sent), and a reload happens only for a real change.
  /// Reconnects while the process lives.
  /// `loadedVersion` is the version of the rows the app holds (nil until a read has ended).
  public func watch(
    settle: Double = 0.2, minimumInterval: Double = 2, loadedVersion: @escaping @Sendable () -> String? = { nil },
    onChange: @escaping @Sendable () -> Void
  ) {
    let name = table ?? ""
    Thread.detachNewThread { [self] in
      // The version of what was last reloaded, when the reload has not said yet; unknown at
      // first, so a notification before the first read ends reloads (a version read now could
      // already include a change that read missed).
      var loaded: String? = nil
      var lastReload = Date.distantPast
      // Reloads when the server's rows are not the ones held (or, `known` nil, not known yet).
      func reloadIfMoved(_ connection: PostgresConnection, known: String?) throws(PostgresError) {
        let version = try contentVersion(on: connection)
        guard version != known else { return }
        loaded = version
        lastReload = Date()
        onChange()
      }
      while true {
        do {
          let connection = try PostgresConnection.readOnly(address)
          try connection.run("LISTEN \(Self.changeChannel)")
          // What changed while nobody listened — before the first connection (a cache opened
          // without a look at the server, off the start path) or while reconnecting — is found
          // by one look now.
          if let known = loadedVersion() ?? loaded { try reloadIfMoved(connection, known: known) }
          while true {
            let payloads = try connection.waitForNotifications(milliseconds: 60_000, wake: -1)
            guard payloads.contains(where: { $0.isEmpty || $0 == name }) else { continue }
            let deadline = max(Date().addingTimeInterval(settle), lastReload.addingTimeInterval(minimumInterval))
            while Date() < deadline {
              // The rest of the burst is read and let go: one reload answers it all.
              _ = try connection.waitForNotifications(
                milliseconds: Int32(max(1, deadline.timeIntervalSinceNow * 1000)), wake: -1)
            }
            try reloadIfMoved(connection, known: loadedVersion() ?? loaded)
          }
        } catch {
          sleep(2)
        }
      }
    }
  }
}

extension PostgresConnection {
  /// Runs a statement and hands its rows to `body`, read in place; returns how many there were.
  func fetch(_ sql: String, _ body: (PostgresRows) -> Void) throws(PostgresError) -> Int {
    let result = try result(of: sql)
    defer { seek_PQclear(result) }
    body(PostgresRows(result: result))
    return Int(seek_PQntuples(result))
  }
}

/// The rows' count and the wrapping sum of their hashes (`PostgresCatalog.contentVersion`).
struct RowHashes {
  /// Whether the rows carry their hash as a last column.
  var folds: Bool
  var rows = 0
  var sum: UInt64 = 0
}

/// A result's rows, written out without a String per value: the JSON is made from the bytes
/// libpq holds.
struct PostgresRows {
  let result: OpaquePointer?

  /// Each row as a JSON object on a line: PostgreSQL's types decide the JSON types. When the rows
  /// carry their hash (a last column), it is folded into `hashes`, not written.
  func writeJSONLines(to out: inout [UInt8], hashes: inout RowHashes) {
    let columns = seek_PQnfields(result) - (hashes.folds ? 1 : 0)
    // Each column's `"name":`, and how its values are written, once per result.
    let keys: [[UInt8]] = (0..<columns).map { column in
      var key: [UInt8] = []
      Self.writeString(
        UnsafeRawPointer(seek_PQfname(result, column)!), count: strlen(seek_PQfname(result, column)), to: &key)
      return key + [UInt8(ascii: ":")]
    }
    let kinds = (0..<columns).map { Kind(type: seek_PQftype(result, $0)) }
    for row in 0..<seek_PQntuples(result) {
      if hashes.folds {
        hashes.sum &+= UInt64(bitPattern: Int64(String(cString: seek_PQgetvalue(result, row, columns))) ?? 0)
        hashes.rows += 1
      }
      out.append(UInt8(ascii: "{"))
      for column in 0..<columns {
        if column > 0 { out.append(UInt8(ascii: ",")) }
        out += keys[Int(column)]
        guard seek_PQgetisnull(result, row, column) == 0 else {
          out += Self.null
          continue
        }
        // Safe: libpq keeps the value's `length` bytes (and a NUL) until PQclear, after this loop.
        let value = UnsafeRawPointer(seek_PQgetvalue(result, row, column)!)
        let count = Int(seek_PQgetlength(result, row, column))
        let bytes = UnsafeRawBufferPointer(start: value, count: count)
        switch kinds[Int(column)] {
        case .boolean: out += bytes.first == UInt8(ascii: "t") ? Self.true : Self.false
        case .number where Self.isJSONNumber(bytes), .json: out += bytes
        case .number, .text: Self.writeString(value, count: count, to: &out)
        }
      }
      out.append(UInt8(ascii: "}"))
      out.append(UInt8(ascii: "\n"))
    }
  }

  static let null = Array("null".utf8)
  static let `true` = Array("true".utf8)
  static let `false` = Array("false".utf8)

  enum Kind {
    case boolean, number, json, text

    init(type: Oid) {
      switch type {
      case 16: self = .boolean
      case 20, 21, 23, 700, 701, 1700: self = .number  // int8, int2, int4, float4, float8, numeric
      case 114, 3802: self = .json  // json, jsonb: JSON already
      default: self = .text
      }
    }
  }

  /// PostgreSQL writes NaN and Infinity for some numbers: those are strings in JSON.
  static func isJSONNumber(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first else { return false }
    return first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
  }

  /// A JSON string of UTF-8 bytes (a database in another encoding is converted by libpq's
  /// client_encoding, UTF8 by default for a UTF8 database).
  static func writeString(_ start: UnsafeRawPointer, count: Int, to out: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    out.append(UInt8(ascii: "\""))
    for byte in UnsafeRawBufferPointer(start: start, count: count) {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        out.append(UInt8(ascii: "\\"))
        out.append(byte)
      case 0..<0x20:
        out += Array("\\u00".utf8)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0xF)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
