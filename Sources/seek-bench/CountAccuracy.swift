import Foundation
import SeekCore

/// How far the count shown while typing is from the true one: each query typed letter by letter,
/// the page a list asks for (20 hits) beside an exhaustive count of the same query. Reports how
/// many keystrokes show an estimate (`~`), and of those the ratio true / shown (1 is right).
enum CountAccuracy {
  static func measure(_ label: String, _ searcher: CatalogSearcher, _ queries: [String]) {
    var shown = 0
    var estimated = 0
    var ratios: [Double] = []
    for text in keystrokes(queries) {
      guard
        let page = try? searcher.search(CatalogSearcher.Request(query: text, hitsPerPage: 20, highlightScope: nil)),
        let exact = try? searcher.search(
          CatalogSearcher.Request(query: text, hitsPerPage: 1, exhaustive: true, highlightScope: nil))
      else { continue }
      shown += 1
      guard !page.exhaustiveNbHits else { continue }
      estimated += 1
      ratios.append(Double(max(exact.nbHits, 1)) / Double(max(page.nbHits, 1)))
    }
    ratios.sort()
    let worst = ratios.last.map { String(format: "%.2f", $0) } ?? "–"
    let median = ratios.isEmpty ? "–" : String(format: "%.2f", ratios[ratios.count / 2])
    log(
      "  counts while typing, \(label): \(estimated) of \(shown) keystrokes show an estimate (~); true / shown: median \(median), worst \(worst)"
    )
  }
}
