/// One word's lists (terms, or a prefix group) merged by record: the records in id order, each
/// with its best slot over every list (place << 1 | not-exact, at cost 0). Kept in the searcher
/// between searches, with its arrays' capacity.
struct RecordStream {
  private var heads: [UInt64] = []
  private var cursors: [Int] = []
  private var ends: [Int] = []
  private var flags: [UInt32] = []
  /// Whether each list is the prefix group's (its own records and places) or the postings'.
  private var inGroup: [Bool] = []
  private var postingRecords = Column<UInt32>()
  private var postingPlaces = Column<UInt16>()
  private var groupRecords = Column<UInt32>()
  private var groupPlaces = Column<UInt16>()
  /// Postings taken so far (skipped ones are not read).
  private(set) var read = 0

  /// The stream of `sources` (those as exact as `exact` only, when given).
  mutating func reset(_ sources: [Searcher.Source], index: SearchIndex, exact: Bool? = nil) {
    heads.removeAll(keepingCapacity: true)
    cursors.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    flags.removeAll(keepingCapacity: true)
    inGroup.removeAll(keepingCapacity: true)
    read = 0
    postingRecords = index.postingRecords
    postingPlaces = index.postingPlaces
    groupRecords = Column()
    groupPlaces = Column()
    for source in sources where exact == nil || source.exact == exact {
      let flag: UInt32 = source.exact ? 0 : 1
      switch source.lists {
      case .terms(let range):
        for term in range { add(index.postingRange(term), flag: flag, group: false) }
      case .prefixGroup(let level, let group):
        let list = index.groupList(level: level, group: group)
        groupRecords = list.records
        groupPlaces = list.places
        add(list.range, flag: flag, group: true)
      }
    }
    MergeHeap.heapify(&heads)
  }

  private mutating func add(_ range: Range<Int>, flag: UInt32, group: Bool) {
    guard !range.isEmpty else { return }
    heads.append(UInt64(record(range.lowerBound, group)) << 32 | UInt64(ends.count))
    cursors.append(range.lowerBound)
    ends.append(range.upperBound)
    flags.append(flag)
    inGroup.append(group)
  }

  @inline(__always) private func record(_ p: Int, _ group: Bool) -> Int {
    Int(group ? groupRecords[p] : postingRecords[p])
  }

  @inline(__always) private func place(_ p: Int, _ group: Bool) -> UInt16 {
    group ? groupPlaces[p] : postingPlaces[p]
  }

  /// The smallest record not yet taken.
  var peek: Int? { heads.first.map { Int($0 >> 32) } }

  /// The best slot of `record` (the smallest record left) over every list, and moves past it.
  mutating func take(_ record: Int) -> UInt32 {
    var best = UInt32.max
    while let head = heads.first, Int(head >> 32) == record {
      let list = Int(head & 0xFFFF_FFFF)
      let group = inGroup[list]
      var p = cursors[list]
      let end = ends[list]
      while p < end && self.record(p, group) == record {
        best = min(best, UInt32(place(p, group)) << 1 | flags[list])
        p += 1
      }
      read += p - cursors[list]
      cursors[list] = p
      advanced(list, to: p)
    }
    return best
  }

  /// Moves every list to its first record at or past `target` (galloping, then binary search).
  mutating func skip(to target: Int) {
    while let head = heads.first, Int(head >> 32) < target {
      let list = Int(head & 0xFFFF_FFFF)
      let group = inGroup[list]
      var lo = cursors[list]
      let end = ends[list]
      var step = 1
      var hi = lo + 1
      while hi < end && record(hi, group) < target {
        lo = hi
        step <<= 1
        hi = min(end, lo + step)
      }
      while lo < hi {
        let mid = (lo + hi) >> 1
        if record(mid, group) < target { lo = mid + 1 } else { hi = mid }
      }
      cursors[list] = lo
      advanced(list, to: lo)
    }
  }

  /// Puts `list`'s new head (at `p`) back in the heap, or drops the list at its end.
  @inline(__always) private mutating func advanced(_ list: Int, to p: Int) {
    if p < ends[list] {
      MergeHeap.replaceFirst(&heads, with: UInt64(record(p, inGroup[list])) << 32 | UInt64(list))
    } else {
      MergeHeap.removeFirst(&heads)
    }
  }
}

/// A binary min-heap kept in an array (the merge's list heads).
enum MergeHeap {
  static func heapify(_ heap: inout [UInt64]) {
    guard heap.count > 1 else { return }
    for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(&heap, from: i) }
  }

  static func replaceFirst(_ heap: inout [UInt64], with value: UInt64) {
    heap[0] = value
    siftDown(&heap, from: 0)
  }

  static func removeFirst(_ heap: inout [UInt64]) {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    siftDown(&heap, from: 0)
  }

  @inline(__always) static func siftDown(_ heap: inout [UInt64], from start: Int) {
    heap.withUnsafeMutableBufferPointer { h in
      let n = h.count
      var i = start
      let value = h[i]
      while true {
        var child = 2 * i + 1
        guard child < n else { break }
        if child + 1 < n && h[child + 1] < h[child] { child += 1 }
        guard h[child] < value else { break }
        h[i] = h[child]
        i = child
      }
      h[i] = value
    }
  }
}
