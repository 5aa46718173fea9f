import Foundation
import SearchEngine
import SeekApp

/// The built index of a large catalog, kept next to its store so that the next start loads it in
/// a few large reads instead of parsing and indexing again. It is used only when the catalog file
/// (size, modification time, a hash of its content) and its settings are those it was built from;
/// anything else means a rebuild.
///
/// The cache is a file others could tamper with, so it is trusted only when it is a regular file
/// (not a link) owned by this user and writable by no one else, its checksum matches, and its
/// structure passes `IndexCodec`'s checks; any doubt means a rebuild and a note, never a crash or a
/// wrong answer. Every byte is checked once; later starts trust the same file, unchanged, by the
/// note of that check (`CheckedCacheRecord`). It is written to a fresh `mkstemp` file (never a predictable name, never through a
/// link), mode 0600, and renamed into place; temporary files left by a killed run are removed.
public enum IndexCache {
  /// What loading found.
  public enum LoadResult {
    /// `matchedByContent`: the cache was stored while the catalog was recent, with its content
    /// hash, and the catalog was hashed again to match it; stored anew by its stat (the catalog is
    /// no longer recent), the next starts need not hash it (see `settled`). `checkedInFull`: every
    /// byte was read and checked, rather than trusted by the note of an earlier check
    /// (`CheckedCacheRecord`).
    case loaded(Catalog, matchedByContent: Bool, checkedInFull: Bool)
    /// No cache, or one built from another version of the catalog or settings: rebuild quietly.
    case absent
    /// A cache that cannot be trusted: rebuild, and say why.
    case refused(String)

    public var catalog: Catalog? { if case .loaded(let c, _, _) = self { c } else { nil } }
    public var isRefused: Bool { if case .refused = self { true } else { false } }
  }

  /// Catalogs that take longer than this to load cold are cached.
  public static let worthCachingAfter: Double = 1.0

  /// `…/products-1a2b3c4d.sqlite` → `…/products-1a2b3c4d.index`.
  public static func path(forStore store: String) -> String {
    (store.hasSuffix(".sqlite") ? String(store.dropLast(7)) : store) + ".index"
  }

  /// What the cache must match: the file (device, inode, size, modification and change times to
  /// the nanosecond) and the settings given for it. Reading the file is not needed to know it is
  /// unchanged: a write changes its change time, which no one can set back. Only a file changed in
  /// the last `racyWithin` seconds gets its content hash too, as git does for "racily clean"
  /// files: a second write within the same clock tick could leave every time as it was.
  public static func fingerprint(catalogPath: String, settings: CatalogSettings) -> String? {
    guard let base = statFingerprint(catalogPath: catalogPath, settings: settings) else { return nil }
    guard base.isRecent else { return base.text }
    guard let hash = contentHash(catalogPath) else { return nil }
    return base.text + hashMark + hash
  }

  /// Files changed this recently are fingerprinted with their content too.
  static let racyWithin: Double = 2

  /// What separates a fingerprint's stat from the content hash that follows it, when it has one.
  static let hashMark = " hash="

  /// A fingerprint's stat (and settings) and its content hash, if it has one.
  static func parts(_ fingerprint: String) -> (stat: String, hash: String?) {
    guard let mark = fingerprint.range(of: hashMark) else { return (fingerprint, nil) }
    return (String(fingerprint[..<mark.lowerBound]), String(fingerprint[mark.upperBound...]))
  }

  /// The fingerprint to store once the index is built, which took a while after `fingerprint`
  /// was taken. A catalog that was recent then carries its content hash, and a cache stored with
  /// it would hash the whole catalog again on every start (50 ms for the 81 MB packages, half a
  /// warm start) for as long as it is used: a catalog a script wrote just before Seek opened it.
  /// If the file is no longer recent now and hashes the same, the content indexed is the content
  /// now, and a later write must change a time past the one stored: the plain stat fingerprint is
  /// enough from here on, as when git refreshes a racily clean entry. nil when the catalog
  /// changed while it was indexed (the cache would describe a file that is gone).
  public static func settled(
    _ fingerprint: String, catalogPath: String, settings: CatalogSettings,
    now: Double = Date().timeIntervalSince1970
  ) -> String? {
    let (stat, taken) = parts(fingerprint)
    guard let taken else { return fingerprint }
    guard let current = statFingerprint(catalogPath: catalogPath, settings: settings, now: now),
      current.text == stat
    else { return nil }
    guard !current.isRecent else { return fingerprint }
    guard let hash = contentHash(catalogPath) else { return fingerprint }
    return hash == taken ? current.text : nil
  }

  static func statFingerprint(
    catalogPath: String, settings: CatalogSettings, now: Double = Date().timeIntervalSince1970
  ) -> (text: String, isRecent: Bool)? {
    var info = stat()
    guard stat(catalogPath, &info) == 0 else { return nil }
    let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    let changed = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
    let text =
      "dev=\(info.st_dev) ino=\(info.st_ino) size=\(info.st_size) mtime=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) ctime=\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) settings=\(describe(settings))"
    return (text, max(modified, changed) > now - racyWithin)
  }

  /// Whether a stored fingerprint is the current one's. One stored with a content hash (the file
  /// was recent when the cache was built) matches only when the content hashes the same now.
  static func matches(stored: String, current: String, catalogPath: String) -> Bool {
    if stored == current { return true }
    let (base, currentHash) = parts(current)
    if stored == base { return true }
    guard currentHash == nil, case (base, let storedHash?) = parts(stored) else { return false }
    return contentHash(catalogPath) == storedHash
  }

  static func describe(_ s: CatalogSettings) -> String {
    let numericTypos: String = s.allowTyposOnNumericTokens.map { $0 ? "true" : "false" } ?? "-"
    let tiebreak: String = s.tiebreak?.map(\.rawValue).joined(separator: ",") ?? "-"
    let tac: String = s.reverseInputOrder.map { $0 ? "tac" : "no-tac" } ?? "-"
    // Variant runs are found as the index is built (ModelVariants.swift).
    let variants: String = s.variantWords.map { "variants=" + $0.joined(separator: ",") } ?? "-"
    return [
      s.searchableAttributes?.joined(separator: ",") ?? "-", s.titleAttribute ?? "-",
      s.customRanking?.map(\.description).joined(separator: ",") ?? "-", s.objectIDAttribute ?? "-",
      s.displayAttributes?.joined(separator: ",") ?? "-", s.format?.rawValue ?? "-",
      s.attributesForFaceting?.joined(separator: ",") ?? "-",
      numericTypos, tiebreak, tac, phrasesDigest(s), variants,
    ].joined(separator: "|")
  }

  /// Synonym phrases are terms of the index (Phrases.swift), unlike other synonyms (read at query
  /// time): an index built with other phrases is another index. A digest keeps the name short.
  static func phrasesDigest(_ s: CatalogSettings) -> String {
    let keys = s.synonyms.phrases.keys.map { String(decoding: $0, as: UTF8.self) }.sorted()
    guard !keys.isEmpty else { return "-" }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in keys.joined(separator: "\n").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return "phrases=" + String(hash, radix: 16)
  }

  /// A 64-bit multiply-xor hash of the whole file, read in 4 MB blocks (about 0.1 s for 150 MB).
  static func contentHash(_ path: String) -> String? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    let block = 4 << 20
    // Safe: `buffer` is deallocated by the defer below; reads fill at most `block` bytes, words are read only up to `n`.
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let n = read(fd, buffer, block)
      if n < 0 { return nil }
      if n == 0 { break }
      let words = n / 8
      let p = buffer.bindMemory(to: UInt64.self, capacity: words)
      for i in 0..<words { h = (h ^ p[i]) &* 0x100_0000_01B3 }
      let bytes = buffer.assumingMemoryBound(to: UInt8.self)
      for i in (words * 8)..<n { h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01B3 }
      h ^= UInt64(n)
    }
    return String(h, radix: 16)
  }

  /// The key of a catalog that is not a file (a PostgreSQL table): its content version and the
  /// settings given for it.
  public static func fingerprint(contentVersion: String, settings: CatalogSettings) -> String {
    contentVersion + " settings=" + describe(settings)
  }

  /// The content version a database catalog's cache at `path` was written for, when it was
  /// written with these settings; nil otherwise (or when there is no readable header). The app
  /// opens such a cache at once and looks at the server behind it (`PostgresCatalog.watch`).
  public static func storedContentVersion(path: String, settings: CatalogSettings) -> String? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, case .success(let header) = readHeader(fd: fd, size: Int(info.st_size)) else {
      return nil
    }
    let suffix = " settings=" + describe(settings)
    return header.fingerprint.hasSuffix(suffix) ? String(header.fingerprint.dropLast(suffix.count)) : nil
  }

  /// A cache file's header: the JSON after its 8-byte length, and the fingerprint it holds; or
  /// what is wrong with it (`truncated`, `damaged header`).
  private static func readHeader(fd: Int32, size: Int) -> Result<
    (length: Int, meta: JSONValue, fingerprint: String), HeaderProblem
  > {
    // Safe: reads at most the bytes of a local UInt64.
    var length: UInt64 = 0
    guard withUnsafeMutableBytes(of: &length, { pread(fd, $0.baseAddress, 8, 0) }) == 8 else {
      return .failure(HeaderProblem(description: "truncated"))
    }
    guard length < 1 << 20, Int(length) + 8 <= size else {
      return .failure(HeaderProblem(description: "damaged header"))
    }
    var header = [UInt8](repeating: 0, count: Int(length))
    // Safe: reads at most header.count bytes into the array's own storage.
    guard header.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, $0.count, 8) }) == header.count else {
      return .failure(HeaderProblem(description: "truncated"))
    }
    guard let meta = try? JSONParser.parse(String(decoding: header, as: UTF8.self)),
      case .string(let fingerprint)? = meta["fingerprint"]
    else { return .failure(HeaderProblem(description: "damaged header")) }
    return .success((Int(length), meta, fingerprint))
  }

  struct HeaderProblem: Error, CustomStringConvertible {
    var description: String
  }

  /// The cached catalog, if the cache exists, can be trusted and matches.
  /// `now`: when loading began (a note of the check is written only for a file older than that by
  /// `racyWithin`).
  public static func load(
    path: String, catalogPath: String, fingerprint: String, given: CatalogSettings,
    now: Double = Date().timeIntervalSince1970
  ) -> LoadResult {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else {
      return errno == ELOOP ? .refused("\(path) is a symbolic link") : .absent
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .refused("\(path) is not a file") }
    guard info.st_uid == geteuid() else { return .refused("\(path) belongs to another user") }
    guard info.st_mode & 0o022 == 0 else { return .refused("\(path) can be written by others") }
    let size = Int(info.st_size)
    let length: Int
    let meta: JSONValue
    let stored: String
    switch readHeader(fd: fd, size: size) {
    case .success(let header): (length, meta, stored) = header
    case .failure(let problem): return .refused("\(path): \(problem)")
    }
    guard meta["format"] == .number("\(IndexCodec.version)"),
      matches(stored: stored, current: fingerprint, catalogPath: catalogPath)
    else { return .absent }
    guard case .string(let name)? = meta["name"], var settings = resolvedSettings(meta["settings"]) else {
      return .refused("\(path): damaged header")
    }
    readAtQueryTime(&settings, given: given)
    var numeric: Set<String> = []
    if case .array(let items)? = meta["numeric"] {
      for case .string(let n) in items { numeric.insert(n) }
    }
    let indexStart = indexOffset(headerLength: length)
    guard size >= indexStart + 8 else { return .refused("\(path): truncated") }
    guard let mapping = MappedFile(fd: fd, size: size) else { return .refused("\(path): cannot be mapped") }
    // Taken once the mapping holds its lease: a write from here on waits until the mapping is a
    // private copy, and one before changed what fstat says.
    let identity = checkedIdentity(fd: fd, openedAs: info)
    let trusted = identity.map { CheckedCacheRecord.holds(forCache: path, identity: $0.text) } ?? false
    let region = UnsafeRawBufferPointer(rebasing: mapping.bytes[indexStart..<(size - 8)])
    let index: SearchIndex
    do {
      var image = try IndexImage.open(region, owner: mapping, settings: settings.index)
      if trusted {
        index = image.indexCheckedBefore()
      } else {
        // The checksum and the content checks read the file with plain reads, chunk by chunk: they
        // run in the page cache, and the mapping's pages stay untouched until a search needs them.
        let checksum = try verify(fd: fd, size: size, indexStart: indexStart, image: &image)
        guard checksum.computed == checksum.stored else { return .refused("\(path): checksum mismatch") }
        index = try image.index()
        if let identity, identity.checksum == checksum.stored,
          CheckedCacheRecord.mayRecord(changedAt: lastChange(info), checkBegan: now)
        {
          let kept = dup(fd)
          if kept >= 0 {
            CheckedCacheRecord.recordInBackground(
              forCache: path, fd: kept, identity: identity.text, checksum: identity.checksum)
          }
        }
      }
    } catch IndexCodecError.unsupportedVersion {
      return .absent  // written by another version of Seek: rebuilt quietly
    } catch let error as IndexCodecError {
      return .refused("\(path): \(error)")
    } catch {
      return .refused("\(path): truncated")
    }
    var catalog = Catalog(
      name: name, path: catalogPath, settings: settings, given: given, numericAttributes: numeric, index: index)
    catalog.generatedSuggestions = suggestions(meta["suggestions"])
    return .loaded(
      catalog, matchedByContent: stored != fingerprint && parts(fingerprint).hash == nil, checkedInFull: !trusted)
  }

  /// The cache's identity for a note of its check (`CheckedCacheRecord`): nil when it changed since
  /// it was opened as `opened`, or its stored checksum cannot be read.
  static func checkedIdentity(fd: Int32, openedAs opened: stat) -> (text: String, checksum: UInt64)? {
    var now = stat()
    var checksum: UInt64 = 0
    // Safe: reads at most the bytes of a local UInt64.
    guard fstat(fd, &now) == 0, opened.st_size >= 8,
      withUnsafeMutableBytes(of: &checksum, { pread(fd, $0.baseAddress, 8, off_t(opened.st_size - 8)) }) == 8
    else { return nil }
    let text = CheckedCacheRecord.identity(of: now, checksum: checksum)
    guard text == CheckedCacheRecord.identity(of: opened, checksum: checksum) else { return nil }
    return (text, checksum)
  }

  /// The later of a file's modification and change times.
  static func lastChange(_ info: stat) -> Double {
    max(
      Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9,
      Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9)
  }

  /// The encoded index starts on the codec's alignment after the header (its length and JSON).
  static func indexOffset(headerLength: Int) -> Int {
    (8 + headerLength + IndexCodec.alignment - 1) / IndexCodec.alignment * IndexCodec.alignment
  }

  /// Reads the file in chunks: the checksum of every byte before the last eight, and the index's
  /// content checks on the bytes of the index; returns it with the stored checksum. The file is
  /// read in two halves, each on its own thread (split where the checks can be), and the two
  /// checksums are combined.
  static func verify(
    fd: Int32, size: Int, indexStart: Int, image: inout IndexImage
  ) throws -> (computed: UInt64, stored: UInt64) {
    let indexEnd = size - 8
    let (split, first, second) = image.split(near: (indexEnd - indexStart) / 2)
    let middle = indexStart + split
    let later = VerifyTask(fd: fd, range: middle..<indexEnd, indexStart: indexStart, checker: second)
    var head = first
    let early = Result { try readChecking(fd: fd, range: 0..<middle, indexStart: indexStart, checker: &head) }
    // Waited for even when this half failed: the other thread reads `fd`, which the caller closes.
    let (tail, checked) = try later.result()
    let earlySum = try early.get()
    image.check(parts: [head, checked])
    var stored: UInt64 = 0
    // Safe: reads at most the bytes of a local UInt64.
    guard withUnsafeMutableBytes(of: &stored, { pread(fd, $0.baseAddress, 8, off_t(indexEnd)) }) == 8 else {
      throw CacheIOError.io
    }
    return (earlySum.followed(by: tail).value, stored)
  }

  /// Reads `range` of the file in 256 KB chunks (they stay in the cache while checked), checksums
  /// it, and feeds the bytes from `indexStart` on to `checker`.
  static func readChecking(
    fd: Int32, range: Range<Int>, indexStart: Int, checker: inout ContentChecker
  ) throws -> StreamChecksum {
    // Safe (below): `buffer` is freed by the defer; every read fills at most `chunk` bytes of it.
    let chunk = 1 << 18
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: IndexCodec.alignment)
    defer { buffer.deallocate() }
    var checksum = range.lowerBound == 0 ? StreamChecksum() : StreamChecksum(continuing: ())
    var offset = range.lowerBound
    while offset < range.upperBound {
      // Chunks end on the index's start, so each lies before it or within it.
      let end = min(range.upperBound, offset < indexStart ? indexStart : offset + chunk, offset + chunk)
      var done = 0
      while done < end - offset {
        let n = pread(fd, buffer + done, end - offset - done, off_t(offset + done))
        guard n > 0 else { throw CacheIOError.io }
        done += n
      }
      let bytes = UnsafeRawBufferPointer(start: buffer, count: done)
      checksum.update(bytes)
      if offset >= indexStart { checker.check(bytes, at: offset - indexStart) }
      offset = end
    }
    return checksum
  }

  /// `readChecking` on its own thread.
  final class VerifyTask: @unchecked Sendable {
    // @unchecked: the outcome is written once, before the semaphore is signalled, and read after.
    private var outcome: Result<(StreamChecksum, ContentChecker), Error> = .failure(CacheIOError.io)
    private let done = DispatchSemaphore(value: 0)

    init(fd: Int32, range: Range<Int>, indexStart: Int, checker: ContentChecker) {
      Thread.detachNewThread { [self] in
        var checker = checker
        outcome = Result {
          let checksum = try IndexCache.readChecking(fd: fd, range: range, indexStart: indexStart, checker: &checker)
          return (checksum, checker)
        }
        done.signal()
      }
    }

    func result() throws -> (StreamChecksum, ContentChecker) {
      done.wait()
      return try outcome.get()
    }
  }

  /// Writes the catalog's index; failures are ignored (the cache is only an optimization).
  ///
  /// `noted`: once the file is on disk, give it the note a full check would give it
  /// (`CheckedCacheRecord`), so that the next start need not read it. The bytes are the encoder's,
  /// checksummed as they were written. Waiting for the disk takes seconds at ten million records:
  /// a builder in the background, which nobody waits for, asks for it; a process that answers
  /// someone does not, and the first start that checks the file whole writes the note.
  public static func save(_ catalog: Catalog, path: String, fingerprint: String, noted: Bool = false) {
    removeStaleTemporaries(of: path)
    // mkstemp: a fresh name, created exclusively (O_EXCL), so a planted file or link is never
    // written through; the pid in the name lets a later run tell a dead run's leftovers.
    var template = Array((path + ".tmp-\(getpid())-XXXXXX").utf8CString)
    // Safe: mkstemp writes only inside the NUL-terminated template it is given.
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    fchmod(fd, 0o600)
    var sink = FileSink(fd: fd)
    let meta = JSONValue.object([
      ("fingerprint", .string(fingerprint)), ("format", .number("\(IndexCodec.version)")),
      ("name", .string(catalog.name)),
      ("settings", json(catalog.settings)),
      ("numeric", .array(catalog.numericAttributes.sorted().map { .string($0) })),
      ("suggestions", json(catalog.generatedSuggestions)),
    ]).serialized
    do {
      var length = UInt64(meta.utf8.count)
      // Safe: writes the bytes of local values and arrays, alive for the call.
      try withUnsafeBytes(of: &length) { try sink.write($0) }
      try Array(meta.utf8).withUnsafeBytes { try sink.write($0) }
      let padding = indexOffset(headerLength: meta.utf8.count) - 8 - meta.utf8.count
      try [UInt8](repeating: 0, count: padding).withUnsafeBytes { try sink.write($0) }
      try IndexCodec.encode(catalog.index, to: &sink)
      var checksum = sink.checksum.value
      try withUnsafeBytes(of: &checksum) { try sink.write($0) }
      try sink.flush()
      // No fsync before the rename: forcing 400 MB to disk took a second of every first run. A
      // cache torn by a crash before the kernel wrote it back fails its checksum and is rebuilt,
      // never trusted; its note is written only once its bytes are on disk.
      guard rename(temporary, path) == 0 else {
        close(fd)
        unlink(temporary)
        return
      }
      var info = stat()
      guard noted, fstat(fd, &info) == 0 else {
        close(fd)
        return
      }
      let identity = CheckedCacheRecord.identity(of: info, checksum: checksum)
      CheckedCacheRecord.record(forCache: path, fd: fd, identity: identity, checksum: checksum)
    } catch {
      close(fd)
      unlink(temporary)
    }
  }

  /// Removes `path.tmp-<pid>-*` files whose process is gone (a run killed while writing).
  static func removeStaleTemporaries(of path: String) {
    let directory = (path as NSString).deletingLastPathComponent
    let prefix = (path as NSString).lastPathComponent + ".tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }) else { continue }
      if pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
        unlink(directory + "/" + name)
      }
    }
  }

  /// Generated suggestions in the header: `{"minHits": 5, "list": [[query, popularity, nbHits, category], …]}`.
  static func json(_ generated: (minHits: Int, list: [Suggestion])?) -> JSONValue {
    guard let generated else { return .null }
    return .object([
      ("minHits", .number("\(generated.minHits)")),
      (
        "list",
        .array(
          generated.list.map {
            .array([
              .string($0.query), .number("\($0.popularity)"), $0.nbHits.map { .number("\($0)") } ?? .null,
              $0.category.map { .string($0) } ?? .null,
            ])
          })
      ),
    ])
  }

  static func suggestions(_ value: JSONValue?) -> (minHits: Int, list: [Suggestion])? {
    guard let value, case .number(let minText)? = value["minHits"], let minHits = Int(minText),
      case .array(let items)? = value["list"]
    else { return nil }
    var list: [Suggestion] = []
    for case .array(let fields) in items where fields.count == 4 {
      guard case .string(let query) = fields[0], case .number(let popularity) = fields[1] else { continue }
      var nbHits: Int? = nil
      if case .number(let n) = fields[2] { nbHits = Int(n) }
      var category: String? = nil
      if case .string(let c) = fields[3] { category = c }
      list.append(Suggestion(query: query, popularity: Int(popularity) ?? 0, nbHits: nbHits, category: category))
    }
    return (minHits, list)
  }

  static func json(_ s: ResolvedSettings) -> JSONValue {
    .object([
      ("searchableAttributes", .array(s.index.searchableAttributes.map { .string($0) })),
      ("titleAttribute", .string(s.index.titleAttribute)),
      ("customRanking", .array(s.index.customRanking.map { .string($0.description) })),
      ("objectID", s.objectIDAttribute.map { .string($0) } ?? .null),
      ("displayAttributes", .array(s.displayAttributes.map { .string($0) })),
      ("attributesForFaceting", .array(s.index.attributesForFaceting.map { .string($0) })),
      ("multiValuedAttributes", .array(s.index.multiValuedAttributes.sorted().map { .string($0) })),
      ("allowTyposOnNumericTokens", .bool(s.index.typoTolerance.allowTyposOnNumericTokens)),
      ("orderedAttributes", .array(s.index.orderedAttributes.sorted().map { .string($0) })),
      ("tiebreak", .array(s.index.tiebreak.map { .string($0.rawValue) })),
      ("reverseInputOrder", .bool(s.index.reverseInputOrder)),
      (
        "variantWords",
        .array(s.index.variantWords.map { String(decoding: $0, as: UTF8.self) }.sorted().map { .string($0) })
      ),
    ])
  }

  /// Plurals, synonyms, stop words, typo tolerance and single-word exactness are read at query
  /// time: today's settings, not the cache's.
  private static func readAtQueryTime(_ settings: inout ResolvedSettings, given: CatalogSettings) {
    settings.index.alternatives = given.alternatives
    settings.index.removeStopWords = given.removeStopWords ?? false
    settings.index.exactOnSingleWordQuery = given.exactOnSingleWordQuery
    settings.index.typoFreeAttributes = Set(given.disableTypoToleranceOnAttributes ?? [])
    settings.index.typoTolerance = given.resolvedTypoTolerance
    settings.index.lexicon = given.lexicon
  }

  static func resolvedSettings(_ value: JSONValue?) -> ResolvedSettings? {
    guard let value, case .string(let title)? = value["titleAttribute"] else { return nil }
    func strings(_ key: String) -> [String] {
      guard case .array(let items)? = value[key] else { return [] }
      return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }
    var objectID: String? = nil
    if case .string(let id)? = value["objectID"] { objectID = id }
    var index = IndexSettings(
      searchableAttributes: strings("searchableAttributes"), titleAttribute: title,
      customRanking: strings("customRanking").compactMap(CustomRanking.init(parsing:)),
      typoTolerance: TypoTolerance(allowTyposOnNumericTokens: value["allowTyposOnNumericTokens"] == .bool(true)),
      attributesForFaceting: strings("attributesForFaceting"),
      multiValuedAttributes: Set(strings("multiValuedAttributes")),
      orderedAttributes: Set(strings("orderedAttributes")),
      tiebreak: strings("tiebreak").compactMap(Tiebreak.init(rawValue:)),
      reverseInputOrder: value["reverseInputOrder"] == .bool(true))
    // Found as the index was built (ModelVariants.swift): the cache's, like the index.
    index.variantWords = Set(strings("variantWords").map { Array($0.utf8) })
    return ResolvedSettings(index: index, objectIDAttribute: objectID, displayAttributes: strings("displayAttributes"))
  }
}

enum CacheIOError: Error { case io }

/// A 64-bit checksum of a byte stream, the same whatever the chunks it arrives in. It guards the
/// cache against damage (a torn write, a flipped bit), not against someone forging it — the
/// ownership checks and `IndexImage`'s structure checks cover that — so it is built for speed: a
/// Fletcher sum over four 64-bit lanes (`a += word; b += a`, vector adds that run at memory speed),
/// where `b` weighs every word by its position, so a moved or swapped block changes it too.
/// Whole 32-byte blocks go through the lanes; a partial block waits for the next chunk.
struct StreamChecksum {
  private var a = SIMD4<UInt64>(0x9E37_79B9_7F4A_7C15, 0xCBF2_9CE4_8422_2325, 0x8422_2325_CBF2_9CE4, 1)
  private var b = SIMD4<UInt64>(repeating: 0)
  /// Bytes not yet making a whole 32-byte block (at most 31), and how many bytes in all.
  private var pending: [UInt8] = []
  private var total: UInt64 = 0
  /// Whole blocks folded in.
  private var blocks: UInt64 = 0

  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    total &+= UInt64(bytes.count)
    var i = 0
    let n = bytes.count
    if !pending.isEmpty {
      while pending.count < 32 && i < n {
        pending.append(bytes[i])
        i += 1
      }
      guard pending.count == 32 else { return }
      // Safe: `pending` holds exactly 32 bytes.
      pending.withUnsafeBytes { fold(0, 32, of: $0) }
      pending.removeAll(keepingCapacity: true)
    }
    let whole = (n - i) / 32 * 32
    fold(i, i + whole, of: bytes)
    i += whole
    while i < n {
      pending.append(bytes[i])
      i += 1
    }
  }

  @inline(__always) private mutating func fold(_ from: Int, _ to: Int, of bytes: UnsafeRawBufferPointer) {
    var a = self.a
    var b = self.b
    var i = from
    while i < to {
      // Safe: the callers pass to <= bytes.count, in steps of 32; unaligned loads are allowed.
      a &+= bytes.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt64>.self)
      b &+= a
      i += 32
    }
    self.a = a
    self.b = b
    blocks &+= UInt64((to - from) / 32)
  }

  /// The checksum of this stream followed by `next`'s, when `next` began from zero lanes
  /// (`StreamChecksum(continuing: ())`) and this stream ended on a whole block: each of `next`'s
  /// blocks also added this stream's `a` to `b`.
  func followed(by next: StreamChecksum) -> StreamChecksum {
    precondition(pending.isEmpty, "a stream is continued only after a whole block")
    var out = next
    out.a = a &+ next.a
    out.b = b &+ next.b &+ a &* SIMD4(repeating: next.blocks)
    out.total = total &+ next.total
    return out
  }

  /// A stream that continues another (see `followed(by:)`).
  init(continuing: Void) {
    a = .zero
  }

  init() {}

  /// The sums folded into one number, each through a mixer whose every input bit reaches every
  /// output bit: a multiplication alone carries a change only upward, so a change in a lane's top
  /// byte, seen in both `a` and `b`, could cancel (one change in 256 went unseen).
  var value: UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for lane in 0..<4 {
      h = Self.mix(h ^ Self.mix(a[lane]))
      h = Self.mix(h ^ Self.mix(b[lane]))
    }
    for byte in pending { h = Self.mix(h ^ UInt64(byte)) }
    return Self.mix(h ^ total)
  }

  /// SplitMix64's finalizer: a bijection in which each input bit changes about half the output bits.
  @inline(__always) static func mix(_ x: UInt64) -> UInt64 {
    var z = x
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Buffered writes to a file descriptor, checksummed.
struct FileSink: IndexSink {
  let fd: Int32
  private var buffer: [UInt8] = []
  private(set) var checksum = StreamChecksum()

  init(fd: Int32) { self.fd = fd }

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    checksum.update(bytes)
    if bytes.count >= 1 << 16 {
      try flush()
      try writeAll(bytes)
    } else {
      buffer.append(contentsOf: bytes)
      if buffer.count >= 1 << 20 { try flush() }
    }
  }

  mutating func flush() throws {
    // Safe: the buffer is written while the array is alive.
    try buffer.withUnsafeBytes { try writeAll($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
      let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      guard n > 0 else { throw CacheIOError.io }
      offset += n
    }
  }
}
