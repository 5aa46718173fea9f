import Foundation
import Testing

@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// A terminal in the test's hands: it gives the app bursts of keys, each once a painted frame
/// shows what the burst waits for (nil: at once), and keeps every frame painted. The pipe behind
/// `inputDescriptor` holds a byte a burst, so that the run loop's poll wakes for it.
final class ScriptedDriver: TerminalDriver {
  struct Burst {
    /// What the last frame painted must show first (nil: nothing).
    var after: ((String) -> Bool)?
    var keys: [Key]
  }

  let size: ScreenSize
  private var bursts: [Burst]
  private let ends: [Int32]
  private(set) var frames: [ScreenBuffer] = []
  /// A burst whose frame never comes is handed anyway after this long, so that a broken app
  /// fails the test's expectations instead of hanging it.
  private var deadline = ContinuousClock.now + .seconds(20)

  init(columns: Int = 60, rows: Int = 12, bursts: [Burst]) {
    size = ScreenSize(columns: columns, rows: rows)
    self.bursts = bursts
    var ends: [Int32] = [-1, -1]
    precondition(pipe(&ends) == 0)
    self.ends = ends
    for _ in bursts { _ = write(ends[1], "k", 1) }
  }

  deinit { for end in ends { close(end) } }

  var inputDescriptor: Int32 { ends[0] }

  func readKeys() -> [Key] {
    guard let next = bursts.first else { return [] }
    let shown = next.after.map { shows in frames.last.map { shows($0.text) } ?? false } ?? true
    guard shown || ContinuousClock.now > deadline else { return [] }
    var byte: UInt8 = 0
    _ = read(ends[0], &byte, 1)
    bursts.removeFirst()
    deadline = .now + .seconds(20)
    return next.keys
  }

  func paint(_ buffer: ScreenBuffer) { frames.append(buffer) }
  func end() {}
  func suspend() {}
  func handOver(_ body: () -> Void) { body() }
  func redrawAll() {}
  func ringBell() {}
}

/// The app's whole run loop in-process — keys in, the reducer, the real runtime's lanes, frames
/// out — on a scripted terminal: what the tmux tests check from outside, here without a terminal.
@Suite struct TerminalAppTests {
  static func lines(_ names: [String]) -> Catalog {
    var table = RecordTable(attributes: ["line"])
    for name in names { table.append([("line", name)]) }
    return Catalog(name: "lines", path: "-", table: table, settings: CatalogSettings().resolved(for: table))
  }

  static func app(_ names: [String]) throws -> TerminalApp {
    let writer = try StoreWriter(store: MemoryItemStore())
    let service = SearchService(catalog: lines(names), suggestions: [], created: [])
    let configuration = TerminalApp.Configuration(colors: false, picking: .defaults(lines: true))
    return TerminalApp(service: service, writer: writer, checked: [], configuration: configuration)
  }

  /// No signal comes: a pipe nobody writes.
  static func quietSignals() -> Int32 {
    var ends: [Int32] = [-1, -1]
    precondition(pipe(&ends) == 0)
    return ends[0]
  }

  @Test func typingThenEnterAcceptsTheTopLineOfTheQuery() throws {
    let app = try Self.app(["apple pie", "banana bread", "cherry tart"])
    let typed = "ban".unicodeScalars.map { Key.character($0) }
    let driver = ScriptedDriver(bursts: [
      .init(after: { $0.contains("cherry tart") }, keys: typed),
      // Enter once the screen answers the query: only the banana left.
      .init(after: { $0.contains("banana bread") && !$0.contains("cherry tart") }, keys: [.character("\r")]),
    ])
    let outcome = app.run(on: driver, signals: Self.quietSignals())
    guard case .accepted(let ids, let query, _, _) = outcome else {
      Issue.record("not accepted: \(outcome)")
      return
    }
    #expect(query == "ban")
    #expect(ids.count == 1)
    // Some frame showed the typed query's answer at the top.
    #expect(driver.frames.contains { $0.text.contains("banana bread") && !$0.text.contains("cherry tart") })
  }

  @Test func escapeOnAPlainListQuits() throws {
    let app = try Self.app(["apple pie"])
    let driver = ScriptedDriver(bursts: [.init(after: { $0.contains("apple pie") }, keys: [.character("\u{1B}")])])
    #expect(app.run(on: driver, signals: Self.quietSignals()) == .quit(status: 130, query: ""))
    #expect(driver.frames.contains { $0.text.contains("apple pie") })
  }
}
