import SearchEngine
import Testing

@testable import SeekCore

/// A price in the query's words is a filter on the price attribute, and leaves the words
/// (PriceIntent.swift).
@Suite struct PriceIntentTests {
  @Test func phrasesAndNumbers() {
    func read(_ query: String) -> String? {
      PriceIntent.read(query, attribute: "price").map { "\($0.filter.text) | \($0.query)" }
    }
    #expect(read("laptop under 800") == "price < 800 | laptop")
    #expect(read("monitors over $300") == "price > 300 | monitors")
    #expect(read("tv between 400 and 600 ") == "price:400 TO 600 | tv ")
    #expect(read("Less than 1,000 headphones") == "price < 1000 | headphones")
    #expect(read("camera up to 1.5k") == "price <= 1500 | camera")
    #expect(read("laptop under") == nil)
    #expect(read("over the ear headphones") == nil)
    #expect(read("between 600 and 400") == nil)
  }

  static let csv = "name,price\nLaptop 800 Pro,1200\nLaptop basic,450\nMonitor,350\n"

  static func search(_ settings: String, _ query: String) throws -> CatalogSearcher.Response {
    let given = try CatalogSettings.parse(settings, path: "s")
    let catalog = try CatalogLoader.load(bytes: Array(csv.utf8), path: "p.csv", settings: given)
    return try CatalogSearcher(catalog: catalog).search(.init(query: query))
  }

  @Test func theCatalogFiltersOnItsPrice() throws {
    let response = try Self.search("{}", "laptop under 800")
    // Not "Laptop 800 Pro" by its model number: the laptops under 800.
    #expect(response.hits.map(\.hit.objectID).count == 1)
    #expect(response.priceFilter?.text == "price < 800")
    #expect(response.queryAfterRules == "laptop")
    #expect(response.query == "laptop under 800")
    // Off by a setting: the words are searched as typed.
    let off = try Self.search(#"{"priceIntent": false}"#, "laptop under 800")
    #expect(off.priceFilter == nil)
    // A catalog without a price reads none.
    #expect(try Self.search(#"{"priceAttribute": "weight"}"#, "laptop under 800").priceFilter == nil)
  }
}
