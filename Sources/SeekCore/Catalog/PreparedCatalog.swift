import Foundation
import SearchEngine

/// A catalog parsed and put in ranking order, not yet indexed.
///
/// A one-shot search of a catalog seen for the first time answers from here (`scan`). Only the
/// index cache needs the index, so it is built after the answer is out.
public struct PreparedCatalog: Sendable {
  public var name: String
  public var path: String
  public var settings: ResolvedSettings
  public var given: CatalogSettings
  public var numericAttributes: Set<String>
  public var warnings: [String]
  var documents: DocumentStore
  var ranking: IndexBuilder.RankingOrder

  /// The threads the parallel steps of preparing and indexing run on (`Workers`).
  let workers: Workers

  /// `table` is given up: its values become the document store.
  public init(
    name: String, path: String, table: consuming RecordTable, settings: ResolvedSettings,
    given: CatalogSettings = CatalogSettings(), workers: Workers = .allCores
  ) {
    self.name = name
    self.path = path
    self.settings = settings
    self.given = given
    self.workers = workers
    numericAttributes = table.numericAttributes
    warnings = table.warnings
    // Records of empty objects (`[{}]`): one empty attribute to hold their title.
    if table.attributes.isEmpty { _ = table.column(settings.index.titleAttribute) }
    guard table.count >= Self.idsBesideRankingFrom else {
      documents = table.documents(idAttribute: settings.objectIDAttribute, hashedAttribute: settings.hashedAttribute)
      ranking = IndexBuilder.rankingOrder(of: documents, settings: settings.index)
      return
    }
    // The object ids (content hashes, duplicates numbered) and the ranking order need only the
    // values, and each runs mostly on one core: computed side by side.
    let idTable = table  // shares the table's buffers: neither side writes them
    let values = table.documents(objectIDs: nil)
    let ids = ResultSlots<DocumentStore.ObjectIDs>(count: 1)
    let order = ResultSlots<IndexBuilder.RankingOrder>(count: 1)
    let (idAttribute, hashed, index) = (settings.objectIDAttribute, settings.hashedAttribute, settings.index)
    workers.perform(iterations: 2) { step in
      if step == 0 {
        ids.set(0, idTable.objectIDs(idAttribute: idAttribute, hashedAttribute: hashed, workers: workers))
      } else {
        order.set(0, IndexBuilder.rankingOrder(of: values, settings: index))
      }
    }
    ranking = order.values[0]
    documents = values.withObjectIDs(ids.values[0])
  }

  /// Tables from this many records compute their ids beside their ranking order (below, the
  /// thread costs more than it saves).
  static let idsBesideRankingFrom = 50_000

  public var count: Int { documents.count }

  /// The catalog, indexed.
  public consuming func indexed() -> Catalog {
    // Moved out, not copied: the builder releases the records once it has put them in id order,
    // so they must have no other owner (a million records' bytes would otherwise stay resident).
    // The ranking order too: the builder drops its titles before it tokenizes.
    let records = documents
    documents = DocumentStore(attributes: [])
    let order = ranking
    ranking = .empty
    var catalog = Catalog(
      name: name, path: path, settings: settings, given: given, numericAttributes: numericAttributes,
      index: IndexBuilder.build(consume records, settings: settings.index, ranking: consume order, workers: workers))
    catalog.warnings = warnings
    return catalog
  }

  /// What a scan found: a catalog of the best `limit` records only, which ranks them as the whole
  /// catalog's index would, and what the whole catalog counts.
  public struct ScanAnswer: Sendable {
    public var catalog: Catalog
    /// Records that match the words kept (exact).
    public var nbHits: Int
    /// Query words dropped because no record matched them all.
    public var droppedWords: [String]
  }

  /// The best `limit` records for `text`, found by matching every record (`StoreScan`); nil when a
  /// scan cannot answer as the index does (the empty query, for one).
  /// `runs`: how many runs of records are scanned apart (tests; by default one per core for large catalogs).
  public func scan(_ text: String, limit: Int, runs: Int? = nil, matching: MatchOptions = MatchOptions()) -> ScanAnswer?
  {
    let query = ParsedQuery(text, settings: settings.index)
    guard
      let answer = StoreScan.answer(
        query, extended: ExtendedQuery(text, options: matching), in: documents, settings: settings.index,
        ranking: ranking, limit: limit, runs: runs)
    else { return nil }
    var kept = settings
    kept.index = answer.settings
    var catalog = Catalog(
      name: name, path: path, settings: kept, given: given, numericAttributes: numericAttributes,
      index: IndexBuilder.build(documents.subset(answer.records), settings: answer.settings))
    catalog.warnings = warnings
    return ScanAnswer(
      catalog: catalog, nbHits: answer.nbHits, droppedWords: query.words[answer.wordsKept...].map(\.text))
  }
}
