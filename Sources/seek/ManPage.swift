import Foundation
import SeekCLI

/// `seek --man` (fzf's `--man`): the man page, shown by `man`. Installed (`make install`), it is
/// `man seek`; from a checkout, the page beside the build (`Docs/seek.1`, found from the binary's
/// own path), read with `man -l`.
enum ManPage {
  static func show() -> Int32 {
    if run(["man", "-w", "seek"], quiet: true) == 0 { return run(["man", "seek"]) }
    let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    // `PREFIX/bin/seek` → `PREFIX/share/man/man1`; `.build/<triple>/<config>/seek` → `Docs/`.
    let candidates = [
      binary.appendingPathComponent("../share/man/man1/seek.1"),
      binary.appendingPathComponent("../../../Docs/seek.1"),
      binary.appendingPathComponent("../../Docs/seek.1"),
    ]
    guard let page = candidates.first(where: { FileManager.default.fileExists(atPath: $0.standardized.path) }) else {
      Output.error("seek: --man: the man page is not installed (make install puts it in PREFIX/share/man)")
      return 2
    }
    return run(["man", "-l", page.standardized.path])
  }

  /// Runs `arguments` through `env` (found on PATH), the terminal handed over; its exit status.
  private static func run(_ arguments: [String], quiet: Bool = false) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if quiet {
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
    }
    do { try process.run() } catch { return 127 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
