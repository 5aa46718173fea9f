import CSystem
import Foundation
import SearchEngine
import SeekApp
import SeekCLI
import SeekCore
import SeekShared
import SeekTerminal

/// What a command line runs, read top to bottom: the options, then a plan — where the catalog
/// comes from (a pipe, bare `seek`'s file list, a file), whether it holds lines or records, and
/// what is done with it (the app, `--filter`, a store command) — then the source is read, in the
/// way the plan's mode wants it, and the mode runs.
enum SeekCommand {
  static func run(_ arguments: [String], face: Face = .seek) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    var options: Options
    do {
      options = try Options.parse(
        arguments, into: try Options.parse(try face.defaultOptions(environment), into: Options(face: face)))
    } catch {
      Output.error("seek: \(error)")
      return 2
    }
    for note in options.boundQueries() { Output.error("seek: \(note)") }
    if options.popup && options.startsTheApp && environment["TMUX"]?.isEmpty == false {
      Output.error("seek: note: --tmux/--popup: no floating pane yet; drawing in this pane")
    }
    if let path = options.settingsPath {
      do {
        let text = String(decoding: try CatalogLoader.readFile(path), as: UTF8.self)
        options.catalog = try CatalogSettings.parse(text, path: path).overridden(by: options.catalog)
      } catch {
        Output.error("seek: \(error)")
        return 2
      }
    }
    if let shell = options.withShell { CommandShell.use(shell) }
    if options.noColor { Output.colorRefused = true }
    if let shell = options.shellIntegration {
      Output.write(ShellIntegration.script(shell, face: face))
      return 0
    }
    if options.man { return ManPage.show() }
    if let shell = options.completion {
      Output.write(Completion.script(shell))
      return 0
    }
    if options.help || options.version {
      Output.write((options.help ? Help.text : Help.version) + "\n")
      return 0
    }
    // With no catalog named and stdin a terminal, list the files under the current directory
    // (or what SEEK_DEFAULT_COMMAND prints), as fzf does.
    var defaultSource: DefaultSource? = nil
    if let path = options.catalogPath, PostgresAddress.isAddress(path) || options.sql != nil {
      do { defaultSource = try databaseSource(path, &options) } catch {
        Output.error("seek: \(error)")
        return 2
      }
    } else if options.catalogPath == nil && isatty(0) != 0 {
      do {
        defaultSource = try DefaultSource.start(
          command: face.defaultCommand(environment), walker: options.walker,
          root: options.walkerRoot)
      } catch {
        Output.error("seek: \(error)")
        return 2
      }
    }
    defer { defaultSource?.stopAndReport() }
    do {
      let plan = try Plan(&options, defaultSource: defaultSource)
      let code = try plan.source.isPipe ? runPiped(plan, options) : runFile(plan, options)
      // A database catalog that could not be read whole is an error, whatever was answered.
      if let failure = defaultSource?.databaseFailure() {
        Output.error("seek: \(failure)")
        return 2
      }
      return code
    } catch {
      Output.error("seek: \(error)")
      return 2
    }
  }

  /// A catalog from PostgreSQL: its rows stream in as JSON Lines records, named by the table's
  /// primary key, kept in a store of their own (named after the address and the query).
  private static func databaseSource(_ uri: String, _ options: inout Options) throws -> DefaultSource {
    let database = try PostgresCatalog(uri: uri, sql: options.sql)
    checkPasswordFile()
    options.catalogPath = nil
    options.catalog.format = .jsonLines
    options.streamName = database.table ?? "query"
    if options.catalog.objectIDAttribute == nil { options.catalog.objectIDAttribute = try database.primaryKey() }
    if options.storePath == nil {
      options.storePath = SQLiteItemStore.defaultPath(
        catalogName: options.streamName, catalogPath: "/postgres/\(database.address)/\(database.query)",
        environment: ProcessInfo.processInfo.environment)
    }
    // Rows unchanged since the index cache was written: the cache, without reading a row (the
    // server's pass that says so is paid only when there is a cache to open).
    let cachePath = IndexCache.path(forStore: options.storePath!)
    // The app opens the cache at once and looks at the server behind it (a table locked
    // elsewhere left a blank screen for as long as the lock held); a one-shot answer (`-f`, a
    // store command) looks first, as it has no later.
    let trusted =
      options.startsTheApp ? IndexCache.storedContentVersion(path: cachePath, settings: options.catalog) : nil
    if FileManager.default.fileExists(atPath: cachePath), let version = trusted ?? (try? database.contentVersion()),
      case .loaded(let cached, _, _) = IndexCache.load(
        path: cachePath, catalogPath: "",
        fingerprint: IndexCache.fingerprint(contentVersion: version, settings: options.catalog), given: options.catalog)
    {
      return DefaultSource.cached(cached, database: database, version: version)
    }
    return DefaultSource.start(database: database)
  }

  /// Writes a database catalog's index cache once its rows are indexed, keyed by their content
  /// version (of the snapshot streamed); nil for other sources, or when the stream failed.
  private static func databaseCacheWriter(_ plan: Plan, _ options: Options) -> (@Sendable (Catalog) -> Void)? {
    guard let source = plan.defaultSource, source.database != nil, let store = options.storePath else { return nil }
    let path = IndexCache.path(forStore: store)
    let given = options.catalog
    let minHits = options.suggestionsMinHits
    return { whole in
      guard let version = source.streamedVersion, source.databaseFailure() == nil else { return }
      var catalog = whole
      _ = catalog.suggestions(minHits: minHits)
      try? FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      IndexCache.save(
        catalog, path: path, fingerprint: IndexCache.fingerprint(contentVersion: version, settings: given),
        noted: CacheBuilder.isBuilder)
    }
  }

  /// What `LoadPlan` is decided from, gathered here: what `stat` says of a named file, its format
  /// when it is large, the environment's thresholds, and whether a store holds created items.
  static func loadFacts(_ plan: Plan, _ options: Options, file: FileLoad?) -> LoadFacts {
    let input: LoadFacts.Input
    if let source = plan.defaultSource, source.database != nil {
      input = .database(cached: source.cachedCatalog != nil)
    } else if let file {
      let large = file.bytes > streamAbove
      input = .file(file.kind, bytes: file.bytes, format: large ? file.format : nil)
    } else {
      input = .pipe(options.catalog.format ?? .lines)
    }
    let mode: LoadFacts.Mode
    switch plan.mode {
    case .interactive: mode = .interactive
    case .filter: mode = .filter
    case .store: mode = .store
    }
    var facts = LoadFacts(input: input, mode: mode, lines: plan.lines)
    facts.isBuilder = CacheBuilder.isBuilder
    facts.streamsIntoTheApp = plan.streamsIntoTheApp
    facts.streamsFiles = plan.streamsFiles
    facts.streamAbove = streamAbove
    facts.cacheBuilderAbove = CacheBuilder.filesAbove
    facts.needsIndex = options.filters != nil || !options.facets.isEmpty || options.sort != nil
    if let file {
      facts.storeHoldsItems = !options.noStore && FileManager.default.fileExists(atPath: storePath(file.path, options))
    }
    return facts
  }

  /// The catalog from a pipe (standard input, bare `seek`'s file list, a database's rows), as
  /// `LoadPlan` says: streamed into the app, matched while read by `--filter` on lines, or read
  /// whole.
  private static func runPiped(_ plan: Plan, _ options: Options) throws -> Int32 {
    let load = LoadPlan(loadFacts(plan, options, file: nil))
    var options = options
    let writeCache = databaseCacheWriter(plan, options)
    let input = plan.source.handle!
    let format = options.catalog.format ?? .lines
    switch load {
    case .nothingToBuild: return 0
    case .databaseCache: return runLoaded(plan, options, plan.defaultSource!.cachedCatalog!)
    case .buildCache:
      // Started by a `--filter` on a database catalog: the index and its cache, nothing printed.
      guard let writeCache, CacheBuilder.claim(cachePath: IndexCache.path(forStore: options.storePath!)) else {
        return 0
      }
      writeCache(try readWhole(input, format, &options).catalog)
      return 0
    case .streamIntoApp:
      let empty = RecordTable(attributes: format == .lines ? options.lineShape.attributes : [])
      let catalog = Catalog(
        name: options.streamName, path: "<\(options.streamName)>", table: empty,
        settings: options.catalog.resolved(for: empty),
        given: options.catalog)
      return runLoaded(plan, options, catalog, stream: (input, format, nil), writeCache: writeCache)
    case .streamFilter:
      if case .filter(let query) = plan.mode, let code = streamFilter(input, query, options) { return code }
    case .readWhole, .readOnce, .refuse, .cacheElse: break
    }
    let (catalog, bytesRead) = try readWhole(input, format, &options)
    // A one-shot command returns when it has answered: a database catalog as large as a file
    // that gets a cache gets its cache from a builder in the background, which reads it again.
    var pendingSave: (@Sendable () -> Void)? = nil
    if writeCache != nil && bytesRead > CacheBuilder.filesAbove { pendingSave = { CacheBuilder.detach() } }
    return runLoaded(plan, options, catalog, pendingSave: pendingSave)
  }

  /// A pipe read to its end: lines and JSON Lines by the streaming reader (which takes
  /// `--header-lines` off the top), anything else parsed whole. Returns the bytes read too.
  private static func readWhole(_ input: FileHandle, _ format: CatalogFormat, _ options: inout Options) throws
    -> (catalog: Catalog, bytes: Int)
  {
    guard format == .lines || format == .jsonLines else {
      var settings = options.catalog
      settings.format = format
      let bytes = [UInt8](input.readDataToEndOfFile())
      return (try CatalogLoader.load(bytes: bytes, path: "<stdin>", settings: settings), bytes.count)
    }
    let reader = StreamingReader(
      format: format, delimiter: options.inputDelimiter, headerLines: options.headerLines, shape: options.lineShape
    ) {}
    let table = reader.readAll(input)
    options.inputHeader = reader.headerRead
    let catalog = Catalog(
      name: options.streamName, path: "<\(options.streamName)>", table: table,
      settings: options.catalog.resolved(for: table),
      given: options.catalog)
    return (catalog, reader.snapshot().bytesRead)
  }

  /// The catalog from a file, as `LoadPlan` says: its index cache, else a stream into the app (a
  /// large file), a stream filter (large lines), a scan that answers `--filter` before the index
  /// is built (large records), or a whole load.
  private static func runFile(_ plan: Plan, _ options: Options) throws -> Int32 {
    let file = try FileLoad(options.catalogPath ?? "-", options)
    switch LoadPlan(loadFacts(plan, options, file: file)) {
    case .buildCache:
      // Started by `CacheBuilder.detach`: the index and its cache, nothing printed (whatever the
      // store the answering command left behind).
      guard CacheBuilder.claim(cachePath: file.cachePath) else { return 0 }
      Self.finish(saving: try (file.cached() ?? file.whole()).pendingSave)
      return 0
    case .readOnce:
      return runLoaded(plan, options, try CatalogLoader.load(path: file.path, overrides: options.catalog))
    case .refuse: throw CatalogError.unreadable(path: file.path, reason: "not a regular file or a pipe")
    case .cacheElse(let cold):
      if let cached = file.cached() { return runLoaded(plan, options, cached.catalog, pendingSave: cached.pendingSave) }
      return try runCold(cold, file, plan, options)
    case .nothingToBuild, .databaseCache, .streamIntoApp, .streamFilter, .readWhole: return 0  // a pipe's
    }
  }

  /// A file without a usable index cache.
  private static func runCold(_ cold: LoadPlan.Cold, _ file: FileLoad, _ plan: Plan, _ options: Options) throws
    -> Int32
  {
    switch cold {
    case .streamIntoApp:
      guard let loaded = file.stream() else { break }
      return runLoaded(
        plan, options, loaded.catalog, stream: loaded.stream.map { ($0.handle, $0.format, $0.bytes) },
        writeCache: loaded.writeCache)
    case .streamFilter:
      guard case .filter(let query) = plan.mode, let handle = FileHandle(forReadingAtPath: file.path) else { break }
      defer { try? handle.close() }
      if let code = streamFilter(handle, query, options, noStore: true) { return code }
    case .scanFirst(let detaches):
      guard case .filter(let query) = plan.mode else { break }
      var scanned: Int32? = nil
      let loaded = try file.whole { prepared in
        guard let code = scanFilter(prepared, query: query, options: options) else { return }
        if detaches {
          CacheBuilder.detach()
          ProcessEnd.exit(code)
        }
        scanned = code
      }
      if let scanned {
        Self.finish(saving: loaded.pendingSave)
        return scanned
      }
      return runLoaded(plan, options, loaded.catalog, pendingSave: loaded.pendingSave)
    case .loadWhole: break
    }
    let whole = try file.whole()
    return runLoaded(plan, options, whole.catalog, pendingSave: whole.pendingSave)
  }

  /// The plan's mode on a catalog: `--filter`, a store command, or the app (fed from `stream`
  /// when the catalog is still being read). The index cache is written once the answer is out,
  /// or beside the app.
  private static func runLoaded(
    _ plan: Plan, _ options: Options, _ catalog: Catalog, pendingSave: (@Sendable () -> Void)? = nil,
    stream: (handle: FileHandle, format: CatalogFormat, bytes: Int?)? = nil,
    writeCache: (@Sendable (Catalog) -> Void)? = nil
  ) -> Int32 {
    for warning in catalog.warnings { Output.error("seek: warning: \(catalog.path): \(warning)") }
    switch plan.mode {
    case .filter(let query):
      let code = FilterCommand.run(catalog: catalog, options: options, query: query)
      Self.finish(saving: pendingSave)
      return code
    case .store:
      let code = StoreCommands.run(catalog: catalog, options: options)
      Self.finish(saving: pendingSave)
      return code
    case .interactive:
      let saving = DispatchGroup()
      if let pendingSave { DispatchQueue.global().async(group: saving) { pendingSave() } }
      var inputFailure: (@Sendable () -> String?)? = nil
      if let source = plan.defaultSource { inputFailure = { source.commandFailure() } }
      let streamFormat: (FileHandle, CatalogFormat)? = stream.map { ($0.handle, $0.format) }
      let code = Self.interactive(
        catalog: catalog, options: options, streamFormat: streamFormat, inputBytes: stream?.bytes,
        writeCache: writeCache, picking: plan.picking(options), piped: plan.source.isPipe, lines: plan.lines,
        inputFailure: inputFailure, databaseSource: plan.defaultSource?.database == nil ? nil : plan.defaultSource)
      saving.wait()
      return code
    }
  }

  /// Writes a pending index cache once the answer is printed: whoever reads the output has it
  /// while the cache is written.
  static func finish(saving pendingSave: (@Sendable () -> Void)?) {
    // Output is written unbuffered (`Output.write`): it is out already.
    pendingSave?()
  }

  /// The store a catalog's checks and created items live in (`name` defaults to the file's).
  static func storePath(_ path: String, name: String? = nil, _ options: Options) -> String {
    options.storePath
      ?? SQLiteItemStore.defaultPath(
        catalogName: name ?? CatalogLoader.catalogName(path), catalogPath: path,
        environment: ProcessInfo.processInfo.environment)
  }

  /// What is said when reading stopped at the memory limit, as the app's status line says it.
  static func memoryLimitNote(lines: Int) -> String {
    "input not read past \(lines) lines: the memory limit (\(ProcessMemory.inputLimitBytes() >> 20) MB, "
      + "SEEK_MEMORY_LIMIT_MB) was reached; the answer is from the lines read"
  }

  /// `--filter` on a pipe of lines, matched while it is read (`LineStreamFilter`): memory for the
  /// page, not the input. nil when the request needs the whole index (filters, facets, a sort, a
  /// store's created items, ties by name).
  /// `noStore`: the caller made sure no store holds created items for this input.
  static func streamFilter(_ input: FileHandle, _ query: String, _ options: Options, noStore: Bool = false) -> Int32? {
    // In input order a page is not among the best lines a stream filter keeps (every match is).
    guard options.lineShape.isPlain, !(options.noSort && options.pagingGiven), options.filters == nil,
      options.facets.isEmpty, options.sort == nil,
      options.storePath == nil || noStore
    else {
      return nil
    }
    let empty = RecordTable(attributes: ["text"])
    let settings = options.catalog.resolved(for: empty)
    guard LineStreamFilter.supports(settings.index) else { return nil }
    let limit =
      (SearchRequest.clamped(page: options.page) + 1) * SearchRequest.clamped(hitsPerPage: options.hitsPerPage)
    let ranked = FilterCommand.printsRankedMatches(options)
    var result = LineStreamFilter.run(
      input, query: query, settings: settings.index, limit: limit, matching: options.matching,
      delimiter: options.inputDelimiter, headerLines: options.headerLines, order: ranked ? .rank : .input)
    if let warning = RecordTable.longValuesWarning(result.longLines) {
      Output.error("seek: warning: <stdin>: \(warning)")
    }
    if result.stoppedAtMemoryLimit {
      Output.error("seek: warning: <stdin>: \(memoryLimitNote(lines: result.linesRead))")
    }
    // Every match kept (none left out by the limit): the stream's rank order is the index's.
    if ranked && result.linesRead <= limit, let order = result.rankOrder {
      let code = FilterCommand.printRanked(
        result.lines, in: order, nbHits: result.nbHits, droppedWords: result.droppedWords, options: options)
      LeftForExit.keep(result)
      return code
    }
    if ranked { result.lines.sort { $0.index < $1.index } }
    var kept = RecordTable(attributes: ["text"])
    for line in result.lines { kept.appendRow([line.text]) }
    // Ranked in the whole input's dictionary regime, not in that of the kept lines' own words.
    var keptSettings = options.catalog.resolved(for: kept)
    keptSettings.index.substringMatching = result.regime != .large
    keptSettings.index.firstLettersFixed = result.regime != .small
    let catalog = Catalog(
      name: options.streamName, path: "<\(options.streamName)>", table: kept, settings: keptSettings,
      given: options.catalog)
    var oneShot = options
    oneShot.noStore = true
    return FilterCommand.run(
      catalog: catalog, options: oneShot, query: query, streamed: (result.nbHits, result.droppedWords))
  }

  /// The size of the regular file at `path` (nil for anything else).
  static func regularFileSize(_ path: String) -> Int? {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
  }

  /// `--filter` answered from a scan of the records (`PreparedCatalog.scan`): the page and exact
  /// count an exhaustive search of the index gives. nil when a scan cannot answer (the empty query).
  static func scanFilter(_ prepared: PreparedCatalog, query: String, options: Options) -> Int32? {
    let limit =
      (SearchRequest.clamped(page: options.page) + 1) * SearchRequest.clamped(hitsPerPage: options.hitsPerPage)
    guard let answer = prepared.scan(query, limit: limit, matching: options.matching) else { return nil }
    for warning in prepared.warnings { Output.error("seek: warning: \(prepared.path): \(warning)") }
    return FilterCommand.run(
      catalog: answer.catalog, options: options, query: query, streamed: (answer.nbHits, answer.droppedWords))
  }

  /// Whether the input is lines (a pipe read as lines, a plain-text file) rather than records.
  static func isLines(path: String?, options: Options) -> Bool {
    if let format = options.catalog.format { return format == .lines }
    guard let path else { return true }
    if let format = CatalogFormat.fromExtension(of: path) { return format == .lines }
    // A settings file may name the format; otherwise the first bytes tell.
    let settingsPath = CatalogSettings.settingsPath(forCatalog: path)
    if let text = try? String(contentsOfFile: settingsPath, encoding: .utf8),
      let format = (try? CatalogSettings.parse(text, path: settingsPath))?.format
    {
      return format == .lines
    }
    // Only a regular file is peeked at: a FIFO (`<(cmd)`) is read once, by the loader.
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    guard info.st_mode & S_IFMT == S_IFREG else { return info.st_mode & S_IFMT == S_IFIFO }
    return sniff(path) == .lines
  }

  /// Above this size, a catalog file without a usable index cache opens like a pipe in the app:
  /// records are indexed as they are read, results show at once, and the cache is written at
  /// the end (parsing and indexing 1.1M records takes about 10 s).
  static let streamFilesAbove = 16 << 20
  /// `streamFilesAbove`, unless the environment sets another (tests).
  static var streamAbove: Int {
    ProcessInfo.processInfo.environment["SEEK_STREAM_FILES_ABOVE"].flatMap { Int($0) } ?? streamFilesAbove
  }
  /// `IndexCache.worthCachingAfter`, unless the environment sets another (tests: a cache written
  /// whatever the machine's speed).
  static var cacheAfterSeconds: Double {
    ProcessInfo.processInfo.environment["SEEK_CACHE_AFTER_SECONDS"].flatMap { Double($0) }
      ?? IndexCache.worthCachingAfter
  }

  /// The format a file's first bytes tell.
  static func sniff(_ path: String) -> CatalogFormat {
    guard let handle = FileHandle(forReadingAtPath: path) else { return .lines }
    defer { try? handle.close() }
    let head = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
    return head.withUnsafeBufferPointer { CatalogFormat.sniff($0) }
  }

  static func interactive(
    catalog startCatalog: Catalog, options: Options, streamFormat: (FileHandle, CatalogFormat)?, inputBytes: Int? = nil,
    writeCache: (@Sendable (Catalog) -> Void)? = nil, picking: Picking,
    piped: Bool, lines: Bool, inputFailure: (@Sendable () -> String?)? = nil, databaseSource: DefaultSource? = nil
  ) -> Int32 {
    do {
      var catalog = startCatalog
      // Lines are a plain list, as in fzf: suggestions only when asked for (--suggest, or a file
      // given with --suggestions).
      let suggests = options.suggestionsPath != nil || options.suggest || !lines
      let suggestions =
        try options.suggestionsPath.map(SuggestionsFile.load)
        ?? (suggests ? catalog.suggestions(minHits: options.suggestionsMinHits) : [])
      // Piped input is a list of the moment: its checks and created items are not kept from one
      // run to the next (nor mixed with another pipe's) unless a store is named.
      let store =
        piped && options.storePath == nil && options.sharedStore == nil
        ? MemoryItemStore(clock: { Date().timeIntervalSince1970 }) : try openStore(catalog: catalog, options: options)
      let writer = try StoreWriter(
        store: store,
        learning: SuggestionLearning(
          minHits: options.suggestionsMinHits, excludedWords: Set(options.suggestionsExclude)),
        clock: { Date().timeIntervalSince1970 })
      let initial = try writer.initialState()
      // Picks are learned where the store outlives the run: a file's, or a pipe's with --store.
      let learns = !options.noLearn && !(store is MemoryItemStore)
      var picking = picking
      picking.learns = learns
      // The catalog's word on its create row (its settings file, --settings, the flags).
      if let create = catalog.given.create { picking.offersCreate = create }
      if let onEnter = catalog.given.createOnEnter { picking.createsOnEnter = onEnter }
      let service = SearchService(
        catalog: catalog, suggestions: suggestions, created: initial.created, learned: suggests ? initial.learned : [],
        hitsPerPage: options.hitsPerPage,
        generatingSuggestions: options.suggestionsPath == nil && suggests ? options.suggestionsMinHits : nil,
        recent: suggests ? initial.recent : [])
      service.matching = options.matching
      service.lineShape = options.lineShape
      service.printTerminator = options.outputTerminator
      service.identityFields = options.identityFields
      service.inputOrder = options.noSort
      service.learning = learns
      service.clock = { Date().timeIntervalSince1970 }
      service.setPicks(initial.picks)
      if streamFormat == nil, let refusal = FilterCommand.refusal(of: options, catalog: catalog) {
        Output.error("seek: \(refusal)")
        return 2
      }
      var configuration = Self.configuration(options, picking: picking, input: streamFormat)
      configuration.source.inputBytes = inputBytes
      configuration.source.onInputIndexed = writeCache
      configuration.source.inputFailure = inputFailure
      if let databaseSource, let database = databaseSource.database {
        // A table that announces a change (`NOTIFY seek_catalog`) is read again, when its rows
        // are not those last read.
        let latest = LatestSource(databaseSource)
        configuration.watchInput = { database.watch(loadedVersion: { latest.source?.streamedVersion }, onChange: $0) }
        configuration.reopenInput = {
          let source = DefaultSource.start(database: database)
          latest.source = source
          return (source.handle, .jsonLines)  // a database's rows stream as JSON Lines
        }
      }
      let history = options.historyPath.map { HistoryFile(path: $0, limit: options.historySize) }
      if let history { configuration.history = try history.load() }
      // --select-1 / --exit-0 decide before any screen is drawn, as fzf does (the app's searcher).
      if options.selectOne || options.exitZero {
        let first = service.results(query: options.query, page: 0, refine: configuration.start.refine)
        let clean = EffectRuntime.ShutdownReport(failures: [], unfinishedWrites: 0)
        // fzf's decision, on fzf's matches: a hit one typo away, or one that leaves a word
        // out, is shown but never accepted nor counted here (`-1 -q gitconfig` took `ifconfig`).
        let certain = first.droppedWords.isEmpty ? first.hits.filter { $0.typos == 0 } : []
        if options.exitZero && certain.isEmpty {
          // fzf prints the query even so (`--print-query -0`).
          if options.printQuery { Output.write(options.query + options.outputTerminator) }
          return finish(.quit(status: 1), clean, store: store, service: service, history: history, options: options)
        }
        if options.selectOne && certain.count == 1, let only = certain.first {
          return finish(
            .accepted(objectIDs: [only.objectID], query: options.query), clean, store: store, service: service,
            history: history, options: options)
        }
      }
      let app = TerminalApp(service: service, writer: writer, checked: initial.checked, configuration: configuration)
      let outcome = try app.run()
      return finish(outcome, app.shutdownReport, store: store, service: service, history: history, options: options)
    } catch {
      Output.error("seek: \(error)")
      return 2
    }
  }

  /// What the app's way out prints and returns; whatever the way out, the store must hold what
  /// the user saw, and when it may not, that is said (and the status is 2).
  private static func finish(
    _ outcome: TerminalApp.Outcome, _ report: EffectRuntime.ShutdownReport, store: ItemStore,
    service: SearchService, history: HistoryFile?, options: Options
  ) -> Int32 {
    for failure in report.failures { Output.error("seek: \(failure)") }
    if let shared = store as? SharedItemStore, let warning = shared.close(within: 3) {
      Output.error("seek: warning: \(warning)")
    }
    if report.unfinishedWrites > 0 {
      Output.error(
        "seek: \(report.unfinishedWrites) store write\(report.unfinishedWrites == 1 ? "" : "s") did not finish within \(Int(TerminalApp.shutdownDeadline)) s"
      )
    }
    switch outcome {
    case .quit(let status, let query):
      if status <= 1, let query {
        // Accepted with nothing to accept (status 1): fzf still prints the query and the key.
        if status == 1 {
          printAccepted([], query: query, key: nil, store: store, service: service, options: options)
        }
        do { try history?.append(query) } catch { Output.error("seek: \(error)") }
      }
      return report.isClean ? status : 2
    case .queryPrinted(let query):
      Output.write(query + options.outputTerminator)
      return report.isClean ? 0 : 2
    case .become(let command, let variables):
      // fzf's become: the command takes Seek's place (its output where Seek's went).
      guard report.isClean else { return 2 }
      Self.become(command, variables: variables)
    case .accepted(let ids, let query, let key, let printed):
      printAccepted(ids, query: query, key: key, printed: printed, store: store, service: service, options: options)
      do { try history?.append(query) } catch { Output.error("seek: \(error)") }
      return report.isClean ? 0 : 2
    }
  }

  /// The app's configuration from the options: its looks (prompt, pointer, border, layout,
  /// colours), keys and bindings, header, refinements to start with, and the details pane.
  static func configuration(
    _ options: Options, picking: Picking, input: (FileHandle, CatalogFormat)?
  ) -> TerminalApp.Configuration {
    let environment = ProcessInfo.processInfo.environment
    var configuration = TerminalApp.Configuration(
      colors: Output.colorAllowed && environment["TERM"] != "dumb", initialQuery: options.query,
      tracePath: environment["SEEK_TRACE"],
      input: input, height: options.height,
      picking: picking)
    if let prompt = options.prompt { configuration.prompt = prompt }
    let signs = options.drawnSigns
    configuration.pointer = signs.pointer
    (configuration.marker, configuration.markerMultiLine) = options.drawnMultiLineMarkers
    configuration.gutter = signs.gutter
    configuration.separator = signs.separator
    configuration.scrollbar = signs.scrollbar
    configuration.start.scrollOff = options.scrollOff
    // Seek's own screen draws an item on one row, whatever the flags say.
    configuration.start.multiLine = options.multiLine && options.look.isFzf
    configuration.gap = options.gap
    configuration.gapLine = options.gapLine
    configuration.start.track = options.track
    configuration.start.identifiesLines = !options.identityFields.isEmpty
    configuration.ellipsis = options.ellipsis
    configuration.hscrollOff = options.hscrollOff
    configuration.frozen = FrozenFields(
      left: options.frozen.left, right: options.frozen.right, shape: options.lineShape)
    configuration.tabstop = options.tabstop
    configuration.ghost = options.ghost
    configuration.inlineInfoPrefix = options.inlineInfoPrefix
    configuration.start.infoCommand = options.infoCommand
    configuration.start.look = options.look
    configuration.surround = options.surround
    configuration.overflow = options.overflow
    if let labels = options.jumpLabels { configuration.start.jumpLabels = labels }
    configuration.mouse = !options.noMouse
    configuration.source.delimiter = options.reloadDelimiter
    configuration.source.inputDelimiter = options.inputDelimiter
    configuration.source.headerLines = options.headerLines
    configuration.start.info = options.info
    configuration.inputShown = !options.noInput
    configuration.start.pathWords = options.filepathWord
    configuration.clearsOnExit = !options.noClear
    configuration.layout = options.layout
    configuration.expect = options.expect
    configuration.headerFirst = options.headerFirst
    configuration.keyBindings = options.keyBindings.map { ($0.key.name, $0.key.keys, $0.actions) }
    configuration.eventBindings = options.eventBindings
    configuration.timers = options.timerBindings
    configuration.source.lineShape = options.lineShape
    configuration.start.fields = LineFieldsState(
      nth: options.nthText, withNth: options.withNthText, headerLines: options.headerLines,
      reshapable: options.lineShape.reshapes)
    if let header = options.header {
      configuration.start.header = header.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    configuration.start.inputHeader = options.inputHeader
    if let footer = options.footer {
      configuration.start.footer = footer.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    configuration.start.refine = Refine(refinements: Refinements(filter: options.filters), sort: options.sort)
    configuration.start.refine.searchDisabled = options.searchDisabled
    if options.noSort { configuration.start.refine.inputOrder = true }
    configuration.start.details.placement = options.previewWindow
    configuration.start.details.requestedPlacement = options.previewWindow
    configuration.start.details.basePlacement = options.previewWindow
    configuration.start.details.command = options.preview
    configuration.start.details.label = options.previewLabel
    if let sign = options.previewWrapSign ?? options.wrapSign { configuration.start.details.wrapSign = sign }
    configuration.previewLabelPosition = options.previewLabelPosition
    configuration.sections = options.sections
    configuration.minHeight = options.minHeight
    configuration.start.sectionLabels = options.sectionLabels
    configuration.start.details.open = options.preview != nil && !options.previewWindow.hidden
    return configuration
  }

  /// Replaces this process with `$SHELL -c command`; returns (exit 127) only if that fails.
  static func become(_ command: String, variables: [String: String]) -> Never {
    Output.error("seek: become: " + ChildProcess.become(command, variables: variables))
    exit(127)
  }

  /// `follows`: a shared store is kept in step on its own thread (the app); otherwise the caller
  /// syncs it (`SharedItemStore.syncNow`).
  static func openStore(catalog: Catalog, options: Options, follows: Bool = true) throws -> ItemStore {
    if options.noStore { return MemoryItemStore(clock: { Date().timeIntervalSince1970 }) }
    let path = storePath(catalog.path, name: catalog.name, options)
    if let warning = SQLiteItemStore.folderWarning(path: path) { Output.error("seek: warning: \(warning)") }
    if let address = try sharedStore(catalog, options) {
      checkPasswordFile()
      return try SharedItemStore(
        path: path, address: address, list: options.storeList ?? catalog.name, follows: follows)
    }
    return try SQLiteItemStore(path: path)
  }

  /// Before the first connection: a password file libpq would ignore is said here, once, rather
  /// than by libpq on stderr at every connection (under the app's screen).
  static func checkPasswordFile() {
    var environment = ProcessInfo.processInfo.environment
    guard let warning = PostgresAddress.checkPasswordFile(&environment) else { return }
    setenv("PGPASSFILE", environment["PGPASSFILE"]!, 1)
    Output.error("seek: warning: \(warning)")
  }

  /// The PostgreSQL store the list is shared through: `--store`, `SEEK_STORE`, or the user's
  /// `stores.json` (`UserStores`) — never the catalog's settings file, which is said once.
  static func sharedStore(_ catalog: Catalog, _ options: Options) throws -> PostgresAddress? {
    if options.noStore { return nil }
    if catalog.given.namesAStore {
      Output.error(
        "seek: warning: \(CatalogSettings.settingsPath(forCatalog: catalog.path)) names a shared store, which is "
          + "ignored: a file that comes with the data cannot choose where your list is sent "
          + "(use --store, SEEK_STORE or \(UserStores.configPath(ProcessInfo.processInfo.environment)))")
    }
    if let address = options.sharedStore { return address }
    return try UserStores.address(
      forList: options.storeList ?? catalog.name, environment: ProcessInfo.processInfo.environment)
  }

  /// The catalog's store when it exists already, for commands that only read it (`--filter`):
  /// nothing is created for a one-shot search.
  static func openExistingStore(catalog: Catalog, options: Options) throws -> ItemStore? {
    if options.noStore { return nil }
    let path = storePath(catalog.path, name: catalog.name, options)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try SQLiteItemStore(path: path)
  }

  /// Prints accepted items: titles (or --field), or full records as JSON Lines with --json. An item
  /// no longer in the catalog is printed with the title the store kept.
  static func printAccepted(
    _ ids: [String], query: String, key: String?, printed: [String] = [], store: ItemStore, service: SearchService,
    options: Options
  ) {
    let end = options.outputTerminator
    var out = options.printQuery ? query + end : ""
    // fzf's --expect: the key that accepted (an empty line for Enter) before the items.
    if !options.expect.isEmpty { out += (key ?? "") + end }
    // fzf's `print(…)`: after the key, before the items.
    for line in printed { out += line + end }
    let kept = (try? store.checkedItems()) ?? []
    for id in ids {
      let keptTitle = kept.first { $0.objectID == id }?.title
      if options.json {
        if let json = service.json(objectID: id)
          ?? keptTitle.map({ service.catalog.missingJSON(objectID: id, title: $0) })
        {
          out += json.serialized + end
        }
      } else if let field = options.field {
        // `--ansi` lines go out as fzf prints them: the text, without its colour sequences.
        if let value = service.value(objectID: id, attribute: field) ?? keptTitle {
          out += FilterCommand.asRead(value, options) + end
        }
      } else if let title = service.title(objectID: id) ?? keptTitle {
        let ordinal = service.searcher.ordinal(objectID: id)
        out += (options.printsLinesAsRead ? FilterCommand.asRead(title, options, ordinal: ordinal) : title) + end
      }
    }
    // To a pipe the records go as they are; to a terminal, never raw (no escape sequences).
    if Output.stdoutIsTerminal {
      out = out.split(separator: "\n", omittingEmptySubsequences: false).map { SafeText.sanitized(String($0)) }
        .joined(separator: "\n")
    }
    Output.write(out)
  }
}
