import Dispatch
import SearchEngine
import Testing

@testable import SeekCore

/// Lines matched on several cores (`LineScanRuns`) answer as one matcher handed every line:
/// the same lines kept, in the same order, the same count, words dropped and regime — over
/// 16,000 real package names (past the 10,000-term regime threshold), in blocks of any size.
@Suite struct LineScanRunsTests {
  static let names = packageNames(first: 16_000)

  static let queries = ["django rest", "reqeusts", "py", "'orm", "", "django zzzzqqq", "!py lib", "ai tools"]

  /// Four runs on Dispatch's threads, whatever the machine's cores.
  static let fourCores = Workers(cores: 4) { iterations, body in
    DispatchQueue.concurrentPerform(iterations: iterations) { body.run($0) }
  }

  static let settings: IndexSettings = {
    var settings = CatalogSettings()
    settings.typosOnKnownWords = true
    var table = RecordTable(attributes: ["text"])
    table.appendRow(["x"])
    return settings.resolved(for: table).index
  }()

  func oneMatcher(_ query: String, limit: Int, matching: MatchOptions) -> LineStreamMatcher {
    var matcher = LineStreamMatcher(query: query, settings: Self.settings, limit: limit, matching: matching)
    for name in Self.names { matcher.add(name) }
    return matcher
  }

  func runs(_ query: String, limit: Int, matching: MatchOptions, blocks: [Int]) -> LineScanRuns {
    var runs = LineScanRuns(
      query: query, settings: Self.settings, limit: limit, matching: matching, firstPosition: 0,
      workers: Self.fourCores)
    var start = 0
    var i = 0
    while start < Self.names.count {
      let count = min(blocks[i % blocks.count], Self.names.count - start)
      let first = start
      runs.add(count: count) { Self.names[first + $0] }
      start += count
      i += 1
    }
    return runs
  }

  /// The lines in the order the result gives them: input order, or `rankOrder` over the lines
  /// as held (a heap's order, which differs between runs merged and one matcher).
  func ordered(_ result: LineStreamFilter.Result) -> [String] {
    let lines = result.rankOrder.map { $0.map { result.lines[$0] } } ?? result.lines
    return lines.map { "\($0.index) \($0.text)" }
  }

  func same(_ a: LineStreamFilter.Result, _ b: LineStreamFilter.Result, _ label: String) {
    #expect(ordered(a) == ordered(b), "\(label)")
    #expect(a.nbHits == b.nbHits, "\(label)")
    #expect(a.droppedWords == b.droppedWords, "\(label)")
    #expect(a.linesRead == b.linesRead, "\(label)")
    #expect(a.regime == b.regime, "\(label)")
  }

  @Test(arguments: [[16_000], [700, 100, 5_000, 3]])
  func runsAnswerAsOneMatcher(blocks: [Int]) {
    #expect(Self.names.count == 16_000)
    #expect(oneMatcher("py", limit: 20, matching: MatchOptions()).result().regime == .medium)
    for query in Self.queries {
      for fuzzyTier in [false, true] {
        var matching = MatchOptions()
        matching.fuzzyTier = fuzzyTier
        for (limit, order) in [(40, LineStreamMatcher.Order.input), (100_000, .rank)] {
          let expected = oneMatcher(query, limit: limit, matching: matching).result(order: order)
          let got = runs(query, limit: limit, matching: matching, blocks: blocks).merged().result(order: order)
          same(got, expected, "\(query) fuzzyTier \(fuzzyTier) limit \(limit) blocks \(blocks)")
        }
      }
    }
  }

  /// A handful of lines (a short pipe) below the regime threshold: the runs' terms are counted
  /// together, so the regime is the small one, as one matcher's.
  @Test func aFewLinesStayInTheSmallRegime() {
    let lines = Array(Self.names.prefix(3_000))
    var one = LineStreamMatcher(query: "djang", settings: Self.settings, limit: 20, matching: MatchOptions())
    for line in lines { one.add(line) }
    var runs = LineScanRuns(
      query: "djang", settings: Self.settings, limit: 20, matching: MatchOptions(), firstPosition: 0,
      workers: Self.fourCores)
    runs.add(count: lines.count) { lines[$0] }
    same(runs.merged().result(), one.result(), "djang")
    #expect(runs.merged().result().regime == .small)
  }
}
