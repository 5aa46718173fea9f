import Foundation

/// A pipe that wakes a thread waiting in `poll`: another thread `signal`s it, the waiter polls its
/// `descriptor` beside its other ones (a terminal, a server's socket) and `drain`s it once awake.
/// Both ends are non-blocking (a signal never blocks, however many are pending) and not inherited
/// by child processes.
public final class WakePipe: @unchecked Sendable {
  private let fds: [Int32]

  public init() {
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) == 0 {
      for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      }
    }
    self.fds = fds
  }

  deinit { for fd in fds where fd >= 0 { close(fd) } }

  /// Becomes readable once signalled, until drained.
  public var descriptor: Int32 { fds[0] }

  public func signal() {
    var byte: UInt8 = 1
    _ = write(fds[1], &byte, 1)
  }

  public func drain() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(fds[0], &buffer, buffer.count) > 0 {}
  }

  /// Waits until signalled or `milliseconds` have passed (not draining).
  public func wait(milliseconds: Int32) {
    var pfd = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
    _ = poll(&pfd, 1, milliseconds)
  }
}
