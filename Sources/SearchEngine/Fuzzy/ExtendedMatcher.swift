/// Matches texts against one `ExtendedQuery` with fzf's rules and scores: every group must
/// match; a group's score is that of its first matching term; the text's score is their sum.
/// Holds the scratch it reads texts into, so matching allocates nothing: one per thread.
public struct ExtendedMatcher: Sendable {
  public let query: ExtendedQuery
  /// The text as the terms read it, one per `FuzzyReading` (only those the terms use are read).
  private var texts = [PartedText](repeating: PartedText(), count: FuzzyReading.allCases.count)
  private let scratch = FuzzyScratch()
  /// Where each matched term ended (bytes), when asked for ranges: fzf's `begin` measures to the
  /// first of them.
  private var termEnds: [Int] = []
  /// Matched character positions of one term (fzf reports them for highlighting only).
  private var positions: [Int32]
  /// The characters of the required terms (groups of one term, not inverse), one after another,
  /// and where each ends: tested on the raw bytes before a text is decoded.
  private let required: [UInt32]
  private let requiredEnds: [Int]

  public init(_ query: ExtendedQuery) {
    self.query = query
    decidesWithoutScore =
      !query.options.matchesWithinParts
      && query.groups.allSatisfy { $0.count == 1 && !$0[0].inverse && $0[0].kind == .fuzzy }
    let longest = query.groups.joined().map(\.chars.count).max() ?? 0
    positions = [Int32](repeating: 0, count: longest)
    var required: [UInt32] = []
    var ends: [Int] = []
    var readings: [FuzzyReading] = []
    for group in query.groups where group.count == 1 && !group[0].inverse {
      required += group[0].chars
      ends.append(required.count)
      readings.append(group[0].reading)
    }
    self.required = required
    requiredEnds = ends
    requiredReadings = readings
  }

  /// How each required term reads a text.
  private let requiredReadings: [FuzzyReading]
  /// Every group is one plain fuzzy term, over the whole text: whether a text matches is whether
  /// each term is a subsequence of it (`matchesWithoutScore`).
  private let decidesWithoutScore: Bool

  /// Whether `bytes` match, without scoring them, where that is known without decoding them:
  /// every group one fuzzy term (no operator), and each term found — or found missing — in the
  /// text's ASCII; nil otherwise (the scorer decides). A fuzzy term matches wherever its characters
  /// are a subsequence of the text as the term reads it — fzf's v1 and v2 alike find every such
  /// text — and ASCII reads as written or, for a term that folds case, with its capitals lowered
  /// (nothing else of ASCII folds, and what follows a character never changes how it reads).
  public func matchesWithoutScore(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard decidesWithoutScore else { return nil }
    // Safe: the ends are ascending and end at `required.count`.
    return required.withUnsafeBufferPointer { all in
      var start = 0
      for (k, end) in requiredEnds.enumerated() {
        let pattern = UnsafeBufferPointer(rebasing: all[start..<end])
        // False only past the whole text, all of it ASCII; nil at a byte beyond it.
        let found = Self.isSubsequence(pattern, ofASCII: bytes, foldingCase: requiredReadings[k].foldsCase)
        if found != true { return found }
        start = end
      }
      return true
    }
  }

  /// Whether `pattern` is a subsequence of `bytes` read up to their first byte beyond ASCII,
  /// capitals lowered when `foldingCase`; nil when that byte comes first.
  @inline(__always) private static func isSubsequence(
    _ pattern: UnsafeBufferPointer<UInt32>, ofASCII bytes: UnsafeBufferPointer<UInt8>, foldingCase: Bool
  ) -> Bool? {
    guard var want = pattern.first else { return true }
    var p = 0
    for byte in bytes {
      if byte >= 0x80 { return nil }
      var v = UInt32(byte)
      if foldingCase && v &- 0x41 < 26 { v += 0x20 }
      guard v == want else { continue }
      p += 1
      if p == pattern.count { return true }
      want = pattern[p]
    }
    return false
  }

  /// Whether every required term is a subsequence of the raw bytes (see `match`).
  @inline(__always) private func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Safe: the ends are ascending and end at `required.count`.
    required.withUnsafeBufferPointer { all in
      requiredEnds.withUnsafeBufferPointer { ends in
        var start = 0
        for (k, end) in ends.enumerated() {
          let pattern = UnsafeBufferPointer(rebasing: all[start..<end])
          if !FuzzyText.containsSubsequence(pattern, in: bytes, reading: requiredReadings[k]) { return false }
          start = end
        }
        return true
      }
    }
  }

  /// The score of valid UTF-8 `bytes`, or nil when they do not match.
  public mutating func score(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    match(bytes, ranges: nil)
  }

  /// The score of valid UTF-8 `bytes` and, with a per-match tie-break, its value (`FuzzyTie`);
  /// nil when they do not match. The tie-break needs the match's place: found only when asked.
  @inline(__always) public mutating func scoreAndTie(_ bytes: UnsafeBufferPointer<UInt8>, by tiebreak: Tiebreak?)
    -> (Int, Int)?
  {
    guard let tiebreak else { return match(bytes, ranges: nil).map { ($0, 0) } }
    var ranges: [Range<Int>] = []
    termEnds.removeAll(keepingCapacity: true)
    guard let score = match(bytes, ranges: &ranges) else { return nil }
    return (score, FuzzyTie.value(tiebreak, text: bytes, matched: ranges, firstEnd: termEnds.min()))
  }

  /// Where the query matched `bytes` (byte ranges, ascending, merged), or nil when it does not.
  public mutating func matchedRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
    var ranges: [Range<Int>] = []
    guard match(bytes, ranges: &ranges) != nil else { return nil }
    ranges.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for range in ranges {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  private mutating func match(_ bytes: UnsafeBufferPointer<UInt8>, ranges: UnsafeMutablePointer<[Range<Int>]>?)
    -> Int?
  {
    // A required term that is not even a subsequence of the raw bytes rules the text out before
    // it is decoded: most texts stop here.
    guard mayMatch(bytes) else { return nil }
    for reading in query.readings {
      texts[reading.rawValue].load(
        bytes, withinParts: query.options.matchesWithinParts, reading: reading, scheme: query.options.scheme)
    }
    var total = 0
    for group in query.groups {
      var groupScore: Int? = nil
      for term in group {
        let wantsPositions = ranges != nil && !term.inverse
        var score: Int? = nil
        var part = 0
        while score == nil && part < texts[term.reading.rawValue].partCount {
          score = self.score(term, inPart: part, positions: wantsPositions)
          part += 1
        }
        if term.inverse {
          if score == nil {
            groupScore = 0
            break
          }
          continue
        }
        guard let score else { continue }
        groupScore = score
        if let ranges {
          let read = texts[term.reading.rawValue]
          let shift = read.start(part - 1)
          let partText = read.part(part - 1)
          for p in positions.prefix(term.chars.count) {
            ranges.pointee.append(
              (shift + Int(partText.byteStarts[Int(p)]))..<(shift + Int(partText.byteEnds[Int(p)])))
          }
          if let end = ranges.pointee.last?.upperBound { termEnds.append(end) }
        }
        break
      }
      guard let groupScore else { return nil }
      total += groupScore
    }
    return total
  }

  /// The score of one term in part `part` of the text as the term reads it, its positions kept
  /// if asked.
  @inline(__always) private mutating func score(_ term: ExtendedQuery.Term, inPart part: Int, positions wanted: Bool)
    -> Int?
  {
    let text = texts[term.reading.rawValue].part(part)
    return positions.withUnsafeMutableBufferPointer { positions in
      term.chars.withUnsafeBufferPointer { pattern in
        Self.score(
          term.kind, text, pattern, scratch: scratch, later: query.options.prefersLaterMatch,
          positions: wanted ? positions.baseAddress : nil)
      }
    }
  }

  private static func score(
    _ kind: ExtendedQuery.Kind, _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, scratch: FuzzyScratch,
    later: Bool, positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    switch kind {
    case .fuzzy: return FuzzyScorer.fuzzy(text, pattern, scratch: scratch, later: later, positions: positions)
    case .exact: return FuzzyScorer.exact(text, pattern, later: later, positions: positions)
    case .prefix: return FuzzyScorer.prefix(text, pattern, positions: positions)
    case .suffix: return FuzzyScorer.suffix(text, pattern, positions: positions)
    case .equal: return FuzzyScorer.equal(text, pattern, positions: positions)
    case .boundary: return FuzzyScorer.boundary(text, pattern, later: later, positions: positions)
    }
  }
}

/// A text decoded for the scorer: whole, or with `matchesWithinParts` one part per separated
/// run (the first in `first`, the others after it with where each starts in the bytes). Reused
/// from text to text.
struct PartedText {
  private var first = FuzzyText()
  private var more: [FuzzyText] = []
  private var moreStarts: [Int32] = []
  private(set) var partCount = 0

  mutating func load(
    _ bytes: UnsafeBufferPointer<UInt8>, withinParts: Bool, reading: FuzzyReading, scheme: FuzzyScheme
  ) {
    guard withinParts, let end = bytes.firstIndex(of: MatchOptions.partSeparator) else {
      first.load(bytes, reading: reading, scheme: scheme)
      partCount = 1
      return
    }
    first.load(UnsafeBufferPointer(rebasing: bytes[..<end]), reading: reading, scheme: scheme)
    partCount = 1
    var start = end + 1
    while start < bytes.count {
      let stop = bytes[start...].firstIndex(of: MatchOptions.partSeparator) ?? bytes.count
      if partCount - 1 == more.count {
        more.append(FuzzyText())
        moreStarts.append(0)
      }
      more[partCount - 1].load(UnsafeBufferPointer(rebasing: bytes[start..<stop]), reading: reading, scheme: scheme)
      moreStarts[partCount - 1] = Int32(start)
      partCount += 1
      start = stop + 1
    }
  }

  /// Part `k` (0: the first).
  @inline(__always) func part(_ k: Int) -> FuzzyText { k == 0 ? first : more[k - 1] }

  /// Where part `k` starts in the bytes.
  @inline(__always) func start(_ k: Int) -> Int { k == 0 ? 0 : Int(moreStarts[k - 1]) }
}
