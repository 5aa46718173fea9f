import Foundation
import SeekCLI
import SeekCore

/// A one-shot command returns when it has answered (README: "Index caches"). `--filter` on a large
/// records file without an index cache answers from a scan of its records; the index that the
/// next run would open in milliseconds is then built by a copy of this command started in the
/// background — its own session, nothing on the terminal, at a lower priority — instead of by this
/// process while a script waits for it to exit.
enum CacheBuilder {
  /// Files above this size get a builder (`SeekCommand.streamFilesAbove`: those whose cold load
  /// takes seconds), unless the environment sets another (tests).
  static var filesAbove: Int {
    ProcessInfo.processInfo.environment["SEEK_BACKGROUND_CACHE_ABOVE"].flatMap { Int($0) }
      ?? SeekCommand.streamFilesAbove
  }

  /// Set in the builder's environment: load the catalog, write its cache, print nothing.
  static let variable = "SEEK_BUILDS_INDEX_CACHE"

  /// Whether this process is a builder started by `detach`.
  static var isBuilder: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

  /// Starts the builder: this command again, with `variable` set, standard streams on /dev/null
  /// (it leaves the terminal's session first thing: `claim`). Failing to start it only loses the
  /// cache.
  static func detach() {
    let environment = ProcessInfo.processInfo.environment.merging([variable: "1"]) { _, new in new }
    ChildProcess.detach(executable: "/proc/self/exe", arguments: CommandLine.arguments, environment: environment)
  }

  /// In the builder: a session of its own (a Ctrl-C or hang-up for the shell that ran the command
  /// does not reach it), a lower priority than the user's commands, and at most one builder per
  /// cache (a lock beside it, held until this process ends). False when another builder holds it.
  static func claim(cachePath: String) -> Bool {
    _ = setsid()
    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    try? FileManager.default.createDirectory(
      atPath: (cachePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let fd = open(cachePath + ".lock", O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { return false }
    // The descriptor stays open (and the lock held) until the process exits.
    return flock(fd, LOCK_EX | LOCK_NB) == 0
  }
}
