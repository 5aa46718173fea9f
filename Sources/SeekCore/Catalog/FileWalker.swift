import Foundation

/// The files under a folder, as bare `seek` lists them (fzf's walker): relative paths of regular
/// files and links, depth first, hidden entries skipped (`.git` among them) and links never
/// followed. It reads directories with `readdir` and the entry types the kernel gives with them,
/// so a file costs no `stat` unless the file system leaves its type unknown; `find` does the same.
/// Foundation's enumerator, used before, asked for each file's attributes and took 15 to 20 times
/// as long.
///
/// Seek lists text: a name that is not valid UTF-8 cannot be shown or printed back as the same
/// bytes, so it is left out and counted (`skippedNames`), never silently.
public struct FileWalker {
  /// Names that were not valid UTF-8, left out.
  public private(set) var skippedNames = 0

  public init() {}

  /// Walks `root` and hands each path (relative to it, without a leading "./") to `emit`, as
  /// bytes; stops early when `emit` returns false.
  public mutating func walk(_ root: String, _ emit: (ArraySlice<UInt8>) -> Bool) {
    var pending: [[UInt8]] = [[]]  // folders to read, relative to root
    var path: [UInt8] = []
    path.reserveCapacity(4096)
    while let folder = pending.popLast() {
      let full = folder.isEmpty ? root : root + "/" + String(decoding: folder, as: UTF8.self)
      guard let directory = opendir(full) else { continue }
      defer { closedir(directory) }
      var subfolders: [[UInt8]] = []
      while let entry = readdir(directory) {
        let name = Self.name(of: entry)
        guard let first = name.first, first != UInt8(ascii: ".") else { continue }  // hidden, ".", ".."
        guard String(validating: name, as: UTF8.self) != nil else {
          skippedNames += 1
          continue
        }
        path.removeAll(keepingCapacity: true)
        if !folder.isEmpty {
          path += folder
          path.append(UInt8(ascii: "/"))
        }
        path += name
        switch Self.kind(of: entry, at: root, path) {
        case .folder: subfolders.append(path)
        case .file: if !emit(path[...]) { return }
        case .other: continue
        }
      }
      // Depth first, in the order the folder listed them.
      pending += subfolders.reversed()
    }
  }

  private enum Kind { case folder, file, other }

  private static func kind(of entry: UnsafeMutablePointer<dirent>, at root: String, _ path: [UInt8]) -> Kind {
    switch Int32(entry.pointee.d_type) {
    case Int32(DT_DIR): return .folder
    case Int32(DT_REG), Int32(DT_LNK): return .file
    case Int32(DT_UNKNOWN):
      var info = stat()
      guard lstat(root + "/" + String(decoding: path, as: UTF8.self), &info) == 0 else { return .other }
      switch info.st_mode & S_IFMT {
      case S_IFDIR: return .folder
      case S_IFREG, S_IFLNK: return .file
      default: return .other
      }
    default: return .other
    }
  }

  private static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    // Safe: d_name is a NUL-terminated array inside the entry, alive until the next readdir.
    withUnsafeBytes(of: &entry.pointee.d_name) { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      let length = bytes.firstIndex(of: 0) ?? bytes.count
      return Array(bytes[..<length])
    }
  }
}
