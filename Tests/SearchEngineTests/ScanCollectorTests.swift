import Testing

@testable import SearchEngine

/// The collector of a scan keeps, per relaxation level, the best records and an exact count.
@Suite struct ScanCollectorTests {
  /// With no query words every record matches, and ties alone order them.
  @Test func theEmptyQueryKeepsTheFirstRecordsByTie() {
    var collector = ScanCollector<String>(wordCount: 0, limit: 2)
    for (position, tie) in [5, 1, 3].enumerated() {
      collector.add("r\(position)", position: position, tie: UInt64(tie), matched: { _ in 0 }, relevance: { _, _ in 0 })
    }
    let answer = collector.answer(in: .small)
    #expect(answer.kept.map(\.payload) == ["r1", "r2"])
    #expect(answer.nbHits == 3 && answer.wordsKept == 0)
  }

  /// When no record matches every word, the most leading words some record matches are kept;
  /// when none matches the first word, nothing is kept and no word is dropped.
  @Test func relaxationKeepsTheMostLeadingWordsMatched() {
    var collector = ScanCollector<Int>(wordCount: 3, limit: 5)
    for (record, words) in [0b011, 0b001, 0b110, 0b011].enumerated() {
      collector.add(
        record, position: record, tie: 0, matched: { _ in UInt16(words) }, relevance: { _, _ in UInt64(10 - record) })
    }
    let answer = collector.answer(in: .large)
    #expect(answer.wordsKept == 2 && answer.nbHits == 2)
    #expect(answer.kept.map(\.payload) == [0, 3])

    var none = ScanCollector<Int>(wordCount: 2, limit: 5)
    none.add(0, position: 0, tie: 0, matched: { _ in 0b10 }, relevance: { _, _ in 1 })
    let nothing = none.answer(in: .small)
    #expect(nothing.nbHits == 0 && nothing.kept.isEmpty && nothing.wordsKept == 2)
  }
}
