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
    installSuspendHandler()
    installFatalHandlers()
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

  // MARK: - Crashes

  /// The handlers that were there before (Swift's backtracer, or the default action).
  nonisolated(unsafe) private static var previousFatal: [sigaction] = Array(repeating: sigaction(), count: 32)
  private static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// A crash (a trap, a bad access) still leaves the terminal usable: the handler restores it
  /// (raw mode, alternate screen, mouse and paste modes off), puts the previous handler back
  /// and lets the signal take its course (the fault happens again on return, or is raised again),
  /// so the backtrace and the exit status are the ones the crash would have given.
  private static func installFatalHandlers() {
    for sig in fatalSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { sig, info, _ in
        ExitSignals.emergencyRestore?()
        var previous = ExitSignals.previousFatal[Int(sig)]
        sigaction(sig, &previous, nil)
        // A fault raised by an instruction happens again on return; one sent by a process
        // (kill, abort) is raised again, then with the default action in case the previous
        // handler returns (Swift's backtracer does, expecting the fault to recur).
        if (info?.pointee.si_code ?? 0) <= 0 || sig == SIGABRT || sig == SIGTRAP {
          raise(sig)
          signal(sig, SIG_DFL)
          raise(sig)
        }
      }
      action.sa_flags = SA_SIGINFO
      sigemptyset(&action.sa_mask)
      sigaction(sig, &action, &previousFatal[Int(sig)])
    }
  }

  // MARK: - Suspension

  nonisolated(unsafe) private static var suspendRequested: sig_atomic_t = 0

  /// SIGTSTP from outside (`kill -TSTP`, a job-control stop) suspends the way Ctrl-Z does: the
  /// handler only asks, and the run loop restores the terminal before the process stops, then
  /// takes it back on `fg` (stopped by the default action, a raw terminal would stay raw for the
  /// shell, and the shell's cooked one would swallow Seek's keys after `fg`).
  private static func installSuspendHandler() {
    signal(SIGTSTP) { _ in
      ExitSignals.suspendRequested = 1
      var byte = UInt8(truncatingIfNeeded: SIGTSTP)
      _ = write(ExitSignals.writeFD, &byte, 1)  // async-signal-safe
    }
  }

  /// Whether a suspension was asked for since the last call.
  static func takeSuspendRequest() -> Bool {
    guard suspendRequested != 0 else { return false }
    suspendRequested = 0
    // Emptied, so that the run loop's poll sleeps again (an exit signal's byte makes no
    // difference: `pending` is looked at first).
    var bytes = [UInt8](repeating: 0, count: 16)
    while read(pipeFDs[0], &bytes, bytes.count) > 0 {}
    return true
  }

  /// Stops the process as a shell job (the default action of SIGTSTP), back here on `fg`.
  static func stopAsAJob() {
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    installSuspendHandler()
  }
}
