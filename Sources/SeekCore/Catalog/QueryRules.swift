import SearchEngine

/// Algolia's Rules, from a catalog's settings (`"rules": [...]`): how a shop fixes the queries
/// that rank wrong without touching the ranking. A rule's condition is a pattern on the query's
/// words; its consequence may filter the hits, edit the query, pin records at positions, hide
/// records, and carry `userData` (a banner) back with the response.
///
///     {"objectID": "xbox-week", "conditions": [{"pattern": "xbox", "anchoring": "contains"}],
///      "consequence": {"params": {"filters": "brand:Microsoft", "query": {"remove": ["cheap"]}},
///                      "promote": [{"objectID": "sku-1", "position": 0}], "hide": [{"objectID": "sku-2"}],
///                      "userData": {"banner": "Xbox week: free shipping"}}}
///
/// A pattern matches whole words, folded as the query is (case and diacritics): `is` the whole
/// query, `startsWith` and `endsWith` its first or last words, `contains` words in a row anywhere.
/// A rule without conditions applies to every query. Every matching rule applies, in the order
/// the file lists them (Algolia applies one by default; several is what `ruleContexts` and
/// consequences that do not conflict give there): their filters all hold, their edits all apply,
/// the first pin of a record wins.
public struct QueryRule: Sendable, Equatable {
  public enum Anchoring: String, Sendable, Equatable {
    case `is`, startsWith, endsWith, contains
  }

  public struct Condition: Sendable, Equatable {
    /// The pattern's words, folded.
    public var words: [String]
    public var anchoring: Anchoring
  }

  public struct Promotion: Sendable, Equatable {
    public var objectIDs: [String]
    /// Where the first of them goes on the first page (0: the top).
    public var position: Int
  }

  public var objectID: String
  public var conditions: [Condition]
  /// `params.filters`, parsed.
  public var filters: FilterExpression?
  /// Words `params.query.remove` (or an edit of type `remove`) takes out of the query, folded.
  public var removedWords: [String]
  /// The whole query replaced (`params.query` as a string).
  public var replacementQuery: String?
  public var promotions: [Promotion]
  public var hidden: [String]
  public var userData: JSONValue?
  public var enabled: Bool

  /// Whether the rule applies to the query whose folded words are `words`.
  func applies(to words: [String]) -> Bool {
    guard enabled else { return false }
    guard !conditions.isEmpty else { return true }
    return conditions.contains { condition in
      let pattern = condition.words
      switch condition.anchoring {
      case .is: return words == pattern
      case .startsWith: return words.starts(with: pattern)
      case .endsWith: return words.count >= pattern.count && Array(words.suffix(pattern.count)) == pattern
      case .contains:
        guard !pattern.isEmpty, words.count >= pattern.count else { return pattern.isEmpty }
        return (0...(words.count - pattern.count)).contains { Array(words[$0..<($0 + pattern.count)]) == pattern }
      }
    }
  }

  /// The text a rule's `userData` shows: the value itself when it is text, else its `banner`,
  /// `message`, `title` or `text` member (InstantSearch's banner examples use `title`); nil for
  /// data meant for another program (kept in `--json`'s `userData`).
  public static func bannerText(_ userData: JSONValue) -> String? {
    if case .string(let text) = userData { return text.isEmpty ? nil : text }
    for key in ["banner", "message", "title", "text"] {
      if case .string(let text)? = userData[key], !text.isEmpty { return text }
    }
    return nil
  }

  /// A query's words as rules compare them.
  static func words(_ query: String) -> [String] { Tokenizer.words(query).map(\.term) }
}

/// What the rules matching one query do, merged.
public struct AppliedRules: Sendable {
  public var objectIDs: [String] = []
  /// The query the engine searches (words removed, or replaced).
  public var query: String
  public var filters: FilterExpression? = nil
  /// Pinned records, first pin of each: objectID and position.
  public var pinned: [(objectID: String, position: Int)] = []
  public var hidden: [String] = []
  public var userData: [JSONValue] = []

  public var isEmpty: Bool { objectIDs.isEmpty }

  /// Records left out of the ranked hits: hidden ones, and pinned ones (placed by hand instead).
  public var excluded: [String] { hidden + pinned.map(\.objectID) }

  /// The rules of `rules` that apply to `query`, merged.
  public init(_ rules: [QueryRule], query: String) {
    self.query = query
    guard !rules.isEmpty else { return }
    let words = QueryRule.words(query)
    for rule in rules where rule.applies(to: words) {
      objectIDs.append(rule.objectID)
      if let replacement = rule.replacementQuery { self.query = replacement }
      if !rule.removedWords.isEmpty { self.query = Self.removing(rule.removedWords, from: self.query) }
      if let more = rule.filters { filters = filters.map { .and([$0, more]) } ?? more }
      for promotion in rule.promotions {
        for (i, id) in promotion.objectIDs.enumerated() where !pinned.contains(where: { $0.objectID == id }) {
          pinned.append((id, promotion.position + i))
        }
      }
      hidden += rule.hidden.filter { !hidden.contains($0) }
      if let data = rule.userData { userData.append(data) }
    }
    pinned.sort { $0.position < $1.position }
  }

  /// `query` without the words `removed` (folded comparison), the rest as typed.
  static func removing(_ removed: [String], from query: String) -> String {
    var out = query
    for token in Tokenizer.words(query).reversed() where removed.contains(token.term) {
      let utf8 = Array(out.utf8)
      out = String(decoding: utf8[..<token.location.start] + utf8[token.location.end...], as: UTF8.self)
    }
    return out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
      + (query.hasSuffix(" ") ? " " : "")
  }
}

/// Reads `"rules"` from a settings file: Algolia's rule objects, each mistake said with the
/// rule's place and what was expected.
enum QueryRulesReader {
  static func read(_ value: JSONValue, path: String) throws(CatalogError) -> [QueryRule] {
    guard case .array(let items) = value else { throw invalid("'rules' must be a list of rule objects", path) }
    var rules: [QueryRule] = []
    for (i, item) in items.enumerated() {
      rules.append(try rule(item, at: i, path: path))
    }
    return rules
  }

  private static func rule(_ item: JSONValue, at i: Int, path: String) throws(CatalogError) -> QueryRule {
    let name: String
    if case .string(let id)? = item["objectID"] { name = id } else { name = "rule \(i + 1)" }
    func fail(_ message: String) -> CatalogError { invalid("rules: '\(name)': \(message)", path) }
    guard case .object = item else { throw invalid("rules: entry \(i + 1) must be an object", path) }
    var conditions: [QueryRule.Condition] = []
    if let given = item["conditions"] ?? item["condition"].map({ JSONValue.array([$0]) }) {
      guard case .array(let list) = given else { throw fail("'conditions' must be a list") }
      for condition in list {
        guard case .string(let pattern)? = condition["pattern"] else { throw fail("a condition needs a \"pattern\"") }
        var anchoring = QueryRule.Anchoring.contains
        if case .string(let a)? = condition["anchoring"] {
          guard let known = QueryRule.Anchoring(rawValue: a) else {
            throw fail("anchoring '\(a)' is not is, startsWith, endsWith or contains")
          }
          anchoring = known
        }
        conditions.append(.init(words: QueryRule.words(pattern), anchoring: anchoring))
      }
    }
    let consequence = item["consequence"] ?? .object([])
    var out = QueryRule(
      objectID: name, conditions: conditions, filters: nil, removedWords: [], replacementQuery: nil,
      promotions: [], hidden: [], userData: consequence["userData"], enabled: item["enabled"] != .bool(false))
    if case .string(let text)? = consequence["params"]?["filters"] {
      do { out.filters = try FilterExpression.parse(text) } catch { throw fail("filters: \(error)") }
    }
    switch consequence["params"]?["query"] {
    case .string(let replacement)?: out.replacementQuery = replacement
    case .object?:
      let query = consequence["params"]?["query"]
      if case .array(let words)? = query?["remove"] {
        for case .string(let word) in words { out.removedWords += QueryRule.words(word) }
      }
      if case .array(let edits)? = query?["edits"] {
        for edit in edits where edit["type"] == .string("remove") {
          if case .string(let word)? = edit["delete"] { out.removedWords += QueryRule.words(word) }
        }
      }
    case nil: break
    default: throw fail("params.query must be a string or {\"remove\": [...]}")
    }
    if case .array(let promotions)? = consequence["promote"] {
      for promotion in promotions {
        var ids: [String] = []
        if case .string(let id)? = promotion["objectID"] { ids = [id] }
        if case .array(let list)? = promotion["objectIDs"] { for case .string(let id) in list { ids.append(id) } }
        guard !ids.isEmpty, case .number(let text)? = promotion["position"], let position = Int(text), position >= 0
        else { throw fail("each promote entry needs an \"objectID\" (or \"objectIDs\") and a \"position\" from 0") }
        out.promotions.append(.init(objectIDs: ids, position: position))
      }
    }
    if case .array(let hidden)? = consequence["hide"] {
      for entry in hidden {
        guard case .string(let id)? = entry["objectID"] else { throw fail("each hide entry needs an \"objectID\"") }
        out.hidden.append(id)
      }
    }
    return out
  }

  private static func invalid(_ message: String, _ path: String) -> CatalogError {
    .invalidSettings(path: path, message: message)
  }
}
