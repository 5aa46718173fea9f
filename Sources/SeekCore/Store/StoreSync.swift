import Foundation

/// Keeps a local store and a shared list in PostgreSQL in step, on its own thread: local writes
/// go up in order (the outbox), others' changes come down when the server notifies, and a
/// reconnect replays what was missed (a pull starts after the last change applied). The app never
/// waits for it: it reads and writes the local store, and sees pulled changes as another
/// process's writes.
///
/// One process syncs a local store at a time (an `flock` beside it); another Seek on the same
/// store queues its writes in the same outbox, which the holder sends.
public final class StoreSync: @unchecked Sendable {
  public enum State: Equatable, Sendable {
    case connecting
    case online
    /// The server cannot be reached or refused a write; writes stay queued and are sent later.
    case offline(String)
    /// Another Seek syncs this local store.
    case delegated
  }

  public let address: PostgresAddress
  public let list: String
  private let storePath: String
  private let lock = NSLock()
  private var current = State.connecting
  private var stopping = false
  private var finished = false
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let exited = DispatchSemaphore(value: 0)
  private var started = false

  /// How long the loop sleeps between looks at the outbox when nothing wakes it (writes by another
  /// process on the same local store wake nothing), and the longest wait before reconnecting.
  static let idleMilliseconds: Int32 = 250
  static let longestRetryMilliseconds = 2_000

  public init(address: PostgresAddress, list: String, storePath: String) {
    self.address = address
    self.list = list
    self.storePath = storePath
    var fds: [Int32] = [0, 0]
    if pipe(&fds) == 0 {
      _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
      _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
      _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    }
    wakeRead = fds[0]
    wakeWrite = fds[1]
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  public var state: State {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  private func set(_ state: State) {
    lock.lock()
    current = state
    lock.unlock()
  }

  private var isStopping: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopping
  }

  /// Starts the sync thread.
  public func start() {
    started = true
    let thread = Thread { [self] in
      run()
      exited.signal()
    }
    thread.start()
  }

  /// A local write was made: send it now rather than at the next look.
  public func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Stops the thread, giving it up to `seconds` to send what is queued; returns how many writes
  /// are still queued (kept in the local store, sent by the next sync).
  @discardableResult
  public func stop(within seconds: Double) -> Int {
    lock.lock()
    stopping = true
    lock.unlock()
    wake()
    if started { _ = exited.wait(timeout: .now() + seconds) }
    return pending()
  }

  /// Writes queued locally, not yet on the server.
  public func pending() -> Int {
    (try? SQLiteItemStore(path: storePath))?.outboxCount ?? 0
  }

  /// One round on the calling thread, for one-shot commands: connect, send everything queued,
  /// apply what others changed. Returns the state it ended in.
  public func syncOnce() -> State {
    let holder = SyncLock(storePath: storePath)
    guard holder.acquired else { return .delegated }
    do {
      let local = try SQLiteItemStore(path: storePath)
      try local.markShared()
      let shared = try SharedList.open(PostgresConnection(address), list: list)
      try round(shared, local)
      return .online
    } catch {
      return .offline(Self.describe(error))
    }
  }

  private func run() {
    var retry = 250
    while !isStopping {
      let holder = SyncLock(storePath: storePath)
      guard holder.acquired else {
        set(.delegated)
        waitForWake(milliseconds: Int32(Self.longestRetryMilliseconds))
        continue
      }
      do {
        let local = try SQLiteItemStore(path: storePath)
        try local.markShared()
        let shared = try SharedList.open(PostgresConnection(address), list: list)
        set(.online)
        retry = 250
        try follow(shared, local)
        return
      } catch {
        set(.offline(Self.describe(error)))
        if isStopping { return }
        waitForWake(milliseconds: Int32(retry))
        retry = min(retry * 2, Self.longestRetryMilliseconds)
      }
    }
  }

  /// Rounds until stopped: after each, waits for a notification, a local write or the idle look.
  /// On stop, a last round sends what is queued.
  private func follow(_ shared: SharedList, _ local: SQLiteItemStore) throws {
    while true {
      try round(shared, local)
      if isStopping { return }
      let notified = try shared.connection.waitForNotifications(milliseconds: Self.idleMilliseconds, wake: wakeRead)
      _ = notified
      drainWakes()
    }
  }

  /// Sends the outbox in order, then pulls and applies what changed after the last pull.
  private func round(_ shared: SharedList, _ local: SQLiteItemStore) throws {
    while true {
      let entries = try local.outbox(limit: 500)
      guard let last = entries.last else { break }
      try shared.push(entries)
      try local.removeOutbox(through: last.id)
    }
    let watermark = "pulled \(address.description) \(list)"
    let after = Int64(try local.syncValue(watermark) ?? "0") ?? 0
    let changes = try shared.pull(after: after)
    if changes.through > after { _ = try local.applyRemote(changes, watermark: watermark) }
  }

  private func waitForWake(milliseconds: Int32) {
    var fd = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
    _ = poll(&fd, 1, milliseconds)
    drainWakes()
  }

  private func drainWakes() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(wakeRead, &buffer, buffer.count) > 0 {}
  }

  static func describe(_ error: Error) -> String {
    switch error {
    case let error as PostgresError: error.connectionLost ? error.message : "the server refused: " + error.message
    default: "\(error)"
    }
  }
}

/// Whether this process is the one syncing a local store: an `flock` on a file beside it, let go
/// when the value ends (or the process does).
struct SyncLock: ~Copyable {
  private let fd: Int32
  let acquired: Bool

  init(storePath: String) {
    fd = open(storePath + ".sync-lock", O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
    acquired = fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0
  }

  deinit { if fd >= 0 { close(fd) } }
}
