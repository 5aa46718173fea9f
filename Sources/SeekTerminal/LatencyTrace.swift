import Foundation

/// Keystroke-to-screen latency, recorded when `SEEK_TRACE=FILE`: for each key, the time from
/// reading it to the flush of the first frame that reflects it (its results included), and the
/// engine's own time for that search, and the time to render and paint that frame, in
/// microseconds: `latency_us engine_us frame_us` per line.
final class LatencyTrace {
  private let handle: FileHandle
  private var pending: [(start: UInt64, revision: Int)] = []

  init?(path: String?) {
    guard let path, !path.isEmpty else { return nil }
    if !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
    handle.seekToEndOfFile()
    self.handle = handle
  }

  static func now() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
  }

  /// A key was read at `start`; its frame is the first one showing results of `revision`.
  func keyRead(at start: UInt64, revision: Int) { pending.append((start, revision)) }

  /// A frame was flushed showing the results of `revision`.
  func frameFlushed(revision: Int, engineMilliseconds: Double, frameMicroseconds: UInt64) {
    let now = Self.now()
    var lines = ""
    pending.removeAll { entry in
      guard entry.revision <= revision else { return false }
      lines += "\((now - entry.start) / 1000) \(Int(engineMilliseconds * 1000)) \(frameMicroseconds)\n"
      return true
    }
    if !lines.isEmpty { handle.write(Data(lines.utf8)) }
  }
}
