import Foundation
import SeekApp
import SeekCLI
import SeekCore

/// Buffered writes to standard output and standard error.
enum Output {
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Diagnostics quote file names, settings keys, environment values and catalog text: every
  /// line passes through the screen's sanitizer, so none can send an escape sequence.
  static func error(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { SafeText.sanitized(String($0)) }
    var joined = lines.joined(separator: "\n")
    if !joined.hasSuffix("\n") { joined += "\n" }
    FileHandle.standardError.write(Data(joined.utf8))
  }

  static var stdoutIsTerminal: Bool { isatty(1) == 1 }
  static var colorAllowed: Bool {
    !colorRefused && (ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true)
  }
  /// `--no-color`: set once at start, before any output or thread.
  nonisolated(unsafe) static var colorRefused = false
}
