import CPostgres
import Foundation
import SeekCore

/// Where a shared store lives: a libpq URI (`postgres://user@host:port/db`). Credentials come as
/// PostgreSQL users expect — libpq's environment (`PGUSER`, `PGPASSWORD`, `PGSERVICE`…) and
/// `~/.pgpass` — never from the command line: a URI with a password is refused, because every user
/// of the machine can read a command line (`ps`), and the password would end up in shell history.
public struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
  /// The URI as given (no password in it: `init` refuses one).
  public let uri: String
  /// What messages show: `user@host:port/db`, from the parsed URI (never the URI itself).
  public let description: String

  public struct Refusal: Error, CustomStringConvertible {
    public let description: String
  }

  public static func isAddress(_ text: String) -> Bool {
    text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
  }

  public init(_ uri: String) throws(Refusal) {
    guard Self.isAddress(uri) else {
      throw Refusal(description: "a shared store is a PostgreSQL URI (postgres://user@host:port/database)")
    }
    // libpq is loaded here, on first use (CPostgres/shim.h): every other call needs an address.
    guard seek_pq_available() != 0 else {
      throw Refusal(description: "PostgreSQL's client library is not installed (Debian: apt-get install libpq5)")
    }
    var message: UnsafeMutablePointer<CChar>?
    guard let options = seek_PQconninfoParse(uri, &message) else {
      // libpq's message quotes the parameter it does not know, never a password.
      let detail = message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "invalid"
      seek_PQfreemem(message)
      throw Refusal(description: "not a PostgreSQL URI: \(detail)")
    }
    defer { seek_PQconninfoFree(options) }
    var values: [String: String] = [:]
    var option = options
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
      option += 1
    }
    if values["password"] != nil {
      throw Refusal(
        description:
          "the URI holds a password, which Seek does not take on a command line or in a settings file (anyone on the machine can read them); put it in ~/.pgpass (or PGPASSFILE), or PGPASSWORD"
      )
    }
    self.uri = uri
    let user = values["user"].map { $0 + "@" } ?? ""
    let host = values["host"] ?? values["hostaddr"] ?? "localhost"
    let port = values["port"].map { ":" + $0 } ?? ""
    description = "\(user)\(host)\(port)/\(values["dbname"] ?? "")"
  }
}

extension PostgresAddress {
  /// libpq ignores a password file that others can read (or that is not a plain file), and says so
  /// on stderr — under the app's screen, at every connection. Seek says it once, before the
  /// screen, and points libpq at no file (`PGPASSFILE` in `environment`), which it would not
  /// have used anyway. Nil when the file is fine or absent.
  public static func checkPasswordFile(_ environment: inout [String: String]) -> String? {
    let path =
      environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.pgpass")
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let problem: String
    if info.st_mode & S_IFMT != S_IFREG {
      problem = "is not a plain file"
    } else if info.st_mode & 0o077 != 0 {
      problem = "others can read it (chmod 600 \(path))"
    } else {
      return nil
    }
    environment["PGPASSFILE"] = path + ".ignored-by-seek"
    return "\(path) \(problem): PostgreSQL ignores it, so no password comes from it"
  }
}

/// Why PostgreSQL could not do what was asked. `message` is libpq's or the server's, which never
/// holds a password.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
  public var message: String
  /// The server's SQLSTATE (`25006` read-only transaction, `57014` statement timeout…); empty when
  /// the connection failed.
  public var state: String
  public var description: String { message }

  public var connectionLost: Bool { state.isEmpty || state.hasPrefix("08") || state == "57P01" }
}

/// One libpq connection, used from one thread. Parameters are always bound (`PQexecParams`), text
/// in and out: no SQL is ever built from data.
final class PostgresConnection {
  private var handle: OpaquePointer?

  /// Connects, waiting at most `timeout` seconds unless the URI says otherwise
  /// (`connect_timeout`).
  init(_ address: PostgresAddress, timeout: Int = 5) throws(PostgresError) {
    // Earlier keywords are defaults: the expanded URI (dbname) overrides them.
    let keywords = ["connect_timeout", "application_name", "dbname"]
    let values = [String(timeout), "seek", address.uri]
    let connection = Self.withCStrings(keywords) { k in
      Self.withCStrings(values) { v in seek_PQconnectdbParams(k, v, 1) }
    }
    guard let connection, seek_PQstatus(connection) == CONNECTION_OK else {
      let message = connection.map { String(cString: seek_PQerrorMessage($0)) } ?? "out of memory"
      seek_PQfinish(connection)
      throw PostgresError(message: Self.oneLine(message), state: "")
    }
    // libpq prints notices and the server's asynchronous messages ("terminating connection…") on
    // stderr by default — under the app's screen. They are dropped: what matters comes back as
    // an error from the next call.
    seek_PQsetNoticeProcessor(connection, { _, _ in }, nil)
    handle = connection
    // No wait on the server is unbounded: a row or table locked elsewhere fails the statement
    // after `lockTimeout` (said, and retried by the sync) instead of freezing the app or a
    // one-shot command for as long as the lock is held.
    try run("SELECT set_config('lock_timeout', $1, false)", ["\(Self.lockTimeoutMilliseconds)ms"])
  }

  /// How long a statement waits for a lock held elsewhere.
  static let lockTimeoutMilliseconds = 5_000

  /// Bounds every statement of this connection (`statement_timeout`): for the store's small
  /// statements, never for a catalog's scans, whose size is the user's.
  func limitStatements(toMilliseconds milliseconds: Int) throws(PostgresError) {
    try run("SELECT set_config('statement_timeout', $1, false)", ["\(milliseconds)ms"])
  }

  deinit { seek_PQfinish(handle) }

  /// A connection whose every transaction is read-only (a catalog's: `--sql`, `?table=`): even a
  /// statement run outside Seek's own `BEGIN … READ ONLY` (the content version) cannot write,
  /// whatever functions the query calls.
  static func readOnly(_ address: PostgresAddress) throws(PostgresError) -> PostgresConnection {
    let connection = try PostgresConnection(address)
    try connection.run("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
    return connection
  }

  /// Runs SQL text without parameters, several statements allowed (schema migrations).
  func execute(_ sql: String) throws(PostgresError) {
    let result = seek_PQexec(handle, sql)
    defer { seek_PQclear(result) }
    try check(result)
  }

  /// Runs SQL text and returns its result, which the caller clears (`PQclear`).
  func result(of sql: String) throws(PostgresError) -> OpaquePointer? {
    let result = seek_PQexec(handle, sql)
    do { try check(result) } catch {
      seek_PQclear(result)
      throw error
    }
    return result
  }

  private func check(_ result: OpaquePointer?) throws(PostgresError) {
    let status = seek_PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let state = seek_PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
      let message =
        result.map { String(cString: seek_PQresultErrorMessage($0)) } ?? String(cString: seek_PQerrorMessage(handle))
      throw PostgresError(message: Self.oneLine(message), state: state)
    }
  }

  /// Runs one statement; returns its rows (nil for SQL NULL).
  @discardableResult
  func run(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> [[String?]] {
    let result = Self.withOptionalCStrings(parameters) { values in
      seek_PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
    }
    defer { seek_PQclear(result) }
    try check(result)
    var rows: [[String?]] = []
    let columns = seek_PQnfields(result)
    for row in 0..<seek_PQntuples(result) {
      rows.append(
        (0..<columns).map { column in
          seek_PQgetisnull(result, row, column) != 0 ? nil : String(cString: seek_PQgetvalue(result, row, column))
        })
    }
    return rows
  }

  /// Runs `body` in a transaction, rolled back when it throws.
  func transaction<T>(_ body: () throws(PostgresError) -> T) throws(PostgresError) -> T {
    try run("BEGIN")
    do {
      let value = try body()
      try run("COMMIT")
      return value
    } catch {
      _ = try? run("ROLLBACK")
      throw error
    }
  }

  /// Waits up to `milliseconds` for a notification on a channel this connection listens on, or
  /// for `wake` to become readable; returns the notifications' payloads (empty on a timeout or a
  /// wake). Throws when the connection is lost.
  func waitForNotifications(milliseconds: Int32, wake: Int32) throws(PostgresError) -> [String] {
    var payloads = try pendingNotifications()
    guard payloads.isEmpty else { return payloads }
    var fds = [
      pollfd(fd: seek_PQsocket(handle), events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    guard poll(&fds, 2, milliseconds) > 0, fds[0].revents != 0 else { return [] }
    payloads = try pendingNotifications()
    return payloads
  }

  private func pendingNotifications() throws(PostgresError) -> [String] {
    guard seek_PQconsumeInput(handle) == 1 else {
      throw PostgresError(message: Self.oneLine(String(cString: seek_PQerrorMessage(handle))), state: "")
    }
    var payloads: [String] = []
    while let notification = seek_PQnotifies(handle) {
      payloads.append(String(cString: notification.pointee.extra))
      seek_PQfreemem(notification)
    }
    return payloads
  }

  private static func oneLine(_ message: String) -> String {
    message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: "; ")
  }

  private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    withOptionalCStrings(strings) { body($0) }
  }

  /// Copies of `strings` as C strings, NULL-terminated array, alive for `body` only.
  private static func withOptionalCStrings<T>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
  ) -> T {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.flatMap { strdup($0) } } + [nil]
    defer { for copy in copies { free(copy) } }
    // Safe: the copies live until the defer above, after `body` returns.
    return copies.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { body($0.baseAddress!) }
    }
  }
}
