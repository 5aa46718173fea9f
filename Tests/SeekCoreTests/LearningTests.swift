import Foundation
import SearchEngine
import SeekApp
import Testing

@testable import SeekCore

/// Learning from picks: the pick log's frecency and relations, the store keeping it, the state
/// machine recording picks, and the service ranking with them.
@Suite struct LearningTests {
  let hour = 3_600.0
  let day = 86_400.0

  @Test func frecencyIsZoxides() {
    let pick = Pick(objectID: "a", query: "q", rank: 2, last: 0)
    #expect(PickLog.frecency(pick, now: 10) == 8)  // within the hour ×4
    #expect(PickLog.frecency(pick, now: 2 * hour) == 4)  // within the day ×2
    #expect(PickLog.frecency(pick, now: 2 * day) == 1)  // within the week ÷2
    #expect(PickLog.frecency(pick, now: 30 * day) == 0.5)  // older ÷4
    #expect(PickLog.level(0.125) == 1 && PickLog.level(4) == 6 && PickLog.level(1e9) == RankingRule.maxLearned)
  }

  @Test func whichPicksCountForAQuery() {
    var log = PickLog()
    log.record(objectID: "requests", query: "Req", time: 0)
    log.record(objectID: "hdmi-cable", query: "hdmi cable", time: 0)
    log.record(objectID: "other", query: "zebra", time: 0)
    // The same query (folded), and a query it begins.
    #expect(log.learned(for: "req", now: 1).keys.sorted() == ["requests"])
    #expect(log.learned(for: "re", now: 1).keys.sorted() == ["requests"])
    #expect(log.learned(for: "reqs", now: 1).isEmpty)
    // Sharing the first word: half as much.
    let shared = log.learned(for: "hdmi adapter", now: 1)
    let same = log.learned(for: "hdmi cable", now: 1)
    #expect(shared["hdmi-cable"]!.level == same["hdmi-cable"]!.level - 1)
    // The empty query: every pick, its reason said.
    #expect(log.learned(for: "", now: 1).count == 3)
    #expect(
      log.learned(for: "req", now: 2 * hour)["requests"]!.reason.description == "picked once for “Req”, last 2 h ago")
  }

  /// A lookup is kept until a pick changes the log or a pick's frecency bucket turns; a kept
  /// answer's reasons age with the clock, and a copy of the log never sees another's answers.
  @Test func lookupsAreKeptWhileTheyHold() {
    var log = PickLog()
    log.record(objectID: "requests", query: "req", time: 0)
    let first = log.learned(for: "re", now: 60)
    #expect(first["requests"]!.level == 6)
    #expect(log.learned(for: "re", now: 120)["requests"]!.reason.age == 120)  // kept, aged
    #expect(log.learned(for: "re", now: 2 * hour)["requests"]!.level == 5)  // the hour turned
    let before = log
    log.record(objectID: "reqs", query: "re", time: 2 * hour)
    #expect(log.learned(for: "re", now: 2 * hour).keys.sorted() == ["reqs", "requests"])  // a new pick
    #expect(before.learned(for: "re", now: 2 * hour).keys.sorted() == ["requests"])  // the copy's own
  }

  @Test func picksAgeSoTheLogStaysSmall() {
    var log = PickLog()
    for _ in 0..<3 { log.record(objectID: "kept", query: "q", time: 0) }
    for i in 0..<Int(PickLog.maxTotalRank) - 3 { log.record(objectID: "id\(i)", query: "q\(i)", time: 0) }
    #expect(log.count == Int(PickLog.maxTotalRank) - 2)
    log.record(objectID: "last", query: "z", time: 0)
    // Past the total, every rank was scaled to 90% of it and the picks under 1 forgotten.
    #expect(log.all.map(\.objectID) == ["kept"])
    #expect(log.all.reduce(0) { $0 + $1.rank } <= PickLog.maxTotalRank)
  }

  @Test func theStoreKeepsPicksAndForgetsThem() throws {
    let path = temporaryDirectory() + "/store.sqlite"
    let store = try SQLiteItemStore(path: path)
    try store.recordPick(objectID: "a", query: "Req", time: 10)
    try store.recordPick(objectID: "a", query: "req ", time: 20)  // the same query, folded
    try store.recordPick(objectID: "b", query: "x", time: 30)
    let reopened = try SQLiteItemStore(path: path)
    #expect(
      try reopened.picks() == [
        Pick(objectID: "a", query: "req ", rank: 2, last: 20), Pick(objectID: "b", query: "x", rank: 1, last: 30),
      ])
    #expect(try reopened.forgetPicks() == 2)
    #expect(try reopened.picks().isEmpty)
  }

  /// A store made before picks existed (schema 1) gains the table and keeps what it held.
  @Test func aFirstSchemaStoreIsMigrated() throws {
    let path = temporaryDirectory() + "/old.sqlite"
    let database = try SQLiteDatabase(path: path)
    try database.execute(SQLiteItemStore.migrations[0])
    try database.execute("PRAGMA application_id = \(SQLiteItemStore.applicationID)")
    try database.execute("PRAGMA user_version = 1")
    try database.execute("INSERT INTO checks VALUES ('a', 'A', 1, 0)")
    let store = try SQLiteItemStore(path: path)
    #expect(try store.checkedItems().map(\.objectID) == ["a"])
    try store.recordPick(objectID: "a", query: "q", time: 1)
    #expect(try store.picks().count == 1)
  }

  func harness(learns: Bool) throws -> Harness {
    var picking = Picking.defaults(lines: true)
    picking.marks = true
    picking.learns = learns
    let harness = try Harness(catalog: catalog(["req", "requests", "reqwest"]), picking: picking)
    harness.service.learning = learns
    return harness
  }

  /// The row selected now, as the state machine sees it.
  func selectedID(_ h: Harness) -> String { h.state.list.results.rows[h.state.list.selection].objectID! }

  @Test func acceptAndCheckRecordPicksWithTheQuery() throws {
    let h = try harness(learns: true)
    h.type("req")
    h.send(.move(.movedDown))
    h.send(.move(.movedDown))
    let checked = selectedID(h)
    h.send(.key(.toggled))
    #expect(h.effects.contains(.recordPick(objectID: checked, query: "req")))
    h.send(.move(.movedUp))
    let accepted = selectedID(h)
    h.send(.key(.enterPressed))
    #expect(accepted != checked && h.state.marks.pendingAccept == accepted)
    // What is printed is the check, not the row the cursor was on: only what was printed (or
    // checked) is picked (the row under the cursor once rose from being passed over).
    #expect(h.effects.contains(.accept(objectIDs: [checked])))
    #expect(!h.effects.contains(.recordPick(objectID: accepted, query: "req")))
    #expect(try Set(h.writer.store.picks().map(\.objectID)) == [checked])
  }

  @Test func theRowAcceptedAloneIsPicked() throws {
    let h = try harness(learns: true)
    h.type("req")
    h.send(.move(.movedDown))
    let accepted = selectedID(h)
    h.send(.key(.enterPressed))
    #expect(h.effects.contains(.accept(objectIDs: [accepted])))
    #expect(h.effects.contains(.recordPick(objectID: accepted, query: "req")))
    #expect(try Set(h.writer.store.picks().map(\.objectID)) == [accepted])
  }

  @Test func nothingIsRecordedWithoutLearning() throws {
    let h = try harness(learns: false)
    h.type("req")
    h.send(.move(.movedDown))
    h.send(.key(.toggled))
    h.send(.key(.enterPressed))
    #expect(!h.effects.contains { if case .recordPick = $0 { return true } else { return false } })
    #expect(try h.writer.store.picks().isEmpty)
  }

  /// Picked for "req", the item leads "re" next time, its reason in its ranking details.
  @Test func aPickedItemLeadsTheNextSearch() throws {
    let h = try harness(learns: true)
    h.type("req")
    #expect(h.titles.first == "req")
    while h.titles[h.state.list.selection] != "reqwest" || h.state.focus != .results { h.send(.move(.movedDown)) }
    h.send(.key(.toggled))
    h.send(.query(.cleared))
    h.type("re")
    #expect(h.titles.first == "reqwest")
    #expect(h.state.list.results.reorderedByLearning)
    guard case .item(let hit)? = h.state.list.results.rows.first else {
      Issue.record("no hit")
      return
    }
    #expect(hit.ranking?.pick?.query == "req" && hit.ranking?.match.learned ?? 0 > 0)
  }
}
