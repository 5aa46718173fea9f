import Foundation

/// fzf's `reload-sync`: the command's whole output is read off the run loop while the list
/// before stays on screen; the loop takes it (`take`) once it has all come and feeds it as one
/// piece (fzf's `every(2):reload-sync:ps -ef` refreshes without a frame of an empty list).
final class SyncedReload: @unchecked Sendable {
  private let lock = NSLock()
  /// Guarded by `lock`: the output read to its end, for the reload of `generation`.
  private var ready: (generation: Int, bytes: [UInt8])? = nil

  /// Reads `descriptor` to its end on a thread of its own, keeps the bytes for `generation`,
  /// then calls `done` (which wakes the run loop).
  func collect(_ descriptor: Int32, generation: Int, done: @escaping @Sendable () -> Void) {
    let thread = Thread { [self] in
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 64 << 10)
      while true {
        let n = read(descriptor, &buffer, buffer.count)
        if n > 0 {
          bytes += buffer[0..<n]
        } else if n == 0 || errno != EINTR {
          break
        }
      }
      lock.withLock { ready = (generation, bytes) }
      done()
    }
    thread.name = "seek-reload-sync"
    thread.start()
  }

  /// The output read, once (nil: none yet).
  func take() -> (generation: Int, bytes: [UInt8])? {
    lock.withLock {
      defer { ready = nil }
      return ready
    }
  }

  /// A pipe whose read end gives `bytes` then ends (written on a thread of its own, so that the
  /// reader may take them at its pace); nil when no pipe can be made.
  static func handle(giving bytes: [UInt8]) -> FileHandle? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    // Not inherited by commands started meanwhile (each spawn also closes what is above 2).
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let writer = Thread {
      var offset = 0
      while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        if n > 0 {
          offset += n
        } else if n < 0 && errno != EINTR {
          break
        }
      }
      close(writeEnd)
    }
    writer.name = "seek-reload-sync-writer"
    writer.start()
    return FileHandle(fileDescriptor: readEnd, closeOnDealloc: true)
  }
}
