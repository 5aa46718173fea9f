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

/// One-shot filtering of a pipe, as fzf is used: `seq 1 3000000 | seek -f 4242` against
/// `fzf -f 4242`, wall time and peak RSS of the filtering process.
enum PipeFilter {
  static func measure(work: String) {
    let seek = FileManager.default.currentDirectoryPath + "/.build/release/seek"
    guard FileManager.default.isExecutableFile(atPath: seek) else { return }
    let input = work + "/seq3m.txt"
    shell("seq 1 3000000 > '\(input)'")
    var tools = [("seek -f", "'\(seek)' -f 4242")]
    if FzfPeer.available { tools.append(("fzf -f", "fzf -f 4242")) }
    for (name, command) in tools {
      var times: [Double] = []
      var peaks: [Int] = []
      for _ in 0..<3 {
        let start = Measure.now()
        let result = shell("cat '\(input)' | /usr/bin/env time -f '%M' \(command) 2>&1 >/dev/null | tail -1")
        times.append(Double(Measure.now() - start) / 1e9)
        peaks.append(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
      }
      log(
        "  seq 1 3000000 | \(name) 4242: \(ms(times.min() ?? 0))–\(ms(times.max() ?? 0)) ms, peak RSS \((peaks.max() ?? 0) / 1024) MB"
      )
    }
    try? FileManager.default.removeItem(atPath: input)
  }
}
