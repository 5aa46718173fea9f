import SeekCore

/// How a catalog is loaded, decided from what is known before a byte of it is read: where it
/// comes from (a pipe, a database's rows, a file and what `stat` says of it), the mode (the app,
/// `--filter`, a store command) and what the request needs. `SeekCommand` only carries the
/// decision out; `LoadPlanTests` holds a row for every path.
///
/// Why each path exists:
/// - The app wants results at once: a pipe, and a large file without an index cache, stream into
///   it (lines and JSON Lines; TSV too from a file) and are indexed in batches behind the screen.
/// - `--filter` on lines wants memory for the page, not the input: it matches while reading
///   (`LineStreamFilter`), unless the request needs the whole index (filters, facets, a sort,
///   a store's created items), then it reads whole.
/// - `--filter` on a large records file without a cache answers from a scan of the parsed
///   records before the index — wanted only for the cache — is built; from a file worth a cache,
///   the index is left to a builder in the background (`CacheBuilder`) and the answer is out.
/// - A FIFO (`<(cmd)`) is read once, never cached; a device is refused (`/dev/zero` never ends).
public enum LoadPlan: Equatable, Sendable {
  /// Started by `CacheBuilder` in the background: the index and its cache, nothing printed.
  case buildCache
  /// A builder with nothing to build (a pipe that is no database, a cache already there).
  case nothingToBuild
  /// A database's rows unchanged since its index cache was written: the cache, no row read.
  case databaseCache
  /// Into the app as it is read.
  case streamIntoApp
  /// `--filter` on lines, matched while read; `readWhole` when the stream filter cannot answer.
  case streamFilter
  /// Read whole, then indexed and answered.
  case readWhole
  /// A FIFO or a socket named as the catalog: read once, never cached.
  case readOnce
  /// A device or anything else that is no file nor pipe.
  case refuse
  /// A file: its index cache when it matches the file, else the cold path.
  case cacheElse(Cold)

  /// A file without a usable index cache.
  public enum Cold: Equatable, Sendable {
    /// Large, in the app: streamed into it, the cache written once it is whole.
    case streamIntoApp
    /// Large lines, `--filter`: matched while read, no cache (and whole if the stream filter
    /// cannot answer).
    case streamFilter
    /// Large records, `--filter`: answered from a scan of the parsed records; the index after,
    /// in a builder in the background when the file is worth a cache (`detaches`).
    case scanFirst(detaches: Bool)
    /// Parsed and indexed whole; the cache written when that was slow.
    case loadWhole
  }
}

/// What `LoadPlan` is decided from: facts gathered by `SeekCommand` (`stat`, the environment,
/// whether a store file exists) and by `Plan` (lines or records, the mode, streaming).
public struct LoadFacts: Equatable, Sendable {
  public enum Input: Equatable, Sendable {
    /// Standard input, bare `seek`'s file list, or a shaped file of lines read as a pipe.
    case pipe(CatalogFormat)
    /// A PostgreSQL catalog's rows, streamed as JSON Lines; `cached`: its index cache matches them.
    case database(cached: Bool)
    /// A named file: what `stat` says, its size, and its format when it is large enough for the
    /// format to matter (nil otherwise: finding it may read the file).
    case file(FileKind, bytes: Int, format: CatalogFormat?)
  }

  public enum FileKind: Equatable, Sendable { case regular, folder, fifo, socket, other, missing }
  public enum Mode: Equatable, Sendable { case interactive, filter, store }

  public var input: Input
  public var mode: Mode
  /// Lines, not records (`Plan.lines`).
  public var lines: Bool
  /// Run by `CacheBuilder` (`SEEK_BUILDS_INDEX_CACHE=1`).
  public var isBuilder = false
  /// `Plan.streamsIntoTheApp`: no `--select-1`, `--exit-0` nor `--sync`.
  public var streamsIntoTheApp = true
  /// `Plan.streamsFiles`: a large uncached file may be streamed.
  public var streamsFiles = true
  /// Above this many bytes a file is large (`SEEK_STREAM_FILES_ABOVE`, 16 MB).
  public var streamAbove = 16 << 20
  /// Above this many bytes a file is worth a cache built in the background (`CacheBuilder`, `SEEK_BACKGROUND_CACHE_ABOVE`).
  public var cacheBuilderAbove = 16 << 20
  /// The request needs the whole index: `--filters`, `--facets` or `--sort`.
  public var needsIndex = false
  /// A store file exists for the catalog (its created items belong in an answer) and
  /// `--no-store` does not set it aside.
  public var storeHoldsItems = false

  public init(input: Input, mode: Mode, lines: Bool) {
    self.input = input
    self.mode = mode
    self.lines = lines
  }
}

extension LoadPlan {
  public init(_ facts: LoadFacts) {
    switch facts.input {
    case .pipe(let format): self = Self.pipe(format, facts)
    case .database(let cached):
      if facts.isBuilder {
        self = cached ? .nothingToBuild : .buildCache
      } else {
        self = cached ? .databaseCache : Self.pipe(.jsonLines, facts)
      }
    case .file(let kind, let bytes, let format):
      switch kind {
      case _ where facts.isBuilder: self = .buildCache
      case .fifo, .socket: self = .readOnce
      case .other: self = .refuse
      case .regular, .folder, .missing: self = .cacheElse(Self.cold(bytes: bytes, format: format, facts))
      }
    }
  }

  private static func pipe(_ format: CatalogFormat, _ facts: LoadFacts) -> LoadPlan {
    if facts.isBuilder { return .nothingToBuild }
    let streams = format == .lines || format == .jsonLines
    if facts.mode == .interactive && facts.streamsIntoTheApp && streams { return .streamIntoApp }
    if facts.mode == .filter && format == .lines { return .streamFilter }
    return .readWhole
  }

  private static func cold(bytes: Int, format: CatalogFormat?, _ facts: LoadFacts) -> Cold {
    let large = bytes > facts.streamAbove
    if facts.streamsFiles && large, let format, StreamingReader.canStream(format) {
      switch facts.mode {
      case .interactive: return .streamIntoApp
      case .filter: return format == .lines ? .streamFilter : .loadWhole
      case .store: break
      }
    }
    if facts.mode == .filter && !facts.lines && large && !facts.needsIndex && !facts.storeHoldsItems {
      return .scanFirst(detaches: bytes > facts.cacheBuilderAbove)
    }
    return .loadWhole
  }
}
