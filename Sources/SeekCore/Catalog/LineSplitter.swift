import Foundation

/// Cuts a byte stream into lines as its chunks arrive, in time linear in the input whatever the
/// shape of the lines.
///
/// A line longer than a chunk stays pending across reads. The search for its newline resumes
/// where the last search stopped (`scanned`), so each byte is looked at once: searching the whole
/// pending line again on every chunk made one 32 MB line cost 512 searches of up to 32 MB each.
/// The pending bytes are compacted only after lines were cut from them, so a long line is never
/// moved while it grows (beyond the array's own amortised doubling).
public struct LineSplitter {
  /// What ends a line: a newline, or NUL (`--read0`).
  public let delimiter: UInt8
  private var pending: [UInt8] = []
  /// How many bytes at the start of `pending` are known to hold no newline.
  private var scanned = 0

  public init(delimiter: UInt8 = 0x0A) { self.delimiter = delimiter }

  /// Whether a carriage return before the delimiter is dropped (CRLF text); not for NUL-ended
  /// items, which are taken as they are.
  public var dropsCarriageReturn: Bool { delimiter == 0x0A }

  /// Bytes of an unfinished line held back.
  public var pendingCount: Int { pending.count }
  /// Bytes looked at in search of newlines so far: never more than the bytes fed (tested).
  public private(set) var examinedBytes = 0

  /// Appends `chunk` and hands every line it completes to `line` (without its newline).
  public mutating func feed(_ chunk: Data, _ line: (ArraySlice<UInt8>) -> Void) {
    pending.append(contentsOf: chunk)
    var start = 0
    var from = scanned
    while let newline = pending[from...].firstIndex(of: delimiter) {
      examinedBytes += newline + 1 - from
      line(pending[start..<newline])
      start = newline + 1
      from = start
    }
    examinedBytes += pending.count - from
    if start > 0 { pending.removeSubrange(..<start) }
    scanned = pending.count
  }

  /// The last line, when input ended without a newline.
  public mutating func finish(_ line: (ArraySlice<UInt8>) -> Void) {
    if !pending.isEmpty { line(pending[...]) }
    pending.removeAll()
    scanned = 0
  }

  /// Drops the unfinished line (for a reader that refuses lines past a bound).
  public mutating func dropPending() {
    pending.removeAll(keepingCapacity: false)
    scanned = 0
  }
}
