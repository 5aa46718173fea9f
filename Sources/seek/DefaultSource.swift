import Foundation

/// What bare `seek` lists when no catalog is named and standard input is a terminal, as fzf does:
/// the files under the current directory (hidden files and directories skipped, links not
/// followed), or the lines `SEEK_DEFAULT_COMMAND` prints. Either streams into a pipe that Seek
/// reads like piped input, so the first lines show before the walk ends.
final class DefaultSource: @unchecked Sendable {
  let handle: FileHandle
  private let process: Process?
  private let stopped = Atomic()

  private init(handle: FileHandle, process: Process?) {
    self.handle = handle
    self.process = process
  }

  struct StartError: Error, CustomStringConvertible {
    var description: String
  }

  static func start(command: String?) throws -> DefaultSource {
    let pipe = Pipe()
    if let command, !command.trimmingCharacters(in: .whitespaces).isEmpty {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", command]
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice  // it would draw over the screen
      process.standardInput = FileHandle.nullDevice
      do { try process.run() } catch {
        throw StartError(description: "SEEK_DEFAULT_COMMAND could not be started: \(error)")
      }
      try? pipe.fileHandleForWriting.close()
      return DefaultSource(handle: pipe.fileHandleForReading, process: process)
    }
    let source = DefaultSource(handle: pipe.fileHandleForReading, process: nil)
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
    if let process, process.isRunning { process.terminate() }
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
