import SearchEngine
import Testing

@testable import SeekCore

/// The records a pipe's reader keeps while the searcher scans the tail: every line handed out
/// once and in order, every snapshot whole, and a batch the searcher takes shared, not copied.
@Suite struct BatchedRecordsTests {
  func lines(_ range: Range<Int>) -> RecordTable { .numberedLines(range) }

  /// A snapshot as the reader makes one: its parts taken (under the reader's lock), joined
  /// (outside it), and the joined table kept.
  func snapshot(_ records: inout BatchedRecords, handingOver: Bool) -> RecordTable {
    let table = BatchedRecords.join(records.takeSnapshotParts())
    records.snapshotJoined(table, handingOver: handingOver)
    return table
  }

  /// Where a table's first value lies: the same place in two tables when they share their bytes.
  func firstValueAddress(_ table: RecordTable) -> UnsafePointer<UInt8>? {
    table.withValue(0, 0) { $0.baseAddress }
  }

  @Test func everyLineIsHandedOutOnceInOrderAndEverySnapshotIsWhole() {
    var records = BatchedRecords(attributes: ["text"])
    var taken: [String] = []
    var next = 0
    func take() {
      let (batches, at) = records.takeUntaken()
      #expect(at == taken.count)
      for batch in batches { taken += batch.rows.map { $0[0] } }
    }
    // Small batches coalesce while untaken; large ones stand alone; snapshots fall between.
    for (step, size) in [3, 5, 10_000, 7, 1, 5_000, 2, 2, 9_000, 4].enumerated() {
      records.append(lines(next..<next + size))
      next += size
      if step % 2 == 1 { take() }
      if step % 3 == 2 {
        let snapshot = snapshot(&records, handingOver: false)
        #expect(snapshot.rows.map { $0[0] } == (0..<next).map { "line \($0)" })
      }
    }
    take()
    #expect(taken == (0..<next).map { "line \($0)" })
    #expect(records.count == next)
    let last = snapshot(&records, handingOver: true)
    #expect(last.count == next)
    #expect(last.attributes == ["text"])
    // Handed over: the reader keeps none, and has nothing more to hand out.
    #expect(snapshot(&records, handingOver: true).count == 0)
    #expect(records.takeUntaken().0.isEmpty)
    #expect(records.count == next)
  }

  @Test func aBatchTakenIsTheOneReadNotACopy() {
    var records = BatchedRecords(attributes: ["text"])
    _ = snapshot(&records, handingOver: false)
    let batch = lines(0..<BatchedRecords.smallBatch)
    records.append(batch)
    let (taken, _) = records.takeUntaken()
    #expect(taken.count == 1)
    #expect(firstValueAddress(taken[0]) == firstValueAddress(batch))
  }

  @Test func smallBatchesJoinTheOneBeforeOnlyUntilItIsTaken() {
    var records = BatchedRecords(attributes: ["text"])
    records.append(lines(0..<2))
    records.append(lines(2..<4))
    let first = records.takeUntaken().0
    #expect(first.map(\.count) == [4])
    records.append(lines(4..<6))
    records.append(lines(6..<8))
    let second = records.takeUntaken()
    #expect(second.0.map(\.count) == [4])
    #expect(second.at == 4)
    // What the searcher took is unchanged by the batches that followed it.
    #expect(first[0].rows.map { $0[0] } == (0..<4).map { "line \($0)" })
  }

  /// The reader goes on while a snapshot is joined outside its lock: the batches read meanwhile
  /// are handed out as usual, are not in that snapshot, and are in the next.
  @Test func readingGoesOnWhileASnapshotIsJoined() {
    var records = BatchedRecords(attributes: ["text"])
    records.append(lines(0..<10_000))
    _ = records.takeUntaken()
    let parts = records.takeSnapshotParts()
    // Read meanwhile: a large batch, then small ones that coalesce while untaken.
    records.append(lines(10_000..<15_000))
    records.append(lines(15_000..<15_003))
    records.append(lines(15_003..<15_010))
    let (meanwhile, at) = records.takeUntaken()
    #expect(at == 10_000)
    #expect(meanwhile.flatMap { $0.rows.map { $0[0] } }.elementsEqual((10_000..<15_010).map { "line \($0)" }))
    let joined = BatchedRecords.join(parts)
    records.snapshotJoined(joined, handingOver: false)
    #expect(joined.rows.map { $0[0] }.elementsEqual((0..<10_000).map { "line \($0)" }))
    records.append(lines(15_010..<15_020))
    let next = snapshot(&records, handingOver: true)
    #expect(next.count == 15_020)
    #expect(next.rows.map { $0[0] }.elementsEqual((0..<15_020).map { "line \($0)" }))
    #expect(records.count == 15_020)
  }
}
