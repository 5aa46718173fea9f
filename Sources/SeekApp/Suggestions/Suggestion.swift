/// A query suggestion record: Algolia's suggestions format reduced to what Seek uses.
public struct Suggestion: Sendable, Equatable {
  public var query: String
  public var popularity: Int
  /// Hits the query returned when the suggestion was made, if known.
  public var nbHits: Int?
  /// The query's top category, if known (shown beside the suggestion).
  public var category: String?

  public init(query: String, popularity: Int, nbHits: Int? = nil, category: String? = nil) {
    self.query = query
    self.popularity = popularity
    self.nbHits = nbHits
    self.category = category
  }
}

/// A suggestion as listed for a typed query, with the matched ranges of its text (UTF-8 offsets).
public struct SuggestionHit: Sendable, Equatable {
  public var suggestion: Suggestion
  public var ranges: [Range<Int>]
  /// One of the user's own recent searches (shown first, marked, removable).
  public var isRecent: Bool

  public init(suggestion: Suggestion, ranges: [Range<Int>] = [], isRecent: Bool = false) {
    self.suggestion = suggestion
    self.ranges = ranges
    self.isRecent = isRecent
  }

  public var query: String { suggestion.query }
}
