import Foundation

/// Buffered writes to standard output and standard error.
enum Output {
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }

  static var stdoutIsTerminal: Bool { isatty(1) == 1 }
  static var colorAllowed: Bool { ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true }
}
