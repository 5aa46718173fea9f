import Foundation
import SearchEngine

/// `seek -f QUERY` on a pipe of lines, as cheap as fzf: each line is matched as it is read
/// (`RecordMatcher`, the index's rules without an index), counted, and kept only while it is among
/// the best `limit` — a bounded heap per relaxation level (all words required, then all but the
/// last, …, as the engine drops words when nothing matches them all). Memory is the heap, not the
/// input. The caller then ranks the kept lines with the engine itself (a small catalog of them),
/// so the page shown, its highlights and its JSON are the engine's.
public struct LineStreamFilter {
  /// A kept line: its text, its place in the input (`text`, `index`), as the scan kept it.
  public typealias Kept = ScanCollector<String>.Kept

  public struct Result {
    /// The best `limit` lines: in input order (the engine ranks them again), or asked in the
    /// index's rank order, as held and ranked by `rankOrder`.
    public var lines: [Kept]
    /// With `LineStreamMatcher.Order.rank`: `lines`' indices in rank order.
    public var rankOrder: [Int]? = nil
    /// Lines that match at the relaxation level chosen (exact).
    public var nbHits: Int
    /// Query words dropped because no line matched them all (Algolia's removeWordsIfNoResults).
    public var droppedWords: [String]
    public var linesRead: Int
    /// Lines longer than what is searched of a value (warned about, as for an indexed catalog).
    public var longLines: Int
    /// The dictionary regime of the whole input: the kept lines are ranked under its rules.
    public var regime: RecordMatcher.Regime
    /// Reading stopped at the memory limit (`SEEK_MEMORY_LIMIT_MB`): the answer is the lines
    /// read before it, as the app's.
    public var stoppedAtMemoryLimit = false
  }

  /// Whether a stream filter answers like the index for these settings: lines, no custom
  /// ranking, and ties by length and input order only (a tie-break by name needs every title).
  /// Typos on known words too: a stream is read once, so it cannot know which words are known
  /// before it has matched them (KnownWords.swift), and lines keep them (`Plan`).
  public static func supports(_ settings: IndexSettings) -> Bool {
    settings.customRanking.isEmpty && !settings.tiebreak.contains(.name) && settings.typoTolerance.typosOnKnownWords
      && settings.typoTolerance.tiers == .all
      && settings.searchableAttributes.count == 1 && settings.substringMatching != false
  }

  /// Reads `handle` to its end, or until the process's resident memory passes `memoryLimit`
  /// (looked at every tenth of a second: `yes | seek -f y` and one endless line grew to gigabytes).
  public static func run(
    _ handle: FileHandle, query text: String, settings: IndexSettings, limit: Int,
    matching: MatchOptions = MatchOptions(), delimiter: UInt8 = 0x0A, headerLines: Int = 0,
    order: LineStreamMatcher.Order = .input, memoryLimit: Int = ProcessMemory.inputLimitBytes()
  ) -> Result {
    var reading = Reading(
      runs: LineScanRuns(query: text, settings: settings, limit: limit, matching: matching, firstPosition: 0),
      headerLinesLeft: headerLines)
    var splitter = LineSplitter(delimiter: delimiter)
    reading.dropsCarriageReturn = splitter.dropsCarriageReturn
    var lastLook = Date()
    var stopped = false
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      splitter.feed(chunk) { reading.consume($0) }
      if Date().timeIntervalSince(lastLook) >= StreamingReader.interval {
        lastLook = Date()
        if let resident = ProcessMemory.residentBytes(), resident > memoryLimit {
          stopped = true
          splitter.dropPending()  // a line cut where reading stopped
          break
        }
      }
    }
    splitter.finish { reading.consume($0) }
    reading.matchPending()
    var result = reading.runs.merged().result(order: order)
    result.stoppedAtMemoryLimit = stopped
    return result
  }

  /// The state of one read: a struct whose method takes each line, so that the matchers are used
  /// in place (captured by closures, they were copied for every line, each of their arrays
  /// retained). Lines are matched a block at a time, on every core (`LineScanRuns`).
  private struct Reading {
    var runs: LineScanRuns
    /// Lines read and not matched yet: a block is `blockLinesPerCore` × this many a core (no newer
    /// search waits on a filter, so its blocks are larger than the app's).
    var pending: [String] = []
    static let blocksPerMatch = 16
    /// `--header-lines`: lines still to leave out (a header is never searched nor printed).
    var headerLinesLeft: Int
    var dropsCarriageReturn = true

    mutating func consume(_ line: ArraySlice<UInt8>) {
      var end = line.endIndex
      if dropsCarriageReturn && end > line.startIndex && line[end - 1] == 0x0D { end -= 1 }
      if headerLinesLeft > 0 {
        headerLinesLeft -= 1
        return
      }
      // The text as the index would keep it (invalid UTF-8 replaced).
      pending.append(String(decoding: line[line.startIndex..<end], as: UTF8.self))
      if pending.count >= runs.blockLines * Self.blocksPerMatch { matchPending() }
    }

    mutating func matchPending() {
      let lines = pending
      runs.add(count: lines.count) { lines[$0] }
      pending.removeAll(keepingCapacity: true)
    }
  }
}
