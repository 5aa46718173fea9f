import Foundation
import SeekCore
import SeekShared

/// How long a check made on one machine takes to reach another's local store through a shared
/// PostgreSQL store: two `SharedItemStore`s (each its own local SQLite file and sync thread, as
/// two Seek processes have), one list; each check is timed from the moment the write returns on
/// the first to the moment the second's local store holds it (the app shows it at its next look,
/// at most `SearchState.storeRefreshMilliseconds` later). Run by Scripts/sync-latency.sh.
enum SyncLatency {
  static func run(address: PostgresAddress, checks: Int, work: String) throws {
    let list = "bench-\(getpid())"
    let sender = try SharedItemStore(path: work + "/a.sqlite", address: address, list: list)
    let receiver = try SharedItemStore(path: work + "/b.sqlite", address: address, list: list)
    let watcher = try SQLiteItemStore(path: work + "/b.sqlite")
    guard waitUntil(seconds: 10, { sender.sync.state == .online && receiver.sync.state == .online }) else {
      log("  shared store not reached: \(sender.sync.state)")
      return
    }
    var samples = Samples()
    var lost = 0
    for i in 0..<checks {
      let id = "item-\(i)"
      try sender.setChecked(objectID: id, title: "Item \(i)", checked: true)
      let start = Measure.now()
      var token = try watcher.externalChangeToken()
      let arrived = waitUntil(seconds: 5) {
        let now = try? watcher.externalChangeToken()
        guard now != token else { return false }
        token = now
        return (try? watcher.checkedItems().last?.objectID) == id
      }
      if arrived { samples.add(Double(Measure.now() - start) / 1e9) } else { lost += 1 }
    }
    log(
      "  \(checks) checks, A → B's local store: \(samples.summary().replacingOccurrences(of: "keystrokes", with: "checks"))\(lost > 0 ? ", \(lost) not arrived within 5 s" : "")"
    )
    _ = sender.close(within: 5)
    _ = receiver.close(within: 5)
  }

  /// Polls `condition` every 0.1 ms for at most `seconds`.
  private static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Measure.now() + UInt64(seconds * 1e9)
    while Measure.now() < deadline {
      if condition() { return true }
      usleep(100)
    }
    return false
  }
}
