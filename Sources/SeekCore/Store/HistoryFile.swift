import Foundation

/// fzf's history file: one query a line, oldest first, at most `limit` lines (`--history-size`,
/// 1,000 by default). A query is added on accept unless it repeats the newest line; the file is
/// rewritten whole through a temporary file and a rename, so a crash leaves the old one. What a
/// person typed is theirs alone: the file is 0600, made so and kept so on every rewrite.
public struct HistoryFile: Sendable {
  public static let defaultLimit = 1000
  public let path: String
  public let limit: Int

  public init(path: String, limit: Int = defaultLimit) {
    self.path = path
    self.limit = max(1, limit)
  }

  public enum Failure: Error, CustomStringConvertible {
    case unreadable(String, String)
    case unwritable(String, String)
    public var description: String {
      switch self {
      case .unreadable(let path, let why): return "history file \(path) cannot be read: \(why)"
      case .unwritable(let path, let why): return "history file \(path) cannot be written: \(why)"
      }
    }
  }

  /// The queries, oldest first; none when the file does not exist yet. Lines that are not valid
  /// UTF-8 are dropped, never shown.
  public func load() throws(Failure) -> [String] {
    guard FileManager.default.fileExists(atPath: path) else {
      let folder = (path as NSString).deletingLastPathComponent
      guard FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder) else {
        throw .unwritable(path, "its folder is missing or read-only")
      }
      return []
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(path, "permission denied")
    }
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: true).compactMap {
      String(validating: $0, as: UTF8.self)
    }
    return Array(lines.suffix(limit))
  }

  /// Adds `query` (unless empty or the newest line already) and keeps the newest `limit` lines.
  public func append(_ query: String) throws(Failure) {
    let line = query.replacingOccurrences(of: "\n", with: " ")
    guard !line.isEmpty else { return }
    var entries = (try? load()) ?? []
    guard entries.last != line else { return }
    entries.append(line)
    let text = entries.suffix(limit).joined(separator: "\n") + "\n"
    let temporary = path + ".tmp\(getpid())"
    try write(text, to: temporary)
    guard rename(temporary, path) == 0 else {
      let why = String(cString: strerror(errno))
      unlink(temporary)
      throw .unwritable(path, why)
    }
  }

  /// A new file readable by its owner only, holding `text`.
  private func write(_ text: String, to temporary: String) throws(Failure) {
    unlink(temporary)
    let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw .unwritable(path, "cannot create \(temporary): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        let why = String(cString: strerror(errno))
        unlink(temporary)
        throw .unwritable(path, why)
      }
      bytes = bytes.dropFirst(n)
    }
  }
}
