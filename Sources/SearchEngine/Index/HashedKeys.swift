/// Records found by a key (a folded title, an objectID) through the key's hash: the records sorted
/// by the top 32 bits of their key's 64-bit `byteHash`, then by record, searched with a binary
/// search that hashes the key of each record it probes.
///
/// Only the records are kept, not their hashes: a lookup hashes about log2(n) keys again (23 at
/// ten million records, a line of text each, well under 20 µs), where the kept hashes cost 4
/// bytes a record on each of the two tables (80 MB at ten million lines, held for the index's
/// life). Lookups are few: a page's exact-name row, a check, a pick. The caller compares the keys
/// themselves, so the 32 bits only have to narrow the search: among 3 million keys a lookup meets
/// a record of another key once in about 1,400 (3M / 2^32), for one comparison of keys; and a
/// pair sorts as one 64-bit integer (the hash above the record) while the table is made.
struct HashedKeys: Sendable {
  let records: Column<UInt32>

  init(records: Column<UInt32>) { self.records = records }

  /// The pair of `record` and a key hashing to `hash`, packed to sort by hash then record.
  @inline(__always) static func entry(hash: UInt64, record: Int) -> UInt64 {
    hash & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(truncatingIfNeeded: record))
  }

  /// The part of a hash the table is ordered by.
  @inline(__always) static func kept(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) }

  /// From `entry(hash:record:)`s, in any order (given up: sorted in place).
  init(packed entries: consuming [UInt64]) {
    var sorted = entries
    sorted.sort()
    records = Column(sorted.map { UInt32(truncatingIfNeeded: $0) })
  }

  /// The records of `documents` by objectID, read in row order (through memory: the ids of
  /// lines are hashed from their values).
  init(objectIDsOf documents: DocumentStore) {
    self.init(
      packed: (0..<documents.count).map { row in
        Self.entry(hash: documents.withObjectID(atRow: row) { byteHash($0) }, record: documents.record(atRow: row))
      })
  }

  /// Calls `body` with each record whose key's hash shares `hash`'s kept bits, in record order;
  /// `hashOf` hashes a record's key as the table was made with it.
  func forEachRecord(withHash hash: UInt64, hashOf: (Int) -> UInt64, _ body: (Int) -> Void) {
    let key = Self.kept(hash)
    @inline(__always) func keyAt(_ i: Int) -> UInt32 { Self.kept(hashOf(Int(records[i]))) }
    var lo = 0
    var hi = records.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if keyAt(mid) < key { lo = mid + 1 } else { hi = mid }
    }
    while lo < records.count && keyAt(lo) == key {
      body(Int(records[lo]))
      lo += 1
    }
  }

  var bytes: Int { records.byteCount }
}

extension DocumentStore {
  /// A title without a key: an empty one, or one longer than is indexed (folded on its start
  /// only, it is never equal to a query). A real title hashing to it loses its exact-match
  /// lookup: one chance in 2^64.
  static let noTitleKey: UInt64 = 0

  /// The hash of a record's folded title (`column`), the key an exact query is looked up by, or
  /// `noTitleKey`. `folded` is scratch, reused across calls. A title is folded on its searched
  /// part only: a 128 MB line is not folded whole.
  func titleKeyHash(_ record: Int, _ column: Int, folded: inout [UInt8]) -> UInt64 {
    foldTitle(record, column, into: &folded)
    let length = withValue(record, column) { $0.count }
    guard !folded.isEmpty && length <= Self.maxIndexedValueBytes else { return Self.noTitleKey }
    return folded.withUnsafeBufferPointer { byteHash($0) }
  }

  /// A record's title (`column`), folded on its searched part, in place of what `folded` held.
  func foldTitle(_ record: Int, _ column: Int, into folded: inout [UInt8]) {
    folded.removeAll(keepingCapacity: true)
    withIndexedValue(record, column) { TextFolding.foldedKey($0, appendingTo: &folded) }
  }
}
