import Foundation
import SeekCore

/// `--bind`'s commands that Seek waits for, run with `$SHELL -c` (`CommandShell`). `execute` is run
/// on the terminal as `system(3)` runs one — Seek ignores Ctrl-C and Ctrl-\ meanwhile, so that they
/// reach the command (an editor, `less`) and not the finder, and the command gets their default
/// handling back. `execute-silent` and `transform` run in the background of the screen
/// (`waitFor`): keys are read meanwhile, and Ctrl-C ends them.
enum CommandRunner {
  /// With the terminal as its standard input, output and error (Seek's own output may be a pipe).
  /// `variables` are set over Seek's environment (fzf's `FZF_*`), here and in `waitFor`.
  static func runOnTerminal(_ command: String, variables: [String: String] = [:]) -> Int32 {
    run(command, variables: variables, io: "/dev/tty")
  }

  /// How a command run while Seek waits (`execute-silent`, `transform`) ended.
  enum Ending: Equatable {
    /// It exited; its standard output (at most the limit asked for).
    case finished(output: String)
    /// Ctrl-C was pressed: its whole process group was ended.
    case interrupted
    case notStarted(String)
  }

  /// Runs `command` in a process group of its own, input on /dev/null, and waits for it while
  /// reading keys from `keys` whenever `input` is readable: Ctrl-C ends the whole group (as in a
  /// shell), other keys are handed to `held`, to be handled once it ends (a hung command once
  /// froze the screen, and Ctrl-C never reached it). At most `limit` bytes of output are kept.
  static func waitFor(
    _ command: String, variables: [String: String] = [:], limit: Int = 64 << 10, input: Int32, keys: () -> [Key],
    held: (Key) -> Void
  ) -> Ending {
    let child: ChildProcess
    do { child = try ChildProcess(command: command, captureErrors: false, variables: variables) } catch {
      return .notStarted("\(error)")
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var outputOpen = true
    while true {
      var descriptors = [
        pollfd(fd: outputOpen ? child.output : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      ]
      _ = poll(&descriptors, 2, outputOpen ? 100 : 20)
      if descriptors[1].revents != 0 {
        for key in keys() {
          if key == .character("\u{3}") {
            child.terminate()
            return .interrupted
          }
          held(key)
        }
      }
      if outputOpen && descriptors[0].revents != 0 {
        let n = read(child.output, &buffer, buffer.count)
        if n > 0 {
          if bytes.count < limit { bytes += buffer[0..<min(n, limit - bytes.count)] }
        } else if n == 0 || errno != EINTR {
          outputOpen = false
        }
      }
      if !outputOpen, child.waitNoHang() != nil { break }
    }
    return .finished(output: String(decoding: bytes, as: UTF8.self))
  }

  private static func run(_ command: String, variables: [String: String], io path: String) -> Int32 {
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
    let spawned = CommandShell.current.spawn(
      command, variables: variables, pid: &pid, actions: &actions, attributes: &attributes)
    guard spawned == 0 else {
      return 127
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
