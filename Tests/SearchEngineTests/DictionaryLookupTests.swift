import Testing

@testable import SearchEngine

/// The dictionary's shortcuts — the typo walk's jumps to the word's own letters, and the trigram
/// lists of substring lookups — must find exactly what the plain ways find.
@Suite struct DictionaryLookupTests {
  /// A few thousand random words over a small alphabet (with two-byte letters), so that typo
  /// neighbours and shared substrings abound.
  static let terms: TermDictionary = {
    var random = SeededNumbers(seed: 7)
    let letters = ["a", "b", "c", "d", "e", "r", "s", "t", "é", "ß"]
    let rows: [[String: String]] = (0..<2500).map { _ in
      let name = (0..<(1 + random.next(9))).map { _ in letters[random.next(letters.count)] }.joined()
      return ["name": name]
    }
    return makeIndex(rows, searchable: ["name"], substring: true).terms
  }()

  static let words: [[UInt32]] = {
    var random = SeededNumbers(seed: 11)
    let letters: [Unicode.Scalar] = ["a", "b", "c", "d", "e", "r", "s", "t", "é", "ß", "x"]
    return (0..<300).map { _ in (0..<(1 + random.next(10))).map { _ in letters[random.next(letters.count)].value } }
  }()

  struct Visit: Equatable, CustomStringConvertible {
    var terms: Range<Int>
    var typos: Int
    var whole: Bool
    var description: String { "\(terms) \(typos) \(whole)" }
  }

  func walk(_ word: [UInt32], typos: Int, prefix: Bool, roots: Bool, jumps: Bool) -> [Visit] {
    var out: [Visit] = []
    Self.terms.fuzzyMatches(
      word: word, maxTypos: typos, prefix: prefix, roots: roots ? Array(word.prefix(2)) : nil, jumps: jumps
    ) { out.append(Visit(terms: $0, typos: $1, whole: $2)) }
    return out
  }

  @Test(arguments: [(1, false), (1, true), (2, false), (2, true)])
  func jumpsFindWhatListingEveryChildFinds(typos: Int, prefix: Bool) {
    var found = 0
    for word in Self.words {
      for roots in [false, true] {
        let listed = walk(word, typos: typos, prefix: prefix, roots: roots, jumps: false)
        let jumped = walk(word, typos: typos, prefix: prefix, roots: roots, jumps: true)
        #expect(jumped == listed, "\(word) typos \(typos) prefix \(prefix) roots \(roots)")
        found += listed.filter { $0.typos > 0 }.count
      }
    }
    #expect(found > 1000)
  }

  @Test(arguments: [1, 2]) func wholeWordsWithinTheBudgetAreExactlyThoseWithThatManyTypos(budget: Int) {
    let dictionary = Self.terms
    var otherFirstLetters = 0
    for word in Self.words.prefix(120) {
      var found: [Int: Int] = [:]
      dictionary.fuzzyMatches(word: word, maxTypos: budget, prefix: false) { range, typos, _ in
        for t in range { found[t] = typos }
      }
      for t in 0..<dictionary.count {
        let term = Array(termText(dictionary, t).unicodeScalars.map(\.value))
        let typos = Self.typos(word, term)
        #expect(found[t] == (typos <= budget ? typos : nil), "\(word) vs \(termText(dictionary, t))")
        if found[t] != nil && term.first != word.first { otherFirstLetters += 1 }
      }
    }
    // A two-typo word finds words of another first letter (at two typos), a one-typo word none.
    #expect(budget == 1 ? otherFirstLetters == 0 : otherFirstLetters > 50)
  }

  /// As a prefix, a term matches with the fewest typos of any of its prefixes.
  @Test func prefixesWithinTheBudgetAreExactlyThoseWithThatManyTypos() {
    let dictionary = Self.terms
    for word in Self.words.prefix(80) {
      var found: [Int: Int] = [:]
      dictionary.fuzzyMatches(word: word, maxTypos: 2, prefix: true) { range, typos, _ in
        for t in range { found[t] = typos }
      }
      for t in 0..<dictionary.count {
        let term = Array(termText(dictionary, t).unicodeScalars.map(\.value))
        let typos = (1...term.count).map { Self.typos(word, Array(term.prefix($0))) }.min() ?? Int.max
        #expect(found[t] == (typos <= 2 ? typos : nil), "\(word) vs \(termText(dictionary, t))")
      }
    }
  }

  /// The distance, and one more for a term of another first letter (`BoundedDistance.typos`).
  static func typos(_ word: [UInt32], _ term: [UInt32]) -> Int {
    let distance = restrictedDistance(word, term)
    return distance > 0 && word.first != term.first ? distance + 1 : distance
  }

  /// Large dictionaries build their trigram lists by counting, small ones by sorting: the same
  /// lists, a term's repeated trigram (`bababa`) listed once.
  @Test func countedTrigramListsAreTheSortedOnes() {
    let sorted = SubstringIndex.sorted(Self.terms)
    let counted = SubstringIndex.counted(Self.terms)
    #expect(!sorted.lists.isEmpty)
    #expect(Array(counted.trigrams) == Array(sorted.trigrams))
    #expect(Array(counted.starts) == Array(sorted.starts))
    #expect(Array(counted.lists) == Array(sorted.lists))
  }

  /// A trigram's list keeps the gaps between its terms in one to five bytes each: every length
  /// reads back, and bytes from a damaged file read as some ids, never past the list.
  @Test func codedListsReadBackWhateverTheGaps() {
    // Gaps less one of 0, 127, 128, 2^14, 2^21, 2^28, 0 and nearly 2^32.
    let terms: [UInt32] = [0, 128, 257, 16_642, 2_113_795, 270_549_252, 270_549_253, UInt32.max - 1]
    var bytes = [UInt8](repeating: 0, count: terms.count * 5)
    var written = 0
    var previous: Int64 = -1
    bytes.withUnsafeMutableBufferPointer { out in
      for t in terms {
        written = SubstringIndex.code(UInt32(Int64(t) - previous - 1), into: out, at: written)
        previous = Int64(t)
      }
    }
    #expect(written == 1 + 1 + 2 + 3 + 4 + 5 + 1 + 5)
    let index = SubstringIndex(trigrams: [7], starts: [0, UInt32(written)], lists: Column(Array(bytes[..<written])))
    var read: [Int] = []
    index.forEachTerm(in: index.list(7)) { read.append($0) }
    #expect(read == terms.map { Int($0) })
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let noise = (0..<Int.random(in: 0..<40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      let damaged = SubstringIndex(trigrams: [7], starts: [0, UInt32(noise.count)], lists: Column(noise))
      var count = 0
      damaged.forEachTerm(in: damaged.list(7)) { _ in count += 1 }
      #expect(count <= noise.count)
    }
  }

  @Test func trigramListsFindWhatAScanFinds() {
    let dictionary = Self.terms
    let index = makeIndex(
      (0..<dictionary.count).map { ["name": termText(dictionary, $0)] }, searchable: ["name"], substring: true)
    #expect(!index.substrings.trigrams.isEmpty)
    for word in Self.words where word.count >= 2 {
      let needle = Array(String(String.UnicodeScalarView(word.compactMap(Unicode.Scalar.init))).utf8)
      var listed: [Int] = []
      needle.withUnsafeBufferPointer { n in
        index.terms.forEachTermContaining(n, substrings: index.substrings) { listed.append($0) }
      }
      let scanned = (0..<index.terms.count).filter { t in
        let term = Array(termText(index.terms, t).utf8)
        return term.count > needle.count
          && (1...(term.count - needle.count)).contains { Array(term[$0..<($0 + needle.count)]) == needle }
      }
      #expect(listed == scanned, "\(String(decoding: needle, as: UTF8.self))")
    }
  }

  func termText(_ dictionary: TermDictionary, _ t: Int) -> String {
    String(decoding: dictionary.bytes[Int(dictionary.starts[t])..<Int(dictionary.starts[t + 1])], as: UTF8.self)
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
  /// neighbours, each once.
  static func restrictedDistance(_ a: [UInt32], _ b: [UInt32]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
