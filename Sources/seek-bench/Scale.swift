import Foundation
import SearchEngine
import SeekCore

/// Seeded samples of the package catalog (10k, 100k): build time, and the engine's latency per
/// keystroke (top 20 with the highlights a list shows) on every prefix of the sample's popular
/// names and of those names with two letters swapped — with the slowest keystrokes, so that each
/// run shows where the tail comes from.
enum Scale {
  static func samples(_ packages: PackageCatalog, sizes: [Int]) {
    let all = packages.documents
    for size in sizes where size < all.count {
      var random = SeededRandom(state: 20_261_130 &+ UInt64(size))
      var chosen = Set<Int>()
      while chosen.count < size { chosen.insert(random.below(all.count)) }
      var documents = DocumentStore(attributes: all.attributes)
      var byPopularity: [(Double, String)] = []
      for r in chosen.sorted() {
        let values = (0..<all.attributes.count).map { all.value(r, $0) }
        documents.append(objectID: all.objectID(r), values: values)
        byPopularity.append((Double(values[2]) ?? 0, values[0]))
      }
      var settings = PackageCatalog.settings
      if ProcessInfo.processInfo.environment["SEEK_BENCH_NO_SUBSTRING"] != nil { settings.substringMatching = false }
      let (index, build) = Measure.time { IndexBuilder.build(documents, settings: settings) }
      byPopularity.sort { $0.0 > $1.0 }
      let names = byPopularity.prefix(300).map(\.1)
      var typed = names
      for name in names.prefix(100) {
        var chars = Array(name)
        guard chars.count >= 4 else { continue }
        let i = 1 + random.below(chars.count - 2)
        chars.swapAt(i, i + 1)
        typed.append(String(chars))
      }
      let searcher = Searcher(index: index)
      if let cold = ProcessInfo.processInfo.environment["SEEK_BENCH_COLD"], size == 100_000 {
        let (_, t) = Measure.time {
          for _ in 0..<3000 {
            _ = Searcher(index: index).search(
              SearchRequest(query: cold, hitsPerPage: 20, highlightScope: .titleAndSnippet))
          }
        }
        log("  cold '\(cold)': \(ms(t / 3000)) ms")
        continue
      }
      if let repeated = ProcessInfo.processInfo.environment["SEEK_BENCH_REPEAT"] {
        // Profiling one keystroke: the query before it, then it, many times (fresh caches each).
        var t = 0.0
        for _ in 0..<100 {
          let fresh = Searcher(index: index)
          for k in 1..<repeated.count {
            _ = fresh.search(
              SearchRequest(query: String(repeated.prefix(k)), hitsPerPage: 20, highlightScope: .titleAndSnippet))
          }
          let (_, one) = Measure.time {
            fresh.search(SearchRequest(query: repeated, hitsPerPage: 20, highlightScope: .titleAndSnippet))
          }
          t += one
        }
        log("  \(size / 1000)k: '\(repeated)' typed letter by letter, its last keystroke: \(ms(t / 100)) ms")
        let warm = Searcher(index: index)
        let (_, again) = Measure.time {
          for _ in 0..<300 {
            _ = warm.search(SearchRequest(query: repeated, hitsPerPage: 20, highlightScope: .titleAndSnippet))
          }
        }
        log("    the same query again on a warm searcher: \(ms(again / 300)) ms")
        continue
      }
      for text in keystrokes(Array(typed.prefix(30))) {  // warm-up
        _ = searcher.search(SearchRequest(query: text, hitsPerPage: 20, highlightScope: .titleAndSnippet))
      }
      var samples = Samples()
      var slow: [(Double, String)] = []
      for text in keystrokes(typed) {
        let start = Measure.now()
        _ = searcher.search(SearchRequest(query: text, hitsPerPage: 20, highlightScope: .titleAndSnippet))
        let t = Double(Measure.now() - start) / 1e9
        samples.add(t)
        slow.append((t, text))
      }
      slow.sort { $0.0 > $1.0 }
      log("  \(size / 1000)k sample: build \(ms(build)) ms; per keystroke \(samples.summary())")
      log("    slowest: " + slow.prefix(8).map { "\($0.1)=\(ms($0.0))" }.joined(separator: ", "))
    }
  }
}
