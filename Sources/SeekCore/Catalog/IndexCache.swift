import Foundation
import SearchEngine

/// The built index of a large catalog, kept next to its store so that the next start loads it in
/// a few large reads instead of parsing and indexing again. It is used only when the catalog file
/// (size, modification time, a hash of its content) and its settings are those it was built from;
/// anything else, or any damage, means a rebuild. Written to a temporary file and renamed, mode 0600.
public enum IndexCache {
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
    [
      s.searchableAttributes?.joined(separator: ",") ?? "-", s.titleAttribute ?? "-",
      s.customRanking?.map(\.description).joined(separator: ",") ?? "-", s.objectIDAttribute ?? "-",
      s.displayAttributes?.joined(separator: ",") ?? "-", s.format?.rawValue ?? "-",
    ].joined(separator: "|")
  }

  /// A 64-bit multiply-xor hash of the whole file, read in 4 MB blocks (about 0.1 s for 150 MB).
  static func contentHash(_ path: String) -> String? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    let block = 4 << 20
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

  /// The cached catalog, if the cache exists and matches.
  public static func load(path: String, catalogPath: String, fingerprint: String, given: CatalogSettings) -> Catalog? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var source = FileSource(fd: fd)
    do {
      var length: UInt64 = 0
      try withUnsafeMutableBytes(of: &length) { try source.read(into: $0) }
      guard length < 1 << 20 else { return nil }
      var header = [UInt8](repeating: 0, count: Int(length))
      try header.withUnsafeMutableBytes { try source.read(into: $0) }
      guard let meta = try? JSONParser.parse(String(decoding: header, as: UTF8.self)),
        case .string(let stored)? = meta["fingerprint"], stored == fingerprint,
        case .string(let name)? = meta["name"],
        let settings = resolvedSettings(meta["settings"])
      else { return nil }
      var numeric: Set<String> = []
      if case .array(let items)? = meta["numeric"] {
        for case .string(let n) in items { numeric.insert(n) }
      }
      let index = try IndexCodec.decode(from: &source, settings: settings.index)
      return Catalog(
        name: name, path: catalogPath, settings: settings, given: given, numericAttributes: numeric, index: index)
    } catch {
      return nil
    }
  }

  /// Writes the catalog's index; failures are ignored (the cache is only an optimization).
  public static func save(_ catalog: Catalog, path: String, fingerprint: String) {
    let temporary = path + ".tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    var sink = FileSink(fd: fd)
    let meta = JSONValue.object([
      ("fingerprint", .string(fingerprint)), ("name", .string(catalog.name)),
      ("settings", json(catalog.settings)),
      ("numeric", .array(catalog.numericAttributes.sorted().map { .string($0) })),
    ]).serialized
    do {
      var length = UInt64(meta.utf8.count)
      try withUnsafeBytes(of: &length) { try sink.write($0) }
      try Array(meta.utf8).withUnsafeBytes { try sink.write($0) }
      try IndexCodec.encode(catalog.index, to: &sink)
      try sink.flush()
      fsync(fd)
      close(fd)
      rename(temporary, path)
    } catch {
      close(fd)
      unlink(temporary)
    }
  }

  static func json(_ s: ResolvedSettings) -> JSONValue {
    .object([
      ("searchableAttributes", .array(s.index.searchableAttributes.map { .string($0) })),
      ("titleAttribute", .string(s.index.titleAttribute)),
      ("customRanking", .array(s.index.customRanking.map { .string($0.description) })),
      ("objectID", s.objectIDAttribute.map { .string($0) } ?? .null),
      ("displayAttributes", .array(s.displayAttributes.map { .string($0) })),
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
        customRanking: strings("customRanking").compactMap(CustomRanking.init(parsing:))),
      objectIDAttribute: objectID, displayAttributes: strings("displayAttributes"))
  }
}

enum CacheIOError: Error { case io }

/// Buffered writes to a file descriptor.
struct FileSink: IndexSink {
  let fd: Int32
  private var buffer: [UInt8] = []

  init(fd: Int32) { self.fd = fd }

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    if bytes.count >= 1 << 16 {
      try flush()
      try writeAll(bytes)
    } else {
      buffer.append(contentsOf: bytes)
      if buffer.count >= 1 << 20 { try flush() }
    }
  }

  mutating func flush() throws {
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

/// Reads straight into the destination arrays.
struct FileSource: IndexSource {
  let fd: Int32

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws {
    var offset = 0
    while offset < buffer.count {
      let n = Foundation.read(fd, buffer.baseAddress! + offset, buffer.count - offset)
      guard n > 0 else { throw CacheIOError.io }
      offset += n
    }
  }
}
