import Testing

@testable import SeekTerminal

/// The frame diff both drivers paint by, tested as ratatui tests `Buffer::diff`.
@Suite struct ScreenDiffTests {
  func frame(_ rows: [String], columns: Int = 6, style: CellStyle = []) -> ScreenBuffer {
    var buffer = ScreenBuffer(columns: columns, rows: rows.count)
    for (row, text) in rows.enumerated() { buffer.write(text, column: 0, row: row, style: style) }
    return buffer
  }

  @Test func equalFramesChangeNothing() {
    #expect(frame(["abc", "def"]).changes(from: frame(["abc", "def"])).isEmpty)
  }

  @Test func aChangedCellIsOneRun() {
    let changes = frame(["abc", "dXf"]).changes(from: frame(["abc", "def"]))
    #expect(changes == [ScreenBuffer.Change(row: 1, columns: 1..<2)])
  }

  @Test func runsOnARowAreSeparate() {
    let changes = frame(["Xbcdef"]).changes(from: frame(["abcdeY"]))
    #expect(changes == [.init(row: 0, columns: 0..<1), .init(row: 0, columns: 5..<6)])
  }

  @Test func aStyleChangeIsAChange() {
    #expect(frame(["ab"], style: .bold).changes(from: frame(["ab"])).count == 1)
  }

  /// A wide glyph is written whole: its continuation comes with it, and a changed continuation
  /// brings its first cell.
  @Test func wideGlyphsAreNeverCut() {
    // "漢" over "ab": both cells.
    #expect(frame(["漢c"]).changes(from: frame(["abc"])) == [.init(row: 0, columns: 0..<2)])
    // Another wide glyph in the same place: its first cell differs, its continuation does not.
    #expect(frame(["字c"]).changes(from: frame(["漢c"])) == [.init(row: 0, columns: 0..<2)])
    // Only the continuation's style changed: the run starts at the glyph's first cell.
    var restyled = frame(["漢c"])
    restyled.restyle(row: 0, from: 1, to: 2, adding: .bold)
    #expect(restyled.changes(from: frame(["漢c"])) == [.init(row: 0, columns: 0..<2)])
  }

  @Test func anotherSizeOrNoFrameRepaintsEveryRowWhole() {
    let whole = [ScreenBuffer.Change(row: 0, columns: 0..<6), .init(row: 1, columns: 0..<6)]
    #expect(frame(["a", "b"]).changes(from: nil) == whole)
    #expect(frame(["a", "b"]).changes(from: frame(["a", "b"], columns: 7)) == whole)
  }

  /// One colour mapping: roles as basic colours, dim only where no colour says it, and matches
  /// underlined without colours.
  @Test func stylesMapToOneRendition() {
    #expect(Rendition([.match, .bold], colors: true).sgr == "\u{1B}[0;1;33m")
    #expect(Rendition([.match], colors: false).sgr == "\u{1B}[0;4m")
    #expect(Rendition([.dim, .detail], colors: true).sgr == "\u{1B}[0;36m")
    #expect(Rendition([.dim, .detail], colors: false).sgr == "\u{1B}[0;2m")
    #expect(Rendition(.color(1), colors: true).foreground == 1)
  }
}
