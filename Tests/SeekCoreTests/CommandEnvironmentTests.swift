import Foundation
import Testing

@testable import SeekCore

/// A command's environment: Seek's own, fzf's variables set over it.
@Suite struct CommandEnvironmentTests {
  func output(_ command: String, _ variables: [String: String]) throws -> String {
    let child = try ChildProcess(command: command, captureErrors: false, variables: variables)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(child.output, &buffer, buffer.count)
      if n <= 0 { break }
      bytes += buffer[0..<n]
    }
    close(child.output)
    _ = child.waitBlocking()
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func variablesAreSetOverSeeksEnvironment() throws {
    let quoted = "a b'c\"$(echo no)"
    #expect(
      try output(#"printf '%s|%s' "$FZF_QUERY" "$FZF_POS""#, ["FZF_QUERY": quoted, "FZF_POS": "3"]) == quoted + "|3")
    // One of Seek's own, replaced; the others kept.
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    #expect(try output(#"printf '%s|%s' "$HOME" "$PATH""#, ["HOME": "/elsewhere"]) == "/elsewhere|" + path)
    // A value exec(2) cannot pass is left out, never cut.
    #expect(try output(#"printf '%s' "${FZF_CURRENT_ITEM-unset}""#, ["FZF_CURRENT_ITEM": "a\0b"]) == "unset")
  }
}
