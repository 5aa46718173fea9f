/// A request for one page of results.
public struct SearchRequest: Sendable, Equatable {
  /// The longest query the engine reads, in characters; past it a query is read cut (the app
  /// stops typing there, `--filter` says so). Only eight words take part, but each word that
  /// matches nothing is dropped and lets the next one in: without a bound, thousands of such
  /// words cost thousands of rounds.
  public static let maxQueryCharacters = 4096

  public var query: String
  public var page: Int
  public var hitsPerPage: Int
  /// When every word together matches nothing, drop words from the end, one at a time
  /// (Algolia's `removeWordsIfNoResults: lastWords`).
  public var removeWordsIfNoResults: Bool
  /// Compute highlight ranges and snippets for the page's hits.
  public var highlight: Bool
  /// Which attributes: all searchable ones, or only what a list shows (the title, and a snippet of
  /// the first long attribute that matched when the title did not).
  public var highlightScope: HighlightScope
  /// Continue after this ranking key (the `key` of the last hit already shown) instead of paging
  /// by offset: the next page costs what the first did, however deep the list is scrolled.
  /// `page` is then ignored.
  public var after: UInt64?
  /// Count every hit exactly and never answer from the typo-free tier alone: for one-shot
  /// callers (`--filter`), whose pages 1...nbPages must hold every hit once.
  public var exhaustive: Bool
  /// Only records that pass (see `FacetIndex.evaluate`).
  public var filter: RecordFilter?
  /// Facets to count over every hit ("*": all of them), and how many values of each to return.
  public var facets: [String]
  public var maxValuesPerFacet: Int
  /// Numeric facets also come with a histogram of at most this many buckets (0: none).
  public var histogramBuckets = 0
  /// Numeric facets' values counted in `facets` too (Algolia's response), not their range alone.
  public var countsNumericFacetValues = false
  /// Order by an attribute's number instead of relevance (relevance breaks ties).
  public var sort: SortOrder?
  /// Facets counted in the same pass under filters of their own (InstantSearch's disjunctive
  /// faceting: a refined attribute's counts ignore its own refinements): attribute and filter.
  public var disjunctiveFacets: [DisjunctiveFacet] = []
  /// How terms match (fzf's `-e`, `-i`, `+i`): the fuzzy tier, extended syntax, case.
  public var matching = MatchOptions()
  /// fzf's `--no-sort` (and `toggle-sort`, `!terms` alone): every match in input order instead
  /// of ranked (see `Searcher.inputOrderedPage`); `after` is then an input position.
  public var inputOrder = false
  /// Records picked before for queries like this one, each with its level (see
  /// `RankingRule.learned`): they rise inside their typo and words bucket. Not with a sort or in
  /// input order (the user asked for that order).
  public var learned: [LearnedRecord] = []
  /// Words learned from picks for words the index does not know (SeekCore's LearnedSynonyms),
  /// read as the lexicon's are (Lexicon.swift), before them.
  public var learnedWords: Lexicon? = nil
  /// Records ranked first among hits that match as well by typo, words and picks (Algolia's
  /// `optionalFilters`, one filter: the category the query points to). Not with a sort, and not
  /// for the fuzzy tier (lines).
  public var optionalFilter: RecordFilter? = nil
  /// Algolia's `distinct`: at most `perValue` hits for each value of one attribute, the best of
  /// each group kept (see Searcher+Distinct.swift).
  public var distinct: Distinct? = nil

  /// Pages beyond this are empty: `page * hitsPerPage` must not overflow, and no index holds more.
  public static let maxPage = 1 << 24
  public static let maxHitsPerPage = 1 << 28
  public static func clamped(page: Int) -> Int { min(max(0, page), maxPage) }
  public static func clamped(hitsPerPage: Int) -> Int { min(max(1, hitsPerPage), maxHitsPerPage) }

  public init(
    query: String, page: Int = 0, hitsPerPage: Int = 20, removeWordsIfNoResults: Bool = true,
    highlight: Bool = true, highlightScope: HighlightScope = .all, after: UInt64? = nil, exhaustive: Bool = false,
    filter: RecordFilter? = nil, facets: [String] = [], maxValuesPerFacet: Int = 10, sort: SortOrder? = nil
  ) {
    self.filter = filter
    self.facets = facets
    self.maxValuesPerFacet = max(1, maxValuesPerFacet)
    self.sort = sort
    self.query = query
    self.page = Self.clamped(page: page)
    self.hitsPerPage = Self.clamped(hitsPerPage: hitsPerPage)
    self.removeWordsIfNoResults = removeWordsIfNoResults
    self.highlight = highlight
    self.highlightScope = highlightScope
    self.after = after
    self.exhaustive = exhaustive
  }
}

/// Algolia's `attributeForDistinct` (as the document column `attribute`) and `distinct` (how many
/// hits each value keeps: 1 for one hit per value).
public struct Distinct: Sendable, Equatable {
  public var attribute: Int
  public var perValue: Int

  public init(attribute: Int, perValue: Int = 1) {
    self.attribute = attribute
    self.perValue = max(1, perValue)
  }
}

/// A record learned from picks, and how much (1 to `RankingRule.maxLearned`).
public struct LearnedRecord: Sendable, Equatable {
  public var record: Int
  public var level: Int

  public init(record: Int, level: Int) {
    self.record = record
    self.level = min(max(level, 1), RankingRule.maxLearned)
  }
}

/// A facet counted under a filter of its own (the request's filter without that facet's
/// refinements); nil: every hit counts.
public struct DisjunctiveFacet: Sendable, Equatable {
  public var attribute: String
  public var filter: RecordFilter?

  public init(attribute: String, filter: RecordFilter?) {
    self.attribute = attribute
    self.filter = filter
  }
}

/// `price:asc`, `popularity:desc`: an order by a numeric facet; records without a number come last.
public struct SortOrder: Sendable, Equatable, CustomStringConvertible {
  public var attribute: String
  public var descending: Bool

  public init(attribute: String, descending: Bool) {
    self.attribute = attribute
    self.descending = descending
  }

  /// Parses `attribute:asc` or `attribute:desc`.
  public init?(parsing text: String) {
    guard let colon = text.lastIndex(of: ":") else { return nil }
    let name = String(text[..<colon]).trimmingSpaces
    let direction = text[text.index(after: colon)...].lowercased()
    guard !name.isEmpty, direction == "asc" || direction == "desc" else { return nil }
    self.init(attribute: name, descending: direction == "desc")
  }

  public var description: String { "\(attribute):\(descending ? "desc" : "asc")" }
}

public enum HighlightScope: Sendable, Equatable {
  /// Every searchable attribute with a match.
  case all
  /// What a list shows: the title when it matched, else a snippet of the first long attribute
  /// where some word has its best match (`Hit.bestMatchAttributes`, when the highlighter is given
  /// it). A word that also occurs, less well, in a long description does not cost a pass over
  /// that description for every hit.
  case titleAndSnippet
}

/// Matched ranges of one attribute, as UTF-8 byte offsets into the original value.
public struct AttributeHighlight: Sendable, Equatable {
  public var attribute: String
  public var value: String
  public var ranges: [Range<Int>]
}

/// A window of words around the first match of a long attribute; ranges are offsets into `text`.
public struct Snippet: Sendable, Equatable {
  public var attribute: String
  public var text: String
  public var ranges: [Range<Int>]
}

public struct Hit: Sendable, Equatable {
  /// Internal id in the index that produced the hit.
  public var record: Int
  public var objectID: String
  public var ranking: MatchSummary
  /// Highlights of every searchable attribute that matched.
  public var highlights: [AttributeHighlight]
  public var snippet: Snippet?
  /// The packed ranking key (relevance, then record id).
  public var key: UInt64
  /// The searchable attributes (bit `a` for the `a`-th, in searchable order) where some query word
  /// has its best match: where a list's snippet is looked for (see `HighlightScope.titleAndSnippet`).
  public var bestMatchAttributes: UInt32 = 0
}

extension Hit {
  /// A record placed by hand (a rule's pin), not ranked: no match features, key 0.
  public static func placed(record: Int, objectID: String) -> Hit {
    Hit(
      record: record, objectID: objectID,
      ranking: MatchSummary(typos: 0, words: 0, proximity: 0, attribute: 0, position: 0, exact: 0),
      highlights: [], snippet: nil, key: 0)
  }
}

public struct SearchResponse: Sendable, Equatable {
  public var query: String
  public var hits: [Hit]
  public var nbHits: Int
  public var page: Int
  public var hitsPerPage: Int
  /// `false` when `nbHits` is an estimate (very broad queries on very large indexes).
  public var exhaustiveNbHits: Bool
  /// Words dropped from the end of the query because all of them together matched nothing; the
  /// dropped words still rank hits that contain them higher.
  public var droppedWords: [String]
  /// Whether any hit on this page matched with typos.
  public var typoCorrected: Bool
  /// Counts of the requested facets over every hit (over the typo-free hits only when the search
  /// was tiered: then `exhaustiveFacetsCount` is false, like `exhaustiveNbHits`).
  public var facets: [FacetResult] = []
  public var exhaustiveFacetsCount = true
  /// Whether a learned hit on this page ranks above one the rules alone put above it.
  public var reorderedByLearning = false

  public var nbPages: Int { nbHits == 0 ? 0 : (nbHits + hitsPerPage - 1) / hitsPerPage }

  public static func empty(_ request: SearchRequest) -> SearchResponse {
    SearchResponse(
      query: request.query, hits: [], nbHits: 0, page: request.page,
      hitsPerPage: request.hitsPerPage, exhaustiveNbHits: true, droppedWords: [],
      typoCorrected: false)
  }
}
