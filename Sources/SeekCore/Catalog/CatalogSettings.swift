import SearchEngine

/// Settings a person can give for a catalog, in a settings file next to it
/// (`products.json` → `products.settings.json`) or by flags; flags win. Unset means "default".
///
///     {"searchableAttributes": ["name", "brand"], "titleAttribute": "name",
///      "customRanking": ["desc(popularity)"], "objectID": "sku", "displayAttributes": ["brand"]}
public struct CatalogSettings: Sendable, Equatable {
  public var searchableAttributes: [String]?
  public var titleAttribute: String?
  public var customRanking: [CustomRanking]?
  public var objectIDAttribute: String?
  public var displayAttributes: [String]?
  public var format: CatalogFormat?

  public init(
    searchableAttributes: [String]? = nil, titleAttribute: String? = nil,
    customRanking: [CustomRanking]? = nil, objectIDAttribute: String? = nil,
    displayAttributes: [String]? = nil, format: CatalogFormat? = nil
  ) {
    self.searchableAttributes = searchableAttributes
    self.titleAttribute = titleAttribute
    self.customRanking = customRanking
    self.objectIDAttribute = objectIDAttribute
    self.displayAttributes = displayAttributes
    self.format = format
  }

  /// `other`'s values where it has them, ours otherwise.
  public func overridden(by other: CatalogSettings) -> CatalogSettings {
    CatalogSettings(
      searchableAttributes: other.searchableAttributes ?? searchableAttributes,
      titleAttribute: other.titleAttribute ?? titleAttribute,
      customRanking: other.customRanking ?? customRanking,
      objectIDAttribute: other.objectIDAttribute ?? objectIDAttribute,
      displayAttributes: other.displayAttributes ?? displayAttributes,
      format: other.format ?? format)
  }

  /// Where the settings file of a catalog lives.
  public static func settingsPath(forCatalog path: String) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    if let dot = path[slash...].lastIndex(of: "."), dot > slash {
      return String(path[..<dot]) + ".settings.json"
    }
    return path + ".settings.json"
  }

  /// Parses a settings file's JSON text.
  public static func parse(_ text: String, path: String) throws(CatalogError) -> CatalogSettings {
    let value: JSONValue
    do { value = try JSONParser.parse(text) } catch {
      throw .malformedJSON(path: path, line: error.line, column: error.column, message: error.message)
    }
    guard case .object(let members) = value else {
      throw .invalidSettings(path: path, message: "expected a JSON object")
    }
    var settings = CatalogSettings()
    func strings(_ v: JSONValue, _ key: String) throws(CatalogError) -> [String] {
      guard case .array(let items) = v else {
        throw .invalidSettings(path: path, message: "'\(key)' must be an array of strings")
      }
      var out: [String] = []
      for item in items {
        guard case .string(let s) = item else {
          throw .invalidSettings(path: path, message: "'\(key)' must be an array of strings")
        }
        out.append(s)
      }
      return out
    }
    func string(_ v: JSONValue, _ key: String) throws(CatalogError) -> String {
      guard case .string(let s) = v else { throw .invalidSettings(path: path, message: "'\(key)' must be a string") }
      return s
    }
    for (key, v) in members {
      switch key {
      case "searchableAttributes": settings.searchableAttributes = try strings(v, key)
      case "titleAttribute": settings.titleAttribute = try string(v, key)
      case "objectID": settings.objectIDAttribute = try string(v, key)
      case "displayAttributes": settings.displayAttributes = try strings(v, key)
      case "format":
        let name = try string(v, key)
        guard let format = CatalogFormat(rawValue: name) else {
          throw .invalidSettings(path: path, message: "unknown format '\(name)' (json, jsonl, csv, tsv, lines)")
        }
        settings.format = format
      case "customRanking":
        var rules: [CustomRanking] = []
        for text in try strings(v, key) {
          guard let rule = CustomRanking(parsing: text) else {
            throw .invalidSettings(path: path, message: "'\(text)' is not asc(attribute) or desc(attribute)")
          }
          rules.append(rule)
        }
        settings.customRanking = rules
      default:
        throw .invalidSettings(
          path: path,
          message:
            "unknown setting '\(key)' (searchableAttributes, titleAttribute, customRanking, objectID, displayAttributes, format)"
        )
      }
    }
    return settings
  }

  static let titleCandidates = ["name", "title", "text", "query", "label"]
  static let idCandidates = ["objectID", "id"]
  static let popularityCandidates = ["popularity", "downloads", "downloads_a_month", "stars", "score"]
  static let shopDisplay = ["brand", "price", "category"]

  /// Attributes named here (in a settings file or by flags) that no record has: an error for
  /// those search depends on (title, searchable, objectID, custom ranking), a warning for display
  /// attributes, which a catalog may simply lack. Nothing to check without records.
  public func unknownAttributes(in table: RecordTable) -> (errors: [String], warnings: [String]) {
    guard table.count > 0 else { return ([], []) }
    let known = Set(table.attributes)
    var errors: [String] = []
    func check(_ names: [String]?, _ setting: String) {
      let missing = (names ?? []).filter { !known.contains($0) }
      if !missing.isEmpty {
        errors.append("\(setting) names \(missing.map { "'\($0)'" }.joined(separator: ", ")), which no record has")
      }
    }
    check(titleAttribute.map { [$0] }, "the title (titleAttribute, --title)")
    check(searchableAttributes, "searchableAttributes (--searchable)")
    check(objectIDAttribute.map { [$0] }, "the objectID attribute (objectID, --id-field)")
    check(customRanking?.map(\.attribute), "customRanking (--ranking)")
    var warnings: [String] = []
    let display = (displayAttributes ?? []).filter { !known.contains($0) }
    if !display.isEmpty {
      warnings.append(
        "displayAttributes names \(display.map { "'\($0)'" }.joined(separator: ", ")), which no record has")
    }
    if !errors.isEmpty {
      errors.append("the records' attributes are: \(table.attributes.prefix(20).joined(separator: ", "))")
    }
    return (errors, warnings)
  }

  /// Concrete settings for a table of records: what was given, defaults for the rest.
  public func resolved(for table: RecordTable) -> ResolvedSettings {
    let attributes = table.attributes
    let idAttribute = objectIDAttribute ?? Self.idCandidates.first { attributes.contains($0) }
    let textual = attributes.filter { !table.numericAttributes.contains($0) && $0 != idAttribute }
    let title =
      titleAttribute ?? Self.titleCandidates.first { attributes.contains($0) } ?? textual.first
      ?? attributes.first ?? "text"
    let searchable = searchableAttributes ?? ([title] + textual.filter { $0 != title })
    let ranking =
      customRanking
      ?? Self.popularityCandidates.first { table.numericAttributes.contains($0) }.map {
        [.descending($0)]
      } ?? []
    let display: [String]
    if let displayAttributes {
      display = displayAttributes
    } else {
      let shop = Self.shopDisplay.filter { attributes.contains($0) }
      display = shop.isEmpty ? Array(searchable.filter { $0 != title }.prefix(1)) : shop
    }
    return ResolvedSettings(
      index: IndexSettings(searchableAttributes: searchable, titleAttribute: title, customRanking: ranking),
      objectIDAttribute: idAttribute, displayAttributes: display)
  }
}

/// Settings with every default filled in.
public struct ResolvedSettings: Sendable, Equatable {
  public var index: IndexSettings
  public var objectIDAttribute: String?
  /// Secondary fields shown beside a hit's title.
  public var displayAttributes: [String]

  public init(index: IndexSettings, objectIDAttribute: String? = nil, displayAttributes: [String] = []) {
    self.index = index
    self.objectIDAttribute = objectIDAttribute
    self.displayAttributes = displayAttributes
  }
}
