@testable import SeekCore

extension RecordTable {
  /// A table of plain lines, "line N" for each number, as a pipe's reader makes them.
  static func numberedLines<Numbers: Sequence<Int>>(_ numbers: Numbers) -> RecordTable {
    var table = RecordTable(attributes: ["text"])
    for n in numbers { table.appendRow(["line \(n)"]) }
    return table
  }
}
