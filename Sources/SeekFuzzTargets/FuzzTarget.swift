import Foundation
import SearchEngine
import SeekApp
import SeekCore
import SeekTerminal

/// What the fuzzers feed: every reader of bytes others wrote, and the query path. Each target takes
/// arbitrary bytes and either handles them or fails an invariant (`precondition`), which libFuzzer
/// reports as a crash. `make fuzz` runs each from its seed corpus in `Tests/Fuzz/corpus/<target>`;
/// the unit tests replay every file there, so every crash found becomes a regression test.
public enum FuzzTarget: String, CaseIterable, Sendable {
  case json
  case jsonLines = "jsonl"
  case csv, tsv, lines, settings, suggestions, query, keys, codec, filters, quoting

  public func run(_ data: [UInt8]) {
    switch self {
    case .json: parse(data, .json)
    case .jsonLines: parse(data, .jsonLines)
    case .csv: parse(data, .csv)
    case .tsv: parse(data, .tsv)
    case .lines: parse(data, .lines)
    case .settings: _ = try? CatalogSettings.parse(String(decoding: data, as: UTF8.self), path: "fuzz")
    case .suggestions:
      guard let suggestions = try? SuggestionsFile.parse(data, path: "fuzz") else { return }
      let index = SuggestionsIndex(suggestions)
      for query in ["", "a", String(decoding: data.prefix(16), as: UTF8.self)] { _ = index.search(query) }
    case .query: Self.query(String(decoding: data, as: UTF8.self))
    case .keys: Self.keys(data)
    case .codec: Self.codec(data)
    case .filters: Self.filters(data)
    case .quoting: Self.quoting(data)
    }
  }

  /// A catalog parser; what parses is indexed and searched.
  private func parse(_ data: [UInt8], _ format: CatalogFormat) {
    // Safe: the buffer is used only inside the call, while `data` is alive.
    let table = data.withUnsafeBufferPointer { try? CatalogParser.parse($0, format: format, path: "fuzz") }
    guard let table, table.count > 0 else { return }
    let catalog = Catalog(
      name: "fuzz", path: "fuzz", table: table, settings: CatalogSettings().resolved(for: table))
    let searcher = CatalogSearcher(catalog: catalog)
    for query in ["", "a", "the"] { Self.checkInvariants(searcher, catalog, query) }
    _ = SuggestionGenerator.generate(from: catalog)
  }

  // MARK: - Query

  nonisolated(unsafe) private static var queryCatalog: Catalog? = nil
  nonisolated(unsafe) private static var queryRecords: PreparedCatalog? = nil

  /// A small real catalog (the first records of Data/products.json), built once.
  private static func sampleCatalog() -> Catalog {
    if let queryCatalog { return queryCatalog }
    var table = RecordTable(attributes: ["name", "brand", "category", "popularity"])
    let brands = ["Apple", "Samsung", "Sony", "Crème", "日本", "Zoë"]
    let kinds = ["iPhone 15 Pro", "Galaxy S24 Ultra", "WH-1000XM5 headphones", "brûlée torch", "テレビ 4K", "café table"]
    for i in 0..<600 {
      table.append([
        ("name", "\(brands[i % 6]) \(kinds[(i / 6) % 6]) \(i % 7 == 0 ? "🍕 " : "")model \(i)"),
        ("brand", brands[i % 6]), ("category", "Cat \(i % 5) > Sub \(i % 3)"), ("popularity", String(i * 37 % 1000)),
      ])
    }
    table.numericAttributes = ["popularity"]
    let prepared = PreparedCatalog(
      name: "sample", path: "sample", table: table, settings: CatalogSettings().resolved(for: table))
    let catalog = prepared.indexed()
    queryRecords = prepared
    queryCatalog = catalog
    return catalog
  }

  private static func query(_ text: String) {
    let catalog = sampleCatalog()
    // Records as records (no fuzzy tier), and with the fuzzy tier that lines have.
    for matching in [MatchOptions(), MatchOptions(fuzzyTier: true)] {
      checkInvariants(CatalogSearcher(catalog: catalog), catalog, text, matching: matching)
      typeLetterByLetter(catalog.index, text, matching: matching)
      if let records = queryRecords { scanAnswersAsTheIndex(records, catalog, text, matching: matching) }
    }
  }

  /// A scan of the records (`PreparedCatalog.scan`, a cold `--filter`'s answer) must give the
  /// page and the exact count an exhaustive search of the index gives.
  static func scanAnswersAsTheIndex(
    _ records: PreparedCatalog, _ catalog: Catalog, _ text: String, matching: MatchOptions
  ) {
    for (page, size, runs) in [(0, 10, 1), (1, 4, 3)] {
      guard let scanned = records.scan(text, limit: (page + 1) * size, runs: runs, matching: matching) else {
        continue
      }
      let request = CatalogSearcher.Request(
        query: text, page: page, hitsPerPage: size, exhaustive: true, matching: matching)
      let expected = try! CatalogSearcher(catalog: catalog).search(request)
      let got = try! CatalogSearcher(catalog: scanned.catalog).search(request)
      precondition(got.hits.map(\.hit.objectID) == expected.hits.map(\.hit.objectID), "a scan ≠ the index")
      precondition(scanned.nbHits == expected.nbHits, "a scan counts differently")
      precondition(scanned.droppedWords == expected.droppedWords, "a scan drops other words")
    }
  }

  /// Typing `text` letter by letter into one searcher, tiered as large catalogs are, must answer
  /// every keystroke as a fresh searcher does: narrowing, the skipped tiers and relaxation steps,
  /// and the kept keys of relaxed queries only ever save work.
  static func typeLetterByLetter(_ index: SearchIndex, _ text: String, matching: MatchOptions) {
    let typing = Searcher(index: index)
    typing.tieringThreshold = 0
    var prefix = ""
    for character in text.prefix(40) {
      prefix.append(character)
      for (page, size) in [(0, 5), (1, 5)] {
        var request = SearchRequest(query: prefix, page: page, hitsPerPage: size, highlight: false)
        request.matching = matching
        let fresh = Searcher(index: index)
        fresh.tieringThreshold = 0
        let expected = fresh.search(request)
        let got = typing.search(request)
        precondition(got.hits.map(\.objectID) == expected.hits.map(\.objectID), "typing ≠ a fresh search")
        precondition(got.nbHits == expected.nbHits, "typing counts differently")
      }
    }
  }

  /// Highlights inside their text and on character boundaries, nbHits ≥ hits, and pages (by
  /// offset and by cursor) that never repeat a hit and hold every hit once.
  static func checkInvariants(
    _ searcher: CatalogSearcher, _ catalog: Catalog, _ query: String, matching: MatchOptions = MatchOptions()
  ) {
    var seen = Set<String>()
    var cursor: CatalogSearcher.Cursor? = nil
    var total = 0
    for page in 0..<4 {
      let byOffset = try! searcher.search(
        .init(query: query, page: page, hitsPerPage: 7, exhaustive: true, matching: matching))
      let byCursor = try! searcher.search(
        .init(query: query, page: page, hitsPerPage: 7, cursor: cursor, exhaustive: true, matching: matching))
      cursor = byCursor.next
      precondition(byOffset.hits.map(\.hit.objectID) == byCursor.hits.map(\.hit.objectID), "cursor ≠ offset paging")
      precondition(byOffset.nbHits >= byOffset.hits.count, "nbHits below the hits")
      for found in byOffset.hits {
        precondition(seen.insert(found.hit.objectID).inserted, "a hit on two pages")
        for h in found.hit.highlights {
          let bytes = Array(h.value.utf8)
          for r in h.ranges {
            precondition(r.lowerBound >= 0 && r.upperBound <= bytes.count && r.lowerBound < r.upperBound, "range out")
            precondition(r.lowerBound == bytes.count || bytes[r.lowerBound] & 0xC0 != 0x80, "range mid-character")
            precondition(r.upperBound == bytes.count || bytes[r.upperBound] & 0xC0 != 0x80, "range mid-character")
          }
        }
      }
      total += byOffset.hits.count
      if byOffset.hits.count < 7 {
        precondition(total == min(byOffset.nbHits, 28) || page == 0 && byOffset.hits.isEmpty, "pages miss hits")
        break
      }
    }
  }

  // MARK: - Keys

  /// Bytes from a terminal → keys → events → the reducer: never a trap, the cursor in the query.
  /// The first byte chooses how the rest is cut into reads (1 to 256 bytes, varying): the keys
  /// must be the same whatever the cuts, pastes and escape sequences included.
  private static func keys(_ data: [UInt8]) {
    guard let seed = data.first else { return }
    let bytes = Array(data.dropFirst())
    var whole = KeyDecoder()
    let all = whole.decode(bytes: bytes, final: true)
    var cut = KeyDecoder()
    var pieces: [Key] = []
    var start = 0
    var size = Int(seed) + 1
    while start < bytes.count {
      let end = min(bytes.count, start + size)
      pieces += cut.decode(bytes: Array(bytes[start..<end]), final: end == bytes.count)
      start = end
      size = (size * 7 + 3) % 256 + 1
    }
    if bytes.isEmpty { pieces = cut.decode(bytes: [], final: true) }
    precondition(pieces == all, "keys depend on how the input was cut into reads")
    var state = SearchState()
    var screen = ScreenSize(columns: 40, rows: 10)
    _ = SearchReducer.reduce(&state, .app(.started(Layout.viewport(for: state, screen: screen))))
    _ = SearchReducer.reduce(
      &state,
      .answer(
        .resultsArrived(
          revision: 1,
          ResultsPage(
            query: "", page: 0, hits: (0..<30).map { ResultHit(objectID: "\($0)", title: "item \($0)") }, nbHits: 30,
            nbPages: 2))))
    for key in all {
      // As the app: resizes and clicks go through the layout, which the state machine then follows.
      let event: SearchEvent?
      switch key {
      case .resize(let columns, let rows):
        screen = ScreenSize(columns: columns, rows: rows)
        event = .app(.viewportChanged(Layout.viewport(for: state, screen: screen)))
      case .click(let column, let row): event = Layout.click(column: column, row: row, double: false, in: state)
      default: event = KeyMap.event(for: key)
      }
      guard let event else { continue }
      _ = SearchReducer.reduce(&state, event)
      let viewport = Layout.viewport(for: state, screen: screen)
      if viewport != state.viewport { _ = SearchReducer.reduce(&state, .app(.viewportChanged(viewport))) }
      precondition(
        state.editor.cursor >= 0 && state.editor.cursor <= state.editor.text.count, "cursor outside the query")
      precondition(state.editor.text.count <= SearchState.maxQueryCharacters, "the query past its bound")
      precondition(!state.editor.text.unicodeScalars.contains { SafeText.isUnsafe($0.value) }, "control in the query")
    }
  }

  // MARK: - Filters

  /// Any text as `--filters`: parsed, or refused with a column inside the text; never a trap, and
  /// what parses prints back to an equal expression and evaluates on a catalog.
  // MARK: - Quoting

  /// The shells a command may run in, where installed (`make deps` installs them).
  static let shells = ["/bin/dash", "/bin/bash", "/usr/bin/zsh", "/usr/bin/fish", "/usr/bin/tcsh"]

  /// A line, quoted for each shell and filled into a template as `{}` is, reaches the command as
  /// its own bytes (a NUL left out), and runs nothing.
  private static func quoting(_ data: [UInt8]) {
    let value = String(decoding: data.prefix(256), as: UTF8.self)
    let expected = Array(value.replacingOccurrences(of: "\0", with: "").utf8)
    for path in shells where access(path, X_OK) == 0 {
      let shell = CommandShell(words: [path, "-c"])
      let printed = output(of: "printf %s " + shell.quoted(value), in: shell)
      precondition(
        printed == expected,
        "\(path) read \(value.debugDescription) as \(String(decoding: printed, as: UTF8.self).debugDescription)")
    }
  }

  /// What `command` prints on standard output in `shell` (its standard error dropped).
  private static func output(of command: String, in shell: CommandShell) -> [UInt8] {
    guard let child = try? ChildProcess(command: command, captureErrors: false, shell: shell) else { return [] }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(child.output, &buffer, buffer.count)
      if n > 0 { bytes += buffer[0..<n] } else if n == 0 || errno != EINTR { break }
    }
    _ = child.waitBlocking()
    return bytes
  }

  private static func filters(_ data: [UInt8]) {
    let text = String(decoding: data, as: UTF8.self)
    do {
      let expression = try FilterExpression.parse(text)
      let reparsed = try FilterExpression.parse(expression.text)
      precondition(reparsed.text == expression.text, "printed filter parses differently")
      let index = sampleCatalog().index
      _ = try? index.facets.evaluate(expression, recordCount: index.count)
    } catch {
      precondition(error.column >= 1 && error.column <= text.unicodeScalars.count + 1, "column outside the filter")
    }
  }

  // MARK: - Index cache

  /// A mutated cache file is refused, or loads into the same index.
  private static func codec(_ data: [UInt8]) {
    let catalog = sampleCatalog()
    let path = NSTemporaryDirectory() + "seek-fuzz-\(getpid()).index"
    _ = FileManager.default.createFile(atPath: path, contents: Data(data), attributes: [.posixPermissions: 0o600])
    defer { unlink(path) }
    guard
      let loaded = IndexCache.load(path: path, catalogPath: "sample", fingerprint: "fuzz", given: CatalogSettings())
        .catalog
    else { return }
    precondition(loaded.index.count == catalog.index.count, "a changed cache was loaded")
    for record in 0..<catalog.index.count {
      for column in catalog.index.documents.attributes.indices {
        precondition(
          loaded.index.documents.value(record, column) == catalog.index.documents.value(record, column),
          "a changed cache was loaded")
      }
    }
  }

  /// The bytes of the sample catalog's cache file, as a seed for `codec`.
  public static func sampleCacheFile() -> [UInt8] {
    let path = NSTemporaryDirectory() + "seek-fuzz-seed-\(getpid()).index"
    IndexCache.save(sampleCatalog(), path: path, fingerprint: "fuzz")
    defer { unlink(path) }
    return FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
  }
}
