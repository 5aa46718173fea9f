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
  /// A record that names no id is known by a hash of this attribute's value alone, not of all
  /// its values: a line shaped by `--nth`/`--with-nth` by the line as read (`DocumentStore`).
  public var hashedAttribute: String?
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
  /// Words that, after a model number in the title, name the model's sibling (ModelVariants.swift
  /// in the engine); nil: English's (`ModelVariants.englishWords`), [] for none.
  public var variantWords: [String]?
  /// Whether a word the catalog does not use finds the lexicon's words for it (WordNet's nouns:
  /// `fridge` → refrigerator); nil: yes. Read at query time.
  public var lexicalSynonyms: Bool?
  /// Whether the category a query points to lifts its hits there (`QueryCategories`); nil: yes.
  public var queryCategorization: Bool?

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
    out.variantWords = other.variantWords ?? variantWords
    out.lexicalSynonyms = other.lexicalSynonyms ?? lexicalSynonyms
    out.queryCategorization = other.queryCategorization ?? queryCategorization
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

  /// Parses a settings file's JSON text (each key read by its concern: `SettingsReader`).
  public static func parse(_ text: String, path: String) throws(CatalogError) -> CatalogSettings {
    let value: JSONValue
    do { value = try JSONParser.parse(text) } catch {
      throw .malformedJSON(path: path, line: error.line, column: error.column, message: error.message)
    }
    guard case .object(let members) = value else {
      throw .invalidSettings(path: path, message: "expected a JSON object")
    }
    var settings = CatalogSettings()
    let reader = SettingsReader(path: path)
    for (key, v) in members {
      if try reader.readRecords(key, v, into: &settings) { continue }
      if try reader.readRanking(key, v, into: &settings) { continue }
      if try reader.readWords(key, v, into: &settings) { continue }
      if try reader.readList(key, v, into: &settings) { continue }
      throw reader.unknown(key)
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

  /// The lexicon for words the catalog does not use, unless turned off.
  var lexicon: Lexicon? { lexicalSynonyms ?? true ? WordNetNouns.lexicon : nil }

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
    index.variantWords = Set((variantWords ?? ModelVariants.englishWords).map(TextFolding.foldedKey))
    index.lexicon = lexicon
    var resolved = ResolvedSettings(index: index, objectIDAttribute: idAttribute, displayAttributes: display)
    resolved.hashedAttribute = hashedAttribute.flatMap { table.attributes.contains($0) ? $0 : nil }
    return resolved
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
  /// The one attribute a content-hash id is made of (nil: every value; `CatalogSettings`).
  public var hashedAttribute: String? = nil
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
