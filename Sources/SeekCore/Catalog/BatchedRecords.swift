/// The records a pipe's reader keeps while a searcher scans the lines no index holds yet
/// (`StreamTail`): the records of the last build, joined in one table, and each batch read
/// since, a table of its own that the searcher's tail shares.
///
/// Why not one growing table: the tail held a copy of every line read since the last build
/// beside the reader's, and a build's snapshot shared the reader's table, so the next batch
/// appended copied it whole while the snapshot was still being read. Here a line past the main
/// index is held once, by a batch the reader and the tail share; the records of the last build
/// are held once, by the reader and the index that shares them (`DocumentStore.reordered`); and a
/// snapshot's copy lets go of each part as it is copied (`RecordTable.joined`), so it never holds
/// a line twice.
///
/// A snapshot is joined outside the reader's lock: a million lines take tens of milliseconds to
/// copy (hundreds on the indexer's lowered priority), and the search lane, taking the batches
/// read meanwhile for the next keystroke's scan, waited on that lock that long.
struct BatchedRecords {
  /// The records of the last snapshot.
  private var joined: RecordTable
  /// The batches read since, in input order.
  private var batches: [RecordTable] = []
  /// The batches not yet taken by the searcher, and the input position of the first.
  private var untaken: [RecordTable] = []
  private var untakenAt = 0
  /// Records read in all.
  private(set) var count = 0

  /// A batch smaller than this is appended to the batch before it while the searcher has not
  /// taken that one: a producer that writes a few lines at a time (`find`) would otherwise leave
  /// thousands of tables of a few lines, each with its own arrays.
  static let smallBatch = 4_096

  init(attributes: [String]) { joined = RecordTable(attributes: attributes) }

  mutating func append(_ rows: RecordTable) {
    guard rows.count > 0 else { return }
    if var last = batches.last, !untaken.isEmpty, last.count < Self.smallBatch {
      batches.removeLast()
      untaken.removeLast()  // now `last` is the only holder: appended to, not copied
      last.appendRows(of: rows)
      batches.append(last)
      untaken.append(last)
    } else {
      if untaken.isEmpty { untakenAt = count }
      batches.append(rows)
      untaken.append(rows)
    }
    count += rows.count
  }

  /// The batches not yet taken, and where the first starts in the input; each is handed out once.
  mutating func takeUntaken() -> ([RecordTable], at: Int) {
    defer { untaken = [] }
    return (untaken, untaken.isEmpty ? count : untakenAt)
  }

  /// The parts of a snapshot: the records of the last one and the batches read since, taken
  /// out so that they are joined outside the reader's lock (`snapshotJoined` puts the joined
  /// table back). Reading goes on meanwhile: the batches it appends are the next snapshot's.
  /// One snapshot at a time (the indexer's thread takes them).
  mutating func takeSnapshotParts() -> [RecordTable] {
    let parts = batches.isEmpty ? [joined] : [joined] + batches
    (joined, batches) = (RecordTable(attributes: joined.attributes), [])  // the parts' last holder
    return parts
  }

  /// The parts of a snapshot in one table (see `takeSnapshotParts`); each part is let go of as it
  /// is copied (`RecordTable.joined`), so that no line is held twice by the join.
  static func join(_ parts: consuming [RecordTable]) -> RecordTable {
    parts.count == 1 ? parts[0] : RecordTable.joined(parts)
  }

  /// A snapshot joined: kept as the records before the batches read since it was taken, unless
  /// `handingOver` (input ended): the records are then handed over, none kept, so that they are
  /// freed once the last build is done with them.
  mutating func snapshotJoined(_ table: RecordTable, handingOver: Bool) {
    if !handingOver { joined = table }
  }
}
