import SearchEngine
import SeekApp

/// A settings file's keys read by concern (what a record is, how it ranks, what words mean, what
/// the list offers), each refusing a value of the wrong kind with the key's name and what it takes.
/// A concern returns false for a key that is not its own.
struct SettingsReader {
  let path: String

  /// What a record is: its attributes, its id, its format, distinct values.
  func readRecords(_ key: String, _ v: JSONValue, into settings: inout CatalogSettings) throws(CatalogError) -> Bool {
    switch key {
    case "searchableAttributes": settings.searchableAttributes = try strings(v, key)
    case "titleAttribute": settings.titleAttribute = try string(v, key)
    case "objectID": settings.objectIDAttribute = try string(v, key)
    case "displayAttributes": settings.displayAttributes = try strings(v, key)
    case "attributesForFaceting": settings.attributesForFaceting = try strings(v, key)
    case "attributeForDistinct": settings.attributeForDistinct = try string(v, key)
    case "distinct":
      switch v {
      case .bool(let on): settings.distinct = on ? 1 : 0
      case .number(let text) where Int(text).map({ (0...100).contains($0) }) == true: settings.distinct = Int(text)
      default: throw invalid(key, "true, false or a number from 0 to 100")
      }
    case "format":
      let name = try string(v, key)
      guard let format = CatalogFormat(rawValue: name) else {
        throw .invalidSettings(path: path, message: "unknown format '\(name)' (json, jsonl, csv, tsv, lines)")
      }
      settings.format = format
    default: return false
    }
    return true
  }

  /// How hits rank: custom ranking, typo tolerance, exactness.
  func readRanking(_ key: String, _ v: JSONValue, into settings: inout CatalogSettings) throws(CatalogError) -> Bool {
    switch key {
    case "customRanking":
      var rules: [CustomRanking] = []
      for text in try strings(v, key) {
        guard let rule = CustomRanking(parsing: text) else {
          throw .invalidSettings(path: path, message: "'\(text)' is not asc(attribute) or desc(attribute)")
        }
        rules.append(rule)
      }
      settings.customRanking = rules
    case "exactOnSingleWordQuery":
      guard let exactness = SingleWordExactness(rawValue: try string(v, key)) else {
        throw invalid(key, "\"attribute\", \"word\" or \"none\"")
      }
      settings.exactOnSingleWordQuery = exactness
    case "disableTypoToleranceOnAttributes": settings.disableTypoToleranceOnAttributes = try strings(v, key)
    case "typoTolerance":
      switch v {
      case .bool(let on): settings.typosEnabled = on
      case .string(let name) where name == "min" || name == "strict":
        settings.typoTiers = TypoTolerance.Tiers(rawValue: name)
      default: throw invalid(key, "true, false, \"min\" or \"strict\"")
      }
    case "minWordSizefor1Typo": settings.minWordSizeForOneTypo = try wordSize(v, key)
    case "minWordSizefor2Typos": settings.minWordSizeForTwoTypos = try wordSize(v, key)
    case "typosOnKnownWords": settings.typosOnKnownWords = try bool(v, key)
    case "allowTyposOnNumericTokens": settings.allowTyposOnNumericTokens = try bool(v, key)
    default: return false
    }
    return true
  }

  /// What the words of a query mean: plurals, stop words, synonyms, rules, prices.
  func readWords(_ key: String, _ v: JSONValue, into settings: inout CatalogSettings) throws(CatalogError) -> Bool {
    switch key {
    case "ignorePlurals": settings.ignorePlurals = try bool(v, key)
    case "removeStopWords":
      switch v {
      case .bool(let removes): settings.removeStopWords = removes
      case .array(let languages) where languages.allSatisfy({ $0 == .string("en") }):
        settings.removeStopWords = !languages.isEmpty
      default: throw invalid(key, "true, false or a list of languages (\"en\" is the one known)")
      }
    case "synonyms": (settings.synonyms, settings.ignoredSynonyms) = try SynonymsReader.read(v, path: path)
    case "rules": settings.rules = try QueryRulesReader.read(v, path: path)
    case "priceAttribute": settings.priceAttribute = try string(v, key)
    case "priceIntent": settings.priceIntent = try bool(v, key)
    case "variantWords": settings.variantWords = try strings(v, key)
    case "lexicalSynonyms": settings.lexicalSynonyms = try bool(v, key)
    case "queryCategorization": settings.queryCategorization = try bool(v, key)
    default: return false
    }
    return true
  }

  /// What the list offers: its store, the create row, the sorts to pick from.
  func readList(_ key: String, _ v: JSONValue, into settings: inout CatalogSettings) throws(CatalogError) -> Bool {
    switch key {
    case "store": settings.namesAStore = true
    case "create": settings.create = try bool(v, key)
    case "createOnEnter": settings.createOnEnter = try bool(v, key)
    case "sortBy": settings.sortBy = try sortChoices(v)
    default: return false
    }
    return true
  }

  /// `"sortBy": [{"label": "Price ↑", "sort": "price:asc"}, …]`.
  private func sortChoices(_ v: JSONValue) throws(CatalogError) -> [SortChoice] {
    guard case .array(let entries) = v else {
      throw .invalidSettings(path: path, message: "'sortBy' must be a list of {\"label\": …, \"sort\": \"price:asc\"}")
    }
    return try entries.map { entry throws(CatalogError) in
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
  }

  /// A key no concern knows, with the ones Seek reads.
  func unknown(_ key: String) -> CatalogError {
    .invalidSettings(
      path: path,
      message:
        "unknown setting '\(key)' (searchableAttributes, titleAttribute, customRanking, objectID, displayAttributes, attributesForFaceting, allowTyposOnNumericTokens, typoTolerance, minWordSizefor1Typo, minWordSizefor2Typos, typosOnKnownWords, ignorePlurals, removeStopWords, exactOnSingleWordQuery, disableTypoToleranceOnAttributes, attributeForDistinct, distinct, synonyms, format, store, create, createOnEnter, sortBy, rules, priceAttribute, priceIntent, variantWords, lexicalSynonyms, queryCategorization)"
    )
  }

  private func invalid(_ key: String, _ expected: String) -> CatalogError {
    .invalidSettings(path: path, message: "'\(key)' must be \(expected)")
  }

  private func strings(_ v: JSONValue, _ key: String) throws(CatalogError) -> [String] {
    guard case .array(let items) = v else { throw invalid(key, "an array of strings") }
    var out: [String] = []
    for item in items {
      guard case .string(let s) = item else { throw invalid(key, "an array of strings") }
      out.append(s)
    }
    return out
  }

  private func string(_ v: JSONValue, _ key: String) throws(CatalogError) -> String {
    guard case .string(let s) = v else { throw invalid(key, "a string") }
    return s
  }

  private func bool(_ v: JSONValue, _ key: String) throws(CatalogError) -> Bool {
    guard case .bool(let on) = v else { throw invalid(key, "true or false") }
    return on
  }

  private func wordSize(_ v: JSONValue, _ key: String) throws(CatalogError) -> Int {
    guard case .number(let text) = v, let size = Int(text), (1...100).contains(size) else {
      throw invalid(key, "a number from 1 to 100")
    }
    return size
  }
}
