import Foundation
import SeekCore

/// Where the memory of 3 million streamed lines goes, phase by phase, in this process: the lines
/// read as a pipe's reader reads them, put in ranking order with their ids (`PreparedCatalog`),
/// then indexed, as the app's final rebuild does. Each phase's peak is `VmHWM` reset before it
/// (`Scripts/stream-memory.sh` measures the app itself). `seek-bench --stream-phases`;
/// `SEEK_BENCH_LINES=FILE`: FILE's lines instead (say, `make bench-ingest`'s paths).
enum StreamPhases {
  static func run(work: String) {
    var input = work + "/lines.txt"
    if let given = ProcessInfo.processInfo.environment["SEEK_BENCH_LINES"] {
      input = given
    } else {
      shell("seq 1 3000000 > '\(input)'")
    }
    guard let handle = FileHandle(forReadingAtPath: input) else { return }
    log("== \(input)'s lines, memory by phase (peak of the phase; resident after, above the start)")
    let start = Measure.memory("VmRSS")
    func phase(_ name: String) {
      log(
        "  \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) peak \(mb(Measure.memory("VmHWM"))), resident +\(mb(Measure.memory("VmRSS") - start))"
      )
      Measure.resetPeak()
    }
    Measure.resetPeak()
    let table = StreamingReader(format: .lines) {}.readAll(handle)
    phase("read")
    let settings = CatalogSettings().resolved(for: table)
    // `SEEK_BENCH_KEEP_LINES=1`: the lines read stay held through the build, as the app's scan of a
    // pipe holds them (the index shares them: `DocumentStore.reordered`).
    let keptAsTheScanWould = ProcessInfo.processInfo.environment["SEEK_BENCH_KEEP_LINES"] != nil ? table : nil
    // Each phase's input is given up to the next, as in the app, so the builder can free it.
    let prepared = PreparedCatalog(name: "lines", path: "-", table: consume table, settings: settings)
    phase("prepared")
    let catalog = withExtendedLifetime(keptAsTheScanWould) { (consume prepared).indexed() }
    phase("indexed")
    log(
      "  index structures \(mb(catalog.index.indexBytes)) = \(catalog.index.indexBytes / catalog.index.count) B/record"
    )
    for (name, bytes) in catalog.index.structureBytes where bytes > 0 {
      log(
        "    \(name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(mb(bytes))  \(bytes / max(1, catalog.index.count)) B/record"
      )
    }
    if ProcessInfo.processInfo.environment["SEEK_BENCH_LINES"] == nil {
      try? FileManager.default.removeItem(atPath: input)
    }
  }
}
