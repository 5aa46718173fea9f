import Foundation

/// Keystroke-to-screen latency of the real app: types queries into `seek` running in tmux with
/// `SEEK_TRACE`, one key at a time, and reads back the app's own trace (key read → frame flushed).
enum TerminalLatency {
  static func measure(label: String, catalog: String, extraArguments: String, queries: [String], work: String) {
    guard shell("command -v tmux").status == 0 else {
      log("  keystroke-to-screen (\(label)): tmux not installed")
      return
    }
    let seek = FileManager.default.currentDirectoryPath + "/.build/release/seek"
    let trace = work + "/trace-\(getpid())-\(label.filter(\.isLetter)).txt"
    unlink(trace)
    let socket = "seek-bench-\(getpid())"
    shell(
      "tmux -L \(socket) -f /dev/null new-session -d -x 120 -y 40 \"env LANG=C.UTF-8 SEEK_TRACE=\(trace) \(seek) \(extraArguments) '\(catalog)'\""
    )
    defer { shell("tmux -L \(socket) kill-server") }
    // Wait for the first frame.
    for _ in 0..<600 {
      if shell("tmux -L \(socket) capture-pane -p").output.contains(" hits") { break }
      usleep(100_000)
    }
    unlink(trace)
    for q in queries {
      for c in q {
        shell("tmux -L \(socket) send-keys -l -- '\(String(c).replacingOccurrences(of: "'", with: "'\\''"))'")
        usleep(15_000)
      }
      usleep(40_000)
      shell("tmux -L \(socket) send-keys C-u")
      usleep(40_000)
    }
    usleep(300_000)
    guard let text = try? String(contentsOfFile: trace, encoding: .utf8) else {
      log("  keystroke-to-screen (\(label)): no trace written")
      return
    }
    var latency = Samples()
    var engine = Samples()
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: " ").compactMap { Double($0) }
      guard parts.count == 2 else { continue }
      latency.add(parts[0] / 1e6)
      engine.add(parts[1] / 1e6)
    }
    log("  keystroke-to-screen in tmux (\(label)): \(latency.summary())")
    log(
      "    engine time of the same searches: median \(ms(engine.median)) ms, p99 \(ms(engine.p99)) ms; p99 overhead \(ms(latency.p99 - engine.p99)) ms"
    )
  }
}
