import SeekCore
import Testing

@testable import SeekCLI

/// Every way a catalog is loaded, one row each: the facts `SeekCommand` gathers, and the path.
@Suite struct LoadPlanTests {
  static let small = 1 << 20
  static let large = 100 << 20

  static func facts(
    _ input: LoadFacts.Input, _ mode: LoadFacts.Mode, lines: Bool = false,
    _ change: (inout LoadFacts) -> Void = { _ in }
  ) -> LoadFacts {
    var facts = LoadFacts(input: input, mode: mode, lines: lines)
    change(&facts)
    return facts
  }

  static let rows: [(String, LoadFacts, LoadPlan)] = [
    // A pipe.
    ("lines into the app", facts(.pipe(.lines), .interactive, lines: true), .streamIntoApp),
    ("JSON Lines into the app", facts(.pipe(.jsonLines), .interactive), .streamIntoApp),
    ("JSON into the app: read whole first", facts(.pipe(.json), .interactive), .readWhole),
    ("CSV into the app: read whole first", facts(.pipe(.csv), .interactive), .readWhole),
    (
      "--select-1 waits for the whole input",
      facts(.pipe(.lines), .interactive, lines: true) { $0.streamsIntoTheApp = false },
      .readWhole
    ),
    ("-f on lines: matched while read", facts(.pipe(.lines), .filter, lines: true), .streamFilter),
    ("-f on JSON Lines: read whole", facts(.pipe(.jsonLines), .filter), .readWhole),
    ("a store command on lines: read whole", facts(.pipe(.lines), .store, lines: true), .readWhole),
    ("a builder on a pipe: nothing to build", facts(.pipe(.lines), .filter) { $0.isBuilder = true }, .nothingToBuild),
    // A database's rows.
    ("a database, cached", facts(.database(cached: true), .interactive), .databaseCache),
    ("a database, not cached, into the app", facts(.database(cached: false), .interactive), .streamIntoApp),
    ("a database, not cached, -f", facts(.database(cached: false), .filter), .readWhole),
    ("a builder on a database", facts(.database(cached: false), .filter) { $0.isBuilder = true }, .buildCache),
    (
      "a builder on a cached database", facts(.database(cached: true), .filter) { $0.isBuilder = true }, .nothingToBuild
    ),
    // A file.
    ("a FIFO: read once", facts(.file(.fifo, bytes: 0, format: nil), .interactive), .readOnce),
    ("a socket: read once", facts(.file(.socket, bytes: 0, format: nil), .filter), .readOnce),
    ("a device: refused", facts(.file(.other, bytes: 0, format: nil), .interactive), .refuse),
    (
      "a builder on a file", facts(.file(.regular, bytes: large, format: .json), .filter) { $0.isBuilder = true },
      .buildCache
    ),
    ("a small file", facts(.file(.regular, bytes: small, format: nil), .interactive), .cacheElse(.loadWhole)),
    (
      "a folder: the loader says why not", facts(.file(.folder, bytes: 0, format: nil), .interactive),
      .cacheElse(.loadWhole)
    ),
    (
      "a missing file: the loader says so", facts(.file(.missing, bytes: 0, format: nil), .filter),
      .cacheElse(.loadWhole)
    ),
    (
      "a large JSON Lines file in the app", facts(.file(.regular, bytes: large, format: .jsonLines), .interactive),
      .cacheElse(.streamIntoApp)
    ),
    (
      "a large TSV file in the app", facts(.file(.regular, bytes: large, format: .tsv), .interactive),
      .cacheElse(.streamIntoApp)
    ),
    (
      "a large JSON file in the app: whole", facts(.file(.regular, bytes: large, format: .json), .interactive),
      .cacheElse(.loadWhole)
    ),
    (
      "a large file, --select-1: whole",
      facts(.file(.regular, bytes: large, format: .lines), .interactive, lines: true) { $0.streamsFiles = false },
      .cacheElse(.loadWhole)
    ),
    (
      "a large lines file, -f", facts(.file(.regular, bytes: large, format: .lines), .filter, lines: true),
      .cacheElse(.streamFilter)
    ),
    (
      "a large lines file, -f, a store with items",
      facts(.file(.regular, bytes: large, format: .lines), .filter, lines: true) { $0.streamsFiles = false },
      .cacheElse(.loadWhole)
    ),
    (
      "a large records file, -f: a scan first, the index in the background",
      facts(.file(.regular, bytes: large, format: .json), .filter) { $0.streamsFiles = false },
      .cacheElse(.scanFirst(detaches: true))
    ),
    (
      "a records file above the stream size, below the builder's: scanned, indexed here",
      facts(.file(.regular, bytes: large, format: .json), .filter) {
        $0.streamsFiles = false
        $0.cacheBuilderAbove = 2 * large
      }, .cacheElse(.scanFirst(detaches: false))
    ),
    (
      "a large records file, -f --facets: the index",
      facts(.file(.regular, bytes: large, format: .json), .filter) {
        $0.streamsFiles = false
        $0.needsIndex = true
      }, .cacheElse(.loadWhole)
    ),
    (
      "a large records file, -f, a store with created items: the index",
      facts(.file(.regular, bytes: large, format: .json), .filter) {
        $0.streamsFiles = false
        $0.storeHoldsItems = true
      }, .cacheElse(.loadWhole)
    ),
    ("a small records file, -f", facts(.file(.regular, bytes: small, format: nil), .filter), .cacheElse(.loadWhole)),
    (
      "a large records file, a store command",
      facts(.file(.regular, bytes: large, format: .json), .store) { $0.streamsFiles = false }, .cacheElse(.loadWhole)
    ),
  ]

  @Test(arguments: rows.indices)
  func everyPath(_ row: Int) {
    let (name, facts, plan) = Self.rows[row]
    #expect(LoadPlan(facts) == plan, "\(name)")
  }
}
