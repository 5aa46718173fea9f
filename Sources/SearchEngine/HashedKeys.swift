/// Records found by a key (a folded title, an objectID) through the key's hash: `(hash, record)`
/// pairs sorted by hash then record, as two columns, searched with a binary search. The caller
/// compares the keys themselves, so a hash only has to narrow the search: it keeps the top 32 bits
/// of the 64-bit `byteHash`, and a lookup among 3 million keys meets a record of another key once in
/// about 1,400 lookups (3M / 2^32), for one comparison of keys. That saves 4 bytes a record on
/// each of the two key tables (24 MB on 3 million lines), and lets a pair sort as one 64-bit
/// integer (the hash above the record), with no array of tuples padded to 16 bytes.
struct HashedKeys: Sendable {
  let hashes: Column<UInt32>
  let records: Column<UInt32>

  init(hashes: Column<UInt32>, records: Column<UInt32>) {
    self.hashes = hashes
    self.records = records
  }

  /// The pair of `record` and a key hashing to `hash`, packed to sort by hash then record.
  @inline(__always) static func entry(hash: UInt64, record: Int) -> UInt64 {
    hash & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(truncatingIfNeeded: record))
  }

  /// From `entry(hash:record:)`s, in any order (given up: sorted in place).
  init(packed entries: consuming [UInt64]) {
    var sorted = entries
    sorted.sort()
    hashes = Column(sorted.map { UInt32(truncatingIfNeeded: $0 >> 32) })
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

  func forEachRecord(withHash hash: UInt64, _ body: (Int) -> Void) {
    let key = UInt32(truncatingIfNeeded: hash >> 32)
    var lo = 0
    var hi = hashes.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if hashes[mid] < key { lo = mid + 1 } else { hi = mid }
    }
    while lo < hashes.count && hashes[lo] == key {
      body(Int(records[lo]))
      lo += 1
    }
  }

  var bytes: Int { hashes.byteCount + records.byteCount }
}
