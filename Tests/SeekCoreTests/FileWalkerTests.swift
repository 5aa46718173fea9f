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

  /// fzf's `--walker` and `--walker-skip`: folders listed, hidden entries included, links
  /// followed (each folder once, so a link back up is no loop), named folders never entered.
  @Test func walkerOptionsAsFzfs() throws {
    let root = temporaryDirectory()
    let fm = FileManager.default
    for folder in ["a/node_modules/m", ".config", "b"] {
      try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    for file in ["a/one", "a/node_modules/m/index.js", ".config/rc", "b/two"] {
      #expect(fm.createFile(atPath: root + "/" + file, contents: Data()))
    }
    let outside = temporaryDirectory()
    #expect(fm.createFile(atPath: outside + "/x", contents: Data()))
    symlink(outside, root + "/a/out")  // followed: its files, under a/out
    symlink(root, root + "/b/up")  // a link back up: the root is read once
    func walk(_ options: FileWalker.Options) -> Set<String> {
      var walker = FileWalker(options: options)
      var paths = Set<String>()
      walker.walk(root) {
        paths.insert(String(decoding: $0, as: UTF8.self))
        return true
      }
      return paths
    }
    #expect(walk(FileWalker.Options()) == ["a/one", "a/out", "b/two", "b/up"])
    let all = try #require(FileWalker.Options(walker: "file,dir,follow,hidden", skip: []))
    #expect(
      walk(all) == [
        "a/", "a/one", "a/node_modules/", "a/node_modules/m/", "a/node_modules/m/index.js", "a/out/", "a/out/x",
        ".config/", ".config/rc", "b/", "b/two", "b/up/",
      ])
    #expect(walk(try #require(FileWalker.Options(walker: "dir", skip: ["node_modules"]))) == ["a/", "b/"])
    #expect(FileWalker.Options(walker: "file,links", skip: []) == nil)
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
