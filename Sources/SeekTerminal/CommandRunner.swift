import Foundation
import SeekCore

/// `--bind`'s commands that Seek waits for, started by `ChildProcess`. `execute` is run on the
/// terminal (`ChildProcess.runOnTerminal`). `execute-silent` and `transform` run in the background
/// of the screen (`waitFor`): keys are read meanwhile, and Ctrl-C ends them.
enum CommandRunner {
  /// With the terminal as its standard input, output and error (Seek's own output may be a pipe).
  /// `variables` are set over Seek's environment (fzf's `FZF_*`), here and in `waitFor`.
  static func runOnTerminal(_ command: String, variables: [String: String] = [:]) -> Int32 {
    ChildProcess.runOnTerminal(command, variables: variables)
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
}
