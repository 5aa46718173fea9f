import Foundation
import SeekCore

/// fzf's `bg-transform` commands: each runs on a thread of its own while keys go on, and its
/// output is handed back when it exits (the run loop then does what it says). Those still running
/// when the app leaves are ended, their output dropped. The thread that reads a command's output
/// is the one that reaps it, so ending one only signals its group.
final class BackgroundCommands: @unchecked Sendable {
  private let lock = NSLock()
  private var running: [pid_t: ChildProcess] = [:]
  private var ended = false

  /// Starts `command`; `done` is called on the command's thread with its standard output (at
  /// most `limit` bytes), or why it could not start, unless the app has left meanwhile.
  func start(
    _ command: String, variables: [String: String], limit: Int = 64 << 10,
    done: @escaping @Sendable (CommandRunner.Ending) -> Void
  ) {
    let child: ChildProcess
    do { child = try ChildProcess(command: command, captureErrors: false, variables: variables) } catch {
      done(.notStarted("\(error)"))
      return
    }
    let admitted = lock.withLock {
      if !ended { running[child.pid] = child }
      return !ended
    }
    guard admitted else {
      child.terminate()
      return
    }
    let thread = Thread { [self] in
      let output = Self.readAll(child.output, limit: limit)
      _ = child.waitBlocking()
      let stillWanted = lock.withLock { running.removeValue(forKey: child.pid) != nil && !ended }
      if stillWanted { done(.finished(output: output)) }
    }
    thread.name = "seek-bg-transform"
    thread.start()
  }

  /// fzf's `bg-cancel`: the commands running are ended, their output dropped; new ones start.
  func cancelAll() {
    let groups = lock.withLock {
      defer { running = [:] }
      return Array(running.keys)
    }
    for group in groups { kill(-group, SIGTERM) }
  }

  /// The app leaves: every command still running is ended (its group signalled; its thread
  /// reaps it), and none starts after.
  func endAll() {
    let groups = lock.withLock {
      ended = true
      return Array(running.keys)
    }
    for group in groups { kill(-group, SIGTERM) }
  }

  /// Everything `descriptor` gives until its end, the first `limit` bytes kept.
  private static func readAll(_ descriptor: Int32, limit: Int) -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(descriptor, &buffer, buffer.count)
      if n > 0 {
        if bytes.count < limit { bytes += buffer[0..<min(n, limit - bytes.count)] }
      } else if n == 0 || errno != EINTR {
        break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
