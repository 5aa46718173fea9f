import Foundation
import SearchEngine
import SeekCore

/// Learning from picks (PickLog, Searcher+Learned.swift): how early a picked hit leads when its
/// query is typed again, what picks do to queries never picked, and what they cost a keystroke.
enum LearningBench {
  /// A query and the hit the person wants for it.
  struct Pair {
    var query: String
    var objectID: String
  }

  static let now = 1_800_000_000.0
  static let day = 86_400.0

  /// The hits of `query` (objectIDs) with what `picks` have taught, as the app asks.
  static func ranked(_ searcher: CatalogSearcher, _ query: String, _ picks: PickLog?, hits: Int = 20) -> [String] {
    var request = CatalogSearcher.Request(query: query, hitsPerPage: hits, highlightScope: nil)
    if let picks { request.learned = picks.learned(for: query, now: now).mapValues(\.level) }
    return (try? searcher.search(request).hits.map(\.hit.objectID)) ?? []
  }

  /// The share of the query typed before the hit is first and before it is in the top 3 (1 when
  /// the whole query does not get it there).
  static func typedShare(_ searcher: CatalogSearcher, _ pair: Pair, _ picks: PickLog?) -> (first: Double, top3: Double)
  {
    let chars = Array(pair.query)
    var first = 1.0
    var top3 = 1.0
    for length in stride(from: chars.count, through: 1, by: -1) {
      let hits = ranked(searcher, String(chars[..<length]), picks, hits: 3)
      let share = Double(length) / Double(chars.count)
      if hits.first == pair.objectID { first = share }
      if hits.contains(pair.objectID) { top3 = share }
    }
    return (first, top3)
  }

  static func mean(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }
  static func percent(_ v: Double) -> String { String(format: "%.0f%%", 100 * v) }

  /// Before any pick, after one pick with the full query, after five picks over five days.
  static func measure(_ name: String, _ searcher: CatalogSearcher, pairs: [Pair], neverPicked: [String]) {
    var once = PickLog()
    var fiveDays = PickLog()
    for pair in pairs {
      once.record(objectID: pair.objectID, query: pair.query, time: now)
      for d in 0..<5 { fiveDays.record(objectID: pair.objectID, query: pair.query, time: now - Double(4 - d) * day) }
    }
    for (label, picks) in [
      ("before any pick", nil), ("after one pick", once), ("after five picks over 5 days", fiveDays),
    ] {
      let shares = pairs.map { typedShare(searcher, $0, picks) }
      log(
        "  \(name), \(pairs.count) (query, hit) pairs \(label): \(percent(mean(shares.map(\.first)))) of the query typed before the hit is first, \(percent(mean(shares.map(\.top3)))) before it is in the top 3"
      )
    }
    // Collateral: queries never picked keep their top 10, unless a pick's query begins with them
    // or shares their first word (where learning is meant to act).
    var same = 0
    var related = 0
    var unrelated = 0
    let picked = pairs.map { PickLog.foldedForBench($0.query) }
    for query in neverPicked {
      let before = ranked(searcher, query, nil, hits: 10)
      let after = ranked(searcher, query, once, hits: 10)
      if before == after {
        same += 1
      } else if picked.contains(where: { PickLog.relates(query, to: $0) }) {
        related += 1
      } else {
        unrelated += 1
      }
    }
    log(
      "  \(name), \(neverPicked.count) queries never picked: top 10 identical for \(same); changed for \(related) that a picked query begins or shares a first word with; changed otherwise: \(unrelated)"
    )
    // Poor textual matches: a pick never passes a hit with fewer typos or more matched words.
    var violations = 0
    var checked = 0
    for pair in pairs {
      var request = CatalogSearcher.Request(query: pair.query, hitsPerPage: 50, highlightScope: nil)
      request.learned = fiveDays.learned(for: pair.query, now: now).mapValues(\.level)
      guard let hits = try? searcher.search(request).hits,
        let at = hits.firstIndex(where: { $0.hit.objectID == pair.objectID })
      else { continue }
      let mine = hits[at].hit.ranking
      checked += 1
      for other in hits[(at + 1)...]
      where other.hit.ranking.typos < mine.typos
        || (other.hit.ranking.typos == mine.typos && other.hit.ranking.words > mine.words)
      {
        _ = other
        violations += 1
      }
    }
    log(
      "  \(name): picked hits ranked above a better textual match (fewer typos or more words): \(violations) in \(checked) pages"
    )
  }

  /// Keystroke cost with `count` picks recorded (the lookups of picks included, once a keystroke).
  static func keystrokes(_ searcher: CatalogSearcher, queries: [String], picks count: Int, objectIDs: [String]) {
    var random = SeededRandom(state: 35)
    var recorded = PickLog()
    let words = queries.flatMap { q in (1...q.count).map { String(q.prefix($0)) } }
    for i in 0..<count {
      recorded.record(
        objectID: objectIDs[random.below(objectIDs.count)], query: words[random.below(words.count)],
        time: now - Double(random.below(30)) * day + Double(i))
    }
    func type(_ learned: PickLog?) -> Samples {
      var samples = Samples()
      for q in queries {
        for k in 1...max(1, q.count) {
          let prefix = String(q.prefix(k))
          let start = Measure.now()
          var request = CatalogSearcher.Request(query: prefix, hitsPerPage: 20, highlightScope: .titleAndSnippet)
          if let learned { request.learned = learned.learned(for: prefix, now: now).mapValues(\.level) }
          _ = try! searcher.search(request)
          samples.add(Double(Measure.now() - start) / 1e9)
        }
      }
      return samples
    }
    _ = type(nil)
    let without = type(nil)
    let with = type(recorded)
    // On a log made afresh (nothing kept), each lookup as the typing makes it: a prefix typed
    // again is answered from what the log kept (`PickLog.memo`).
    let fresh = PickLog(recorded.all)
    var lookups = Samples()
    var sizes = 0
    for q in queries {
      for k in 1...max(1, q.count) {
        let start = Measure.now()
        sizes += fresh.learned(for: String(q.prefix(k)), now: now).count
        lookups.add(Double(Measure.now() - start) / 1e9)
      }
    }
    log(
      "  of which the pick log's lookups: \(lookups.summary()); \(sizes / max(1, lookups.count)) items lifted a keystroke on average"
    )
    log("  per keystroke without picks: \(without.summary())")
    log("  per keystroke with \(recorded.count) picks: \(with.summary())")
  }

}

extension PickLog {
  static func foldedForBench(_ query: String) -> String { String(decoding: folded(query), as: UTF8.self) }

  /// Whether picks for `picked` (folded) count for `query`: it begins `picked`, or they share a
  /// first word (PickLog's rule).
  static func relates(_ query: String, to picked: String) -> Bool {
    let q = foldedForBench(query)
    if picked.hasPrefix(q) { return true }
    guard let first = q.split(separator: " ").first, q.contains(" ") else { return false }
    return picked == first || picked.hasPrefix(first + " ")
  }
}
