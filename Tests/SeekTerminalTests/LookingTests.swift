import Testing

@testable import SearchEngine
@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// Eliding long rows, a preview's escapes, and the pane's placement syntax, as tables.
@Suite struct LookingTests {
  @Test(arguments: [
    // Fits: unchanged.
    ("Mac mini M2", [0..<3], 20, "Mac mini M2"),
    // Matched words and the end stay; the middle gives way.
    (
      "Sony - WH-1000XM5 Wireless Noise Canceling Headphones - Black - Refurbished", [0..<4, 43..<53], 36,
      "Sony…Headphones… Black - Refurbished"
    ),
    // No match: the start, then a third of the room for the end.
    ("Samsung - Crystal UHD 4K Smart TV - 43\" - CU7000", [], 30, "Samsung - Crystal U…\" - CU7000"),
    // Wide characters count twice.
    ("東京タワーの夜景ポスター", [], 10, "東京タ…ー"),
  ])
  func elision(title: String, ranges: [Range<Int>], room: Int, expected: String) {
    let (text, _) = Elision.fit(title, ranges: ranges, room: room)
    #expect(text == expected)
    #expect(DisplayWidth.of(text) <= room)
  }

  @Test func keepRightAndNoHScrollGiveWayAtOneEnd() {
    let path = "src/components/forms/inputs/TextField.tsx"
    let (right, rightRanges) = Elision.fit(path, ranges: [0..<3, 28..<32], room: 20, keeping: .end)
    #expect(right == "…nputs/TextField.tsx")
    #expect(rightRanges.map { String(decoding: Array(right.utf8)[$0], as: UTF8.self) } == ["Text"])
    let (left, _) = Elision.fit(path, ranges: [28..<32], room: 20, keeping: .start)
    #expect(left == "src/components/form…")
    #expect(DisplayWidth.of(right) <= 20 && DisplayWidth.of(left) <= 20)
  }

  @Test func elisionKeepsTheMatchRangesOnTheMatchedWords() {
    let title = "Sony - WH-1000XM5 Wireless Noise Canceling Headphones - Black"
    let (text, ranges) = Elision.fit(title, ranges: [0..<4, 43..<47], room: 30)
    let bytes = Array(text.utf8)
    #expect(ranges.map { String(decoding: bytes[$0], as: UTF8.self) } == ["Sony", "Head"])
  }

  @Test func previewKeepsSGRAndDropsEveryOtherEscape() {
    let bytes = Array("\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[1;31mred\u{1B}[0m plain\u{1B}[10;10H\tx\u{07}\n2nd".utf8)
    let lines = AnsiText.parse(bytes)
    #expect(lines.count == 2)
    #expect(lines[0].map(\.text).joined() == "red plain       x")
    #expect(lines[0][0].style == TextStyle(bold: true, color: 1))
    #expect(lines[0][1].style == TextStyle())
    #expect(lines[1].map(\.text).joined() == "2nd")
    // 256-colour and RGB fold onto the eight basic colours; C1 and bidi controls are removed.
    #expect(AnsiText.parse(Array("\u{1B}[38;5;196mX".utf8))[0][0].style.color == 1)
    #expect(AnsiText.parse(Array("\u{1B}[38;2;0;200;0mX".utf8))[0][0].style.color == 2)
    #expect(AnsiText.parse(Array("a\u{9B}b\u{202E}c".utf8))[0].map(\.text).joined() == "abc")
  }

  /// A long line is wrapped in one pass, once per output and width, not on every frame.
  @Test func aWrappedPreviewIsWrappedOncePerOutput() {
    let long = String(repeating: "0123456789", count: 20_000)
    let output = PreviewOutput(lines: [[StyledRun(long)], [StyledRun("end")]], exitStatus: 0)
    let memo = PreviewLinesMemo()
    let rows = DetailsView.previewLines(output, width: 50, wrap: DetailsView.Wrap(), memo: memo)
    let lines = rows.lines
    #expect(lines.count == 200_000 / 50 + 1)
    // Two lines: the second starts after the first's rows, and scrolls as one line.
    #expect(rows.starts == [0, 200_000 / 50])
    #expect(rows.line(ofRow: 3_999) == 0)
    #expect(rows.line(ofRow: 4_000) == 1)
    #expect(lines.dropLast().allSatisfy { $0.map(\.text).joined().count == 50 })
    #expect(lines.last?.map(\.text).joined() == "end")
    for _ in 0..<3 { _ = DetailsView.previewLines(output, width: 50, wrap: DetailsView.Wrap(), memo: memo) }
    #expect(memo.wrapCount == 1)
    _ = DetailsView.previewLines(output, width: 40, wrap: DetailsView.Wrap(), memo: memo)
    #expect(memo.wrapCount == 2)
  }

  /// fzf's wrap sign and `wrap-word` (fzf 0.74.5's rows for the same lines and widths).
  @Test func wrappedRowsStartWithTheSignAndWrapWordBreaksAtBlanks() {
    func rows(_ text: [StyledRun], _ width: Int, words: Bool) -> [String] {
      DetailsView.wrapped(text, width: width, DetailsView.Wrap(words: words, sign: "↳ ")).map {
        $0.map(\.text).joined()
      }
    }
    let yellow = TextStyle(color: 3)
    let line = [StyledRun("1234567890 ", style: yellow), StyledRun("hello")]
    #expect(rows(line, 10, words: true) == ["1234567890", "↳ hello"])
    #expect(rows(line, 10, words: false) == ["1234567890", "↳  hello"])
    #expect(rows([StyledRun("one two three")], 9, words: true) == ["one two ", "↳ three"])
    // No room after the sign: one character a row, which the pane cuts.
    #expect(rows([StyledRun("1000")], 2, words: false) == ["10", "↳ 0", "↳ 0"])
    // Each piece keeps its run's colour.
    let pieces = DetailsView.wrapped(line, width: 10, DetailsView.Wrap(words: true, sign: "↳ "))
    #expect(pieces[0].map(\.style) == [DetailsView.style(yellow)])
    #expect(pieces[1].map(\.text) == ["↳ ", "hello"])
    #expect(DetailsPlacement.parse("wrap-word")?.wrapsWords == true)
    #expect(DetailsPlacement.parse("wrap-word,wrap")?.wrapsWords == false)
  }

  /// `follow` on wrapped lines, as fzf's: the end shown from a line's first row (the rows left
  /// blank), a line taller than the pane from its start; a scroll up from there moves by lines
  /// (fzf's test_preview_follow_wrap, test_preview_follow_wrap_long_line).
  @Test func followShowsTheEndFromALinesStart() {
    let output = PreviewOutput(lines: (995...1000).map { [StyledRun(String($0))] }, exitStatus: 0)
    let rows = DetailsView.previewLines(output, width: 2, wrap: DetailsView.Wrap(sign: "↳ "), memo: PreviewLinesMemo())
    // 995…999: two rows each, 1000: three; five rows show 999 and 1000, the last row blank.
    #expect(rows.lines.count == 13)
    #expect(rows.endRow(visible: 5, least: 0) == 8 && rows.line(ofRow: 8) == 4)
    let long = PreviewOutput(lines: [[StyledRun("1")], [StyledRun(String(repeating: "y", count: 100))]], exitStatus: 0)
    let longRows = DetailsView.previewLines(
      long, width: 10, wrap: DetailsView.Wrap(sign: "↳ "), memo: PreviewLinesMemo())
    #expect(longRows.endRow(visible: 5, least: 0) == 1)
    var details = DetailsState()
    (details.open, details.following, details.preview) = (true, true, long)
    details.placement.follow = true
    _ = DetailsReducer.reduce(&details, .detailsScrolled(lines: -1), rows: 5, endLine: 1)
    #expect(details.scroll == 0 && !details.following)
    _ = DetailsReducer.reduce(&details, .detailsScrolled(lines: 1), rows: 5, endLine: 1)
    #expect(details.following)
  }

  @Test func previewWindowSyntax() {
    #expect(DetailsPlacement.parse("right:60%")?.position == .right)
    #expect(DetailsPlacement.parse("right:60%")?.percent == 60)
    #expect(DetailsPlacement.parse("bottom:40%,wrap")?.wrap == true)
    #expect(DetailsPlacement.parse("hidden")?.hidden == true)
    #expect(DetailsPlacement.parse("sideways") == nil)
    #expect(DetailsPlacement.parse("right:101%") == nil)
    // fzf's sizes in cells (`down:1:hidden`), 0: shown nowhere, and `~N`: header lines.
    let one = DetailsPlacement.parse("down:1:hidden")
    #expect(one?.position == .bottom && one?.cells == 1 && one?.hidden == true)
    #expect(DetailsPlacement.parse("right:~30")?.headerLines == 30 && DetailsPlacement.parse("right:~30")?.cells == nil)
    #expect(DetailsPlacement.parse("0")?.zeroSize == true && DetailsPlacement.parse("0")?.hidden == false)
    #expect(DetailsPlacement.parse("right:-3") == nil)
    // fzf's other forms.
    let up = DetailsPlacement.parse("up,60%,border-rounded,follow,+12,wrap-word")
    #expect(up?.position == .top && up?.percent == 60 && up?.follow == true && up?.wrap == true)
    #expect(up?.offset == PreviewOffset(base: .line(12)))
    #expect(DetailsPlacement.parse("+x") == nil)
    // fzf's offsets: a field of the line (grep -n's line number), less lines, or centred.
    let field = DetailsPlacement.parse("+{2}-/2")?.offset
    #expect(field == PreviewOffset(base: .field(FieldRange(from: 2, to: 2)), centered: true))
    #expect(field?.firstLine(base: 50, height: 10) == 44)
    #expect(DetailsPlacement.parse("+{2}-5")?.offset?.firstLine(base: 50, height: 10) == 44)
    #expect(DetailsPlacement.parse("+3")?.offset?.firstLine(base: 3, height: 10) == 2)
    #expect(DetailsPlacement.parse("+{2}-x") == nil)
  }

  /// A size in cells: that many rows below the results, or columns beside them (with its border).
  @Test func aPreviewOfNCellsTakesNRowsOrColumns() throws {
    var s = state(columns: 80, rows: 20)
    s.suggestionsPane.hits = []
    s.details.open = true
    s.details.placement = try #require(DetailsPlacement.parse("down:3"))
    #expect(Layout.detailsFrame(s)?.height == 3)
    s.details.placement = try #require(DetailsPlacement.parse("right:30"))
    #expect(Layout.detailsFrame(s)?.width == 30)
  }

  @Test func aPreviewUpSitsAboveTheResultsAndFollowShowsTheEnd() {
    var s = state(rows: 12)
    s.suggestionsPane.hits = []
    s.details.open = true
    s.details.command = "seq 1 100"
    s.details.placement = DetailsPlacement.parse("up:50%,follow")!
    s.details.following = true  // as a run of the command starts it (`DetailsReducer.sync`)
    s.details.preview = PreviewOutput(
      lines: (1...100).map { [StyledRun("\($0)")] }, exitStatus: 0)
    let frame = Layout.detailsFrame(s)!
    #expect(frame.placedAbove && frame.row == 1)
    #expect(Layout.resultsTop(s) == frame.row + frame.height + 1)
    let lines = Renderer.render(s).text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[frame.row + frame.height - 1] == "100")
    #expect(lines[frame.row + frame.height].hasPrefix("── preview"))
    #expect(lines[Layout.resultsTop(s)].contains("Create"))
  }

  @Test func theMarkerReplacesTheBoxesAndThePointerMarksTheCurrentLine() {
    var s = state()
    s.suggestionsPane.hits = []
    s.marks.checked = ["2"]
    let text = Renderer.render(s, context: RenderContext(marker: "*")).text
    #expect(text.contains("  Apple MacBook Air") && text.contains("* Mac mini M2"))
    s.marks.picking = .defaults(lines: true)
    s.list.results.query = "mac"
    let plain = Renderer.render(s, context: RenderContext(pointer: "▶")).text
    #expect(plain.contains("▶ Apple MacBook Air"))
  }

  @Test func theDecidingCriterionIsTheFirstThatDiffers() {
    func details(typos: Int, popularity: Double?) -> RankingDetails {
      RankingDetails(
        match: .init(typos: typos, words: 1, proximity: 0, attribute: 0, position: 0, exact: 1), wordCount: 1,
        attribute: "name", attributeOrdered: false, sort: nil, sortValue: nil,
        custom: [.init(rule: .descending("popularity"), value: popularity)])
    }
    #expect(details(typos: 1, popularity: 9).decidingCriterion(below: details(typos: 0, popularity: 1))?.name == "typo")
    #expect(
      details(typos: 0, popularity: 1).decidingCriterion(below: details(typos: 0, popularity: 9))?.name
        == "desc(popularity)")
    #expect(details(typos: 0, popularity: 5).decidingCriterion(below: details(typos: 0, popularity: 5)) == nil)
  }
}
