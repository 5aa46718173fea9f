import SearchEngine

/// The `synonyms` of a settings file, in either of the two forms people export:
///
///     "synonyms": [{"objectID": "tv", "type": "synonym", "synonyms": ["tv", "television"]},
///                  {"type": "oneWaySynonym", "input": "ps5", "synonyms": ["playstation"]}]
///     "synonyms": {"tv": ["television"], "television": ["tv"]}
///
/// The first is Algolia's synonym records (`synonym`: every word finds the others;
/// `oneWaySynonym`: the input finds the synonyms); the second is Meilisearch's map, one-way per
/// key. An entry may be a phrase of up to `maxPhraseWords` words (`"playstation 5"`): it finds
/// and is found as one term (Phrases.swift); longer entries are left out and counted (said as a
/// warning). Algolia's `altcorrection1`, `altcorrection2` and `placeholder` types are refused by
/// name.
enum SynonymsReader {
  /// The most words in a synonym phrase: each text is read with a window this long.
  static let maxPhraseWords = 4

  static func read(_ value: JSONValue, path: String) throws(CatalogError) -> (WordAlternatives, [String]) {
    var alternatives = WordAlternatives()
    var ignored: [String] = []
    func words(_ v: JSONValue?, _ what: String) throws(CatalogError) -> [String] {
      guard case .array(let items)? = v else { throw invalid("\(what) must be an array of strings", path) }
      var out: [String] = []
      for item in items {
        guard case .string(let s) = item else { throw invalid("\(what) must be an array of strings", path) }
        out.append(s)
      }
      return out
    }
    /// Whether every entry is a word or a phrase short enough (else the entry is counted as left out).
    func usable(_ list: [String]) -> Bool {
      guard list.allSatisfy({ (1...maxPhraseWords).contains(Tokenizer.words($0).count) }) else {
        ignored.append(list.joined(separator: " = "))
        return false
      }
      return true
    }
    switch value {
    case .array(let records):
      for record in records {
        guard case .object(let members) = record else { throw invalid("each synonym record must be an object", path) }
        let fields = Dictionary(members, uniquingKeysWith: { first, _ in first })
        let type: String
        if case .string(let t)? = fields["type"] { type = t } else { type = "synonym" }
        switch type {
        case "synonym":
          let list = try words(fields["synonyms"], "a synonym record's 'synonyms'")
          if usable(list) { alternatives.addEquivalent(list) }
        case "oneWaySynonym":
          guard case .string(let input)? = fields["input"] else {
            throw invalid("a oneWaySynonym record needs an 'input' string", path)
          }
          let list = try words(fields["synonyms"], "a oneWaySynonym record's 'synonyms'")
          if usable([input] + list) { alternatives.addOneWay(input, list) }
        default:
          throw invalid("synonym type '\(type)' is not supported (synonym, oneWaySynonym)", path)
        }
      }
    case .object(let members):
      for (input, v) in members {
        let list = try words(v, "the synonyms of '\(input)'")
        if usable([input] + list) { alternatives.addOneWay(input, list) }
      }
    default:
      throw invalid("'synonyms' must be Algolia's synonym records (an array) or a map of words to words", path)
    }
    return (alternatives, ignored)
  }

  private static func invalid(_ message: String, _ path: String) -> CatalogError {
    .invalidSettings(path: path, message: message)
  }
}
