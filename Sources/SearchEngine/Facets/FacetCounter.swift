/// Facet counts of one search: for each requested text facet, how many hits have each value (a
/// hierarchical value counts for its ancestors too); for each numeric facet, the smallest and
/// largest number among the hits (Algolia's `facets_stats`).
public struct FacetResult: Sendable, Equatable {
  public struct Value: Sendable, Equatable {
    public var value: String
    public var count: Int
    /// Hierarchy level (0 for a flat value or a root).
    public var level: Int

    public init(value: String, count: Int, level: Int = 0) {
      self.value = value
      self.count = count
      self.level = level
    }
  }

  public struct Stats: Sendable, Equatable {
    public var min: Double
    public var max: Double

    public init(min: Double, max: Double) {
      self.min = min
      self.max = max
    }
  }

  public var attribute: String
  /// The values with the most hits first (then by value), at most the request's `maxValuesPerFacet`.
  public var values: [Value]
  /// Numeric facets: the range of the hits' numbers (nil when no hit has one).
  public var stats: Stats?
  public var isNumeric: Bool { stats != nil || values.isEmpty && isNumericFacet }
  var isNumericFacet = false

  public init(attribute: String, values: [Value], stats: Stats? = nil) {
    self.attribute = attribute
    self.values = values
    self.stats = stats
  }
}

/// Counts, in the search's loop over every hit, without allocating per hit: one counter per value
/// of each requested facet, reset through the list of values touched.
struct FacetCounter {
  private var textFacets: [FacetIndex.TextFacet] = []
  private var numericFacets: [FacetIndex.NumericFacet] = []
  private var counts: [[UInt32]] = []
  private var touched: [[UInt32]] = []
  private var minimum: [Double] = []
  private var maximum: [Double] = []
  private(set) var isActive = false

  /// Prepares for a search counting `attributes` ("*" for every facet) of `index`.
  mutating func reset(index: SearchIndex, attributes: [String]) {
    let all = attributes.contains("*")
    let text = index.facets.text.filter { all || attributes.contains($0.attribute) }
    let numeric = index.facets.numeric.filter { all || attributes.contains($0.attribute) }
    if text.map(\.attribute) != textFacets.map(\.attribute) {
      textFacets = text
      counts = text.map { [UInt32](repeating: 0, count: $0.values.count) }
      touched = text.map { _ in [] }
    } else {
      clear()
    }
    numericFacets = numeric
    minimum = numeric.map { _ in .infinity }
    maximum = numeric.map { _ in -.infinity }
    isActive = !text.isEmpty || !numeric.isEmpty
  }

  /// Zeroes the counts (a relaxed query counts again from scratch).
  mutating func clear() {
    for f in counts.indices {
      for v in touched[f] { counts[f][Int(v)] = 0 }
      touched[f].removeAll(keepingCapacity: true)
    }
    for i in minimum.indices {
      minimum[i] = .infinity
      maximum[i] = -.infinity
    }
  }

  @inline(__always) mutating func add(_ record: Int) {
    for f in textFacets.indices {
      textFacets[f].forEachValue(of: record) { v in
        if counts[f][v] == 0 { touched[f].append(UInt32(v)) }
        counts[f][v] &+= 1
      }
    }
    for f in numericFacets.indices {
      let x = numericFacets[f].numbers[record]
      if x < minimum[f] { minimum[f] = x }
      if x > maximum[f] { maximum[f] = x }
    }
  }

  /// Counts over every record (the empty query): read off the postings, no loop over records.
  mutating func addAll() {
    for f in textFacets.indices {
      for v in textFacets[f].values.indices {
        let n = textFacets[f].recordCount(of: v)
        if n > 0 {
          counts[f][v] = UInt32(n)
          touched[f].append(UInt32(v))
        }
      }
    }
    for f in numericFacets.indices {
      minimum[f] = numericFacets[f].minimum.isNaN ? .infinity : numericFacets[f].minimum
      maximum[f] = numericFacets[f].maximum.isNaN ? -.infinity : numericFacets[f].maximum
    }
  }

  /// The results, most frequent values first.
  func results(maxValuesPerFacet: Int) -> [FacetResult] {
    var out: [FacetResult] = []
    for (f, facet) in textFacets.enumerated() {
      var values = touched[f].map { v in
        FacetResult.Value(value: facet.values[Int(v)], count: Int(counts[f][Int(v)]), level: Int(facet.levels[Int(v)]))
      }
      values.sort { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
      // A hierarchy keeps its top values at every level, so each level can be drilled into.
      var perLevel: [Int: Int] = [:]
      values = values.filter { v in
        perLevel[v.level, default: 0] += 1
        return perLevel[v.level]! <= maxValuesPerFacet
      }
      out.append(FacetResult(attribute: facet.attribute, values: values))
    }
    for (f, facet) in numericFacets.enumerated() {
      var result = FacetResult(
        attribute: facet.attribute, values: [],
        stats: minimum[f] <= maximum[f] ? FacetResult.Stats(min: minimum[f], max: maximum[f]) : nil)
      result.isNumericFacet = true
      out.append(result)
    }
    return out
  }
}
