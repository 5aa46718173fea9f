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
  /// The attribute fzf's matching reads (the fuzzy tier): the first searchable one — a line's
  /// text, or the fields `--nth` names when the line shows more than is searched.
  public var fuzzyColumn: Int { searchableColumns.first ?? titleColumn }
  public let terms: TermDictionary
  /// Postings of term `t`: `postingRecords/postingPlaces[postingStart[t] ..< postingStart[t + 1]]`,
  /// sorted by record. A place packs the searchable attribute (high 4 bits) and word position.
  let postingStart: Column<UInt32>
  let postingRecords: Column<UInt32>
  let postingPlaces: Column<UInt16>
  /// Precomputed postings for one- to three-character prefixes (Meilisearch's prefix database): the
  /// union of the postings of every term with that prefix, one entry per record with its best place.
  let shortPrefixes: [PrefixPostings]
  /// Number of words of each searchable attribute of each record (capped at 255).
  let attributeWordCounts: Column<UInt8>
  /// Each record's title variant run (`ModelVariants`); empty when no title has one.
  let variantRuns: Column<UInt8>
  /// `(hash of folded title, record)` sorted, to find the items named exactly like a query.
  let titleKeys: HashedKeys
  /// `(hash of objectID, record)` sorted, to find a record by its objectID.
  let objectIDKeys: HashedKeys
  /// The first custom-ranking value of each record, to merge hits across indexes; empty when the
  /// index has no custom ranking (every record's value is then 0).
  let primaryCustomValue: Column<Double>
  /// The empty query's order (custom ranking, then input order). Differs from the id order when
  /// a tie-break other than input order (fzf's `length`) or `--tac` ordered the ids.
  let browseOrder: BrowseOrder
  public let substringMatching: Bool
  /// How matches count and rank by where they are (`MatchRules`), read from `settings` once: the
  /// searcher and every page's highlighter use them.
  public let matchRules: MatchRules
  /// The terms of each trigram, to find words inside words (empty when `substringMatching` is off).
  let substrings: SubstringIndex
  /// Facet values and numeric columns, for filters, counts and sorting.
  public let facets: FacetIndex

  /// Prefixes of up to this many characters have precomputed, deduplicated postings.
  static let shortPrefixLengths = 3
  static let placeAttributeShift: UInt16 = 12
  static let maxPosition = 4095
  static let maxSearchableAttributes = 15

  /// Record `record`'s title variant run (`ModelVariants`), 0 for none.
  @inline(__always) func variantRun(_ record: Int) -> UInt8 {
    record < variantRuns.count ? variantRuns[record] : 0
  }

  init(
    settings: IndexSettings, documents: DocumentStore, searchableColumns: [Int], titleColumn: Int,
    terms: TermDictionary, postingStart: Column<UInt32>, postingRecords: Column<UInt32>,
    postingPlaces: Column<UInt16>, shortPrefixes: [PrefixPostings], attributeWordCounts: Column<UInt8>,
    variantRuns: Column<UInt8> = Column([]),
    titleKeys: HashedKeys, primaryCustomValue: Column<Double>, browseOrder: BrowseOrder = .ids,
    objectIDKeys: HashedKeys? = nil, substrings: SubstringIndex? = nil, facets: FacetIndex = .empty
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
    self.variantRuns = variantRuns
    self.titleKeys = titleKeys
    self.primaryCustomValue = primaryCustomValue
    self.objectIDKeys =
      objectIDKeys
      ?? HashedKeys(objectIDsOf: documents)
    // Words inside words at every size (see "Thresholds" in Searcher.swift), unless turned off.
    let substringMatching = settings.substringMatching ?? true
    self.substringMatching = substringMatching
    self.substrings = substrings ?? (substringMatching ? SubstringIndex.build(terms) : .empty)
    matchRules = MatchRules(settings: settings, searchable: searchableColumns.map { documents.attributes[$0] })
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
    var result: [Int] = []
    // One buffer for every title folded: to hash a probed record's, and to compare a candidate's
    // (a title with a key is searched whole, so its searched part is all of it).
    var folded: [UInt8] = []
    func titleHash(_ record: Int) -> UInt64 { documents.titleKeyHash(record, titleColumn, folded: &folded) }
    titleKeys.forEachRecord(withHash: byteHash(key), hashOf: titleHash) { record in
      documents.foldTitle(record, titleColumn, into: &folded)
      if folded == key { result.append(record) }
    }
    return result.sorted()
  }

  /// The first custom-ranking value of a record (`-infinity` when it has none, 0 without custom
  /// ranking).
  public func primaryCustomValue(_ record: Int) -> Double {
    primaryCustomValue.isEmpty ? 0 : primaryCustomValue[record]
  }

  /// The record's place in the input (fzf's `{n}`). Records are numbered in ranking order (for
  /// lines, shorter first when lengths break ties), so the input order is read back from the
  /// browse order, which is the input order when no custom ranking comes first. With a custom
  /// ranking the input order is not kept: the record's number stands for it.
  public func inputPosition(of record: Int) -> Int {
    let p = browsePosition(of: record)
    return settings.customRanking.isEmpty && settings.reverseInputOrder ? count - 1 - p : p
  }

  /// The record's place in the order the empty query lists (`--tac` reversed, as fzf's
  /// `--no-sort` lists matches): the order of an input-ordered page (`inputOrderedPage`).
  public func browsePosition(of record: Int) -> Int {
    guard settings.customRanking.isEmpty else { return record }
    return browseOrder.position(of: record, in: documents)
  }

  /// The record with this objectID, if any.
  public func record(objectID: String) -> Int? {
    var id = objectID
    var found: Int? = nil
    func idHash(_ record: Int) -> UInt64 { documents.withObjectID(record) { byteHash($0) } }
    // Safe: the buffer is used only inside the closure, while `id` is alive.
    id.withUTF8 { wanted in
      objectIDKeys.forEachRecord(withHash: byteHash(wanted), hashOf: idHash) { record in
        // Compared as bytes: a String made for every candidate cost more than the lookup.
        if found == nil && documents.withObjectID(record, { $0.elementsEqual(wanted) }) { found = record }
      }
    }
    return found
  }

  /// Bytes of the trigram lists that find words inside words (part of `indexBytes`).
  public var substringBytes: Int { substrings.bytes }

  /// The bytes of each structure, the documents' included, for the bench's breakdown.
  public var structureBytes: [(name: String, bytes: Int)] {
    [
      ("text and its offsets", documents.textBytes), ("object ids", documents.objectIDBytesHeld),
      ("dictionary", terms.bytes.byteCount + terms.starts.byteCount),
      ("postings", postingStart.byteCount + postingRecords.byteCount + postingPlaces.byteCount),
    ]
      + shortPrefixes.enumerated().map { ("prefix postings, \($0.offset + 1) letters", $0.element.bytes) } + [
        ("substring trigrams", substrings.bytes),
        ("word counts, variant runs", attributeWordCounts.byteCount + variantRuns.byteCount),
        ("title and id keys", titleKeys.bytes + objectIDKeys.bytes),
        ("custom ranking, browse order", primaryCustomValue.byteCount + browseOrder.byteCount),
        ("facets", facets.bytes),
      ]
  }

  /// Approximate bytes held by the index structures (not the documents' text).
  public var indexBytes: Int {
    terms.bytes.byteCount + terms.starts.byteCount + postingStart.byteCount + postingRecords.byteCount
      + postingPlaces.byteCount + shortPrefixes.reduce(0) { $0 + $1.bytes } + attributeWordCounts.byteCount
      + variantRuns.byteCount
      + substrings.bytes + titleKeys.bytes + objectIDKeys.bytes + primaryCustomValue.byteCount + browseOrder.byteCount
      + facets.bytes
  }
}

/// Deduplicated postings for every prefix of one length, one group per distinct prefix.
///
/// The terms sharing a prefix are contiguous in the sorted dictionary, so a group is known by its
/// first term, found with a binary search over the groups (a few thousand at most for Latin
/// text): 4 bytes a group instead of 4 bytes a term per level (34 MB on 3 million distinct lines).
struct PrefixPostings: Sendable {
  /// The first term of each group, ascending.
  let groupFirstTerm: Column<UInt32>
  /// Where each group's list starts in `records` and `places`. Empty for a group of one term:
  /// its list is that term's postings (see `SearchIndex.groupList`).
  let groupStart: Column<UInt32>
  /// The records each group holds (a term's postings may hold a record more than once).
  let groupRecordCount: Column<UInt32>
  let records: Column<UInt32>
  let places: Column<UInt16>

  /// The group whose terms start at `term` (the first term of a prefix's range); nil if none does.
  func group(startingAt term: Int) -> Int? {
    var lo = 0
    var hi = groupFirstTerm.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if Int(groupFirstTerm[mid]) < term { lo = mid + 1 } else { hi = mid }
    }
    return lo < groupFirstTerm.count && Int(groupFirstTerm[lo]) == term ? lo : nil
  }

  var bytes: Int {
    groupFirstTerm.byteCount + groupStart.byteCount + groupRecordCount.byteCount + records.byteCount + places.byteCount
  }
}

/// A prefix group's postings list, in record order: a stored group's holds each record once (its
/// best place); a one-term group's is the term's postings, where a record repeating the word comes
/// once for each place.
struct GroupList {
  let records: Column<UInt32>
  let places: Column<UInt16>
  let range: Range<Int>
  /// The records it holds.
  let recordCount: Int

  /// The record at `p` and its best place; `p` moves past its entries.
  @inline(__always) func entry(at p: inout Int) -> (record: Int, place: UInt16) {
    let record = records[p]
    var place = places[p]
    p += 1
    if recordCount < range.count {
      while p < range.upperBound && records[p] == record {
        place = min(place, places[p])
        p += 1
      }
    }
    return (Int(record), place)
  }
}

extension SearchIndex {
  /// Group `group` of the prefix postings of `level + 1` letters: its own list, or the postings of
  /// its one term, which are that list but for a record's repeats (not stored twice). A stored
  /// group is never empty: each of its terms holds a record.
  func groupList(level: Int, group: Int) -> GroupList {
    let table = shortPrefixes[level]
    let start = Int(table.groupStart[group])
    let end = Int(table.groupStart[group + 1])
    let count = Int(table.groupRecordCount[group])
    if start < end {
      return GroupList(records: table.records, places: table.places, range: start..<end, recordCount: count)
    }
    return GroupList(
      records: postingRecords, places: postingPlaces, range: postingRange(Int(table.groupFirstTerm[group])),
      recordCount: count)
  }
}
