import SeekApp
import SeekCore

/// What the run loop needs from a terminal: its size, keys, painting a frame, restoring it.
/// `CursesDriver` draws full screen with ncurses; `InlineDriver` draws `--height` lines in place.
protocol TerminalDriver: AnyObject {
  var size: ScreenSize { get }
  /// Polled for input by the run loop.
  var inputDescriptor: Int32 { get }
  /// Keys available now (without waiting).
  func readKeys() -> [Key]
  func paint(_ buffer: ScreenBuffer)
  /// Restores the terminal; safe to call more than once.
  func end()
  /// Ctrl-Z: restores the terminal, stops the process (as a shell's job), and takes the terminal
  /// back when it continues (`fg`); the next paint redraws everything.
  func suspend()
  /// Restores the terminal, runs `body` (a command that uses the terminal), and takes the
  /// terminal back; the next paint redraws everything.
  func handOver(_ body: () -> Void)
  /// The next paint draws every cell, not only those that changed (fzf's `clear-screen`).
  func redrawAll()
  /// The terminal's bell (fzf's `bell`).
  func ringBell()
  /// `--height ~N`: the rows are not taken yet; `settle(rows:)` takes as many, at most `size`'s.
  var awaitsHeight: Bool { get }
  func settle(rows: Int)
}

extension TerminalDriver {
  var awaitsHeight: Bool { false }
  func settle(rows: Int) {}
}

extension CursesDriver: TerminalDriver {}

/// Why a driver could not take the terminal.
enum TerminalFailure: Error, CustomStringConvertible {
  case noTerminal(String)
  /// No terminfo entry for `TERM`: the inline driver's plain ANSI draws instead.
  case unknownTerminalType(String)

  var description: String {
    switch self {
    case .noTerminal(let why): return why
    case .unknownTerminalType(let name): return "the terminal type '\(name)' is not supported; use --filter"
    }
  }
}
