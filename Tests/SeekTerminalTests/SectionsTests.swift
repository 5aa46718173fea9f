import Testing

@testable import SeekApp
@testable import SeekCore
@testable import SeekTerminal

/// fzf's sections with borders of their own (`--list-border`, `--input-border`, `--header-border`,
/// `--header-lines-border`, `--footer-border`, their labels, `--style full`): each block below is
/// fzf 0.74.5's screen for the same options, on the same size.
@Suite struct SectionsTests {
  /// `seq 10`-like lines, the first `headerLines` read as the header, on a 20×12 screen.
  func state(headerLines: Int = 0, header: [String] = [], rows: Int = 12) -> SearchState {
    var s = SearchState()
    s.viewport.screen = ScreenSize(columns: 20, rows: rows)
    s.look = .fzf(separator: true)
    s.statusFollowsQuery = true
    s.marks.picking = Picking.defaults(lines: true)
    let count = 10 - headerLines
    s.list.results.isPending = false
    s.list.results.offersCreate = false
    s.list.results.hits = ((headerLines + 1)...10).map { ResultHit(objectID: "\($0)", title: "\($0)") }
    s.list.results.nbHits = count
    s.list.results.recordCount = count
    s.list.results.nbPages = 1
    s.list.results.pagesLoaded = 1
    s.header = header + (1...max(1, headerLines)).prefix(headerLines).map(String.init)
    s.inputHeaderLines = headerLines
    return s
  }

  func screen(
    _ s: SearchState, _ style: SectionStyle, layout: ListLayout = .bottomUp, headerFirst: Bool = false,
    scrollbar: String? = nil
  ) -> String {
    var context = RenderContext(pointer: ">", marker: ">")
    context.gutter = " "
    context.scrollbar = scrollbar
    return SectionRenderer.render(s, context: context, style: style, layout: layout, headerFirst: headerFirst).text
      .split(separator: "\n", omittingEmptySubsequences: false).map {
        String($0.reversed().drop { $0 == " " }.reversed())
      }.joined(separator: "\n")
  }

  /// `seq 10 | fzf --input-border bold --input-label input --input-label-pos 2 --header-lines 3`:
  /// the input in its box, the header's lines in a window of their own above it, no rule.
  @Test func anInputBorderTakesTheInputAndTheHeaderOutOfTheList() {
    var style = SectionStyle()
    style.input = .box(.bold)
    style.labelPositions[.input] = LabelPosition(column: 2)
    var s = state(headerLines: 3)
    s.sectionLabels.input = "input"
    #expect(
      screen(s, style) == """
          8
          7
          6
          5
        > 4
          3
          2
          1
        ┏input━━━━━━━━━━━━━┓
        ┃   7/7            ┃
        ┃ >                ┃
        ┗━━━━━━━━━━━━━━━━━━┛
        """)
  }

  /// `--list-border rounded --header-border sharp --header hdr --header-lines 2 --list-label L`:
  /// the header's window holds the input's lines (turned, as the list) and `--header`'s; the
  /// input under it, shifted over the list's text, with no rule under a border.
  @Test func theHeaderWindowStandsBetweenTheListAndTheInput() {
    var style = SectionStyle()
    (style.list, style.header) = (.box(.rounded), .box(.sharp))
    var s = state(headerLines: 2, header: ["hdr"])
    s.sectionLabels.list = "L"
    #expect(
      screen(s, style) == """
        ╭────────L─────────╮
        │   5              │
        │   4              │
        │ > 3              │
        ╰──────────────────╯
        ┌──────────────────┐
        │   2              │
        │   1              │
        │   hdr            │
        └──────────────────┘
            8/8
          >
        """)
  }

  /// The same with `--layout reverse --header-first`: the header on top, the input's header lines
  /// in their own window (no border) over the list, the rule kept (no border faces the list).
  @Test func headerFirstInReverseSwapsTheHeaderAndTheInput() {
    var style = SectionStyle()
    (style.list, style.header) = (.box(.rounded), .box(.sharp))
    let s = state(headerLines: 2, header: ["hdr"])
    #expect(
      screen(s, style, layout: .reverse, headerFirst: true) == """
        ┌──────────────────┐
        │   hdr            │
        └──────────────────┘
          >
            8/8 ───────────
            1
            2
        ╭──────────────────╮
        │ > 3              │
        │   4              │
        │   5              │
        ╰──────────────────╯
        """)
  }

  /// `--style full --footer foot --layout reverse-list --header-lines 1`: every section boxed,
  /// the count on the query's line, the scrollbar inside the list's border.
  @Test func styleFullBoxesEverySection() {
    var style = SectionStyle()
    style.frameAll(.box(.rounded))
    var s = state(headerLines: 1)
    s.footer = ["foot"]
    s.info = .inline(right: true)
    s.look = .fzf(separator: false)
    #expect(
      screen(s, style, layout: .reverseList, scrollbar: "│") == """
        ╭──────────────────╮
        │   foot           │
        ╰──────────────────╯
        ╭──────────────────╮
        │   1              │
        ╰──────────────────╯
        ╭──────────────────╮
        │ > 2             ││
        ╰──────────────────╯
        ╭──────────────────╮
        │ >            9/9 │
        ╰──────────────────╯
        """)
  }

  /// Clicks land in the section drawn there: a header window's word (fzf 0.74.5: `L3 Whdr`), a
  /// row of the list's window, the query.
  @Test func clicksAreHitTestedInTheSections() {
    var style = SectionStyle()
    (style.list, style.header) = (.box(.rounded), .box(.sharp))
    let s = state(headerLines: 2, header: ["hdr"])
    func click(_ column: Int, _ row: Int) -> SearchEvent? {
      SectionRenderer.click(
        column: column, row: row, double: false, s, style: style, layout: .bottomUp, headerFirst: false, gap: 0,
        shape: LineShape(), signsWidth: 2)
    }
    var last = SectionClick(section: .header, line: 3, column: 1, word: "hdr", nth: 3)
    last.nthOpenEnded = true
    #expect(click(4, 8) == .click(.sectionClicked(last)))
    #expect(
      click(4, 6) == .click(.sectionClicked(SectionClick(section: .header, line: 1, column: 1, word: "2", nth: 1))))
    #expect(click(4, 1) == .click(.resultClicked(2, double: false)))
    #expect(click(4, 11) == .click(.queryClicked))
    #expect(click(4, 4) == nil)
  }

  /// `seq 5 | fzf --preview 'echo PREVIEW' --preview-window=next:3`: the preview is a section
  /// between the list and the input, its border facing the input hides the rule.
  @Test func aNextPreviewStandsBetweenTheListAndTheInput() {
    var s = state()
    s.list.results.hits = (1...5).map { ResultHit(objectID: "\($0)", title: "\($0)") }
    (s.list.results.nbHits, s.list.results.recordCount) = (5, 5)
    s.details.open = true
    s.details.showsOneOff = true
    s.details.placement = DetailsPlacement.parse("next:3")!
    s.details.preview = PreviewOutput(lines: [[StyledRun("PREVIEW")]], exitStatus: 0)
    #expect(
      screen(s, SectionStyle())
        == """



          5
          4
          3
          2
        > 1
        ╭──────────────────╮
        │ PREVIEW          │
        │                  │
        │                  │
        ╰──────────────────╯
          5/5
        >
        """.split(separator: "\n", omittingEmptySubsequences: false).suffix(12).joined(separator: "\n"))
  }

  /// `seq 5 | fzf --style full --header foo --header-first --header-border inline`: the header
  /// inside the list's box under a `├──┤` rule, next to the list whatever `--header-first` says.
  @Test func anInlineHeaderSharesTheListsBox() {
    var style = SectionStyle()
    style.frameAll(.box(.rounded))
    style.header = .inline
    var s = state(header: ["foo"])
    s.list.results.hits = (1...5).map { ResultHit(objectID: "\($0)", title: "\($0)") }
    (s.list.results.nbHits, s.list.results.recordCount) = (5, 5)
    s.info = .inline(right: true)
    s.look = .fzf(separator: false)
    #expect(
      screen(s, style, headerFirst: true) == """
        ╭──────────────────╮
        │   5              │
        │   4              │
        │   3              │
        │   2              │
        │ > 1              │
        ├──────────────────┤
        │   foo            │
        ╰──────────────────╯
        ╭──────────────────╮
        │ >            5/5 │
        ╰──────────────────╯
        """)
  }

  /// A label wider than its line is cut to it with `··` (fzf's test_label_truncation).
  @Test func aLabelTooWideIsCut() {
    var buffer = ScreenBuffer(columns: 10, rows: 1)
    LabelPosition().draw(
      String(repeating: "l", count: 30), into: &buffer, column: 0, row: 0, box: ScreenSize(columns: 10, rows: 1),
      sides: (1, 0, 2, 2))
    #expect(buffer.text == "llllllll··")
  }

  /// A `next` preview gives the input its section only when there is a previewer (fzf's
  /// test_separator_with_preview_next_alternative_only, test_separator_with_preview_action_at_next).
  @Test func aNextPreviewNeedsAPreviewerToTakeTheInputOut() {
    var s = state()
    s.details.placement = DetailsPlacement.parse("next")!
    func inputWindow(_ s: SearchState) -> Bool {
      SectionFrame(s, style: SectionStyle(), layout: .bottomUp, headerFirst: false, screen: s.screen).hasInputWindow
    }
    #expect(!inputWindow(s))
    s.keyActions["space"] = [.preview("echo hi")]
    #expect(inputWindow(s))
    s.keyActions = [:]
    s.details.command = "cat {}"
    #expect(inputWindow(s))
  }

  /// The rule under the query beside `next` previews is decided by every placement asked (fzf
  /// 0.74.5 on `seq 100 | fzf --info hidden --layout reverse --preview 'echo hi'`, 30×10): left
  /// out when each is `next` with a line facing the input, kept when the `<N(…)` alternative goes
  /// elsewhere or has no such line, and kept while no preview is shown; with `--info hidden` the
  /// row goes with the rule.
  @Test(arguments: [
    ("next,3", true), ("next,3,border-top", true), ("next,3,<2(next,3)", true), ("next,3,<2(up,3)", false),
    ("next,3,border-none", false), ("next,3,border-top,<2(next,3,border-none)", false),
  ])
  func theRuleBesideNextPreviewsReadsEveryPlacementAsked(spec: String, hidden: Bool) throws {
    var s = state()
    s.viewport.screen = ScreenSize(columns: 30, rows: 10)
    s.info = .hidden
    s.details.command = "echo hi"
    s.details.open = true
    s.details.requestedPlacement = try #require(DetailsPlacement.parse(spec))
    s.details.placement = s.details.requestedPlacement.resolved(on: s.screen)
    let frame = SectionFrame(s, style: SectionStyle(), layout: .reverse, headerFirst: false, screen: s.screen)
    #expect(frame.separatorHidden == hidden)
    #expect(frame.inputRows == (hidden ? 1 : 2))
    s.details.open = false
    #expect(
      !SectionFrame(s, style: SectionStyle(), layout: .reverse, headerFirst: false, screen: s.screen).separatorHidden)
  }
}
