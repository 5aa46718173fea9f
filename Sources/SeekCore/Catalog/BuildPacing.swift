/// Whether a main index built while a pipe is still being read would be of use when done.
///
/// Scanning the tail (`StreamTail`), every line read is answered at reading speed; a main index
/// built before the input ends only spares the scan the lines it holds, and the searcher takes it
/// only if it holds nine tenths of the lines read by then (`CatalogSearcher.takesMain`). A build
/// of `n` lines takes `n / build` seconds, in which the reader reads `n * read / build` more, so
/// it is taken only when `read * 9 <= build`: the pipe is at least nine times slower than
/// indexing (a `find` on a cold disk, a program printing as it works).
///
/// A pipe read faster than that (`cat`, a listing already in memory) gets no build until it ends.
/// Before this rule one was started each time the lines doubled. Each was dropped, and the last,
/// begun just before the end, was taken. At ten million lines that one held 9.2 million: the
/// final build started only once it was done, 32–40 s in instead of 3. Its index of 1.5 GB then
/// lived beside the final build: a peak of 4.0–4.5 GB, where the same code without it peaked at
/// 2.2–2.4 GB.
///
/// What it trades away: a key typed while a fast pipe is read, or while its final build runs, is
/// answered by scanning every line read (at reading speed, the other core), not an index of most
/// of them.
public struct BuildPacing: Sendable {
  /// Lines a second the last build indexed, once one was large enough to say (smaller ones are
  /// mostly fixed costs); before that, about what a build of paths does at low priority on one
  /// core (330,000 a second at ten million).
  public private(set) var buildRate = 300_000.0
  /// Lines a second the reader read over the last window; nil until one window has passed.
  public private(set) var readRate: Double? = nil
  private var sample: (seconds: Double, records: Int)? = nil

  /// A rate is read over at least this long: shorter, one batch arriving early or late sways it.
  public static let window = 0.25
  /// A build of fewer lines says little about the rate of a large one.
  public static let measuredFrom = 50_000

  public init() {}

  /// The reader has read `records` lines by `seconds` (any monotonic clock).
  public mutating func observe(records: Int, at seconds: Double) {
    guard let last = sample else {
      sample = (seconds, records)
      return
    }
    let elapsed = seconds - last.seconds
    guard elapsed >= Self.window else { return }
    readRate = Double(max(0, records - last.records)) / elapsed
    sample = (seconds, records)
  }

  /// A build of `records` lines took `seconds`.
  public mutating func built(records: Int, seconds: Double) {
    guard records >= Self.measuredFrom, seconds > 0 else { return }
    buildRate = Double(records) / seconds
  }

  /// Whether a build started now is likely to hold enough of the lines read when it is done.
  /// Not before the reading rate is known: the loop looks again a window later.
  public var keepsUp: Bool {
    guard let readRate else { return false }
    let tenths = Double(CatalogSearcher.mainTakenTenths)
    return readRate * tenths <= buildRate * (10 - tenths)
  }
}
