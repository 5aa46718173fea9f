import Foundation
import SearchEngine
import Testing

@testable import SeekCore

@Suite struct IndexCacheTests {
  @Test func aCachedIndexAnswersExactlyLikeTheBuiltOne() throws {
    let dir = temporaryDirectory()
    let catalogPath = repositoryRoot + "/Data/products.json"
    let given = try CatalogSettings.parse(
      String(decoding: try CatalogLoader.readFile(repositoryRoot + "/Data/products.settings.json"), as: UTF8.self),
      path: "s")
    let built = try CatalogLoader.load(path: catalogPath)
    let fingerprint = try #require(IndexCache.fingerprint(catalogPath: catalogPath, settings: given))
    let cachePath = dir + "/products.index"
    IndexCache.save(built, path: cachePath, fingerprint: fingerprint)
    let attributes = try FileManager.default.attributesOfItem(atPath: cachePath)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let loaded = try #require(
      IndexCache.load(path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: given).catalog)
    #expect(loaded.index.count == built.index.count)
    #expect(loaded.settings == built.settings)
    #expect(loaded.numericAttributes == built.numericAttributes)
    let a = Searcher(index: built.index)
    let b = Searcher(index: loaded.index)
    for query in ["", "iphone", "samsng tv", "macbook air", "cooktop", "ground", "a", "nintendo sw"] {
      let x = a.search(SearchRequest(query: query, page: 1))
      let y = b.search(SearchRequest(query: query, page: 1))
      #expect(x == y, "\(query)")
    }
    #expect(loaded.index.record(objectID: "sku-100001") == built.index.record(objectID: "sku-100001"))
  }

  @Test func aDifferentFingerprintOrDamageMeansRebuild() throws {
    let dir = temporaryDirectory()
    let catalogPath = dir + "/c.json"
    try Data(#"[{"name": "one"}, {"name": "two"}]"#.utf8).write(to: URL(fileURLWithPath: catalogPath))
    let catalog = try CatalogLoader.load(path: catalogPath)
    let fingerprint = try #require(IndexCache.fingerprint(catalogPath: catalogPath, settings: CatalogSettings()))
    let cachePath = dir + "/c.index"
    IndexCache.save(catalog, path: cachePath, fingerprint: fingerprint)
    #expect(
      IndexCache.load(path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: CatalogSettings())
        .catalog != nil)
    let other = IndexCache.load(
      path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint + "x", given: CatalogSettings())
    #expect(other.catalog == nil && !other.isRefused)
    // Synonym phrases are terms of the index: another phrase, another fingerprint; a synonym of
    // single words (read at query time) changes nothing.
    var words = CatalogSettings()
    words.synonyms.addEquivalent(["tv", "television"])
    #expect(IndexCache.fingerprint(catalogPath: catalogPath, settings: words) == fingerprint)
    var phrase = CatalogSettings()
    phrase.synonyms.addEquivalent(["ps5", "playstation 5"])
    let withPhrase = IndexCache.fingerprint(catalogPath: catalogPath, settings: phrase)
    #expect(withPhrase != fingerprint)
    phrase.synonyms.addEquivalent(["tv box", "streaming player"])
    #expect(IndexCache.fingerprint(catalogPath: catalogPath, settings: phrase) != withPhrase)
    // The catalog changes: the fingerprint changes with it.
    try Data(#"[{"name": "one"}, {"name": "three"}]"#.utf8).write(to: URL(fileURLWithPath: catalogPath))
    #expect(IndexCache.fingerprint(catalogPath: catalogPath, settings: CatalogSettings()) != fingerprint)
    // A truncated file is not loaded.
    let bytes = try #require(FileManager.default.contents(atPath: cachePath))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cachePath))
    #expect(
      IndexCache.load(path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: CatalogSettings())
        .isRefused)
  }

  /// A small catalog's cache, saved; returns (catalog path, cache path, fingerprint, its bytes).
  func savedCache(_ dir: String) throws -> (String, String, String, [UInt8]) {
    let catalogPath = dir + "/c.json"
    try Data(#"[{"name": "Crème brûlée"}, {"name": "two words"}, {"name": "日本語 text"}]"#.utf8).write(
      to: URL(fileURLWithPath: catalogPath))
    let catalog = try CatalogLoader.load(path: catalogPath)
    let fingerprint = try #require(IndexCache.fingerprint(catalogPath: catalogPath, settings: CatalogSettings()))
    let cachePath = dir + "/c.index"
    IndexCache.save(catalog, path: cachePath, fingerprint: fingerprint)
    return (catalogPath, cachePath, fingerprint, [UInt8](try #require(FileManager.default.contents(atPath: cachePath))))
  }

  /// Any single changed byte is refused (or, in the header's fingerprint, treated as another
  /// catalog's cache): never a crash, never a record that is not in the catalog.
  @Test func everyChangedByteIsRefused() throws {
    let dir = temporaryDirectory()
    let (catalogPath, cachePath, fingerprint, bytes) = try savedCache(dir)
    for offset in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)) {
      var damaged = bytes
      damaged[offset] ^= 0x5A
      try Data(damaged).write(to: URL(fileURLWithPath: cachePath))
      chmod(cachePath, 0o600)
      let result = IndexCache.load(
        path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: CatalogSettings())
      #expect(result.catalog == nil, "byte \(offset) changed and still loaded")
    }
  }

  /// A cache checked whole gets a note; the next start trusts the same file by it, without reading
  /// it. A byte written in place afterwards (the file's change time moves) is caught by a full check.
  @Test func aCheckedCacheIsTrustedByItsNoteUntilItChanges() throws {
    let dir = temporaryDirectory()
    let (catalogPath, cachePath, fingerprint, _) = try savedCache(dir)
    let later = Date().timeIntervalSince1970 + 10
    func load(now: Double = later) -> IndexCache.LoadResult {
      IndexCache.load(
        path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: CatalogSettings(), now: now)
    }
    guard case .loaded(_, _, let first) = load() else {
      Issue.record("not loaded")
      return
    }
    #expect(first)
    let note = CheckedCacheRecord.path(forCache: cachePath)
    #expect(waitUntil { FileManager.default.fileExists(atPath: note) })
    guard case .loaded(let trusted, _, let second) = load() else {
      Issue.record("not loaded")
      return
    }
    #expect(!second)
    #expect(Searcher(index: trusted.index).search(SearchRequest(query: "brulee")).nbHits == 1)
    // A note others can write is no note.
    chmod(note, 0o666)
    guard case .loaded(_, _, let checkedAgain) = load() else {
      Issue.record("not loaded")
      return
    }
    #expect(checkedAgain)
    chmod(note, 0o600)
    // A byte changed in place, once the clock's coarse tick has passed the file's change time.
    var info = stat()
    #expect(stat(cachePath, &info) == 0)
    #expect(waitUntil { coarseNow() > IndexCache.lastChange(info) })
    let writer = open(cachePath, O_WRONLY)
    var byte: UInt8 = 0x5A
    #expect(pwrite(writer, &byte, 1, 200) == 1)
    close(writer)
    #expect(load().isRefused)
  }

  /// A builder that waits for the disk notes the cache it wrote: the next start reads none of it.
  @Test func aNotedSaveIsTrustedAtTheNextStart() throws {
    let dir = temporaryDirectory()
    let catalogPath = dir + "/c.json"
    try Data(#"[{"name": "one"}, {"name": "two"}]"#.utf8).write(to: URL(fileURLWithPath: catalogPath))
    let fingerprint = try #require(IndexCache.fingerprint(catalogPath: catalogPath, settings: CatalogSettings()))
    let cachePath = dir + "/c.index"
    IndexCache.save(try CatalogLoader.load(path: catalogPath), path: cachePath, fingerprint: fingerprint, noted: true)
    let result = IndexCache.load(
      path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: CatalogSettings())
    guard case .loaded(let catalog, _, let checkedInFull) = result else {
      Issue.record("not loaded")
      return
    }
    #expect(!checkedInFull)
    #expect(catalog.index.count == 2)
  }

  /// A file changed in the last seconds gets no note: a write within the same clock tick could leave
  /// its times as they were.
  @Test func aRecentCacheGetsNoNote() {
    let now = Date().timeIntervalSince1970
    #expect(!CheckedCacheRecord.mayRecord(changedAt: now - 1, checkBegan: now))
    #expect(CheckedCacheRecord.mayRecord(changedAt: now - 3, checkBegan: now))
  }

  @Test func linksOthersFilesAndOpenModesAreRefused() throws {
    let dir = temporaryDirectory()
    let (catalogPath, cachePath, fingerprint, _) = try savedCache(dir)
    func load() -> IndexCache.LoadResult {
      IndexCache.load(path: cachePath, catalogPath: catalogPath, fingerprint: fingerprint, given: CatalogSettings())
    }
    #expect(load().catalog != nil)
    chmod(cachePath, 0o666)
    #expect(load().isRefused)
    chmod(cachePath, 0o600)
    rename(cachePath, dir + "/real.index")
    symlink(dir + "/real.index", cachePath)
    #expect(load().isRefused)
  }

  /// Saving never writes through a link planted at the cache's path, and removes the temporary
  /// files of a run that was killed while writing.
  @Test func savingReplacesLinksAndCleansUp() throws {
    let dir = temporaryDirectory()
    let catalogPath = dir + "/c.json"
    try Data(#"[{"name": "one"}]"#.utf8).write(to: URL(fileURLWithPath: catalogPath))
    let catalog = try CatalogLoader.load(path: catalogPath)
    let target = dir + "/precious.txt"
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
    let cachePath = dir + "/c.index"
    symlink(target, cachePath)
    var deadPID: Int32 = 999_999
    while kill(deadPID, 0) == 0 || errno != ESRCH { deadPID -= 1 }
    let stale = cachePath + ".tmp-\(deadPID)-abcdef"
    try Data("half written".utf8).write(to: URL(fileURLWithPath: stale))
    IndexCache.save(catalog, path: cachePath, fingerprint: "f")
    #expect(String(decoding: try #require(FileManager.default.contents(atPath: target)), as: UTF8.self) == "keep me")
    var info = stat()
    #expect(lstat(cachePath, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(
      IndexCache.load(path: cachePath, catalogPath: catalogPath, fingerprint: "f", given: CatalogSettings()).catalog
        != nil)
  }
}

@Suite struct CacheChecksumTests {
  /// Two halves checksummed apart (each on its own thread in the cache) combine into the checksum
  /// of the whole, wherever the split falls on a block boundary, whatever the chunks.
  @Test func halvesCombineIntoTheWhole() {
    var random = SystemRandomNumberGenerator()
    var bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    // The two bytes swapped below differ (equal ones, 1 run in 256, would swap to the same bytes).
    bytes[32] = bytes[0] ^ 0x5A
    bytes.withUnsafeBytes { all in
      var whole = StreamChecksum()
      whole.update(all)
      for split in stride(from: 0, through: 9_984, by: 640) {
        var first = StreamChecksum()
        var second = StreamChecksum(continuing: ())
        for start in stride(from: 0, to: split, by: 100) {
          first.update(UnsafeRawBufferPointer(rebasing: all[start..<min(split, start + 100)]))
        }
        for start in stride(from: split, to: all.count, by: 333) {
          second.update(UnsafeRawBufferPointer(rebasing: all[start..<min(all.count, start + 333)]))
        }
        #expect(first.followed(by: second).value == whole.value, "split at \(split)")
      }
      // A moved block changes the sum.
      var swapped = Array(all)
      swapped.swapAt(0, 32)
      var other = StreamChecksum()
      swapped.withUnsafeBytes { other.update($0) }
      #expect(other.value != whole.value)
    }
  }
}

extension CacheChecksumTests {
  /// Any one byte changed changes the checksum — a lane's top byte too, where a change carried
  /// only upward by the mixing's multiplications could cancel against the same lane's running
  /// sum (one change in 256: `everyChangedByteIsRefused` once loaded a damaged cache).
  @Test func everyChangedByteChangesTheChecksum() {
    var state: UInt64 = 20_261_204
    let bytes = (0..<4_096).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    func checksum(_ data: [UInt8]) -> UInt64 {
      var sum = StreamChecksum()
      data.withUnsafeBytes { sum.update($0) }
      return sum.value
    }
    let original = checksum(bytes)
    var undetected: [Int] = []
    for offset in bytes.indices {
      for flip: UInt8 in [0x5A, 0x80, 0x01] {
        var changed = bytes
        changed[offset] ^= flip
        if checksum(changed) == original { undetected.append(offset) }
      }
    }
    #expect(undetected.isEmpty, "undetected changes at \(undetected.prefix(10))")
  }
}

@Suite struct CatalogFingerprintTests {
  /// A file's fingerprint is its identity and times, not its content, unless it changed in the
  /// last moments (then a second write in the same clock tick could hide): then its content too.
  @Test func aRecentFileIsHashedAnOldOneIsNot() throws {
    let dir = temporaryDirectory()
    let path = dir + "/c.json"
    try Data(#"[{"name": "one"}]"#.utf8).write(to: URL(fileURLWithPath: path))
    let recent = try #require(IndexCache.fingerprint(catalogPath: path, settings: CatalogSettings()))
    #expect(recent.contains(" hash="))
    let old = timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)
    var times = [old, old]
    _ = utimensat(AT_FDCWD, path, &times, 0)
    // The change time moved with utimensat: still recent, still hashed.
    let afterTouch = try #require(IndexCache.fingerprint(catalogPath: path, settings: CatalogSettings()))
    #expect(afterTouch.contains(" hash="))
    #expect(afterTouch != recent)
    // A cache stored with a hash matches while the content is the same, whatever the current form.
    let base = afterTouch.components(separatedBy: " hash=")[0]
    #expect(IndexCache.matches(stored: afterTouch, current: base, catalogPath: path))
    #expect(!IndexCache.matches(stored: base + " hash=0", current: base, catalogPath: path))
    #expect(IndexCache.matches(stored: base, current: afterTouch, catalogPath: path))
    #expect(!IndexCache.matches(stored: base + "x", current: afterTouch, catalogPath: path))
  }

  /// A two-record catalog written now, in a fresh directory, and its fingerprint taken at once.
  static func catalogWrittenJustNow() throws -> (
    dir: String, catalogPath: String, settings: CatalogSettings, fingerprint: String
  ) {
    let dir = temporaryDirectory()
    let catalogPath = dir + "/c.json"
    try Data(#"[{"name": "one"}, {"name": "two"}]"#.utf8).write(to: URL(fileURLWithPath: catalogPath))
    let settings = CatalogSettings()
    let fingerprint = try #require(IndexCache.fingerprint(catalogPath: catalogPath, settings: settings))
    return (dir, catalogPath, settings, fingerprint)
  }

  /// A catalog written just before it is indexed is fingerprinted with its content; once it is no
  /// longer recent and hashes the same, the cache is stored with the plain stat fingerprint, so
  /// that later starts do not hash the whole file. A catalog changed meanwhile is not cached.
  @Test func aRecentCatalogsFingerprintSettlesToItsStatOnceOld() throws {
    let (_, catalogPath, settings, taken) = try Self.catalogWrittenJustNow()
    let parts = taken.components(separatedBy: " hash=")
    #expect(parts.count == 2, "a file written just now carries its content hash")
    let now = Date().timeIntervalSince1970
    #expect(IndexCache.settled(taken, catalogPath: catalogPath, settings: settings, now: now) == taken)
    let later = now + IndexCache.racyWithin + 1
    #expect(IndexCache.settled(taken, catalogPath: catalogPath, settings: settings, now: later) == parts[0])
    #expect(IndexCache.settled(parts[0], catalogPath: catalogPath, settings: settings, now: later) == parts[0])
    // The same stat but other content (a write within one clock tick): not cached.
    let otherContent = parts[0] + " hash=0"
    #expect(IndexCache.settled(otherContent, catalogPath: catalogPath, settings: settings, now: later) == nil)
    // The file changed after the fingerprint was taken: not cached.
    try Data(#"[{"name": "one"}, {"name": "three"}]"#.utf8).write(to: URL(fileURLWithPath: catalogPath))
    #expect(IndexCache.settled(taken, catalogPath: catalogPath, settings: settings, now: later) == nil)
  }

  /// A cache stored with the catalog's content hash (it was still recent) says, once loaded by a
  /// start that no longer sees it recent, that it matched by content: the caller stores it again
  /// by its stat. Stored so, it matches by stat alone.
  @Test func aCacheMatchedByContentSaysSo() throws {
    let (dir, catalogPath, settings, taken) = try Self.catalogWrittenJustNow()
    let statOnly = taken.components(separatedBy: " hash=")[0]
    let cachePath = dir + "/c.index"
    IndexCache.save(try CatalogLoader.load(path: catalogPath), path: cachePath, fingerprint: taken)
    func load(_ current: String) -> IndexCache.LoadResult {
      IndexCache.load(path: cachePath, catalogPath: catalogPath, fingerprint: current, given: settings)
    }
    guard case .loaded(_, let byContent, _) = load(statOnly) else {
      Issue.record("the cache stored with the content hash matches the unchanged catalog")
      return
    }
    #expect(byContent)
    guard case .loaded(_, let stillRecent, _) = load(taken) else {
      Issue.record("the same fingerprint matches")
      return
    }
    #expect(!stillRecent, "a start that sees the catalog recent has nothing to settle")
    let loaded = try #require(load(statOnly).catalog)
    IndexCache.save(loaded, path: cachePath, fingerprint: statOnly)
    guard case .loaded(let again, let byContentAgain, _) = load(statOnly) else {
      Issue.record("stored again by its stat, the cache matches")
      return
    }
    #expect(!byContentAgain)
    #expect(again.index.count == 2)
  }
}

/// A mapped cache changed under the app (`cp`, `rsync --inplace`, `truncate` onto it) keeps the
/// bytes that were checked: no SIGBUS past a new end, no unchecked bytes read.
@Suite struct MappedFileTests {
  @Test func aFileChangedWhileMappedKeepsItsBytes() throws {
    let path = NSTemporaryDirectory() + "seek-mapped-\(getpid()).bin"
    defer { unlink(path) }
    let original = (0..<(5 * 4096)).map { UInt8(truncatingIfNeeded: $0 * 7) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(original)))
    let fd = open(path, O_RDONLY)
    #expect(fd >= 0)
    let mapping = try #require(MappedFile(fd: fd, size: original.count))
    close(fd)
    // As `cp` onto it: opened for writing and truncated, then other bytes, shorter.
    let writer = open(path, O_WRONLY | O_TRUNC)
    #expect(writer >= 0)
    let other = [UInt8](repeating: 0xEE, count: 100)
    #expect(other.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == 100)
    close(writer)
    #expect(mapping.isPrivate)
    #expect(Array(mapping.bytes) == original)
  }
}

/// Polls `condition` every 10 ms for up to `seconds`.
func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
  let end = Date().addingTimeInterval(seconds)
  while Date() < end {
    if condition() { return true }
    usleep(10_000)
  }
  return condition()
}

/// The clock file times are taken from (the kernel's coarse tick).
func coarseNow() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_REALTIME_COARSE, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
