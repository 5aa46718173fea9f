import SearchEngine

/// Why a hit ranks where it does, as Meilisearch's ranking score details tell it: the value of
/// each criterion in the order they decide (the textual rules, then the custom ranking, then the
/// tie-breaks), so that comparing two hits names the criterion that put one below the other.
public struct RankingDetails: Sendable, Equatable {
  public struct Criterion: Sendable, Equatable {
    /// "typo", "words", "proximity", "attribute", "exact", "desc(popularity)", "sort price:desc"…
    public var name: String
    /// As shown: "0", "2 of 2", "name, word 1", "8,000".
    public var value: String
    /// Comparable: smaller ranks first; nil when it cannot be compared (absent value).
    public var cost: Double?

    public init(name: String, value: String, cost: Double?) {
      self.name = name
      self.value = value
      self.cost = cost
    }
  }

  public var criteria: [Criterion]
  /// The query was empty: no textual rule applies, records are listed in browse order.
  public var browsing: Bool

  public init(criteria: [Criterion], browsing: Bool = false) {
    self.criteria = criteria
    self.browsing = browsing
  }

  /// The criterion that ranks `self` below `above` (the first that differs), or nil when every
  /// criterion ties and a tie-break (name, length, input order) decided.
  public func decidingCriterion(below above: RankingDetails) -> Criterion? {
    for (mine, theirs) in zip(criteria, above.criteria) where mine.name == theirs.name {
      guard let a = mine.cost, let b = theirs.cost else {
        if (mine.cost == nil) != (theirs.cost == nil) { return mine }  // an absent value ranks last
        continue
      }
      if a != b { return mine }
    }
    return nil
  }

  /// The details of a hit: its match summary (`attributes` names the searchable attributes in
  /// order, `ordered` those where the position ranks), custom values, and the sort if any.
  public static func make(
    summary m: MatchSummary, wordCount: Int, attributes: [String], ordered: Set<String>,
    custom: [(rule: CustomRanking, value: Double?)], sort: (SortOrder, Double?)?
  ) -> RankingDetails {
    var out: [Criterion] = []
    if let (order, value) = sort {
      out.append(
        Criterion(
          name: "sort \(order)", value: value.map(number) ?? "none",
          cost: value.map { order.descending ? -$0 : $0 }))
    }
    let browsing = wordCount == 0
    if !browsing {
      let attribute = m.attribute < attributes.count ? attributes[m.attribute] : "#\(m.attribute)"
      out += [
        Criterion(name: "typo", value: "\(m.typos)", cost: Double(m.typos)),
        Criterion(name: "words", value: "\(m.words) of \(wordCount)", cost: Double(-m.words)),
        Criterion(name: "proximity", value: "\(m.proximity)", cost: Double(m.proximity)),
        Criterion(
          name: "attribute",
          value: ordered.contains(attribute) ? "\(attribute), word \(m.position + 1)" : attribute,
          cost: Double(m.attribute * 4096 + m.position)),
        Criterion(
          name: "exact", value: m.exact > wordCount ? "whole attribute" : "\(m.exact) of \(wordCount)",
          cost: Double(-m.exact)),
      ]
    }
    for (rule, value) in custom {
      let descending: Bool
      if case .descending = rule { descending = true } else { descending = false }
      out.append(
        Criterion(
          name: rule.description, value: value.map(number) ?? "none", cost: value.map { descending ? -$0 : $0 }))
    }
    return RankingDetails(criteria: out, browsing: browsing)
  }

  static func number(_ v: Double) -> String {
    guard v.isFinite, v == v.rounded(), abs(v) < 1e15 else { return "\(v)" }
    let digits = Array(String(Int(v).magnitude))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(d)
    }
    return (v < 0 ? "-" : "") + out
  }
}
