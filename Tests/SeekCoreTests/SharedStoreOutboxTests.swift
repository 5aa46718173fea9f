import Foundation
import SeekApp
import Testing

@testable import SeekCore

/// The local half of a shared store on a real SQLite file: the outbox, and applying pulled
/// changes. The server half runs against a real PostgreSQL in the end-to-end tests
/// (`Tests/e2e/test_shared.sh`); the address rules are `SeekSharedTests`.
@Suite struct SharedStoreOutboxTests {
  @Test func aStoreQueuesWritesOnlyOnceShared() throws {
    let store = try SQLiteItemStore(path: temporaryDirectory() + "/store.sqlite", clock: { 100 })
    try store.setChecked(objectID: "a", title: "A", checked: true)
    #expect(try store.outbox(limit: 10).isEmpty)
    try store.markShared()
    // What was there before sharing is queued once, so that it reaches the other machines.
    #expect(try store.outbox(limit: 10).map(\.operation) == [.check])
    try store.markShared()
    #expect(try store.outbox(limit: 10).count == 1)
    _ = try store.createItem(title: "Crème")
    try store.recordPick(objectID: "a", query: "a", time: 5)
    _ = try store.uncheckAll()
    let queued = try store.outbox(limit: 10)
    #expect(queued.map(\.operation) == [.check, .create, .pick, .uncheckAll])
    #expect(queued[1].title == "Crème" && queued[2].amount == 1 && queued[2].time == 5)
  }

  @Test func aStoreOnceSharedKeepsQueuingWhenOpenedWithoutTheServer() throws {
    let path = temporaryDirectory() + "/store.sqlite"
    try SQLiteItemStore(path: path).markShared()
    let reopened = try SQLiteItemStore(path: path)
    try reopened.setChecked(objectID: "a", title: "A", checked: true)
    #expect(try reopened.outbox(limit: 10).map(\.objectID) == ["a"])
  }

  @Test func pulledChangesWaitUntilLocalWritesAreSent() throws {
    let store = try SQLiteItemStore(path: temporaryDirectory() + "/store.sqlite")
    try store.markShared()
    try store.setChecked(objectID: "a", title: "A", checked: true)
    var changes = RemoteChanges(through: 7)
    changes.checks = [.init(objectID: "a", title: "A", checked: false, changed: 1)]
    // The local check is newer than anything pulled: it is not overwritten before it is sent.
    #expect(try store.applyRemote(changes, watermark: "w") == false)
    #expect(try store.checkedItems().map(\.objectID) == ["a"])
    #expect(try store.syncValue("w") == nil)
    try store.removeOutbox(through: try store.outbox(limit: 10).last!.id)
    #expect(try store.applyRemote(changes, watermark: "w"))
    #expect(try store.checkedItems().isEmpty)
    #expect(try store.syncValue("w") == "7")
    // Applying pulled changes queues nothing: they came from the server.
    #expect(try store.outbox(limit: 10).isEmpty)
  }

  @Test func aDeletionPulledRemovesTheItemAndItsCheck() throws {
    let store = try SQLiteItemStore(path: temporaryDirectory() + "/store.sqlite")
    var changes = RemoteChanges(through: 2)
    let id = CreatedItem.objectID(forTitle: "Bread")
    changes.created = [.init(objectID: id, title: "Bread", created: 1, deleted: false)]
    changes.checks = [.init(objectID: id, title: "Bread", checked: true, changed: 1)]
    changes.picks = [Pick(objectID: id, query: "br", rank: 3, last: 1)]
    #expect(try store.applyRemote(changes, watermark: "w"))
    #expect(try store.createdItems().map(\.title) == ["Bread"])
    #expect(try store.picks().map(\.rank) == [3])
    changes = RemoteChanges(through: 3)
    changes.created = [.init(objectID: id, title: "Bread", created: 1, deleted: true)]
    changes.picks = [Pick(objectID: id, query: "br", rank: 0, last: 1)]
    #expect(try store.applyRemote(changes, watermark: "w"))
    #expect(try store.createdItems().isEmpty)
    #expect(try store.checkedItems().isEmpty)
    #expect(try store.picks().isEmpty)
  }

  /// A settings file comes with the data: its `store` is noted (to be said), never taken, and a
  /// password in it is not even parsed.
  @Test func theSettingsFileCannotNameASharedStore() throws {
    let settings = try CatalogSettings.parse(#"{"store": "postgres://ann:pw@db.example/lists"}"#, path: "s.json")
    #expect(settings.namesAStore)
    #expect(CatalogSettings().overridden(by: settings).namesAStore)
    #expect(!CatalogSettings().namesAStore)
  }

  /// `SEEK_STORE` first, then the user's own `stores.json` by list name; nothing else.
}
