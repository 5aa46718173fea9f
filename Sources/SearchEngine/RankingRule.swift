/// What the ranking knows about how one record matched the query.
public struct MatchSummary: Sendable, Equatable {
  /// Typos over the matched words; a match inside a word (substring) counts as 3.
  public var typos: Int
  /// Query words matched (fewer than all only when words were relaxed).
  public var words: Int
  /// Sum over consecutive matched words of their distance (1 = adjacent, capped at 8).
  public var proximity: Int
  /// Best searchable attribute matched (0 = most important) and the word position there.
  public var attribute: Int
  public var position: Int
  /// Words matched exactly (whole word, no typo); `words + 1` when an attribute equals the query.
  public var exact: Int
  /// For a hit of the fuzzy tier (below every word match): its fzf score, higher first.
  public var fuzzyScore: Int? = nil
}

/// The textual ranking criteria, applied as successive tie-breaks in the order of `RankingRule.order`
/// (Algolia's tie-breaking algorithm). After them come the custom ranking and the name, which the
/// index has already folded into record ids, so the smallest id wins any remaining tie.
public enum RankingRule: String, Sendable, CaseIterable {
  /// Fewer typos first.
  case typo
  /// More query words matched first.
  case words
  /// Matched words closer together first.
  case proximity
  /// Match in a more important attribute, then earlier in it, first.
  case attribute
  /// More words matched exactly (not as prefix, substring or with typos) first; an attribute equal to
  /// the whole query beats everything.
  case exact

  /// The order of the rules: the one place that decides it.
  public static let order: [RankingRule] = [.typo, .words, .proximity, .attribute, .exact]

  /// Bits each rule takes in the packed ranking key.
  var bitWidth: UInt64 {
    switch self {
    case .typo: return 5
    case .words: return 4
    case .proximity: return 6
    case .attribute: return 16
    case .exact: return 4
    }
  }

  /// The rule's value for a summary: smaller ranks first.
  @inline(__always) func cost(_ m: MatchSummary) -> UInt64 {
    switch self {
    case .typo: return UInt64(min(m.typos, 31))
    case .words: return UInt64(ParsedQuery.maxWords - m.words)
    case .proximity: return UInt64(min(m.proximity, 63))
    case .attribute: return UInt64(m.attribute) << 12 | UInt64(min(m.position, SearchIndex.maxPosition))
    case .exact: return UInt64(ParsedQuery.maxWords + 1 - min(m.exact, ParsedQuery.maxWords + 1))
    }
  }

  /// Bits left under the rules for the record id, the final tie-break.
  static let recordBits: UInt64 = 29

  /// One comparable key: the rules' costs in order, then the record id.
  @inline(__always) static func key(_ m: MatchSummary, record: Int) -> UInt64 {
    // `order`, unrolled: this runs once per candidate, and a loop over the static array is not
    // folded away (a test checks the two agree).
    var key = typo.cost(m)
    key = key << words.bitWidth | words.cost(m)
    key = key << proximity.bitWidth | proximity.cost(m)
    key = key << attribute.bitWidth | attribute.cost(m)
    key = key << exact.bitWidth | exact.cost(m)
    return key << recordBits | UInt64(record)
  }

  /// `key`, following `order` as written (what the unrolled `key` must equal).
  static func keyFollowingOrder(_ m: MatchSummary, record: Int) -> UInt64 {
    var key: UInt64 = 0
    for rule in order { key = key << rule.bitWidth | rule.cost(m) }
    return key << recordBits | UInt64(record)
  }

  /// The fuzzy tier's keys: the typo rule's field all ones (a word match has at most 24 typos, 3
  /// for each of 8 words), so they rank below every word match; of the rules' other 30 bits, 20
  /// hold the fzf score, higher first (a score is about 16 a matched character: a 20,000-letter
  /// query would be needed to overflow them), and 10 fzf's per-match tie-break (`FuzzyTie`, 0
  /// without one); the record id breaks the remaining ties as everywhere.
  static let fuzzyBand: UInt64 = 0x1F
  static let fuzzyScoreBits: UInt64 = 20
  static let fuzzyTieBits: UInt64 = 10
  static let fuzzyScoreOffset = 1 << 19

  @inline(__always) static func fuzzyKey(score: Int, tie: Int = 0, record: Int) -> UInt64 {
    let top = (UInt64(1) << fuzzyScoreBits) - 1
    let shifted = UInt64(min(max(score + fuzzyScoreOffset, 0), Int(top)))
    let tieValue = UInt64(min(max(tie, 0), (1 << Int(fuzzyTieBits)) - 1))
    return ((fuzzyBand << fuzzyScoreBits | (top - shifted)) << fuzzyTieBits | tieValue) << recordBits | UInt64(record)
  }

  @inline(__always) public static func isFuzzy(_ key: UInt64) -> Bool {
    key >> (fuzzyScoreBits + fuzzyTieBits + recordBits) == fuzzyBand
  }

  /// The summary a key was made from (every rule's value can be read back).
  static func summary(of key: UInt64) -> MatchSummary {
    var m = MatchSummary(typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0)
    if isFuzzy(key) {
      let top = (UInt64(1) << fuzzyScoreBits) - 1
      m.fuzzyScore = Int(top - (key >> (recordBits + fuzzyTieBits) & top)) - fuzzyScoreOffset
      return m
    }
    var rest = key >> recordBits
    for rule in order.reversed() {
      let value = rest & ((1 << rule.bitWidth) - 1)
      rest >>= rule.bitWidth
      switch rule {
      case .typo: m.typos = Int(value)
      case .words: m.words = ParsedQuery.maxWords - Int(value)
      case .proximity: m.proximity = Int(value)
      case .attribute:
        m.attribute = Int(value >> 12)
        m.position = Int(value & 0xFFF)
      case .exact: m.exact = ParsedQuery.maxWords + 1 - Int(value)
      }
    }
    return m
  }

  /// The part of a key that the rules decide (without the record id).
  @inline(__always) public static func relevance(_ key: UInt64) -> UInt64 { key >> recordBits }

  @inline(__always) public static func record(_ key: UInt64) -> Int {
    Int(key & ((1 << recordBits) - 1))
  }
}
