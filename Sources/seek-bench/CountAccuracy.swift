import Foundation
import SeekCore

/// How far the count shown while typing is from the true one: each query typed letter by letter,
/// the page a list asks for (20 hits) beside an exhaustive count of the same query. Reports how
/// many keystrokes show an estimate (`~`), and of those the ratio true / shown (1 is right) and
/// how long the count lane takes to replace the estimate with the exact count (one search with
/// every hit counted, on a searcher of its own: `CountJob`).
enum CountAccuracy {
  static func measure(_ label: String, _ searcher: CatalogSearcher, _ queries: [String]) {
    var shown = 0
    var estimated = 0
    var ratios: [Double] = []
    var counting = Samples()
    guard let counter = searcher.copyForAnotherThread() else { return }
    for text in keystrokes(queries) {
      guard
        let page = try? searcher.search(CatalogSearcher.Request(query: text, hitsPerPage: 20, highlightScope: nil)),
        case (let exact?, let seconds) = Measure.time({
          try? counter.search(
            CatalogSearcher.Request(query: text, hitsPerPage: 1, exhaustive: true, highlightScope: nil))
        })
      else { continue }
      shown += 1
      guard !page.exhaustiveNbHits else { continue }
      estimated += 1
      counting.add(seconds)
      ratios.append(Double(max(exact.nbHits, 1)) / Double(max(page.nbHits, 1)))
    }
    ratios.sort()
    let worst = ratios.last.map { String(format: "%.2f", $0) } ?? "–"
    let median = ratios.isEmpty ? "–" : String(format: "%.2f", ratios[ratios.count / 2])
    log(
      "  counts while typing, \(label): \(estimated) of \(shown) keystrokes show an estimate (~) first; true / shown: median \(median), worst \(worst); the exact count replaces it after \(counting.count == 0 ? "–" : counting.summary())"
    )
  }
}
