import Foundation

/// Indexes streamed records on its own thread, so searching never waits for indexing. Requests
/// that arrive while it works collapse into one.
public final class IndexerThread: @unchecked Sendable {
  private let condition = NSCondition()
  private var pending = false
  private var indexer: StreamingIndexer
  /// Called with the new index (if any), the records and bytes read, whether input ended, and
  /// whether reading stopped at the memory limit. Scanning the tail, a build may hold fewer
  /// records than were read: the final one holds them all.
  private let deliver: (StreamingIndexer.Update?, Int, Int, Bool, Bool) -> Void
  public var reader: StreamingReader?
  /// Called on each batch until it returns true (`--header-lines`: the header is whole, or the
  /// input ended), with whether input ended. Set before the reader starts.
  public var onHeader: ((Bool) -> Bool)?

  /// The searcher scans the lines past the main index (`StreamTail`): only the main index is
  /// built, when the records have doubled or input has ended, and the reader's records are not
  /// shared until then (a snapshot joins the batches read since the last: `BatchedRecords`).
  private let scansTail: Bool

  /// Scanning the tail: called on the reader's thread when a batch was read and none is waiting
  /// to be taken; the searcher then takes what was read with `takeUnindexed` (one delivery for
  /// however many batches a busy searcher let accumulate).
  public var onUnindexed: (() -> Void)?
  /// Scanning the tail: called with the final build's snapshot, every line read, before the build
  /// (the searcher holds it instead of its batches: `StreamTail.holdWhole`).
  public var onWholeInput: ((RecordTable) -> Void)?
  private var unindexedWaiting = false
  /// Scanning the tail, whether a build started while reading would be taken (`BuildPacing`).
  private var pacing = BuildPacing()

  public init(
    catalog: Catalog, scansTail: Bool = false,
    deliver: @escaping (StreamingIndexer.Update?, Int, Int, Bool, Bool) -> Void
  ) {
    self.indexer = StreamingIndexer(catalog: catalog, scansTail: scansTail)
    self.scansTail = scansTail
    self.deliver = deliver
    let thread = Thread { [unowned self] in
      // Scanning the tail, the searches and the reader come first: building the main index is
      // what can wait (the answers do not depend on it), so it takes the cores they leave.
      if scansTail { lowerThisThreadsPriority() }
      self.loop()
    }
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// `onHeader` once it has taken the header, from the reader's thread or the loop's.
  private func offerHeader(finished: Bool) {
    condition.lock()
    defer { condition.unlock() }
    if let onHeader, onHeader(finished) { self.onHeader = nil }
  }

  /// The reader read a batch: its records go to the searcher (scanning the tail), then the
  /// indexer looks at whether to build.
  public func batchRead() {
    // The header goes first: lines handed out after it are never answered without it (a list
    // read whole at once settled `--height ~N` on a header it did not have yet).
    offerHeader(finished: reader?.progress.finished ?? false)
    if scansTail, let onUnindexed {
      condition.lock()
      let waiting = unindexedWaiting
      unindexedWaiting = true
      condition.unlock()
      if !waiting { onUnindexed() }
    }
    request()
  }

  /// The records read and not handed out yet, where they start in the input, the records read in
  /// all, whether input ended and the bytes read (see `StreamingReader.takeUnindexed`).
  public func takeUnindexed() -> (batches: [RecordTable], at: Int, records: Int, finished: Bool, bytesRead: Int)? {
    condition.lock()
    unindexedWaiting = false
    condition.unlock()
    return reader?.takeUnindexed()
  }

  public func request() {
    condition.lock()
    pending = true
    condition.signal()
    condition.unlock()
  }

  private func loop() {
    var looksAgain = false
    while true {
      condition.lock()
      // A build put off for the reading rate is looked at again a window later, even if no
      // batch arrives (a pipe that stalled is then slow enough).
      while !pending {
        guard looksAgain else {
          condition.wait()
          continue
        }
        if !condition.wait(until: Date(timeIntervalSinceNow: BuildPacing.window)) { break }
      }
      pending = false
      condition.unlock()
      guard let reader else { continue }
      let progress = reader.progress
      offerHeader(finished: progress.finished)
      // Scanning the tail, the records are shared (snapshot) only for a build.
      if scansTail {
        pacing.observe(records: progress.records, at: Self.seconds())
        let due = indexer.rebuilds(records: progress.records, finished: progress.finished)
        looksAgain = due && indexer.waitsForThePipe(finished: progress.finished, pacing: pacing)
        if !due || looksAgain { continue }
      }
      let (table, finished, _, bytesRead) = reader.snapshot()
      let records = table.count
      if scansTail && finished, let onWholeInput { onWholeInput(table) }
      // Given up: the final build frees the records once they are its document store.
      let started = Self.seconds()
      let update = indexer.update(with: consume table, finished: finished)
      pacing.built(records: records, seconds: Self.seconds() - started)
      if scansTail {
        // The count on screen follows reading: "finished" is whether the reader has, even for
        // a build of fewer records than were read.
        let (read, readerFinished) = reader.progress
        deliver(update, read, bytesRead, readerFinished, finished && reader.stoppedAtMemoryLimit)
      } else {
        deliver(update, records, bytesRead, finished, finished && reader.stoppedAtMemoryLimit)
      }
      if finished { return }
    }
  }
}

extension IndexerThread {
  fileprivate static func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// A counter read from other threads (which feed is current).
public final class Generation: @unchecked Sendable {
  private let lock = NSLock()
  private var current = 0

  public init() {}

  public var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  public func increment() {
    lock.lock()
    current += 1
    lock.unlock()
  }
}
