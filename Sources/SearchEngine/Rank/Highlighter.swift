/// Finds where a query matched in a record's attributes, as byte ranges of the original text
/// (multi-byte and combining characters included), and cuts snippets from long attributes. Markup
/// is left to whoever displays the ranges.
public struct Highlighter {
  public let index: SearchIndex
  public let query: ParsedQuery
  /// The query's words with their per-token checks prepared: once per query, not per hit.
  let words: [PreparedWord]
  /// Attributes longer than this (in bytes) get a snippet instead of being shown whole.
  public static let snippetThreshold = 80
  /// Words shown before and after the first match in a snippet.
  public static let snippetWordsBefore = 4
  public static let snippetWordsAfter = 10

  /// The query as fzf reads it, for the hits of the fuzzy tier.
  public let extended: ExtendedQuery?
  /// Its matcher, made at the first fuzzy hit and kept for the page's others (a matcher holds
  /// scratch tables: one per page, not one per hit).
  private let fuzzyMatcher = MatcherBox()

  private final class MatcherBox {
    var matcher: ExtendedMatcher?
  }

  /// `learned`: the request's words learned from picks (`SearchRequest.learnedWords`).
  public init(index: SearchIndex, query: ParsedQuery, extended: ExtendedQuery? = nil, learned: Lexicon? = nil) {
    self.index = index
    // As the index answers it: the lexicon's words for a word it does not know (Lexicon.swift),
    // no typo on a word it knows (KnownWords.swift).
    self.query = index.read(query, learned: learned)
    self.extended = extended
    words = self.query.words.map(PreparedWord.init)
  }

  /// Where a hit of the fuzzy tier matched: fzf's positions in its searched text.
  func fuzzyHighlights(record: Int) -> [AttributeHighlight] {
    guard let extended else { return [] }
    var matcher = fuzzyMatcher.matcher ?? ExtendedMatcher(extended)
    let column = index.fuzzyColumn
    let found = index.documents.withIndexedValue(record, column) { matcher.matchedRanges($0) }
    fuzzyMatcher.matcher = matcher
    guard let ranges = found, !ranges.isEmpty else { return [] }
    return [
      AttributeHighlight(
        attribute: index.documents.attributes[column], value: index.documents.indexedValue(record, column),
        ranges: ranges)
    ]
  }

  /// Highlights of every searchable attribute with a match, and a snippet of the first long one
  /// (other than the title) where the match is. With `.titleAndSnippet` and `bestMatchAttributes`
  /// (bits in searchable order, from the hit), only those attributes are looked through for a snippet.
  public func highlight(
    record: Int, scope: HighlightScope = .all, bestMatchAttributes: UInt32? = nil, fuzzy: Bool = false
  ) -> ([AttributeHighlight], Snippet?) {
    if fuzzy { return (fuzzyHighlights(record: record), nil) }
    guard !query.isEmpty else { return ([], nil) }
    var highlights: [AttributeHighlight] = []
    var snippet: Snippet? = nil
    var columns = index.searchableColumns
    if scope == .titleAndSnippet, let title = columns.firstIndex(of: index.titleColumn) {
      columns.swapAt(0, title)
    }
    for column in columns {
      // A list shows the title, or a snippet when the title did not match: nothing more to find.
      if scope == .titleAndSnippet
        && (snippet != nil || highlights.contains { $0.attribute == index.documents.attributes[index.titleColumn] })
      {
        break
      }
      if scope == .titleAndSnippet, column != index.titleColumn, let best = bestMatchAttributes,
        let a = index.searchableColumns.firstIndex(of: column), best >> UInt32(a) & 1 == 0
      {
        continue
      }
      // Token locations are only needed to cut a snippet from a long attribute (not the title).
      // Nothing found by a typo is marked in an attribute that takes none.
      let typos =
        index.searchableColumns.firstIndex(of: column).map { index.matchRules.typoFreeMask >> UInt32($0) & 1 == 0 }
        ?? true
      let (ranges, tokens, long) = index.documents.withIndexedValue(record, column) {
        let long = column != index.titleColumn && $0.count > Self.snippetThreshold
        let (ranges, tokens) = Self.matches(
          in: $0, words: words, substring: index.substringMatching, typos: typos, locatingTokens: long,
          phrases: index.matchRules.phrases)
        return (ranges, tokens, long)
      }
      guard !ranges.isEmpty else { continue }
      let value = index.documents.indexedValue(record, column)
      let name = index.documents.attributes[column]
      highlights.append(AttributeHighlight(attribute: name, value: value, ranges: ranges))
      if snippet == nil && long {
        snippet = Self.snippet(attribute: name, value: value, ranges: ranges, tokens: tokens)
      }
    }
    return (highlights, snippet)
  }

  /// A query word with what the per-token checks need precomputed.
  struct PreparedWord {
    let word: QueryWord
    let letters: UInt64

    init(_ word: QueryWord) {
      self.word = word
      letters = BoundedDistance.letterMask(word.folded[...])
    }

    /// A cheap necessary condition for `term` to be within the word's typo budget (as a prefix
    /// for the word being typed), before any distance is computed.
    @inline(__always) func mayMatchWithTypos(_ term: UnsafeBufferPointer<UInt8>) -> Bool {
      word.typoBudget > 0 && (word.isPrefix || abs(term.count - word.folded.count) <= 2 * word.typoBudget)
        && BoundedDistance.mayMatch(
          letters: letters, wordLength: word.folded.count, term: term, budget: word.typoBudget,
          prefix: word.isPrefix)
    }

    /// Whether `term` is one of the word's alternatives (plural forms, synonyms): a whole match.
    @inline(__always) func isAlternative(_ term: UnsafeBufferPointer<UInt8>) -> Bool {
      for alternative in word.alternatives where alternative.count == term.count {
        if alternative.elementsEqual(term) { return true }
      }
      return false
    }

    /// Sets `term` in `distance` unless it already is (`decoded`), for the words after the first.
    @inline(__always) func decode(
      _ term: UnsafeBufferPointer<UInt8>, into distance: inout BoundedDistance, once decoded: inout Bool
    ) {
      guard !decoded else { return }
      distance.decode(term)
      decoded = true
    }
  }

  /// Matched byte ranges of `text` (sorted, merged) and the locations of all its words.
  public static func matches(
    in text: String, query: ParsedQuery, substring: Bool, typos: Bool = true, phrases: Phrases = Phrases()
  ) -> ([Range<Int>], [TokenLocation]) {
    var copy = text
    let words = query.words.map(PreparedWord.init)
    return copy.withUTF8 { matches(in: $0, words: words, substring: substring, typos: typos, phrases: phrases) }
  }

  /// With `locatingTokens` false the locations come back empty (a short attribute needs no
  /// snippet, and a hit's title is highlighted on every keystroke).
  static func matches(
    in bytes: UnsafeBufferPointer<UInt8>, words: [PreparedWord], substring: Bool, typos: Bool = true,
    locatingTokens: Bool = true, phrases: Phrases = Phrases()
  ) -> ([Range<Int>], [TokenLocation]) {
    var ranges: [Range<Int>] = []
    var tokens: [TokenLocation] = []
    var distance = BoundedDistance()
    // The words are read in place, through the buffer: copying one out per token retained and
    // released its arrays, which cost more than the comparisons.
    words.withUnsafeBufferPointer { words in
      phrases.tokenize(bytes) { term, location, isPhrase in
        if isPhrase {
          // A phrase is marked whole where it is one of a word's alternatives (a synonym).
          if words.contains(where: { $0.isAlternative(term) }) { ranges.append(location.start..<location.end) }
          return
        }
        if locatingTokens { tokens.append(location) }
        var decoded = false
        for w in words.indices {
          var foldedLength: Int? = nil  // -1: the whole word
          let common = commonPrefixLength(term, words[w].word.folded)
          let letters = words[w].word.folded.count
          if common == letters && common == term.count {
            foldedLength = -1
          } else if words[w].isAlternative(term) {
            foldedLength = -1
          } else if words[w].word.isPrefix && common == letters {
            foldedLength = words[w].word.scalars.count
          } else if typos && words[w].mayMatchWithTypos(term) {
            words[w].decode(term, into: &distance, once: &decoded)
            let budget = words[w].word.typoBudget
            if words[w].word.isPrefix {
              let (d, length) = distance.prefixTypos(words[w].word.scalars)
              if d <= budget { foldedLength = length == distance.termLength ? -1 : length }
            } else if distance.typos(words[w].word.scalars, limit: budget) <= budget {
              foldedLength = -1
            }
          }
          if let length = foldedLength {
            let end = length < 0 ? location.end : sourceOffset(bytes, location, foldedScalars: length)
            ranges.append(location.start..<end)
            break
          }
          let scalars = words[w].word.scalars.count
          if substring && scalars >= 3, let at = firstIndex(of: words[w].word.folded, in: term), at > 0 {
            var startScalars = 0
            for i in 0..<at where term[i] & 0xC0 != 0x80 { startScalars += 1 }
            let start = sourceOffset(bytes, location, foldedScalars: startScalars)
            let end = sourceOffset(bytes, location, foldedScalars: startScalars + scalars)
            if start < end { ranges.append(start..<end) }
            break
          }
        }
      }
    }
    return (merge(ranges), tokens)
  }

  @inline(__always) static func commonPrefixLength(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Int {
    let n = min(a.count, b.count)
    var i = 0
    while i < n && a[i] == b[i] { i += 1 }
    return i
  }

  /// The source offset where the first `foldedScalars` folded scalars of a word end.
  static func sourceOffset(
    _ bytes: UnsafeBufferPointer<UInt8>, _ location: TokenLocation, foldedScalars: Int
  ) -> Int {
    var i = location.start
    var produced = 0
    while i < location.end && produced < foldedScalars {
      let (scalar, length) = UTF8.decode(bytes, at: i)
      TextFolding.fold(scalar) { _ in produced += 1 }
      i += length
    }
    // Combining marks after the last base character belong to it.
    while i < location.end {
      let (scalar, length) = UTF8.decode(bytes, at: i)
      var folds = 0
      TextFolding.fold(scalar) { _ in folds += 1 }
      if folds > 0 { break }
      i += length
    }
    return i
  }

  static func firstIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
    guard needle.count <= haystack.count, !needle.isEmpty else { return nil }
    outer: for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
      for k in 1..<needle.count where haystack[i + k] != needle[k] { continue outer }
      return i
    }
    return nil
  }

  static func merge(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var out: [Range<Int>] = []
    for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = out.last, r.lowerBound <= last.upperBound {
        out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
      } else {
        out.append(r)
      }
    }
    return out
  }

  static let ellipsis = "…"

  static func snippet(
    attribute: String, value: String, ranges: [Range<Int>], tokens: [TokenLocation]
  ) -> Snippet {
    let first = ranges[0].lowerBound
    let hitToken = tokens.firstIndex { $0.end > first } ?? 0
    let startToken = max(0, hitToken - snippetWordsBefore)
    let endToken = min(tokens.count - 1, hitToken + snippetWordsAfter)
    let start = startToken == 0 ? 0 : tokens[startToken].start
    let end = endToken == tokens.count - 1 ? value.utf8.count : tokens[endToken].end
    let utf8 = Array(value.utf8)
    let prefix = start > 0 ? ellipsis : ""
    let suffix = end < utf8.count ? ellipsis : ""
    let shift = prefix.utf8.count - start
    let text = prefix + String(decoding: utf8[start..<end], as: UTF8.self) + suffix
    let inside = ranges.compactMap { r -> Range<Int>? in
      let lo = max(r.lowerBound, start)
      let hi = min(r.upperBound, end)
      return lo < hi ? (lo + shift)..<(hi + shift) : nil
    }
    return Snippet(attribute: attribute, text: text, ranges: inside)
  }
}
