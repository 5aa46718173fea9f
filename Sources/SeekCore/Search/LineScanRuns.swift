import SearchEngine

/// One query matched over lines on every core: a `LineStreamMatcher` per core, each handed a
/// contiguous part of every block of lines, merged into one when the answer is asked.
///
/// Why it answers as one matcher would: a matcher keeps, per relaxation level and dictionary
/// regime, the best lines by (relevance, tie) with the line's place in the input inside the tie,
/// and counts; the best of the union of the runs' best is the best of all, counts add, and the
/// dictionary regime is decided by the union of the distinct terms the runs saw (exact up to the
/// threshold, as one matcher's count is). So the lines kept, the count and the order are the
/// sequential scan's, line for line (`LineScanRunsTests` checks it against one matcher).
///
/// What it trades: a block is matched only once it is whole, so the caller looks at whether it
/// was superseded between blocks, not between lines: `blockLinesPerCore` lines a core, about a
/// millisecond of matching (lines are matched at 0.5–1.5 million a second a core), the time a key
/// typed meanwhile may wait. Small blocks (a few hundred lines, a short pipe) run on the calling
/// thread alone: waking the other threads would cost more than it saves.
struct LineScanRuns {
  /// Each core's matcher; `runs[0]` also takes every block too small to split.
  private var runs: [LineStreamMatcher]
  private let workers: Workers
  /// The next line's place in the input.
  private(set) var position: Int

  /// Lines a core matches of each block: ~1 ms of work between two looks at a newer search.
  static let blockLinesPerCore = 1024
  /// A block shorter than this runs on the calling thread.
  static let splitFrom = 512

  init(
    query: String, settings: IndexSettings, limit: Int, matching: MatchOptions, firstPosition: Int,
    workers: Workers = .allCores
  ) {
    // Each made apart, not copied: a matcher's fzf scratch is a class, one per thread.
    runs = (0..<workers.cores).map { _ in
      LineStreamMatcher(
        query: query, settings: settings, limit: limit, matching: matching, firstPosition: firstPosition)
    }
    self.workers = workers
    position = firstPosition
  }

  /// Lines matched by every run.
  var linesRead: Int { runs.reduce(0) { $0 + $1.linesRead } }

  /// How many lines a block holds: the caller's unit between two looks at a newer search.
  var blockLines: Int { Self.blockLinesPerCore * runs.count }

  /// Matches `count` lines, the next ones of the input; `line(i)` is the i-th (from any thread).
  mutating func add(count: Int, line: (Int) -> String) {
    let first = position
    inParts(count) { run, i in run.add(line(i), at: first + i) }
  }

  /// Matches rows `rows` of `table` (their first value), the next lines of the input, read in place.
  mutating func add(_ rows: Range<Int>, of table: RecordTable) {
    let first = position
    // Safe: each value's buffer is used only inside its closure.
    inParts(rows.count) { run, i in table.withValue(rows.lowerBound + i, 0) { run.add($0, at: first + i) } }
  }

  /// Hands the next `count` lines out, a contiguous part to each run (all to the first when they
  /// are few), and moves past them; `match(run, i)` matches the i-th with a run.
  private mutating func inParts(_ count: Int, _ match: (inout LineStreamMatcher, Int) -> Void) {
    position += count
    let parts = count < Self.splitFrom ? 1 : runs.count
    // Safe: part `p` mutates `runs[p]` alone, the array is neither resized nor copied while the
    // workers run, and `perform` returns only once every part has (one part runs on the caller).
    runs.withUnsafeMutableBufferPointer { runs in
      workers.perform(iterations: parts) { p in
        for i in (count * p / parts)..<(count * (p + 1) / parts) { match(&runs[p], i) }
      }
    }
  }

  /// The runs as one matcher (what `LineStreamMatcher.result` reads).
  func merged() -> LineStreamMatcher {
    var whole = runs[0]
    for other in runs.dropFirst() where other.linesRead > 0 { whole.merge(other) }
    return whole
  }
}
