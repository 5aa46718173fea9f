import Foundation
import SeekApp
import Testing

@testable import SeekCore

/// A fresh folder for one test, removed when the test process ends (a run made about 150, and
/// they stayed in /tmp).
func temporaryDirectory() -> String {
  let path = NSTemporaryDirectory() + "seek-tests-" + UUID().uuidString
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  TemporaryFolders.shared.add(path)
  return path
}

/// The folders `temporaryDirectory` made, removed at exit.
final class TemporaryFolders: @unchecked Sendable {
  static let shared = TemporaryFolders()
  // Safe (@unchecked): `paths` is read and written only under `lock`.
  private let lock = NSLock()
  private var paths: [String] = []

  private init() {
    atexit { TemporaryFolders.shared.removeAll() }
  }

  func add(_ path: String) { lock.withLock { paths.append(path) } }

  func removeAll() {
    let all = lock.withLock { paths }
    for path in all { try? FileManager.default.removeItem(atPath: path) }
  }
}

func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

let stressTool = repositoryRoot + "/.build/debug/seek-store-stress"

@Suite(.serialized) struct StoreTests {
  @Test func createdWithMode0600AndRoundTripsExactly() throws {
    let dir = temporaryDirectory()
    let path = dir + "/sub/store.sqlite"
    let store = try SQLiteItemStore(path: path)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let titles = [
      "it's \"quoted\"; DROP TABLE checks; --", "😀 émoji 日本", "ctrl \u{1B}[31m\u{07}\u{0}end",
      String(repeating: "x", count: 10_240),
    ]
    for (i, title) in titles.enumerated() {
      try store.setChecked(objectID: "id\(i)", title: title, checked: true)
    }
    let reopened = try SQLiteItemStore(path: path)
    #expect(try reopened.checkedItems().map(\.title) == titles)
    let created = try reopened.createItem(title: titles[1])
    #expect(try SQLiteItemStore(path: path).createdItems() == [created])
    try reopened.logQuery(LoggedQuery(query: titles[0], time: 5, nbHits: 7, fromSuggestion: true))
    #expect(try reopened.queries(since: 0) == [LoggedQuery(query: titles[0], time: 5, nbHits: 7, fromSuggestion: true)])
    #expect(try reopened.integrityCheck() == "ok")
    #expect(try reopened.uncheckAll() == 4)
    #expect(try reopened.checkedItems().isEmpty)
  }

  @Test func foreignFilesAreRefusedAndLeftExactlyAsTheyWere() throws {
    let dir = temporaryDirectory()
    // Not a database at all.
    let text = dir + "/notes.sqlite"
    try Data("just some notes\n".utf8).write(to: URL(fileURLWithPath: text))
    #expect(throws: StoreError.notASeekDatabase(path: text)) { try SQLiteItemStore(path: text) }
    #expect(fileBytes(text) == Data("just some notes\n".utf8))
    // Another program's SQLite database.
    let other = dir + "/other.sqlite"
    do {
      let db = try SQLiteDatabase(path: other)
      try db.execute("CREATE TABLE mine (x); INSERT INTO mine VALUES (1)")
    }
    let before = fileBytes(other)
    #expect(throws: StoreError.notASeekDatabase(path: other)) { try SQLiteItemStore(path: other) }
    #expect(fileBytes(other) == before)
    #expect(!FileManager.default.fileExists(atPath: other + "-wal"))
  }

  @Test func newerSchemaIsRefusedUntouched() throws {
    let dir = temporaryDirectory()
    let path = dir + "/new.sqlite"
    _ = try SQLiteItemStore(path: path)
    do {
      let db = try SQLiteDatabase(path: path)
      try db.execute("PRAGMA user_version = 99")
    }
    let before = fileBytes(path)
    #expect(throws: StoreError.newerSchema(path: path, found: 99, supported: SQLiteItemStore.schemaVersion)) {
      try SQLiteItemStore(path: path)
    }
    #expect(fileBytes(path) == before)
  }

  @Test func corruptStoreIsRefusedUntouched() throws {
    let dir = temporaryDirectory()
    let path = dir + "/corrupt.sqlite"
    do {
      let store = try SQLiteItemStore(path: path)
      for i in 0..<200 {
        try store.setChecked(objectID: "id\(i)", title: String(repeating: "t", count: 200), checked: true)
      }
      try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    var bytes = try #require(fileBytes(path))
    // Keep the header, scribble over the pages.
    for i in stride(from: 4096 + 100, to: min(bytes.count, 40_000), by: 7) { bytes[i] = 0xA5 }
    try bytes.write(to: URL(fileURLWithPath: path))
    var failed = false
    do {
      let store = try SQLiteItemStore(path: path)
      _ = try store.checkedItems()
      failed = try store.integrityCheck() != "ok"
    } catch {
      failed = true
    }
    #expect(failed)
    #expect(fileBytes(path) == bytes)
  }

  /// A link planted where SQLite keeps its journal, or a folder given as the store: said as it
  /// is, not as a read-only store, and nothing is written.
  @Test func plantedJournalLinksAndFoldersAreSaidAsTheyAre() throws {
    let dir = temporaryDirectory()
    let path = dir + "/s.sqlite"
    symlink(dir + "/elsewhere", path + "-wal")
    #expect {
      try SQLiteItemStore(path: path)
    } throws: { error in
      guard case .cannotOpen(_, let detail) = error as? StoreError else { return false }
      return detail.contains("-wal is a symbolic link")
    }
    #expect(!FileManager.default.fileExists(atPath: dir + "/elsewhere"))
    #expect {
      try SQLiteItemStore(path: dir)
    } throws: { error in
      guard case .cannotOpen(_, let detail) = error as? StoreError else { return false }
      return detail.contains("it is a folder")
    }
  }

  @Test func unwritableStoreIsAClearError() throws {
    guard getuid() != 0 else {
      // root writes anyway; check the read-only folder case through a read-only file system path.
      #expect(throws: StoreError.self) { try SQLiteItemStore(path: "/proc/seek-store.sqlite") }
      return
    }
    let dir = temporaryDirectory()
    let path = dir + "/ro.sqlite"
    _ = try SQLiteItemStore(path: path)
    chmod(path, 0o400)
    #expect(throws: StoreError.readOnly(path: path)) { try SQLiteItemStore(path: path) }
  }

  @Test func sigkillInTheMiddleLosesNothingShownAsDone() throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: stressTool),
      "build it first: swift build --product seek-store-stress")
    let dir = temporaryDirectory()
    let path = dir + "/killed.sqlite"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: stressTool)
    process.arguments = [path, "k", "100000"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    var done: [String] = []
    var pending = Data()
    let handle = pipe.fileHandleForReading
    while done.count < 300 {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      pending.append(chunk)
      while let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending = Data(pending[(newline + 1)...])
        if line.hasPrefix("done ") { done.append(String(line.dropFirst(5))) }
      }
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(done.count >= 300)
    let store = try SQLiteItemStore(path: path)
    #expect(try store.integrityCheck() == "ok")
    let checked = Set(try store.checkedItems().map(\.objectID))
    let created = Set(try store.createdItems().map(\.objectID))
    let missing = done.filter { !checked.contains($0) && !created.contains($0) }
    #expect(missing.isEmpty, "lost after SIGKILL: \(missing.prefix(5))")
  }

  @Test func twoProcessesShareOneStore() throws {
    #expect(FileManager.default.isExecutableFile(atPath: stressTool))
    let dir = temporaryDirectory()
    let path = dir + "/shared.sqlite"
    let processes = try ["a", "b"].map { prefix -> (Process, Pipe) in
      let p = Process()
      p.executableURL = URL(fileURLWithPath: stressTool)
      p.arguments = [path, prefix, "150"]
      let errors = Pipe()
      p.standardError = errors
      p.standardOutput = FileHandle.nullDevice
      try p.run()
      return (p, errors)
    }
    for (p, errors) in processes {
      p.waitUntilExit()
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(p.terminationStatus == 0, "\(message)")
      #expect(!message.contains("locked"))
    }
    let store = try SQLiteItemStore(path: path)
    let checked = Set(try store.checkedItems().map(\.objectID))
    #expect(checked.count == 300)
    #expect(try store.createdItems().count == 30)
  }

  @Test func checksFollowItemsByObjectIDAndMissingOnesAreKept() throws {
    let dir = temporaryDirectory()
    let path = dir + "/follow.sqlite"
    let store = try SQLiteItemStore(path: path)
    try store.setChecked(objectID: "a", title: "Alpha", checked: true)
    try store.setChecked(objectID: "gone", title: "Gone item", checked: true)
    var table = RecordTable(attributes: ["objectID", "name"])
    table.append([("objectID", "b"), ("name", "Beta")])
    table.append([("objectID", "a"), ("name", "Alpha renamed")])
    let catalog = Catalog(name: "t", path: "t", table: table, settings: CatalogSettings().resolved(for: table))
    let writer = try StoreWriter(store: store)
    let service = SearchService(catalog: catalog, suggestions: [])
    #expect(try writer.initialState().checked == ["a", "gone"])
    #expect(service.title(objectID: "a") == "Alpha renamed")
    #expect(service.title(objectID: "gone") == nil)
  }

  @Test func learnedSuggestionsPersistAcrossRuns() throws {
    let dir = temporaryDirectory()
    let path = dir + "/learn.sqlite"
    let titles = (0..<8).map { "nintendo switch game \($0)" } + ["milk"]
    do {
      let h = try Harness(catalog: catalog(titles), store: try SQLiteItemStore(path: path))
      h.type("nintendo switch")
      h.send(.key(.enterPressed))
      h.send(.query(.cleared))
      h.type("nint")
      #expect(h.state.suggestionsPane.hits.first?.query == "nintendo switch")
    }
    let next = try Harness(catalog: catalog(titles), store: try SQLiteItemStore(path: path))
    next.type("nin")
    #expect(next.state.suggestionsPane.hits.first?.query == "nintendo switch")
  }

  @Test func defaultPathFollowsXDG() {
    let path = SQLiteItemStore.defaultPath(
      catalogName: "products", catalogPath: "/data/products.json", environment: ["XDG_DATA_HOME": "/x"])
    #expect(path.hasPrefix("/x/seek/products-") && path.hasSuffix(".sqlite"))
    let home = SQLiteItemStore.defaultPath(catalogName: "p", catalogPath: "/d/p.json", environment: ["HOME": "/home/u"])
    #expect(home.hasPrefix("/home/u/.local/share/seek/p-"))
  }
}

/// A check the store cannot save: the writer says so, and answers with the check the store still
/// holds, so that the one shown at once goes back.
@Suite struct RefusedCheckTests {
  final class RefusingStore: ItemStore {
    struct Refused: Error {}
    let inner = MemoryItemStore()
    func checkedItems() throws -> [(objectID: String, title: String)] { try inner.checkedItems() }
    func createdItems() throws -> [CreatedItem] { try inner.createdItems() }
    func setChecked(objectID: String, title: String, checked: Bool) throws { throw Refused() }
    func createItem(title: String) throws -> CreatedItem { try inner.createItem(title: title) }
    func logQuery(_ entry: LoggedQuery) throws { try inner.logQuery(entry) }
    func queries(since time: Double) throws -> [LoggedQuery] { try inner.queries(since: time) }
    func uncheckAll() throws -> Int { try inner.uncheckAll() }
    func deleteCreatedItem(objectID: String) throws -> Bool { try inner.deleteCreatedItem(objectID: objectID) }
    func forgetQuery(_ query: String) throws { try inner.forgetQuery(query) }
    func recordPick(objectID: String, query: String, time: Double) throws {
      try inner.recordPick(objectID: objectID, query: query, time: time)
    }
    func picks() throws -> [Pick] { try inner.picks() }
    func forgetPicks() throws -> Int { try inner.forgetPicks() }
    func externalChangeToken() throws -> Int64? { nil }
  }

  @Test func aRefusedCheckIsAnsweredWithTheOneHeld() throws {
    let writer = try StoreWriter(store: RefusingStore())
    let answer = writer.perform(.effect(.setChecked(objectID: "a", title: "Alpha", checked: true)))
    #expect(answer.failure?.hasPrefix("could not save the check of Alpha") == true)
    #expect(answer.events.contains(.answer(.checkSaved(objectID: "a", checked: false))))
  }
}
