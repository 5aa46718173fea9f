/// Keeps the `capacity` smallest keys seen, in a max-heap: paging needs only the top
/// `offset + limit`, never a sort of every match.
struct TopK {
  private(set) var heap: [UInt64] = []
  private(set) var capacity: Int
  /// Keys at or below this one are not kept: the next page of a search continues after the last
  /// key of the previous page (search-after) instead of ranking every earlier page again.
  private(set) var floor: UInt64? = nil
  /// Records never kept, sorted (a few dozen at most): their keys are made apart (learned
  /// records, Searcher+Learned.swift), and the heap's room goes to the others.
  private(set) var excluded: [Int] = []

  init(capacity: Int) {
    self.capacity = capacity
    heap.reserveCapacity(capacity)
  }

  mutating func reset(capacity: Int, after floor: UInt64? = nil, excluding excluded: [Int] = []) {
    self.capacity = capacity
    self.floor = floor
    self.excluded = excluded
    heap.removeAll(keepingCapacity: true)
  }

  @inline(__always) mutating func insert(_ key: UInt64) {
    guard capacity > 0 else { return }
    if let floor, key <= floor { return }
    // A key the heap would not keep is not looked up among the excluded: most keys of a large
    // scan are such keys, and the lookup is a binary search.
    if heap.count >= capacity && key >= heap[0] { return }
    if !excluded.isEmpty && isExcluded(key) { return }
    if heap.count < capacity {
      heap.append(key)
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) >> 1
        if heap[parent] >= heap[child] { break }
        heap.swapAt(parent, child)
        child = parent
      }
    } else if key < heap[0] {
      heap[0] = key
      var parent = 0
      let n = heap.count
      while true {
        let left = 2 * parent + 1
        if left >= n { break }
        let right = left + 1
        let larger = right < n && heap[right] > heap[left] ? right : left
        if heap[parent] >= heap[larger] { break }
        heap.swapAt(parent, larger)
        parent = larger
      }
    }
  }

  private func isExcluded(_ key: UInt64) -> Bool { excluded.sortedContains(RankingRule.record(key)) }

  var isFull: Bool { capacity > 0 && heap.count >= capacity }
  /// The largest kept key (valid when not empty).
  var maximum: UInt64 { heap[0] }

  /// The kept keys, smallest first.
  func sorted() -> [UInt64] { heap.sorted() }
}
