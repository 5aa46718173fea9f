import Foundation

/// The files fzf's `{f}` placeholders name: in a folder of this process's under the temporary
/// folder (mode 0700, the files 0600: the values may be private), removed when the process ends.
public enum PlaceholderFiles {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var folder: String? = nil
  nonisolated(unsafe) private static var count = 0

  /// Writes `text` to a new file and returns its path ("" when it cannot be written).
  static func write(_ text: String) -> String {
    lock.lock()
    defer { lock.unlock() }
    if folder == nil {
      let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
      var template = Array("\(base)/seek-\(getpid())-XXXXXX".utf8CString)
      // Safe: mkdtemp writes into the buffer it is given, which lives across the call.
      guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return "" }
      folder = String(cString: made)
    }
    count += 1
    let path = "\(folder!)/\(count)"
    let created = FileManager.default.createFile(
      atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    return created ? path : ""
  }

  /// Removes the folder and its files (at exit).
  public static func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    guard let folder else { return }
    try? FileManager.default.removeItem(atPath: folder)
    Self.folder = nil
  }
}
