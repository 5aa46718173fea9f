import Foundation
import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

func parse(_ text: String, _ format: CatalogFormat, path: String = "t", strict: Bool = false) throws(CatalogError)
  -> RecordTable
{
  let bytes = Array(text.utf8)
  return try bytes.withUnsafeBufferPointer { buffer -> Result<RecordTable, CatalogError> in
    do throws(CatalogError) {
      return .success(try CatalogParser.parse(buffer, format: format, path: path, strict: strict))
    } catch {
      return .failure(error)
    }
  }.get()
}

/// What `--strict` refuses the file with.
func parseError(_ text: String, _ format: CatalogFormat) -> CatalogError? {
  do { _ = try parse(text, format, path: "f", strict: true) } catch { return error }
  return nil
}

@Suite struct CatalogParsingTests {
  @Test func jsonArrayOfObjects() throws {
    let table = try parse(#"[{"name": "A", "price": 3}, {"name": "B", "brand": "X", "price": 4.5}]"#, .json)
    #expect(table.attributes == ["name", "price", "brand"])
    #expect(table.rows == [["A", "3"], ["B", "4.5", "X"]])
    #expect(table.numericAttributes == ["price"])
  }

  /// A CSV column that `Double()` reads as numbers may hold what JSON cannot write bare: such
  /// values come out quoted, real numbers bare, and the whole is valid JSON.
  @Test func onlyJSONNumbersAreWrittenBare() throws {
    let odd = ["nan(abc_1)", "-inf", "0x10", "+5", ".5", "5.", "007", "infinity", "1e5", "-0.25", "0", "12"]
    let table = try parse(
      "name,n\n" + odd.enumerated().map { "r\($0.offset),\($0.element)" }.joined(separator: "\n"), .csv)
    #expect(table.numericAttributes == ["n"])
    let catalog = Catalog(name: "c", path: "c", table: table, settings: CatalogSettings().resolved(for: table))
    let bare = ["1e5", "-0.25", "0", "12"]
    for record in 0..<odd.count {
      let json = catalog.json(record: record).serialized
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let row = try #require((object["name"] as? String).flatMap { Int($0.dropFirst()) })
      let text = odd[row]
      #expect(json.hasSuffix(bare.contains(text) ? ":\(text)}" : ":\"\(text)\"}"), "\(json)")
    }
    #expect(JSONValue.number("nan").serialized == "\"nan\"")
  }

  @Test func jsonLinesSkipBlankLines() throws {
    let table = try parse("{\"text\": \"a\"}\n\n{\"text\": \"b\\u00e9\"}\n", .jsonLines)
    #expect(table.rows.map { $0[0] } == ["a", "bé"])
  }

  @Test func csvQuotingPerRFC4180() throws {
    let table = try parse("name,desc\n\"Smith, \"\"J\"\"\",\"two\nlines\"\r\nplain,x\n", .csv)
    #expect(table.rows == [["Smith, \"J\"", "two\nlines"], ["plain", "x"]])
  }

  @Test func tsvHasNoQuoting() throws {
    let table = try parse("name\tsummary\n\"quoted\"\ta \"b\"\n", .tsv)
    #expect(table.rows == [["\"quoted\"", "a \"b\""]])
  }

  /// An empty line is a line (fzf lists it); the last line's end is optional.
  @Test func plainLines() throws {
    #expect(try parse("one\ntwo\n\nthree", .lines).rows == [["one"], ["two"], [""], ["three"]])
    #expect(try parse("one\n", .lines).rows == [["one"]])
  }

  @Test func formatFromExtensionThenContent() {
    #expect(CatalogFormat.fromExtension(of: "a/b.CSV") == .csv)
    #expect(CatalogFormat.fromExtension(of: "x.ndjson") == .jsonLines)
    #expect(Array(" [{}]".utf8).withUnsafeBufferPointer(CatalogFormat.sniff) == .json)
    #expect(Array("{}\n{}".utf8).withUnsafeBufferPointer(CatalogFormat.sniff) == .jsonLines)
    #expect(Array("hello".utf8).withUnsafeBufferPointer(CatalogFormat.sniff) == .lines)
  }

  @Test func malformedJSONSaysLineColumnAndWhat() {
    #expect(
      parseError("[\n  {\"a\": 1,}\n]", .json)
        == .malformedJSON(path: "f", line: 2, column: 11, message: "expected a member name in double quotes, found '}'")
    )
    #expect(
      parseError("[{\"a\": \"x}]", .json)
        == .malformedJSON(path: "f", line: 1, column: 8, message: "unterminated string"))
    #expect(parseError("[1, 2]", .json) == .notARecord(path: "f", line: 1, found: "a number"))
    #expect(
      parseError("{\"a\":1}\n{oops}\n", .jsonLines)
        == .malformedJSON(path: "f", line: 2, column: 2, message: "expected a member name in double quotes, found 'o'"))
  }

  /// Without --strict a malformed record is left out, counted, and the first one's error said;
  /// the records around it are kept.
  @Test func malformedRecordsAreLeftOutAndSaid() throws {
    let csv = try parse("a,b\n1,2\n3,4,5\n6,7\n8,9,10,11\n", .csv, path: "f")
    #expect(csv.rows == [["1", "2"], ["6", "7"]] && csv.skippedRecords == 2)
    #expect(csv.warnings.last?.hasPrefix("2 malformed records left out (the first: f:3: expected 2 fields") == true)
    let lines = try parse("{\"a\":\"x\"}\n{oops}\n[1]\n{\"a\":\"y\"}\n", .jsonLines)
    #expect(lines.rows == [["x"], ["y"]] && lines.skippedRecords == 2)
    let array = try parse("[{\"a\":\"x\"}, 5, {\"a\":\"y\"}]", .json)
    #expect(array.rows == [["x"], ["y"]] && array.skippedRecords == 1)
    // A quote never closed breaks the structure: refused either way.
    #expect(throws: CatalogError.self) { try parse("a,b\n\"open,2\n", .csv) }
  }

  @Test func malformedTablesSayLine() {
    #expect(
      parseError("a,b\n1,2,3\n", .csv)
        == .malformedTable(path: "f", line: 2, message: "expected 2 fields as in the header, found 3"))
    #expect(
      parseError("a,b\n\"open,2\n", .csv)
        == .malformedTable(
          path: "f", line: 2, message: "unterminated quoted field (a '\"' opened here is never closed)"))
  }

  @Test func invalidUTF8IsReplacedNotFatal() throws {
    var bytes = Array("[{\"name\": \"caf".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("\"}]".utf8)
    let table = try bytes.withUnsafeBufferPointer { try CatalogParser.parse($0, format: .json, path: "x") }
    #expect(table.rows[0][0] == "caf\u{FFFD}(")
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = "[" + String(repeating: "[", count: 10_000)
    #expect(parseError(deep, .json) != nil)
  }

  @Test func controlCharactersAreKeptInDataButNotShown() throws {
    let table = try parse(#"[{"name": "evil\u001b]0;pwned\u0007title"}]"#, .json)
    #expect(table.rows[0][0] == "evil\u{1B}]0;pwned\u{07}title")
    #expect(SafeText.sanitized(table.rows[0][0]) == "evil?]0;pwned?title")
  }
}

@Suite struct CatalogSettingsTests {
  @Test func defaultsPickTitleSearchableAndPopularity() throws {
    let table = try parse(#"[{"objectID": "1", "brand": "B", "name": "N", "popularity": 3, "price": 1}]"#, .json)
    let settings = CatalogSettings().resolved(for: table)
    #expect(settings.index.titleAttribute == "name")
    #expect(settings.index.searchableAttributes == ["name", "brand"])
    #expect(settings.index.customRanking == [.descending("popularity")])
    #expect(settings.objectIDAttribute == "objectID")
    #expect(settings.displayAttributes == ["brand", "price"])
  }

  @Test func settingsFileParsesAndRejectsUnknownKeys() throws {
    let s = try CatalogSettings.parse(#"{"searchableAttributes": ["a"], "customRanking": ["asc(p)"]}"#, path: "s")
    #expect(s.searchableAttributes == ["a"])
    #expect(s.customRanking == [.ascending("p")])
    #expect(throws: CatalogError.self) { try CatalogSettings.parse(#"{"nope": 1}"#, path: "s") }
    #expect(CatalogSettings.settingsPath(forCatalog: "Data/products.json") == "Data/products.settings.json")
  }

  /// Algolia's synonym records and Meilisearch's map; entries of several words are left out and
  /// said; plurals are on for records unless turned off.
  @Test func settingsFileReadsSynonymsAndPlurals() throws {
    let algolia = try CatalogSettings.parse(
      #"{"synonyms": [{"objectID": "1", "type": "synonym", "synonyms": ["TV", "télévision"]},"#
        + #"{"type": "oneWaySynonym", "input": "ps5", "synonyms": ["playstation"]},"#
        + #"{"type": "synonym", "synonyms": ["PlayStation-5", "ps5"]},"#
        + #"{"type": "synonym", "synonyms": ["a b c d e", "five"]}]}"#, path: "s")
    #expect(algolia.synonyms.of(Array("television".utf8)) == [Array("tv".utf8)])
    // A phrase (up to four words) is its terms one space apart, punctuation aside.
    #expect(algolia.synonyms.of(Array("ps5".utf8)) == [Array("playstation".utf8), Array("playstation 5".utf8)])
    #expect(algolia.synonyms.of(Array("playstation".utf8)).isEmpty)
    #expect(algolia.synonyms.phrases.keys == [Array("playstation 5".utf8)])
    #expect(algolia.ignoredSynonyms == ["a b c d e = five"])
    let table = try parse(#"[{"name": "a"}]"#, .json)
    #expect(algolia.unknownAttributes(in: table).warnings.contains { $0.contains("a b c d e") })
    #expect(algolia.resolved(for: table).index.alternatives.ignorePlurals)
    let meili = try CatalogSettings.parse(#"{"synonyms": {"laptop": ["notebook"]}, "ignorePlurals": false}"#, path: "s")
    #expect(meili.synonyms.of(Array("laptop".utf8)) == [Array("notebook".utf8)])
    #expect(!meili.resolved(for: table).index.alternatives.ignorePlurals)
    #expect(throws: CatalogError.self) {
      try CatalogSettings.parse(#"{"synonyms": [{"type": "placeholder", "placeholder": "<x>"}]}"#, path: "s")
    }
    #expect(throws: CatalogError.self) { try CatalogSettings.parse(#"{"synonyms": "tv"}"#, path: "s") }
  }

  @Test func generatedObjectIDsAreStableAndUnique() {
    var table = RecordTable(attributes: ["name"])
    table.append([("name", "a")])
    table.append([("name", "a")])
    let store = table.documents(idAttribute: nil)
    #expect(store.objectID(0) != store.objectID(1))
    #expect(store.objectID(1) == store.objectID(0) + "-2")
  }

  /// Lines name no id: each is known by its content hash, computed when asked, and only the
  /// numbered copies are kept. The ids are those a stored id would have been.
  @Test func linesAreKnownByTheirContentWithoutStoringIt() {
    var table = RecordTable(attributes: ["text"])
    let lines = ["a", "b", "a", "c", "a", "b", ""]
    for line in lines { table.appendRow([line]) }
    let store = table.documents(idAttribute: nil)
    let ids = (0..<store.count).map(store.objectID)
    let a = RecordTable.contentID(["a"])
    let b = RecordTable.contentID(["b"])
    #expect(ids == [a, b, a + "-2", RecordTable.contentID(["c"]), a + "-3", b + "-2", RecordTable.contentID([""])])
    #expect(store.objectIDBytesHeld == 3 * 8)
    let reordered = store.reordered([6, 5, 4, 3, 2, 1, 0])
    #expect((0..<7).map(reordered.objectID) == ids.reversed())
    #expect(store.subset([4, 0]).objectID(0) == a + "-3")
  }

  /// A shaped line (`--nth`, `--with-nth`) is known by the line as read alone: shown and searched
  /// as other fields, it keeps the id the plain line has, copies numbered by the line.
  @Test func aShapedLineIsKnownByTheLineAsRead() {
    var shaped = RecordTable(attributes: ["text", "line", "fields"])
    shaped.appendRow(["b", "a b", "a"])
    shaped.appendRow(["x", "c d", "c"])
    shaped.appendRow(["other", "a b", "field"])
    let store = shaped.documents(idAttribute: nil, hashedAttribute: "line")
    let a = RecordTable.contentID(["a b"])
    #expect((0..<3).map(store.objectID) == [a, RecordTable.contentID(["c d"]), a + "-2"])
    #expect(store.objectIDBytesHeld == 2 * 4)
    var again = RecordTable(attributes: ["text", "line", "fields"])
    again.appendRow(["a b", "a b", "a b"])
    #expect(again.documents(idAttribute: nil, hashedAttribute: "line").objectID(0) == a)
  }

  /// Among many records, every copy after the first is numbered in input order, given ids and
  /// hashed ones alike, and all ids differ, even where a given id looks like a numbered copy.
  @Test func duplicatesAreNumberedInInputOrderAmongManyRecords() {
    var table = RecordTable(attributes: ["name", "sku"])
    for copy in 0..<3 {
      for i in 0..<7_000 { table.appendRow(["item \(i)", i % 2 == 0 ? "sku\(i)" : ""]) }
      table.appendRow(["extra \(copy)", "sku0-2"])
    }
    let store = table.documents(idAttribute: "sku")
    let ids = (0..<store.count).map(store.objectID)
    #expect(Set(ids).count == ids.count)
    #expect(ids[7_002] == ids[1] + "-2" && ids[14_003] == ids[1] + "-3")
    #expect(ids[1] == RecordTable.contentID(["item 1", ""]))
    // "sku0-2" was given before the second "sku0": that copy takes the next free number.
    #expect(ids[0] == "sku0" && ids[7_000] == "sku0-2" && ids[7_001] == "sku0-3")
    #expect(ids[14_001] == "sku0-2-2" && ids[14_002] == "sku0-4")
  }

  /// Records read before an attribute first appeared have no value for it: the store gives them
  /// an empty one, and ids from the id attribute are kept (duplicates numbered), the others hashed.
  @Test func shortRecordsAndGivenIdsBecomeAStore() {
    var table = RecordTable()
    table.append([("name", "first")])
    table.append([("name", "second"), ("sku", "x1")])
    table.append([("name", "third"), ("sku", "x1")])
    table.append([("name", "fourth"), ("sku", "")])
    let store = table.documents(idAttribute: "sku")
    #expect(store.count == 4)
    #expect((0..<4).map { store.value($0, 0) } == ["first", "second", "third", "fourth"])
    #expect((0..<4).map { store.value($0, 1) } == ["", "x1", "x1", ""])
    #expect(store.objectID(1) == "x1" && store.objectID(2) == "x1-2")
    #expect(store.objectID(0).count == 16 && store.objectID(3).count == 16 && store.objectID(0) != store.objectID(3))
    #expect(store.objectID(0) == RecordTable.contentID(["first"]))
  }

  /// Invalid UTF-8 in a table is repaired as it is read; quoted and plain fields, CRLF and a
  /// missing last newline all give the same values.
  @Test func delimitedValuesGoStraightIntoTheTable() throws {
    let table = try parse("name,n\r\n\"a, b\",1\r\nplain,2\nlast,3", .csv)
    #expect(table.rows == [["a, b", "1"], ["plain", "2"], ["last", "3"]])
    #expect(table.numericAttributes == ["n"])
    let short = try parse("a\tb\tc\nx\n", .tsv)
    #expect(short.rows == [["x", "", ""]])
  }

  @Test func defaultCatalogGivesSensibleResults() throws {
    let catalog = try CatalogLoader.load(path: repositoryRoot + "/Data/products.json")
    #expect(catalog.index.count == 10_000)
    let searcher = Searcher(index: catalog.index)
    for (query, expected) in [
      ("iphone", "iPhone"), ("samsung tv", "Samsung"), ("macbook air", "MacBook Air"),
      ("cooktop", "Cooktop"), ("nintendo", "Nintendo"),
    ] {
      let top = searcher.search(SearchRequest(query: query)).hits.prefix(3).map { catalog.title(record: $0.record) }
      #expect(top.count == 3 && top.allSatisfy { $0.contains(expected) }, "\(query): \(top)")
    }
  }
}

/// The package root, found from this file's path.
let repositoryRoot: String = {
  var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)
  return parts.joined(separator: "/")
}()
