// swift-tools-version:6.0
import PackageDescription

// Layers, each depending only on the ones before it:
// SearchEngine (pure Swift) ← SeekApp (the pure state machine: no Foundation, no I/O)
// ← SeekCore (catalogs, suggestions, the effect runtime, the store)
// ← SeekShared (PostgreSQL: a shared list, a catalog in a table)
// ← SeekTerminal (rendering + the ncurses driver) ← SeekCLI (the flag table, options, help)
// ← seek (wiring: loading a catalog and running the mode).
let package = Package(
  name: "Seek",
  products: [
    .executable(name: "seek", targets: ["seek"]),
    .executable(name: "seek-bench", targets: ["seek-bench"]),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw", path: "Sources/CNcursesw", pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]),
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]),
    // libpq's header only: the library is loaded on first use (see its shim.h), not linked.
    .systemLibrary(name: "CPostgres", path: "Sources/CPostgres", providers: [.apt(["libpq-dev"])]),
    // glibc functions the Glibc module does not import (mallopt, mremap): part of libc.
    .systemLibrary(name: "CSystem", path: "Sources/CSystem"),
    .target(name: "SearchEngine"),
    .target(name: "SeekApp", dependencies: ["SearchEngine"]),
    .target(name: "SeekCore", dependencies: ["SearchEngine", "SeekApp", "CSQLite", "CSystem"]),
    // Lists and catalogs shared through PostgreSQL: the only target that knows libpq.
    .target(name: "SeekShared", dependencies: ["SeekCore", "SeekApp", "SearchEngine", "CPostgres"]),
    .target(name: "SeekTerminal", dependencies: ["SeekApp", "SeekCore", "SearchEngine", "CNcursesw"]),
    // The command line: the flag table, `Options`, help and completions made from the table.
    .target(name: "SeekCLI", dependencies: ["SeekTerminal", "SeekShared", "SeekCore", "SeekApp", "SearchEngine"]),
    .executableTarget(
      name: "seek", dependencies: ["SeekCLI", "SeekTerminal", "SeekShared", "SeekCore", "SeekApp", "SearchEngine"]),
    .executableTarget(
      name: "seek-bench",
      dependencies: ["SeekApp", "SeekShared", "SeekCore", "SearchEngine", "SeekTerminal", "CSQLite"]),
    // Test tool: writes checks and creations to a store, reporting each one once committed.
    .executableTarget(name: "seek-store-stress", dependencies: ["SeekCore", "CSQLite"]),
    // Fuzz targets (`make fuzz`), and their replay by the unit tests.
    .target(name: "SeekFuzzTargets", dependencies: ["SeekTerminal", "SeekApp", "SeekCore", "SearchEngine"]),
    .executableTarget(name: "seek-fuzz", dependencies: ["SeekFuzzTargets"]),
    .testTarget(name: "SearchEngineTests", dependencies: ["SearchEngine"]),
    .testTarget(name: "SeekSharedTests", dependencies: ["SeekShared"]),
    .testTarget(name: "SeekCoreTests", dependencies: ["SeekApp", "SeekCore", "SearchEngine"]),
    .testTarget(
      name: "SeekTerminalTests", dependencies: ["SeekTerminal", "SeekApp", "SeekCore", "SearchEngine"],
      exclude: ["Snapshots"]),
    .testTarget(name: "SeekCLITests", dependencies: ["SeekCLI", "SeekCore", "SeekApp", "SearchEngine"]),
    .testTarget(name: "FuzzRegressionTests", dependencies: ["SeekFuzzTargets"], exclude: ["corpus"]),
  ]
)
