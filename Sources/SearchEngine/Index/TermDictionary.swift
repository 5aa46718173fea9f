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
      partitionPoint(0..<count) { compareBytes(slice(all, $0), key) >= 0 }
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
      lo..<partitionPoint(lo..<count) { !hasPrefix(slice(all, $0), prefix) }
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
    // (`among` came from this dictionary, and the substring lists' ids are checked below `count` here).
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
      // A list's bytes bound its terms from above.
      if let among, among.count <= listed.count {
        for t in among { check(Int(t)) }
      } else {
        let count = self.count
        substrings.forEachTerm(in: listed) { t in
          if t >= 0 && t < count { check(t) }
        }
      }
    }
  }

  /// Reports the term ranges within `maxTypos` typos of `word`, counted as `BoundedDistance.typos`
  /// counts them: a missing, extra, substituted or swapped letter each count one, and one more when
  /// the term does not start with the word's first letter (a typo on the first letter counts two).
  /// So the terms of the word's own first letter are walked with the whole budget, the others — on
  /// either side of them, in term order — with one less and reported one dearer: a one-typo word's
  /// walk stays in its first letter's branch. See `walk` for the arguments.
  func fuzzyMatches(
    word: [UInt32], maxTypos: Int, prefix: Bool, roots: [UInt32]? = nil,
    within: [Range<Int>]? = nil, jumps: Bool = true,
    _ visit: (_ terms: Range<Int>, _ typos: Int, _ whole: Bool) -> Void
  ) {
    guard let first = word.first, count > 0 else { return }
    var firstBytes: [UInt8] = []
    if let scalar = Unicode.Scalar(first) { UTF8.encode(scalar) { firstBytes.append($0) } }
    // Safe: the buffer is used only inside the closure, while `firstBytes` is alive.
    let own = firstBytes.withUnsafeBufferPointer { prefixRange($0) }
    // A term of another first letter is a typo already: it needs a budget of two.
    let others = maxTypos >= 2 ? roots?.filter { $0 != first } : []
    func walkOthers(in part: Range<Int>) {
      guard others?.isEmpty != true else { return }
      let allowed = clamp(within, to: part)
      guard !allowed.isEmpty else { return }
      walk(word, maxTypos - 1, prefix, others, allowed, jumps) { visit($0, $1 + 1, $2) }
    }
    walkOthers(in: 0..<own.lowerBound)
    if roots?.contains(first) ?? true {
      // The root is the first letter's alone: no other branch is entered.
      walk(word, maxTypos, prefix, [first], within, jumps, visit)
    }
    walkOthers(in: own.upperBound..<count)
  }

  /// `within` (or every term) within `part`.
  private func clamp(_ within: [Range<Int>]?, to part: Range<Int>) -> [Range<Int>] {
    (within ?? [0..<count]).compactMap { range in
      let clamped = range.clamped(to: part)
      return clamped.isEmpty ? nil : clamped
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
  private func walk(
    _ word: [UInt32], _ maxTypos: Int, _ prefix: Bool, _ roots: [UInt32]?, _ within: [Range<Int>]?, _ jumps: Bool,
    _ visit: (_ terms: Range<Int>, _ typos: Int, _ whole: Bool) -> Void
  ) {
    let n = word.count
    guard n > 0, count > 0 else { return }
    let maxDepth = n + maxTypos + 1
    var rows = [Int](repeating: 0, count: (n + 1) * (maxDepth + 1))
    for j in 0...n { rows[j] = j }
    // The letters a node jumps to, per level (one per diagonal cell, or the roots), and after
    // them the letter of each level on the current path (for swaps).
    let lettersPerLevel = max(n, roots?.count ?? 0)
    var letters = [UInt32](repeating: 0, count: lettersPerLevel * (maxDepth + 1) + maxDepth + 1)
    // Safe: `rows` and `letters` have a region per depth the walk can reach (bounded by the longest
    // word); term slices lie within `bytes`, and every term below a node has a letter at its depth.
    bytes.withUnsafeBufferPointer { all in
      rows.withUnsafeMutableBufferPointer { rows in
        letters.withUnsafeMutableBufferPointer { letters in
          withoutActuallyEscaping(visit) { visit in
            var walk = DictionaryWalk(
              all: all, starts: starts, word: word, maxTypos: maxTypos, prefix: prefix, roots: roots, within: within,
              jumps: jumps, rows: rows, letters: letters, lettersPerLevel: lettersPerLevel, visit: visit)
            walk.walk(lo: 0, hi: count, byteDepth: 0, level: 0, best: Int.max)
          }
        }
      }
    }
  }
}

/// The index of the first element of `range` for which `isAfter` holds, `isAfter` being false
/// then true across the range (the end when it never holds): the one binary search of the
/// dictionary.
@inline(__always) func partitionPoint(_ range: Range<Int>, _ isAfter: (Int) -> Bool) -> Int {
  var a = range.lowerBound
  var b = range.upperBound
  while a < b {
    let mid = (a + b) >> 1
    if isAfter(mid) { b = mid } else { a = mid + 1 }
  }
  return a
}

/// One typo walk of the dictionary (`TermDictionary.fuzzyMatches`): the request, the Damerau–
/// Levenshtein row of each depth and the letters of the path, over the dictionary's bytes.
private struct DictionaryWalk {
  let all: UnsafeBufferPointer<UInt8>
  let starts: Column<UInt32>
  let word: [UInt32]
  let n: Int
  let width: Int
  let maxDepth: Int
  let maxTypos: Int
  let prefix: Bool
  let roots: [UInt32]?
  let within: [Range<Int>]?
  let jumps: Bool
  let rows: UnsafeMutableBufferPointer<Int>
  let letters: UnsafeMutableBufferPointer<UInt32>
  let lettersPerLevel: Int
  /// Where the path's letters start in `letters`.
  let pathStart: Int
  let visit: (_ terms: Range<Int>, _ typos: Int, _ whole: Bool) -> Void

  init(
    all: UnsafeBufferPointer<UInt8>, starts: Column<UInt32>, word: [UInt32], maxTypos: Int, prefix: Bool,
    roots: [UInt32]?, within: [Range<Int>]?, jumps: Bool, rows: UnsafeMutableBufferPointer<Int>,
    letters: UnsafeMutableBufferPointer<UInt32>, lettersPerLevel: Int,
    visit: @escaping (_ terms: Range<Int>, _ typos: Int, _ whole: Bool) -> Void
  ) {
    self.all = all
    self.starts = starts
    self.word = word
    n = word.count
    width = n + 1
    maxDepth = n + maxTypos + 1
    self.maxTypos = maxTypos
    self.prefix = prefix
    self.roots = roots
    self.within = within
    self.jumps = jumps
    self.rows = rows
    self.letters = letters
    self.lettersPerLevel = lettersPerLevel
    pathStart = lettersPerLevel * (maxDepth + 1)
    self.visit = visit
  }

  /// The first letter of term `t` after its first `byteDepth` bytes.
  @inline(__always) func letter(_ t: Int, _ byteDepth: Int) -> (UInt32, Int) {
    UTF8.decode(all, at: Int(starts[t]) + byteDepth)
  }

  /// The node of terms `lo ..< hi` sharing their first `byteDepth` bytes, whose row is `level`'s:
  /// its matches reported, then its children entered (the few letters worth it, or every one).
  func walk(lo: Int, hi: Int, byteDepth: Int, level: Int, best: Int) {
    guard let bestHere = report(lo: lo, hi: hi, byteDepth: byteDepth, level: level, best: best) else { return }
    if level + 1 > maxDepth { return }
    let firstChild = Int(starts[lo + 1]) - Int(starts[lo]) == byteDepth ? lo + 1 : lo
    guard firstChild < hi else { return }
    let distinct = jumpLetters(level: level, bestHere: bestHere)
    guard distinct >= 0 else {
      return enterEveryChild(firstChild..<hi, byteDepth: byteDepth, level: level, best: bestHere)
    }
    // UTF-8 orders terms by scalar: each letter's group is found by two binary searches.
    let base = level * lettersPerLevel
    var from = firstChild
    for k in 0..<distinct {
      let c = letters[base + k]
      let start = partitionPoint(from..<hi) { letter($0, byteDepth).0 >= c }
      from = partitionPoint(start..<hi) { letter($0, byteDepth).0 > c }
      if start < from {
        enter(start, from, c, letter(start, byteDepth).1, byteDepth: byteDepth, level: level, best: bestHere)
      }
      if from == hi { break }
    }
  }

  /// Reports the node's matches; the best distance on the path so far, or nil when no term below
  /// the node can match (every cell over the budget) or the whole subtree was reported.
  private func report(lo: Int, hi: Int, byteDepth: Int, level: Int, best: Int) -> Int? {
    let row = level * width
    let lastCell = rows[row + n]
    var rowMin = Int.max
    for j in 0...n where rows[row + j] < rowMin { rowMin = rows[row + j] }
    let firstIsNode = Int(starts[lo + 1]) - Int(starts[lo]) == byteDepth
    guard prefix else {
      if firstIsNode && lastCell <= maxTypos { visit(lo..<(lo + 1), lastCell, true) }
      return rowMin > maxTypos ? nil : best
    }
    let bestHere = min(best, lastCell)
    // The term ending at this node matches as a whole word when its own distance is the best.
    let nodeWhole = firstIsNode && lastCell == bestHere
    let rest = firstIsNode ? lo + 1 : lo
    if bestHere <= maxTypos && (bestHere == 0 || rowMin >= bestHere || rowMin > maxTypos) {
      if firstIsNode { visit(lo..<(lo + 1), bestHere, nodeWhole) }
      if rest < hi { visit(rest..<hi, bestHere, false) }
      return nil
    }
    if rowMin > maxTypos { return nil }
    if firstIsNode && bestHere <= maxTypos { visit(lo..<(lo + 1), bestHere, nodeWhole) }
    return bestHere
  }

  /// The letters worth a lookup below a node of `level`, ascending and distinct, in its region
  /// of `letters`: their count, or -1 to list every child.
  private func jumpLetters(level: Int, bestHere: Int) -> Int {
    let base = level * lettersPerLevel
    var count = 0
    if level == 0, let roots {
      for r in roots {
        letters[base + count] = r
        count += 1
      }
    } else if jumps && (!prefix || bestHere > maxTypos)
      && !mismatchStaysWithin(row: level * width, level: level)
    {
      // A swap's letter needs no entry of its own: a swap completes over a cell one below the
      // budget, which leaves the swapped letter's diagonal cell within it.
      for j in 1...n where rows[level * width + j - 1] <= maxTypos {
        letters[base + count] = word[j - 1]
        count += 1
      }
    } else {
      return -1
    }
    // Ascending and distinct, so that ranges are reported in order (a few letters: insertion sort).
    var distinct = 0
    for k in 0..<count {
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
    return distinct
  }

  /// Every child of a node, group by group (the terms continuing with the same scalar are
  /// contiguous: each group's end is one binary search).
  private func enterEveryChild(_ children: Range<Int>, byteDepth: Int, level: Int, best: Int) {
    var i = children.lowerBound
    while i < children.upperBound {
      let (scalar, length) = letter(i, byteDepth)
      let at = Int(starts[i]) + byteDepth
      let end = partitionPoint((i + 1)..<children.upperBound) { t in
        let s = Int(starts[t]) + byteDepth
        guard Int(starts[t + 1]) >= s + length else { return true }
        for k in 0..<length where all[s + k] != all[at + k] { return true }
        return false
      }
      enter(i, end, scalar, length, byteDepth: byteDepth, level: level, best: best)
      i = end
    }
  }

  /// Computes the row of the child `scalar` (terms `i ..< end`) and walks into it.
  private func enter(_ i: Int, _ end: Int, _ scalar: UInt32, _ length: Int, byteDepth: Int, level: Int, best: Int) {
    if let within {
      // Skip the group unless it meets one of the allowed ranges.
      let a = partitionPoint(0..<within.count) { within[$0].upperBound > i }
      if a == within.count || within[a].lowerBound >= end { return }
    }
    let row = level * width
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
    walk(lo: i, hi: end, byteDepth: byteDepth + length, level: level + 1, best: best)
  }

  /// Whether a child whose letter matches nothing in the word (every step costs one, no swap)
  /// would keep a cell within the budget. When it would not, only the word's own letters are
  /// worth entering.
  @inline(__always) private func mismatchStaysWithin(row: Int, level: Int) -> Bool {
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
