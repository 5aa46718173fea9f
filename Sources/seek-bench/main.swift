import Foundation
import SearchEngine
import SeekApp
import SeekCore
import SeekShared
import SeekTerminal

// seek-bench: measures and prints; never asserts. Run with `make bench` (release build).
//   1. Data/: build time, memory, per-keystroke latency for the 2,120 real queries, typed letter by letter.
//   2. The 1.1M-record package catalog: the same, plus relevance on package names and typo'd names.
//   3. Peers on the same keystrokes: SQLite FTS5 and fzf --filter.
//   4. Time to first results of the real binary, cold and warm (index cache).
// Keystroke-to-screen latency in tmux is measured by Scripts/terminal-latency.sh (`make bench`).
ProcessMemory.returnLargeBlocksToTheSystem()  // as the app does
let arguments = Set(CommandLine.arguments.dropFirst())
let root = FileManager.default.currentDirectoryPath
let shared = ProcessInfo.processInfo.environment["SEEK_SHARED_DATA"] ?? root + "/../shared/data"
let work = NSTemporaryDirectory() + "seek-bench-\(getpid())"
try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: work) }

/// Every prefix of every query, as typed.
func keystrokes(_ queries: [String]) -> [String] {
  queries.flatMap { q in (1...max(1, q.count)).map { String(q.prefix($0)) } }
}

/// The least time of each keystroke over `passes` passes of the engine alone (top 20, with the
/// highlights a list shows): a noisy machine's stalls rarely hit the same keystroke twice.
func leastTimes(_ searcher: Searcher, _ stream: [String], passes: Int) -> [Double] {
  var least = [Double](repeating: .infinity, count: stream.count)
  for _ in 0..<passes {
    for (i, text) in stream.enumerated() {
      let start = Measure.now()
      _ = searcher.search(SearchRequest(query: text, hitsPerPage: 20, highlightScope: .titleAndSnippet))
      least[i] = min(least[i], Double(Measure.now() - start) / 1e9)
    }
  }
  return least
}

/// Types every query letter by letter into the one search path the app and `--filter` use.
func typeAll(_ searcher: CatalogSearcher, _ queries: [String]) -> Samples {
  var samples = Samples()
  for q in queries {
    for k in 1...max(1, q.count) {
      let prefix = String(q.prefix(k))
      let start = Measure.now()
      _ = try! searcher.search(
        CatalogSearcher.Request(query: prefix, hitsPerPage: 20, highlightScope: .titleAndSnippet))
      samples.add(Double(Measure.now() - start) / 1e9)
    }
  }
  return samples
}

/// Refining while typing: every prefix of `queries` with `filters` and counts of `facets`, through
/// the app's request (refinements, disjunctive counts for the refined attribute).
func typeRefined(_ searcher: CatalogSearcher, _ queries: [String], refinements: Refinements, facets: [String])
  -> Samples
{
  var samples = Samples()
  for text in keystrokes(queries) {
    let start = Measure.now()
    _ = try! searcher.search(
      CatalogSearcher.Request(
        query: text, hitsPerPage: 20, highlightScope: .titleAndSnippet, refinements: refinements, facets: facets))
    samples.add(Double(Measure.now() - start) / 1e9)
  }
  return samples
}

/// Infinite scroll: the cost of page 2 and page 50 of `query` as the app loads them (search-after
/// cursor), and page 50 by offset (ranking the 1,000 hits before it again), median of `runs`.
func deepPages(_ catalog: Catalog, _ query: String, runs: Int = 15) -> String {
  let service = SearchService(catalog: catalog, suggestions: [])
  var second = Samples()
  var fiftieth = Samples()
  var byOffset = Samples()
  for _ in 0..<runs {
    var page = service.results(query: query, page: 0)
    guard page.nbPages >= 50 else { return "fewer than 50 pages" }
    for p in 1..<50 {
      let start = Measure.now()
      page = service.results(query: query, page: p, cursor: page.next)
      let t = Double(Measure.now() - start) / 1e9
      if p == 1 { second.add(t) }
      if p == 49 { fiftieth.add(t) }
    }
    let start = Measure.now()
    _ = service.results(query: query, page: 49)
    byOffset.add(Double(Measure.now() - start) / 1e9)
  }
  return
    "page 2 \(ms(second.median)) ms, page 50 \(ms(fiftieth.median)) ms (by offset instead: \(ms(byOffset.median)) ms)"
}

func peerFTS(_ peer: FTS5Peer?, _ queries: [String]) -> Samples {
  var samples = Samples()
  guard let peer else { return samples }
  for text in keystrokes(queries) {
    let start = Measure.now()
    if peer.search(text) == nil { continue }
    samples.add(Double(Measure.now() - start) / 1e9)
  }
  return samples
}

func compare(_ name: String, _ peer: Samples, _ seek: Samples) {
  guard peer.count > 0 else {
    log("  \(name): not available")
    return
  }
  log(
    "  \(name): \(peer.summary()); vs Seek: median ×\(String(format: "%.1f", peer.median / seek.median)), p99 ×\(String(format: "%.1f", peer.p99 / seek.p99))"
  )
}

// MARK: - 1. Data/

if let prepare = CommandLine.arguments.firstIndex(of: "--prepare-terminal").map({ CommandLine.arguments[$0 + 1] }) {
  // For Scripts/terminal-latency.sh: the package catalog as TSV and the queries to type.
  let packages = PackageCatalog.load(dataDirectory: shared, directory: work)
  packages.writeTSV(to: prepare + "/packages.tsv")
  var random = SeededRandom(state: 20_261_129)
  let names = packages.sampledNames(40, &random)
  let queries = ((try? SuggestionsFile.load(path: shared + "/ecommerce-query-suggestions.json")) ?? []).map(\.query)
  _ = FileManager.default.createFile(
    atPath: prepare + "/package-queries.txt", contents: Data(names.joined(separator: "\n").utf8))
  _ = FileManager.default.createFile(
    atPath: prepare + "/data-queries.txt", contents: Data(queries.prefix(150).joined(separator: "\n").utf8))
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}

if arguments.contains("--learning-only") {
  // The cost of learning on a keystroke, alone: 1.1M packages, 10,000 picks (`make bench` runs it
  // with the rest).
  let packages = PackageCatalog.load(dataDirectory: shared, directory: work)
  let index = IndexBuilder.build(packages.documents, settings: PackageCatalog.settings)
  let searcher = CatalogSearcher(
    catalog: Catalog(
      name: "packages", path: "", settings: ResolvedSettings(index: PackageCatalog.settings), given: CatalogSettings(),
      numericAttributes: [], index: index))
  var random = SeededRandom(state: 20_261_129)
  let names = packages.sampledNames(300, &random)
  let ids = names.compactMap { PackageCatalog.objectID(of: $0, in: searcher) }
  for _ in 0..<3 { LearningBench.keystrokes(searcher, queries: names, picks: 10_000, objectIDs: ids) }
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}

if let uri = CommandLine.arguments.firstIndex(of: "--sync-only").map({ CommandLine.arguments[$0 + 1] }) {
  // Sync latency through a shared store (Scripts/sync-latency.sh starts the server).
  log("== Shared store: a check's way from one machine's local store to another's")
  do { try SyncLatency.run(address: try PostgresAddress(uri), checks: 1_000, work: work) } catch { log("  \(error)") }
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}

if arguments.contains("--startup-only") {
  // The start-up measurements alone (cold, then warm from the index cache).
  StartUp.measure(packages: PackageCatalog.load(dataDirectory: shared, directory: work), work: work)
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}

if arguments.contains("--stream-phases") {
  StreamPhases.run(work: work)
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}

if arguments.contains("--growth") {
  Growth.run(PackageCatalog.load(dataDirectory: shared, directory: work), work: work)
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}

if arguments.contains("--keys-on-cache"), let cache = ProcessInfo.processInfo.environment["SEEK_BENCH_CACHE"] {
  CachedKeys.run(PackageCatalog.load(dataDirectory: shared, directory: work), cache: cache)
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}

if arguments.contains("--fuzzy-only") {
  let packages = PackageCatalog.load(dataDirectory: shared, directory: work)
  FuzzyTier.measure(packages, popular: packages.top, work: work)
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}

if arguments.contains("--scale-only") {
  // The 10k and 100k samples alone (for profiling the small-catalog tail).
  let packages = PackageCatalog.load(dataDirectory: shared, directory: work)
  Scale.samples(packages, sizes: [10_000, 100_000])
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}

log("== Data/products.json")
Measure.resetPeak()
let rssBefore = Measure.memory("VmRSS")
let (catalog, dataLoad) = Measure.time { try! CatalogLoader.load(path: root + "/Data/products.json") }
log(
  "  cold start (parse + index \(catalog.index.count) records): \(ms(dataLoad)) ms; RSS +\(mb(Measure.memory("VmRSS") - rssBefore)), index \(catalog.index.indexBytes / catalog.index.count) B/record"
)
let suggestionRecords = (try? SuggestionsFile.load(path: shared + "/ecommerce-query-suggestions.json")) ?? []
let dataQueries = suggestionRecords.map(\.query)
if arguments.contains("--relevance-only") {
  // Category precision alone, with the queries that lose the most (for tuning the ranking).
  let realQueries = Relevance.load(shared + "/ecommerce-query-suggestions.json")
  JudgedQueries.report(catalog)
  let result = Relevance.categoryPrecision(catalog, realQueries, losses: 40)
  log(
    "  category precision@10 over \(result.queries) real queries: \(String(format: "%.1f", 100 * result.precision))% of a \(String(format: "%.1f", 100 * result.ceiling))% ceiling"
  )
  Relevance.categorization(catalog, realQueries, suggestionRecords)
  var typosOnKnownWords = CatalogSettings()
  typosOnKnownWords.typosOnKnownWords = true
  if let algolias = try? CatalogLoader.load(path: root + "/Data/products.json", overrides: typosOnKnownWords) {
    log("  known words take no typo: \(Relevance.knownWordsEffect(catalog, algolias, realQueries))")
  }
  try? FileManager.default.removeItem(atPath: work)
  exit(0)
}
let dataSearcher = Searcher(index: catalog.index)
let dataCatalogSearcher = CatalogSearcher(catalog: catalog)
// Profiling aid: the given queries alone, each repeated (nothing else is measured).
if let q = ProcessInfo.processInfo.environment["SEEK_BENCH_DATA_REPEAT"] {
  for query in q.split(separator: "|").map(String.init) {
    var best = Double.infinity
    for _ in 0..<7 {
      let (_, t) = Measure.time {
        for _ in 0..<1000 {
          _ = dataSearcher.search(SearchRequest(query: query, hitsPerPage: 20, highlightScope: .titleAndSnippet))
        }
      }
      best = min(best, t / 1000)
    }
    log("  '\(query)' warm, best of 7: \(ms(best)) ms")
  }
  exit(0)
}
// Profiling aid: the given queries typed letter by letter, many times; the least time per prefix.
if let q = ProcessInfo.processInfo.environment["SEEK_BENCH_DATA_TYPE"] {
  let queries = q.split(separator: "|").map(String.init)
  let stream = keystrokes(queries)
  let least = leastTimes(dataSearcher, stream, passes: 400)
  log("  typed, least of 400, in all: \(ms(least.reduce(0, +))) ms")
  if ProcessInfo.processInfo.environment["SEEK_BENCH_DATA_TYPE_QUIET"] != nil { exit(0) }
  log("  typed, least of 400: " + zip(stream, least).map { "\($0.0)=\(ms($0.1))" }.joined(separator: ", "))
  exit(0)
}
_ = typeAll(dataCatalogSearcher, Array(dataQueries.prefix(50)))  // warm-up
let dataSamples = typeAll(dataCatalogSearcher, dataQueries)
log(
  "  per keystroke (\(dataQueries.count) real queries, every prefix, top 20 with the highlights a list shows): \(dataSamples.summary())"
)
var engineOnly = Samples()
for text in keystrokes(dataQueries) {
  let start = Measure.now()
  _ = dataSearcher.search(SearchRequest(query: text, hitsPerPage: 20, highlightScope: .titleAndSnippet))
  engineOnly.add(Double(Measure.now() - start) / 1e9)
}
log("  the engine alone (one Searcher, no segment merge): \(engineOnly.summary())")
log("  infinite scroll, empty query: \(deepPages(catalog, ""))")
// Learning from picks: the third hit of each of 200 real queries is the one wanted.
do {
  let pairs = dataQueries.prefix(200).compactMap { q -> LearningBench.Pair? in
    let hits = LearningBench.ranked(dataCatalogSearcher, q, nil, hits: 3)
    return hits.count == 3 ? LearningBench.Pair(query: q, objectID: hits[2]) : nil
  }
  LearningBench.measure(
    "learning, Data/", dataCatalogSearcher, pairs: pairs, neverPicked: Array(dataQueries.dropFirst(200).prefix(400)))
}
let samsung = Refinements(facets: [.init(attribute: "brand", value: "Samsung")])
log(
  "  refining (brand:Samsung, counts of brand and category), every prefix: \(typeRefined(dataCatalogSearcher, dataQueries, refinements: samsung, facets: ["brand", "category"]).summary())"
)
// Relevance on real queries: category precision@10, unordered (the default) and ordered(name).
let realQueries = Relevance.load(shared + "/ecommerce-query-suggestions.json")
JudgedQueries.report(catalog)
Relevance.categorization(catalog, realQueries, suggestionRecords)
let unordered = Relevance.categoryPrecision(catalog, realQueries)
var orderedSettings = CatalogSettings()
orderedSettings.searchableAttributes = ["ordered(name)", "brand", "category", "description"]
if let orderedCatalog = try? CatalogLoader.load(path: root + "/Data/products.json", overrides: orderedSettings) {
  let ordered = Relevance.categoryPrecision(orderedCatalog, realQueries)
  log(
    "  relevance, category precision@10 over \(unordered.queries) real queries (weighted by popularity): \(String(format: "%.1f", 100 * unordered.precision))% of a \(String(format: "%.1f", 100 * unordered.ceiling))% ceiling (the best order of the same matches) (with ordered(name): \(String(format: "%.1f", 100 * ordered.precision))%)"
  )
}
var typosOnKnownWords = CatalogSettings()
typosOnKnownWords.typosOnKnownWords = true
if let algolias = try? CatalogLoader.load(path: root + "/Data/products.json", overrides: typosOnKnownWords) {
  log("  known words take no typo: \(Relevance.knownWordsEffect(catalog, algolias, realQueries))")
}
CountAccuracy.measure("Data/, 300 real queries", dataCatalogSearcher, Array(dataQueries.prefix(300)))
let zero = Relevance.zeroHits(catalog, realQueries)
log(
  "  real queries that find nothing: \(zero.none) of \(realQueries.count); found only by dropping a word before the last: \(zero.byDroppingAnywhere); only through plurals or synonyms: \(zero.byAlternatives)"
)
// Suggestions generated from the records, against the real suggestions file.
Measure.resetPeak()
let rssBeforeSuggestions = Measure.memory("VmRSS")
let (generated, generationTime) = Measure.time { SuggestionGenerator.generate(from: catalog) }
log(
  "  suggestions generated: \(generated.count) in \(ms(generationTime)) ms, RSS +\(mb(max(0, Measure.memory("VmHWM") - rssBeforeSuggestions)))"
)
log(
  "  suggestion recall (exact query in the top 8 once half typed, weighted by popularity): generated \(String(format: "%.1f", 100 * Relevance.suggestionRecall(SuggestionsIndex(generated), realQueries)))%, real file \(String(format: "%.1f", 100 * Relevance.suggestionRecall(SuggestionsIndex(suggestionRecords), realQueries)))%"
)

if !arguments.contains("--no-peers") {
  let fts = FTS5Peer(documents: catalog.index.documents, columns: [1, 2, 3, 6], path: work + "/data-fts.sqlite")
  compare("SQLite FTS5", peerFTS(fts, dataQueries), dataSamples)
  if FzfPeer.available {
    let titles = work + "/titles.txt"
    _ = FileManager.default.createFile(
      atPath: titles,
      contents: Data((0..<catalog.index.count).map { catalog.title(record: $0) }.joined(separator: "\n").utf8))
    var fzf = Samples()
    for text in keystrokes(Array(dataQueries.prefix(60))) { fzf.add(FzfPeer.search(text, file: titles)) }
    compare("fzf --filter (first 60 queries)", fzf, dataSamples)
  } else {
    log("  fzf: not installed")
  }
}

// MARK: - Pipes

log("")
log("== pipes, one shot (matched while read, no index)")
PipeFilter.measure(work: work)
SubstringRecall.measure()

// MARK: - 2. Packages

if !arguments.contains("--data-only") {
  log("")
  log("== PyPI + npm packages")
  Measure.resetPeak()
  let base = Measure.memory("VmRSS")
  let (packages, parseTime) = Measure.time { PackageCatalog.load(dataDirectory: shared, directory: work) }
  let (index, buildTime) = Measure.time { IndexBuilder.build(packages.documents, settings: PackageCatalog.settings) }
  let records = index.count
  log("  records: \(records) (\(packages.skippedLines) malformed lines skipped)")
  log("  parse \(ms(parseTime)) ms, index build \(ms(buildTime)) ms, cold start total \(ms(parseTime + buildTime)) ms")
  log(
    "  peak RSS \(mb(Measure.memory("VmHWM"))), RSS now \(mb(Measure.memory("VmRSS"))) (+\(mb(Measure.memory("VmRSS") - base)))"
  )
  log(
    "  index structures \(mb(index.indexBytes)) = \(index.indexBytes / records) B/record; terms \(index.terms.count), postings \(index.postingCount)"
  )

  var random = SeededRandom(state: 20_261_129)
  let names = packages.sampledNames(300, &random)
  var typos: [(typed: String, name: String)] = []
  for name in names.prefix(100) {
    var chars = Array(name)
    guard chars.count >= 4 else { continue }
    let i = 1 + random.below(chars.count - 2)
    chars.swapAt(i, i + 1)
    if String(chars) != name { typos.append((String(chars), name)) }
  }
  let packageCatalog = Catalog(
    name: "packages", path: "", settings: ResolvedSettings(index: PackageCatalog.settings), given: CatalogSettings(),
    numericAttributes: [], index: index)
  let catalogSearcher = CatalogSearcher(catalog: packageCatalog)
  Measure.resetPeak()
  let rssBeforePackageSuggestions = Measure.memory("VmRSS")
  let (packageSuggestions, packageGeneration) = Measure.time { SuggestionGenerator.generate(from: packageCatalog) }
  log(
    "  suggestions generated: \(packageSuggestions.count) in \(ms(packageGeneration)) ms, peak RSS +\(mb(max(0, Measure.memory("VmHWM") - rssBeforePackageSuggestions))); e.g. \(SuggestionsIndex(packageSuggestions).search("reac", limit: 4).map(\.query))"
  )
  Scale.samples(packages, sizes: [10_000, 100_000])
  _ = typeAll(catalogSearcher, Array(names.prefix(20)))
  let exact = typeAll(catalogSearcher, names)
  log("  per keystroke, 300 popular names typed letter by letter: \(exact.summary())")
  let typo = typeAll(catalogSearcher, typos.map(\.typed))
  log("  per keystroke, \(typos.count) names with two letters swapped: \(typo.summary())")
  var all = Samples()
  for v in exact.values + typo.values { all.add(v) }
  log("  all keystrokes: \(all.summary())")
  FuzzyTier.measure(packages, popular: packages.top, work: work)

  // Learning from picks: each of 300 popular names picked for itself; 300 others never picked.
  do {
    func id(of name: String) -> String? { PackageCatalog.objectID(of: name, in: catalogSearcher) }
    let pairs = names.compactMap { name in id(of: name).map { LearningBench.Pair(query: name, objectID: $0) } }
    var others: [String] = []
    var rest = packages.top.filter { !names.contains($0) }
    while others.count < 300 && !rest.isEmpty { others.append(rest.remove(at: random.below(rest.count))) }
    LearningBench.measure("learning, packages", catalogSearcher, pairs: pairs, neverPicked: others)
    LearningBench.keystrokes(
      catalogSearcher, queries: names, picks: 10_000, objectIDs: pairs.map(\.objectID) + others.compactMap(id(of:)))
  }

  // Relevance: is the package in the top 20 once its name is typed, and how early does it get there?
  func objectIDs(_ query: String) -> [String] {
    try! catalogSearcher.search(CatalogSearcher.Request(query: query, hitsPerPage: 20)).hits.map {
      String($0.hit.objectID.split(separator: ":", maxSplits: 1)[1])
    }
  }
  let found = names.filter { objectIDs($0).contains($0) }.count
  let foundTypo = typos.filter { objectIDs($0.typed).contains($0.name) }.count
  if arguments.contains("--verbose") {
    for t in typos where !objectIDs(t.typed).contains(t.name) {
      log("    typo'd name not in the top 20: \(t.typed) (\(t.name)) → \(objectIDs(t.typed).prefix(5))")
    }
  }
  var fractions: [Double] = []
  for name in names {
    let chars = Array(name)
    var k = chars.count
    for length in 1...chars.count where objectIDs(String(chars[..<length])).contains(name) {
      k = length
      break
    }
    fractions.append(Double(k) / Double(chars.count))
    if arguments.contains("--verbose") && Double(k) / Double(chars.count) > 0.5 {
      log(
        "    \(name): \(k)/\(chars.count) typed; at \(String(chars[..<max(1, k - 1)])): \(objectIDs(String(chars[..<max(1, k - 1)])).prefix(4))"
      )
    }
  }
  fractions.sort()
  log(
    "  relevance: \(found)/\(names.count) names (\(String(format: "%.1f", 100.0 * Double(found) / Double(names.count)))%) and \(foundTypo)/\(typos.count) typo'd names (\(String(format: "%.1f", 100.0 * Double(foundTypo) / Double(max(1, typos.count))))%) in the top 20; median \(String(format: "%.0f", 100 * fractions[fractions.count / 2]))% of a name typed before it enters the top 20"
  )
  CountAccuracy.measure("packages, 100 names", catalogSearcher, Array(names.prefix(100)))
  // The same names with the package name unordered (the default for a TSV): where a word sits
  // in the name counts only as a late tie-break there.
  do {
    var settings = PackageCatalog.settings
    settings.orderedAttributes = []
    let unorderedIndex = IndexBuilder.build(packages.documents, settings: settings)
    let unorderedSearcher = CatalogSearcher(
      catalog: Catalog(
        name: "packages", path: "", settings: ResolvedSettings(index: settings), given: CatalogSettings(),
        numericAttributes: [], index: unorderedIndex))
    func typed(_ searcher: CatalogSearcher) -> (median: Double, mean: Double) {
      let fractions = names.map { name -> Double in
        let chars = Array(name)
        let k = (1...chars.count).first { length in
          try! searcher.search(CatalogSearcher.Request(query: String(chars[..<length]), hitsPerPage: 20)).hits
            .contains { $0.hit.objectID.split(separator: ":", maxSplits: 1)[1] == name }
        }
        return Double(k ?? chars.count) / Double(chars.count)
      }.sorted()
      return (fractions[fractions.count / 2], fractions.reduce(0, +) / Double(fractions.count))
    }
    let (ordered, unordered) = (typed(catalogSearcher), typed(unorderedSearcher))
    log(
      "  share of a name typed before it enters the top 20, ordered(name) / unordered: median \(String(format: "%.0f", 100 * ordered.median))% / \(String(format: "%.0f", 100 * unordered.median))%, mean \(String(format: "%.1f", 100 * ordered.mean))% / \(String(format: "%.1f", 100 * unordered.mean))%"
    )
  }
  let broad = try! catalogSearcher.search(CatalogSearcher.Request(query: "a"))
  log("  one-letter query 'a': nbHits \(broad.nbHits) (exhaustive: \(broad.exhaustiveNbHits))")
  log("  infinite scroll, 'react': \(deepPages(packageCatalog, "react"))")
  let npm = Refinements(facets: [.init(attribute: "source", value: "npm")])
  log(
    "  refining (source:npm, counts of source), the same keystrokes: \(typeRefined(catalogSearcher, names + typos.map(\.typed), refinements: npm, facets: ["source"]).summary())"
  )
  if arguments.contains("--refine-profile") {
    var slow: [(Double, String)] = []
    for text in keystrokes(names + typos.map(\.typed)) {
      let start = Measure.now()
      _ = try! catalogSearcher.search(
        CatalogSearcher.Request(
          query: text, hitsPerPage: 20, highlightScope: .titleAndSnippet, refinements: npm, facets: ["source"]))
      slow.append((Double(Measure.now() - start) / 1e9, text))
    }
    slow.sort { $0.0 > $1.0 }
    log("  slowest refined keystrokes: " + slow.prefix(25).map { "\($0.1)=\(ms($0.0))" }.joined(separator: ", "))
  }
  var emptyCounts = Samples()
  for _ in 0..<20 {
    let start = Measure.now()
    _ = try! catalogSearcher.search(
      CatalogSearcher.Request(query: "", hitsPerPage: 20, facets: ["source", "popularity"]))
    emptyCounts.add(Double(Measure.now() - start) / 1e9)
  }
  var emptyRefined = Samples()
  for _ in 0..<20 {
    let start = Measure.now()
    _ = try! catalogSearcher.search(
      CatalogSearcher.Request(query: "", hitsPerPage: 20, refinements: npm, facets: ["source", "popularity"]))
    emptyRefined.add(Double(Measure.now() - start) / 1e9)
  }
  log("  empty query with facet counts: \(emptyCounts.summary()); refined to source:npm: \(emptyRefined.summary())")
  var sorted = Samples()
  for name in names.prefix(50) {
    let start = Measure.now()
    _ = try! catalogSearcher.search(
      CatalogSearcher.Request(
        query: String(name.prefix(3)), hitsPerPage: 20, sort: SortOrder(attribute: "popularity", descending: true)))
    sorted.add(Double(Measure.now() - start) / 1e9)
  }
  log("  sorted by popularity:desc (3-letter prefixes, every match ranked): \(sorted.summary())")

  if !arguments.contains("--no-peers") {
    let (fts, ftsBuild) = Measure.time {
      FTS5Peer(documents: packages.documents, columns: [0, 1], path: work + "/pkg-fts.sqlite")
    }
    log("  SQLite FTS5 table built in \(ms(ftsBuild)) ms")
    // FTS5 takes up to a second on one-letter prefixes here: the first 100 names and 50 typos.
    let ftsSamples = peerFTS(fts, Array(names.prefix(100)) + typos.prefix(50).map(\.typed))
    compare("SQLite FTS5", ftsSamples, all)
    if let fts {
      let ftsFound = typos.filter { t in
        fts.search(t.typed)?.contains { packages.documents.value($0, 0) == t.name } ?? false
      }.count
      log("  SQLite FTS5 finds \(ftsFound)/\(typos.count) typo'd names (no typo tolerance)")
    }
    if FzfPeer.available {
      let sample = work + "/sample.txt"
      _ = FileManager.default.createFile(
        atPath: sample,
        contents: Data(
          (0..<min(100_000, records)).map { packages.documents.value($0 * max(1, records / 100_000) % records, 0) }
            .joined(separator: "\n").utf8))
      var fzf = Samples()
      for text in keystrokes(Array(names.prefix(10))) { fzf.add(FzfPeer.search(text, file: sample)) }
      compare("fzf --filter on a 100k sample (10 names)", fzf, all)
    }
  }

  StartUp.measure(packages: packages, work: work)
}

if arguments.contains("--profile") {
  log("== profile")
  let (packages, _) = Measure.time { PackageCatalog.load(dataDirectory: shared, directory: work) }
  let index = IndexBuilder.build(packages.documents, settings: PackageCatalog.settings)
  let searcher = Searcher(index: index)
  var random = SeededRandom(state: 20_261_129)
  let names = packages.sampledNames(300, &random)
  var byLength: [Int: Samples] = [:]
  var slow: [(Double, String)] = []
  for q in names {
    for k in 1...q.count {
      let p = String(q.prefix(k))
      let start = Measure.now()
      _ = searcher.search(SearchRequest(query: p))
      let t = Double(Measure.now() - start) / 1e9
      byLength[min(k, 8), default: Samples()].add(t)
      slow.append((t, p))
    }
  }
  for k in byLength.keys.sorted() { log("  length \(k): \(byLength[k]!.summary())") }
  slow.sort { $0.0 > $1.0 }
  log("  slowest: " + slow.prefix(25).map { "\($0.1)=\(ms($0.0))" }.joined(separator: ", "))
}

if arguments.contains("--data-profile") {
  var slow: [(Double, String)] = []
  for q in dataQueries {
    for k in 1...max(1, q.count) {
      let p = String(q.prefix(k))
      let (_, t) = Measure.time {
        dataSearcher.search(SearchRequest(query: p, hitsPerPage: 20, highlightScope: .titleAndSnippet))
      }
      slow.append((t, p))
    }
  }
  slow.sort { $0.0 > $1.0 }
  log("  slowest Data/ keystrokes: " + slow.prefix(30).map { "\($0.1)=\(ms($0.0))" }.joined(separator: ", "))
  // The least of five passes per keystroke: a noisy machine's stalls rarely hit the same keystroke
  // twice, so this compares builds on a busy day where single passes differ by half.
  let stream = keystrokes(dataQueries)
  let least = leastTimes(dataSearcher, stream, passes: 5)
  var leastSamples = Samples()
  for t in least { leastSamples.add(t) }
  log("  the engine alone, least of 5 passes per keystroke: \(leastSamples.summary())")
  log(
    "    slowest: "
      + zip(least, stream).sorted { $0.0 > $1.0 }.prefix(40).map { "\($0.1)=\(ms($0.0))" }.joined(separator: ", "))
  var plain = Samples()
  for q in dataQueries {
    for k in 1...max(1, q.count) {
      let (_, t) = Measure.time {
        dataSearcher.search(SearchRequest(query: String(q.prefix(k)), hitsPerPage: 20, highlight: false))
      }
      plain.add(t)
    }
  }
  log("  without highlights: \(plain.summary())")
  let parsed = ParsedQuery("samsung galaxy")
  let (_, th) = Measure.time {
    for r in 0..<2000 { _ = Highlighter(index: catalog.index, query: parsed).highlight(record: r) }
  }
  log("  highlight: \(ms(th / 2000)) ms per hit")
}

if arguments.contains("--render-profile") {
  let service = SearchService(catalog: catalog, suggestions: SuggestionGenerator.generate(from: catalog))
  var state = SearchState()
  state.refining.facetAttributes = catalog.index.facets.text.map(\.attribute)
  state.refining.numericFacets = catalog.index.facets.numeric.map(\.attribute)
  _ = SearchReducer.reduce(
    &state, .app(.started(Layout.viewport(for: state, screen: ScreenSize(columns: 120, rows: 40)))))
  _ = SearchReducer.reduce(&state, .query(.inserted("samsung")))
  _ = SearchReducer.reduce(
    &state,
    .answer(
      .resultsArrived(
        revision: state.list.revision, service.results(query: "samsung", page: 0, refine: Refine(countFacets: true)))))
  _ = SearchReducer.reduce(
    &state,
    .answer(.suggestionsArrived(revision: state.suggestionsPane.revision, service.suggestions.search("samsung"))))
  let (_, t) = Measure.time { for _ in 0..<1000 { _ = Renderer.render(state) } }
  log("  render 120x40 (with the refinement pane): \(ms(t / 1000)) ms per frame")
  let (_, tr) = Measure.time { for _ in 0..<1000 { _ = state.paneRows } }
  log("  refinement pane rows: \(ms(tr / 1000)) ms")
  let (_, t2) = Measure.time { for _ in 0..<200 { _ = service.results(query: "samsung", page: 0) } }
  log("  service results: \(ms(t2 / 200)) ms")
  let (_, t3) = Measure.time { for _ in 0..<200 { _ = service.suggestions.search("samsung") } }
  log("  suggestions: \(ms(t3 / 200)) ms")
}
