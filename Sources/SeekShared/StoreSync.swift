import Foundation
import SeekCore

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
  private let wakePipe = WakePipe()
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
  public func wake() { wakePipe.signal() }

  /// Stops the thread, giving it up to `seconds` to send what is queued (what is left stays in
  /// the local store's outbox, sent by the next sync).
  public func stop(within seconds: Double) {
    lock.lock()
    stopping = true
    lock.unlock()
    wake()
    if started { _ = exited.wait(timeout: .now() + seconds) }
  }

  /// A store statement (a push of 500 entries, a pull) takes milliseconds; one that runs this
  /// long is waiting on something else, and the round fails (said; retried later).
  static let statementMilliseconds = 15_000

  /// One round on the calling thread, for one-shot commands: connect, send everything queued
  /// (unless `sending` is false: a command that only reads writes nothing to the server), apply
  /// what others changed. Returns the state it ended in.
  public func syncOnce(sending: Bool = true) -> State {
    let holder = SyncLock(storePath: storePath)
    guard holder.acquired else { return .delegated }
    do {
      let (shared, local) = try connect()
      try round(shared, local, sending: sending)
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
        let (shared, local) = try connect()
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

  /// The shared list on the server, and the sync's own connection to the local store (which
  /// `SharedItemStore` has marked shared before any sync starts).
  private func connect() throws -> (SharedList, SQLiteItemStore) {
    let connection = try PostgresConnection(address)
    try connection.limitStatements(toMilliseconds: Self.statementMilliseconds)
    return (try SharedList.open(connection, list: list), try SQLiteItemStore(path: storePath))
  }

  /// Rounds until stopped: after each, waits for a notification, a local write or the idle look.
  /// On stop, a last round sends what is queued.
  private func follow(_ shared: SharedList, _ local: SQLiteItemStore) throws {
    while true {
      try round(shared, local)
      if isStopping { return }
      // Which list a notification names does not matter: a pull of this one is cheap.
      _ = try shared.connection.waitForNotifications(milliseconds: Self.idleMilliseconds, wake: wakePipe.descriptor)
      wakePipe.drain()
    }
  }

  /// Sends the outbox in order, then pulls and applies what changed after the last pull (which
  /// `applyRemote` leaves for later while anything local is still unsent).
  private func round(_ shared: SharedList, _ local: SQLiteItemStore, sending: Bool = true) throws {
    while sending {
      let entries = try local.outbox(limit: 500)
      guard let last = entries.last else { break }
      try shared.push(entries, origin: try local.origin())
      try local.removeOutbox(through: last.id)
    }
    let watermark = "pulled \(address.description) \(list)"
    let after = Int64(try local.syncValue(watermark) ?? "0") ?? 0
    let changes = try shared.pull(after: after)
    if changes.through > after { _ = try local.applyRemote(changes, watermark: watermark) }
  }

  private func waitForWake(milliseconds: Int32) {
    wakePipe.wait(milliseconds: milliseconds)
    wakePipe.drain()
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
