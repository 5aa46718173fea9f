/// When one word typed counts as exact (Algolia's `exactOnSingleWordQuery`).
public enum SingleWordExactness: String, Sendable, Equatable, CaseIterable {
  /// Only when the word is a whole attribute: "mac" does not rank "mac mini" above the more popular
  /// "macbook". Right where a custom ranking (popularity) separates the prefix matches.
  case attribute
  /// When the word matches a whole word, not the start of a longer one: "react" ranks `react-dom`
  /// above `reactjs`. Right where nothing but a tie-break would (no custom ranking: lines).
  case word
  /// Never (Algolia's `none`; not named so, as `.none` would read as an absent setting): one word
  /// ranks by the other rules alone.
  case never = "none"
}

/// How a match counts and ranks by where it is, read from the settings once per searcher or scan:
/// which attributes' word positions count (`ordered(attribute)`), which take no typos, and when
/// one word is exact.
public struct MatchRules: Sendable, Equatable {
  /// Bit `a` set: the word's position in searchable attribute `a` ranks.
  public var orderedMask: UInt32
  public var singleWord: SingleWordExactness
  /// Bit `a` set: searchable attribute `a` takes no typos (`disableTypoToleranceOnAttributes`).
  public var typoFreeMask: UInt32
  /// Multi-word synonyms, read as terms where texts are tokenized (Phrases.swift).
  public var phrases: Phrases
  /// The searchable attribute that is the title, where variant runs are found (ModelVariants.swift);
  /// -1 without variant words.
  public var titleAttribute: Int = -1
  /// The variant words, packed (`ModelVariants.packedSet`).
  public var variantWords: Set<UInt64> = []

  public init(
    orderedMask: UInt32 = 0, singleWord: SingleWordExactness = .attribute, typoFreeMask: UInt32 = 0,
    phrases: Phrases = Phrases()
  ) {
    self.orderedMask = orderedMask
    self.singleWord = singleWord
    self.typoFreeMask = typoFreeMask
    self.phrases = phrases
  }

  /// The rules of `settings` for its searchable attributes `names`, in order.
  public init(settings: IndexSettings, searchable names: [String]) {
    func mask(_ chosen: Set<String>) -> UInt32 {
      var mask: UInt32 = 0
      for (i, name) in names.enumerated() where i < 32 && chosen.contains(name) { mask |= 1 << UInt32(i) }
      return mask
    }
    self.init(
      orderedMask: mask(settings.orderedAttributes), singleWord: settings.singleWordExactness,
      typoFreeMask: mask(settings.typoFreeAttributes), phrases: settings.alternatives.phrases)
    if !settings.variantWords.isEmpty, let title = names.firstIndex(of: settings.titleAttribute),
      title < SearchIndex.maxSearchableAttributes
    {
      titleAttribute = title
      variantWords = ModelVariants.packedSet(settings.variantWords)
    }
  }

  @inline(__always) func isOrdered(_ attribute: Int) -> Bool { orderedMask >> attribute & 1 == 1 }

  /// Whether a match of cost `cost` (typos; 3 inside a word) at `place` counts: not a typo in
  /// an attribute that takes none.
  @inline(__always) func admits(cost: UInt32, place: UInt32) -> Bool {
    cost == 0 || cost >= 3 || typoFreeMask >> (place >> 12) & 1 == 0
  }

  /// The `exact` of a one-word query's match: a whole attribute beats the attribute's whole first
  /// field (an ordered attribute's leading run of non-blanks: `react` in "react — a library"),
  /// which beats a whole word elsewhere (`react` in "react-dom"), which beats a prefix.
  public static let wholeWord = 1
  public static let wholeFirstField = 2
  public static let wholeAttribute = 3

  /// The `exact` of a match equal to a whole attribute, for a query of `wordCount` words.
  @inline(__always) public static func wholeAttributeExactness(wordCount: Int) -> Int {
    wordCount == 1 ? wholeAttribute : wordCount + 1
  }
}

extension IndexSettings {
  /// `exactOnSingleWordQuery` as given, or by default `word` without a custom ranking (nothing but a
  /// tie-break separates `react` from `reactjs`) and `attribute` with one (popularity does).
  public var singleWordExactness: SingleWordExactness {
    exactOnSingleWordQuery ?? (customRanking.isEmpty ? .word : .attribute)
  }
}

/// A record's words in one searchable attribute, packed in a byte: how many (up to 127; a query
/// has at most `ParsedQuery.maxWords`, so a larger count only has to say "more"), and in the high
/// bit whether its first word is a whole field — a run of non-blanks, fzf's "chunk" — as `react`
/// is in "react — a library" and is not in "react-dom".
public enum AttributeWords {
  static let leadingFieldBit: UInt8 = 0x80

  @inline(__always) public static func pack(count: Int, firstWordIsField: Bool) -> UInt8 {
    UInt8(min(count, 127)) | (firstWordIsField ? leadingFieldBit : 0)
  }

  @inline(__always) public static func count(_ packed: UInt8) -> Int { Int(packed & 0x7F) }

  @inline(__always) public static func firstWordIsField(_ packed: UInt8) -> Bool { packed & leadingFieldBit != 0 }

  /// Whether the word at `location` (the first of `text`) is a whole field: blanks before it, a
  /// blank or the end after it.
  @inline(__always) public static func isWholeField(_ text: UnsafeBufferPointer<UInt8>, _ location: TokenLocation)
    -> Bool
  {
    for i in 0..<location.start where !isBlank(text[i]) { return false }
    return location.end >= text.count || isBlank(text[location.end])
  }

  @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
