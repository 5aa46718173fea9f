import SearchEngine

/// Why a hit ranks where it does, as Meilisearch's ranking score details tell it: the value of
/// each criterion in the order they decide (the sort, the textual rules, then the custom ranking;
/// the tie-breaks after them), so that comparing two hits names the criterion that put one below
/// the other. Raw values only, made for every hit of a page: the details pane formats them.
public struct RankingDetails: Sendable, Equatable {
  public enum Criterion: Sendable, Equatable {
    case sort(SortOrder)
    /// A textual rule, in the order and with the costs `RankingRule` alone decides.
    case rule(RankingRule)
    /// A hit of the fuzzy tier (lines): fzf's score, below every word match.
    case fuzzy
    /// The custom ranking rule at this index.
    case custom(Int, CustomRanking)

    /// The rule's name: "typo", …, "picks", "desc(popularity)", "sort price:desc".
    public var name: String {
      switch self {
      case .sort(let order): return "sort \(order)"
      case .rule(let rule): return rule == .learned ? "picks" : rule.rawValue
      case .fuzzy: return "fuzzy"
      case .custom(_, let rule): return rule.description
      }
    }
  }

  /// A custom ranking rule and the hit's value for it (nil when it has none).
  public struct CustomValue: Sendable, Equatable {
    public var rule: CustomRanking
    public var value: Double?

    public init(rule: CustomRanking, value: Double?) {
      self.rule = rule
      self.value = value
    }
  }

  /// How the hit matched (all zero when browsing).
  public var match: MatchSummary
  /// Words in the query; 0 when browsing (no textual rule applies).
  public var wordCount: Int
  /// The best matched searchable attribute, and whether the word's position in it ranks.
  public var attribute: String
  public var attributeOrdered: Bool
  public var sort: SortOrder?
  public var sortValue: Double?
  public var custom: [CustomValue]
  /// The catalog learns from picks: the `learned` criterion applies.
  public var learning = false
  /// The strongest pick that lifted the hit, when one did.
  public var pick: PickReason? = nil
  /// Words of the query given a meaning learned from picks ("hoover: vacuum, learned from 3
  /// items picked"), said under the rules.
  public var learnedWords: [String] = []
  /// The category the query points to (SeekCore's QueryCategories), when one lifted its hits.
  public var optionalCategory: String? = nil

  public init(
    match: MatchSummary, wordCount: Int, attribute: String, attributeOrdered: Bool, sort: SortOrder?,
    sortValue: Double?, custom: [CustomValue]
  ) {
    self.match = match
    self.wordCount = wordCount
    self.attribute = attribute
    self.attributeOrdered = attributeOrdered
    self.sort = sort
    self.sortValue = sortValue
    self.custom = custom
  }

  /// The query was empty: records are listed in browse order.
  public var browsing: Bool { wordCount == 0 }

  /// The criteria, in the order they decide: the sort, the textual rules in `RankingRule.order`
  /// (picks only where the catalog learns and no sort is asked; browsing, no rule but picks; a
  /// fuzzy hit, picks then its score), then the custom ranking.
  public var criteria: [Criterion] {
    let rules = RankingRule.order.filter { $0 != .learned || (learning && sort == nil) }
    let learned: [Criterion] = rules.contains(.learned) ? [.rule(.learned)] : []
    let textual: [Criterion] =
      browsing ? learned : match.fuzzyScore != nil ? learned + [.fuzzy] : rules.map(Criterion.rule)
    return (sort.map { [.sort($0)] } ?? []) + textual + custom.enumerated().map { .custom($0.offset, $0.element.rule) }
  }

  /// What the criterion compares (smaller ranks first: the engine's own cost for a rule); nil
  /// for an absent value (ranks last).
  public func cost(of criterion: Criterion) -> Double? {
    switch criterion {
    case .sort(let order): return sortValue.map { order.descending ? -$0 : $0 }
    case .rule(let rule): return Double(rule.cost(match))
    case .fuzzy: return match.fuzzyScore.map { Double(-$0) } ?? -Double.greatestFiniteMagnitude
    case .custom(let i, let rule):
      guard i < custom.count, let v = custom[i].value else { return nil }
      if case .descending = rule { return -v }
      return v
    }
  }

  /// The criterion that ranks `self` below `above` (the first that differs), or nil when every
  /// criterion ties and a tie-break (name, length, input order) decided.
  public func decidingCriterion(below above: RankingDetails) -> Criterion? {
    // The fuzzy tier ranks below every word match, whatever the rules say of either.
    if match.fuzzyScore != nil && above.match.fuzzyScore == nil && !above.browsing { return .fuzzy }
    let theirs = above.criteria
    for criterion in criteria where theirs.contains(criterion) {
      let a = cost(of: criterion)
      let b = above.cost(of: criterion)
      if a != b { return criterion }  // an absent value differs from any
    }
    return nil
  }

  /// For a learned hit above `below`: the criterion on which the rules alone would have put it
  /// under `below` (the first after `learned` where it is worse), when picks are what lifted it.
  public func criterionOvercome(above below: RankingDetails) -> Criterion? {
    guard below.decidingCriterion(below: self) == .rule(.learned) else { return nil }
    let after = criteria.drop { $0 != .rule(.learned) }.dropFirst()
    let theirs = below.criteria
    for criterion in after where theirs.contains(criterion) {
      guard let mine = cost(of: criterion) else { return criterion }
      if let other = below.cost(of: criterion), mine > other { return criterion }
      if let other = below.cost(of: criterion), mine < other { return nil }
    }
    return nil
  }
}
