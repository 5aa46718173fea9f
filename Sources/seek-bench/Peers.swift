import CSQLite
import Foundation
import SearchEngine

/// SQLite FTS5 over the same records: prefix query on every word, bm25, LIMIT 20.
final class FTS5Peer {
  private var db: OpaquePointer?
  private var statement: OpaquePointer?

  init?(documents: DocumentStore, columns: [Int], path: String) {
    unlink(path)
    guard sqlite3_open(path, &db) == SQLITE_OK else { return nil }
    let names = columns.map { "c\($0)" }.joined(separator: ", ")
    guard
      sqlite3_exec(
        db, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; CREATE VIRTUAL TABLE docs USING fts5(\(names))", nil, nil,
        nil) == SQLITE_OK
    else {
      return nil
    }
    sqlite3_exec(db, "BEGIN", nil, nil, nil)
    var insert: OpaquePointer?
    let placeholders = columns.map { _ in "?" }.joined(separator: ", ")
    sqlite3_prepare_v2(db, "INSERT INTO docs (rowid, \(names)) VALUES (?, \(placeholders))", -1, &insert, nil)
    for r in 0..<documents.count {
      sqlite3_bind_int64(insert, 1, Int64(r))
      for (i, c) in columns.enumerated() {
        documents.withValue(r, c) { bytes in
          // Safe: SQLITE_TRANSIENT makes SQLite copy the bytes before the closure ends; a non-nil pointer for empty text.
          _ = sqlite3_bind_text(
            insert, Int32(i + 2),
            UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
              .assumingMemoryBound(to: CChar.self), Int32(bytes.count), sqliteTransient())
        }
      }
      sqlite3_step(insert)
      sqlite3_reset(insert)
    }
    sqlite3_finalize(insert)
    sqlite3_exec(db, "COMMIT", nil, nil, nil)
    sqlite3_prepare_v2(
      db, "SELECT rowid FROM docs WHERE docs MATCH ?1 ORDER BY bm25(docs) LIMIT 20", -1, &statement, nil)
  }

  deinit {
    sqlite3_finalize(statement)
    sqlite3_close(db)
  }

  /// The FTS5 query for typed text: every word as a quoted prefix, all required.
  static func match(_ text: String) -> String? {
    let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
    guard !words.isEmpty else { return nil }
    return words.map { "\"\($0)\"*" }.joined(separator: " ")
  }

  /// Row ids of the top 20, or nil when the text has no word.
  func search(_ text: String) -> [Int]? {
    guard let match = Self.match(text) else { return nil }
    sqlite3_reset(statement)
    sqlite3_bind_text(statement, 1, match, -1, sqliteTransient())
    var rows: [Int] = []
    while sqlite3_step(statement) == SQLITE_ROW { rows.append(Int(sqlite3_column_int64(statement, 0))) }
    return rows
  }
}

func sqliteTransient() -> sqlite3_destructor_type { seek_sqlite_transient() }

/// `fzf --filter`, one process per keystroke, as a script would call it.
enum FzfPeer {
  static var available: Bool { shell("command -v fzf").status == 0 }

  static func search(_ text: String, file: String) -> Double {
    let start = Measure.now()
    let escaped = text.replacingOccurrences(of: "'", with: "'\\''")
    shell("fzf --filter '\(escaped)' < '\(file)' | head -20 > /dev/null")
    return Double(Measure.now() - start) / 1e9
  }
}
