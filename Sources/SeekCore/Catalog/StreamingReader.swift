import Foundation

/// Reads a catalog from a pipe (or a large file) while the UI runs: lines, JSON Lines or TSV
/// (header first) are parsed as they arrive and handed over in batches, so the first results show
/// long before input ends. Invalid UTF-8 is replaced; a malformed JSON line (or a TSV row with too
/// many fields) is skipped and counted, never fatal.
public final class StreamingReader: @unchecked Sendable {
  private let lock = NSLock()
  private var table: RecordTable
  private var finished = false
  private var malformed = 0
  private var bytesRead = 0
  private var stoppedAtLimit = false
  /// Resident memory past which reading stops (`ProcessMemory.inputLimitBytes`).
  private let memoryLimit: Int
  private let format: CatalogFormat
  /// TSV: the header's attributes (nil until read), and which columns hold only numbers so far.
  private var header: [String]? = nil
  private var numeric: [Bool] = []
  /// JSON Lines: which members have held only numbers, and which arrays (as a file's are noted).
  private var jsonNumeric: [String: Bool] = [:]
  private var jsonArrays: Set<String> = []
  /// Called on the reader's thread after each batch (at most every `interval` seconds) and at end.
  private let onBatch: @Sendable () -> Void
  public static let interval = 0.1

  /// Whether each batch is also kept apart for `takeUnindexed` (a searcher that scans the lines
  /// no index holds yet, `StreamTail`). Set before reading starts. The records are then kept as
  /// `joined` and `batches`, not in `table`: see `BatchedRecords`.
  public var keepsUnindexed = false
  private var batched: BatchedRecords

  /// What ends a line (`--read0`: NUL).
  private let delimiter: UInt8
  /// `--header-lines N` (fzf's): the first N lines are a header, shown and never searched.
  private let headerLineCount: Int
  private var headerLines: [String] = []
  /// The same lines as read, before they were shaped (`change-header-lines` reads them again).
  private var headerLinesAsRead: [String] = []
  /// What a line becomes (`--ansi`, `--with-nth`, `--nth`).
  private let shape: LineShape

  public init(
    format: CatalogFormat, memoryLimit: Int = ProcessMemory.inputLimitBytes(), delimiter: UInt8 = 0x0A,
    headerLines: Int = 0, shape: LineShape = LineShape(), onBatch: @escaping @Sendable () -> Void
  ) {
    self.format = format
    self.shape = shape
    self.delimiter = delimiter
    self.headerLineCount = format == .lines ? headerLines : 0
    self.memoryLimit = memoryLimit
    let attributes = format == .lines ? shape.attributes : []
    self.table = RecordTable(attributes: attributes)
    self.batched = BatchedRecords(attributes: attributes)
    self.onBatch = onBatch
  }

  /// Starts reading `handle` on a background thread.
  public func start(reading handle: FileHandle) {
    let thread = Thread { [self] in self.read(handle) }
    thread.stackSize = 4 << 20
    thread.start()
  }

  /// The records read so far, whether input has ended, how many lines were skipped, and how
  /// many bytes were read. Once input has ended, the records are handed over, not shared: the
  /// reader keeps none, so that they are freed as soon as their taker is done with them (the
  /// final index build turns them into its document store), and a later snapshot has none.
  public func snapshot() -> (table: RecordTable, finished: Bool, malformed: Int, bytesRead: Int) {
    if keepsUnindexed { return batchedSnapshot() }
    lock.lock()
    defer { lock.unlock() }
    guard finished else { return (table, finished, malformed, bytesRead) }
    let records = table
    table = RecordTable(attributes: table.attributes)
    return (records, finished, malformed, bytesRead)
  }

  /// `snapshot` of the batched records: their parts taken under the lock, joined outside it.
  private func batchedSnapshot() -> (table: RecordTable, finished: Bool, malformed: Int, bytesRead: Int) {
    lock.lock()
    let parts = batched.takeSnapshotParts()
    let (finished, malformed, bytesRead) = (self.finished, self.malformed, self.bytesRead)
    lock.unlock()
    let table = BatchedRecords.join(parts)
    lock.lock()
    batched.snapshotJoined(table, handingOver: finished)
    lock.unlock()
    return (table, finished, malformed, bytesRead)
  }

  /// The records read since the last call (and where they start in the input), with the number
  /// read in all, whether input has ended and the bytes read. Each record is handed out once, in
  /// input order, even after the records were handed over at the end (`snapshot`).
  /// The batches are those the reader keeps (shared, not copied).
  public func takeUnindexed() -> (batches: [RecordTable], at: Int, records: Int, finished: Bool, bytesRead: Int) {
    lock.lock()
    defer { lock.unlock() }
    let (batches, at) = batched.takeUntaken()
    return (batches, at, batched.count, finished, bytesRead)
  }

  /// Records read so far, and whether input has ended (without sharing the records).
  public var progress: (records: Int, finished: Bool) {
    lock.lock()
    defer { lock.unlock() }
    return (keepsUnindexed ? batched.count : table.count, finished)
  }

  /// Whether reading stopped before the input ended, at the memory limit (endless input such as
  /// `yes`): the records read so far are the catalog.
  public var stoppedAtMemoryLimit: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stoppedAtLimit
  }

  /// The formats that can be read this way.
  public static func canStream(_ format: CatalogFormat) -> Bool {
    format == .lines || format == .jsonLines || format == .tsv
  }

  /// The header lines read so far (`--header-lines`).
  public var headerRead: [String] {
    lock.lock()
    defer { lock.unlock() }
    return headerLines
  }

  /// The header lines read so far, as read.
  public var headerReadAsRead: [String] {
    lock.lock()
    defer { lock.unlock() }
    return headerLinesAsRead
  }

  /// Reads everything (for --filter, --select-1, --exit-0) and returns the table.
  public func readAll(_ handle: FileHandle) -> RecordTable {
    read(handle)
    return snapshot().table
  }

  /// What the reader's thread has parsed since the last hand-over.
  private struct Batch {
    /// Lines and JSON Lines: each record's attributes and values.
    var records: [[(String, String)]] = []
    /// TSV rows, as wide as the header.
    var rows: [[String]] = []
    /// Plain lines (no `--ansi`, `--nth`, `--with-nth`): their bytes, repaired UTF-8, one after
    /// the other, and where each ends — no `String` or array made per line.
    var lines: [UInt8] = []
    var lineEnds: [Int] = []
    var malformed = 0
    var bytes = 0
    var lastHandOver = Date()

    var isEmpty: Bool { records.isEmpty && rows.isEmpty && lineEnds.isEmpty }
  }

  /// Lines read by the reader's thread past the header (`--header-lines`), while it is taken.
  private var headerTaken = 0

  private func read(_ handle: FileHandle) {
    var splitter = LineSplitter(delimiter: delimiter)
    // Read here, not from `splitter` inside `parse`: the splitter is being mutated while it calls it.
    let dropsCarriageReturn = splitter.dropsCarriageReturn
    var batch = Batch()
    let parseLine = { (line: ArraySlice<UInt8>) in
      var end = line.endIndex
      if dropsCarriageReturn && end > line.startIndex && line[end - 1] == 0x0D { end -= 1 }
      self.parse(line[line.startIndex..<end], into: &batch)
    }
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      batch.bytes += chunk.count
      splitter.feed(chunk, parseLine)
      // Hand over a batch every `interval`, and whenever the pipe has nothing more for now.
      if Date().timeIntervalSince(batch.lastHandOver) >= Self.interval || (chunk.count < 65_536 && !batch.isEmpty) {
        handOver(&batch, final: false)
        // Looked at once a batch (at most every `interval`): reading /proc costs microseconds.
        if let resident = ProcessMemory.residentBytes(), resident > memoryLimit {
          lock.lock()
          stoppedAtLimit = true
          lock.unlock()
          break
        }
      }
    }
    if stoppedAtMemoryLimit { splitter.dropPending() }  // a line cut where reading stopped
    splitter.finish(parseLine)
    handOver(&batch, final: true)
  }

  /// The batch joins the table the indexer takes from, and the indexer is told.
  private func handOver(_ batch: inout Batch, final: Bool) {
    lock.lock()
    if keepsUnindexed {
      var rows = RecordTable(attributes: table.attributes)
      append(batch, to: &rows)
      batched.append(rows)
    } else {
      append(batch, to: &table)
    }
    malformed += batch.malformed
    bytesRead += batch.bytes
    if final { finished = true }
    lock.unlock()
    batch.records.removeAll(keepingCapacity: true)
    batch.rows.removeAll(keepingCapacity: true)
    batch.lines.removeAll(keepingCapacity: true)
    batch.lineEnds.removeAll(keepingCapacity: true)
    batch.malformed = 0
    batch.bytes = 0
    batch.lastHandOver = Date()
    onBatch()
  }

  /// A batch's records appended to `table`, as the format reads them.
  private func append(_ batch: Batch, to table: inout RecordTable) {
    for record in batch.records {
      if format == .lines { table.appendRow(shape.values(of: record[0].1)) } else { table.append(record) }
    }
    table.appendSingleValues(batch.lines, ends: batch.lineEnds)
    if format == .tsv, let header {
      if table.attributes.isEmpty { table = RecordTable(attributes: header) }
      for row in batch.rows { table.appendRow(row) }
      table.numericAttributes = Set(header.indices.filter { numeric[$0] }.map { header[$0] })
    }
    if format == .jsonLines {
      table.numericAttributes = Set(jsonNumeric.filter(\.value).keys)
      table.multiValuedAttributes.formUnion(jsonArrays)
    }
  }

  /// One line of input (without its end), by format. An empty line is a line (fzf lists it, and
  /// counts it among `--header-lines`); in the record formats it is skipped.
  private func parse(_ bytes: ArraySlice<UInt8>, into batch: inout Batch) {
    if bytes.isEmpty && format != .lines { return }
    switch format {
    case .lines:
      if headerTaken >= headerLineCount && shape.isPlain { return Self.appendLine(bytes, to: &batch) }
      let text = String(decoding: bytes, as: UTF8.self)
      guard headerTaken < headerLineCount else { return batch.records.append([("text", text)]) }
      headerTaken += 1
      lock.lock()
      headerLines.append(shape.header(of: text))
      headerLinesAsRead.append(text)
      lock.unlock()
    case .tsv:
      parseTSV(bytes, into: &batch)
    default:
      // Safe: the buffer is used only inside the closure, while the array is alive.
      let record: [(String, String)]? = Array(bytes).withUnsafeBufferPointer { buffer in
        var parser = JSONParser(buffer)
        // As a file's records are read: the text searched, and what is not text kept as JSON.
        guard let value = try? parser.parseValue(), let fields = CatalogParser.members(value) else { return nil }
        CatalogParser.noteNumeric(value, into: &jsonNumeric, arrays: &jsonArrays)
        return fields
      }
      if let record { batch.records.append(record) } else { batch.malformed += 1 }
    }
  }

  /// A plain line into the batch, its invalid UTF-8 repaired as `String(decoding:)` does (most
  /// lines are ASCII, and are copied as they are).
  private static func appendLine(_ bytes: ArraySlice<UInt8>, to batch: inout Batch) {
    if bytes.allSatisfy({ $0 < 0x80 }) {
      batch.lines.append(contentsOf: bytes)
    } else {
      var text = String(decoding: bytes, as: UTF8.self)
      text.withUTF8 { batch.lines.append(contentsOf: $0) }
    }
    batch.lineEnds.append(batch.lines.count)
  }

  /// A TSV line: the header first; then rows, no wider than the header (a wider one is skipped
  /// and counted), missing fields empty.
  private func parseTSV(_ bytes: ArraySlice<UInt8>, into batch: inout Batch) {
    let fields = bytes.split(separator: 0x09, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    guard let header else {
      header = Array(fields.map { $0.trimming(" \t") }.prefix(RecordTable.maxAttributes))
      numeric = [Bool](repeating: true, count: header!.count)
      return
    }
    guard fields.count <= header.count else {
      batch.malformed += 1
      return
    }
    var row = fields
    while row.count < header.count { row.append("") }
    for (k, value) in row.enumerated() where numeric[k] && !value.isEmpty && Double(value) == nil {
      numeric[k] = false
    }
    batch.rows.append(row)
  }
}
