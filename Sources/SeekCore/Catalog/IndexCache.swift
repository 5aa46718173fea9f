import Foundation
import SearchEngine

/// The built index of a large catalog, kept next to its store so that the next start loads it in
/// a few large reads instead of parsing and indexing again. It is used only when the catalog file
/// (size, modification time, a hash of its content) and its settings are those it was built from;
/// anything else means a rebuild.
///
/// The cache is a file others could tamper with, so it is trusted only when it is a regular file
/// (not a link) owned by this user and writable by no one else, its checksum matches, and its
/// structure passes `IndexCodec`'s checks; any doubt means a rebuild and a note, never a crash or a
/// wrong answer. It is written to a fresh `mkstemp` file (never a predictable name, never through a
/// link), mode 0600, and renamed into place; temporary files left by a killed run are removed.
public enum IndexCache {
  /// What loading found.
  public enum LoadResult {
    case loaded(Catalog)
    /// No cache, or one built from another version of the catalog or settings: rebuild quietly.
    case absent
    /// A cache that cannot be trusted: rebuild, and say why.
    case refused(String)

    public var catalog: Catalog? { if case .loaded(let c) = self { c } else { nil } }
    public var isRefused: Bool { if case .refused = self { true } else { false } }
  }

  /// Catalogs that take longer than this to load cold are cached.
  public static let worthCachingAfter: Double = 1.0

  /// `…/products-1a2b3c4d.sqlite` → `…/products-1a2b3c4d.index`.
  public static func path(forStore store: String) -> String {
    (store.hasSuffix(".sqlite") ? String(store.dropLast(7)) : store) + ".index"
  }

  /// What the cache must match: the file's size, modification time and content hash, and the
  /// settings given for it.
  public static func fingerprint(catalogPath: String, settings: CatalogSettings) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: catalogPath),
      let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date,
      let hash = contentHash(catalogPath)
    else { return nil }
    return "size=\(size) mtime=\(modified.timeIntervalSince1970) hash=\(hash) settings=\(describe(settings))"
  }

  static func describe(_ s: CatalogSettings) -> String {
    let numericTypos: String = s.allowTyposOnNumericTokens.map { $0 ? "true" : "false" } ?? "-"
    let tiebreak: String = s.tiebreak?.map(\.rawValue).joined(separator: ",") ?? "-"
    let tac: String = s.reverseInputOrder.map { $0 ? "tac" : "no-tac" } ?? "-"
    return [
      s.searchableAttributes?.joined(separator: ",") ?? "-", s.titleAttribute ?? "-",
      s.customRanking?.map(\.description).joined(separator: ",") ?? "-", s.objectIDAttribute ?? "-",
      s.displayAttributes?.joined(separator: ",") ?? "-", s.format?.rawValue ?? "-",
      s.attributesForFaceting?.joined(separator: ",") ?? "-",
      numericTypos, tiebreak, tac,
    ].joined(separator: "|")
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

  /// The cached catalog, if the cache exists, can be trusted and matches.
  public static func load(path: String, catalogPath: String, fingerprint: String, given: CatalogSettings) -> LoadResult
  {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else {
      return errno == ELOOP ? .refused("\(path) is a symbolic link") : .absent
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .refused("\(path) is not a file") }
    guard info.st_uid == geteuid() else { return .refused("\(path) belongs to another user") }
    guard info.st_mode & 0o022 == 0 else { return .refused("\(path) can be written by others") }
    var source = FileSource(fd: fd)
    do {
      var length: UInt64 = 0
      // Safe: reads exactly the bytes of a local UInt64.
      try withUnsafeMutableBytes(of: &length) { try source.read(into: $0) }
      guard length < 1 << 20 else { return .refused("\(path): damaged header") }
      var header = [UInt8](repeating: 0, count: Int(length))
      // Safe: reads exactly header.count bytes into the array's own storage.
      try header.withUnsafeMutableBytes { try source.read(into: $0) }
      guard let meta = try? JSONParser.parse(String(decoding: header, as: UTF8.self)),
        case .string(let stored)? = meta["fingerprint"]
      else { return .refused("\(path): damaged header") }
      guard stored == fingerprint else { return .absent }
      guard case .string(let name)? = meta["name"], let settings = resolvedSettings(meta["settings"]) else {
        return .refused("\(path): damaged header")
      }
      var numeric: Set<String> = []
      if case .array(let items)? = meta["numeric"] {
        for case .string(let n) in items { numeric.insert(n) }
      }
      let index: SearchIndex
      do {
        index = try IndexCodec.decode(from: &source, settings: settings.index)
      } catch IndexCodecError.unsupportedVersion {
        return .absent  // written by another version of Seek: rebuilt quietly
      } catch let error as IndexCodecError {
        return .refused("\(path): \(error)")
      }
      // The checksum covers every byte before it: a changed value, not only a broken structure.
      let computed = source.checksum.value
      var stored64: UInt64 = 0
      // Safe: reads exactly the bytes of a local UInt64.
      try withUnsafeMutableBytes(of: &stored64) { try source.read(into: $0) }
      guard stored64 == computed else { return .refused("\(path): checksum mismatch") }
      var catalog = Catalog(
        name: name, path: catalogPath, settings: settings, given: given, numericAttributes: numeric, index: index)
      catalog.generatedSuggestions = suggestions(meta["suggestions"])
      return .loaded(catalog)
    } catch {
      return .refused("\(path): truncated")
    }
  }

  /// Writes the catalog's index; failures are ignored (the cache is only an optimization).
  public static func save(_ catalog: Catalog, path: String, fingerprint: String) {
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
      ("fingerprint", .string(fingerprint)), ("name", .string(catalog.name)),
      ("settings", json(catalog.settings)),
      ("numeric", .array(catalog.numericAttributes.sorted().map { .string($0) })),
      ("suggestions", json(catalog.generatedSuggestions)),
    ]).serialized
    do {
      var length = UInt64(meta.utf8.count)
      // Safe: writes the bytes of local values and arrays, alive for the call.
      try withUnsafeBytes(of: &length) { try sink.write($0) }
      try Array(meta.utf8).withUnsafeBytes { try sink.write($0) }
      try IndexCodec.encode(catalog.index, to: &sink)
      var checksum = sink.checksum.value
      try withUnsafeBytes(of: &checksum) { try sink.write($0) }
      try sink.flush()
      guard fsync(fd) == 0 else { throw CacheIOError.io }
      close(fd)
      if rename(temporary, path) != 0 { unlink(temporary) }
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
    ])
  }

  static func resolvedSettings(_ value: JSONValue?) -> ResolvedSettings? {
    guard let value, case .string(let title)? = value["titleAttribute"] else { return nil }
    func strings(_ key: String) -> [String] {
      guard case .array(let items)? = value[key] else { return [] }
      return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }
    var objectID: String? = nil
    if case .string(let id)? = value["objectID"] { objectID = id }
    return ResolvedSettings(
      index: IndexSettings(
        searchableAttributes: strings("searchableAttributes"), titleAttribute: title,
        customRanking: strings("customRanking").compactMap(CustomRanking.init(parsing:)),
        typoTolerance: TypoTolerance(allowTyposOnNumericTokens: value["allowTyposOnNumericTokens"] == .bool(true)),
        attributesForFaceting: strings("attributesForFaceting"),
        multiValuedAttributes: Set(strings("multiValuedAttributes")),
        orderedAttributes: Set(strings("orderedAttributes")),
        tiebreak: strings("tiebreak").compactMap(Tiebreak.init(rawValue:)),
        reverseInputOrder: value["reverseInputOrder"] == .bool(true)),
      objectIDAttribute: objectID, displayAttributes: strings("displayAttributes"))
  }
}

enum CacheIOError: Error { case io }

/// A 64-bit multiply-xor hash of a byte stream, the same whatever the chunks it arrives in: bytes
/// are folded in eight at a time, a partial word waiting for the next chunk.
struct StreamChecksum {
  // Four FNV-style lanes over interleaved 8-byte words: independent multiply chains, so the
  // checksum of a 400 MB cache runs at memory speed instead of one multiply latency per word.
  private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
    0xCBF2_9CE4_8422_2325, 0x8422_2325_CBF2_9CE4, 0x9E37_79B9_7F4A_7C15, 0x7F4A_7C15_9E37_79B9
  )
  /// Bytes not yet making a whole 32-byte block (at most 31), and how many bytes in all.
  private var pending: [UInt8] = []
  private var total: UInt64 = 0
  private static let prime: UInt64 = 0x100_0000_01B3

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
      pending.withUnsafeBytes { block(at: 0, of: $0) }
      pending.removeAll(keepingCapacity: true)
    }
    while i + 32 <= n {
      block(at: i, of: bytes)
      i += 32
    }
    while i < n {
      pending.append(bytes[i])
      i += 1
    }
  }

  @inline(__always) private mutating func block(at i: Int, of bytes: UnsafeRawBufferPointer) {
    // Safe: the callers pass i + 32 <= bytes.count; unaligned loads are allowed.
    lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* Self.prime
    lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) &* Self.prime
    lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &* Self.prime
    lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) &* Self.prime
  }

  var value: UInt64 {
    var h = lanes.0
    for lane in [lanes.1, lanes.2, lanes.3] { h = (h ^ lane) &* Self.prime }
    for byte in pending { h = (h ^ UInt64(byte)) &* Self.prime }
    return (h ^ total) &* Self.prime
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

/// Reads straight into the destination arrays, checksumming what it read.
struct FileSource: IndexSource {
  let fd: Int32
  private(set) var checksum = StreamChecksum()
  private(set) var remainingBytes: Int

  init(fd: Int32) {
    self.fd = fd
    var info = stat()
    remainingBytes = fstat(fd, &info) == 0 ? Int(info.st_size) : Int.max
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws {
    var offset = 0
    while offset < buffer.count {
      let n = Foundation.read(fd, buffer.baseAddress! + offset, buffer.count - offset)
      guard n > 0 else { throw CacheIOError.io }
      offset += n
    }
    remainingBytes -= buffer.count
    checksum.update(UnsafeRawBufferPointer(buffer))
  }
}
