import Testing

@testable import SearchEngine

@Suite struct HashedKeysTests {
  /// The table keeps no hashes: a lookup hashes the key of each record it probes (`hashOf`).
  func found(_ keys: HashedKeys, _ hash: UInt64, hashes: [Int: UInt64]) -> [Int] {
    var records: [Int] = []
    func hashOf(_ record: Int) -> UInt64 { hashes[record]! }
    keys.forEachRecord(withHash: hash, hashOf: hashOf) { records.append($0) }
    return records
  }

  @Test func aLookupFindsEveryRecordWhoseHashSharesTheKeptBitsInRecordOrder() {
    let a: UInt64 = 0x1234_5678_0000_0001
    let sameTop: UInt64 = 0x1234_5678_FFFF_FFFF  // another key, the same top 32 bits
    let b: UInt64 = 0x1234_5679_0000_0001
    let hashes = [7: b, 9: sameTop, 3: a, 0: a]
    let keys = HashedKeys(packed: hashes.map { HashedKeys.entry(hash: $1, record: $0) })
    // The caller compares the keys themselves: a shared top half only adds a candidate.
    #expect(found(keys, a, hashes: hashes) == [0, 3, 9])
    #expect(found(keys, sameTop, hashes: hashes) == [0, 3, 9])
    #expect(found(keys, b, hashes: hashes) == [7])
    #expect(found(keys, 0x1234_5677_0000_0000, hashes: hashes).isEmpty)
    #expect(found(HashedKeys(packed: []), a, hashes: [:]).isEmpty)
    // Among many keys, every one is found by the hashes the probes compute.
    let many = Dictionary(uniqueKeysWithValues: (0..<10_000).map { ($0, byteHash(Array("key \($0)".utf8))) })
    let table = HashedKeys(packed: many.map { HashedKeys.entry(hash: $1, record: $0) })
    for record in stride(from: 0, to: 10_000, by: 37) {
      #expect(found(table, many[record]!, hashes: many).contains(record))
    }
  }

  @Test func titlesAndObjectIDsAreFoundAmongManyRecords() {
    let names = (0..<5_000).map { "item \($0)" } + ["Crème Brûlée", "item 42"]
    for customRanking in [[], [CustomRanking.descending("popularity")]] {
      let index = makeIndex(names.map { ["name": $0, "popularity": "1"] }, customRanking: customRanking)
      #expect(index.records(titled: "  creme brulee ").count == 1)
      #expect(index.records(titled: "ITEM 42").count == 2)
      #expect(index.records(titled: "item 5000").isEmpty)
      for record in [0, 1_234, 5_001] {
        #expect(index.record(objectID: index.documents.objectID(record)) == record)
      }
      #expect(index.record(objectID: "no such id") == nil)
      // Without custom ranking no value is kept, and every record's is 0.
      #expect(index.primaryCustomValue(17) == (customRanking.isEmpty ? 0 : 1))
      #expect(index.primaryCustomValue.isEmpty == customRanking.isEmpty)
    }
  }
}

@Suite struct PrefixGroupTests {
  /// Every one- to three-character prefix of every term finds its group from the first term of its
  /// range, and the group holds exactly the records of the range's terms, each once, at its best
  /// place — whether stored or read from its one term's postings.
  @Test func eachPrefixFindsTheGroupOfItsTerms() {
    var names = [
      "a", "ab", "abc", "abd", "abd x", "b", "ba", "été", "étés", "été b", "ü", "日本語", "日本", "zz", "a zz", "q qq",
    ]
    // Groups merged both ways: `fill…` over a thousand records (a bitmap), `rare…` two records
    // 1,100 apart (sorted).
    names += (0..<1_200).map { i in (i == 7 || i == 1_107 ? "rare\(i % 3)" : "fill\(i % 5)") + " ff\(i % 7)" }
    // In input order (by popularity): the rare records stay 1,100 apart.
    let index = makeIndex(
      names.enumerated().map { ["name": $1, "description": $1 == "q qq" ? "qq" : "", "popularity": "\(9_999 - $0)"] })
    let terms = index.terms
    for t in 0..<terms.count {
      let term = Array(terms.bytes[Int(terms.starts[t])..<Int(terms.starts[t + 1])])
      let scalars = Array(String(decoding: term, as: UTF8.self).unicodeScalars)
      for length in 1...min(3, scalars.count) {
        let prefix = Array(String(String.UnicodeScalarView(scalars.prefix(length))).utf8)
        let range = prefix.withUnsafeBufferPointer { terms.prefixRange($0) }
        let groups = index.shortPrefixes[length - 1]
        guard let group = groups.group(startingAt: range.lowerBound) else {
          Issue.record("no group for \(String(decoding: prefix, as: UTF8.self))")
          continue
        }
        var expected: [UInt32: UInt16] = [:]
        for u in range {
          for p in index.postingRange(u) {
            expected[index.postingRecords[p]] = min(expected[index.postingRecords[p]] ?? .max, index.postingPlaces[p])
          }
        }
        let list = index.groupList(level: length - 1, group: group)
        var held: [(UInt32, UInt16)] = []
        var p = list.range.lowerBound
        while p < list.range.upperBound {
          let (record, place) = list.entry(at: &p)
          held.append((UInt32(record), place))
        }
        #expect(held.map(\.0) == held.map(\.0).sorted())
        #expect(held.count == expected.count && list.recordCount == expected.count)
        #expect(Dictionary(held, uniquingKeysWith: { a, _ in a }) == expected)
      }
    }
    // A group of one term is that term's postings, not stored again (`ü`, `zz`; `qq` too, though its
    // record holds it twice: two entries, one record); a group of several terms is stored (`a`, `q`).
    func stored(_ prefix: String, _ level: Int) -> Bool {
      let first = Array(prefix.utf8).withUnsafeBufferPointer { terms.prefixRange($0) }.lowerBound
      let group = index.shortPrefixes[level].group(startingAt: first)!
      return index.shortPrefixes[level].groupStart[group] < index.shortPrefixes[level].groupStart[group + 1]
    }
    #expect(!stored("ü", 0))
    #expect(!stored("zz", 1))
    #expect(!stored("qq", 1))
    #expect(stored("a", 0))
    #expect(stored("q", 0))
    // A term that no group starts at (inside a range, or too short for the level) finds none.
    let abc = Array("abc".utf8).withUnsafeBufferPointer { terms.find($0) }!
    #expect(index.shortPrefixes[0].group(startingAt: abc) == nil)
    let a = Array("a".utf8).withUnsafeBufferPointer { terms.find($0) }!
    #expect(index.shortPrefixes[1].group(startingAt: a) == nil)
  }

  /// A one-word prefix group read from the word's postings: a record holding the word in two
  /// attributes is one hit, counted once, however the search goes (scanned or evaluated whole).
  @Test func aRecordHoldingTheWordTwiceIsOneHit() {
    let rows = (0..<40).map { i in
      ["name": "qq w\(i)", "description": i % 3 == 0 ? "x qq" : "", "id": "r\(i)", "popularity": "\(i)"]
    }
    let index = makeIndex(rows + [["name": "zz", "id": "z"]])
    for query in ["q", "qq"] {
      var seen: [String] = []
      for (exhaustive, tiered) in exhaustiveAndTieredPages(index, query, pages: 5, hitsPerPage: 10) {
        #expect(exhaustive.nbHits == 40 && tiered.nbHits == 40, "\(query)")
        #expect(exhaustive.hits.map(\.objectID) == tiered.hits.map(\.objectID), "\(query)")
        seen += tiered.hits.map(\.objectID)
      }
      #expect(seen.count == 40 && Set(seen).count == 40, "\(query)")
      // With a filter every record is looked at and counted (no early stop).
      var everyRecord = RecordFilter(recordCount: index.count, all: false)
      for record in 0..<index.count { everyRecord.insert(record) }
      let tiered = Searcher(index: index)
      tiered.tieringThreshold = 0
      #expect(tiered.search(SearchRequest(query: query, hitsPerPage: 10, filter: everyRecord)).nbHits == 40, "\(query)")
    }
  }
}
