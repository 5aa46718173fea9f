import CSQLite
import Foundation

/// Why the store cannot be used. The file is never modified, overwritten or deleted in these cases.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  case notASeekDatabase(path: String)
  case newerSchema(path: String, found: Int, supported: Int)
  case corrupt(path: String, detail: String)
  case cannotOpen(path: String, detail: String)
  case readOnly(path: String)
  case failed(path: String, detail: String)

  public var description: String {
    switch self {
    case .notASeekDatabase(let path):
      return
        "\(path): not a Seek store (another program's database or file); left untouched — choose another path with --store"
    case .newerSchema(let path, let found, let supported):
      return "\(path): made by a newer Seek (schema \(found); this one knows up to \(supported)); left untouched"
    case .corrupt(let path, let detail): return "\(path): the store is damaged (\(detail)); left untouched"
    case .cannotOpen(let path, let detail): return "\(path): cannot open the store: \(detail)"
    case .readOnly(let path): return "\(path): the store cannot be written (read-only file or folder)"
    case .failed(let path, let detail): return "\(path): store error: \(detail)"
    }
  }
}

/// A thin, safe wrapper over one SQLite connection: prepared statements with bound parameters
/// only (no SQL is ever built from text), errors as `StoreError`.
final class SQLiteDatabase {
  let path: String
  private var handle: OpaquePointer?

  init(path: String) throws(StoreError) {
    self.path = path
    var db: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_NOFOLLOW
    let rc = sqlite3_open_v2(path, &db, flags, nil)
    guard rc == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(db)
      if rc == SQLITE_READONLY || rc == SQLITE_CANTOPEN && access(path, F_OK) == 0 { throw .readOnly(path: path) }
      throw .cannotOpen(path: path, detail: message)
    }
    handle = db
    sqlite3_busy_timeout(db, 10_000)
    sqlite3_extended_result_codes(db, 1)
  }

  deinit { sqlite3_close_v2(handle) }

  func error(_ rc: Int32) -> StoreError {
    let message = String(cString: sqlite3_errmsg(handle))
    switch rc & 0xFF {
    case SQLITE_NOTADB: return .notASeekDatabase(path: path)
    case SQLITE_CORRUPT: return .corrupt(path: path, detail: message)
    case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM: return .readOnly(path: path)
    default: return .failed(path: path, detail: message)
    }
  }

  /// Runs SQL without parameters or results (schema, pragmas, transactions).
  func execute(_ sql: String) throws(StoreError) {
    let rc = sqlite3_exec(handle, sql, nil, nil, nil)
    guard rc == SQLITE_OK else { throw error(rc) }
  }

  /// A value bound to a statement parameter.
  enum Value {
    case text(String)
    case integer(Int64)
    case real(Double)
  }

  /// Runs one statement with bound parameters, calling `row` for each result row.
  func run(_ sql: String, _ parameters: [Value] = [], row: ((Row) -> Void)? = nil) throws(StoreError) {
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard rc == SQLITE_OK, let statement else { throw error(rc) }
    defer { sqlite3_finalize(statement) }
    for (i, value) in parameters.enumerated() {
      let index = Int32(i + 1)
      switch value {
      case .text(let s):
        // Length in bytes, so embedded NULs and any text round-trip exactly.
        var copy = s
        copy.withUTF8 { bytes in
          if let base = bytes.baseAddress, bytes.count > 0 {
            // Safe: SQLITE_TRANSIENT makes SQLite copy the text before the closure (and the buffer) ends.
            _ = sqlite3_bind_text(
              statement, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
              Int32(bytes.count), seek_sqlite_transient())
          } else {
            _ = sqlite3_bind_text(statement, index, "", 0, seek_sqlite_transient())
          }
        }
      case .integer(let n): sqlite3_bind_int64(statement, index, n)
      case .real(let x): sqlite3_bind_double(statement, index, x)
      }
    }
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { return }
      guard step == SQLITE_ROW else { throw error(step) }
      row?(Row(statement: statement))
    }
  }

  /// One integer result (pragmas, counts).
  func integer(_ sql: String, _ parameters: [Value] = []) throws(StoreError) -> Int64 {
    var value: Int64 = 0
    try run(sql, parameters) { value = $0.integer(0) }
    return value
  }

  var changes: Int { Int(sqlite3_changes(handle)) }

  struct Row {
    let statement: OpaquePointer

    func text(_ column: Int32) -> String {
      guard let bytes = sqlite3_column_text(statement, column) else { return "" }
      let count = Int(sqlite3_column_bytes(statement, column))
      // Safe: SQLite guarantees `count` readable bytes at `bytes` until the next step; they are copied at once.
      return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
  }

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken up front, so two
  /// processes wait for each other (busy timeout) instead of failing with "database is locked".
  func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }
}
