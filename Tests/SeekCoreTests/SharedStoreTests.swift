import Foundation
import SeekApp
import Testing

@testable import SeekCore

/// The local half of a shared store (the outbox and applying pulled changes) on a real SQLite
/// file, and the address rules. The server half runs against a real PostgreSQL in the end-to-end
/// tests (`Tests/e2e/test_shared.sh`).
@Suite struct SharedStoreTests {
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
  @Test func theUserSaysWhereAListIsShared() throws {
    let config = temporaryDirectory()
    var environment = ["XDG_CONFIG_HOME": config, "HOME": "/nonexistent"]
    #expect(UserStores.configPath(environment) == config + "/seek/stores.json")
    #expect(try UserStores.address(forList: "products", environment: environment) == nil)
    try FileManager.default.createDirectory(atPath: config + "/seek", withIntermediateDirectories: true)
    let path = config + "/seek/stores.json"
    try #"{"products": "postgres://ann@db.example/lists"}"#.write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o600)
    #expect(
      try UserStores.address(forList: "products", environment: environment)?.description == "ann@db.example/lists")
    #expect(try UserStores.address(forList: "groceries", environment: environment) == nil)
    environment["SEEK_STORE"] = "postgres://bob@other.example/shared"
    #expect(
      try UserStores.address(forList: "groceries", environment: environment)?.description == "bob@other.example/shared")
    environment["SEEK_STORE"] = "postgres://bob:secret@other.example/shared"
    #expect(throws: UserStores.Refusal.self) { try UserStores.address(forList: "products", environment: environment) }
    environment["SEEK_STORE"] = nil
    // A config others may write cannot choose where the list goes.
    chmod(path, 0o666)
    #expect(throws: UserStores.Refusal.self) { try UserStores.address(forList: "products", environment: environment) }
    chmod(path, 0o600)
    try #"["postgres://ann@db.example/lists"]"#.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: UserStores.Refusal.self) { try UserStores.address(forList: "products", environment: environment) }
  }

  /// A password file libpq would ignore for its permissions is said once by Seek, and libpq is
  /// pointed away from it so that it writes nothing under the app's screen.
  @Test func aPasswordFileOpenToOthersIsSaidOnce() throws {
    let path = temporaryDirectory() + "/pgpass"
    FileManager.default.createFile(atPath: path, contents: Data("*:*:*:ann:pw\n".utf8))
    chmod(path, 0o644)
    var environment = ["PGPASSFILE": path]
    let warning = PostgresAddress.checkPasswordFile(&environment)
    #expect(warning?.contains("others can read") == true)
    #expect(environment["PGPASSFILE"] != path)
    chmod(path, 0o600)
    environment = ["PGPASSFILE": path]
    #expect(PostgresAddress.checkPasswordFile(&environment) == nil)
    #expect(environment["PGPASSFILE"] == path)
  }

  @Test func anAddressNeverHoldsAPassword() throws {
    let address = try PostgresAddress("postgres://ann@db.example:6543/lists?sslmode=require")
    #expect(address.description == "ann@db.example:6543/lists")
    #expect(throws: PostgresAddress.Refusal.self) { try PostgresAddress("postgres://ann:secret@db.example/lists") }
    #expect(throws: PostgresAddress.Refusal.self) { try PostgresAddress("postgres://db.example/lists?password=secret") }
    #expect(throws: PostgresAddress.Refusal.self) { try PostgresAddress("mysql://db.example/lists") }
    do {
      _ = try PostgresAddress("postgres://ann:secret@db.example/lists")
    } catch {
      #expect(!error.description.contains("secret"))
    }
    #expect(PostgresAddress.isAddress("postgresql://localhost/x"))
  }
}
