/// Matches one record against a query without an index, by the rules the index applies (see the
/// notes at the top of Searcher.swift): for each query word, its best match among the record's
/// words — the word itself, a prefix of a word (the last word while typed), a word within the
/// word's typo budget (as a prefix for the last word), or a word containing it (3 letters or
/// more, cost 3) — packed as the index packs it, then the same match features and ranking key.
///
/// For one-shot filtering of a stream (`seek -f` on a pipe), where building an index costs more
/// than reading the input: a record is read, matched and forgotten. What differs from the index is
/// only what depends on the whole dictionary, which a stream never has: substring matches are
/// always considered (an index turns them off above 300,000 terms) and two-typo words are never
/// held to their first letters (an index does so above 10,000 terms).
public struct RecordMatcher {
  public let query: ParsedQuery
  private let words: [Highlighter.PreparedWord]
  private let orderedMask: UInt32
  private var distance = BoundedDistance()
  private var slots: [UInt32]
  private var wordCounts: [UInt8]
  private var tokenizer = Tokenizer()

  /// `searchable` names the record's searchable attributes in order; `ordered` those where the
  /// position ranks.
  public init(query: ParsedQuery, searchableCount: Int, orderedAttributes: [Bool]) {
    self.query = query
    words = query.words.map(Highlighter.PreparedWord.init)
    var mask: UInt32 = 0
    for (i, ordered) in orderedAttributes.enumerated() where ordered && i < 32 { mask |= 1 << UInt32(i) }
    orderedMask = mask
    slots = [UInt32](repeating: .max, count: ParsedQuery.maxWords)
    wordCounts = [UInt8](repeating: 0, count: max(1, searchableCount))
  }

  /// The record's match, given its searchable values in order: which words matched (bit per
  /// word) and the ranking key's relevance (`RankingRule.relevance`); nil when no word matched.
  public mutating func match(_ values: [UnsafeBufferPointer<UInt8>]) -> (matched: UInt16, relevance: UInt64)? {
    let wordCount = words.count
    guard wordCount > 0 else { return nil }
    for w in 0..<wordCount { slots[w] = .max }
    for (attribute, full) in values.enumerated() where attribute < SearchIndex.maxSearchableAttributes {
      var value = full
      if value.count > DocumentStore.maxIndexedValueBytes {
        var end = DocumentStore.maxIndexedValueBytes
        while end > 0 && value[end] & 0xC0 == 0x80 { end -= 1 }
        // Safe: end <= maxIndexedValueBytes < value.count.
        value = UnsafeBufferPointer(rebasing: value[..<end])
      }
      var count = 0
      var tokenizer = self.tokenizer
      defer { self.tokenizer = tokenizer }  // its buffer is reused by the next value
      tokenizer.tokenize(value) { term, location in
        count += 1
        let place = UInt32(attribute) << 12 | UInt32(min(location.position, SearchIndex.maxPosition))
        var decoded = false
        for w in 0..<wordCount {
          guard let (cost, exact) = cost(of: term, for: w, decoded: &decoded) else { continue }
          let packed = UInt32(cost) << 17 | place << 1 | (exact ? 0 : 1)
          if packed < slots[w] { slots[w] = packed }
        }
      }
      if attribute < wordCounts.count { wordCounts[attribute] = UInt8(min(count, 255)) }
    }
    var matched: UInt16 = 0
    for w in 0..<wordCount where slots[w] != .max { matched |= 1 << UInt16(w) }
    guard matched != 0 else { return nil }
    let counts = wordCounts
    // Safe: slots holds maxWords entries, and the summary reads the first wordCount of them.
    let summary = slots.withUnsafeBufferPointer { slots in
      Searcher.summary(
        slots: slots, wordCount: wordCount, attributeWordCount: { $0 < counts.count ? counts[$0] : 0 },
        orderedMask: orderedMask)
    }
    return (matched, RankingRule.relevance(RankingRule.key(summary, record: 0)))
  }

  /// How term `term` matches word `w`: typos (3 for a match inside it) and whether as a whole word;
  /// nil when it does not.
  private mutating func cost(
    of term: UnsafeBufferPointer<UInt8>, for w: Int, decoded: inout Bool
  ) -> (UInt8, Bool)? {
    let prepared = words[w]
    let word = prepared.word
    let folded = word.folded
    let common = Highlighter.commonPrefixLength(term, folded)
    if common == folded.count && common == term.count { return (0, true) }
    if word.isPrefix && common == folded.count { return (0, false) }
    var best: (UInt8, Bool)? = nil
    if prepared.mayMatchWithTypos(term) {
      prepared.decode(term, into: &distance, once: &decoded)
      if word.isPrefix {
        let (d, _) = distance.prefixDistance(word.scalars)
        if d > 0 && d <= word.typoBudget {
          // Whole when the term itself is as close as its closest prefix (the index's walk).
          best = (UInt8(d), distance.distance(word.scalars, limit: d) == d)
        }
      } else {
        let d = distance.distance(word.scalars, limit: word.typoBudget)
        if d > 0 && d <= word.typoBudget { best = (UInt8(d), true) }
      }
    }
    // Inside the term, after its first byte (a match at the start is a prefix, above).
    // Safe: 1..<term.count lies within the term.
    if best == nil && word.scalars.count >= 3 && term.count > folded.count,
      Highlighter.firstIndex(of: folded, in: UnsafeBufferPointer(rebasing: term[1...])) != nil
    {
      best = (3, false)
    }
    return best
  }
}
