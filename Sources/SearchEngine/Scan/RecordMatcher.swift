/// Matches one record against a query without an index, by the rules the index applies (see the
/// notes at the top of Searcher.swift): for each query word, its best match among the record's
/// words — the word itself, a prefix of a word (the last word while typed), a word within the
/// word's typo budget (as a prefix for the last word), or a word containing it (3 letters or
/// more, cost 3) — packed as the index packs it, then the same match features and ranking key.
///
/// For one-shot filtering of a stream (`seek -f` on a pipe), where building an index costs more
/// than reading the input: a record is read, matched and forgotten. One of the index's rules depends
/// on the size of its dictionary, which a stream knows only at its end: two-typo words keep their
/// first or second letter above `Searcher.firstLettersFixedAbove` terms. So each record is matched
/// under every regime at once (`Regime`; the third, without substrings, is for settings that turn
/// them off), the distinct terms are counted, and the caller keeps the answer of the regime the
/// whole input turns out to be in: the same as the index's.
public struct RecordMatcher {
  /// The dictionary-size regimes of the index's rules.
  public enum Regime: Int, CaseIterable, Sendable {
    /// Up to 10,000 terms: substrings, typos on any letter.
    case small
    /// More: substrings; two-typo words keep their first or second letter.
    case medium
    /// Substrings turned off by the settings (never by size): two-typo words keep their first
    /// or second letter.
    case large

    /// `allCases`, built once: the synthesized property allocates a new array on every call,
    /// which the per-term loops cannot afford.
    @usableFromInline static let all = allCases

    /// The regime of a dictionary of `termCount` terms that matches substrings (every size does
    /// unless the settings say otherwise).
    public static func of(termCount: Int) -> Regime {
      termCount > Searcher.firstLettersFixedAbove ? .medium : .small
    }
  }

  public let query: ParsedQuery
  private let words: [Highlighter.PreparedWord]
  private let rules: MatchRules
  private var distance = BoundedDistance()
  /// How the terms met lately matched the words (a scan meets the same terms again and again).
  private var memo = TermMatchMemo()
  /// Best packed match per regime and word: `slots[regime * maxWords + word]`.
  private var slots: [UInt32]
  private var wordCounts: [UInt8]
  /// The record's title variant run (`ModelVariants`), found as the title is matched.
  private var variantRun: UInt8 = 0
  /// Hashes of the distinct terms seen, counted up to one more than the largest threshold.
  private var termHashes = Set<UInt64>()
  /// The words some record matched as typed (whole, as an alternative, or as the start of a term
  /// for the word being typed): the words an index of these records knows (KnownWords.swift).
  public private(set) var knownWords: UInt16 = 0

  /// The regimes matched: all three for a scan, which learns the dictionary's size as it goes; one
  /// for a record matched against a built index, whose regime is known.
  private let regimes: [Regime]
  /// Whether distinct terms are counted (`termCount`): a scan needs it, a record matched against
  /// a built index does not, and hashing every term is a good part of a match's cost.
  private let countsTerms: Bool
  /// Whether a word is looked for inside terms (every regime but the large one matches substrings).
  private let findsInside: Bool

  /// `rules`: how places and wholeness rank (`MatchRules`). With `regime`, only that regime's
  /// `results` are computed and terms are not counted.
  public init(query: ParsedQuery, searchableCount: Int, rules: MatchRules, regime: Regime? = nil) {
    self.query = query
    regimes = regime.map { [$0] } ?? Regime.all
    countsTerms = regime == nil
    findsInside = regime != .large
    words = query.words.map(Highlighter.PreparedWord.init)
    self.rules = rules
    slots = [UInt32](repeating: .max, count: ParsedQuery.maxWords * Regime.allCases.count)
    wordCounts = [UInt8](repeating: 0, count: max(1, searchableCount))
  }

  /// Distinct terms seen so far (exact up to `Searcher.firstLettersFixedAbove + 1`: past it, only
  /// "more" decides anything, and hashing every term would cost a good part of a match).
  public var termCount: Int { termHashes.count }

  /// Distinct terms seen by all of `matchers` (the runs of one scan), exact as `termCount` is.
  public static func termCount(of matchers: [RecordMatcher]) -> Int {
    guard var seen = matchers.first?.termHashes else { return 0 }
    for other in matchers.dropFirst() {
      guard seen.count <= Searcher.firstLettersFixedAbove else { break }
      seen.formUnion(other.termHashes)
    }
    return seen.count
  }

  /// Counts the distinct terms `other` saw too (a run of the same scan), exact as `termCount` is.
  public mutating func countTerms(of other: RecordMatcher) {
    guard countsTerms, termHashes.count <= Searcher.firstLettersFixedAbove else { return }
    termHashes.formUnion(other.termHashes)
  }

  /// The last record's match in each regime (indexed by `Regime.rawValue`): which words matched
  /// (bit per word, 0 for none) and the ranking key's relevance (`RankingRule.relevance`).
  public private(set) var results = [(matched: UInt16, relevance: UInt64)](
    repeating: (0, 0), count: Regime.allCases.count)

  /// The last record's relevance in `regime` when only the first `required` words are required, as
  /// a relaxed query ranks it: the other words count only where they match without typos (the
  /// index looks optional words up in typo-free sources only), not by a typo or inside a word.
  public func relevance(in regime: Regime, required: Int) -> UInt64 {
    let wordCount = words.count
    let base = regime.rawValue * ParsedQuery.maxWords
    let full = results[regime.rawValue].relevance
    guard required < wordCount,
      (required..<wordCount).contains(where: { slots[base + $0] >> 17 != 0 && slots[base + $0] != .max })
    else { return full }
    let counts = wordCounts
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: ParsedQuery.maxWords) { relaxed in
      for w in 0..<ParsedQuery.maxWords {
        let slot = slots[base + w]
        // A cost in the high bits: matched by a typo or inside a word, which an optional word is not.
        relaxed[w] = w >= required && slot >> 17 != 0 ? .max : slot
      }
      let summary = counts.withUnsafeBufferPointer { counts in
        Searcher.summary(
          slots: UnsafeBufferPointer(relaxed), wordCount: wordCount, attributeWordCounts: counts,
          rules: rules, variantRun: variantRun)
      }
      return RankingRule.relevance(RankingRule.key(summary, record: 0))
    }
  }

  /// Matches a record, given its searchable values in order; the answer is in `results`.
  public mutating func match(_ values: [UnsafeBufferPointer<UInt8>]) {
    clearSlots()
    for (attribute, full) in values.enumerated() where attribute < SearchIndex.maxSearchableAttributes {
      match(full, in: attribute)
    }
    summarize()
  }

  /// Matches a record of one searchable value (a line): `match([value])` without an array made
  /// for each line.
  public mutating func match(_ value: UnsafeBufferPointer<UInt8>) {
    clearSlots()
    match(value, in: 0)
    summarize()
  }

  private mutating func clearSlots() {
    variantRun = 0
    // Safe: the loop stays within the buffer.
    slots.withUnsafeMutableBufferPointer { slots in
      for i in slots.indices { slots[i] = .max }
    }
  }

  /// Matches the terms of one searchable value against every word, into the slots.
  private mutating func match(_ full: UnsafeBufferPointer<UInt8>, in attribute: Int) {
    let wordCount = words.count
    let maxWords = ParsedQuery.maxWords
    var value = full
    if value.count > DocumentStore.maxIndexedValueBytes {
      var end = DocumentStore.maxIndexedValueBytes
      while end > 0 && value[end] & 0xC0 == 0x80 { end -= 1 }
      // Safe: end <= maxIndexedValueBytes < value.count.
      value = UnsafeBufferPointer(rebasing: value[..<end])
    }
    var count = 0
    var firstWordIsField = false
    // The words are read in place, through the buffer: copying one out per token retained and
    // released its arrays, which cost more than the comparisons (as in `Highlighter`).
    let words = self.words
    let isTitle = attribute == rules.titleAttribute
    var variants = ModelVariants.Detector(words: isTitle ? rules.variantWords : [])
    words.withUnsafeBufferPointer { words in
      rules.phrases.tokenize(value) { term, location, isPhrase in
        if !isPhrase {  // a phrase is not a word of its own
          if count == 0 { firstWordIsField = AttributeWords.isWholeField(value, location) }
          if isTitle { variants.add(term, position: location.position) }
          count += 1
        }
        let h = byteHash(term)
        if countsTerms && termHashes.count <= Searcher.firstLettersFixedAbove { termHashes.insert(h) }
        let place = UInt32(attribute) << 12 | UInt32(min(location.position, SearchIndex.maxPosition))
        var decoded = false
        let memoSlot = memo.slot(of: term, hash: h)
        if let (slot, kept) = memoSlot, !kept {
          for w in 0..<wordCount { memo[slot, w] = matches(term, for: w, of: words, decoded: &decoded) }
          memo.keep(term, in: slot)
        }
        for w in 0..<wordCount {
          let found = memoSlot.map { memo[$0.slot, w] } ?? matches(term, for: w, of: words, decoded: &decoded)
          for regime in regimes {
            guard let (cost, exact) = found.best(in: regime), rules.admits(cost: UInt32(cost), place: place)
            else { continue }
            let packed = UInt32(cost) << 17 | place << 1 | (exact ? 0 : 1)
            let i = regime.rawValue * maxWords + w
            if packed < slots[i] { slots[i] = packed }
          }
        }
      }
    }
    if isTitle { variantRun = variants.packed }
    if attribute < wordCounts.count {
      wordCounts[attribute] = AttributeWords.pack(count: count, firstWordIsField: firstWordIsField)
    }
  }

  /// The record's answer in each regime, from its slots.
  private mutating func summarize() {
    let wordCount = words.count
    let maxWords = ParsedQuery.maxWords
    let counts = wordCounts
    for regime in regimes {
      let base = regime.rawValue * maxWords
      if regime.rawValue > 0 && regimes.count > 1
        && (0..<wordCount).allSatisfy({ slots[base + $0] == slots[base - maxWords + $0] })
      {
        results[regime.rawValue] = results[regime.rawValue - 1]  // the same matches as the smaller regime's
        continue
      }
      var matched: UInt16 = 0
      for w in 0..<wordCount where slots[base + w] != .max {
        matched |= 1 << UInt16(w)
        if slots[base + w] >> 17 == 0 { knownWords |= 1 << UInt16(w) }
      }
      guard matched != 0 else {
        results[regime.rawValue] = (0, 0)
        continue
      }
      // Safe: the regime's slots are maxWords entries from `base`, and the summary reads wordCount of them.
      let summary = slots.withUnsafeBufferPointer { slots in
        counts.withUnsafeBufferPointer { counts in
          Searcher.summary(
            slots: UnsafeBufferPointer(rebasing: slots[base..<(base + maxWords)]), wordCount: wordCount,
            attributeWordCounts: counts, rules: rules, variantRun: variantRun)
        }
      }
      results[regime.rawValue] = (matched, RankingRule.relevance(RankingRule.key(summary, record: 0)))
    }
  }

  /// How one term can match a word, by kind.
  struct TermMatch {
    /// The word itself or a prefix of the term: (0, whole).
    var plain: (UInt8, Bool)? = nil
    /// Within the typo budget: (typos, whole), and whether a large dictionary's walk would miss it
    /// (a two-typo word whose first or second letter does not start the term).
    var typo: (UInt8, Bool)? = nil
    var outsideRoots = false
    /// Inside the term, after its first byte.
    var inside = false

    func best(in regime: Regime) -> (UInt8, Bool)? {
      if let plain { return plain }
      if let typo, regime == .small || !outsideRoots { return typo }
      return inside && regime != .large ? (3, false) : nil
    }
  }

  /// How term `term` matches word `w`, by kind (nothing set when it does not).
  private mutating func matches(
    _ term: UnsafeBufferPointer<UInt8>, for w: Int, of words: UnsafeBufferPointer<Highlighter.PreparedWord>,
    decoded: inout Bool
  ) -> TermMatch {
    var found = TermMatch()
    let common = Highlighter.commonPrefixLength(term, words[w].word.folded)
    if common == words[w].word.folded.count && common == term.count {
      found.plain = (0, true)
      return found
    }
    // An alternative (a plural form, a synonym) is whole, even where the word is its prefix.
    if words[w].isAlternative(term) {
      found.plain = (0, true)
      return found
    }
    if words[w].word.isPrefix && common == words[w].word.folded.count {
      found.plain = (0, false)
      return found
    }
    if words[w].mayMatchWithTypos(term) {
      words[w].decode(term, into: &distance, once: &decoded)
      if words[w].word.isPrefix {
        let (d, _) = distance.prefixTypos(words[w].word.scalars)
        if d > 0 && d <= words[w].word.typoBudget {
          // Whole when the term itself is as close as its closest prefix (the index's walk).
          found.typo = (UInt8(d), distance.typos(words[w].word.scalars, limit: d) == d)
        }
      } else {
        let d = distance.typos(words[w].word.scalars, limit: words[w].word.typoBudget)
        if d > 0 && d <= words[w].word.typoBudget { found.typo = (UInt8(d), true) }
      }
      if found.typo != nil && words[w].word.typoBudget >= 2, let first = distance.firstScalar {
        found.outsideRoots = !words[w].word.scalars.prefix(2).contains(first)
      }
    }
    // Safe: 1..<term.count lies within the term.
    if findsInside && words[w].word.scalars.count >= 3 && term.count > words[w].word.folded.count,
      Highlighter.firstIndex(of: words[w].word.folded, in: UnsafeBufferPointer(rebasing: term[1...])) != nil
    {
      found.inside = true
    }
    return found
  }
}
