import SearchEngine
import Testing

@testable import SeekCore

/// The records a pipe's reader keeps while the searcher scans the tail: every line handed out
/// once and in order, every snapshot whole, and a batch the searcher takes shared, not copied.
@Suite struct BatchedRecordsTests {
  func lines(_ range: Range<Int>) -> RecordTable { .numberedLines(range) }

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
        let snapshot = records.snapshot(handingOver: false)
        #expect(snapshot.rows.map { $0[0] } == (0..<next).map { "line \($0)" })
      }
    }
    take()
    #expect(taken == (0..<next).map { "line \($0)" })
    #expect(records.count == next)
    let last = records.snapshot(handingOver: true)
    #expect(last.count == next)
    #expect(last.attributes == ["text"])
    // Handed over: the reader keeps none, and has nothing more to hand out.
    #expect(records.snapshot(handingOver: true).count == 0)
    #expect(records.takeUntaken().0.isEmpty)
    #expect(records.count == next)
  }

  @Test func aBatchTakenIsTheOneReadNotACopy() {
    var records = BatchedRecords(attributes: ["text"])
    _ = records.snapshot(handingOver: false)
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
}
