import Foundation
import Testing

@testable import SeekApp
@testable import SeekCore

/// fzf's placeholders, as its man page and test suite write them.
@Suite struct CommandTemplateTests {
  typealias P = CommandTemplate.Placeholder

  @Test func aBraceStartingNoPlaceholderIsText() {
    #expect(
      CommandTemplate("echo {{}-{+}}").parts == [
        .text("echo {"), .line(P()), .text("-"), .line(P(items: .selected)), .text("}"),
      ])
    #expect(CommandTemplate("awk '{print $1}' {}").parts == [.text("awk '{print $1}' "), .line(P())])
    #expect(CommandTemplate("a { b").parts == [.text("a { b")])
    // A backslash shows the placeholder itself.
    #expect(CommandTemplate(#"echo \{} {}"#).parts == [.text("echo {} "), .line(P())])
  }

  /// fzf's deprecated `execute-multi`: the current line's placeholders name the marks (its
  /// test_execute_multi: `echo {}/{+}` prints the marked lines twice).
  @Test func executeMultiNamesTheMarks() {
    #expect(
      CommandTemplate.namingMarks("echo {}/{+} {2} {q} {fzf:query} \\{} {*}")
        == "echo {+}/{+} {+2} {q} {fzf:query} \\{} {*}")
    #expect(CommandTemplate.namingMarks("awk '{print $1}' {sn}") == "awk '{print $1}' {+sn}")
    #expect(BindAction.named("execute-multi", argument: "echo {}") == .execute("echo {+}"))
  }

  @Test func flagsFieldsQueryAndFzfsOwn() {
    #expect(
      CommandTemplate("{+sf2..}").parts == [
        .line(P(items: .selected, keepsBlanks: true, file: true, fields: FieldRange.parseList("2..")))
      ])
    #expect(
      CommandTemplate("{*n}{r}{-1}").parts == [
        .line(P(items: .matched, ordinal: true)), .line(P(raw: true)), .line(P(fields: [FieldRange(from: -1, to: -1)])),
      ])
    #expect(
      CommandTemplate("{q}{q:2}{q:s1..}").parts == [
        .query(fields: nil, keepsBlanks: false), .query(fields: FieldRange.parseList("2"), keepsBlanks: false),
        .query(fields: FieldRange.parseList("1.."), keepsBlanks: true),
      ])
    #expect(
      CommandTemplate("{fzf:action}{fzf:nope}{title}").parts == [
        .fzf("action"), .text("{fzf:nope}"), .attribute("title"),
      ])
    #expect(CommandTemplate("{+x}{n2}").parts == [.text("{+x}"), .attribute("n2")])
  }

  @Test func filledAsFzfFillsThem() {
    let service = SearchService(catalog: catalog(["alpha one", "beta  two", "gamma three"]), suggestions: [])
    let id = { (q: String) in service.results(query: q, page: 0).hits[0].objectID }
    let fill = { (t: String, marked: [String]) in
      service.previewCommand(
        template: t, objectID: id("beta"), query: "q1  q2", marked: marked, variables: ["FZF_ACTION": "up"])
    }
    #expect(fill("echo {{}-{+}}", []) == "echo {'beta  two'-'beta  two'}")
    #expect(fill("{+1}", [id("gamma"), id("alpha")]) == "'gamma' 'alpha'")
    #expect(fill("{s1}|{2}|{r2}", []) == "'beta  '|'two'|two")
    // The action's name unquoted, as fzf's (`echo "change-prompt({fzf:action})"`).
    #expect(fill("{q:2} {fzf:action} {fzf:query}", []) == "'q2' up 'q1  q2'")
    #expect(fill(#"\{} {n}"#, []) == "{} 1")
    // Every match of the query.
    #expect(service.previewCommand(template: "{*1}", objectID: "", query: "", marked: nil) == "'alpha' 'beta' 'gamma'")
    #expect(service.previewCommand(template: "{*1}", objectID: "", query: "gam", marked: nil) == "'gamma'")
    #expect(service.previewCommand(template: "{}", objectID: "", query: "zzz") == "''")
  }

  /// `{+f}`: a file of the lines, each ended as printed (`--print0`: NUL), as fzf writes it (its
  /// test_preview_file).
  @Test func aFileHoldsTheLinesEndedAsPrinted() throws {
    let service = SearchService(catalog: catalog(["foo bar", "bar foo"]), suggestions: [])
    let ids = ["foo bar", "bar foo"].map { service.results(query: $0, page: 0).hits[0].objectID }
    service.printTerminator = "\0"
    let quoted = service.previewCommand(template: "{+f}", objectID: ids[0], query: "", marked: ids)
    let path = String(quoted.dropFirst().dropLast())
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "foo bar\0bar foo\0")
  }

  /// A preview naming the marks runs with none current when lines are marked (fzf's
  /// test_preview_asterisk: `[{}/{+}]` on no match shows `[/1 2]`).
  @Test func aPreviewOfTheMarksRunsWithNoCurrentLine() {
    var details = DetailsState()
    details.open = true
    details.command = "echo {}/{+}"
    #expect(DetailsReducer.sync(&details, current: nil, query: "55", marked: []).isEmpty)
    let effects = DetailsReducer.sync(&details, current: nil, query: "55", marked: ["a", "b"])
    #expect(effects.contains { if case .runPreview(_, "", _, _, _, ["a", "b"]) = $0 { true } else { false } })
  }
}

/// fzf's `--preview-window +{2}`: the number a field starts with.
@Suite struct PreviewBaseLineTests {
  @Test func aFieldsLeadingNumberAfterPunctuation() {
    #expect(SearchService.leadingNumber("123") == 123)
    #expect(SearchService.leadingNumber(":123:") == 123)
    #expect(SearchService.leadingNumber("#42abc") == 42)
    #expect(SearchService.leadingNumber("abc") == nil && SearchService.leadingNumber("") == nil)
  }
}

/// A preview that clears its screen (`printf '\033[2J'`) starts again after the clear (fzf's
/// test_preview_clear_screen).
@Suite struct PreviewClearTests {
  @Test func thePreviewStartsAgainAfterTheLastClear() {
    let output = Array("[1]\n[2]\n\u{1B}[2J[3]\n[4]\n".utf8)
    #expect(String(decoding: PreviewRunner.afterLastClear(output), as: UTF8.self) == "[3]\n[4]\n")
    #expect(PreviewRunner.afterLastClear(Array("a\nb".utf8)).count == 3)
    #expect(PreviewRunner.afterLastClear(Array("\u{1B}[2".utf8)).count == 3)
  }
}

/// A preview still running shows what it printed so far (fzf's `tail -f` previews), then its
/// whole output; the offset applies to the first lines only.
@Suite struct RunningPreviewTests {
  final class Collected: @unchecked Sendable {
    let lock = NSLock()
    var outputs: [PreviewOutput] = []
    func add(_ event: SearchEvent) {
      guard case .details(.previewArrived(_, let output)) = event else { return }
      lock.withLock { outputs.append(output) }
    }
    var all: [PreviewOutput] { lock.withLock { outputs } }
  }

  @Test func theOutputSoFarIsShownWhileItRuns() throws {
    let collected = Collected()
    let runner = PreviewRunner { collected.add($0) }
    runner.run(command: "printf 'a\\n'; sleep 1; printf 'b\\n'", revision: 1)
    let deadline = Date().addingTimeInterval(30)
    while collected.all.last?.exitStatus == nil && Date() < deadline { usleep(10_000) }
    runner.shutdown()
    let texts = collected.all.map { $0.lines.map { $0.map(\.text).joined() } }
    #expect(texts.first == ["a"] && collected.all.first?.exitStatus == nil)
    #expect(texts.last == ["a", "b"] && collected.all.last?.exitStatus == 0)
  }

  @Test func theOffsetAppliesToTheFirstLinesOnly() {
    var details = DetailsState()
    details.placement = DetailsPlacement.parse("+3")!
    details.revision = 1
    func arrive(_ lines: Int) {
      let output = PreviewOutput(lines: (1...lines).map { [StyledRun(String($0))] })
      _ = DetailsReducer.reduce(&details, .previewArrived(revision: 1, output), rows: 5)
    }
    arrive(4)
    #expect(details.scroll == 2)
    details.scroll = 0
    arrive(8)
    #expect(details.scroll == 0)
  }
}

/// `--preview-window follow` (fzf's test_preview_window_follow): the end of the output stays on
/// screen as it grows; scrolling up stops following, scrolling back to the end follows again.
@Suite struct PreviewFollowTests {
  @Test func scrollingUpStopsFollowingAndBackDownFollowsAgain() {
    var details = DetailsState()
    details.open = true
    details.command = "tail -f log"
    details.placement = DetailsPlacement.parse("follow")!
    _ = DetailsReducer.sync(&details, current: nil, query: "", marked: [])
    #expect(details.following)
    details.preview = PreviewOutput(lines: (1...20).map { [StyledRun(String($0))] })
    _ = DetailsReducer.reduce(&details, .detailsScrolled(lines: -1), rows: 5)
    #expect(!details.following && details.scroll == 14)
    _ = DetailsReducer.reduce(&details, .detailsScrolled(lines: 1), rows: 5)
    #expect(details.following && details.scroll == 15)
  }
}

/// A preview's `{q}` is the query line, not what `search(…)` searches the list for (fzf's
/// test_preview_query_should_not_be_affected_by_search); a command of the line alone does not
/// run again while the query changes on the same line.
@Suite struct PreviewQueryTests {
  func runs(_ effects: [SearchEffect]) -> [String] {
    effects.compactMap { if case .runPreview(_, _, let query, _, _, _) = $0 { query } else { nil } }
  }

  @Test func theQueryLineIsTheCommandsQuery() {
    var details = DetailsState()
    details.open = true
    details.command = "echo [{q}/{}]"
    let hit = ResultHit(objectID: "1", title: "1")
    #expect(runs(DetailsReducer.sync(&details, current: hit, query: "1", typed: "1", marked: [])) == ["1"])
    #expect(runs(DetailsReducer.sync(&details, current: hit, query: "1", typed: "1 ", marked: [])) == ["1 "])
    details.command = "cat {}"
    details.shownFor = nil
    #expect(runs(DetailsReducer.sync(&details, current: hit, query: "1", typed: "1 ", marked: [])) == ["1 "])
    #expect(runs(DetailsReducer.sync(&details, current: hit, query: "1 2", typed: "1 2", marked: [])).isEmpty)
  }
}
