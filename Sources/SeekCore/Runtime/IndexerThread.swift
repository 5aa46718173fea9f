import Foundation

/// Indexes streamed records on its own thread, so searching never waits for indexing. Requests
/// that arrive while it works collapse into one.
public final class IndexerThread: @unchecked Sendable {
  private let condition = NSCondition()
  private var pending = false
  private var indexer: StreamingIndexer
  /// Called with the new index (if any), the records and bytes read, whether input ended, and
  /// whether reading stopped at the memory limit.
  private let deliver: (StreamingIndexer.Update?, Int, Int, Bool, Bool) -> Void
  public var reader: StreamingReader?
  /// Called on each batch until it returns true (`--header-lines`: the header is whole, or the
  /// input ended), with whether input ended. Set before the reader starts.
  public var onHeader: ((Bool) -> Bool)?

  public init(catalog: Catalog, deliver: @escaping (StreamingIndexer.Update?, Int, Int, Bool, Bool) -> Void) {
    self.indexer = StreamingIndexer(catalog: catalog)
    self.deliver = deliver
    let thread = Thread { [unowned self] in self.loop() }
    thread.stackSize = 8 << 20
    thread.start()
  }

  public func request() {
    condition.lock()
    pending = true
    condition.signal()
    condition.unlock()
  }

  private func loop() {
    while true {
      condition.lock()
      while !pending { condition.wait() }
      pending = false
      condition.unlock()
      guard let reader else { continue }
      let (table, finished, _, bytesRead) = reader.snapshot()
      if let onHeader, onHeader(finished) { self.onHeader = nil }
      let records = table.count
      // Given up: the final build frees the records once they are its document store.
      let update = indexer.update(with: consume table, finished: finished)
      deliver(update, records, bytesRead, finished, finished && reader.stoppedAtMemoryLimit)
      if finished { return }
    }
  }
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
