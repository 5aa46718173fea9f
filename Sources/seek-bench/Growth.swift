import Foundation
import SearchEngine
import SeekCore

/// `make bench-scale`: how cost grows with the catalog — 100k (a seeded sample), 1.1M (the
/// packages) and 5.5M (the packages five times, each copy's names suffixed) — build time, index
/// bytes per record, peak RSS and keystroke median/p99 on the same typed names. Build time and
/// memory should grow linearly, p99 far slower than the record count.
enum Growth {
  static func run(_ packages: PackageCatalog) {
    log("== growth (bench-scale)")
    log("  records   | build     | index B/rec | peak RSS  | keystroke median / p99 / max")
    var random = SeededRandom(state: 20_261_201)
    var pool = packages.top
    var names: [String] = []
    while names.count < 200 && !pool.isEmpty { names.append(pool.remove(at: random.below(pool.count))) }
    let all = packages.documents
    // 100k: a seeded sample that keeps the typed names (so every size answers the same keystrokes).
    var sample = DocumentStore(attributes: all.attributes)
    let wanted = Set(names)
    var chosen = Set<Int>()
    for r in 0..<all.count where wanted.contains(all.value(r, 0)) { chosen.insert(r) }
    while chosen.count < 100_000 { chosen.insert(random.below(all.count)) }
    for r in chosen.sorted() {
      sample.append(objectID: all.objectID(r), values: (0..<all.attributes.count).map { all.value(r, $0) })
    }
    measure("100k", sample, names)
    measure("1.1M", all, names)
    var times5 = DocumentStore(attributes: all.attributes)
    times5.reserve(records: all.count * 5, bytes: 600_000_000)
    for copy in 0..<5 {
      for r in 0..<all.count {
        var values = (0..<all.attributes.count).map { all.value(r, $0) }
        if copy > 0 { values[0] += "-copy\(copy)" }
        times5.append(objectID: all.objectID(r) + "#\(copy)", values: values)
      }
    }
    measure("5.5M", times5, names)
  }

  static func measure(_ label: String, _ documents: DocumentStore, _ names: [String]) {
    Measure.resetPeak()
    let (index, build) = Measure.time { IndexBuilder.build(documents, settings: PackageCatalog.settings) }
    let peak = Measure.memory("VmHWM")
    let catalog = Catalog(
      name: label, path: "", settings: ResolvedSettings(index: PackageCatalog.settings), given: CatalogSettings(),
      numericAttributes: [], index: index)
    let searcher = CatalogSearcher(catalog: catalog)
    _ = typeAll(searcher, Array(names.prefix(20)))
    let samples = typeAll(searcher, names)
    log(
      "  \(label.padding(toLength: 9, withPad: " ", startingAt: 0)) | \(String(format: "%7.1f", build)) s | \(String(format: "%11d", index.indexBytes / max(1, index.count))) | \(mb(peak).padding(toLength: 9, withPad: " ", startingAt: 0)) | \(ms(samples.median)) / \(ms(samples.p99)) / \(ms(samples.percentile(1))) ms"
    )
  }
}
