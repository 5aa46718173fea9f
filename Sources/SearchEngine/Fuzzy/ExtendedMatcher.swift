/// Matches texts against one `ExtendedQuery` with fzf's rules and scores: every group must
/// match; a group's score is that of its first matching term; the text's score is their sum.
/// Holds the scratch it reads texts into, so matching allocates nothing: one per thread.
public struct ExtendedMatcher: Sendable {
  public let query: ExtendedQuery
  /// The text as read: whole, or its first part when the query matches within parts; then the
  /// other parts, where each starts in the bytes, and how many parts the current text has.
  private var text = FuzzyText()
  private var moreParts: [FuzzyText] = []
  private var moreStarts: [Int32] = []
  private var partCount = 0
  private let scratch = FuzzyScratch()
  /// Matched character positions of one term (fzf reports them for highlighting only).
  private var positions: [Int32]
  /// The characters of the required terms (groups of one term, not inverse), one after another,
  /// and where each ends: tested on the raw bytes before a text is decoded.
  private let required: [UInt32]
  private let requiredEnds: [Int]

  public init(_ query: ExtendedQuery) {
    self.query = query
    let longest = query.groups.joined().map(\.chars.count).max() ?? 0
    positions = [Int32](repeating: 0, count: longest)
    var required: [UInt32] = []
    var ends: [Int] = []
    for group in query.groups where group.count == 1 && !group[0].inverse {
      required += group[0].chars
      ends.append(required.count)
    }
    self.required = required
    requiredEnds = ends
  }

  /// Whether every required term is a subsequence of the raw bytes (see `match`).
  @inline(__always) private func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Safe: the ends are ascending and end at `required.count`.
    required.withUnsafeBufferPointer { all in
      requiredEnds.withUnsafeBufferPointer { ends in
        var start = 0
        for end in ends {
          let pattern = UnsafeBufferPointer(rebasing: all[start..<end])
          if !FuzzyText.containsSubsequence(pattern, in: bytes, caseSensitive: query.caseSensitive) { return false }
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
    guard let score = match(bytes, ranges: &ranges) else { return nil }
    return (score, FuzzyTie.value(tiebreak, text: bytes, matched: ranges))
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
    loadParts(bytes)
    var total = 0
    for group in query.groups {
      var groupScore: Int? = nil
      for term in group {
        let wantsPositions = ranges != nil && !term.inverse
        var score: Int? = nil
        var part = 0
        while score == nil && part < partCount {
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
          let text = part == 1 ? text : moreParts[part - 2]
          let shift = part == 1 ? 0 : Int(moreStarts[part - 2])
          for p in positions.prefix(term.chars.count) {
            ranges.pointee.append((shift + Int(text.byteStarts[Int(p)]))..<(shift + Int(text.byteEnds[Int(p)])))
          }
        }
        break
      }
      guard let groupScore else { return nil }
      total += groupScore
    }
    return total
  }

  /// The score of one term in part `part` of the text (0: `text`), its positions kept if asked.
  @inline(__always) private mutating func score(_ term: ExtendedQuery.Term, inPart part: Int, positions wanted: Bool)
    -> Int?
  {
    positions.withUnsafeMutableBufferPointer { positions in
      term.chars.withUnsafeBufferPointer { pattern in
        let out = wanted ? positions.baseAddress : nil
        return part == 0
          ? Self.score(term.kind, text, pattern, scratch: scratch, positions: out)
          : Self.score(term.kind, moreParts[part - 1], pattern, scratch: scratch, positions: out)
      }
    }
  }

  /// Decodes the text: whole, or with `matchesWithinParts` one part per separated run.
  private mutating func loadParts(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard query.options.matchesWithinParts, let end = bytes.firstIndex(of: MatchOptions.partSeparator) else {
      text.load(bytes, caseSensitive: query.caseSensitive)
      partCount = 1
      return
    }
    text.load(UnsafeBufferPointer(rebasing: bytes[..<end]), caseSensitive: query.caseSensitive)
    partCount = 1
    var start = end + 1
    while start < bytes.count {
      let stop = bytes[start...].firstIndex(of: MatchOptions.partSeparator) ?? bytes.count
      if partCount - 1 == moreParts.count {
        moreParts.append(FuzzyText())
        moreStarts.append(0)
      }
      moreParts[partCount - 1].load(
        UnsafeBufferPointer(rebasing: bytes[start..<stop]), caseSensitive: query.caseSensitive)
      moreStarts[partCount - 1] = Int32(start)
      partCount += 1
      start = stop + 1
    }
  }

  private static func score(
    _ kind: ExtendedQuery.Kind, _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, scratch: FuzzyScratch,
    positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    switch kind {
    case .fuzzy: return FuzzyScorer.fuzzy(text, pattern, scratch: scratch, positions: positions)
    case .exact: return FuzzyScorer.exact(text, pattern, positions: positions)
    case .prefix: return FuzzyScorer.prefix(text, pattern, positions: positions)
    case .suffix: return FuzzyScorer.suffix(text, pattern, positions: positions)
    case .equal: return FuzzyScorer.equal(text, pattern, positions: positions)
    }
  }
}
