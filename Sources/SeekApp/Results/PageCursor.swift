/// Where the next page of results starts (`CatalogSearcher`'s paging): per segment, the ranking
/// key of its last hit already returned. Valid only for the segments it was made with
/// (`generation`); otherwise paging falls back to the offset. The app only hands it back.
public struct PageCursor: Sendable, Equatable {
  public var generation: Int
  public var after: [UInt64?]
  /// Hits returned so far, for the offset fallback.
  public var offset: Int

  public init(generation: Int, after: [UInt64?], offset: Int) {
    self.generation = generation
    self.after = after
    self.offset = offset
  }
}
