import SearchEngine
import SeekApp
import SeekCore

extension Flag {
  static let refine = FlagGroup(
    "REFINE",
    [
      Flag(
        ["--filters"], .required("EXPR"),
        #"Algolia filters: brand:Apple, category:"Cell Phones", price < 500, price:100 TO 500, AND, OR, NOT, parentheses (values folded; a hierarchical value such as "A > B" matches everything below it)"#
      ) { o, r throws(Options.ParseError) in try Self.filters(&o, &r) },
      Flag(
        ["--facets"], .required("A,B|'*'"),
        "count these facets' values over every hit (stderr; --json: facets, facets_stats)"
      ) { o, r throws(Options.ParseError) in o.facets = r.list(try r.value()) },
      Flag(
        ["--sort"], .required("ATTR:asc|desc"),
        "order by a facet (a number; text, alphabetically), relevance breaking ties"
      ) { o, r throws(Options.ParseError) in
        o.sort = try r.value(SortOrder.init(parsing:), expected: "attribute:asc or attribute:desc")
      },
      Flag(
        ["--facets-attributes"], .required("A,B"),
        "attributes that can be refined (default: numbers, and text values that repeat, such as brand, category, source, tags)"
      ) { o, r throws(Options.ParseError) in o.catalog.attributesForFaceting = r.list(try r.value()) },
    ])

  static let settings = FlagGroup(
    "CATALOG SETTINGS (override CATALOG.settings.json next to the catalog)",
    [
      Flag(
        ["--settings"], .required("FILE"),
        "settings from FILE, for any catalog (a pipe, a table, a query); over the file next to the catalog, under these flags",
        completes: .files
      ) { o, r throws(Options.ParseError) in o.settingsPath = try r.value() },
      Flag(["--searchable"], .required("A,B,..."), "searchable attributes, most important first") {
        o, r throws(Options.ParseError) in o.catalog.searchableAttributes = r.list(try r.value())
      },
      Flag(["--title"], .required("NAME"), "attribute shown as the item's name") { o, r throws(Options.ParseError) in
        o.catalog.titleAttribute = try r.value()
      },
      Flag(
        ["--ranking"], .required("RULES"), #"custom ranking, e.g. "desc(popularity)" or "asc(price),desc(rating)""#
      ) { o, r throws(Options.ParseError) in o.catalog.customRanking = try Self.customRanking(&r) },
      Flag(["--id-field"], .required("NAME"), "attribute holding the objectID (generated when absent)") {
        o, r throws(Options.ParseError) in o.catalog.objectIDAttribute = try r.value()
      },
      Flag(["--distinct"], .required("A[:N]"), "at most N hits (1) for each value of attribute A") {
        o, r throws(Options.ParseError) in try Self.distinct(&o, &r)
      },
      Flag(["--display"], .required("A,B,..."), "secondary attributes shown beside a hit") {
        o, r throws(Options.ParseError) in o.catalog.displayAttributes = r.list(try r.value())
      },
      Flag(
        ["--format"], .required("F"), "json, jsonl, csv, tsv or lines",
        completes: .oneOf(["json", "jsonl", "csv", "tsv", "lines"])
      ) { o, r throws(Options.ParseError) in
        o.catalog.format = try r.value(CatalogFormat.init(rawValue:), expected: "json, jsonl, csv, tsv or lines")
      },
      Flag(
        ["--sql"], .required("QUERY"),
        "with a postgres:// catalog: its rows are the records (a table is named by the URI's table parameter: postgres://…/db?table=products)"
      ) { o, r throws(Options.ParseError) in o.sql = try r.value() },
      Flag(
        ["--strict"],
        "a malformed record refuses the file (by default it is left out, counted, and the first one's error shown)"
      ) { o, _ in o.catalog.strict = true },
    ])

  /// `--filters EXPR`: parsed here, so that a mistake is said before anything is read.
  private static func filters(_ o: inout Options, _ r: inout Options.FlagReader) throws(Options.ParseError) {
    let text = try r.value()
    do {
      o.filters = try FilterExpression.parse(text)
      o.filtersText = text
    } catch {
      throw .invalidFilter(text: text, error: error)
    }
  }

  /// `--ranking desc(popularity),asc(price)`.
  private static func customRanking(_ r: inout Options.FlagReader) throws(Options.ParseError) -> [CustomRanking] {
    var rules: [CustomRanking] = []
    for part in r.list(try r.value()) {
      guard let rule = CustomRanking(parsing: part) else {
        throw .invalidValue(flag: r.flag, value: part, expected: "desc(attribute) or asc(attribute)")
      }
      rules.append(rule)
    }
    return rules
  }

  /// ATTRIBUTE or ATTRIBUTE:N (Algolia's attributeForDistinct and distinct).
  private static func distinct(_ o: inout Options, _ r: inout Options.FlagReader) throws(Options.ParseError) {
    let text = try r.value()
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard let name = parts.first, !name.isEmpty,
      let perValue = parts.count == 2 ? Int(parts[1]) : 1, (0...100).contains(perValue)
    else { throw .invalidValue(flag: r.flag, value: text, expected: "ATTRIBUTE or ATTRIBUTE:N, N from 0 to 100") }
    o.catalog.attributeForDistinct = name
    o.catalog.distinct = perValue
  }
}
