/// The sorted dictionary of every folded word in the index, stored as one byte buffer. Sorted order
/// makes a prefix a contiguous range, and lets a typo search walk the dictionary as an implicit trie.
public struct TermDictionary: Sendable {
  let bytes: Column<UInt8>
  /// Term `t` is `bytes[starts[t] ..< starts[t + 1]]`.
  let starts: Column<UInt32>

  init(bytes: Column<UInt8>, starts: Column<UInt32>) {
    self.bytes = bytes
    self.starts = starts
  }

  public var count: Int { starts.count - 1 }

  @inline(__always) private func slice(
    _ all: UnsafeBufferPointer<UInt8>, _ t: Int
  ) -> UnsafeBufferPointer<UInt8> {
    // Safe: term t < count, and starts[t]...starts[t + 1] lie within `bytes` (built or validated so).
    UnsafeBufferPointer(rebasing: all[Int(starts[t])..<Int(starts[t + 1])])
  }

  /// The first term not less than `key`.
  func lowerBound(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    // Safe: only term slices of `bytes` are read, while it is alive.
    bytes.withUnsafeBufferPointer { all in
      var lo = 0
      var hi = count
      while lo < hi {
        let mid = (lo + hi) >> 1
        if compareBytes(slice(all, mid), key) < 0 { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
  }

  /// The id of the term equal to `key`, if any.
  public func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    let i = lowerBound(key)
    guard i < count else { return nil }
    // Safe: i < count was checked; the slice lies within `bytes`.
    let equal = bytes.withUnsafeBufferPointer { compareBytes(slice($0, i), key) == 0 }
    return equal ? i : nil
  }

  /// The ids of the terms that start with `prefix`: a contiguous range in sorted order.
  public func prefixRange(_ prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    let lo = lowerBound(prefix)
    // Safe: only term slices of `bytes` are read, while it is alive.
    return bytes.withUnsafeBufferPointer { all in
      var a = lo
      var b = count
      while a < b {
        let mid = (a + b) >> 1
        if hasPrefix(slice(all, mid), prefix) { a = mid + 1 } else { b = mid }
      }
      return lo..<a
    }
  }

  @inline(__always) private func hasPrefix(
    _ term: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard term.count >= prefix.count else { return false }
    for i in 0..<prefix.count where term[i] != prefix[i] { return false }
    return true
  }

  /// Calls `visit` for every term that contains `needle` somewhere after its first byte (matches at
  /// the start are prefixes, found by `prefixRange`). A linear scan of the dictionary's bytes.
  /// With `among` (sorted term ids), only those terms are looked at: when the needle grew from
  /// one that matched them, the terms containing it are among them.
  func forEachTermContaining(_ needle: UnsafeBufferPointer<UInt8>, among: [Int32]? = nil, _ visit: (Int) -> Void) {
    guard needle.count > 0 else { return }
    // Safe: only term slices of `bytes` are read, while it is alive.
    bytes.withUnsafeBufferPointer { all in
      let first = needle[0]
      func check(_ t: Int) {
        let start = Int(starts[t])
        let end = Int(starts[t + 1])
        guard end - start > needle.count else { return }
        var i = start + 1
        let last = end - needle.count
        while i <= last {
          if all[i] == first {
            var k = 1
            while k < needle.count && all[i + k] == needle[k] { k += 1 }
            if k == needle.count {
              visit(t)
              return
            }
          }
          i += 1
        }
      }
      if let among {
        for t in among { check(Int(t)) }
      } else {
        for t in 0..<count { check(t) }
      }
    }
  }

  /// Walks the dictionary as a trie with a Damerau–Levenshtein row per depth, and reports the term
  /// ranges within `maxTypos` edits of `word` (a missing, extra, substituted or swapped letter each
  /// count one). With `prefix`, a term matches when one of its prefixes is within reach, and a whole
  /// subtree is reported at once. Branches whose best cell exceeds the budget are cut, so the walk
  /// visits a few thousand nodes, not the dictionary.
  /// `visit` is told whether the terms match as whole words (`whole`) or only by a prefix.
  /// With `roots`, the walk enters only the root branches of those first letters (a word's first
  /// letter, and its second for a swap of the two): far fewer nodes for two-typo words.
  ///
  /// `within`, sorted disjoint term ranges, restricts the walk to them: when a word grows by a
  /// letter with the same budget, its matches are a subset of the shorter word's, so the walk
  /// re-enters only the branches that matched before (fzf's cache, applied to the dictionary).
  func fuzzyMatches(
    word: [UInt32], maxTypos: Int, prefix: Bool, roots: [UInt32]? = nil,
    within: [Range<Int>]? = nil,
    _ visit: (_ terms: Range<Int>, _ typos: Int, _ whole: Bool) -> Void
  ) {
    let n = word.count
    guard n > 0, count > 0 else { return }
    let width = n + 1
    let maxDepth = n + maxTypos + 1
    var rows = [Int](repeating: 0, count: width * (maxDepth + 1))
    for j in 0...n { rows[j] = j }
    var scalarsOnPath = [UInt32](repeating: 0, count: maxDepth + 1)

    // Safe: `rows` has a row per depth the walk can reach (bounded by the longest word); term slices lie within `bytes`.
    bytes.withUnsafeBufferPointer { all in
      rows.withUnsafeMutableBufferPointer { rows in
        func walk(lo: Int, hi: Int, byteDepth: Int, level: Int, best: Int) {
          let row = level * width
          let lastCell = rows[row + n]
          var rowMin = Int.max
          for j in 0...n where rows[row + j] < rowMin { rowMin = rows[row + j] }
          let firstIsNode = Int(starts[lo + 1]) - Int(starts[lo]) == byteDepth
          var bestHere = best
          if prefix {
            bestHere = min(best, lastCell)
            // The term ending at this node matches as a whole word when its own distance is the best.
            let nodeWhole = firstIsNode && lastCell == bestHere
            let rest = firstIsNode ? lo + 1 : lo
            if bestHere <= maxTypos && (bestHere == 0 || rowMin >= bestHere || rowMin > maxTypos) {
              if firstIsNode { visit(lo..<(lo + 1), bestHere, nodeWhole) }
              if rest < hi { visit(rest..<hi, bestHere, false) }
              return
            }
            if rowMin > maxTypos { return }
            if firstIsNode && bestHere <= maxTypos { visit(lo..<(lo + 1), bestHere, nodeWhole) }
          } else {
            if firstIsNode && lastCell <= maxTypos { visit(lo..<(lo + 1), lastCell, true) }
            if rowMin > maxTypos { return }
          }
          if level + 1 > maxDepth { return }
          var i = firstIsNode ? lo + 1 : lo
          while i < hi {
            let termStart = Int(starts[i])
            let at = termStart + byteDepth
            let (scalar, length) = UTF8.decode(all, at: at)
            // The group of terms continuing with this same scalar is contiguous: find its end.
            var a = i + 1
            var b = hi
            while a < b {
              let mid = (a + b) >> 1
              let s = Int(starts[mid]) + byteDepth
              var same = Int(starts[mid + 1]) >= s + length
              if same {
                for k in 0..<length where all[s + k] != all[at + k] {
                  same = false
                  break
                }
              }
              if same { a = mid + 1 } else { b = mid }
            }
            let groupEnd = a
            if level == 0, let roots, !roots.contains(scalar) {
              i = groupEnd
              continue
            }
            if let within {
              // Skip the group unless it meets one of the allowed ranges.
              var a = 0
              var b = within.count
              while a < b {
                let mid = (a + b) >> 1
                if within[mid].upperBound <= i { a = mid + 1 } else { b = mid }
              }
              if a == within.count || within[a].lowerBound >= groupEnd {
                i = groupEnd
                continue
              }
            }
            // Next DP row.
            let next = (level + 1) * width
            scalarsOnPath[level + 1] = scalar
            rows[next] = level + 1
            for j in 1...n {
              let cost = word[j - 1] == scalar ? 0 : 1
              var v = min(rows[row + j] + 1, rows[next + j - 1] + 1, rows[row + j - 1] + cost)
              if level >= 1 && j >= 2 && word[j - 1] == scalarsOnPath[level]
                && word[j - 2] == scalar
              {
                v = min(v, rows[(level - 1) * width + j - 2] + 1)
              }
              rows[next + j] = v
            }
            walk(lo: i, hi: groupEnd, byteDepth: byteDepth + length, level: level + 1, best: bestHere)
            i = groupEnd
          }
        }
        walk(lo: 0, hi: count, byteDepth: 0, level: 0, best: Int.max)
      }
    }
  }
}
