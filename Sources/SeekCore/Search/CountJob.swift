import SeekApp

/// An exact count made off the search lane. When a first page comes with an estimate (a large
/// catalog whose typo-free hits fill the page: the typo tier is not counted), the count lane
/// counts every hit while the person reads or types on; the status line's `~1,855` becomes
/// `7,262`. The search lane stays free for the next keystroke, which would otherwise wait for a
/// count it no longer needs.
public struct CountJob: @unchecked Sendable {
  /// What the count lane answers: the count, for the query, refinements and records it was made for.
  public struct Answer: Sendable, Equatable {
    public var query: String
    public var refinements: Refinements
    public var contentGeneration: Int
    public var nbHits: Int
    public var nbPages: Int
  }

  // Safe to send: the searcher is a copy made for the count lane (`copyForAnotherThread`); only
  // the count lane searches with it, one job at a time, and the search lane never touches it
  // after making it (a change of segments makes a new copy).
  private let searcher: CatalogSearcher
  private let request: CatalogSearcher.Request
  private let hitsPerPage: Int
  private let contentGeneration: Int

  init(searcher: CatalogSearcher, request: CatalogSearcher.Request, hitsPerPage: Int, contentGeneration: Int) {
    self.searcher = searcher
    self.request = request
    self.hitsPerPage = hitsPerPage
    self.contentGeneration = contentGeneration
  }

  /// Counts (on the count lane); nil when the refinements cannot apply (the page said so already).
  public func run() -> Answer? {
    guard let response = try? searcher.search(request) else { return nil }
    let pages = response.nbHits == 0 ? 0 : (response.nbHits - 1) / max(1, hitsPerPage) + 1
    return Answer(
      query: request.query, refinements: request.refinements, contentGeneration: contentGeneration,
      nbHits: response.nbHits, nbPages: pages)
  }
}
