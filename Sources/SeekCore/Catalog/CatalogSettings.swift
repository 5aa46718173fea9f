import SearchEngine
import SeekApp

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
  /// `--strict`: a malformed record refuses the file (otherwise it is left out and said).
  public var strict = false
  /// Attributes that can be refined (Algolia's `attributesForFaceting`).
  public var attributesForFaceting: [String]?
  /// Algolia's `allowTyposOnNumericTokens` (default false).
  public var allowTyposOnNumericTokens: Bool?
  /// Algolia's `typoTolerance`: `true` (nil), `false` (`typosEnabled`), `"min"` or `"strict"` (`typoTiers`).
  public var typosEnabled: Bool?
  public var typoTiers: TypoTolerance.Tiers?
  /// Algolia's `minWordSizefor1Typo` and `minWordSizefor2Typos` (default 4 and 8).
  public var minWordSizeForOneTypo: Int?
  public var minWordSizeForTwoTypos: Int?
  /// Whether a word the catalog knows may take typos (default: no for records, yes for lines,
  /// set by the caller that knows the kind of input; KnownWords.swift).
  public var typosOnKnownWords: Bool?
  /// fzf's `--tiebreak` (default: `name` for records; `length,index` for lines, set by the caller
  /// that knows the kind of input).
  public var tiebreak: [Tiebreak]?
  /// fzf's `--tac`.
  public var reverseInputOrder: Bool?
  /// Algolia's `ignorePlurals` (default: on for records, off for lines, set by the caller that
  /// knows the kind of input).
  public var ignorePlurals: Bool?
  /// Algolia's `removeStopWords` (default false): `true` or `["en"]`, English being the one language known.
  public var removeStopWords: Bool?
  /// Algolia's `exactOnSingleWordQuery` (`attribute`, `word`, `none`); by default `word` without a
  /// custom ranking, `attribute` with one.
  public var exactOnSingleWordQuery: SingleWordExactness?
  /// Algolia's `attributeForDistinct` and `distinct` (`true` is 1, `false` 0): at most `distinct`
  /// hits for each value of the attribute (see Searcher+Distinct.swift).
  public var attributeForDistinct: String?
  /// Algolia's `disableTypoToleranceOnAttributes`: attributes where words match only as typed.
  public var disableTypoToleranceOnAttributes: [String]?
  public var distinct: Int?
  /// One-word synonyms (Algolia's synonym records or Meilisearch's map, in the settings file).
  public var synonyms = WordAlternatives()
  /// Synonym entries left out: a phrase of more than four words on a side, said as a warning.
  public var ignoredSynonyms: [String] = []
  /// The file named a shared store (`"store": …`), which is not taken: a settings file comes
  /// with the data (a clone, a download) and must not choose where a person's list and
  /// password go. Said as a warning; `UserStores` says where a store may come from.
  public var namesAStore = false
  /// The smart list's create row (`"create": false`, `--no-create`: a product catalog that
  /// offers `+ Create "iph"` on every keystroke). Nil: the kind of input decides.
  public var create: Bool?
  /// Enter on a query nothing matches creates it (`"createOnEnter": false` turns it off).
  public var createOnEnter: Bool?
  /// The sorts F3 offers, named (InstantSearch's SortBy over an index's replicas):
  /// `"sortBy": [{"label": "Price: low to high", "sort": "price:asc"}]`, on numbers or on a text
  /// facet (alphabetical). Nil: every numeric attribute, both ways.
  public var sortBy: [SortChoice]?
  /// Algolia's Rules: query patterns that filter, edit, pin, hide, or carry a banner (QueryRules.swift).
  public var rules: [QueryRule] = []
  /// The number a price in the query's words filters on (`laptop under 800`: PriceIntent.swift);
  /// nil: `price` when the catalog has it. `priceIntent: false` reads no price from the words.
  public var priceAttribute: String?
  public var priceIntent: Bool?

  public init(
    searchableAttributes: [String]? = nil, titleAttribute: String? = nil,
    customRanking: [CustomRanking]? = nil, objectIDAttribute: String? = nil,
    displayAttributes: [String]? = nil, format: CatalogFormat? = nil, attributesForFaceting: [String]? = nil,
    allowTyposOnNumericTokens: Bool? = nil, tiebreak: [Tiebreak]? = nil, reverseInputOrder: Bool? = nil
  ) {
    self.tiebreak = tiebreak
    self.reverseInputOrder = reverseInputOrder
    self.attributesForFaceting = attributesForFaceting
    self.allowTyposOnNumericTokens = allowTyposOnNumericTokens
    self.searchableAttributes = searchableAttributes
    self.titleAttribute = titleAttribute
    self.customRanking = customRanking
    self.objectIDAttribute = objectIDAttribute
    self.displayAttributes = displayAttributes
    self.format = format
  }

  /// `other`'s values where it has them, ours otherwise.
  public func overridden(by other: CatalogSettings) -> CatalogSettings {
    var out = CatalogSettings(
      searchableAttributes: other.searchableAttributes ?? searchableAttributes,
      titleAttribute: other.titleAttribute ?? titleAttribute,
      customRanking: other.customRanking ?? customRanking,
      objectIDAttribute: other.objectIDAttribute ?? objectIDAttribute,
      displayAttributes: other.displayAttributes ?? displayAttributes,
      format: other.format ?? format, attributesForFaceting: other.attributesForFaceting ?? attributesForFaceting,
      allowTyposOnNumericTokens: other.allowTyposOnNumericTokens ?? allowTyposOnNumericTokens,
      tiebreak: other.tiebreak ?? tiebreak, reverseInputOrder: other.reverseInputOrder ?? reverseInputOrder)
    out.strict = strict || other.strict
    out.ignorePlurals = other.ignorePlurals ?? ignorePlurals
    out.removeStopWords = other.removeStopWords ?? removeStopWords
    out.exactOnSingleWordQuery = other.exactOnSingleWordQuery ?? exactOnSingleWordQuery
    out.attributeForDistinct = other.attributeForDistinct ?? attributeForDistinct
    out.disableTypoToleranceOnAttributes =
      other.disableTypoToleranceOnAttributes ?? disableTypoToleranceOnAttributes
    out.distinct = other.distinct ?? distinct
    out.synonyms = other.synonyms.synonyms.isEmpty ? synonyms : other.synonyms
    out.ignoredSynonyms = other.synonyms.synonyms.isEmpty ? ignoredSynonyms : other.ignoredSynonyms
    out.namesAStore = namesAStore || other.namesAStore
    out.create = other.create ?? create
    out.createOnEnter = other.createOnEnter ?? createOnEnter
    out.sortBy = other.sortBy ?? sortBy
    out.rules = other.rules.isEmpty ? rules : other.rules
    out.priceAttribute = other.priceAttribute ?? priceAttribute
    out.priceIntent = other.priceIntent ?? priceIntent
    out.typosEnabled = other.typosEnabled ?? typosEnabled
    out.typoTiers = other.typoTiers ?? typoTiers
    out.minWordSizeForOneTypo = other.minWordSizeForOneTypo ?? minWordSizeForOneTypo
    out.minWordSizeForTwoTypos = other.minWordSizeForTwoTypos ?? minWordSizeForTwoTypos
    out.typosOnKnownWords = other.typosOnKnownWords ?? typosOnKnownWords
    return out
  }

  /// The typo settings given, defaults for the rest: read at query time, never from a cache.
  public var resolvedTypoTolerance: TypoTolerance {
    var out = TypoTolerance(
      minWordSizeForOneTypo: minWordSizeForOneTypo ?? 4, minWordSizeForTwoTypos: minWordSizeForTwoTypos ?? 8,
      enabled: typosEnabled ?? true, allowTyposOnNumericTokens: allowTyposOnNumericTokens ?? false)
    out.tiers = typoTiers ?? .all
    out.typosOnKnownWords = typosOnKnownWords ?? false
    return out
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
      case "attributesForFaceting": settings.attributesForFaceting = try strings(v, key)
      case "ignorePlurals":
        guard case .bool(let ignores) = v else {
          throw .invalidSettings(path: path, message: "'\(key)' must be true or false")
        }
        settings.ignorePlurals = ignores
      case "removeStopWords":
        switch v {
        case .bool(let removes): settings.removeStopWords = removes
        case .array(let languages) where languages.allSatisfy({ $0 == .string("en") }):
          settings.removeStopWords = !languages.isEmpty
        default:
          throw .invalidSettings(
            path: path, message: "'\(key)' must be true, false or a list of languages (\"en\" is the one known)")
        }
      case "exactOnSingleWordQuery":
        let name = try string(v, key)
        guard let exactness = SingleWordExactness(rawValue: name) else {
          throw .invalidSettings(path: path, message: "'\(key)' must be \"attribute\", \"word\" or \"none\"")
        }
        settings.exactOnSingleWordQuery = exactness
      case "disableTypoToleranceOnAttributes":
        settings.disableTypoToleranceOnAttributes = try strings(v, key)
      case "attributeForDistinct":
        settings.attributeForDistinct = try string(v, key)
      case "distinct":
        switch v {
        case .bool(let on): settings.distinct = on ? 1 : 0
        case .number(let text) where Int(text).map({ (0...100).contains($0) }) == true: settings.distinct = Int(text)
        default: throw .invalidSettings(path: path, message: "'\(key)' must be true, false or a number from 0 to 100")
        }
      case "synonyms":
        (settings.synonyms, settings.ignoredSynonyms) = try SynonymsReader.read(v, path: path)
      case "store": settings.namesAStore = true
      case "rules": settings.rules = try QueryRulesReader.read(v, path: path)
      case "priceAttribute": settings.priceAttribute = try string(v, key)
      case "priceIntent":
        guard case .bool(let on) = v else {
          throw .invalidSettings(path: path, message: "'\(key)' must be true or false")
        }
        settings.priceIntent = on
      case "sortBy":
        guard case .array(let entries) = v else {
          throw .invalidSettings(
            path: path, message: "'sortBy' must be a list of {\"label\": …, \"sort\": \"price:asc\"}")
        }
        settings.sortBy = try entries.map { entry throws(CatalogError) in
          guard case .object(let members) = entry,
            case .string(let label)? = members.first(where: { $0.0 == "label" })?.1,
            case .string(let text)? = members.first(where: { $0.0 == "sort" })?.1
          else {
            throw .invalidSettings(path: path, message: "each 'sortBy' entry needs a \"label\" and a \"sort\"")
          }
          guard let sort = SortOrder(parsing: text) ?? CustomRanking(parsing: text).map(SortOrder.init(ranking:)) else {
            throw .invalidSettings(
              path: path, message: "'\(text)' is not attribute:asc, attribute:desc, asc(attribute) or desc(attribute)")
          }
          return SortChoice(label: label, sort: sort)
        }
      case "create", "createOnEnter":
        guard case .bool(let on) = v else {
          throw .invalidSettings(path: path, message: "'\(key)' must be true or false")
        }
        if key == "create" { settings.create = on } else { settings.createOnEnter = on }
      case "typoTolerance":
        switch v {
        case .bool(let on): settings.typosEnabled = on
        case .string(let name) where name == "min" || name == "strict":
          settings.typoTiers = TypoTolerance.Tiers(rawValue: name)
        default: throw .invalidSettings(path: path, message: "'\(key)' must be true, false, \"min\" or \"strict\"")
        }
      case "minWordSizefor1Typo", "minWordSizefor2Typos":
        guard case .number(let text) = v, let size = Int(text), (1...100).contains(size) else {
          throw .invalidSettings(path: path, message: "'\(key)' must be a number from 1 to 100")
        }
        if key == "minWordSizefor1Typo" {
          settings.minWordSizeForOneTypo = size
        } else {
          settings.minWordSizeForTwoTypos = size
        }
      case "typosOnKnownWords":
        guard case .bool(let on) = v else {
          throw .invalidSettings(path: path, message: "'\(key)' must be true or false")
        }
        settings.typosOnKnownWords = on
      case "allowTyposOnNumericTokens":
        guard case .bool(let allowed) = v else {
          throw .invalidSettings(path: path, message: "'\(key)' must be true or false")
        }
        settings.allowTyposOnNumericTokens = allowed
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
            "unknown setting '\(key)' (searchableAttributes, titleAttribute, customRanking, objectID, displayAttributes, attributesForFaceting, allowTyposOnNumericTokens, typoTolerance, minWordSizefor1Typo, minWordSizefor2Typos, typosOnKnownWords, ignorePlurals, removeStopWords, exactOnSingleWordQuery, disableTypoToleranceOnAttributes, attributeForDistinct, distinct, synonyms, format, store, create, createOnEnter, sortBy, rules, priceAttribute, priceIntent)"
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
    let skipped =
      ignoredSynonyms.isEmpty
      ? []
      : [
        "\(ignoredSynonyms.count) synonym \(ignoredSynonyms.count == 1 ? "entry" : "entries") with a phrase of more than \(SynonymsReader.maxPhraseWords) words left out: \(ignoredSynonyms.prefix(3).joined(separator: ", "))"
      ]
    guard table.count > 0 else { return ([], skipped) }
    let known = Set(table.attributes)
    var errors: [String] = []
    func check(_ names: [String]?, _ setting: String) {
      let missing = (names ?? []).filter { !known.contains($0) }
      if !missing.isEmpty {
        errors.append("\(setting) names \(missing.map { "'\($0)'" }.joined(separator: ", ")), which no record has")
      }
    }
    check(titleAttribute.map { [$0] }, "the title (titleAttribute, --title)")
    check(searchableAttributes?.map { Self.searchableName($0).name }, "searchableAttributes (--searchable)")
    check(objectIDAttribute.map { [$0] }, "the objectID attribute (objectID, --id-field)")
    check(customRanking?.map(\.attribute), "customRanking (--ranking)")
    check(attributesForFaceting, "attributesForFaceting (--facets-attributes)")
    var warnings = skipped
    let display = (displayAttributes ?? []).filter { !known.contains($0) }
    if !display.isEmpty {
      warnings.append(
        "displayAttributes names \(display.map { "'\($0)'" }.joined(separator: ", ")), which no record has")
    }
    if !errors.isEmpty {
      errors.append("the records' attributes are: \(table.visibleAttributes.prefix(20).joined(separator: ", "))")
    }
    return (errors, warnings)
  }

  /// The alternatives query words have: plural forms (unless turned off) and the synonyms.
  var alternatives: WordAlternatives {
    var out = synonyms
    out.ignorePlurals = ignorePlurals ?? true
    return out
  }

  /// Concrete settings for a table of records: what was given, defaults for the rest.
  public func resolved(for table: RecordTable) -> ResolvedSettings {
    let attributes = table.visibleAttributes
    let idAttribute = objectIDAttribute ?? Self.idCandidates.first { attributes.contains($0) }
    let textual = attributes.filter { !table.numericAttributes.contains($0) && $0 != idAttribute }
    let title =
      titleAttribute ?? Self.titleCandidates.first { attributes.contains($0) } ?? textual.first
      ?? attributes.first ?? "text"
    let named = (searchableAttributes ?? []).map(Self.searchableName)
    let searchable = searchableAttributes == nil ? ([title] + textual.filter { $0 != title }) : named.map(\.name)
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
    var index = IndexSettings(
      searchableAttributes: searchable, titleAttribute: title, customRanking: ranking,
      typoTolerance: resolvedTypoTolerance,
      attributesForFaceting: attributesForFaceting ?? Self.defaultFacets(table, excluding: [idAttribute, title]),
      multiValuedAttributes: table.multiValuedAttributes,
      orderedAttributes: Set(named.filter(\.ordered).map(\.name)), tiebreak: tiebreak ?? [.name],
      reverseInputOrder: reverseInputOrder ?? false, alternatives: alternatives)
    index.removeStopWords = removeStopWords ?? false
    index.exactOnSingleWordQuery = exactOnSingleWordQuery
    index.typoFreeAttributes = Set(disableTypoToleranceOnAttributes ?? [])
    return ResolvedSettings(index: index, objectIDAttribute: idAttribute, displayAttributes: display)
  }

  /// A searchable attribute as written in the settings: `name`, `unordered(name)` (the same) or
  /// `ordered(name)` (the word's position in it ranks), as Algolia writes them.
  public static func searchableName(_ text: String) -> (name: String, ordered: Bool) {
    let t = text.trimming(" ")
    for (prefix, ordered) in [("ordered(", true), ("unordered(", false)] where t.hasPrefix(prefix) && t.hasSuffix(")") {
      return (String(t.dropFirst(prefix.count).dropLast()).trimming(" "), ordered)
    }
    return (t, false)
  }

  /// A version, a date, a code: digits and the marks between them, no letters.
  static func isFigure(_ value: String) -> Bool {
    value.utf8.allSatisfy {
      ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x3A || $0 == 0x2F || $0 == 0x20
    }
  }

  /// Without `attributesForFaceting`: numeric attributes, and text attributes whose few values
  /// repeat (at most 50, or a tenth as many as the records that have one; short; words, not
  /// figures) — brand, category, type, source, tags — never the id or the title, a version or a
  /// date. Arrays count each element.
  static func defaultFacets(_ table: RecordTable, excluding: [String?]) -> [String] {
    guard table.count >= 2 else { return [] }
    var out: [String] = []
    for (column, name) in table.attributes.enumerated()
    where !excluding.contains(name) && name != RecordTable.typesAttribute {
      if table.numericAttributes.contains(name) {
        out.append(name)
        continue
      }
      var distinct = Set<String>()
      var present = 0
      var figures = 0
      var long = false
      let multi = table.multiValuedAttributes.contains(name)
      for row in 0..<table.count {
        let value = table.value(row, column)
        guard !value.isEmpty else { continue }
        present += 1
        if Self.isFigure(value) { figures += 1 }
        for element in multi ? value.components(separatedBy: ", ") : [value] {
          if element.utf8.count > 100 { long = true }
          distinct.insert(element)
        }
        if long || distinct.count > table.count / 2 { break }
      }
      // Few values, each shared by many records (a brand, a category), and words rather than
      // figures: versions (`1.2.3`) and dates (`2017-08`) repeat too, but nobody refines by them.
      let few = distinct.count <= max(50, present / 10)
      if present > 0 && !long && few && distinct.count < present && figures * 10 < present * 9 {
        out.append(name)
      }
    }
    return out
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

extension SortOrder {
  /// `asc(price)` as `price:asc`.
  init(ranking: CustomRanking) {
    switch ranking {
    case .ascending(let name): self.init(attribute: name, descending: false)
    case .descending(let name): self.init(attribute: name, descending: true)
    }
  }
}
