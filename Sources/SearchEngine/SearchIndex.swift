/// An immutable inverted index over a `DocumentStore`.
///
/// Records get internal ids in custom-ranking order (then title, then input order), so every posting
/// list is already sorted by the final tie-break: among equally relevant hits the smaller id wins,
/// and the empty query's top page is simply the first ids.
public final class SearchIndex: Sendable {
  public let settings: IndexSettings
  /// The records in internal-id order.
  public let documents: DocumentStore
  /// Store column of each searchable attribute, in searchable order.
  public let searchableColumns: [Int]
  public let titleColumn: Int
  public let terms: TermDictionary
  /// Postings of term `t`: `postingRecords/postingPlaces[postingStart[t] ..< postingStart[t + 1]]`,
  /// sorted by record. A place packs the searchable attribute (high 4 bits) and word position.
  let postingStart: [UInt32]
  let postingRecords: [UInt32]
  let postingPlaces: [UInt16]
  /// Precomputed postings for one- to three-character prefixes (Meilisearch's prefix database): the
  /// union of the postings of every term with that prefix, one entry per record with its best place.
  let shortPrefixes: [PrefixPostings]
  /// Number of words of each searchable attribute of each record (capped at 255).
  let attributeWordCounts: [UInt8]
  /// `(hash of folded title, record)` sorted, to find the items named exactly like a query.
  let titleKeys: [TitleKey]
  /// `(hash of objectID, record)` sorted, to find a record by its objectID.
  let objectIDKeys: [TitleKey]
  /// The first custom-ranking value of each record, to merge hits across indexes.
  let primaryCustomValue: [Double]
  /// The empty query's order (custom ranking, then input order) as record ids; empty when it is
  /// the id order itself. Differs when a tie-break other than input order (fzf's `length`) or
  /// `--tac` ordered the ids.
  let browseOrder: [Int32]
  public let substringMatching: Bool
  /// Facet values and numeric columns, for filters, counts and sorting.
  public let facets: FacetIndex

  struct TitleKey: Sendable {
    var hash: UInt64
    var record: UInt32
  }

  /// Dictionaries of at most this many terms match words inside words (a scan of every term stays
  /// around a millisecond); larger ones go without.
  public static let substringMatchingUpTo = 300_000

  /// Prefixes of up to this many characters have precomputed, deduplicated postings.
  static let shortPrefixLengths = 3
  static let placeAttributeShift: UInt16 = 12
  static let maxPosition = 4095
  static let maxSearchableAttributes = 15

  init(
    settings: IndexSettings, documents: DocumentStore, searchableColumns: [Int], titleColumn: Int,
    terms: TermDictionary, postingStart: [UInt32], postingRecords: [UInt32], postingPlaces: [UInt16],
    shortPrefixes: [PrefixPostings], attributeWordCounts: [UInt8], titleKeys: [TitleKey],
    primaryCustomValue: [Double], browseOrder: [Int32] = [], objectIDKeys: [TitleKey]? = nil,
    facets: FacetIndex = .empty
  ) {
    self.browseOrder = browseOrder
    self.facets = facets
    self.settings = settings
    self.documents = documents
    self.searchableColumns = searchableColumns
    self.titleColumn = titleColumn
    self.terms = terms
    self.postingStart = postingStart
    self.postingRecords = postingRecords
    self.postingPlaces = postingPlaces
    self.shortPrefixes = shortPrefixes
    self.attributeWordCounts = attributeWordCounts
    self.titleKeys = titleKeys
    self.primaryCustomValue = primaryCustomValue
    self.objectIDKeys =
      objectIDKeys
      ?? (0..<documents.count).map { record in
        var id = documents.objectID(record)
        return TitleKey(hash: id.withUTF8 { byteHash($0) }, record: UInt32(record))
      }.sorted { ($0.hash, $0.record) < ($1.hash, $1.record) }
    self.substringMatching = settings.substringMatching ?? (terms.count <= Self.substringMatchingUpTo)
  }

  public var count: Int { documents.count }
  public var postingCount: Int { postingRecords.count }

  @inline(__always) func postingRange(_ term: Int) -> Range<Int> {
    Int(postingStart[term])..<Int(postingStart[term + 1])
  }

  /// The records whose title equals `text` after trimming and case/diacritic folding.
  public func records(titled text: String) -> [Int] {
    let key = TextFolding.foldedKey(text)
    guard !key.isEmpty else { return [] }
    let hash = byteHash(key)
    var lo = 0
    var hi = titleKeys.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if titleKeys[mid].hash < hash { lo = mid + 1 } else { hi = mid }
    }
    var result: [Int] = []
    while lo < titleKeys.count && titleKeys[lo].hash == hash {
      let record = Int(titleKeys[lo].record)
      if documents.withValue(record, titleColumn, TextFolding.foldedKey) == key { result.append(record) }
      lo += 1
    }
    return result.sorted()
  }

  /// The first custom-ranking value of a record (`-infinity` when it has none).
  public func primaryCustomValue(_ record: Int) -> Double { primaryCustomValue[record] }

  /// The record with this objectID, if any.
  public func record(objectID: String) -> Int? {
    var id = objectID
    let hash = id.withUTF8 { byteHash($0) }
    var lo = 0
    var hi = objectIDKeys.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if objectIDKeys[mid].hash < hash { lo = mid + 1 } else { hi = mid }
    }
    while lo < objectIDKeys.count && objectIDKeys[lo].hash == hash {
      let record = Int(objectIDKeys[lo].record)
      if documents.objectID(record) == objectID { return record }
      lo += 1
    }
    return nil
  }

  /// Approximate bytes held by the index structures (not the documents' text).
  public var indexBytes: Int {
    terms.bytes.count + terms.starts.count * 4 + postingStart.count * 4 + postingRecords.count * 4
      + postingPlaces.count * 2 + shortPrefixes.reduce(0) { $0 + $1.bytes }
      + attributeWordCounts.count + titleKeys.count * 16 + objectIDKeys.count * 16
      + primaryCustomValue.count * 8 + facets.bytes
  }
}

/// Deduplicated postings for every prefix of one length, one group per distinct prefix.
struct PrefixPostings: Sendable {
  /// The group of each term (`UInt32.max` for terms shorter than the prefix length).
  let groupOfTerm: [UInt32]
  let groupStart: [UInt32]
  let records: [UInt32]
  let places: [UInt16]

  var bytes: Int { groupOfTerm.count * 4 + groupStart.count * 4 + records.count * 4 + places.count * 2 }
}
