import Foundation
import Testing

@testable import SearchEngine
@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// Whole screens at the sizes people use, compared with the text in `Snapshots/` (cells as text,
/// then one line per row marking styled cells: b bold, r reverse, m match, d dim). Run with
/// SEEK_RECORD_SNAPSHOTS=1 to write them again after an intended change, and read the diff.
@Suite struct SnapshotTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Snapshots")

  /// A shop screen: suggestions, a create row, long titles, a check, refinements, the details pane.
  static func shop(columns: Int, rows: Int, details: Bool) -> SearchState {
    var s = SearchState()
    s.viewport.screen = ScreenSize(columns: columns, rows: rows)
    s.editor.text = "sony head"
    s.editor.cursor = 9
    s.refining.facetAttributes = ["brand", "category"]
    s.suggestionsPane.hits = [
      SuggestionHit(
        suggestion: Suggestion(query: "sony headphones", popularity: 90, category: "Headphones"), ranges: [0..<9])
    ]
    s.list.results.query = "sony head"
    s.list.results.isPending = false
    let colours = ["Black", "Silver", "Midnight Blue"]
    var hits: [ResultHit] = []
    for (i, colour) in (colours + colours.map { $0 + " - Refurbished" }).enumerated() {
      let title = "Sony - WH-1000XM5 Wireless Noise Canceling Headphones - \(colour)"
      var hit = ResultHit(
        objectID: "\(i)", title: title, titleRanges: [0..<4, 47..<51], details: ["Sony", "$\(399 - i * 20).99"])
      hit.ranking = RankingDetails(
        match: MatchSummary(typos: 0, words: 2, proximity: 6, attribute: 0, position: 0, exact: 1), wordCount: 2,
        attribute: "name", attributeOrdered: false, sort: nil, sortValue: nil,
        custom: [.init(rule: .descending("popularity"), value: Double(7000 - i * 100))])
      hits.append(hit)
    }
    s.list.results.hits = hits
    s.list.results.nbHits = hits.count
    s.list.results.nbPages = 1
    s.list.results.pagesLoaded = 1
    s.list.results.milliseconds = 0.42
    s.marks.checked = ["1"]
    s.refining.refine.refinements.toggle("brand", "Sony")
    s.focus = .results
    s.list.selection = 2
    if details {
      s.details.open = true
      s.details.record = RecordDetails(
        objectID: "1",
        fields: [
          .init(name: "name", value: hits[1].title, ranges: [0..<4]), .init(name: "brand", value: "Sony"),
          .init(
            name: "description", value: "Industry-leading noise canceling with two processors and eight microphones."),
        ])
    }
    SearchReducer.clampSelection(&s)
    return s
  }

  static func snapshot(_ buffer: ScreenBuffer) -> String {
    var out = buffer.text + "\n--- styles\n"
    for row in 0..<buffer.size.rows {
      var line = ""
      for column in 0..<buffer.size.columns {
        let style = buffer[column, row].style
        line.append(
          style.contains(.reverse)
            ? "r" : style.contains(.match) ? "m" : style.contains(.bold) ? "b" : style.contains(.dim) ? "d" : " ")
      }
      while line.hasSuffix(" ") { line.removeLast() }
      out += line + "\n"
    }
    return out
  }

  func check(_ name: String, _ state: SearchState) throws {
    let actual = Self.snapshot(Renderer.render(state))
    let file = Self.directory.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["SEEK_RECORD_SNAPSHOTS"] == "1" {
      try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
      try actual.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(actual == expected, "\(name): rendered\n\(actual)")
  }

  @Test func wide120x40() throws { try check("120x40", Self.shop(columns: 120, rows: 40, details: true)) }
  @Test func standard80x24() throws { try check("80x24", Self.shop(columns: 80, rows: 24, details: true)) }
  @Test func narrow40x14() throws { try check("40x14", Self.shop(columns: 40, rows: 14, details: false)) }
  @Test func tiny30x8() throws { try check("30x8", Self.shop(columns: 30, rows: 8, details: false)) }
}
