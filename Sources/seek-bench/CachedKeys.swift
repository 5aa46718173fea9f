import Foundation
import SearchEngine
import SeekCore

/// `SEEK_BENCH_CACHE=FILE seek-bench --keys-on-cache`: the growth part's 200 names typed letter by
/// letter on an index cache the real binary wrote (say, `make bench-scale`'s 9.9M packages), with
/// the slowest keystrokes listed. For profiling the tail at ten million records without building
/// them (a minute and 6 GB) first.
enum CachedKeys {
  static func run(_ packages: PackageCatalog, cache: String) {
    // SEEK_BENCH_CACHE=build: the growth part's 9.9M packages built in memory instead.
    let loaded: Catalog?
    if cache.hasPrefix("lines:") {
      // SEEK_BENCH_CACHE=lines:FILE: FILE's lines indexed as the app indexes a pipe.
      guard let handle = FileHandle(forReadingAtPath: String(cache.dropFirst(6))) else { return }
      let table = StreamingReader(format: .lines) {}.readAll(handle)
      let settings = CatalogSettings().resolved(for: table)
      loaded = Catalog(name: "lines", path: "-", table: table, settings: settings)
    } else if cache == "build" {
      let index = IndexBuilder.build(Growth.copies(packages.documents, 9), settings: Growth.settings)
      loaded = Catalog(
        name: "9.9M", path: "", settings: ResolvedSettings(index: Growth.settings), given: CatalogSettings(),
        numericAttributes: [], index: index)
    } else {
      loaded = load(cache)
    }
    guard let catalog = loaded else {
      log("  --keys-on-cache: \(cache) cannot be loaded")
      return
    }
    var random = SeededRandom(state: 20_261_201)
    var pool = packages.top
    var names: [String] = []
    while names.count < 200 && !pool.isEmpty { names.append(pool.remove(at: random.below(pool.count))) }
    let searcher = CatalogSearcher(catalog: catalog)
    // SEEK_BENCH_TYPE="q1|q2": these queries alone, typed letter by letter 20 times, the least
    // time of each keystroke (for a profiler).
    if let given = ProcessInfo.processInfo.environment["SEEK_BENCH_TYPE"] {
      let typed = keystrokes(given.split(separator: "|").map(String.init))
      var least = [Double](repeating: .infinity, count: typed.count)
      for _ in 0..<20 {
        for (i, text) in typed.enumerated() {
          let start = Measure.now()
          _ = try! searcher.search(
            CatalogSearcher.Request(query: text, hitsPerPage: 20, highlightScope: .titleAndSnippet))
          least[i] = min(least[i], Double(Measure.now() - start) / 1e9)
        }
      }
      for (text, seconds) in zip(typed, least) { log("    \(text): \(ms(seconds)) ms") }
      return
    }
    _ = typeAll(searcher, Array(names.prefix(20)))
    var slowest: [(Double, String)] = []
    var samples = Samples()
    for pass in 0..<2 {
      for text in keystrokes(names) {
        let start = Measure.now()
        _ = try! searcher.search(
          CatalogSearcher.Request(query: text, hitsPerPage: 20, highlightScope: .titleAndSnippet))
        let seconds = Double(Measure.now() - start) / 1e9
        if pass == 1 {
          samples.add(seconds)
          slowest.append((seconds, text))
        }
      }
    }
    counts(searcher)
    log(
      "  \(catalog.index.count) records: keystroke median / p99 / max \(ms(samples.median)) / \(ms(samples.p99)) / \(ms(samples.percentile(1))) ms"
    )
    for (seconds, text) in slowest.sorted(by: { $0.0 > $1.0 }).prefix(25) { log("    \(ms(seconds)) ms  \(text)") }
  }

  /// The counts shown for broad words (extrapolated when a scan stopped early, the typo tier left
  /// out on large indexes) against the exact ones, with typos, of an exhaustive evaluation.
  static func counts(_ searcher: CatalogSearcher) {
    for word in ["pyth", "python", "simp", "comp", "type", "data", "react", "test"] {
      let shown = try! searcher.search(CatalogSearcher.Request(query: word, hitsPerPage: 20, highlightScope: nil))
      let exact = try! searcher.search(
        CatalogSearcher.Request(query: word, hitsPerPage: 20, exhaustive: true, highlightScope: nil))
      let ratio = String(format: "%.2f", Double(shown.nbHits) / Double(max(1, exact.nbHits)))
      log(
        "    count of \(word): \(shown.nbHits)\(shown.exhaustiveNbHits ? "" : " (approximate)") for \(exact.nbHits), ×\(ratio)"
      )
    }
  }

  /// The cache with the fingerprint its header holds (whatever the catalog it was built from).
  static func load(_ path: String) -> Catalog? {
    guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: 1 << 20),
      head.count > 8
    else { return nil }
    let length = head.prefix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    guard let meta = try? JSONParser.parse(String(decoding: head.dropFirst(8).prefix(Int(length)), as: UTF8.self)),
      case .string(let fingerprint)? = meta["fingerprint"]
    else { return nil }
    return IndexCache.load(path: path, catalogPath: "", fingerprint: fingerprint, given: CatalogSettings()).catalog
  }
}
