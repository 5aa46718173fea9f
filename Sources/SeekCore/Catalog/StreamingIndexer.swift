import SearchEngine

/// Builds indexes for records streamed from a pipe, off the search thread. The main index is
/// rebuilt when the records have doubled since it was built (or input has ended), so the total
/// indexing work stays within about twice the final build; in between, only the records after it
/// are indexed, as a small tail segment searched beside it — unless the searcher scans them
/// (`scansTail`: plain lines, see `StreamTail`), when only the main index is built.
public struct StreamingIndexer: Sendable {
  public enum Update: Sendable {
    case rebuilt(Catalog)
    case tail(SearchIndex)
    /// Lines read from this place in the input on, not indexed (the searcher scans them).
    case unindexed(RecordTable, at: Int)
    /// Every line read, in one table, from the first: the final build's snapshot, for the
    /// searcher to hold instead of the lines it was handed one batch at a time.
    case wholeInput(RecordTable)
  }

  /// What the next build needs of the last: not the catalog itself, which whoever it was
  /// delivered to keeps or lets go. Held here, a build the searcher did not take (it held too few
  /// of the lines read by then) lived on beside the final build: an index of millions of lines
  /// more at that build's peak.
  private var name: String
  private var path: String
  private var given: CatalogSettings
  private var settings: ResolvedSettings
  /// Records the last main index holds.
  private var main: Int
  private let scansTail: Bool

  public init(catalog: Catalog, scansTail: Bool = false) {
    (name, path, given, settings) = (catalog.name, catalog.path, catalog.given, catalog.settings)
    main = catalog.index.count
    self.scansTail = scansTail
  }

  /// Whether `records` read (all of them when `finished`) make a new main index: at the end,
  /// at first, and when they have doubled since the main index was built.
  public func rebuilds(records: Int, finished: Bool) -> Bool {
    finished || main == 0 || records >= 2 * main
  }

  /// Scanning the tail, whether a build due now waits for the pipe: one due while reading
  /// waits until the reader is slow enough for it to be taken (`BuildPacing`); the first and
  /// the final build do not.
  public func waitsForThePipe(finished: Bool, pacing: BuildPacing) -> Bool {
    !finished && main > 0 && !pacing.keepsUp
  }

  /// The indexes for `table` (all records read so far); nil when nothing changed. `table` is
  /// given up: a rebuild turns it into the new index's document store.
  public mutating func update(with table: consuming RecordTable, finished: Bool) -> Update? {
    if rebuilds(records: table.count, finished: finished) {
      guard table.count != main || finished else { return nil }
      settings = given.resolved(for: table)
      // Scanning the tail, no answer waits for a build: it runs at a lower priority.
      let catalog = Catalog(
        name: name, path: path, table: table, settings: settings, given: given,
        workers: scansTail ? .background : .allCores)
      main = catalog.index.count
      return .rebuilt(catalog)
    }
    guard table.count > main, !scansTail else { return nil }
    var rest = RecordTable(attributes: table.attributes)
    rest.appendRows(of: table, from: main)
    rest.numericAttributes = table.numericAttributes
    rest.multiValuedAttributes = table.multiValuedAttributes
    return .tail(
      IndexBuilder.build(
        rest.documents(idAttribute: settings.objectIDAttribute, hashedAttribute: settings.hashedAttribute),
        settings: settings.index))
  }
}
