import Foundation

/// Time to first results of the real binary, as a person starting it would wait: `seek --filter`
/// on the catalog, cold (parse, a scan of the records answers, the command returns, and a seek in
/// the background builds the index and writes its cache) and warm (the cache is loaded), each in
/// its own process, with its peak memory.
enum StartUp {
  /// The packages written as a TSV catalog in `work`, then measured.
  static func measure(packages: PackageCatalog, work: String) {
    let tsv = work + "/packages.tsv"
    packages.writeTSV(to: tsv)
    measure(catalog: tsv, arguments: PackageCatalog.startUpArguments, work: work)
  }

  static func measure(catalog: String, arguments: String, work: String) {
    let seek = FileManager.default.currentDirectoryPath + "/.build/release/seek"
    guard FileManager.default.isExecutableFile(atPath: seek) else {
      log("  start-up: build .build/release/seek first")
      return
    }
    let data = work + "/xdg-startup"
    try? FileManager.default.removeItem(atPath: data)
    // Cold once (its builder writes the cache), then warm five times: the first result line, the
    // process's end, and peak RSS.
    var warm: [(first: Double, end: Double, peakMB: Int)] = []
    for run in 0..<6 {
      let rssFile = work + "/startup-rss"
      let result = shell(
        "start=$(date +%s%N); XDG_DATA_HOME='\(data)' /usr/bin/env time -o '\(rssFile)' -f '%M' '\(seek)' --filter requests --hits-per-page 20 \(arguments) '\(catalog)' 2>/dev/null | { read -r first; echo \"first $(( $(date +%s%N) - start ))\"; cat >/dev/null; }; echo \"end $(( $(date +%s%N) - start ))\"; echo \"rss $(tail -1 '\(rssFile)')\""
      )
      var first = 0.0
      var end = 0.0
      var peak = 0
      for line in result.output.split(separator: "\n") {
        let parts = line.split(separator: " ")
        guard parts.count == 2 else { continue }
        if parts[0] == "first" { first = (Double(parts[1]) ?? 0) / 1e9 }
        if parts[0] == "end" { end = (Double(parts[1]) ?? 0) / 1e9 }
        if parts[0] == "rss" { peak = (Int(parts[1]) ?? 0) / 1024 }
      }
      if run == 0 {
        log(
          "  start-up, cold (parse, then a scan answers and the command returns; the index built and cached by a seek in the background): first results \(ms(first)) ms, process end \(ms(end)) ms, peak RSS \(peak) MB"
        )
        // The warm runs need the cache: wait for the background builder (its lock free).
        let waited = shell(
          "start=$(date +%s%N); for i in $(seq 1 3000); do c=$(ls '\(data)'/seek/*.index 2>/dev/null | head -1); [ -n \"$c\" ] && flock -n \"$c.lock\" true && break; sleep 0.1; done; echo $(( $(date +%s%N) - start ))"
        )
        let seconds = (Double(waited.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) / 1e9
        log("  the cache ready \(ms(seconds)) ms after the cold command returned")
      } else {
        warm.append((first, end, peak))
      }
    }
    let firsts = warm.map(\.first)
    log(
      "  start-up, warm (index cache mapped and checked): first results \(ms(firsts.min() ?? 0))–\(ms(firsts.max() ?? 0)) ms over \(warm.count) runs (in order: \(firsts.map { ms($0) }.joined(separator: ", "))), peak RSS \(warm.map(\.peakMB).max() ?? 0) MB"
    )
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
