import Foundation
import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

/// Records as Algolia users expect them: names compared as words, the data untouched.
@Suite struct RecordsAsStoredTests {
  /// The smart list: a name typed without its punctuation is the item (no create row).
  @Test func namesCompareWithoutPunctuationAndSeparators() {
    let service = SearchService(
      catalog: catalog(["Apple - AirPods Max - Pink", "Apple - AirPods Max - Blue", "AirPods case"]), suggestions: [])
    let page = service.results(query: "apple airpods max pink", page: 0)
    #expect(page.equalItems.map(\.title) == ["Apple - AirPods Max - Pink"])
    #expect(service.results(query: "apple airpods max", page: 0).equalItems.isEmpty)
    #expect(Tokenizer.nameKey("Crème  Brûlée!") == Tokenizer.nameKey("creme brulee"))
  }

  /// A word in its other number names the same item (`apple`, `Apples`; `honeys`, `honey`),
  /// never a typo nor another count of words.
  @Test func namesCompareWithPluralsFolded() {
    let service = SearchService(catalog: catalog(["Apples", "honey", "Oat milk", "Pineapple"]), suggestions: [])
    #expect(service.results(query: "apple", page: 0).equalItems.map(\.title) == ["Apples"])
    #expect(service.results(query: "honeys", page: 0).equalItems.map(\.title) == ["honey"])
    #expect(service.results(query: "oat milks", page: 0).equalItems.map(\.title) == ["Oat milk"])
    #expect(ItemName.same(ItemName.words("batteries"), ItemName.words("Battery")))
    #expect(!ItemName.same(ItemName.words("aple"), ItemName.words("apple")))
    #expect(!ItemName.same(ItemName.words("oat"), ItemName.words("oat milk")))
  }

  /// Every JSON type comes back as written; Seek's members never replace the record's.
  @Test func aJSONRecordComesBackAsStored() throws {
    let record =
      #"{"name":"widget","inStock":true,"tags":["a","b"],"dims":{"w":1,"h":2.5},"note":null,"empty":"","price":12.50,"checked":"mine"}"#
    for (path, text) in [("w.json", "[" + record + "]"), ("w.jsonl", record + "\n")] {
      let catalog = try CatalogLoader.load(bytes: Array(text.utf8), path: path, settings: CatalogSettings())
      guard case .object(let members) = catalog.json(record: 0) else {
        Issue.record("not an object")
        continue
      }
      let stored = members.filter { $0.0 != "objectID" }
      #expect(JSONValue.object(stored).serialized == record, "\(path)")
      // Searched as text all the same, and shown so.
      #expect(SearchService(catalog: catalog, suggestions: []).results(query: "b", page: 0).nbHits == 1)
      #expect(!catalog.settings.index.searchableAttributes.contains(RecordTable.typesAttribute))
    }
  }

  /// `"removeStopWords": true` (or `["en"]`) in the settings file: a query in words finds what
  /// its words name.
  @Test func stopWordsAreLeftOutWhenTheSettingsSaySo() throws {
    let records =
      #"[{"name":"USB charger"},{"name":"USB cable"},{"name":"Charger and cable kit"},{"name":"Case with strap"}]"#
    // Without: "with" must match too, nothing has all three, and words are dropped from the end
    // until "charger" alone is left (two hits). With: charger and cable, one hit.
    for (text, titles) in [
      ("{}", ["Charger and cable kit", "USB charger"]), (#"{"removeStopWords": true}"#, ["Charger and cable kit"]),
      (#"{"removeStopWords": ["en"]}"#, ["Charger and cable kit"]),
    ] {
      let settings = try CatalogSettings.parse(text, path: "s.json")
      let catalog = try CatalogLoader.load(bytes: Array(records.utf8), path: "c.json", settings: settings)
      let page = SearchService(catalog: catalog, suggestions: []).results(query: "charger with cable ", page: 0)
      #expect(page.hits.map(\.title).sorted() == titles.sorted(), "\(text)")
    }
    #expect(throws: CatalogError.self) { try CatalogSettings.parse(#"{"removeStopWords": ["fr"]}"#, path: "s.json") }
  }

  /// `"exactOnSingleWordQuery"` in the settings file: by default (no custom ranking) `word`, so a
  /// whole word typed beats the same letters starting a longer word; `attribute` and `none` leave
  /// them to the tie-break (by name here).
  @Test func exactOnSingleWordQueryIsReadFromTheSettings() throws {
    let records = #"[{"name":"reactor"},{"name":"the react book"}]"#
    for (text, first) in [
      ("{}", "the react book"), (#"{"exactOnSingleWordQuery": "word"}"#, "the react book"),
      (#"{"exactOnSingleWordQuery": "attribute"}"#, "reactor"), (#"{"exactOnSingleWordQuery": "none"}"#, "reactor"),
    ] {
      let settings = try CatalogSettings.parse(text, path: "s.json")
      let catalog = try CatalogLoader.load(bytes: Array(records.utf8), path: "c.json", settings: settings)
      let page = SearchService(catalog: catalog, suggestions: []).results(query: "react", page: 0)
      #expect(page.hits.first?.title == first, "\(text)")
    }
    #expect(throws: CatalogError.self) {
      try CatalogSettings.parse(#"{"exactOnSingleWordQuery": "prefix"}"#, path: "s.json")
    }
  }

  /// `"attributeForDistinct"` and `"distinct"` in the settings file: one hit per value (or N), the
  /// best of each group; a request's own `distinct` (the CLI's `--distinct`) wins, 0 turns it off.
  @Test func distinctIsReadFromTheSettings() throws {
    let records =
      #"[{"name":"USB-C cable 1 m","model":"c1","popularity":9},{"name":"USB-C cable 2 m","model":"c1","popularity":8},"#
      + #"{"name":"USB-A cable","model":"a1","popularity":7},{"name":"Lightning cable","popularity":1}]"#
    func titles(_ settingsText: String, distinct: Int? = nil) throws -> (titles: [String], nbHits: Int) {
      let settings = try CatalogSettings.parse(settingsText, path: "s.json")
      let catalog = try CatalogLoader.load(bytes: Array(records.utf8), path: "c.json", settings: settings)
      var request = CatalogSearcher.Request(query: "cable", hitsPerPage: 10)
      request.distinct = distinct
      let response = try CatalogSearcher(catalog: catalog).search(request)
      let shown = response.hits.map { $0.index.documents.value($0.hit.record, $0.index.titleColumn) }
      return (shown, response.nbHits)
    }
    let on = #"{"attributeForDistinct": "model", "distinct": true}"#
    #expect(try titles(on).titles == ["USB-C cable 1 m", "USB-A cable", "Lightning cable"])
    #expect(try titles(on).nbHits == 3)
    #expect(try titles(on, distinct: 0).nbHits == 4)
    #expect(try titles(#"{"attributeForDistinct": "model", "distinct": 2}"#).nbHits == 4)
    #expect(try titles("{}", distinct: 1).nbHits == 4)  // no attribute named: off
    #expect(throws: CatalogError.self) { try CatalogSettings.parse(#"{"distinct": "yes"}"#, path: "s.json") }
  }

  /// `"disableTypoToleranceOnAttributes"` in the settings file: a typo finds nothing there.
  @Test func typoFreeAttributesAreReadFromTheSettings() throws {
    let records = #"[{"name":"Portable speaker","sku":"ALPHA"},{"name":"Alpha speaker","sku":"Q"}]"#
    for (text, count) in [("{}", 2), (#"{"disableTypoToleranceOnAttributes": ["sku"]}"#, 1)] {
      let settings = try CatalogSettings.parse(text, path: "s.json")
      let catalog = try CatalogLoader.load(bytes: Array(records.utf8), path: "c.json", settings: settings)
      #expect(
        SearchService(catalog: catalog, suggestions: []).results(query: "alphx ", page: 0).nbHits == count, "\(text)")
    }
  }

  /// Piped JSON Lines (and a PostgreSQL catalog, which streams as them) come back as stored too.
  @Test func aPipedJSONRecordComesBackAsStored() throws {
    let record = #"{"name":"widget","inStock":true,"tags":["a","b"],"note":null,"price":12.50}"#
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data((record + "\n").utf8))
    try pipe.fileHandleForWriting.close()
    let table = StreamingReader(format: .jsonLines) {}.readAll(pipe.fileHandleForReading)
    let catalog = Catalog(
      name: "stdin", path: "<stdin>", table: table, settings: CatalogSettings().resolved(for: table),
      given: CatalogSettings())
    guard case .object(let members) = catalog.json(record: 0) else {
      Issue.record("not an object")
      return
    }
    #expect(JSONValue.object(members.filter { $0.0 != "objectID" }).serialized == record)
  }

  /// One way to write an item, for every output: a record always with its objectID (whatever
  /// the id attribute is called), a created item's title under the catalog's title attribute.
  @Test func everyItemIsWrittenOneWay() throws {
    var settings = CatalogSettings()
    settings.objectIDAttribute = "sku"
    let catalog = try CatalogLoader.load(
      bytes: Array("sku,name\nA1,widget\n".utf8), path: "w.csv", settings: settings)
    #expect(catalog.json(record: 0).serialized == #"{"objectID":"A1","sku":"A1","name":"widget"}"#)
    #expect(
      catalog.createdJSON(objectID: "c1", title: "gadget").serialized
        == #"{"objectID":"c1","name":"gadget","_created":true}"#)
    let service = SearchService(
      catalog: catalog, suggestions: [], created: [CreatedItem(objectID: "c1", title: "gadget", created: 0)])
    #expect(service.json(objectID: "c1") == catalog.createdJSON(objectID: "c1", title: "gadget"))
    #expect(service.json(objectID: "A1") == catalog.json(record: 0))
  }

  /// Algolia's order: the bare query, then the same query in its category.
  @Test func theBareQueryComesBeforeItsCategory() {
    let service = SearchService(
      catalog: catalog(["Apple MacBook Air"]),
      suggestions: [
        Suggestion(query: "apple", popularity: 9, category: "Laptops > MacBooks"),
        Suggestion(query: "apple watch", popularity: 5),
      ])
    let rows = service.suggestionHits("app").map { "\($0.query) | \($0.suggestion.category ?? "-")" }
    #expect(rows.prefix(3) == ["apple | -", "apple | Laptops > MacBooks", "apple watch | -"])
  }
}
