import Foundation
import SearchEngine
import SeekApp
import SeekCore

/// Relevance and suggestion figures from the real e-commerce queries (Algolia suggestion records
/// with their top categories and popularity).
enum Relevance {
  struct RealQuery {
    var query: String
    var popularity: Double
    /// The categories the query's exact matches fall in (any level name).
    var categories: [String]

    /// Whether `hit`'s category path (in `column`) names one of the query's categories.
    func names(_ hit: CatalogSearcher.SegmentHit, column: Int) -> Bool {
      hit.index.documents.value(hit.hit.record, column).components(separatedBy: " > ").contains {
        categories.contains($0)
      }
    }
  }

  static func load(_ path: String) -> [RealQuery] {
    guard let data = FileManager.default.contents(atPath: path),
      let value = try? JSONParser.parse(String(decoding: data, as: UTF8.self)), case .array(let items) = value
    else { return [] }
    var out: [RealQuery] = []
    for item in items {
      guard case .string(let query)? = item["query"] else { continue }
      var popularity = 1.0
      if case .number(let n)? = item["popularity"] { popularity = Double(n) ?? 1 }
      var categories: [String] = []
      if case .array(let top)? = item["instant_search"]?["facets"]?["exact_matches"]?["categories"] {
        for entry in top { if case .string(let name)? = entry["value"] { categories.append(name) } }
      }
      out.append(RealQuery(query: query, popularity: popularity, categories: categories))
    }
    return out
  }

  /// What typos on known words change (KnownWords.swift): of the real queries, how many count
  /// fewer hits without them (and by how much, median and most), and how many change their top
  /// brand — `catalog` as set, `algolias` with `typosOnKnownWords`.
  static func knownWordsEffect(_ catalog: Catalog, _ algolias: Catalog, _ queries: [RealQuery]) -> String {
    let (ours, theirs) = (CatalogSearcher(catalog: catalog), CatalogSearcher(catalog: algolias))
    var (fewer, topBrandChanged, compared) = (0, 0, 0)
    var shrinks: [Double] = []
    for q in queries {
      let request = CatalogSearcher.Request(query: q.query, hitsPerPage: 1, exhaustive: true, facets: ["brand"])
      guard let a = try? ours.search(request), let b = try? theirs.search(request) else { continue }
      compared += 1
      if a.nbHits < b.nbHits {
        fewer += 1
        shrinks.append(Double(b.nbHits) / Double(max(1, a.nbHits)))
      }
      if a.facets.first?.values.first?.value != b.facets.first?.values.first?.value { topBrandChanged += 1 }
    }
    shrinks.sort()
    let median = shrinks.isEmpty ? 1 : shrinks[shrinks.count / 2]
    return
      "\(fewer) of \(compared) real queries count fewer hits than with typos on known words (median ×\(String(format: "%.2f", median)) fewer, most ×\(String(format: "%.0f", shrinks.last ?? 1))), \(topBrandChanged) change their top brand"
  }

  /// Category precision@10, weighted by popularity: for each query with categories, the share of
  /// its top 10 hits whose category path names one of them. `ceiling`: the same share if the 10
  /// hits were the best the catalog's matches allow (every matching record in a named category
  /// first): what reordering alone could reach, the catalog's categories and the labels' being
  /// named differently ("Wearables > Smartwatches" for "Apple Watch").
  /// `categorize`: the category each query points to (`QueryCategories`), as the app asks it.
  static func categoryPrecision(
    _ catalog: Catalog, _ queries: [RealQuery], losses: Int = 0, categorize: ((String) -> String?)? = nil
  ) -> (
    precision: Double, ceiling: Double, queries: Int
  ) {
    let searcher = CatalogSearcher(catalog: catalog)
    guard let column = catalog.index.documents.attributeIndex("category") else { return (.nan, .nan, 0) }
    var weighted = 0.0
    var best = 0.0
    var weights = 0.0
    var counted = 0
    var lost: [(weight: Double, line: String)] = []
    // SEEK_BENCH_PER_QUERY=FILE: each query's hits in a named category of its top 10, and its
    // count, one line each — to compare two builds query by query (no right query made worse).
    var perQuery = ""
    for q in queries where !q.categories.isEmpty {
      var request = CatalogSearcher.Request(query: q.query, hitsPerPage: 1000)
      request.optionalCategory = categorize?(q.query)
      guard let response = try? searcher.search(request),
        !response.hits.isEmpty
      else { continue }
      let named = response.hits.map { q.names($0, column: column) }
      let shown = min(10, named.count)
      let got = q.popularity * Double(named.prefix(10).filter { $0 }.count) / Double(shown)
      let possible = q.popularity * Double(min(shown, named.filter { $0 }.count)) / Double(shown)
      weighted += got
      best += possible
      perQuery += "\(q.query)\t\(named.prefix(10).filter { $0 }.count)/\(shown)\t\(response.nbHits)\n"
      if losses > 0 && possible > got {
        let top = response.hits.prefix(10).enumerated().map { i, hit in
          (named[i] ? "  + " : "  - ") + hit.index.documents.value(hit.hit.record, hit.index.titleColumn) + " | "
            + hit.index.documents.value(hit.hit.record, column)
        }
        lost.append(
          (
            possible - got,
            "\(q.query) (popularity \(Int(q.popularity)), \(response.nbHits) hits, wanted \(q.categories.joined(separator: ", ")))\n"
              + top.joined(separator: "\n")
          ))
      }
      weights += q.popularity
      counted += 1
    }
    if let path = ProcessInfo.processInfo.environment["SEEK_BENCH_PER_QUERY"] {
      try? perQuery.write(toFile: path, atomically: true, encoding: .utf8)
    }
    for (weight, line) in lost.sorted(by: { $0.weight > $1.weight }).prefix(losses) {
      log(String(format: "%.1f%% lost: ", 100 * weight / weights) + line)
    }
    return (weights > 0 ? weighted / weights : .nan, weights > 0 ? best / weights : .nan, counted)
  }

  /// The real queries that find nothing, and those found only because a word that matches
  /// nothing was dropped before the last (`hdmi cable`) or only through a plural form or synonym
  /// (the same search with them off finds nothing).
  static func zeroHits(_ catalog: Catalog, _ queries: [RealQuery]) -> (
    none: Int, byDroppingAnywhere: Int, byAlternatives: Int
  ) {
    let searcher = CatalogSearcher(catalog: catalog)
    // The same catalog without plurals or synonyms.
    var settings = catalog.given
    settings.ignorePlurals = false
    settings.synonyms = WordAlternatives()
    guard let bytes = try? CatalogLoader.readFile(catalog.path),
      let plain = try? CatalogLoader.load(bytes: bytes, path: catalog.path, settings: settings)
    else { return (0, 0, 0) }
    let without = CatalogSearcher(catalog: plain)
    var none = 0
    var anywhere = 0
    var alternatives = 0
    for q in queries {
      let request = CatalogSearcher.Request(query: q.query, hitsPerPage: 10)
      guard let response = try? searcher.search(request) else { continue }
      if response.nbHits == 0 {
        none += 1
        continue
      }
      let words = ParsedQuery(q.query).words.map(\.text)
      if !response.droppedWords.isEmpty && Array(words.suffix(response.droppedWords.count)) != response.droppedWords {
        anywhere += 1
      }
      if (try? without.search(request).nbHits) == 0 { alternatives += 1 }
    }
    return (none, anywhere, alternatives)
  }

  /// Share of the queries (weighted by popularity) whose exact text is among the top 8
  /// suggestions once half of it is typed.
  static func suggestionRecall(_ index: SuggestionsIndex, _ queries: [RealQuery]) -> Double {
    var found = 0.0
    var total = 0.0
    for q in queries {
      let half = String(q.query.prefix((q.query.count + 1) / 2))
      let key = TextFolding.foldedKey(q.query)
      if index.search(half, limit: 8).contains(where: { TextFolding.foldedKey($0.query) == key }) {
        found += q.popularity
      }
      total += q.popularity
    }
    return total > 0 ? found / total : .nan
  }
}

extension Relevance {
  /// What query categorization (QueryCategories) changes: the judged set and category precision
  /// with the categories of the suggestions generated from the catalog (what the app has without a
  /// suggestions file), and with the real file's — each query categorized only by the others
  /// (leave-one-out: its own record is the precision's answer key).
  static func categorization(_ catalog: Catalog, _ queries: [RealQuery], _ real: [Suggestion]) {
    let generated = QueryCategories(suggestions: SuggestionGenerator.generate(from: catalog))
    JudgedQueries.report(catalog, categories: generated, label: ", categories from generated suggestions")
    let withGenerated = categoryPrecision(catalog, queries) { generated.category(for: $0) }
    var byFirstWord: [String: [Suggestion]] = [:]
    for s in real { byFirstWord[Tokenizer.words(s.query).first?.term ?? "", default: []].append(s) }
    let leaveOneOut = categoryPrecision(catalog, queries) { query in
      let key = TextFolding.foldedKey(query)
      let others = (byFirstWord[Tokenizer.words(query).first?.term ?? ""] ?? []).filter {
        TextFolding.foldedKey($0.query) != key
      }
      return QueryCategories(suggestions: others).category(for: query)
    }
    log(
      "  query categorization, category precision@10: \(String(format: "%.1f", 100 * withGenerated.precision))% over \(withGenerated.queries) (generated suggestions' categories, which the app does not use), \(String(format: "%.1f", 100 * leaveOneOut.precision))% over \(leaveOneOut.queries) (the real file's, leave-one-out)"
    )
    log("  query categorization from picks, \(categorizationByPicks(catalog, queries))")
  }
}

extension Relevance {
  /// Query categorization from picks: for each real query with at least two hits in a named
  /// category, those two (the best-ranked) are picked once, and category precision@10 of the
  /// query is measured again with the picks alone lifting them, and with the category they share
  /// lifting its other hits too (`QueryCategories.category(ofPicked:)`).
  static func categorizationByPicks(_ catalog: Catalog, _ queries: [RealQuery]) -> String {
    let searcher = CatalogSearcher(catalog: catalog)
    guard let column = catalog.index.documents.attributeIndex("category"),
      let attribute = searcher.categoryAttribute
    else { return "no categories" }
    var (before, picksAlone, withCategory, weights, counted) = (0.0, 0.0, 0.0, 0.0, 0)
    func share(_ request: CatalogSearcher.Request, _ q: RealQuery) -> Double? {
      guard let response = try? searcher.search(request), !response.hits.isEmpty else { return nil }
      let named = response.hits.prefix(10).filter { q.names($0, column: column) }
      return Double(named.count) / Double(min(10, response.hits.count))
    }
    for q in queries where !q.categories.isEmpty {
      var request = CatalogSearcher.Request(query: q.query, hitsPerPage: 10)
      guard let response = try? searcher.search(CatalogSearcher.Request(query: q.query, hitsPerPage: 200)) else {
        continue
      }
      let wanted = response.hits.filter { q.names($0, column: column) }.prefix(2).map {
        $0.index.documents.objectID($0.hit.record)
      }
      guard wanted.count == 2, let base = share(request, q) else { continue }
      request.learned = Dictionary(uniqueKeysWithValues: wanted.map { ($0, 6) })
      guard let alone = share(request, q) else { continue }
      request.optionalCategory = QueryCategories.category(
        ofPicked: request.learned, in: catalog.index, attribute: attribute)
      guard let lifted = share(request, q) else { continue }
      before += q.popularity * base
      picksAlone += q.popularity * alone
      withCategory += q.popularity * lifted
      weights += q.popularity
      counted += 1
    }
    func percent(_ v: Double) -> String { String(format: "%.1f%%", 100 * v / max(weights, 1)) }
    return
      "over \(counted) real queries, two hits in a wanted category picked: category precision@10 \(percent(before)) before, \(percent(picksAlone)) with the picks lifting them, \(percent(withCategory)) with their category lifted too"
  }
}
