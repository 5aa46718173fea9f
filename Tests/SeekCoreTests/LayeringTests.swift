import Foundation
import Testing

/// The state machine stays pure by construction: `SeekApp` depends on `SearchEngine` alone
/// (Package.swift), and no file of it imports anything else — no Foundation (no clock, no files,
/// no processes), no Glibc, no Dispatch. A file that needs one belongs in SeekCore.
@Suite struct LayeringTests {
  static let allowedInSeekApp: Set<String> = ["SearchEngine"]

  @Test func seekAppImportsOnlyTheEngine() throws {
    let sources = try #require(Self.sourcesFolder()).appending("/SeekApp")
    let files = Self.swiftFiles(under: sources)
    #expect(files.count > 20)
    var offending: [String] = []
    for file in files {
      for module in Self.imports(of: try String(contentsOfFile: file, encoding: .utf8))
      where !Self.allowedInSeekApp.contains(module) {
        offending.append("\(file.dropFirst(sources.count + 1)): \(module)")
      }
    }
    #expect(offending == [])
  }

  /// PostgreSQL is one target's business: only `SeekShared` imports libpq's module, and nothing
  /// below the command line imports `SeekShared` (a catalog or a store that is not shared never
  /// reaches for it).
  @Test func onlySeekSharedKnowsPostgres() throws {
    let sources = try #require(Self.sourcesFolder())
    var offending: [String] = []
    for target in ["SearchEngine", "SeekApp", "SeekCore", "SeekTerminal"] {
      for file in Self.swiftFiles(under: sources + "/" + target) {
        let modules = Self.imports(of: try String(contentsOfFile: file, encoding: .utf8))
        for module in modules where module == "CPostgres" || module == "SeekShared" {
          offending.append("\(file.dropFirst(sources.count + 1)): \(module)")
        }
      }
    }
    #expect(offending == [])
    let shared = Self.swiftFiles(under: sources + "/SeekShared")
    #expect(shared.contains { $0.hasSuffix("/PostgresConnection.swift") })
  }

  /// The parent reducer (`SearchReducer`, in `Search/` and `Bindings/`) changes a concern's state
  /// only through that concern's reducer: no line of it assigns to a child's field.
  @Test func theParentWritesNoChildsField() throws {
    let app = try #require(Self.sourcesFolder()).appending("/SeekApp")
    let files = Self.swiftFiles(under: app + "/Search") + Self.swiftFiles(under: app + "/Bindings")
    let children = "(list|editor|marks|refining|suggestionsPane|details|jump)"
    let write = try Regex("state\\.\(children)(\\.\\w+)+\\??(\\.\\w+)*\\s*(=[^=]|\\+=|-=)")
    let mutate = try Regex("state\\.\(children)(\\.\\w+)+\\.(append|remove\\w*|insert|toggle)\\(")
    var offending: [String] = []
    for file in files {
      let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
      for (number, line) in lines.enumerated() where line.contains(write) || line.contains(mutate) {
        offending.append("\(file.dropFirst(app.count + 1)):\(number + 1)")
      }
    }
    #expect(files.count > 5)
    #expect(offending == [])
  }

  @Test func importsAreReadWithTheirAttributes() {
    let text = [
      "import SearchEngine", "@preconcurrency import Foundation", "// import Glibc", "  @testable import X",
      "import struct Y.Z",
    ].joined(separator: "\n")
    #expect(Self.imports(of: text) == ["SearchEngine", "Foundation", "X", "Y"])
  }

  /// The modules a Swift file imports (`import X`, `@attr import X`, `import struct X.Y`).
  static func imports(of text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
      guard words.first == "import", words.count >= 2 else { return nil }
      let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
      let name = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
      return String(name.split(separator: ".").first ?? name)
    }
  }

  static func sourcesFolder() -> String? {
    // This file is Tests/SeekCoreTests/LayeringTests.swift: the package is two folders up.
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count > 3 else { return nil }
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/Sources"
  }

  static func swiftFiles(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
  }
}
