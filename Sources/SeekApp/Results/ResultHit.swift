import SearchEngine

/// A catalog hit as the UI shows it: plain values, no engine internals.
public struct ResultHit: Sendable, Equatable {

  public var objectID: String
  public var title: String
  /// Matched ranges of `title` (UTF-8 offsets).
  public var titleRanges: [Range<Int>]
  /// Secondary fields that fit beside the title (e.g. brand, price, category).
  public var details: [String]
  /// A window around a match in a long attribute, when the match is there.
  public var snippet: String?
  public var snippetRanges: [Range<Int>]
  public var typos: Int
  /// Made from the create row (kept in the store, not in the catalog): it can be deleted.
  public var isCreated: Bool
  /// `--ansi`: the line's own colours, by UTF-8 range of `title`.
  public var titleColors: [StyledRange] = []
  /// Why it ranks where it does (the details pane compares it with the hit above).
  public var ranking: RankingDetails? = nil
  /// fzf's `--id-nth`: the fields that name the item across reloads (nil without it).
  public var identity: String? = nil
  /// A title longer than what is searched and shown (64 KB): its last bytes, which a line kept
  /// from its end shows (`--keep-right`, `--freeze-right`'s fields).
  public var titleTail: String? = nil

  public init(
    objectID: String, title: String, titleRanges: [Range<Int>] = [], details: [String] = [],
    snippet: String? = nil, snippetRanges: [Range<Int>] = [], typos: Int = 0, isCreated: Bool = false
  ) {
    self.isCreated = isCreated
    self.objectID = objectID
    self.title = title
    self.titleRanges = titleRanges
    self.details = details
    self.snippet = snippet
    self.snippetRanges = snippetRanges
    self.typos = typos
  }
}

/// One page of results as the results searcher answers it.
public struct ResultsPage: Sendable, Equatable {
  public var query: String
  public var page: Int
  public var hits: [ResultHit]
  public var nbHits: Int
  public var nbPages: Int
  /// How many records were searched: every line read so far, indexed or not.
  public var recordCount = 0
  public var exhaustiveNbHits: Bool
  public var droppedWords: [String]
  public var typoCorrected: Bool
  /// Items whose title equals the trimmed query (case- and diacritic-insensitive): the smart list
  /// puts them on top, and offers no create row when there is one.
  public var equalItems: [ResultHit]
  public var milliseconds: Double
  /// Where the next page starts (search-after); nil: by offset.
  public var next: PageCursor?
  /// Facet counts for the query and refinements (first page only).
  public var facets: [FacetResult] = []
  /// The refinements could not be applied (a bad filter): why. Nothing else in the page counts.
  public var error: String? = nil
  /// A hit learned from picks ranks above one the rules alone put above it.
  public var reorderedByLearning = false
  /// The banners of the catalog's rules that applied (`QueryRule.userData`'s text).
  public var banners: [String] = []
  /// The price read from the query's words, as a filter's text (`price < 800`).
  public var priceFilter: String? = nil
  /// The index's part of the answer, shown while the lines past it are still being scanned (a
  /// pipe being read): the whole answer follows, unless a newer search came first.
  public var interim = false
  /// The refinements it answers (with `query`, what was asked): nil for pages made by hand.
  public var refine: Refine? = nil
  /// The most hits it could hold (pages may differ in size): nil for pages made by hand.
  public var hitsPerPage: Int? = nil
  /// Hits taken out of it because fzf's `exclude` took them out of the list (its count is less
  /// by as many).
  public var excludedRemoved = 0

  public init(
    query: String, page: Int, hits: [ResultHit], nbHits: Int, nbPages: Int,
    exhaustiveNbHits: Bool = true, droppedWords: [String] = [], typoCorrected: Bool = false,
    equalItems: [ResultHit] = [], milliseconds: Double = 0, next: PageCursor? = nil
  ) {
    self.query = query
    self.page = page
    self.hits = hits
    self.nbHits = nbHits
    self.nbPages = nbPages
    self.exhaustiveNbHits = exhaustiveNbHits
    self.droppedWords = droppedWords
    self.typoCorrected = typoCorrected
    self.equalItems = equalItems
    self.milliseconds = milliseconds
    self.next = next
  }
}
