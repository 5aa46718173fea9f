import SearchEngine
import SeekApp
import Testing

@testable import SeekCore

/// fzf's `--ansi`, `-d`, `--nth` and `--with-nth`: fields as fzf cuts them, and what a line
/// becomes (shown, printed, searched).
@Suite struct LineShapeTests {
  /// `--header-lines` show `--with-nth`'s fields, as the list does (fzf's
  /// test_header_lines_with_nth: `--with-nth 1,1,1,1,1` shows `11111`).
  @Test func headerLinesShowTheWithNthFields() {
    let shape = LineShape(withNth: (0..<5).map { _ in FieldRange(parsing: "1")! })
    #expect(shape.header(of: "1") == "11111")
    #expect(LineShape(withNth: [FieldRange(parsing: "2")!]).header(of: "NAME READY") == "READY")
    #expect(LineShape().header(of: "NAME READY") == "NAME READY")
  }

  @Test func awkFieldsKeepTheirTrailingBlanksAndDropLeadingOnes() {
    #expect(LineShape().fields(of: "  foo  bar baz ") == ["foo  ", "bar ", "baz "])
    #expect(LineShape().fields(of: "") == [])
  }

  @Test func aDelimiterEndsEachField() {
    let shape = LineShape(delimiter: ":")
    #expect(shape.fields(of: "a:b::c") == ["a:", "b:", ":", "c"])
    // With regular expression characters, a regular expression (fzf's).
    #expect(LineShape(delimiter: "[:/]").fields(of: "src/main.rs:10") == ["src/", "main.rs:", "10"])
    #expect(LineShape(delimiter: "\t").fields(of: "a\tb") == ["a\t", "b"])
  }

  @Test(arguments: [
    ("1", [0]), ("-1", [3]), ("2..", [1, 2, 3]), ("..2", [0, 1]), ("2..-2", [1, 2]), ("..", [0, 1, 2, 3]),
    ("9", []), ("-9", []),
  ])
  func rangesNameFields(expression: String, indexes: [Int]) {
    #expect(FieldRange(parsing: expression)?.resolve(count: 4) == indexes)
  }

  @Test func invalidRangesAreRefused() {
    for bad in ["0", "a", "1..b", "", "1,,2"] { #expect(FieldRange.parseList(bad) == nil, "\(bad)") }
    #expect(FieldRange.parseList("1,3..")?.count == 2)
  }

  @Test func withNthShowsSomeFieldsAndKeepsTheLineToPrint() {
    let shape = LineShape(delimiter: ":", withNth: [FieldRange(parsing: "2..")!])
    #expect(shape.attributes == ["text", "line"])
    #expect(shape.values(of: "src/main.rs:10:fn main") == ["10:fn main", "src/main.rs:10:fn main"])
  }

  @Test func nthSearchesSomeFieldsAndShowsTheLine() {
    let shape = LineShape(delimiter: ":", nth: [FieldRange(parsing: "1")!])
    #expect(shape.searchedAttribute == "fields")
    #expect(
      shape.values(of: "src/main.rs:10:fn main") == ["src/main.rs:10:fn main", "src/main.rs:10:fn main", "src/main.rs"])
  }

  @Test func ansiColoursAreShownNotSearchedAndTheLineIsKept() {
    let line = "\u{1B}[31mred\u{1B}[0m apple\tpie"
    let shape = LineShape(ansi: true)
    #expect(shape.values(of: line) == ["red apple\tpie", line])
    let colors = AnsiText.colors(line)
    #expect(colors.count == 1 && colors[0].range == 0..<3 && colors[0].style.color == 1)
    #expect(AnsiText.stripped("plain") == "plain")
    // A character set designated (tput sgr0, fish's set_color normal: ESC ( B ESC [ m) is three
    // bytes, all of them dropped (the B was shown and searched).
    #expect(AnsiText.stripped("\u{1B}[30m\u{1B}(Becho 3d\u{1B}(B\u{1B}[m") == "echo 3d")
    // An item of several lines (--read0) keeps them all (fish's multi-line commands).
    #expect(AnsiText.stripped("\u{1B}[90m1\t\u{1B}[mecho \"foo\nbar\"") == "1\techo \"foo\nbar\"")
  }

  @Test func placeholdersGiveFieldsWithoutTheirDelimiters() {
    let shape = LineShape(delimiter: ":")
    #expect(shape.field(FieldRange(parsing: "1")!, of: "src/main.rs:10:fn main") == "src/main.rs")
    #expect(shape.field(FieldRange(parsing: "-1")!, of: "src/main.rs:10:fn main") == "fn main")
    #expect(LineShape().field(FieldRange(parsing: "2")!, of: "  a   b  c") == "b")
  }

  @Test func matchesInTheFieldsAreDrawnWhereTheyStandInTheLine() {
    #expect(SearchService.ranges([0..<2], of: "main.rs", placedIn: "src/main.rs:10") == [4..<6])
    #expect(SearchService.ranges([0..<1], of: "a b", placedIn: "a:x:b") == [])
  }
}

@Suite struct AcceptedFieldsTests {
  /// fzf's `--accept-nth`, as its own tests have it.
  @Test func listsJoinFieldsAsTheyStandAndTemplatesFillThem() throws {
    var colon = LineShape()
    colon.delimiter = ":"
    #expect(try #require(AcceptedFields("1,3")).apply(to: "ID002:Jane:Manager", shape: colon) == "ID002:Manager")
    #expect(try #require(AcceptedFields("1")).apply(to: "ID001:John:Developer", shape: colon) == "ID001")
    #expect(try #require(AcceptedFields("2..")).apply(to: "a:b:c:", shape: colon) == "b:c")
    #expect(try #require(AcceptedFields("-1")).apply(to: "one two three", shape: LineShape()) == "three")
    #expect(try #require(AcceptedFields("{1} // {1} {x}")).apply(to: "55", shape: LineShape()) == "55 // 55 {x}")
    #expect(AcceptedFields("nothing") == nil)
  }

  /// A delimiter of one's own keeps the blanks before it (fzf 0.74.5's test_accept_nth_string_delimiter
  /// and what it prints for templates); AWK's fields lose their trailing blanks.
  @Test func blanksStayBeforeADelimiterOfOnesOwn() throws {
    var comma = LineShape()
    comma.delimiter = ","
    let line = "foo  ,bar,baz  "
    #expect(try #require(AcceptedFields("2,2,1,3,1")).apply(to: line, shape: comma) == "bar,bar,foo  ,baz  foo  ")
    #expect(try #require(AcceptedFields("{1}|{2}")).apply(to: "foo  ,bar ,baz", shape: comma) == "foo  |bar ")
    #expect(try #require(AcceptedFields("2,3")).apply(to: "  foo   bar  baz  ", shape: LineShape()) == "bar  baz")
  }

  /// A template's `{n}`: the line's place in the input (fzf's test_accept_nth_template).
  @Test func aTemplatesNIsTheLinesPlace() throws {
    let template = try #require(AcceptedFields("[{n}] {1}"))
    #expect(template.apply(to: "foo bar", shape: LineShape(), ordinal: 4) == "[4] foo")
    #expect(template.apply(to: "foo bar", shape: LineShape()) == "[{n}] foo")
  }

  /// `--nth` with several ranges: one part per range, separated (fzf matches within a range).
  @Test func severalNthRangesAreSeparateParts() throws {
    let shape = LineShape(delimiter: "\t", nth: try #require(FieldRange.parseList("2..,..")))
    let separator = String(UnicodeScalar(MatchOptions.partSeparator))
    #expect(shape.values(of: "3\techo 2nd")[2] == "echo 2nd" + separator + "3\techo 2nd")
    #expect(LineShape(nth: try #require(FieldRange.parseList("2"))).values(of: "a b c")[2] == "b")
  }
}
