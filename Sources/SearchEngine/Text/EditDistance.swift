/// Damerau–Levenshtein (optimal string alignment) against one term, with reused buffers: the
/// highlighter calls it for every word of every hit shown, so it must not allocate.
struct BoundedDistance {
  private var term: [UInt32] = []
  private var rows: [Int] = []

  var termLength: Int { term.count }

  /// A bit per letter and digit (bit 63 for anything else) of ASCII text.
  @inline(__always) static func letterMask<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
    var mask: UInt64 = 0
    for b in bytes { mask |= bit(b) }
    return mask
  }

  @inline(__always) static func bit(_ b: UInt8) -> UInt64 {
    if b >= 0x61 && b <= 0x7A { return 1 << UInt64(b - 0x61) }
    if b >= 0x30 && b <= 0x39 { return 1 << UInt64(b - 0x30 + 26) }
    return 1 << 63
  }

  /// A cheap necessary condition for a match within `budget`: every distinct letter of the word
  /// missing from the term (or from the part a prefix match can use) costs at least one edit.
  @inline(__always) static func mayMatch(
    letters: UInt64, wordLength: Int, term: UnsafeBufferPointer<UInt8>, budget: Int, prefix: Bool
  ) -> Bool {
    var termMask: UInt64 = 1 << 63  // non-ASCII letters are never counted as missing
    let end = prefix ? min(term.count, wordLength + budget) : term.count
    for i in 0..<end { termMask |= bit(term[i]) }
    return (letters & ~termMask).nonzeroBitCount <= budget
  }

  static func mayMatch(word: [UInt8], term: UnsafeBufferPointer<UInt8>, budget: Int, prefix: Bool) -> Bool {
    mayMatch(letters: letterMask(word), wordLength: word.count, term: term, budget: budget, prefix: prefix)
  }

  /// Sets the term (folded UTF-8) the next distances are measured against.
  mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) {
    term.removeAll(keepingCapacity: true)
    var i = 0
    while i < bytes.count {
      let (scalar, length) = UTF8.decode(bytes, at: i)
      term.append(scalar)
      i += length
    }
  }

  /// Rolling rows over the term: `rows[(i % 3) * width + j]` is the distance between the first `i`
  /// term scalars and the first `j` word scalars. Calls `row(i, cell)` after each row.
  private mutating func run(_ word: [UInt32], _ row: (Int, Int) -> Bool) {
    let width = word.count + 1
    if rows.count < 3 * width { rows = [Int](repeating: 0, count: 3 * width) }
    for j in 0..<width { rows[j] = j }
    if !row(0, rows[word.count]) { return }
    guard !term.isEmpty else { return }
    for i in 1...term.count {
      let current = (i % 3) * width
      let previous = ((i - 1) % 3) * width
      let before = ((i + 1) % 3) * width  // row i - 2
      rows[current] = i
      for j in 1..<width {
        let cost = term[i - 1] == word[j - 1] ? 0 : 1
        var v = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
        if i > 1 && j > 1 && term[i - 1] == word[j - 2] && term[i - 2] == word[j - 1] {
          v = min(v, rows[before + j - 2] + 1)
        }
        rows[current + j] = v
      }
      if !row(i, rows[current + word.count]) { return }
    }
  }

  /// The decoded term's first scalar.
  var firstScalar: UInt32? { term.first }

  /// The typos between the term and `word`: the distance, and one more when the term does not
  /// start with the word's first letter — a typo on the first letter counts two, as in
  /// Meilisearch. People rarely get a word's first letter wrong, and a word of another first letter
  /// one edit away is mostly another word (`xbox`: box, `mouse`: house, `tablet`: cablet): a
  /// one-typo word never matches it, a two-typo word does at the cost of both. The dictionary's
  /// walk counts the same (`TermDictionary.fuzzyMatches`), so the index, a scan and the
  /// highlighter agree. Any value above `limit` means "too far".
  mutating func typos(_ word: [UInt32], limit: Int) -> Int {
    let d = distance(word, limit: limit)
    return d > 0 && term.first != word.first ? d + 1 : d
  }

  /// The fewest typos between `word` and a prefix of the term (counted as `typos` counts them),
  /// and that prefix's length.
  mutating func prefixTypos(_ word: [UInt32]) -> (typos: Int, prefixLength: Int) {
    let (d, length) = prefixDistance(word)
    return (d > 0 && term.first != word.first ? d + 1 : d, length)
  }

  /// The distance between the term and `word` (any value above `limit` means "too far").
  mutating func distance(_ word: [UInt32], limit: Int) -> Int {
    if abs(term.count - word.count) > limit { return limit + 1 }
    var last = Int.max
    let n = term.count
    run(word) { i, cell in
      if i == n { last = cell }
      return true
    }
    return last
  }

  /// The smallest distance between `word` and a prefix of the term, and that prefix's length.
  mutating func prefixDistance(_ word: [UInt32]) -> (distance: Int, prefixLength: Int) {
    var best = (Int.max, 0)
    run(word) { i, cell in
      if cell < best.0 { best = (cell, i) }
      return true
    }
    return best
  }
}
