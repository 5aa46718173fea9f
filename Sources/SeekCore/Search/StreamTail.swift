import SearchEngine

/// The lines a pipe has delivered past the main index, while it is still being read and indexed,
/// answered without indexing them: each search matches them one by one (`LineStreamMatcher`, the
/// index's rules), and only the best lines it keeps are indexed, a few hundred at most, as a small
/// tail segment ranked beside the main index. So a query typed during ingestion is answered at
/// the speed lines are read, on the search lane's core, while the indexer builds the main index on
/// the other, and the count shown is exact for every line read.
///
/// The scan is resumable: lines that arrive later are matched against the query already being
/// answered (typing nothing, the count follows reading), and a scan stopped for a newer search
/// goes on from where it was if that search asks the same. A new query scans the tail again
/// (fzf does the same over every line; the tail is at most what the main index holds, since the
/// main index is rebuilt when the lines read have doubled).
///
/// What a scan cannot answer (filters, a sort, input order, `distinct`, picks learned) falls back
/// to an index of the whole tail, built when first asked and kept until more lines arrive.
struct StreamTail {
  /// The lines past the main index, in chunks as they were delivered, in input order.
  private var chunks: [RecordTable] = []
  /// Rows of the first chunk before the tail's first line (lines the main index holds): a
  /// chunk is shared, not cut, when the main index takes part of it.
  private var firstRow = 0
  /// The place in the input of the first line of `chunks`: the main index's line count.
  private(set) var firstPosition = 0
  private(set) var count = 0
  private let settings: ResolvedSettings

  /// What a scan is for: a different query, matching or number of lines kept starts another.
  private struct Key: Equatable {
    var query: String
    var matching: MatchOptions
    var limit: Int
  }

  /// The scan under way: its matchers (one per core), and the next line to match (chunk, row).
  private var scan: (key: Key, runs: LineScanRuns, chunk: Int, row: Int)?
  /// The last answer, for the lines scanned then (all of them, or those a scan had reached).
  private var answered: (key: Key, lines: Int, answer: Answer)?
  private var wholeIndex: (lines: Int, index: SearchIndex, serial: Int)?
  /// Numbers each index built, so that the searcher swaps its tail segment only for a new one.
  private var serial = 0

  /// The tail's part of a search: its small index of kept lines, and the count and dropped words
  /// of every line scanned.
  struct Answer {
    var index: SearchIndex
    var serial: Int
    var nbHits: Int
    var droppedWords: [String]
    /// Each kept line's place in the input, in the order the lines were kept (the index's input
    /// order): fzf's `{n}` of a line the scan kept.
    var positions: [Int]
  }

  init(settings: ResolvedSettings, firstPosition: Int) {
    self.settings = settings
    self.firstPosition = firstPosition
  }

  var isEmpty: Bool { count == 0 }

  /// Whether a scan can answer a catalog with these settings: plain lines ranked by the index's
  /// rules with no custom ranking (`LineStreamFilter.supports`).
  static func supports(_ settings: ResolvedSettings) -> Bool {
    LineStreamFilter.supports(settings.index) && settings.index.searchableAttributes.count == 1
  }

  /// Adds the lines read from `position` on; those the main index already holds are left out.
  mutating func append(_ rows: RecordTable, at position: Int) {
    let expected = firstPosition + count
    guard position + rows.count > expected, position <= expected else { return }
    var chunk = rows
    if position < expected {
      chunk = RecordTable(attributes: rows.attributes)
      chunk.appendRows(of: rows, from: expected - position)
    }
    count += chunk.count
    chunks.append(chunk)
  }

  /// Every line read, from the input's first, in one table: the final build's snapshot, whose
  /// buffers its index shares (`DocumentStore.reordered`). Held instead of the chunks, which held
  /// the same lines, so that they are held once while the final build runs: 470 MB for ten million
  /// paths. A scan under way goes on from the same line, and the lines it had not been handed yet
  /// are its to scan.
  /// Returns the chunks it held, for the caller to free (`ReleaseElsewhere`).
  mutating func holdWhole(_ whole: RecordTable) -> [RecordTable] {
    guard firstPosition + count <= whole.count, whole.count > firstPosition else { return [] }
    if var under = scan {
      // Its place among the tail's lines, then in `whole`.
      let before = chunks.prefix(under.chunk).reduce(0) { $0 + $1.count }
      under.row += firstPosition + before - firstRow
      under.chunk = 0
      scan = under
    }
    let replaced = chunks
    chunks = [whole]
    firstRow = firstPosition
    count = whole.count - firstPosition
    return replaced
  }

  /// The main index now holds the lines before `position`: they leave the tail.
  mutating func drop(below position: Int) {
    guard position > firstPosition else { return }
    var left = position - firstPosition
    while let first = chunks.first, left > 0 {
      let lines = first.count - firstRow
      if lines <= left {
        left -= lines
        count -= lines
        chunks.removeFirst()
        firstRow = 0
      } else {
        firstRow += left
        count -= left
        left = 0
      }
    }
    firstPosition = position
    if chunks.isEmpty { (count, firstRow) = (0, 0) }
    scan = nil
    answered = nil
    wholeIndex = nil
  }

  /// The answer for `query` over every line of the tail, its best `limit` lines kept; nil when
  /// `superseded` said so before the scan ended (the scan resumes on the next ask).
  /// `mainTerms`: the main index's term count, for the regime the kept lines are ranked in.
  mutating func answer(
    query: String, matching: MatchOptions, limit: Int, mainTerms: Int, superseded: () -> Bool
  ) -> Answer? {
    let key = Key(query: query, matching: matching, limit: limit)
    if let answered, answered.key == key, answered.lines == count { return answered.answer }
    if scan?.key != key {
      scan = (
        key,
        LineScanRuns(
          query: query, settings: settings.index, limit: limit, matching: matching, firstPosition: firstPosition),
        0, firstRow
      )
    }
    guard var (_, runs, chunk, row) = scan else { return nil }
    scan = nil  // the matchers are mutated alone: no copy of their heaps and term hashes per search
    // A block at a time, on every core; between blocks (about a millisecond each), a look at
    // whether a newer search waits: a look takes the runtime's lock and reads its queue, a
    // microsecond.
    while chunk < chunks.count {
      let table = chunks[chunk]
      while row < table.count {
        let (start, end) = (row, min(table.count, row + runs.blockLines))
        runs.add(start..<end, of: table)
        row = end
        if row < table.count || chunk + 1 < chunks.count, superseded() {
          scan = (key, runs, chunk, row)
          return nil
        }
      }
      chunk += 1
      row = 0
    }
    // Stay at the end of the last chunk: lines that arrive later go on from there.
    scan = (key, runs, max(0, chunks.count - 1), chunks.last?.count ?? 0)
    let answer = ranked(runs.merged(), mainTerms: mainTerms)
    answered = (key, count, answer)
    return answer
  }

  /// The answer for the lines the scan of `query` has reached, without scanning more: nil when
  /// no scan of it has begun. What an interim page shows while the rest waits to be scanned —
  /// the best lines so far and their count, a lower bound — so that a pipe read faster than it
  /// is scanned (the scan gives way to each batch's search, and catches up only when reading
  /// ends) shows its matches as they are found, not the main index's alone.
  mutating func answerSoFar(query: String, matching: MatchOptions, limit: Int, mainTerms: Int) -> Answer? {
    let key = Key(query: query, matching: matching, limit: limit)
    guard let scan, scan.key == key, case let lines = scan.runs.linesRead, lines > 0 else { return nil }
    if let answered, answered.key == key, answered.lines == lines { return answered.answer }
    let answer = ranked(scan.runs.merged(), mainTerms: mainTerms)
    answered = (key, lines, answer)
    return answer
  }

  /// The kept lines indexed, ranked in the regime of the whole input read so far (the main
  /// index's terms and the tail's, an over-estimate by the terms they share: only the choice at
  /// 10,000 terms depends on it).
  private mutating func ranked(_ matcher: LineStreamMatcher, mainTerms: Int) -> Answer {
    let regime: RecordMatcher.Regime =
      settings.index.substringMatching == false ? .large : .of(termCount: mainTerms + matcher.termCount)
    let result = matcher.result(in: regime)
    var kept = RecordTable(attributes: chunks.first?.attributes ?? ["text"])
    for line in result.lines { kept.appendRow([line.text]) }
    var index = settings.index
    index.substringMatching = regime != .large
    index.firstLettersFixed = regime != .small
    serial += 1
    return Answer(
      index: IndexBuilder.build(kept.documents(idAttribute: settings.objectIDAttribute), settings: index),
      serial: serial, nbHits: result.nbHits, droppedWords: result.droppedWords,
      positions: result.lines.map(\.index))
  }

  /// The whole tail indexed (for what a scan cannot answer), built when first asked.
  mutating func indexOfEveryLine() -> (index: SearchIndex, serial: Int) {
    if let wholeIndex, wholeIndex.lines == count { return (wholeIndex.index, wholeIndex.serial) }
    var rows = RecordTable(attributes: chunks.first?.attributes ?? ["text"])
    for (i, chunk) in chunks.enumerated() { rows.appendRows(of: chunk, from: i == 0 ? firstRow : 0) }
    let index = IndexBuilder.build(rows.documents(idAttribute: settings.objectIDAttribute), settings: settings.index)
    serial += 1
    wholeIndex = (count, index, serial)
    return (index, serial)
  }
}
