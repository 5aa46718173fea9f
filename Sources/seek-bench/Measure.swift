import Foundation

/// Timing and memory helpers. The benchmark prints figures; it never asserts.
enum Measure {
  static func now() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
  }

  /// Seconds taken by `body`, and its result.
  static func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = now()
    let result = try body()
    return (result, Double(now() - start) / 1e9)
  }

  /// A field of /proc/self/status in bytes (VmRSS, VmHWM).
  static func memory(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let digits = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
      return digits * 1024
    }
    return 0
  }

  static func resetPeak() {
    // Writing "5" to clear_refs resets VmHWM to the current RSS (Linux ≥ 4.0).
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }
}

/// Latency samples in seconds, summarized as median and p99 in milliseconds.
struct Samples {
  private(set) var values: [Double] = []

  mutating func add(_ seconds: Double) { values.append(seconds) }
  var count: Int { values.count }

  func percentile(_ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))
    return sorted[index]
  }

  var median: Double { percentile(0.5) }
  var p99: Double { percentile(0.99) }

  func summary() -> String {
    "median \(ms(median)) ms, p99 \(ms(p99)) ms, max \(ms(percentile(1))) ms (\(count) keystrokes)"
  }
}

func ms(_ seconds: Double) -> String {
  let v = seconds * 1000
  if v.isNaN { return "n/a" }
  if v < 1 { return String(format: "%.3f", v) }
  if v < 100 { return String(format: "%.2f", v) }
  return String(format: "%.0f", v)
}

func mb(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1_048_576) }

/// A small deterministic generator (SplitMix64) for reproducible samples.
struct SeededRandom {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

func log(_ text: String) {
  FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Runs a command and returns its standard output. A command that leaves a daemon behind (such as
/// `tmux new-session`) must use `launch`: the daemon would inherit the pipe and it would never close.
@discardableResult
func shell(_ command: String, input: String? = nil) -> (output: String, status: Int32) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", command]
  let out = Pipe()
  process.standardOutput = out
  process.standardError = FileHandle.nullDevice
  let inPipe = Pipe()
  if input != nil { process.standardInput = inPipe }
  do { try process.run() } catch { return ("", 127) }
  if let input {
    inPipe.fileHandleForWriting.write(Data(input.utf8))
    try? inPipe.fileHandleForWriting.close()
  }
  let data = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}

/// Runs a command without capturing its output.
func launch(_ command: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", command]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  process.standardInput = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return }
  process.waitUntilExit()
}
