import Foundation
import SeekCLI
import SeekCore
import SeekShared

/// What bare `seek` lists when no catalog is named and standard input is a terminal, as fzf does:
/// the files under the current directory (hidden files and directories skipped, links not
/// followed: `FileWalker`), or the lines `SEEK_DEFAULT_COMMAND` prints. Either streams into a pipe that Seek
/// reads like piped input, so the first lines show before the walk ends.
final class DefaultSource: @unchecked Sendable {
  let handle: FileHandle
  /// The command, in a process group of its own (ended whole by `stop`).
  private let child: ChildProcess?
  private let command: String?
  private let stopped = Atomic()
  /// The files walked, each ended by NUL (a name may hold a line break), not a command's lines.
  private(set) var walks = false
  /// The child is waited for from the indexer's thread and ended from the main one.
  private let childLock = NSLock()

  private init(handle: FileHandle, child: ChildProcess?, command: String? = nil) {
    self.handle = handle
    self.child = child
    self.command = command
  }

  struct StartError: Error, CustomStringConvertible {
    var description: String
  }

  static func start(command: String?, walker: FileWalker.Options = .init(), root: String = ".") throws
    -> DefaultSource
  {
    if let command, !command.trimmingCharacters(in: .whitespaces).isEmpty {
      // Its standard error goes to /dev/null: it would draw over the screen.
      do {
        let child = try ChildProcess(command: command, captureErrors: false)
        return DefaultSource(
          handle: FileHandle(fileDescriptor: child.output, closeOnDealloc: false), child: child, command: command)
      } catch {
        throw StartError(description: "SEEK_DEFAULT_COMMAND could not be started: \(error)")
      }
    }
    let pipe = Pipe()
    let source = DefaultSource(handle: pipe.fileHandleForReading, child: nil)
    source.walks = true
    let writer = pipe.fileHandleForWriting
    Thread.detachNewThread { [source] in
      source.walk(root, walker, into: writer)
      try? writer.close()
    }
    return source
  }

  /// A catalog read from PostgreSQL (`PostgresCatalog`): its rows stream into the pipe as JSON
  /// Lines, on a thread of their own; what the server refused is said once the rows end.
  static func start(database: PostgresCatalog) -> DefaultSource {
    let pipe = Pipe()
    let source = DefaultSource(handle: pipe.fileHandleForReading, child: nil)
    source.database = database
    let writer = pipe.fileHandleForWriting
    Thread.detachNewThread { [source] in
      do {
        try database.stream(to: writer, version: { source.streamedVersion = $0 }) { source.stopped.isSet }
      } catch {
        source.failureLock.lock()
        source.failure = "\(database.address): \(error)"
        source.failureLock.unlock()
      }
      try? writer.close()
    }
    return source
  }

  /// The database catalog read, when it is one (read again when it says it changed).
  private(set) var database: PostgresCatalog?
  /// A database catalog whose index cache matched its rows: nothing is streamed.
  private(set) var cachedCatalog: Catalog?

  /// A database catalog answered from its index cache (its rows unchanged since it was written).
  static func cached(_ catalog: Catalog, database: PostgresCatalog, version: String) -> DefaultSource {
    let pipe = Pipe()
    try? pipe.fileHandleForWriting.close()
    let source = DefaultSource(handle: pipe.fileHandleForReading, child: nil)
    source.database = database
    source.cachedCatalog = catalog
    source.streamedVersion = version
    return source
  }

  /// The content version of the rows streamed, or of the cache used (`PostgresCatalog.contentVersion`),
  /// once known.
  var streamedVersion: String? {
    get {
      failureLock.lock()
      defer { failureLock.unlock() }
      return version
    }
    set {
      failureLock.lock()
      version = newValue
      failureLock.unlock()
    }
  }
  private var version: String?

  /// Why reading a database catalog failed, once its rows have ended.
  func databaseFailure() -> String? {
    failureLock.lock()
    defer { failureLock.unlock() }
    return failure
  }

  private var failure: String?
  private let failureLock = NSLock()

  /// Ends the command (or the walk): nothing it started outlives Seek.
  func stop() {
    stopped.set()
    childLock.lock()
    child?.terminate()
    childLock.unlock()
  }

  /// `stop`, then says how many file names were left out of the list (not valid UTF-8).
  func stopAndReport() {
    stop()
    let skipped = skippedNames
    guard skipped > 0 else { return }
    Output.error(
      "seek: \(skipped) file name\(skipped == 1 ? " was" : "s were") left out: not valid UTF-8, so not shown or printed as they are"
    )
  }

  /// fzf's `[Command failed: CMD]`, once the command's output has ended: what to say when it
  /// exited with a failure (it is given a second to exit after closing its output).
  func commandFailure() -> String? {
    if let failure = databaseFailure() { return failure }
    guard let child, let command else { return nil }
    for _ in 0..<100 where !stopped.isSet {
      childLock.lock()
      let status = child.waitNoHang()
      childLock.unlock()
      if let status { return status == 0 ? nil : "[Command failed: \(command)]" }
      usleep(10_000)
    }
    return nil
  }

  /// Paths of regular files and links under `root` (relative to it when it is ".", fzf's
  /// `--walker-root` otherwise starting with it), depth first (`FileWalker`), each ended by NUL.
  private func walk(_ root: String, _ options: FileWalker.Options, into writer: FileHandle) {
    var walker = FileWalker(options: options)
    let prefix = root == "." ? [] : Array((root.hasSuffix("/") ? root : root + "/").utf8)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 16)
    var failed = false
    // A root named is a folder of the list too (fzf: `--walker dir --walker-root d` lists `d/`).
    if options.folders && !prefix.isEmpty { buffer += prefix + [0] }
    walker.walk(root) { path in
      if stopped.isSet { return false }
      buffer += prefix
      buffer += path
      buffer.append(0)
      if buffer.count >= 1 << 15 {
        failed = (try? writer.write(contentsOf: buffer)) == nil
        buffer.removeAll(keepingCapacity: true)
      }
      return !failed
    }
    if !buffer.isEmpty && !failed { try? writer.write(contentsOf: buffer) }
    skipped.add(walker.skippedNames)
  }

  /// Names left out of the walk because they are not UTF-8 (said on exit).
  var skippedNames: Int { skipped.value }
  private let skipped = Counter()
}

/// A count written by one thread, read by another.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add(_ n: Int) {
    lock.lock()
    count += n
    lock.unlock()
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// A flag set once, read from another thread.
private final class Atomic: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  func set() {
    lock.lock()
    value = true
    lock.unlock()
  }

  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}

/// The database source read last (the first one, then each reload's), for the change watcher
/// to compare versions with.
final class LatestSource: @unchecked Sendable {
  private let lock = NSLock()
  private var current: DefaultSource?

  init(_ source: DefaultSource?) { current = source }

  var source: DefaultSource? {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }
}
