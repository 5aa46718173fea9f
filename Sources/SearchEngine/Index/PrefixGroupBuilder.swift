/// The prefix postings of one length (1 to 3 letters), made from the postings in term order.
///
/// A group is the terms that start with the same letters: a contiguous range of the sorted
/// dictionary. Its list holds each record of its terms once, at its best place, in record order.
/// It is made from the terms' own lists (each in record order), so the builder needs no copy of
/// the postings in record order: at ten million paths that copy was 770 MB held beside both the
/// term-ordered postings and the groups being made, the build's peak.
///
/// Merging a group's lists, two ways:
/// - a bitmap over the records the group spans: each posting sets its record's bit and keeps its
///   best place; the set bits, read in order, are the list. Linear in the postings and in the span
///   (a word of bits per 64 records).
/// - sorting (record, place) pairs: for a group whose postings are few against its span (a rare
///   start in a large index), where reading the span's bits would cost more than the sort.
/// A group of one term is not made at all: its list is the term's (`SearchIndex.groupList`); only
/// its record count is (a record may hold the word in two attributes).
struct PrefixGroupBuilder {
  let terms: TermDictionary
  let postingStart: [UInt32]
  let records: [UInt32]
  let places: [UInt16]
  /// One bit a record: the records met in the group being merged (cleared as they are read).
  private var seen: [UInt64]
  /// The best place of each record met in the group being merged.
  private var best: [UInt16]
  private var pairs: [UInt64] = []

  init(terms: TermDictionary, postingStart: [UInt32], records: [UInt32], places: [UInt16], recordCount: Int) {
    (self.terms, self.postingStart, self.records, self.places) = (terms, postingStart, records, places)
    seen = [UInt64](repeating: 0, count: (recordCount + 63) / 64)
    best = [UInt16](repeating: 0, count: recordCount)
  }

  /// A group spanning more than this many records per posting is merged by sorting: its bitmap
  /// would be read a 64-bit word per 64 records, more than 4 words a posting, where a sort of the
  /// few postings of a rare start costs about log2 of their number each.
  static let sortAbove = 256

  /// Each multi-term group is merged twice, once to count and once to fill: the lists are then
  /// made at their exact size, where appending would leave up to half their capacity unused
  /// (they are kept for the index's life).
  mutating func build(length: Int) -> PrefixPostings {
    let groups = groupRanges(length: length)
    var recordCounts = [UInt32](repeating: 0, count: groups.count)
    var groupStart = [UInt32](repeating: 0, count: groups.count + 1)
    for (g, range) in groups.enumerated() {
      if range.count == 1 {
        recordCounts[g] = UInt32(distinctRecords(of: range.lowerBound))
      } else {
        var n = 0
        merge(range) { _, _ in n += 1 }
        recordCounts[g] = UInt32(n)
        groupStart[g + 1] = UInt32(n)
      }
    }
    for g in groups.indices { groupStart[g + 1] += groupStart[g] }
    var groupRecords = [UInt32](repeating: 0, count: Int(groupStart[groups.count]))
    var groupPlaces = [UInt16](repeating: 0, count: groupRecords.count)
    for (g, range) in groups.enumerated() where range.count > 1 {
      var slot = Int(groupStart[g])
      merge(range) { record, place in
        groupRecords[slot] = UInt32(record)
        groupPlaces[slot] = place
        slot += 1
      }
    }
    return PrefixPostings(
      groupFirstTerm: Column(groups.map { UInt32($0.lowerBound) }), groupStart: Column(groupStart),
      groupRecordCount: Column(recordCounts), records: Column(groupRecords), places: Column(groupPlaces))
  }

  /// The groups of terms with `length` letters or more: each a range of terms sharing their first
  /// `length` letters (terms shorter than that are in none).
  private func groupRanges(length: Int) -> [Range<Int>] {
    var groups: [Range<Int>] = []
    // Safe: term ranges come from `starts`, which the builder made within `bytes`.
    terms.bytes.withUnsafeBufferPointer { all in
      var previous: Range<Int>? = nil
      for t in 0..<terms.count {
        let start = Int(terms.starts[t])
        let end = Int(terms.starts[t + 1])
        var i = start
        var scalars = 0
        while i < end && scalars < length {
          i += UTF8.sequenceLength(leadByte: all[i])
          scalars += 1
        }
        guard scalars == length else {
          previous = nil
          continue
        }
        let prefix = start..<i
        if let p = previous, p.count == prefix.count, zip(p, prefix).allSatisfy({ all[$0] == all[$1] }),
          let last = groups.last, last.upperBound == t
        {
          groups[groups.count - 1] = last.lowerBound..<(t + 1)
        } else {
          groups.append(t..<(t + 1))
        }
        previous = prefix
      }
    }
    return groups
  }

  /// Records in one term's list (adjacent entries of one record count once).
  private func distinctRecords(of term: Int) -> Int {
    let list = Int(postingStart[term])..<Int(postingStart[term + 1])
    var n = 0
    var last = UInt32.max
    for p in list where records[p] != last {
      last = records[p]
      n += 1
    }
    return n
  }

  /// The records of the terms `range`, each once with its best place, in record order.
  private mutating func merge(_ range: Range<Int>, _ body: (Int, UInt16) -> Void) {
    let first = Int(postingStart[range.lowerBound])
    let end = Int(postingStart[range.upperBound])
    guard first < end else { return }
    var low = UInt32.max
    var high = UInt32(0)
    for t in range where postingStart[t] < postingStart[t + 1] {
      low = min(low, records[Int(postingStart[t])])
      high = max(high, records[Int(postingStart[t + 1]) - 1])
    }
    if Int(high - low) / Self.sortAbove > end - first {
      mergeBySorting(first..<end, body)
    } else {
      mergeByBitmap(first..<end, words: Int(low >> 6)...Int(high >> 6), body)
    }
  }

  private mutating func mergeByBitmap(_ postings: Range<Int>, words: ClosedRange<Int>, _ body: (Int, UInt16) -> Void) {
    for p in postings {
      let record = Int(records[p])
      let bit = UInt64(1) << (record & 63)
      if seen[record >> 6] & bit == 0 {
        seen[record >> 6] |= bit
        best[record] = places[p]
      } else {
        best[record] = min(best[record], places[p])
      }
    }
    for w in words {
      var bits = seen[w]
      guard bits != 0 else { continue }
      seen[w] = 0
      while bits != 0 {
        let record = w << 6 | bits.trailingZeroBitCount
        body(record, best[record])
        bits &= bits - 1
      }
    }
  }

  private mutating func mergeBySorting(_ postings: Range<Int>, _ body: (Int, UInt16) -> Void) {
    pairs.removeAll(keepingCapacity: true)
    for p in postings { pairs.append(UInt64(records[p]) << 16 | UInt64(places[p])) }
    pairs.sort()
    var last = UInt64.max
    for pair in pairs where pair >> 16 != last {
      last = pair >> 16
      body(Int(last), UInt16(truncatingIfNeeded: pair))
    }
  }
}
