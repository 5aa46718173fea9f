import Foundation
import Testing

@testable import SeekCore

/// Bare `seek`'s file list: regular files and links, hidden entries skipped, links not followed,
/// names that are not UTF-8 counted, never silently dropped.
@Suite struct FileWalkerTests {
  @Test func listsFilesSkipsHiddenAndCountsNamesThatAreNotUTF8() throws {
    let root = temporaryDirectory()
    let fm = FileManager.default
    for folder in ["a/b", ".git/objects", "c"] {
      try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    for file in ["top.txt", "a/one", "a/b/two", ".hidden", ".git/objects/x", "c/three"] {
      #expect(fm.createFile(atPath: root + "/" + file, contents: Data()))
    }
    symlink(root + "/a", root + "/c/loop")  // a link to a folder: listed, never followed
    let bad = Array((root + "/c/bad").utf8) + [0xFF, 0xFE, 0]
    let fd = bad.withUnsafeBufferPointer {
      open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o600)
    }
    #expect(fd >= 0)
    close(fd)
    var walker = FileWalker()
    var paths: [String] = []
    walker.walk(root) {
      paths.append(String(decoding: $0, as: UTF8.self))
      return true
    }
    #expect(Set(paths) == ["top.txt", "a/one", "a/b/two", "c/three", "c/loop"])
    #expect(walker.skippedNames == 1)
    // Depth first: a folder's files come together, before the next folder's.
    let a = paths.firstIndex(of: "a/one")!
    let ab = paths.firstIndex(of: "a/b/two")!
    let c = paths.firstIndex(of: "c/three")!
    #expect((a < c) == (ab < c))
  }

  @Test func stopsWhenAskedTo() {
    let root = temporaryDirectory()
    for i in 0..<10 { FileManager.default.createFile(atPath: root + "/f\(i)", contents: Data()) }
    var walker = FileWalker()
    var count = 0
    walker.walk(root) { _ in
      count += 1
      return count < 3
    }
    #expect(count == 3)
  }
}
