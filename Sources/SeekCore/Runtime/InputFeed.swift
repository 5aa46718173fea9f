import Foundation
import SeekApp

/// The app's input, from the core: records streamed from a pipe or a file into the search lane's
/// catalog (reader thread → batches → indexer thread → new indexes → search lane →
/// `.catalogChanged`), fzf's `reload` and `reload-sync` (the list replaced by a command's
/// output), a source read again when it changed, and the page size the screen asks for. The
/// terminal only says when: at start, on a bound reload, on a resize.
public final class InputFeed {
  /// What the input is and what becomes of it.
  public struct Source {
    /// The input's size when it is a file (for the progress shown).
    public var inputBytes: Int? = nil
    /// Called on the indexer's thread with the whole catalog once the input is indexed (the
    /// index cache is written from it).
    public var onInputIndexed: (@Sendable (Catalog) -> Void)? = nil
    /// Once the input has ended: why it may be incomplete (fzf's `[Command failed: CMD]`).
    public var inputFailure: (@Sendable () -> String?)? = nil
    /// What ends a line (`--read0`: NUL), the header's lines (`--header-lines`), what a line
    /// becomes (`--ansi`, `--nth`, `--with-nth`).
    public var delimiter: UInt8 = 0x0A
    /// What ends an item of the input given at start, when it is not `delimiter` (Seek's own
    /// walk of the files: NUL; a reload's lines end as asked).
    public var inputDelimiter: UInt8? = nil
    public var headerLines = 0
    public var lineShape = LineShape()

    public init() {}
  }

  private let runtime: EffectRuntime
  /// The catalog the app opened with: a reload's list is a new catalog of its name and settings.
  private let initial: Catalog
  private var source: Source
  /// The reader of the current feed: its header's lines as read (`reshape`).
  private var reader: StreamingReader? = nil
  /// Which feed's deliveries count (0: the input; each reload, the next).
  private let generations = Generation()
  /// The command of the last reload, ended when the next starts and when the app leaves.
  private var reloadChild: ChildProcess? = nil
  private let syncedReload = SyncedReload()

  public init(runtime: EffectRuntime, catalog: Catalog, source: Source) {
    self.runtime = runtime
    self.initial = catalog
    self.source = source
  }

  /// The input given at start streamed into the catalog the app opened with.
  public func start(_ handle: FileHandle, format: CatalogFormat) {
    feed(handle, format: format, into: initial, generation: 0, readsHeader: true)
  }

  /// A source that changed (a PostgreSQL table) read again, in its own format.
  public func reopen(_ handle: FileHandle, format: CatalogFormat) {
    generations.increment()
    replaceFeed(with: handle, format: format, attributes: [], readsHeader: false)
  }

  /// A `reload-sync`'s whole output, once it has come: the list replaced by it (unless a newer
  /// reload started since). Called by the run loop when it wakes.
  public func takeSyncedReload() {
    guard let (generation, bytes) = syncedReload.take(), generation == generations.value,
      let handle = SyncedReload.handle(giving: bytes)
    else { return }
    replaceFeed(with: handle, format: .lines, attributes: source.lineShape.attributes, readsHeader: true)
  }

  /// The app leaves: the last reload's command is ended.
  public func end() {
    reloadChild?.terminate()
    reloadChild = nil
  }

  /// Streams records from `handle` into the search lane's catalog: reader thread → (batches) →
  /// indexer thread → (new indexes) → search lane → `.catalogChanged`. What a feed delivers after
  /// a newer one started (`reload`) is dropped.
  private func feed(
    _ handle: FileHandle, format: CatalogFormat, into catalog: Catalog, generation: Int, readsHeader: Bool
  ) {
    let total = source.inputBytes
    let onIndexed = source.onInputIndexed
    let inputFailure = generation == 0 ? source.inputFailure : nil
    let current = generations
    // Plain lines are answered by a scan past the main index (no tail index built per batch).
    // Not yet for `reload`'s lists: after a burst of reloads, an accepted line was not found
    // (in some runs; the cause is not known).
    let scansTail =
      generation == 0 && format == .lines && source.lineShape.isPlain
      && CatalogSearcher.scansUnindexedLines(catalog.settings)
    // Scanning the tail, what the search lane has been handed decides the count's state: an index
    // may land before the last lines read reach the lane.
    let handed = HandedLines()
    let indexer = IndexerThread(catalog: catalog, scansTail: scansTail) {
      [runtime] update, records, bytes, finished, limited in
      let percent = total.map { $0 > 0 ? min(99, bytes * 100 / $0) : 0 }
      runtime.runOnSearchLane { service in
        guard current.value == generation else { return nil }
        let searched = service.searcher.contentGeneration
        if case .rebuilt(let built)? = update, scansTail, built.index.count < records,
          !service.searcher.takesMain(of: built.index.count)
        {
          return nil
        }
        if let update { service.apply(.streamed(update)) }
        if scansTail {
          // An index of lines the scan answered already changes no answer: the screen stays as
          // it is (searched again, it would differ only in the time taken).
          if service.searcher.contentGeneration == searched { return nil }
          return .app(.catalogChanged(records: handed.records, finished: handed.finished, percent: percent))
        }
        return .app(.catalogChanged(records: records, finished: finished, percent: percent))
      }
      guard current.value == generation else { return }
      // The build that holds every record read (scanning the tail, earlier ones may not).
      if case .rebuilt(let built)? = update, built.index.count < records { return }
      if limited {
        let megabytes = ProcessMemory.inputLimitBytes() >> 20
        runtime.runOnSearchLane { _ in
          .app(
            .failed(
              "input not read past \(records.groupedDigits) records: the memory limit (\(megabytes) MB, SEEK_MEMORY_LIMIT_MB) was reached"
            ))
        }
      }
      if finished, let failure = inputFailure?() { runtime.runOnSearchLane { _ in .app(.failed(failure)) } }
      if finished, generation == 0, case .rebuilt(let catalog)? = update { onIndexed?(catalog) }
    }
    let reader = StreamingReader(
      format: format, delimiter: generation == 0 ? source.inputDelimiter ?? source.delimiter : source.delimiter,
      headerLines: readsHeader ? source.headerLines : 0,
      shape: source.lineShape
    ) { [indexer] in indexer.batchRead() }
    if scansTail { handTail(of: indexer, reader: reader, generation: generation, handed: handed) }
    if source.headerLines > 0 && readsHeader { handHeader(of: reader, indexer: indexer, generation: generation) }
    indexer.reader = reader
    self.reader = reader
    reader.start(reading: handle)
  }

  /// Plain lines past the main index, handed to the search lane batch by batch as they are read
  /// (it scans them), and the whole input once read.
  private func handTail(
    of indexer: IndexerThread, reader: StreamingReader, generation: Int, handed: HandedLines
  ) {
    let total = source.inputBytes
    let current = generations
    reader.keepsUnindexed = true
    indexer.onUnindexed = { [runtime, weak indexer] in
      guard let indexer else { return }
      runtime.runOnSearchLane { [weak indexer] service in
        guard current.value == generation, let taken = indexer?.takeUnindexed() else { return nil }
        var position = taken.at
        for rows in taken.batches {
          service.apply(.streamed(.unindexed(rows, at: position)))
          position += rows.count
        }
        handed.records = taken.records
        handed.finished = taken.finished
        let percent = total.map { $0 > 0 ? min(99, taken.bytesRead * 100 / $0) : 0 }
        return .app(.catalogChanged(records: taken.records, finished: taken.finished, percent: percent))
      }
    }
    indexer.onWholeInput = { [runtime] rows in
      runtime.runOnSearchLane { service in
        guard current.value == generation else { return nil }
        service.apply(.streamed(.wholeInput(rows)))
        return nil
      }
    }
  }

  /// The header is handed to the state machine once it is whole (or the input ended); a reload's
  /// list has its own (fzf's `kubectl get pods` reloaded under its column names).
  private func handHeader(of reader: StreamingReader, indexer: IndexerThread, generation: Int) {
    let wanted = source.headerLines
    let current = generations
    indexer.onHeader = { [runtime, weak reader] finished in
      guard let reader, case let lines = reader.headerRead, lines.count == wanted || finished else { return false }
      runtime.runOnSearchLane { _ in current.value == generation ? .app(.headerRead(lines)) : nil }
      return true
    }
  }

  /// fzf's `reload`: the list replaced by the command's output, streamed as piped input is. The
  /// command running for an earlier reload is ended first (latest wins, as searches).
  /// `sync` (`reload-sync`): the list before stays until the output has all come (`SyncedReload`).
  /// Why the command could not be started, if it could not.
  public func reload(_ command: String, sync: Bool, variables: [String: String]) -> String? {
    generations.increment()
    reloadChild?.terminate()
    reloadChild = nil
    let child: ChildProcess
    do { child = try ChildProcess(command: command, captureErrors: false, variables: variables) } catch {
      return "\(error)"
    }
    reloadChild = child
    if sync {
      // A tick of no time wakes the run loop, which takes the output (`takeSyncedReload`).
      syncedReload.collect(child.output, generation: generations.value) { [runtime] in
        runtime.runOnSearchLane { _ in .app(.tick(milliseconds: 0)) }
      }
      return nil
    }
    replaceFeed(
      with: FileHandle(fileDescriptor: child.output, closeOnDealloc: false), format: .lines,
      attributes: source.lineShape.attributes, readsHeader: true)
    return nil
  }

  /// The list emptied and fed again from `handle`, as the feed of the current generation (the
  /// caller has started a new one: what the older feed still delivers is dropped).
  private func replaceFeed(with handle: FileHandle, format: CatalogFormat, attributes: [String], readsHeader: Bool) {
    let given = initial.given
    let empty = RecordTable(attributes: attributes)
    let catalog = Catalog(
      name: initial.name, path: initial.path, table: empty, settings: given.resolved(for: empty), given: given)
    let generation = generations.value
    let current = generations
    runtime.runOnSearchLane { service in
      guard current.value == generation else { return nil }
      service.apply(.restarted(catalog))
      return .app(.catalogChanged(records: 0, finished: false, percent: nil))
    }
    feed(handle, format: format, into: catalog, generation: generation, readsHeader: readsHeader)
  }

  /// fzf's `change-nth`, `change-with-nth`, `change-header-lines`: the lines read so far (the
  /// header's first) read again in the new shape, the list replaced as a reload's is. The items
  /// keep their ids (a shaped line is known by the line as read). Called once the input has been
  /// read whole (the state machine waits for it). Why it cannot be done, if it cannot.
  public func reshape(_ change: LineFieldsChange) -> String? {
    guard let shape = source.lineShape.reshaped(nth: change.nth, withNth: change.withNth) else {
      return "invalid fields: --nth '\(change.nth)', --with-nth '\(change.withNth)'"
    }
    let header = reader?.headerReadAsRead ?? []
    guard
      let lines = runtime.answerOnSearchLane({ service in
        service.searcher.valuesInInputOrder(of: LineShape.lineAttribute)
      })
    else { return nil }  // leaving
    var bytes: [UInt8] = []
    for line in [header, lines].joined() {
      bytes += line.utf8
      bytes.append(source.delimiter)
    }
    guard let handle = SyncedReload.handle(giving: bytes) else { return "cannot read the lines again" }
    source.lineShape = shape
    source.headerLines = change.headerLines
    generations.increment()
    let generation = generations.value
    let current = generations
    runtime.runOnSearchLane { service in
      service.lineShape = shape
      service.matching.matchesWithinParts = shape.nth.count > 1
      // No header lines now: the header read before goes (with some, the feed hands them).
      return current.value == generation && change.headerLines == 0 ? .app(.headerRead([])) : nil
    }
    replaceFeed(with: handle, format: .lines, attributes: shape.attributes, readsHeader: true)
    return nil
  }

  /// Pages as tall as the screen (never smaller than asked): a first page shorter than the list
  /// would be painted with its lower rows blank, then again whole once the next page came (a
  /// frame showing less than the one before). Set on the search lane, before the searches after.
  public func growFirstPage(to rows: Int) {
    runtime.runOnSearchLane { service in
      service.hitsPerPage = min(max(service.hitsPerPage, rows), 1_000)
      return nil
    }
  }
}

/// The lines of a feed handed to the search lane so far, and whether they are all of them: read
/// and written on the search lane only.
private final class HandedLines: @unchecked Sendable {
  var records = 0
  var finished = false
}
