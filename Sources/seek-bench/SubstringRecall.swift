import Foundation
import SearchEngine

/// Words inside words on a large dictionary: `seq 1 1000000` indexed as `seek` indexes lines (a
/// million distinct terms), the query `4242`. Recall is how many of the lines holding `4242` are
/// word hits (ranked before every fuzzy match), against `grep -c`; also the trigram lists' build
/// time and size, and the search's time.
enum SubstringRecall {
  static func measure() {
    var store = DocumentStore(attributes: ["text"])
    for n in 1...1_000_000 { store.append(objectID: String(n), values: [String(n)]) }
    let settings = IndexSettings(
      searchableAttributes: ["text"], orderedAttributes: ["text"], tiebreak: [.length, .index])
    let (index, buildTime) = Measure.time { IndexBuilder.build(store, settings: settings) }
    let holding = (1...1_000_000).filter { String($0).contains("4242") }.count
    let searcher = Searcher(index: index)
    let request = SearchRequest(query: "4242", hitsPerPage: 10_000, exhaustive: true)
    let (response, searchTime) = Measure.time { searcher.search(request) }
    let found = response.hits.filter { index.documents.value($0.record, 0).contains("4242") }.count
    log(
      "  substrings, seq 1 1000000 indexed (\(index.terms.count) terms): 4242 finds \(found) of the \(holding) lines holding it, in \(ms(searchTime)) ms; index build \(ms(buildTime)) ms, trigram lists \(mb(index.substringBytes))"
    )
  }
}
