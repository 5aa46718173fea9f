import CNcursesw
import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

func state(columns: Int = 60, rows: Int = 12) -> SearchState {
  var s = SearchState()
  s.viewport.screen = ScreenSize(columns: columns, rows: rows)
  s.editor.text = "mac"
  s.editor.cursor = 3
  s.suggestionsPane.hits = [
    SuggestionHit(suggestion: Suggestion(query: "macbook", popularity: 731, category: "Laptops"), ranges: [0..<3]),
    SuggestionHit(suggestion: Suggestion(query: "macbook air", popularity: 29), ranges: [0..<3]),
  ]
  s.list.results.query = "mac"
  s.list.results.isPending = false
  s.list.results.hits = [
    ResultHit(objectID: "1", title: "Apple MacBook Air 13\"", titleRanges: [6..<9], details: ["Apple", "$999.00"]),
    ResultHit(objectID: "2", title: "Mac mini M2", titleRanges: [0..<3], details: ["Apple"]),
  ]
  s.list.results.nbHits = 2
  s.list.results.nbPages = 1
  s.list.results.pagesLoaded = 1
  s.list.results.milliseconds = 0.42
  return s
}

@Suite struct RendererTests {
  @Test func normalSizeSnapshot() {
    var s = state()
    s.marks.checked = ["2"]
    let text = Renderer.render(s).text
    #expect(
      text == """
        > mac
          macbook  in Laptops
          macbook air
        + Create “mac”
        [ ] Apple MacBook Air 13"  Apple  $999.00
        [x] Mac mini M2  Apple





        2 hits · 0.42 ms · 1 checked
        """)
  }

  @Test func highlightedSuggestionIsReverseAndMatchesBold() {
    var s = state()
    s.suggestionsPane.highlighted = 1
    let buffer = Renderer.render(s)
    #expect(buffer[2, 2].style.contains(.reverse))
    // Reverse highlighting: the typed "mac" of "macbook air" is plain, the completion bold.
    #expect(!buffer[2, 2].style.contains(.bold))
    #expect(buffer[6, 2].style.contains(.bold))
    #expect(!buffer[2, 1].style.contains(.reverse))
    // "Mac" in "Apple MacBook Air" is bold.
    #expect(buffer[4 + 6, 4].style.contains(.bold))
    #expect(!buffer[4 + 5, 4].style.contains(.bold))
  }

  @Test func selectedResultIsReverseAndCursorHidden() {
    var s = state()
    s.focus = .results
    s.list.selection = 1
    let buffer = Renderer.render(s)
    #expect(buffer[0, 4].style.contains(.reverse))
    #expect(!buffer[0, 3].style.contains(.reverse))
    #expect(buffer.cursor == nil)
    #expect(Renderer.render(state()).cursor! == (5, 0))
  }

  @Test func noResultsFound() {
    var s = state()
    s.list.results.hits = []
    s.list.results.nbHits = 0
    s.suggestionsPane.hits = []
    let text = Renderer.render(s).text
    #expect(text.contains("+ Create “mac”\n  No results found"))
  }

  /// The shared store out of reach stays on the status line, fitted to the width (it was cut
  /// at 80 columns, and gone at the next key).
  @Test func theOfflineNoteIsFittedToTheStatusLine() {
    var s = state(columns: 80)
    s.storeNote =
      "shared store ann@db.example/lists unavailable (connection to server at \"db.example\" failed: Connection refused): changes kept here, sent when it is back"
    let status =
      Renderer.render(s).text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    // No room beside the hints: its short form, before the hints.
    #expect(status == "2 hits · 0.42 ms · store offline: changes kept")
    // Beside the hints when they leave room for the short form.
    var wider = state(columns: 120)
    wider.storeNote = s.storeNote
    let line = Renderer.render(wider).text.split(separator: "\n").last.map(String.init) ?? ""
    #expect(
      line.hasPrefix("2 hits · 0.42 ms · store offline: changes kept") && line.hasSuffix("F2 refine · Esc close"),
      "\(line)")
    // Whole when there is room.
    var wide = state(columns: 240)
    wide.storeNote = s.storeNote
    #expect(Renderer.render(wide).text.contains("unavailable (connection to server at"))
  }

  /// `--prompt`: drawn before the query, its controls shown as `?`, never more than half the line.
  @Test func promptsAreTheUsers() {
    let custom = Renderer.render(state(columns: 40, rows: 5), context: RenderContext(prompt: "files\u{1B}[31m❯ "))
    #expect(custom.text.hasPrefix("files?[31m❯ mac"))
    let long = Renderer.render(
      state(columns: 20, rows: 5), context: RenderContext(prompt: String(repeating: "p", count: 30)))
    #expect(long.text.hasPrefix("pppppppppp"))
    #expect(long.text.split(separator: "\n").first.map { $0.contains("m") } == true)
  }

  @Test func tinyTerminalsDoNotCrash() {
    let small = Renderer.render(state(columns: 20, rows: 5)).text
    #expect(small.split(separator: "\n", omittingEmptySubsequences: false).count == 5)
    #expect(small.hasPrefix("> mac"))
    #expect(Renderer.render(state(columns: 1, rows: 1)).text == ">")
    #expect(Renderer.render(state(columns: 0, rows: 0)).text == "")
    // The query's end (where the cursor is) and the create row, each cut to 3 cells.
    #expect(Renderer.render(state(columns: 3, rows: 2)).text == "> c\n+ C")
  }

  @Test func wideAndCombiningCharactersTakeTheirCells() {
    var buffer = ScreenBuffer(columns: 10, rows: 1)
    let end = buffer.write("日本e\u{301}😀x", column: 0, row: 0)
    #expect(end == 8)
    #expect(buffer[0, 0].text == "日" && buffer[0, 0].width == 2 && buffer[1, 0].width == 0)
    #expect(buffer[4, 0].text == "e\u{301}")
    #expect(buffer[5, 0].text == "😀")
    #expect(buffer[7, 0].text == "x")
  }

  @Test func textIsTruncatedToTheCellNeverWrapped() {
    var buffer = ScreenBuffer(columns: 5, rows: 2)
    buffer.write("abcdefgh", column: 0, row: 0)
    buffer.write("ab日日", column: 0, row: 1)
    #expect(buffer.text == "abcde\nab日")
  }

  @Test func controlCharactersNeverReachTheBuffer() {
    var buffer = ScreenBuffer(columns: 30, rows: 1)
    buffer.write("evil\u{1B}]0;pwned\u{07}\u{9B}x\u{202E}", column: 0, row: 0)
    #expect(buffer.text == "evil?]0;pwned??x?")
    #expect(!buffer.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 } })
  }

  @Test func highlightRangesStayOnTheRightCharacters() {
    var buffer = ScreenBuffer(columns: 20, rows: 1)
    let text = "日本 café"
    let ranges = [Array("日本 ".utf8).count..<text.utf8.count]
    buffer.write(text, column: 0, row: 0, styleAt: Renderer.styler(ranges, style: .bold))
    #expect(!buffer[0, 0].style.contains(.bold))
    #expect((5...8).allSatisfy { buffer[$0, 0].style.contains(.bold) })
  }

  @Test func longQueryScrollsToKeepTheCursorVisible() {
    var s = state(columns: 12, rows: 4)
    s.editor.text = "a very long query text"
    s.editor.cursor = s.editor.text.count
    let buffer = Renderer.render(s)
    #expect(buffer.cursor!.column <= 11)
    #expect(buffer.text.hasPrefix("> "))
    #expect(buffer.text.split(separator: "\n")[0].hasSuffix("text"))
  }

  @Test func approximateCountsAndTimes() {
    #expect(Renderer.formatCount(480_123, approximate: true) == "~480k")
    #expect(Renderer.formatCount(1_100_000, approximate: false) == "1.1M")
    #expect(Renderer.formatMilliseconds(0.4) == "0.40 ms")
    #expect(Renderer.formatMilliseconds(12.4) == "12 ms")
  }
}

@Suite struct KeyMapTests {
  @Test func codesMatchCurses() {
    #expect(KeyMap.Code.up == KEY_UP)
    #expect(KeyMap.Code.down == KEY_DOWN)
    #expect(KeyMap.Code.left == KEY_LEFT)
    #expect(KeyMap.Code.right == KEY_RIGHT)
    #expect(KeyMap.Code.home == KEY_HOME)
    #expect(KeyMap.Code.end == KEY_END)
    #expect(KeyMap.Code.backspace == KEY_BACKSPACE)
    #expect(KeyMap.Code.delete == KEY_DC)
    #expect(KeyMap.Code.pageUp == KEY_PPAGE)
    #expect(KeyMap.Code.pageDown == KEY_NPAGE)
    #expect(KeyMap.Code.enter == KEY_ENTER)
    #expect(KeyMap.Code.backTab == KEY_BTAB)
  }

  @Test(arguments: [
    (Key.character("a"), SearchEvent.query(.inserted("a"))),
    (.character("é"), .query(.inserted("é"))),
    (.character(" "), .key(.spacePressed)),
    (.character("\t"), .key(.tabPressed)),
    (.character("\r"), .key(.enterPressed)),
    (.character("\u{1B}"), .key(.escapePressed)),
    (.character("\u{03}"), .app(.interrupted)),
    (.character("\u{15}"), .query(.deletedToStart)),
    (.character("\u{0B}"), .query(.deletedToEnd)),
    (.alt("b"), .query(.cursorMoved(.wordLeft))),
    (.alt("f"), .query(.cursorMoved(.wordRight))),
    (.alt("d"), .query(.deletedWordForward)),
    (.alt("\u{7F}"), .query(.deletedWordPartBackward)),
    (.character("\u{04}"), .query(.deletedForwardOrQuit)),
    (.character("\u{19}"), .query(.yanked)),
    (.function(KeyMap.Code.wordLeft), .query(.cursorMoved(.wordLeft))),
    (.function(KeyMap.Code.f2), .refinements(.refinementPaneToggled)),
    (.character("\u{17}"), .query(.deletedWordBackward)),
    (.character("\u{01}"), .query(.cursorMoved(.home))),
    (.character("\u{05}"), .query(.cursorMoved(.end))),
    (.character("\u{0E}"), .move(.movedDown)),
    (.character("\u{10}"), .move(.movedUp)),
    (.character("\u{7F}"), .query(.deletedBackward)),
    (.function(KeyMap.Code.up), .move(.movedUp)),
    (.function(KeyMap.Code.down), .move(.movedDown)),
    (.function(KeyMap.Code.pageDown), .move(.pagedDown)),
    (.function(KeyMap.Code.delete), .query(.deletedForward)),
    (.wheelDown, .move(.scrolled(lines: 1))),
    (.character("\u{1F}"), .details(.detailsToggled)),  // Ctrl-/
    (.function(KeyMap.Code.f5), .details(.detailsToggled)),
    (.function(KeyMap.Code.shiftDown), .details(.detailsScrolled(lines: 1))),
  ])
  func keysBecomeEvents(key: Key, event: SearchEvent) {
    #expect(KeyMap.event(for: key) == event)
  }

  /// Clicks and resizes are the app's: hit-tested and laid out by `Layout`, never a key's event.
  @Test func clicksAndResizesAreNotKeys() {
    #expect(KeyMap.event(for: .click(column: 3, row: 4)) == nil)
    #expect(KeyMap.event(for: .resize(columns: 20, rows: 5)) == nil)
  }

  @Test func unknownControlBytesAreIgnored() {
    #expect(KeyMap.event(for: .character("\u{1C}")) == nil)
    #expect(KeyMap.event(for: .function(9999)) == nil)
    #expect(KeyMap.event(for: .alt("x")) == nil)
  }
}

@Suite struct KeyParserTests {
  @Test(arguments: [
    ("\u{1B}[A", Key.function(KeyMap.Code.up)),
    ("\u{1B}OB", .function(KeyMap.Code.down)),
    ("\u{1B}[H", .function(KeyMap.Code.home)),
    ("\u{1B}[4~", .function(KeyMap.Code.end)),
    ("\u{1B}[3~", .function(KeyMap.Code.delete)),
    ("\u{1B}[3;2~", .function(KeyMap.Code.shiftDelete)),
    ("\u{1B}[3;5~", .function(KeyMap.Code.controlDelete)),
    ("\u{1B}\r", .alt("\r")),
    ("\u{1B}[5~", .function(KeyMap.Code.pageUp)),
    ("\u{1B}[6~", .function(KeyMap.Code.pageDown)),
    ("\u{1B}[Z", .function(KeyMap.Code.backTab)),
    ("é", .character("é")),
    ("\u{1B}", .character("\u{1B}")),
    ("\r", .character("\r")),
    // Home and End as xterm (CSI H/F, SS3 H/F), tmux/screen and rxvt (1~ 4~, 7~ 8~) send them.
    ("\u{1B}[F", .function(KeyMap.Code.end)),
    ("\u{1B}OH", .function(KeyMap.Code.home)),
    ("\u{1B}OF", .function(KeyMap.Code.end)),
    ("\u{1B}[1~", .function(KeyMap.Code.home)),
    ("\u{1B}[7~", .function(KeyMap.Code.home)),
    ("\u{1B}[8~", .function(KeyMap.Code.end)),
    // Ctrl/Alt-arrows (xterm modifiers 5 and 3).
    ("\u{1B}[1;5D", .function(KeyMap.Code.wordLeft)),
    ("\u{1B}[1;3C", .function(KeyMap.Code.wordRight)),
    // F-keys: xterm SS3, and the Linux console / rxvt CSI forms.
    ("\u{1B}OQ", .function(KeyMap.Code.f2)),
    ("\u{1B}[13~", .function(KeyMap.Code.f3)),
    ("\u{1B}[[B", .function(KeyMap.Code.f2)),  // the Linux console's F2
    ("\u{1B}[15~", .function(KeyMap.Code.f5)),
    ("\u{1B}[[E", .function(KeyMap.Code.f5)),
    // Shift-Up/Down scroll the details pane.
    ("\u{1B}[1;2A", .function(KeyMap.Code.shiftUp)),
    ("\u{1B}[1;2B", .function(KeyMap.Code.shiftDown)),
    // SGR mouse reports (--height): a press of the left button, the wheel; releases dropped.
    ("\u{1B}[<0;5;3M", .click(column: 4, row: 2)),
    ("\u{1B}[<64;5;3M", .wheelUp),
    // Alt-key: Esc then the key at once.
    ("\u{1B}b", .alt("b")),
    ("\u{1B}\u{7F}", .alt("\u{7F}")),
  ])
  func sequencesBecomeKeys(bytes: String, key: Key) {
    #expect(KeyParser.parse(Array(bytes.utf8), final: true).0 == [key])
    // The same bytes as curses hands them over one key at a time, when its terminfo lacks them.
    let asKeys = bytes.unicodeScalars.map { Key.character($0) }
    #expect(KeyParser.decodeEscapes(asKeys) == [key])
  }

  /// Bracketed paste: the text between the markers is text, its line breaks never Enter.
  @Test func pastedTextIsText() {
    let bytes = "a\u{1B}[200~two\rlines\u{1B}[201~b"
    let expected: [Key] = [.character("a"), .paste("two\rlines"), .character("b")]
    var decoder = KeyDecoder()
    #expect(decoder.decode(bytes: Array(bytes.utf8), final: true) == expected)
    #expect(decoder.decode(keys: bytes.unicodeScalars.map { Key.character($0) }, final: true) == expected)
    #expect(KeyMap.event(for: .paste("two\rlines")) == .query(.inserted("two lines")))
  }

  /// A paste cut into reads anywhere (inside its markers too) is still one paste: none of its
  /// line breaks presses Enter, whatever the read sizes.
  @Test(arguments: [1, 2, 3, 5, 7, 64, 4096])
  func pastesSpanningReadsNeverPressEnter(readSize: Int) {
    let pasted = String(repeating: "7\n", count: 2000)
    let bytes = Array(("x\u{1B}[200~" + pasted + "\u{1B}[201~y\u{1B}[A").utf8)
    let expected: [Key] = [.character("x"), .paste(pasted), .character("y"), .function(KeyMap.Code.up)]
    var byBytes = KeyDecoder()
    var byKeys = KeyDecoder()
    var fromBytes: [Key] = []
    var fromKeys: [Key] = []
    for start in stride(from: 0, to: bytes.count, by: readSize) {
      let read = Array(bytes[start..<min(bytes.count, start + readSize)])
      fromBytes += byBytes.decode(bytes: read, final: false)
      fromKeys += byKeys.decode(keys: read.map { Key.character(Unicode.Scalar($0)) }, final: false)
    }
    #expect(fromBytes == expected)
    #expect(fromKeys == expected)
    #expect(!byBytes.isPasting && !byKeys.isPasting)
  }

  /// A paste past the bound is kept up to it; memory stays bounded, and it still ends.
  @Test func pastesAreBounded() {
    var decoder = KeyDecoder()
    var keys = decoder.decode(bytes: Array("\u{1B}[200~".utf8), final: false)
    let chunk = [UInt8](repeating: UInt8(ascii: "z"), count: 1 << 16)
    for _ in 0..<40 { keys += decoder.decode(bytes: chunk, final: false) }
    keys += decoder.decode(bytes: Array("\u{1B}[201~q".utf8), final: true)
    #expect(keys.count == 2)
    guard case .paste(let text) = keys.first else { return #expect(Bool(false)) }
    #expect(text.utf8.count == KeyDecoder.maxPasteBytes)
    #expect(keys.last == .character("q"))
  }

  @Test func unknownSequencesAreDroppedWhole() {
    #expect(
      KeyParser.parse(Array("a\u{1B}[99~b\u{1B}[1;2Xc".utf8), final: true).0 == [
        .character("a"), .character("b"), .character("c"),
      ])
    // The Linux console's F1–F5 are `ESC [ [ A`…`E`; other letters there are no key.
    #expect(KeyParser.parse(Array("x\u{1B}[[Zy".utf8), final: true).0 == [.character("x"), .character("y")])
    #expect(
      KeyParser.parse(Array("x\u{1B}[[Ay".utf8), final: true).0 == [
        .character("x"), .function(KeyMap.Code.f(1)), .character("y"),
      ])
    let typed = "d\u{1B}[99~u".unicodeScalars.map { Key.character($0) }
    #expect(KeyParser.decodeEscapes(typed) == [.character("d"), .character("u")])
  }

  @Test func incompleteSequencesWait() {
    let (keys, rest) = KeyParser.parse(Array("a\u{1B}[".utf8), final: false)
    #expect(keys == [.character("a")])
    #expect(rest == Array("\u{1B}[".utf8))
    #expect(
      KeyParser.parse(Array("x\u{1B}[1;5C".utf8), final: true).0 == [.character("x"), .function(KeyMap.Code.wordRight)])
  }

  @Test func heightSpecs() {
    #expect(InlineDriver.height("10", rows: 40) == 10)
    #expect(InlineDriver.height("50%", rows: 40) == 20)
    #expect(InlineDriver.height("1", rows: 40) == 3)
    #expect(InlineDriver.height("100", rows: 40) == 40)
    // fzf's `~N` (at most N), `-N` (the terminal's rows less N), `--min-height` for percentages.
    #expect(InlineDriver.height("~50%", rows: 40) == 20)
    #expect(InlineDriver.height("-5", rows: 40) == 35)
    #expect(InlineDriver.height("1%", rows: 40, minimum: 10) == 10)
    #expect(InlineDriver.height("10", rows: 40, minimum: 20) == 10)
    #expect(MinHeight("5+") == MinHeight(rows: 5, addsSections: true))
    #expect(MinHeight("5") == MinHeight(rows: 5, addsSections: false))
    #expect(MinHeight("x+") == nil && MinHeight("-1") == nil)
  }
}

@Suite struct EmojiWidthTests {
  /// A family (ZWJ) or a skin-toned emoji takes exactly 2 cells: the text after it stays in place.
  @Test func compositeEmojiTakeTwoCells() {
    var buffer = ScreenBuffer(columns: 20, rows: 1)
    let x = buffer.write("a👨‍👩‍👧b👍🏽c", column: 0, row: 0)
    #expect(x == 7)
    #expect(buffer[3, 0].text == "b")
    #expect(buffer[6, 0].text == "c")
  }
}

/// The refinement pane keeps every row reachable on a small screen: on the last value to refine,
/// the numeric facets' ranges after it are drawn too.
@Suite struct PaneScrollingTests {
  @Test func theRangesAfterTheLastValueComeIntoView() {
    var s = SearchState()
    s.viewport.screen = ScreenSize(columns: 60, rows: 10)
    s.refining.facetAttributes = ["brand"]
    s.refining.numericFacets = ["price"]
    s.list.results.isPending = false
    s.list.results.facets = [
      FacetResult(attribute: "brand", values: (1...8).map { .init(value: "Brand \($0)", count: 10 - $0) }),
      FacetResult(attribute: "price", values: [], stats: .init(min: 5, max: 900)),
    ]
    s.refining.paneOpen = true
    s.focus = .refinements
    let rows = s.paneRows
    s.refining.paneSelection = rows.lastIndex(where: \.isSelectable)!
    let text = Renderer.render(s).text
    #expect(text.contains("Brand 8") && text.contains("price"))
  }
}
