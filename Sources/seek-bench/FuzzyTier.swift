import Foundation
import SearchEngine
import SeekCore

/// The fuzzy tier on 1.1M lines (the package names, one a line, indexed as `seek` indexes lines):
/// its cost per keystroke when fzf-style queries (initials of a name's parts: `drf` for
/// `django-rest-framework`) are typed letter by letter, and its recall on them beside fzf's.
enum FuzzyTier {
  static func measure(_ packages: PackageCatalog, popular: [String], work: String) {
    let lines = (0..<packages.documents.count).map { packages.documents.value($0, 0) }
    var store = DocumentStore(attributes: ["text"])
    for (i, line) in lines.enumerated() { store.append(objectID: String(i), values: [line]) }
    let settings = IndexSettings(
      searchableAttributes: ["text"], orderedAttributes: ["text"], tiebreak: [.length, .index])
    let (index, buildTime) = Measure.time { IndexBuilder.build(store, settings: settings) }
    let searcher = Searcher(index: index)
    var matching = MatchOptions()
    matching.fuzzyTier = true
    // Names of three parts or more, and their initials.
    let cases: [(query: String, name: String)] = popular.compactMap { name in
      let parts = name.split(whereSeparator: { "-_./".contains($0) }).filter { !$0.isEmpty }
      guard parts.count >= 3, parts.allSatisfy({ $0.first!.isLetter }) else { return nil }
      return (String(parts.map { $0.first! }).lowercased(), name)
    }.prefix(60).map { $0 }
    var samples = Samples()
    var found = 0
    for c in cases {
      for k in 1...c.query.count {
        var request = SearchRequest(query: String(c.query.prefix(k)), hitsPerPage: 20, highlightScope: .titleAndSnippet)
        request.matching = matching
        let start = Measure.now()
        let response = searcher.search(request)
        samples.add(Double(Measure.now() - start) / 1e9)
        if ProcessInfo.processInfo.environment["SEEK_BENCH_FUZZY_DETAIL"] != nil, Double(Measure.now() - start) > 2e7 {
          log("    slow: \(request.query) \(ms(Double(Measure.now() - start) / 1e9)) ms, \(response.nbHits) hits")
        }
        if k == c.query.count && response.hits.contains(where: { index.documents.value($0.record, 0) == c.name }) {
          found += 1
        }
      }
    }
    // Profiling aid: each full query on a fresh searcher (the tier reading every line).
    if ProcessInfo.processInfo.environment["SEEK_BENCH_FUZZY_DETAIL"] != nil {
      for c in cases.prefix(8) {
        var request = SearchRequest(query: c.query, hitsPerPage: 20)
        request.matching = matching
        let fresh = Searcher(index: index)
        let start = Measure.now()
        let response = fresh.search(request)
        log("    \(c.query): \(response.nbHits) hits, \(ms(Double(Measure.now() - start) / 1e9)) ms")
      }
    }
    log(
      "  fuzzy tier, \(index.count) lines (index \(ms(buildTime)) ms): \(cases.count) initials typed letter by letter (e.g. \(cases.first.map { "\($0.query) → \($0.name)" } ?? "")): \(samples.summary())"
    )
    var line = "  recall: the name in the top 20 for its initials: Seek \(found)/\(cases.count)"
    if FzfPeer.available && !arguments.contains("--no-peers") {
      let file = work + "/names.txt"
      _ = FileManager.default.createFile(atPath: file, contents: Data(lines.joined(separator: "\n").utf8))
      let fzfFound = cases.filter { c in
        shell("fzf --filter '\(c.query)' < '\(file)' | head -20").output.split(separator: "\n").contains {
          $0 == c.name
        }
      }.count
      line += ", fzf \(fzfFound)/\(cases.count)"
    }
    log(line)
  }
}
