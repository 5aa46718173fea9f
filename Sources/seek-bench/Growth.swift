import Foundation
import SearchEngine
import SeekCore

/// `make bench-scale`: how cost grows with the catalog — 100k (a seeded sample), 1.1M (the
/// packages), 5.5M and 9.9M (the packages five and nine times, each copy's names suffixed) —
/// build time, index bytes per record, peak RSS and keystroke median/p99 on the same typed names.
/// Build time and memory should grow linearly, p99 far slower than the record count. Then ten
/// million records warm, as a person meets them: the real binary's `--filter` on the 9.9M
/// packages as a TSV file, from the index cache.
enum Growth {
  /// The packages' settings as the app has them: plurals on, as for every catalog of records
  /// unless the settings say otherwise (`python` is then `python` or `pythons`).
  static let settings: IndexSettings = {
    var settings = PackageCatalog.settings
    settings.alternatives.ignorePlurals = true
    return settings
  }()

  static func run(_ packages: PackageCatalog, work: String) {
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
    measure("5.5M", copies(all, 5), names)
    let tsv = work + "/packages-x9.tsv"
    do {
      let times9 = copies(all, 9)
      measure("9.9M", times9, names)
      writeTSV(times9, to: tsv)
    }
    log("== ten million records warm (the real binary, from its index cache)")
    // Written an hour "ago", as a catalog a person opens again is: a file changed in the last
    // minutes is fingerprinted by its content too (hashing 800 MB is what a warm start would
    // measure otherwise).
    shell("touch -d '1 hour ago' '\(tsv)'")
    log("  9.9M packages, a TSV of \(fileMB(tsv)) MB:")
    StartUp.measure(catalog: tsv, arguments: PackageCatalog.startUpArguments, work: work)
    // The same names typed on the index as the binary has it warm: its cache, mapped.
    let caches = (try? FileManager.default.contentsOfDirectory(atPath: work + "/xdg-startup/seek")) ?? []
    if let cache = caches.first(where: { $0.hasSuffix(".index") }) {
      log("  keystrokes on the cache, as the warm binary searches it:")
      CachedKeys.run(packages, cache: work + "/xdg-startup/seek/" + cache)
    }
    try? FileManager.default.removeItem(atPath: tsv)
  }

  /// The packages `count` times, each copy's names suffixed (`-copy1`, …) so that they are other
  /// names with the same words.
  static func copies(_ all: DocumentStore, _ count: Int) -> DocumentStore {
    var out = DocumentStore(attributes: all.attributes)
    out.reserve(records: all.count * count, bytes: 120_000_000 * count)
    for copy in 0..<count {
      for r in 0..<all.count {
        var values = (0..<all.attributes.count).map { all.value(r, $0) }
        if copy > 0 { values[0] += "-copy\(copy)" }
        out.append(objectID: all.objectID(r) + "#\(copy)", values: values)
      }
    }
    return out
  }

  static func fileMB(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_000_000
  }

  /// The records as a TSV catalog, written a chunk at a time (a string of the whole would double
  /// the peak).
  static func writeTSV(_ documents: DocumentStore, to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    defer { try? handle.close() }
    var chunk = "name\tsummary\tpopularity\n"
    for r in 0..<documents.count {
      chunk +=
        documents.value(r, 0) + "\t" + documents.value(r, 1).replacingOccurrences(of: "\t", with: " ") + "\t"
        + documents.value(r, 2) + "\n"
      if chunk.utf8.count > 1 << 22 {
        handle.write(Data(chunk.utf8))
        chunk = ""
      }
    }
    handle.write(Data(chunk.utf8))
  }

  static func measure(_ label: String, _ documents: DocumentStore, _ names: [String]) {
    Measure.resetPeak()
    let (index, build) = Measure.time { IndexBuilder.build(documents, settings: Growth.settings) }
    let peak = Measure.memory("VmHWM")
    let catalog = Catalog(
      name: label, path: "", settings: ResolvedSettings(index: Growth.settings), given: CatalogSettings(),
      numericAttributes: [], index: index)
    let searcher = CatalogSearcher(catalog: catalog)
    _ = typeAll(searcher, Array(names.prefix(20)))
    let samples = typeAll(searcher, names)
    log(
      "  \(label.padding(toLength: 9, withPad: " ", startingAt: 0)) | \(String(format: "%7.1f", build)) s | \(String(format: "%11d", index.indexBytes / max(1, index.count))) | \(mb(peak).padding(toLength: 9, withPad: " ", startingAt: 0)) | \(ms(samples.median)) / \(ms(samples.p99)) / \(ms(samples.percentile(1))) ms"
    )
    if documents.count >= 1_000_000 { CachedKeys.counts(searcher) }
  }
}
