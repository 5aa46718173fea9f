import Foundation

/// The files under a folder, as bare `seek` lists them (fzf's walker): relative paths of regular
/// files and links (and folders, ended by "/", when asked), depth first; by default hidden entries skipped, `.git` and `node_modules`
/// skipped, links listed but never followed — fzf's `--walker`, `--walker-root` and
/// `--walker-skip` change that (`Options`). It reads directories with `readdir` and the entry types the kernel gives with them,
/// so a file costs no `stat` unless the file system leaves its type unknown; `find` does the same.
/// Foundation's enumerator, used before, asked for each file's attributes and took 15 to 20 times
/// as long.
///
/// Seek lists text: a name that is not valid UTF-8 cannot be shown or printed back as the same
/// bytes, so it is left out and counted (`skippedNames`), never silently.
public struct FileWalker {
  /// fzf's `--walker` (`file`, `dir`, `follow`, `hidden`) and `--walker-skip`.
  public struct Options: Sendable, Equatable {
    public var files = true
    public var folders = false
    /// Links to folders are walked into (each folder once: a link back up is not a loop).
    public var follow = false
    public var hidden = false
    /// Folder names never entered (fzf's default: `.git,node_modules`).
    public var skip: Set<String> = [".git", "node_modules"]

    public init() {}

    /// `--walker=file,dir,follow,hidden`: the options named, the others off; nil for an unknown one.
    public init?(walker text: String, skip: Set<String>) {
      files = false
      self.skip = skip
      for part in text.split(separator: ",") {
        switch part.trimmingCharacters(in: .whitespaces) {
        case "file": files = true
        case "dir": folders = true
        case "follow": follow = true
        case "hidden": hidden = true
        default: return nil
        }
      }
    }
  }

  public var options: Options
  /// Names that were not valid UTF-8, left out.
  public private(set) var skippedNames = 0
  /// Folders entered, by device and inode, when links are followed.
  private var entered = Set<[UInt64]>()

  public init(options: Options = Options()) { self.options = options }

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
      // Following links, each folder is read once (by device and inode): a link back up ends there.
      if options.follow {
        var info = stat()
        guard fstat(dirfd(directory), &info) == 0, entered.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
        else { continue }
      }
      var subfolders: [[UInt8]] = []
      while let entry = readdir(directory) {
        let name = Self.name(of: entry)
        guard let first = name.first, name != [0x2E], name != [0x2E, 0x2E] else { continue }  // ".", ".."
        if first == UInt8(ascii: ".") && !options.hidden { continue }
        guard let text = String(validating: name, as: UTF8.self) else {
          skippedNames += 1
          continue
        }
        path.removeAll(keepingCapacity: true)
        if !folder.isEmpty {
          path += folder
          path.append(UInt8(ascii: "/"))
        }
        path += name
        switch kind(of: entry, at: root, path) {
        case .folder:
          if options.skip.contains(text) { continue }
          subfolders.append(path)
          // A folder ends with "/", as fzf's walker lists it (`cd d55/`, a query `55/$`).
          path.append(UInt8(ascii: "/"))
          if options.folders && !emit(path[...]) { return }
        case .file: if options.files && !emit(path[...]) { return }
        case .other: continue
        }
      }
      // Depth first, in the order the folder listed them.
      pending += subfolders.reversed()
    }
  }

  private enum Kind { case folder, file, other }

  private mutating func kind(of entry: UnsafeMutablePointer<dirent>, at root: String, _ path: [UInt8]) -> Kind {
    switch Int32(entry.pointee.d_type) {
    case Int32(DT_DIR): return .folder
    case Int32(DT_LNK) where options.follow: return followedLink(at: root + "/" + String(decoding: path, as: UTF8.self))
    case Int32(DT_REG), Int32(DT_LNK): return .file
    case Int32(DT_UNKNOWN):
      var info = stat()
      guard lstat(root + "/" + String(decoding: path, as: UTF8.self), &info) == 0 else { return .other }
      switch info.st_mode & S_IFMT {
      case S_IFDIR: return .folder
      case S_IFLNK where options.follow: return followedLink(at: root + "/" + String(decoding: path, as: UTF8.self))
      case S_IFREG, S_IFLNK: return .file
      default: return .other
      }
    default: return .other
    }
  }

  /// What a link leads to, followed: a folder, a file, or nothing (a dangling link).
  private mutating func followedLink(at path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .other }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFREG: return .file
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
