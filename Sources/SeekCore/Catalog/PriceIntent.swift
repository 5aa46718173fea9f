import SearchEngine

/// A price asked for in the words of the query — `laptop under 800`, `monitors over $300`,
/// `tv between 400 and 600`, `less than 1,000` — read as a filter on the catalog's price
/// attribute and left out of the words, as a person means it (the words `under 800` would
/// otherwise match "800" inside model numbers and rank by popularity).
///
/// English phrases only: `under`, `below`, `less than`, `cheaper than`, `up to`, `max` (at most:
/// `<`, `<=` for `up to` and `max`); `over`, `above`, `more than`, `from`, `min` (at least: `>`,
/// `>=`); `between N and M` (`N TO M`). A number may carry `$`, thousands separators and a `k`
/// (`1.5k`). The settings name the attribute (`"priceAttribute"`, default `price` when the
/// catalog has such a number) and may turn it off (`"priceIntent": false`). The first phrase wins.
public struct PriceIntent: Sendable, Equatable {
  /// The filter (`price < 800` as Seek writes it: `filter.text`).
  public var filter: FilterExpression
  /// The query without the phrase.
  public var query: String

  /// The phrase in `query`, if any, on `attribute`.
  public static func read(_ query: String, attribute: String) -> PriceIntent? {
    // Every phrase holds a number: most keystrokes have none, and are done without a copy.
    guard query.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    let words = query.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let lower = words.map { $0.lowercased() }
    for i in lower.indices {
      guard let (consumed, filter) = phrase(lower, at: i, attribute: attribute) else { continue }
      let rest = words[..<i] + words[(i + consumed)...]
      return PriceIntent(
        filter: filter, query: rest.joined(separator: " ") + (query.hasSuffix(" ") && !rest.isEmpty ? " " : ""))
    }
    return nil
  }

  private static let leads: [(words: [String], comparison: FilterExpression.Comparison)] = [
    (["under"], .less), (["below"], .less), (["less", "than"], .less), (["cheaper", "than"], .less),
    (["up", "to"], .lessOrEqual), (["max"], .lessOrEqual), (["over"], .greater), (["above"], .greater),
    (["more", "than"], .greater), (["from"], .greaterOrEqual), (["min"], .greaterOrEqual),
  ]

  /// The phrase starting at word `i`: how many words it takes and its filter.
  private static func phrase(_ words: [String], at i: Int, attribute: String) -> (Int, FilterExpression)? {
    if words[i] == "between", i + 3 < words.count, words[i + 2] == "and",
      let low = number(words[i + 1]), let high = number(words[i + 3]), low <= high
    {
      return (4, .range(attribute: attribute, lower: low, upper: high, column: 0))
    }
    for lead in leads where words[i...].starts(with: lead.words) {
      let at = i + lead.words.count
      guard at < words.count, let value = number(words[at]) else { continue }
      return (
        lead.words.count + 1, .numeric(attribute: attribute, comparison: lead.comparison, value: value, column: 0)
      )
    }
    return nil
  }

  /// `800`, `$800`, `800$`, `1,000`, `1.5k`.
  static func number(_ word: String) -> Double? {
    var text = word.replacingOccurrences(of: ",", with: "")
    text = text.trimmingCharacters(in: ["$"])
    var scale = 1.0
    if text.hasSuffix("k") {
      scale = 1000
      text.removeLast()
    }
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text)
    else { return nil }
    return value * scale
  }
}
