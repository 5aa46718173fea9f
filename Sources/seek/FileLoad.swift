import Foundation
import SeekCLI
import SeekCore

/// A catalog file about to be loaded: what `stat` says of it, its settings (the file beside it
/// under the flags), and its index cache — read once, so that `LoadPlan` is decided from them
/// and each way of loading (`cached`, `stream`, `whole`) shares them.
struct FileLoad {
  /// A catalog file as loaded: the catalog, or — large, uncached, in the app — an empty catalog to
  /// fill from `stream`, with the cache to write once it is whole.
  struct Loaded {
    var catalog: Catalog
    var stream: (handle: FileHandle, format: CatalogFormat, bytes: Int)? = nil
    var writeCache: (@Sendable (Catalog) -> Void)? = nil
    /// Writes the index cache of the catalog just indexed (nil when it loaded fast, or from the cache).
    var pendingSave: (@Sendable () -> Void)? = nil
  }

  let path: String
  let kind: LoadFacts.FileKind
  let bytes: Int
  let overrides: CatalogSettings
  /// The settings file beside the catalog under the flags (a FIFO's are the flags alone: its
  /// settings are read by the loader).
  let given: CatalogSettings
  let cachePath: String
  let fingerprint: String?
  let save: @Sendable (Catalog) -> Void

  init(_ path: String, _ options: Options) throws(CatalogError) {
    self.path = path
    (kind, bytes) = Self.inspect(path)
    overrides = options.catalog
    var given = CatalogSettings()
    let settingsPath = CatalogSettings.settingsPath(forCatalog: path)
    if kind != .fifo && kind != .socket && FileManager.default.fileExists(atPath: settingsPath) {
      given = try CatalogSettings.parse(
        String(decoding: try CatalogLoader.readFile(settingsPath), as: UTF8.self), path: settingsPath)
    }
    given = given.overridden(by: options.catalog)
    self.given = given
    let cachePath = IndexCache.path(forStore: SeekCommand.storePath(path, options))
    self.cachePath = cachePath
    // A FIFO is read once, by the loader: a fingerprint (which may hash a recent file's
    // bytes) would take them from it.
    let readable = kind == .regular || kind == .folder || kind == .missing
    let fingerprint = readable ? IndexCache.fingerprint(catalogPath: path, settings: given) : nil
    self.fingerprint = fingerprint
    save = Self.saver(path, given, cachePath, fingerprint, options)
  }

  /// The format a stream of the file is read in.
  var format: CatalogFormat { given.format ?? CatalogFormat.fromExtension(of: path) ?? SeekCommand.sniff(path) }

  /// The index cache, when it matches the file (nil: absent, or refused — said — and rebuilt).
  func cached() -> Loaded? {
    guard let fingerprint else { return nil }
    switch IndexCache.load(path: cachePath, catalogPath: path, fingerprint: fingerprint, given: given) {
    case .loaded(let cached, let matchedByContent, _):
      var loaded = Loaded(catalog: cached)
      // A cache stored while the catalog was recent is stored again by its stat, once.
      if matchedByContent {
        let save = save
        loaded.pendingSave = { save(cached) }
      }
      return loaded
    case .absent: return nil
    case .refused(let why):
      Output.error("seek: note: not using the index cache (\(why)); rebuilding it")
      return nil
    }
  }

  /// An empty catalog to fill from a stream of the file, and the cache to write once it is whole
  /// (nil when the file cannot be opened or its format is not read as a stream).
  func stream() -> Loaded? {
    let format = format
    guard StreamingReader.canStream(format), let handle = FileHandle(forReadingAtPath: path) else { return nil }
    let empty = RecordTable(attributes: format == .lines ? ["text"] : [])
    let catalog = Catalog(
      name: CatalogLoader.catalogName(path), path: path, table: empty, settings: given.resolved(for: empty),
      given: given)
    return Loaded(catalog: catalog, stream: (handle, format, bytes), writeCache: save)
  }

  /// Parsed and indexed whole; the cache written after, when that was slow (or by a builder).
  /// `beforeIndexing` sees the records once parsed, before they are indexed.
  func whole(beforeIndexing: ((PreparedCatalog) -> Void)? = nil) throws(CatalogError) -> Loaded {
    let start = Date()
    let catalog = try CatalogLoader.load(path: path, overrides: overrides, beforeIndexing: beforeIndexing)
    // A builder (CacheBuilder) was started because the file is worth a cache.
    guard Date().timeIntervalSince(start) > SeekCommand.cacheAfterSeconds || CacheBuilder.isBuilder else {
      return Loaded(catalog: catalog)
    }
    let save = save
    return Loaded(catalog: catalog, pendingSave: { save(catalog) })
  }

  /// What `stat` says: the kind of file and its size (0 for anything but a regular file).
  static func inspect(_ path: String) -> (LoadFacts.FileKind, Int) {
    var info = stat()
    guard stat(path, &info) == 0 else { return (.missing, 0) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return (.regular, Int(info.st_size))
    case S_IFDIR: return (.folder, 0)
    case S_IFIFO: return (.fifo, 0)
    case S_IFSOCK: return (.socket, 0)
    default: return (.other, 0)
    }
  }

  /// Writes the index cache of a catalog once it is indexed.
  private static func saver(
    _ path: String, _ settings: CatalogSettings, _ cachePath: String, _ fingerprint: String?,
    _ options: Options
  ) -> @Sendable (Catalog) -> Void {
    let minHits = options.suggestionsMinHits
    let generate = options.suggestionsPath == nil && options.filter == nil
    return { whole in
      // Settled now that indexing is done: a catalog that was recent at the start loses its
      // content hash once it no longer is (see `settled`); one changed meanwhile is not cached.
      guard let fingerprint = fingerprint.flatMap({ IndexCache.settled($0, catalogPath: path, settings: settings) })
      else { return }
      var catalog = whole
      // Generated suggestions go into the cache with the index (the app asks for them).
      if generate { _ = catalog.suggestions(minHits: minHits) }
      try? FileManager.default.createDirectory(
        atPath: (cachePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      // A refused cache (a link, someone else's file) is replaced by the rename, never written through.
      // A builder in the background waits for the disk and notes the cache as checked.
      IndexCache.save(catalog, path: cachePath, fingerprint: fingerprint, noted: CacheBuilder.isBuilder)
    }
  }
}
