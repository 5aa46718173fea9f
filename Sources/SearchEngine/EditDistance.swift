/// Damerau–Levenshtein distance (optimal string alignment) between short scalar arrays, for
/// highlighting the few hits of a page. The index itself never computes distances term by term:
/// it walks the dictionary (`TermDictionary.fuzzyMatches`).
enum EditDistance {
  /// The distance between `a` and `b`.
  static func distance(_ a: [UInt32], _ b: [UInt32]) -> Int {
    table(a, b).last!.last!
  }

  /// The smallest distance between `word` and a prefix of `term`, and that prefix's length.
  static func prefixDistance(word: [UInt32], term: [UInt32]) -> (distance: Int, prefixLength: Int) {
    let d = table(term, word)
    var best = (Int.max, 0)
    for i in 0...term.count where d[i][word.count] < best.0 { best = (d[i][word.count], i) }
    return best
  }

  /// `d[i][j]`: distance between the first `i` scalars of `a` and the first `j` of `b`.
  private static func table(_ a: [UInt32], _ b: [UInt32]) -> [[Int]] {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    if a.isEmpty || b.isEmpty { return d }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d
  }
}
