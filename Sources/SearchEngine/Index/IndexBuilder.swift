import Dispatch
import Foundation

/// Builds a `SearchIndex`: orders records by custom ranking, tokenizes every searchable attribute
/// through the one analysis chain, interns terms, and lays postings out contiguously by term.
public enum IndexBuilder {
  /// `input` is given up: released once its records are copied into id order.
  /// `runs` fixes how many runs of records are tokenized apart (tests; by default, one per core
  /// from `parallelTokenizingFrom` records).
  /// `ranking`: the records' order, when the caller computed it already (`rankingOrder(of:settings:)`).
  /// `workers`: the threads the parallel steps run on (`Workers`).
  public static func build(
    _ input: consuming DocumentStore, settings: IndexSettings, runs: Int? = nil,
    ranking given: consuming RankingOrder? = nil, workers: Workers = .allCores
  ) -> SearchIndex {
    let searchableColumns = Self.searchableColumns(of: input, settings: settings)
    let titleColumn = Self.titleColumn(of: input, settings: settings)
    let ranking = given ?? rankingOrder(of: input, settings: settings)
    let primaryCustom = ranking.primaryCustomValues
    let documents = input.reordered(ranking.order)
    let browseOrder = BrowseOrder.keeping(ranking.browse, over: documents, reversed: settings.reverseInputOrder)
    _ = consume input
    let recordCount = documents.count
    // The key tables first: they are the last use of the title hashes and of the order, which
    // are released before tokenizing needs the room (the builder's peak comes later).
    var titleKeys: [UInt64] = []
    titleKeys.reserveCapacity(recordCount)
    for (record, original) in ranking.order.enumerated() {
      let hash = ranking.titleHashes[Int(original)]
      if hash != DocumentStore.noTitleKey { titleKeys.append(HashedKeys.entry(hash: hash, record: record)) }
    }
    _ = consume ranking
    let titleKeyTable = HashedKeys(packed: consume titleKeys)
    let objectIDKeys = HashedKeys(objectIDsOf: documents)
    let attributeCount = searchableColumns.count

    // Tokenize every searchable value, interning terms; postings come out in record order. Large
    // catalogs are cut into contiguous runs of records tokenized on all cores, each with its own
    // interner; their sorted dictionaries are then merged into one, so the index is the same
    // whatever the number of runs.
    let runs = runs ?? Self.parallelRuns(records: recordCount, cores: workers.cores)
    var runResults: [TokenizedRun] = []
    var wordCountsAll: [UInt8] = []
    var variantRunsAll: [UInt8] = []
    let rules = MatchRules(settings: settings, searchable: searchableColumns.map { documents.attributes[$0] })
    do {
      let tokenized = ResultSlots<TokenizedRun>(count: runs)
      let wordCounts = ResultSlots<[UInt8]>(count: runs)
      let variantRuns = ResultSlots<[UInt8]>(count: runs)
      let sharedDocuments = documents
      workers.perform(iterations: runs) { run in
        let records = (recordCount * run / runs)..<(recordCount * (run + 1) / runs)
        var counts = [UInt8](repeating: 0, count: records.count * attributeCount)
        var runs = [UInt8](repeating: 0, count: rules.titleAttribute >= 0 ? records.count : 0)
        tokenized.set(
          run,
          tokenize(
            sharedDocuments, records: records, columns: searchableColumns, wordCounts: &counts,
            variantRuns: &runs, rules: rules))
        wordCounts.set(run, counts)
        variantRuns.set(run, runs)
      }
      runResults = tokenized.values
      wordCountsAll = wordCounts.values.flatMap { $0 }
      variantRunsAll = variantRuns.values.flatMap { $0 }
      // No title with a run: nothing to keep.
      if !variantRunsAll.contains(where: { $0 != 0 }) { variantRunsAll = [] }
    }
    let (terms, globalIDs) = mergeDictionaries(runResults.map { $0.terms })
    // The runs' own dictionaries are merged: released before the scatter needs the room.
    for run in runResults.indices { runResults[run].terms = TermDictionary(bytes: [], starts: [0]) }
    workers.betweenSteps(recordCount)
    let termCount = terms.count
    // The postings in term order, each term's in record order: scattered from the runs (whose
    // records are in order, run after run), each run released once scattered.
    var postingStart = [UInt32](repeating: 0, count: termCount + 1)
    for (run, result) in runResults.enumerated() {
      let toGlobal = globalIDs[run]
      for local in result.postingTerms { postingStart[Int(toGlobal[Int(local)]) + 1] += 1 }
    }
    for t in 0..<termCount { postingStart[t + 1] += postingStart[t] }
    var fill = postingStart
    var records = [UInt32](repeating: 0, count: Int(postingStart[termCount]))
    var places = [UInt16](repeating: 0, count: records.count)
    for run in runResults.indices {
      let toGlobal = globalIDs[run]
      do {  // `result`'s hold on the run's arrays ends here, so that clearing them frees them
        let result = runResults[run]
        var i = 0
        for (offset, end) in result.recordEnds.enumerated() {
          let record = UInt32(result.firstRecord + offset)
          while i < Int(end) {
            let t = Int(toGlobal[Int(result.postingTerms[i])])
            let slot = Int(fill[t])
            records[slot] = record
            places[slot] = result.postingPlaces[i]
            fill[t] += 1
            i += 1
          }
        }
      }
      runResults[run].postingTerms = []
      runResults[run].recordEnds = []
      runResults[run].postingPlaces = []
    }
    fill = []
    workers.betweenSteps(recordCount)
    // The prefix levels are independent: build them on all cores.
    let levels = SearchIndex.shortPrefixLengths
    let built = ResultSlots<PrefixPostings>(count: levels)
    let (termsCopy, starts, recordsCopy, placesCopy) = (terms, postingStart, records, places)
    workers.perform(iterations: levels) { level in
      var builder = PrefixGroupBuilder(
        terms: termsCopy, postingStart: starts, records: recordsCopy, places: placesCopy, recordCount: recordCount)
      built.set(level, builder.build(length: level + 1))
    }
    let shortPrefixes = built.values

    return SearchIndex(
      settings: settings, documents: documents, searchableColumns: searchableColumns,
      titleColumn: titleColumn, terms: terms, postingStart: Column(postingStart), postingRecords: Column(records),
      postingPlaces: Column(places), shortPrefixes: shortPrefixes, attributeWordCounts: Column(wordCountsAll),
      variantRuns: Column(variantRunsAll),
      titleKeys: titleKeyTable, primaryCustomValue: Column(primaryCustom),
      browseOrder: browseOrder,
      objectIDKeys: objectIDKeys,
      facets: FacetIndex.build(
        documents, attributes: settings.attributesForFaceting, multiValued: settings.multiValuedAttributes))
  }

  /// The searchable attributes' columns, most important first (names the records lack are skipped).
  static func searchableColumns(of documents: DocumentStore, settings: IndexSettings) -> [Int] {
    Array(
      settings.searchableAttributes.compactMap { documents.attributeIndex($0) }
        .prefix(SearchIndex.maxSearchableAttributes))
  }

  static func titleColumn(of documents: DocumentStore, settings: IndexSettings) -> Int {
    documents.attributeIndex(settings.titleAttribute) ?? searchableColumns(of: documents, settings: settings).first
      ?? 0
  }

  /// The order records take in an index: record ids are ranks, so that every tie the textual
  /// rules leave is decided by the smaller id.
  public struct RankingOrder: Sendable {
    /// Input positions sorted by custom ranking, then the tie-breaks (`settings.tiebreak`), then
    /// input order: `order[id]` is the input position of the record given id `id`.
    public let order: [Int32]
    /// The first custom value of each record in that order (`-infinity` when absent); empty
    /// without custom ranking.
    let primaryCustomValues: [Double]
    /// The hash of each record's folded title (by input position), the key an exact query is
    /// looked up by (`DocumentStore.titleKeyHash`). A hash, not the folded bytes: ten million
    /// paths' titles are 470 MB, their hashes 80.
    let titleHashes: [UInt64]
    /// The browse order — custom ranking, then input order, as the empty query lists records
    /// (fzf lists its input as it came) — as ids, empty when it is the id order itself.
    let browse: [Int32]

    /// No records: what a holder keeps once it has handed its order to the builder.
    public static let empty = RankingOrder(order: [], primaryCustomValues: [], titleHashes: [], browse: [])

    /// `ids[p]`: the id of the record at input position `p` (the inverse of `order`).
    public func ids() -> [Int32] {
      var ids = [Int32](repeating: 0, count: order.count)
      for (id, input) in order.enumerated() { ids[Int(input)] = Int32(id) }
      return ids
    }
  }

  /// The order an index of `documents` gives its records (see `RankingOrder`).
  public static func rankingOrder(of documents: DocumentStore, settings: IndexSettings) -> RankingOrder {
    let titleColumn = Self.titleColumn(of: documents, settings: settings)
    let n = documents.count
    let columns = settings.customRanking.map { documents.attributeIndex($0.attribute) }
    // Normalized so that smaller sorts first; absent values last.
    let keys: [[Double]] = zip(settings.customRanking, columns).map { rule, column in
      var values = [Double](repeating: .infinity, count: n)
      guard let column else { return values }
      for r in 0..<n {
        if let v = documents.withValue(r, column, parseNumber) {
          if case .descending = rule { values[r] = -v } else { values[r] = v }
        }
      }
      return values
    }
    // The folded titles themselves are kept only when the order compares them (`.name`).
    let sortsByName = settings.tiebreak.contains(.name)
    var titles = FoldedTitles()
    var titlePrefix = [UInt64](repeating: 0, count: sortsByName ? n : 0)
    var titleHashes = [UInt64](repeating: DocumentStore.noTitleKey, count: n)
    var lengths = [Int32](repeating: 0, count: settings.tiebreak.contains(.length) ? n : 0)
    var folded: [UInt8] = []
    if sortsByName { titles.ends.reserveCapacity(n) }
    for r in 0..<n {
      // Leaves the title folded (on its searched part) in `folded`, for the order by name.
      titleHashes[r] = documents.titleKeyHash(r, titleColumn, folded: &folded)
      if sortsByName {
        titles.bytes.append(contentsOf: folded)
        titles.ends.append(titles.bytes.count)
        var p: UInt64 = 0
        for i in 0..<8 { p = p << 8 | UInt64(i < folded.count ? folded[i] : 0) }
        titlePrefix[r] = p
      }
      if !lengths.isEmpty { lengths[r] = Int32(documents.withValue(r, titleColumn, FuzzyTie.trimmedLength)) }
    }
    let reverse = settings.reverseInputOrder
    @inline(__always) func inputOrder(_ x: Int, _ y: Int) -> Bool { reverse ? x > y : x < y }
    var order = (0..<n).map { Int32($0) }
    order.sort { a, b in
      let x = Int(a)
      let y = Int(b)
      for k in keys where k[x] != k[y] { return k[x] < k[y] }
      for criterion in settings.tiebreak {
        switch criterion {
        case .length:
          if lengths[x] != lengths[y] { return lengths[x] < lengths[y] }
        case .index:
          return inputOrder(x, y)
        case .name:
          if titlePrefix[x] != titlePrefix[y] { return titlePrefix[x] < titlePrefix[y] }
          let c = titles.compare(x, y)
          if c != 0 { return c < 0 }
        case .begin, .end, .chunk, .pathname: continue  // per query, in the fuzzy tier's keys
        }
      }
      return inputOrder(x, y)
    }
    var browseInput = (0..<n).map { Int32($0) }
    if reverse { browseInput.reverse() }
    if !keys.isEmpty {
      browseInput.sort { a, b in
        for k in keys where k[Int(a)] != k[Int(b)] { return k[Int(a)] < k[Int(b)] }
        return inputOrder(Int(a), Int(b))
      }
    }
    var browse: [Int32] = []
    if browseInput != order {
      var idOfInput = [Int32](repeating: 0, count: n)
      for (id, input) in order.enumerated() { idOfInput[Int(input)] = Int32(id) }
      browse = browseInput.map { idOfInput[Int($0)] }
    }
    // No custom ranking: every record's value would be 0, so none is kept.
    let primary: [Double] =
      keys.first.map { first in
        order.map { r in
          let v = first[Int(r)]
          if v == .infinity { return -.infinity }
          if case .descending = settings.customRanking[0] { return -v }
          return v
        }
      } ?? []
    return RankingOrder(order: order, primaryCustomValues: primary, titleHashes: titleHashes, browse: browse)
  }

  /// Parses a plain decimal number ("1299", "-3.5", "1e3"); nil for anything else, NaN included
  /// (it has no place in an order).
  public static func parseNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard !bytes.isEmpty, bytes.count < 64, let v = Double(String(decoding: bytes, as: UTF8.self)), !v.isNaN
    else { return nil }
    return v
  }

  /// Every record's folded title in one buffer: record `r`'s is `bytes[ends[r - 1] ..< ends[r]]`.
  struct FoldedTitles {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    func withTitle<R>(_ r: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
      let range = (r == 0 ? 0 : ends[r - 1])..<ends[r]
      // Safe: the ends are monotone and within `bytes`.
      return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    func compare(_ x: Int, _ y: Int) -> Int {
      withTitle(x) { a in withTitle(y) { compareBytes(a, $0) } }
    }
  }

  /// Catalogs of at least this many records are tokenized on all cores: below it, a run's setup
  /// and the dictionary merge cost more than they save (a 10k catalog tokenizes in ~10 ms).
  static let parallelTokenizingFrom = 50_000

  /// How many runs work on `records` records apart, one a core (at most 8): one below
  /// `parallelTokenizingFrom` records.
  public static func parallelRuns(records: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
    records >= parallelTokenizingFrom ? max(1, min(8, cores)) : 1
  }

  /// One run's postings, with terms as ids of its own sorted dictionary. They come in record
  /// order, so a posting's record is not stored: record `firstRecord + k`'s postings end at
  /// `recordEnds[k]` (4 bytes a record instead of 4 a posting, which there are 6–7 of a path).
  struct TokenizedRun {
    var terms: TermDictionary
    var firstRecord: Int
    var postingTerms: [UInt32]
    var recordEnds: [UInt32]
    var postingPlaces: [UInt16]
  }

  /// `variantRuns`: each record's title variant run (`ModelVariants`), when it has room for them
  /// (`rules.titleAttribute` is set).
  static func tokenize(
    _ documents: DocumentStore, records: Range<Int>, columns: [Int], wordCounts: inout [UInt8],
    variantRuns: inout [UInt8], rules: MatchRules
  ) -> TokenizedRun {
    let phrases = rules.phrases
    var interner = TermInterner()
    var postingTerms: [UInt32] = []
    var recordEnds: [UInt32] = []
    var postingPlaces: [UInt16] = []
    postingTerms.reserveCapacity(records.count * 8)
    recordEnds.reserveCapacity(records.count)
    postingPlaces.reserveCapacity(records.count * 8)
    for record in records {
      for (attribute, column) in columns.enumerated() {
        var words = 0
        var firstWordIsField = false
        let isTitle = attribute == rules.titleAttribute && !variantRuns.isEmpty
        var variants = ModelVariants.Detector(words: isTitle ? rules.variantWords : [])
        documents.withIndexedValue(record, column) { text in
          phrases.tokenize(text) { term, location, isPhrase in
            postingTerms.append(interner.intern(term))
            let position = UInt16(min(location.position, SearchIndex.maxPosition))
            postingPlaces.append(UInt16(attribute) << SearchIndex.placeAttributeShift | position)
            if isPhrase { return }  // a phrase is not a word of its own
            if words == 0 { firstWordIsField = AttributeWords.isWholeField(text, location) }
            if isTitle { variants.add(term, position: location.position) }
            words += 1
          }
        }
        if isTitle { variantRuns[record - records.lowerBound] = variants.packed }
        wordCounts[(record - records.lowerBound) * columns.count + attribute] = AttributeWords.pack(
          count: words, firstWordIsField: firstWordIsField)
      }
      recordEnds.append(UInt32(postingTerms.count))
    }
    let (terms, sortedID) = interner.sortedDictionary()
    for i in postingTerms.indices { postingTerms[i] = sortedID[Int(postingTerms[i])] }
    return TokenizedRun(
      terms: terms, firstRecord: records.lowerBound, postingTerms: postingTerms, recordEnds: recordEnds,
      postingPlaces: postingPlaces)
  }

  /// Merges sorted dictionaries into one; returns it with, per dictionary, the merged id of each
  /// of its terms.
  static func mergeDictionaries(_ dictionaries: [TermDictionary]) -> (TermDictionary, [[UInt32]]) {
    if dictionaries.count == 1 { return (dictionaries[0], [(0..<dictionaries[0].count).map { UInt32($0) }]) }
    var bytes: [UInt8] = []
    var starts: [UInt32] = [0]
    var ids = dictionaries.map { [UInt32](repeating: 0, count: $0.count) }
    var next = [Int](repeating: 0, count: dictionaries.count)
    // Safe: each term slice lies within its dictionary's bytes (built so by the interner), and the
    // pointer outlives the closure only within this function, while `dictionaries` holds the columns.
    func term(_ d: Int, _ t: Int) -> UnsafeBufferPointer<UInt8> {
      let dictionary = dictionaries[d]
      return dictionary.bytes.withUnsafeBufferPointer {
        UnsafeBufferPointer(rebasing: $0[Int(dictionary.starts[t])..<Int(dictionary.starts[t + 1])])
      }
    }
    while true {
      // The smallest next term among the dictionaries (a few of them: a linear pick).
      var smallest: Int? = nil
      for d in dictionaries.indices where next[d] < dictionaries[d].count {
        if let s = smallest {
          if compareBytes(term(d, next[d]), term(s, next[s])) < 0 { smallest = d }
        } else {
          smallest = d
        }
      }
      guard let s = smallest else { break }
      let key = term(s, next[s])
      bytes.append(contentsOf: key)
      starts.append(UInt32(bytes.count))
      let id = UInt32(starts.count - 2)
      for d in dictionaries.indices where next[d] < dictionaries[d].count && compareBytes(term(d, next[d]), key) == 0 {
        ids[d][next[d]] = id
        next[d] += 1
      }
    }
    return (TermDictionary(bytes: Column(bytes), starts: Column(starts)), ids)
  }
}

/// Interns byte strings into dense ids with an open-addressing table over one byte arena.
struct TermInterner {
  private var arena: [UInt8] = []
  private var starts: [UInt32] = [0]
  private var hashes: [UInt64] = []
  private var table = [Int32](repeating: -1, count: 1 << 16)

  var count: Int { hashes.count }

  mutating func intern(_ term: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let h = byteHash(term)
    var mask = table.count - 1
    var slot = Int(truncatingIfNeeded: h) & mask
    while true {
      let id = Int(table[slot])
      if id < 0 { break }
      if hashes[id] == h && equals(id, term) { return UInt32(id) }
      slot = (slot + 1) & mask
    }
    let id = hashes.count
    arena.append(contentsOf: term)
    starts.append(UInt32(arena.count))
    hashes.append(h)
    table[slot] = Int32(id)
    if hashes.count * 2 > table.count {
      table = [Int32](repeating: -1, count: table.count * 2)
      mask = table.count - 1
      for (i, hash) in hashes.enumerated() {
        var s = Int(truncatingIfNeeded: hash) & mask
        while table[s] >= 0 { s = (s + 1) & mask }
        table[s] = Int32(i)
      }
    }
    return UInt32(id)
  }

  private func equals(_ id: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = Int(starts[id])
    let end = Int(starts[id + 1])
    guard end - start == term.count else { return false }
    // Safe: term ranges come from `starts`, which this interner made within `arena`.
    return arena.withUnsafeBufferPointer { all in
      for i in 0..<term.count where all[start + i] != term[i] { return false }
      return true
    }
  }

  /// The dictionary in sorted order, and the sorted id of each interned id.
  func sortedDictionary() -> (TermDictionary, [UInt32]) {
    let n = count
    var keyed: [(UInt64, UInt32)] = []
    keyed.reserveCapacity(n)
    // Safe: term ranges come from `starts`, which this interner made within `arena`.
    arena.withUnsafeBufferPointer { all in
      for id in 0..<n {
        let start = Int(starts[id])
        let end = Int(starts[id + 1])
        var p: UInt64 = 0
        for i in 0..<8 { p = p << 8 | UInt64(start + i < end ? all[start + i] : 0) }
        keyed.append((p, UInt32(id)))
      }
      keyed.sort { a, b in
        if a.0 != b.0 { return a.0 < b.0 }
        let x = UnsafeBufferPointer(rebasing: all[Int(starts[Int(a.1)])..<Int(starts[Int(a.1) + 1])])
        let y = UnsafeBufferPointer(rebasing: all[Int(starts[Int(b.1)])..<Int(starts[Int(b.1) + 1])])
        return compareBytes(x, y) < 0
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(arena.count)
    var sortedStarts: [UInt32] = [0]
    sortedStarts.reserveCapacity(n + 1)
    var newID = [UInt32](repeating: 0, count: n)
    for (position, entry) in keyed.enumerated() {
      let id = Int(entry.1)
      bytes.append(contentsOf: arena[Int(starts[id])..<Int(starts[id + 1])])
      sortedStarts.append(UInt32(bytes.count))
      newID[id] = UInt32(position)
    }
    return (TermDictionary(bytes: Column(bytes), starts: Column(sortedStarts)), newID)
  }
}

/// Results written by concurrent workers, one slot each, read after they have all finished.
/// Raw storage, so that writes to different slots never touch shared bookkeeping.
public final class ResultSlots<T>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<T?>
  private let count: Int

  public init(count: Int) {
    self.count = count
    // Safe: `slots` holds `count` elements, is initialized at once and deallocated in deinit.
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  /// Each slot is written by exactly one worker.
  public func set(_ i: Int, _ value: T) { slots[i] = value }
  public var values: [T] { (0..<count).map { slots[$0]! } }
}
