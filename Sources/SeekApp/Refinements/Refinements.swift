import SearchEngine

/// What the user narrowed the results to, as InstantSearch's widgets do: facet values (several
/// values of one attribute are OR'ed, attributes are AND'ed — a refinement list) and numeric
/// conditions (AND'ed — a range slider). Part of every search request; shown as chips.
public struct Refinements: Sendable, Equatable {
  public struct FacetValue: Sendable, Equatable {
    public var attribute: String
    public var value: String

    public init(attribute: String, value: String) {
      self.attribute = attribute
      self.value = value
    }
  }

  public struct Numeric: Sendable, Equatable {
    public var attribute: String
    public var comparison: FilterExpression.Comparison
    public var value: Double

    public init(attribute: String, comparison: FilterExpression.Comparison, value: Double) {
      self.attribute = attribute
      self.comparison = comparison
      self.value = value
    }
  }

  /// In the order they were added.
  public var facets: [FacetValue] = []
  public var numeric: [Numeric] = []
  /// A filter given whole (`--filters`, in Algolia's syntax): AND'ed with the rest, one chip,
  /// cleared with the others.
  public var filter: FilterExpression? = nil

  public init(facets: [FacetValue] = [], numeric: [Numeric] = [], filter: FilterExpression? = nil) {
    self.facets = facets
    self.numeric = numeric
    self.filter = filter
  }

  public var isEmpty: Bool { facets.isEmpty && numeric.isEmpty && filter == nil }

  /// Adds the value, or removes it when it is refined already (folded comparison).
  public mutating func toggle(_ attribute: String, _ value: String) {
    let key = TextFolding.foldedKey(value)
    if let i = facets.firstIndex(where: { $0.attribute == attribute && TextFolding.foldedKey($0.value) == key }) {
      facets.remove(at: i)
    } else {
      facets.append(FacetValue(attribute: attribute, value: value))
    }
  }

  public func isRefined(_ attribute: String, _ value: String) -> Bool {
    let key = TextFolding.foldedKey(value)
    return facets.contains { $0.attribute == attribute && TextFolding.foldedKey($0.value) == key }
  }

  /// Attributes with refined facet values (the disjunctive ones), in order.
  public var facetAttributes: [String] {
    var seen: [String] = []
    for f in facets where !seen.contains(f.attribute) { seen.append(f.attribute) }
    return seen
  }

  /// Attributes with refined facet values or numeric conditions, in order: each is counted
  /// without its own refinements (disjunctive faceting; for a number, the histogram a range
  /// slider moves over stays the same while its handles move).
  public var refinedAttributes: [String] {
    var seen = facetAttributes
    for n in numeric where !seen.contains(n.attribute) { seen.append(n.attribute) }
    return seen
  }

  /// The refinements as one filter; `excluding` leaves one attribute's values and conditions out
  /// (its own counts then show what choosing another value would give: disjunctive faceting).
  public func expression(excluding: String? = nil) -> FilterExpression? {
    var clauses: [FilterExpression] = filter.map { [$0] } ?? []
    for attribute in facetAttributes where attribute != excluding {
      let values = facets.filter { $0.attribute == attribute }.map {
        FilterExpression.facet(attribute: attribute, value: $0.value, column: 1)
      }
      clauses.append(values.count == 1 ? values[0] : .or(values))
    }
    for n in numeric where n.attribute != excluding {
      clauses.append(.numeric(attribute: n.attribute, comparison: n.comparison, value: n.value, column: 1))
    }
    return clauses.isEmpty ? nil : clauses.count == 1 ? clauses[0] : .and(clauses)
  }

  /// Each refinement as a chip's text: `brand: Apple`, `price < 500`.
  /// Removes the refinement of chip `index` (in `chips`' order); false when there is none.
  public mutating func removeChip(at index: Int) -> Bool {
    var i = index
    if filter != nil {
      if i == 0 {
        filter = nil
        return true
      }
      i -= 1
    }
    if i >= 0 && i < facets.count {
      facets.remove(at: i)
      return true
    }
    i -= facets.count
    guard i >= 0 && i < numeric.count else { return false }
    numeric.remove(at: i)
    return true
  }

  public var chips: [String] {
    (filter.map { [$0.text] } ?? []) + facets.map { "\($0.attribute): \($0.value)" }
      + numeric.map {
        "\($0.attribute) \($0.comparison.rawValue) \(FilterExpression.numberText($0.value))"
      }
  }
}
