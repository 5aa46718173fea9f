import CSQLite
import Foundation
import SeekCore

// Usage: seek-store-stress STORE PREFIX COUNT
// Checks COUNT items and creates one item every 10, printing "done <objectID>" after each write
// has committed — what the UI would show as done. Tests kill it mid-way, or run two at once.
//
// Usage: seek-store-stress --hold-lock STORE SECONDS
// Holds the store's write lock for SECONDS (printing "locked" once it has it), so that a test can
// catch the app with a write pending.
/// Unbuffered: a line is out of the process as soon as it is written.
func report(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "--hold-lock", let seconds = Double(arguments[3]) {
  var db: OpaquePointer?
  guard sqlite3_open_v2(arguments[2], &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
    sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK
  else {
    FileHandle.standardError.write(Data("seek-store-stress: cannot lock \(arguments[2])\n".utf8))
    exit(2)
  }
  report("locked")
  usleep(useconds_t(seconds * 1_000_000))
  sqlite3_exec(db, "COMMIT", nil, nil, nil)
  sqlite3_close(db)
  report("released")
  exit(0)
}
guard arguments.count == 4, let count = Int(arguments[3]) else {
  FileHandle.standardError.write(Data("usage: seek-store-stress STORE PREFIX COUNT\n".utf8))
  exit(2)
}
do {
  let store = try SQLiteItemStore(path: arguments[1])
  for i in 0..<count {
    let id = "\(arguments[2])-\(i)"
    try store.setChecked(objectID: id, title: "Title \(i) “quoted” 😀", checked: true)
    report("done \(id)")
    if i % 10 == 0 {
      let item = try store.createItem(title: "\(arguments[2]) created \(i)")
      report("done \(item.objectID)")
    }
  }
} catch {
  FileHandle.standardError.write(Data("seek-store-stress: \(error)\n".utf8))
  exit(2)
}
