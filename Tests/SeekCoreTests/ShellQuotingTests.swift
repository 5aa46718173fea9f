import Foundation
import Testing

@testable import SeekCore

/// Every value quoted for a shell reaches the command as the same bytes, in the real shells
/// (installed by `make deps`): nothing in a line of data can end its quotes and run.
@Suite struct ShellQuotingTests {
  /// Lines a file list or a catalog may hold, chosen to break one quoting or another.
  static let hostile = [
    "plain", "", "it's", "'", "''", "\\", "\\'", "\\'; touch PWNED; #", "a\\\\'b", "trailing\\",
    "$(touch PWNED)", "`touch PWNED`", "\"; touch PWNED; \"", "a b\tc", "!$ !! %1 ~ * ? [a]",
    "{} {q} ${HOME}", "é 日本 😀", "\u{1}\u{1b}[31mred", "-n", "--", ";|&<>()", "'\\''", "\\\\\\'",
  ]
  static let multiline = ["two\nlines", "'\n'; touch PWNED\n'"]

  @Test func posixShellsAndFishReadBackEveryValue() throws {
    for shell in ["/bin/sh", "/usr/bin/bash", "/usr/bin/dash", "/usr/bin/zsh", "/usr/bin/fish"] {
      try #require(FileManager.default.isExecutableFile(atPath: shell), "\(shell) is missing: make deps installs it")
      let quoting = CommandShell(words: [shell, "-c"])
      for value in Self.hostile + Self.multiline {
        #expect(try Self.run(quoting, value) == value, "\(shell): \(value.debugDescription)")
      }
    }
  }

  /// csh's history (`!`) works inside single quotes, and a newline ends them.
  @Test func tcshReadsBackEveryValue() throws {
    let shell = "/usr/bin/tcsh"
    try #require(FileManager.default.isExecutableFile(atPath: shell), "\(shell) is missing: make deps installs it")
    for value in Self.hostile + Self.multiline {
      #expect(try Self.run(CommandShell(words: [shell, "-c"]), value) == value, "tcsh: \(value.debugDescription)")
    }
  }

  @Test func fishIsToldApartByItsName() {
    #expect(CommandShell(words: ["/usr/bin/fish", "-c"]).dialect == .fish)
    #expect(CommandShell(words: ["fish", "-c"]).dialect == .fish)
    #expect(CommandShell(words: ["/opt/bin/bash", "-c"]).dialect == .posix)
    #expect(CommandShell(words: ["/bin/tcsh", "-c"]).dialect == .csh)
    #expect(CommandShell(words: ["/usr/bin/fish", "-c"]).quoted("\\'") == #"'\\\''"#)
    #expect(CommandShell(words: ["/bin/sh", "-c"]).quoted("it's") == #"'it'\''s'"#)
  }

  /// A NUL cannot travel in an argument: it is left out of that value only.
  @Test func aNulIsLeftOutOfItsValueOnly() throws {
    let shell = CommandShell(words: ["/bin/sh", "-c"])
    #expect(shell.quoted("a\0b") == "'ab'")
    #expect(try Self.run(shell, "a\0b") == "ab")
  }

  /// `printf %s VALUE` in the shell, through `CommandShell.spawn` as every command runs; what it
  /// printed.
  static func run(_ shell: CommandShell, _ value: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quoting-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out").path
    // In the folder, so that an injected `touch PWNED` would be seen.
    let command = "cd '\(folder.path)' && printf %s \(shell.quoted(value)) > '\(out)'"
    let status = try ChildProcess(command: command, captureErrors: false, shell: shell).waitBlocking()
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("PWNED").path))
    return (try? String(contentsOfFile: out, encoding: .utf8)) ?? "<nothing printed, exit \(status)>"
  }
}
