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

  /// Calls `visit`, in ascending order, for every term that contains `needle` somewhere after its
  /// first byte (matches at the start are prefixes, found by `prefixRange`). Only candidates are
  /// read: `among` (sorted term ids) when the needle grew from one that matched them, or the terms
  /// of the needle's rarest trigram in `substrings`, whichever is fewer; a needle shorter than a
  /// trigram is looked for in every term.
  func forEachTermContaining(
    _ needle: UnsafeBufferPointer<UInt8>, among: [Int32]? = nil, substrings: SubstringIndex,
    _ visit: (Int) -> Void
  ) {
    guard needle.count > 0 else { return }
    // Safe: only term slices of `bytes` are read, while it is alive; candidate ids are terms
    // (`among` came from this dictionary, and the substring index's ids are checked below `count`).
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
      guard needle.count >= 3 else {
        if let among {
          for t in among { check(Int(t)) }
        } else {
          for t in 0..<count { check(t) }
        }
        return
      }
      let listed = substrings.candidates(needle)
      if let among, among.count <= listed.count {
        for t in among { check(Int(t)) }
      } else {
        for k in listed { check(Int(substrings.terms[k])) }
      }
    }
  }

  /// Walks the dictionary as a trie with a Damerau–Levenshtein row per depth, and reports the term
  /// ranges within `maxTypos` edits of `word` (a missing, extra, substituted or swapped letter each
  /// count one). With `prefix`, a term matches when one of its prefixes is within reach, and a whole
  /// subtree is reported at once. Branches whose best cell exceeds the budget are cut.
  /// `visit` is told whether the terms match as whole words (`whole`) or only by a prefix, and is
  /// called in ascending term order.
  ///
  /// Most nodes the walk enters have used up their budget on every path but a few: below them, a
  /// letter can keep a path alive only by matching the word (a cell on the row's diagonal within
  /// budget) or by completing a swap. When the row a *mismatching* letter would give is over the
  /// budget, the walk does not list the node's children — a binary search each, dozens at the
  /// upper levels — but looks up just those few letters (`jumps`). This keeps a one-typo walk of a
  /// 150,000-term dictionary near a thousand lookups instead of tens of thousands.
  ///
  /// With `roots`, the walk enters only the root branches of those first letters (a word's first
  /// letter, and its second for a swap of the two): far fewer nodes for two-typo words.
  /// `within`, sorted disjoint term ranges, restricts the walk to them: when a word grows by a
  /// letter with the same budget, its matches are a subset of the shorter word's, so the walk
  /// re-enters only the branches that matched before (fzf's cache, applied to the dictionary).
  func fuzzyMatches(
    word: [UInt32], maxTypos: Int, prefix: Bool, roots: [UInt32]? = nil,
    within: [Range<Int>]? = nil, jumps: Bool = true,
    _ visit: (_ terms: Range<Int>, _ typos: Int, _ whole: Bool) -> Void
  ) {
    let n = word.count
    guard n > 0, count > 0 else { return }
    let width = n + 1
    let maxDepth = n + maxTypos + 1
    var rows = [Int](repeating: 0, count: width * (maxDepth + 1))
    for j in 0...n { rows[j] = j }
    // The letters a node jumps to, per level (one per diagonal cell, or the roots), and after
    // them the letter of each level on the current path (for swaps).
    let lettersPerLevel = max(n, roots?.count ?? 0)
    let pathStart = lettersPerLevel * (maxDepth + 1)
    var letters = [UInt32](repeating: 0, count: pathStart + maxDepth + 1)

    // Safe: `rows` and `letters` have a region per depth the walk can reach (bounded by the longest
    // word); term slices lie within `bytes`, and every term below a node has a letter at its depth.
    bytes.withUnsafeBufferPointer { all in
      rows.withUnsafeMutableBufferPointer { rows in
        letters.withUnsafeMutableBufferPointer { letters in
          /// The first letter of term `t` after its first `byteDepth` bytes.
          @inline(__always) func letter(_ t: Int, _ byteDepth: Int) -> (UInt32, Int) {
            UTF8.decode(all, at: Int(starts[t]) + byteDepth)
          }

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
            let firstChild = firstIsNode ? lo + 1 : lo
            guard firstChild < hi else { return }

            /// Computes the row of the child `scalar` (terms `i ..< end`) and walks into it.
            func enter(_ i: Int, _ end: Int, _ scalar: UInt32, _ length: Int) {
              if let within {
                // Skip the group unless it meets one of the allowed ranges.
                var a = 0
                var b = within.count
                while a < b {
                  let mid = (a + b) >> 1
                  if within[mid].upperBound <= i { a = mid + 1 } else { b = mid }
                }
                if a == within.count || within[a].lowerBound >= end { return }
              }
              let next = (level + 1) * width
              letters[pathStart + level + 1] = scalar
              rows[next] = level + 1
              for j in 1...n {
                let cost = word[j - 1] == scalar ? 0 : 1
                var v = min(rows[row + j] + 1, rows[next + j - 1] + 1, rows[row + j - 1] + cost)
                if level >= 1 && j >= 2 && word[j - 1] == letters[pathStart + level] && word[j - 2] == scalar {
                  v = min(v, rows[(level - 1) * width + j - 2] + 1)
                }
                rows[next + j] = v
              }
              walk(lo: i, hi: end, byteDepth: byteDepth + length, level: level + 1, best: bestHere)
            }

            // The letters worth a lookup, or none to list every child.
            let base = level * lettersPerLevel
            var jumpCount = -1
            if level == 0, let roots {
              jumpCount = 0
              for r in roots {
                letters[base + jumpCount] = r
                jumpCount += 1
              }
            } else if jumps && (!prefix || bestHere > maxTypos)
              && !mismatchStaysWithin(rows, row: row, level: level, n: n, maxTypos: maxTypos)
            {
              // A swap's letter needs no entry of its own: a swap completes over a cell one
              // below the budget, which leaves the swapped letter's diagonal cell within it.
              jumpCount = 0
              for j in 1...n where rows[row + j - 1] <= maxTypos {
                letters[base + jumpCount] = word[j - 1]
                jumpCount += 1
              }
            }
            if jumpCount >= 0 {
              // Ascending and distinct, so that ranges are reported in order (a few letters: insertion sort).
              var distinct = 0
              for k in 0..<jumpCount {
                let c = letters[base + k]
                var at = distinct
                while at > 0 && letters[base + at - 1] > c { at -= 1 }
                if at > 0 && letters[base + at - 1] == c { continue }
                var m = distinct
                while m > at {
                  letters[base + m] = letters[base + m - 1]
                  m -= 1
                }
                letters[base + at] = c
                distinct += 1
              }
              // UTF-8 orders terms by scalar: each letter's group is found by two binary searches.
              var from = firstChild
              for k in 0..<distinct {
                let c = letters[base + k]
                var a = from
                var b = hi
                while a < b {
                  let mid = (a + b) >> 1
                  if letter(mid, byteDepth).0 < c { a = mid + 1 } else { b = mid }
                }
                let start = a
                b = hi
                while a < b {
                  let mid = (a + b) >> 1
                  if letter(mid, byteDepth).0 <= c { a = mid + 1 } else { b = mid }
                }
                from = a
                if start < a { enter(start, a, c, letter(start, byteDepth).1) }
                if from == hi { break }
              }
              return
            }
            var i = firstChild
            while i < hi {
              let (scalar, length) = letter(i, byteDepth)
              let at = Int(starts[i]) + byteDepth
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
              enter(i, a, scalar, length)
              i = a
            }
          }
          walk(lo: 0, hi: count, byteDepth: 0, level: 0, best: Int.max)
        }
      }
    }
  }

  /// Whether a child whose letter matches nothing in the word (every step costs one, no swap)
  /// would keep a cell within the budget. When it would not, only the word's own letters are
  /// worth entering.
  @inline(__always) private func mismatchStaysWithin(
    _ rows: UnsafeMutableBufferPointer<Int>, row: Int, level: Int, n: Int, maxTypos: Int
  ) -> Bool {
    var previous = level + 1
    if previous <= maxTypos { return true }
    for j in 1...n {
      let v = min(rows[row + j] + 1, previous + 1, rows[row + j - 1] + 1)
      if v <= maxTypos { return true }
      previous = v
    }
    return false
  }
}
