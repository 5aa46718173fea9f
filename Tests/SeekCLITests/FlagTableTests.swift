import Foundation
import Testing

@testable import SeekCLI

/// The flag table is the one list of flags: help, the man page and the completions say every row.
@Suite struct FlagTableTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var spellings: [String] { Flag.all.flatMap(\.names) }

  @Test func noTwoRowsSpellTheSameFlag() {
    let names = Self.spellings
    #expect(Set(names).count == names.count)
    #expect(Flag.byName.count == names.count)
  }

  @Test func everyRowHasHelp() {
    for flag in Flag.all {
      #expect(!flag.help.isEmpty, "\(flag.names)")
      #expect(flag.names.allSatisfy { $0.hasPrefix("-") || $0.hasPrefix("+") }, "\(flag.names)")
    }
  }

  @Test func helpListsEveryFlagOnARowOfItsOwn() {
    let rows = Help.text.split(separator: "\n").map(String.init)
    for flag in Flag.all {
      #expect(rows.contains { $0.hasPrefix(Help.rows(flag)[0]) }, "\(flag.synopsis)")
    }
    // Wrapped to the width: no row past it but for a spelling longer than the left column.
    for row in rows where row.count > Help.width {
      Issue.record("a help row is wider than \(Help.width) columns: \(row)")
    }
  }

  @Test func theManPageNamesEveryFlag() throws {
    let page = try String(contentsOf: Self.repository.appendingPathComponent("Docs/seek.1"), encoding: .utf8)
    for name in Self.spellings {
      // troff writes a hyphen as `\-`; a name stands between fonts, spaces or commas.
      let spelled = name.replacingOccurrences(of: "-", with: "\\-")
      let named =
        page.contains(spelled + "\\f") || page.contains(spelled + " ") || page.contains(spelled + "\n")
        || page.contains(spelled + ",") || page.contains(spelled + "\"") || page.contains(spelled + "[")
      #expect(named, "the man page does not name \(name)")
    }
  }

  @Test(arguments: [ShellIntegration.Shell.bash, .zsh, .fish])
  func completionsOfferEveryLongFlag(_ shell: ShellIntegration.Shell) {
    let script = Completion.script(shell)
    for flag in Flag.all {
      let long = flag.longName
      let offered = shell == .fish ? script.contains("-l \(long.dropFirst(2)) ") : script.contains(long)
      #expect(offered, "\(shell) does not complete \(long)")
    }
  }

  @Test(arguments: [ShellIntegration.Shell.bash, .zsh, .fish])
  func completionsParse(_ shell: ShellIntegration.Shell) throws {
    let program = "/usr/bin/\(shell.rawValue)"
    guard FileManager.default.isExecutableFile(atPath: program) else { return }  // `make test` installs all three
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("seek-completion-\(UUID()).\(shell)")
    try Completion.script(shell).write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = ["-n", file.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(shell) -n refuses the completion")
  }

  @Test func aShortFlagWithAValueTakesItAttached() {
    #expect(Flag.shortNamesWithValues == ["-f", "-q", "-d", "-n"])
    #expect(Flag.plusNames == ["+i", "+s", "+e", "+x", "+m"])
  }
}
