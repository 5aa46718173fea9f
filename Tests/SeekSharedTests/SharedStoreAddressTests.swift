import Foundation
import Synchronization
import Testing

@testable import SeekShared

/// Where a list may be shared, and what an address may hold (never a password).
@Suite struct SharedStoreAddressTests {
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

/// A fresh folder for one test, removed when the test ends with the suite's process.
private func temporaryDirectory() -> String {
  let path = NSTemporaryDirectory() + "seek-shared-tests-" + UUID().uuidString
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  folders.withLock {
    if $0.isEmpty { atexit { removeFolders() } }
    $0.append(path)
  }
  return path
}

private let folders = Mutex<[String]>([])

private func removeFolders() {
  for path in folders.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
}
