/// What the ranking knows about how one record matched the query.
public struct MatchSummary: Sendable, Equatable {
  /// Typos over the matched words; a match inside a word (substring) counts as 3.
  public var typos: Int
  /// Query words matched (fewer than all only when words were relaxed).
  public var words: Int
  /// Sum over consecutive matched words of their distance (1 = adjacent, capped at 8).
  public var proximity: Int
  /// Best searchable attribute matched (0 = most important) and, in an `ordered` attribute, the
  /// word position there (0 in an unordered one).
  public var attribute: Int
  public var position: Int
  /// Words matched exactly (whole word, no typo); `words + 1` when an attribute equals the query.
  public var exact: Int
  /// For a hit of the fuzzy tier (below every word match): its fzf score, higher first.
  public var fuzzyScore: Int? = nil
  /// Learned from picks (`SearchRequest.learned`): 0 for a hit never picked for the query, up to
  /// `RankingRule.maxLearned` for the most frecent.
  public var learned: Int = 0
  /// In an unordered attribute, the word position there, capped at `RankingRule.maxLatePosition`
  /// (0: the match leads the attribute):
  /// a late tie-break within the exact rule (0 in an ordered attribute, where `position` ranks).
  public var latePosition: Int = 0
  /// The title names a sibling of the model typed (`iPhone 15 Pro` for `iphone 15`:
  /// ModelVariants.swift).
  public var sibling: Bool = false
  /// The request had an optional filter (`SearchRequest.optionalFilter`: the category the query
  /// points to) and the record is not in it.
  public var optionalFilterMissed: Bool = false
}

/// The textual ranking criteria, applied as successive tie-breaks in the order of `RankingRule.order`
/// (Algolia's tie-breaking algorithm). After them come the custom ranking and the name, which the
/// index has already folded into record ids, so the smallest id wins any remaining tie.
public enum RankingRule: String, Sendable, CaseIterable {
  /// Fewer typos first.
  case typo
  /// More query words matched first.
  case words
  /// Picked before for this query (or one it begins, or one sharing its first words), more
  /// frecent first: after typo and words, so a pick never rises over a hit that matches the
  /// query with fewer typos or more of its words, and before the rest, so it does over a hit
  /// that matches as well but closer, earlier or more exactly (see Searcher+Learned.swift).
  case learned
  /// In the request's optional filter first (Algolia's `filters` rule with `optionalFilters`: the
  /// category the query points to, SeekCore's QueryCategories).
  case filters
  /// The model typed before its siblings: a title that goes on with a variant word not typed
  /// (`iPhone 15 Pro` for `iphone 15`) after one that does not (ModelVariants.swift).
  case sibling
  /// Matched words closer together first.
  case proximity
  /// Match in a more important attribute, then earlier in it, first.
  case attribute
  /// More words matched exactly (not as prefix, substring or with typos) first; an attribute equal to
  /// the whole query beats everything. Then, in an unordered attribute, a match that leads it:
  /// where a word sits counts a little, after every rule.
  case exact

  /// The order of the rules: the one place that decides it.
  public static let order: [RankingRule] = [
    .typo, .words, .learned, .filters, .sibling, .proximity, .attribute, .exact,
  ]

  /// The most frecent level of `learned` (its field is 4 bits; 0 is "never picked").
  public static let maxLearned = 15

  /// Bits each rule takes in the packed ranking key.
  var bitWidth: UInt64 {
    switch self {
    case .typo: return 5
    case .words: return 4
    case .learned: return 4
    case .filters: return 1
    case .sibling: return 1
    case .proximity: return 6
    // The attribute (4 bits) and the position in it, capped at `maxRankedPosition` (7 bits).
    case .attribute: return 11
    // Exact (4 bits), then the late position (1 bit).
    case .exact: return 5
    }
  }

  /// The rule's value for a summary: smaller ranks first.
  @inline(__always) public func cost(_ m: MatchSummary) -> UInt64 {
    switch self {
    case .typo: return UInt64(min(m.typos, 31))
    case .words: return UInt64(ParsedQuery.maxWords - m.words)
    case .learned: return Self.learnedCost(m.learned)
    case .filters: return m.optionalFilterMissed ? 1 : 0
    case .sibling: return m.sibling ? 1 : 0
    case .proximity: return UInt64(min(m.proximity, 63))
    case .attribute: return UInt64(m.attribute) << 7 | UInt64(min(m.position, Self.maxRankedPosition))
    case .exact:
      let exact = UInt64(ParsedQuery.maxWords + 1 - min(m.exact, ParsedQuery.maxWords + 1))
      return exact << 1 | UInt64(min(m.latePosition, Self.maxLatePosition))
    }
  }

  /// Bits left under the rules for the record id, the final tie-break: 134 million records an
  /// index (a catalog of more is several segments).
  static let recordBits: UInt64 = 27
  /// Positions past this one in an `ordered` attribute rank alike: a query word found after the
  /// 127th word of a title is as late as can be.
  static let maxRankedPosition = 127
  /// Late positions (unordered attributes) rank as "leads the attribute" or not. Finer (first,
  /// second, third, further) found the package names no sooner and let a shorter, less popular
  /// name beat a popular one: "Lightning cable" over "USB-C cable" for `cable`.
  public static let maxLatePosition = 1

  /// One comparable key: the rules' costs in order, then the record id.
  @inline(__always) static func key(_ m: MatchSummary, record: Int) -> UInt64 {
    // `order`, unrolled: this runs once per candidate, and a loop over the static array is not
    // folded away (a test checks the two agree).
    var key = typo.cost(m)
    key = key << words.bitWidth | words.cost(m)
    key = key << learned.bitWidth | learned.cost(m)
    key = key << filters.bitWidth | filters.cost(m)
    key = key << sibling.bitWidth | sibling.cost(m)
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
  /// for each of 8 words), so they rank below every word match; of the rules' other 32 bits, 4
  /// hold the learned level (as for word matches, first after the band), 18 the fzf score,
  /// higher first (a score is about 16 a matched character: a 16,000-letter query would be
  /// needed to overflow them), and 10 fzf's per-match tie-break (`FuzzyTie`, 0 without one);
  /// the record id breaks the remaining ties as everywhere.
  static let fuzzyBand: UInt64 = 0x1F
  static let fuzzyScoreBits: UInt64 = 18
  static let fuzzyTieBits: UInt64 = 10
  static let fuzzyScoreOffset = 1 << 17

  /// A fuzzy key with no level (`withLearned` sets one).
  @usableFromInline @inline(__always) static func fuzzyKey(score: Int, tie: Int = 0, record: Int) -> UInt64 {
    let top = (UInt64(1) << fuzzyScoreBits) - 1
    let shifted = UInt64(min(max(score + fuzzyScoreOffset, 0), Int(top)))
    let tieValue = UInt64(min(max(tie, 0), (1 << Int(fuzzyTieBits)) - 1))
    let band = fuzzyBand << learned.bitWidth | learnedCost(0)
    return ((band << fuzzyScoreBits | (top - shifted)) << fuzzyTieBits | tieValue) << recordBits | UInt64(record)
  }

  /// The learned field's value for a level: smaller for more frecent, `maxLearned` for none.
  @inline(__always) static func learnedCost(_ level: Int) -> UInt64 {
    UInt64(maxLearned - min(max(level, 0), maxLearned))
  }

  @inline(__always) public static func isFuzzy(_ key: UInt64) -> Bool {
    key >> (learned.bitWidth + fuzzyScoreBits + fuzzyTieBits + recordBits) == fuzzyBand
  }

  /// The learned field of a key (word match or fuzzy), as a level (0: never picked).
  @inline(__always) public static func learnedLevel(_ key: UInt64) -> Int {
    maxLearned - Int(key >> learnedFieldShift(key) & 0xF)
  }

  /// `key` with its learned field set to `level`.
  @inline(__always) public static func withLearned(_ key: UInt64, _ level: Int) -> UInt64 {
    let shift = learnedFieldShift(key)
    return key & ~(0xF << shift) | learnedCost(level) << shift
  }

  /// Where a key's learned field starts: after the band in a fuzzy key, after typo and words in
  /// a word match's.
  @inline(__always) private static func learnedFieldShift(_ key: UInt64) -> UInt64 {
    isFuzzy(key) ? fuzzyScoreBits + fuzzyTieBits + recordBits : learnedShift
  }

  /// Where the learned field of a word match's key starts: under it, the rules after it and the
  /// record id.
  static let learnedShift: UInt64 =
    filtersShift + filters.bitWidth

  /// Where the sibling field starts: a key made without the record's variant run (a one-word
  /// scan's) gets it by setting this bit.
  static let siblingShift: UInt64 = recordBits + exact.bitWidth + attribute.bitWidth + proximity.bitWidth
  /// Where the filters field starts: a key made before the optional filter was asked gets it by
  /// setting this bit (`Searcher.withOptionalFilter`).
  static let filtersShift: UInt64 = siblingShift + sibling.bitWidth

  /// The summary a key was made from (every rule's value can be read back).
  static func summary(of key: UInt64) -> MatchSummary {
    var m = MatchSummary(typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0)
    if isFuzzy(key) {
      let top = (UInt64(1) << fuzzyScoreBits) - 1
      m.fuzzyScore = Int(top - (key >> (recordBits + fuzzyTieBits) & top)) - fuzzyScoreOffset
      m.learned = learnedLevel(key)
      return m
    }
    var rest = key >> recordBits
    for rule in order.reversed() {
      let value = rest & ((1 << rule.bitWidth) - 1)
      rest >>= rule.bitWidth
      switch rule {
      case .typo: m.typos = Int(value)
      case .words: m.words = ParsedQuery.maxWords - Int(value)
      case .learned: m.learned = maxLearned - Int(value)
      case .filters: m.optionalFilterMissed = value == 1
      case .sibling: m.sibling = value == 1
      case .proximity: m.proximity = Int(value)
      case .attribute:
        m.attribute = Int(value >> 7)
        m.position = Int(value & 0x7F)
      case .exact:
        m.exact = ParsedQuery.maxWords + 1 - Int(value >> 1)
        m.latePosition = Int(value & 1)
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
