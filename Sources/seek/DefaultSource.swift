import Foundation
import SeekCore

/// What bare `seek` lists when no catalog is named and standard input is a terminal, as fzf does:
/// the files under the current directory (hidden files and directories skipped, links not
/// followed), or the lines `SEEK_DEFAULT_COMMAND` prints. Either streams into a pipe that Seek
/// reads like piped input, so the first lines show before the walk ends.
final class DefaultSource: @unchecked Sendable {
  let handle: FileHandle
  /// The command, in a process group of its own (ended whole by `stop`).
  private let child: ChildProcess?
  private let stopped = Atomic()

  private init(handle: FileHandle, child: ChildProcess?) {
    self.handle = handle
    self.child = child
  }

  struct StartError: Error, CustomStringConvertible {
    var description: String
  }

  static func start(command: String?) throws -> DefaultSource {
    if let command, !command.trimmingCharacters(in: .whitespaces).isEmpty {
      // Its standard error goes to /dev/null: it would draw over the screen.
      do {
        let child = try ChildProcess(command: command, captureErrors: false)
        return DefaultSource(handle: FileHandle(fileDescriptor: child.output, closeOnDealloc: false), child: child)
      } catch {
        throw StartError(description: "SEEK_DEFAULT_COMMAND could not be started: \(error)")
      }
    }
    let pipe = Pipe()
    let source = DefaultSource(handle: pipe.fileHandleForReading, child: nil)
    let writer = pipe.fileHandleForWriting
    Thread.detachNewThread { [source] in
      source.walk(into: writer)
      try? writer.close()
    }
    return source
  }

  /// Ends the command (or the walk): nothing it started outlives Seek.
  func stop() {
    stopped.set()
    child?.terminate()
  }

  /// Relative paths of regular files, depth first; hidden entries (".git") are skipped.
  private func walk(into writer: FileHandle) {
    guard let walker = FileManager.default.enumerator(atPath: ".") else { return }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 16)
    while let path = walker.nextObject() as? String {
      if stopped.isSet { return }
      let name = (path as NSString).lastPathComponent
      let type = walker.fileAttributes?[.type] as? FileAttributeType
      if name.hasPrefix(".") {
        if type == .typeDirectory { walker.skipDescendants() }
        continue
      }
      guard type == .typeRegular || type == .typeSymbolicLink else { continue }
      buffer += Array(path.utf8)
      buffer.append(0x0A)
      if buffer.count >= 1 << 15 {
        guard (try? writer.write(contentsOf: buffer)) != nil else { return }
        buffer.removeAll(keepingCapacity: true)
      }
    }
    if !buffer.isEmpty { try? writer.write(contentsOf: buffer) }
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
