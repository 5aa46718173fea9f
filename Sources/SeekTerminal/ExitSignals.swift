import Foundation

/// SIGTERM, SIGHUP, SIGINT and SIGQUIT end the app the orderly way: the handler only writes the
/// signal's number to a pipe that the run loop polls, and the loop leaves as if quitting — the
/// terminal restored, pending store writes finished — with status 128 + signal. A second signal
/// while that happens restores the terminal and leaves at once.
enum ExitSignals {
  nonisolated(unsafe) private static var pipeFDs: [Int32] = [-1, -1]
  nonisolated(unsafe) private static var writeFD: Int32 = -1
  nonisolated(unsafe) private static var received: sig_atomic_t = 0
  /// Restores the terminal from the handler on a second signal.
  nonisolated(unsafe) static var emergencyRestore: (@convention(c) () -> Void)? = nil

  /// Installs the handlers; returns the descriptor to poll.
  static func install(restore: @escaping @convention(c) () -> Void) -> Int32 {
    emergencyRestore = restore
    if pipeFDs[0] < 0 {
      var fds: [Int32] = [-1, -1]
      if pipe(&fds) == 0 {
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        pipeFDs = fds
        writeFD = fds[1]
      }
    }
    for sig in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
      signal(sig) { sig in
        if ExitSignals.received != 0 {
          ExitSignals.emergencyRestore?()
          _exit(128 + sig)
        }
        ExitSignals.received = sig
        var byte = UInt8(truncatingIfNeeded: sig)
        _ = write(ExitSignals.writeFD, &byte, 1)  // async-signal-safe
      }
    }
    return pipeFDs[0]
  }

  /// The signal received, if any.
  static var pending: Int32? { received == 0 ? nil : received }
}
