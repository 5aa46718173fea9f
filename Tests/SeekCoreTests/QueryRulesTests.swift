import Testing

@testable import SeekCore

/// Algolia's Rules from a catalog's settings: a pattern on the query's words; filters, query edits,
/// pins, hidden records and a banner (`userData`) as consequences (QueryRules.swift).
@Suite struct QueryRulesTests {
  static let csv = """
    objectID,name,brand,price
    a,Xbox Series X,Microsoft,499
    b,Xbox controller,Microsoft,59
    c,PlayStation 5,Sony,449
    d,Cheap cable,Acme,5
    e,Premium cable,Acme,45
    """

  static func search(_ rules: String, _ query: String, page: Int = 0) throws -> CatalogSearcher.Response {
    let settings = try CatalogSettings.parse(
      #"{"attributesForFaceting": ["brand", "price"], "rules": \#(rules)}"#, path: "s")
    let catalog = try CatalogLoader.load(bytes: Array(csv.utf8), path: "r.csv", settings: settings)
    return try CatalogSearcher(catalog: catalog).search(.init(query: query, page: page, hitsPerPage: 10))
  }

  static func ids(_ response: CatalogSearcher.Response) -> [String] { response.hits.map(\.hit.objectID) }

  @Test func anchoringIsOnWholeFoldedWords() throws {
    func applies(_ anchoring: String, _ pattern: String, _ query: String) throws -> Bool {
      let rule = #"[{"objectID": "r", "conditions": [{"pattern": "\#(pattern)", "anchoring": "\#(anchoring)"}]}]"#
      return try Self.search(rule, query).appliedRules == ["r"]
    }
    #expect(try applies("is", "xbox", "XBOX"))
    #expect(try !applies("is", "xbox", "xbox controller"))
    #expect(try applies("startsWith", "xbox", "xbox controller"))
    #expect(try applies("endsWith", "controller", "xbox controller"))
    #expect(try applies("contains", "series x", "xbox series x console"))
    #expect(try !applies("contains", "box", "xbox"))
  }

  @Test func pinsHidesAndBanners() throws {
    let rules = """
      [{"objectID": "xbox-week", "conditions": [{"pattern": "xbox"}],
        "consequence": {"promote": [{"objectID": "c", "position": 0}], "hide": [{"objectID": "b"}],
                        "userData": {"banner": "Xbox week"}}}]
      """
    let response = try Self.search(rules, "xbox")
    #expect(Self.ids(response) == ["c", "a"])
    #expect(response.nbHits == 2)
    #expect(response.userData.compactMap(QueryRule.bannerText) == ["Xbox week"])
    // Another query: no rule, nothing moved.
    let other = try Self.search(rules, "controller")
    #expect(Self.ids(other) == ["b"])
    #expect(other.appliedRules.isEmpty)
    // Disabled, it does nothing.
    let disabled = try Self.search(
      #"[{"objectID": "x", "enabled": false, "consequence": {"hide": [{"objectID": "a"}]}}]"#, "xbox")
    #expect(Set(Self.ids(disabled)) == ["a", "b"])
  }

  @Test func filtersAndQueryEdits() throws {
    let cheap = """
      [{"objectID": "cheap", "conditions": [{"pattern": "cheap", "anchoring": "contains"}],
        "consequence": {"params": {"filters": "price < 20", "query": {"remove": ["cheap"]}}}}]
      """
    let response = try Self.search(cheap, "cheap cable")
    // "cheap" leaves the words (it no longer finds "Cheap cable" by name) and becomes a filter.
    #expect(Self.ids(response) == ["d"])
    #expect(response.queryAfterRules == "cable")
    #expect(response.query == "cheap cable")
    // A rule without conditions applies to every query.
    let always = try Self.search(
      #"[{"objectID": "sony-only", "consequence": {"params": {"filters": "brand:Sony"}}}]"#, "")
    #expect(Self.ids(always) == ["c"])
  }

  @Test func aBadRuleIsSaidWithItsName() {
    for (bad, said) in [
      (#"[{"objectID": "r", "conditions": [{"pattern": "x", "anchoring": "near"}]}]"#, "'r': anchoring 'near'"),
      (#"[{"objectID": "r", "consequence": {"params": {"filters": "brand:"}}}]"#, "'r': filters:"),
      (#"[{"objectID": "r", "consequence": {"promote": [{"objectID": "a"}]}}]"#, "'r': each promote entry"),
      (#"{"objectID": "r"}"#, "'rules' must be a list"),
    ] {
      do {
        _ = try CatalogSettings.parse(#"{"rules": \#(bad)}"#, path: "s")
        Issue.record("accepted: \(bad)")
      } catch {
        #expect("\(error)".contains(said), "\(error)")
      }
    }
  }
}
