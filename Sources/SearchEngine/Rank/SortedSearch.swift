extension Array where Element == Int {
  /// Whether this array, sorted in ascending order, holds `value` (a binary search).
  @inlinable func sortedContains(_ value: Int) -> Bool {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if self[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low < count && self[low] == value
  }
}
