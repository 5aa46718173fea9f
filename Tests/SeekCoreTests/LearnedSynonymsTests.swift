import SearchEngine
import SeekApp
import Testing

@testable import SeekCore

/// Synonyms learned from picks (LearnedSynonyms.swift): a word the catalog does not use, whose
/// queries keep leading to items that share a word, finds that word.
@Suite struct LearnedSynonymsTests {
  static let titles = [
    "Dyson Upright Vacuum V15", "Shark Upright Vacuum NV360", "Bissell Upright Carpet Cleaner", "Upright Piano Bench",
  ]

  func service() -> SearchService {
    let service = SearchService(catalog: catalog(Self.titles), suggestions: [])
    service.learning = true
    return service
  }

  func titles(_ service: SearchService, _ query: String) -> [String] {
    service.results(query: query, page: 0).hits.map(\.title)
  }

  func pick(_ service: SearchService, _ title: String, for query: String) {
    let all = service.results(query: "", page: 0).hits
    guard let hit = all.first(where: { $0.title == title }) else {
      Issue.record("no \(title)")
      return
    }
    service.apply(.picked(objectID: hit.objectID, query: query, time: 0))
  }

  @Test func aWordPickedForItemsSharingAWordFindsIt() {
    let service = service()
    #expect(titles(service, "hoover").isEmpty)
    // The word is dropped, the others find the items; two of them are picked.
    pick(service, "Dyson Upright Vacuum V15", for: "hoover upright")
    #expect(titles(service, "hoover").isEmpty)  // one item says nothing yet
    pick(service, "Shark Upright Vacuum NV360", for: "hoover upright")
    #expect(Set(titles(service, "hoover")) == ["Dyson Upright Vacuum V15", "Shark Upright Vacuum NV360"])
    // Highlighted as the word it stands for, and F5 says why.
    let hit = service.results(query: "hoover", page: 0).hits.first
    #expect(
      hit.map { h in h.titleRanges.map { String(decoding: Array(h.title.utf8)[$0], as: UTF8.self) } } == ["Vacuum"])
    #expect(hit?.ranking?.learnedWords == ["hoover: vacuum, learned from 2 items picked"])
    // Not without learning.
    service.learning = false
    #expect(titles(service, "hoover").isEmpty)
  }

  @Test func aWordTheCatalogHoldsLearnsNothing() {
    let service = service()
    pick(service, "Dyson Upright Vacuum V15", for: "bench upright")
    pick(service, "Shark Upright Vacuum NV360", for: "bench upright")
    #expect(titles(service, "bench") == ["Upright Piano Bench"])
  }

  @Test func theRuleIsBounded() {
    let index = catalog(Self.titles).index
    let picks = (0..<(LearnedSynonyms.maximumWords + 10)).flatMap { i in
      ["Dyson Upright Vacuum V15", "Shark Upright Vacuum NV360"].compactMap { title -> Pick? in
        let record = (0..<index.count).first { index.documents.value($0, index.titleColumn) == title }
        return record.map { Pick(objectID: index.documents.objectID($0), query: "zq\(i)x upright", rank: 1, last: 0) }
      }
    }
    let learned = LearnedSynonyms(picks: picks, index: index)
    #expect(learned.pairs.count == LearnedSynonyms.maximumWords)
    #expect(learned.pairs.allSatisfy { $0.synonym == "vacuum" && $0.items == 2 })
  }
}
