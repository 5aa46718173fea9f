import Foundation

/// Time to first results of the real binary, as a person starting it would wait: `seek --filter`
/// on the catalog, cold (parse + index, then the index cache is written) and warm (the cache is
/// loaded), each in its own process, with its peak memory.
enum StartUp {
  static func measure(catalog: String, arguments: String, work: String) {
    let seek = FileManager.default.currentDirectoryPath + "/.build/release/seek"
    guard FileManager.default.isExecutableFile(atPath: seek) else {
      log("  start-up: build .build/release/seek first")
      return
    }
    let data = work + "/xdg-startup"
    try? FileManager.default.removeItem(atPath: data)
    for label in ["cold (parse + index; writes the index cache)", "warm (index cache loaded)"] {
      let start = Measure.now()
      let result = shell(
        "XDG_DATA_HOME='\(data)' /usr/bin/env time -f '%M' '\(seek)' --filter requests --hits-per-page 20 \(arguments) '\(catalog)' 2>&1 >/dev/null | tail -1"
      )
      let seconds = Double(Measure.now() - start) / 1e9
      let peakKB = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
      log("  start-up to first results, \(label): \(ms(seconds)) ms, peak RSS \(peakKB / 1024) MB")
    }
  }
}
