/// How a catalog is indexed and ranked: the searchable attributes in order of importance, the title,
/// and the custom ranking used after the textual criteria.
public struct IndexSettings: Sendable, Equatable {
  /// Searchable attributes, earlier = more important (Algolia's `searchableAttributes`, ordered).
  public var searchableAttributes: [String]
  /// The attribute shown as the item's name; the smart list compares the query against it.
  public var titleAttribute: String
  /// Numeric tie-breaks after the textual criteria, e.g. `[.descending("popularity")]`.
  public var customRanking: [CustomRanking]
  public var typoTolerance: TypoTolerance
  /// Whether a word may match inside a longer word ("ground" → "background"). `nil` lets the index
  /// decide: on while the dictionary is small enough for a scan of every term to stay well under a
  /// millisecond.
  public var substringMatching: Bool?
  /// Whether two-typo words must start with their first or second letter. `nil` lets the index
  /// decide: yes above `Searcher.firstLettersFixedAbove` terms.
  public var firstLettersFixed: Bool? = nil
  /// Attributes that can be refined (filters, facet counts, sort): Algolia's
  /// `attributesForFaceting`.
  public var attributesForFaceting: [String]
  /// Attributes whose values are lists (JSON arrays, stored as "a, b"): each element is a facet
  /// value.
  public var multiValuedAttributes: Set<String>
  /// Searchable attributes where the word's position ranks (Algolia's `ordered(attribute)`): a
  /// match at the start of the name beats one further in. Elsewhere (`unordered`, the default, as
  /// Algolia recommends) only which attribute matched ranks: "tv" at the end of a Samsung TV's
  /// name is as good as at the start of a wall mount's, and popularity decides.
  public var orderedAttributes: Set<String>
  /// What orders records that every textual rule and the custom ranking leave equal, in order;
  /// input order always decides last (fzf's `--tiebreak`).
  public var tiebreak: [Tiebreak]
  /// Input order reversed, wherever it decides (fzf's `--tac`): the last line first.
  public var reverseInputOrder: Bool
  /// Plural forms and synonyms a query word also finds (read at query time: no index changes).
  public var alternatives = WordAlternatives()
  /// Algolia's `removeStopWords`: English stop words are left out of queries (read at query time).
  public var removeStopWords = false
  /// Algolia's `exactOnSingleWordQuery` (read at query time); `nil` lets the custom ranking decide
  /// (`singleWordExactness`).
  public var exactOnSingleWordQuery: SingleWordExactness? = nil
  /// Algolia's `disableTypoToleranceOnAttributes` (read at query time): in these attributes a
  /// word matches only as typed (a prefix, a plural or synonym, or inside a longer word), never by
  /// a typo — codes, SKUs, model numbers.
  public var typoFreeAttributes: Set<String> = []
  /// Words that, right after a model number in the title, name a sibling of the model
  /// (ModelVariants.swift): folded; none by default (lines rank as fzf does).
  public var variantWords: Set<[UInt8]> = []
  /// Words for the words a catalog does not use (Lexicon.swift; read at query time); none by default.
  public var lexicon: Lexicon? = nil

  public init(
    searchableAttributes: [String], titleAttribute: String? = nil,
    customRanking: [CustomRanking] = [], typoTolerance: TypoTolerance = TypoTolerance(),
    substringMatching: Bool? = nil, attributesForFaceting: [String] = [], multiValuedAttributes: Set<String> = [],
    orderedAttributes: Set<String> = [], tiebreak: [Tiebreak] = [.name], reverseInputOrder: Bool = false,
    alternatives: WordAlternatives = WordAlternatives()
  ) {
    self.alternatives = alternatives
    self.orderedAttributes = orderedAttributes
    self.tiebreak = tiebreak
    self.reverseInputOrder = reverseInputOrder
    self.attributesForFaceting = attributesForFaceting
    self.multiValuedAttributes = multiValuedAttributes
    self.searchableAttributes = searchableAttributes
    self.titleAttribute = titleAttribute ?? searchableAttributes.first ?? "text"
    self.customRanking = customRanking
    self.typoTolerance = typoTolerance
    self.substringMatching = substringMatching
  }
}

/// A final tie-break between records equal on every rule (fzf's `--tiebreak`).
public enum Tiebreak: String, Sendable, Equatable, CaseIterable {
  /// Shorter titles first (fzf's default: the line most likely meant).
  case length
  /// Input order (reversed by `reverseInputOrder`).
  case index
  /// Titles in alphabetical order (folded: case and diacritics ignored).
  case name
  /// fzf's per-match criteria, for the fuzzy tier (`FuzzyTie`): the match starting earlier in the
  /// text, ending nearer its end, or lying in a shorter chunk (run of non-blanks) first. They rank
  /// before the per-record criteria above, whatever their place in the list.
  case begin
  case end
  case chunk
  /// The match in the file name rather than in a folder above it (fzf's, `--scheme=path`'s first).
  case pathname

  /// Decided by where the query matched, not by the record alone.
  public var isPerMatch: Bool { self == .begin || self == .end || self == .chunk || self == .pathname }

  /// Parses `length,index` (fzf's syntax); nil for an unknown criterion or a repeated one.
  public static func parseList(_ text: String) -> [Tiebreak]? {
    var out: [Tiebreak] = []
    for part in text.split(separator: ",") {
      guard let t = Tiebreak(rawValue: String(part).trimmingSpaces), !out.contains(t) else { return nil }
      out.append(t)
    }
    return out.isEmpty ? nil : out
  }
}

/// A numeric attribute that orders records with equal textual relevance.
public enum CustomRanking: Sendable, Equatable, CustomStringConvertible {
  case ascending(String)
  case descending(String)

  public var attribute: String {
    switch self {
    case .ascending(let name), .descending(let name): return name
    }
  }

  public var description: String {
    switch self {
    case .ascending(let name): return "asc(\(name))"
    case .descending(let name): return "desc(\(name))"
    }
  }

  /// Parses `desc(popularity)` or `asc(price)`.
  public init?(parsing text: String) {
    let trimmed = text.trimmingSpaces
    func inner(_ prefix: String) -> String? {
      guard trimmed.hasPrefix(prefix + "("), trimmed.hasSuffix(")") else { return nil }
      let name = String(trimmed.dropFirst(prefix.count + 1).dropLast()).trimmingSpaces
      return name.isEmpty ? nil : name
    }
    if let name = inner("desc") {
      self = .descending(name)
    } else if let name = inner("asc") {
      self = .ascending(name)
    } else {
      return nil
    }
  }
}

/// Algolia's default typo tolerance: no typo under 4 letters, one from 4, two from 8.
public struct TypoTolerance: Sendable, Equatable {
  /// Algolia's `typoTolerance` values other than `false` (which is `enabled` off).
  public enum Tiers: String, Sendable, Equatable {
    /// `true`: every match within the budget counts.
    case all = "true"
    /// `min`: only the matches with the fewest typos (none when there are typo-free ones).
    case min
    /// `strict`: the matches of the two lowest typo counts.
    case strict
  }

  public var minWordSizeForOneTypo: Int
  public var minWordSizeForTwoTypos: Int
  public var enabled: Bool
  public var tiers: Tiers = .all
  /// Algolia's `allowTyposOnNumericTokens`, off by default (as Meilisearch and Typesense users
  /// ask): "99999" must not find "19999", nor a model number its neighbour.
  public var allowTyposOnNumericTokens: Bool
  /// Whether a word the index knows may still match with typos: Algolia's way, and the engine's
  /// default; catalogs of records turn it off (`CatalogSettings`, KnownWords.swift).
  public var typosOnKnownWords = true

  public init(
    minWordSizeForOneTypo: Int = 4, minWordSizeForTwoTypos: Int = 8, enabled: Bool = true,
    allowTyposOnNumericTokens: Bool = false
  ) {
    self.minWordSizeForOneTypo = minWordSizeForOneTypo
    self.minWordSizeForTwoTypos = minWordSizeForTwoTypos
    self.enabled = enabled
    self.allowTyposOnNumericTokens = allowTyposOnNumericTokens
  }

  /// How many typos a query word may contain: by length, none in a number unless allowed.
  public func budget(for scalars: [UInt32]) -> Int {
    if !allowTyposOnNumericTokens && scalars.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return 0 }
    return budget(forLength: scalars.count)
  }

  /// How many typos a word of `length` characters may contain.
  public func budget(forLength length: Int) -> Int {
    guard enabled else { return 0 }
    if length >= minWordSizeForTwoTypos { return 2 }
    if length >= minWordSizeForOneTypo { return 1 }
    return 0
  }
}

extension String {
  var trimmingSpaces: String {
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
