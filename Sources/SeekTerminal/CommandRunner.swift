import Foundation
import SeekCore

/// `--bind`'s `execute` and `execute-silent`: a command run with `$SHELL -c` (`CommandShell`) while Seek waits, as
/// `system(3)` runs one — Seek ignores Ctrl-C and Ctrl-\ meanwhile, so that they reach the command
/// (an editor, `less`) and not the finder, and the command gets their default handling back.
enum CommandRunner {
  /// With the terminal as its standard input, output and error (Seek's own output may be a pipe).
  static func runOnTerminal(_ command: String) -> Int32 { run(command, io: "/dev/tty") }

  /// Its standard output (at most `limit` bytes; the rest is not read), input on /dev/null.
  static func output(_ command: String, limit: Int = 64 << 10) -> String {
    guard let child = try? ChildProcess(command: command, captureErrors: false) else { return "" }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count < limit {
      let n = read(child.output, &buffer, buffer.count)
      if n <= 0 { break }
      bytes += buffer[0..<n]
    }
    child.terminate()
    return String(decoding: bytes.prefix(limit), as: UTF8.self)
  }

  /// With its input and output on /dev/null.
  static func runSilently(_ command: String) -> Int32 { run(command, io: "/dev/null") }

  private static func run(_ command: String, io path: String) -> Int32 {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    var savedInt = sigaction()
    var savedQuit = sigaction()
    sigaction(SIGINT, &ignore, &savedInt)
    sigaction(SIGQUIT, &ignore, &savedQuit)
    defer {
      sigaction(SIGINT, &savedInt, nil)
      sigaction(SIGQUIT, &savedQuit, nil)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGINT)
    sigaddset(&defaults, SIGQUIT)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    guard CommandShell.current.spawn(command, pid: &pid, actions: &actions, attributes: &attributes) == 0 else {
      return 127
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
