import Foundation
import SeekCore

// Usage: seek-store-stress STORE PREFIX COUNT
// Checks COUNT items and creates one item every 10, printing "done <objectID>" after each write
// has committed — what the UI would show as done. Tests kill it mid-way, or run two at once.
/// Unbuffered: a line is out of the process as soon as it is written.
func report(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
let arguments = CommandLine.arguments
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
