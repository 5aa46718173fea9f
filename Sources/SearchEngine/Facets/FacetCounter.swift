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
    /// Algolia's `sum` and `avg` (over the hits with a number; a sample's sum is scaled with the
    /// counts).
    public var sum: Double
    public var count: Int
    /// The hits' numbers as bars, when the request asked for them (the refinement pane's).
    public var histogram: Histogram?
    public var avg: Double { count == 0 ? .nan : sum / Double(count) }

    public init(min: Double, max: Double, sum: Double = 0, count: Int = 0, histogram: Histogram? = nil) {
      self.min = min
      self.max = max
      self.sum = sum
      self.count = count
      self.histogram = histogram
    }
  }

  public var attribute: String
  /// The values with the most hits first (then by value), at most the request's `maxValuesPerFacet`.
  public var values: [Value]
  /// Numeric facets: the range of the hits' numbers (nil when no hit has one).
  public var stats: Stats?

  public init(attribute: String, values: [Value], stats: Stats? = nil) {
    self.attribute = attribute
    self.values = values
    self.stats = stats
  }
}

/// Counts, in the search's loop over every hit, without allocating per hit: one counter per value
/// of each requested facet in one flat array, reset through the list of values touched. The hot
/// path reads plain arrays (no facet struct is copied per hit): at a million hits, a few ns each.
struct FacetCounter {
  private var textFacets: [FacetIndex.TextFacet] = []
  private var numericFacets: [FacetIndex.NumericFacet] = []
  /// Per text facet: its record → values offsets and values, and where its counters start.
  private var recordStarts: [Column<UInt32>] = []
  private var recordValues: [Column<UInt32>] = []
  private var base: [Int] = []
  private var counts: [UInt32] = []
  private var touched: [UInt32] = []
  private var numbers: [Column<Double>] = []
  private var minimum: [Double] = []
  private var maximum: [Double] = []
  private var sums: [Double] = []
  private var present: [Int] = []
  /// Per numeric facet, the hits' numbers, kept only when histograms are asked for (binned at the
  /// end, once the range is known; the arrays keep their capacity from one search to the next).
  private var collected: [[Double]] = []
  private var histogramBuckets = 0
  /// Numeric facets' values are counted too, each number a value (Algolia's `facets` lists
  /// `"299.99": 3` beside `facets_stats`): the numbers are collected, counted at the end.
  private var countsNumbers = false
  /// A sample's counts are scaled to the whole: the histogram's bars too.
  private var sampleFactor = 1.0
  /// Every record was counted (the empty query): the bars are the whole index's, binned once and
  /// kept (`wholeIndexBars`) instead of from a million numbers on every empty query.
  private var countedAll = false
  private var wholeIndexBars: [Histogram?] = []
  private(set) var isActive = false

  /// The attributes the counters are laid out for (the owner's index never changes).
  private var requested: [String]? = nil

  /// Prepares for a search counting `attributes` ("*" for every facet) of `index`. The same
  /// attributes as last time (every keystroke, as a rule) only zero the counters touched.
  mutating func reset(index: SearchIndex, attributes: [String], histogramBuckets: Int = 0, countsNumbers: Bool = false)
  {
    guard attributes != requested || histogramBuckets != self.histogramBuckets || countsNumbers != self.countsNumbers
    else {
      clear()
      return
    }
    requested = attributes
    self.histogramBuckets = histogramBuckets
    self.countsNumbers = countsNumbers
    let all = attributes.contains("*")
    textFacets = index.facets.text.filter { all || attributes.contains($0.attribute) }
    numericFacets = index.facets.numeric.filter { all || attributes.contains($0.attribute) }
    recordStarts = textFacets.map(\.recordStart)
    recordValues = textFacets.map(\.recordValues)
    base = []
    var total = 0
    for facet in textFacets {
      base.append(total)
      total += facet.values.count
    }
    counts = [UInt32](repeating: 0, count: total)
    touched = []
    numbers = numericFacets.map(\.numbers)
    minimum = numericFacets.map { _ in .infinity }
    maximum = numericFacets.map { _ in -.infinity }
    sums = numericFacets.map { _ in 0 }
    present = numericFacets.map { _ in 0 }
    collected = numericFacets.map { _ in [] }
    // Laid out anew: nothing is counted yet (no count over every record, no bars kept for it).
    wholeIndexBars = []
    countedAll = false
    sampleFactor = 1
    isActive = !textFacets.isEmpty || !numericFacets.isEmpty
  }

  /// Zeroes the counts (a relaxed query counts again from scratch).
  mutating func clear() {
    for v in touched { counts[Int(v)] = 0 }
    touched.removeAll(keepingCapacity: true)
    for i in minimum.indices {
      minimum[i] = .infinity
      maximum[i] = -.infinity
      sums[i] = 0
      present[i] = 0
      collected[i].removeAll(keepingCapacity: true)
    }
    sampleFactor = 1
    countedAll = false
  }

  @inline(__always) mutating func add(_ record: Int) {
    for f in 0..<recordStarts.count {
      let lo = Int(recordStarts[f][record])
      let hi = Int(recordStarts[f][record + 1])
      var i = lo
      while i < hi {
        let slot = base[f] + Int(recordValues[f][i])
        if counts[slot] == 0 { touched.append(UInt32(slot)) }
        counts[slot] &+= 1
        i += 1
      }
    }
    for f in 0..<numbers.count {
      let x = numbers[f][record]
      if x < minimum[f] { minimum[f] = x }
      if x > maximum[f] { maximum[f] = x }
      if !x.isNaN {
        sums[f] += x
        present[f] += 1
        if histogramBuckets > 0 || countsNumbers { collected[f].append(x) }
      }
    }
  }

  /// Scales the counts of a sample to the whole (numeric ranges stay those of the sample).
  mutating func scale(by factor: Double) {
    for slot in touched {
      counts[Int(slot)] = UInt32(min(Double(UInt32.max), (Double(counts[Int(slot)]) * factor).rounded()))
    }
    sampleFactor = factor
    for f in sums.indices {
      sums[f] *= factor
      present[f] = Int((Double(present[f]) * factor).rounded())
    }
  }

  /// Counts over every record (the empty query): read off the postings, no loop over records.
  mutating func addAll() {
    for f in textFacets.indices {
      for v in textFacets[f].values.indices {
        let n = textFacets[f].recordCount(of: v)
        if n > 0 {
          counts[base[f] + v] = UInt32(n)
          touched.append(UInt32(base[f] + v))
        }
      }
    }
    for f in numericFacets.indices {
      minimum[f] = numericFacets[f].minimum.isNaN ? .infinity : numericFacets[f].minimum
      maximum[f] = numericFacets[f].maximum.isNaN ? -.infinity : numericFacets[f].maximum
      (sums[f], present[f]) = numericFacets[f].total
    }
    countedAll = true
    guard histogramBuckets > 0, wholeIndexBars.isEmpty else { return }
    wholeIndexBars = numericFacets.indices.map { f in
      var values: [Double] = []
      for record in 0..<numbers[f].count where !numbers[f][record].isNaN { values.append(numbers[f][record]) }
      return Histogram.of(values, minimum: minimum[f], maximum: maximum[f], buckets: histogramBuckets)
    }
  }

  /// Numeric facet `f`'s hits binned (nil unless asked for).
  private func histogram(_ f: Int) -> Histogram? {
    if countedAll && histogramBuckets > 0 { return wholeIndexBars[f] }
    guard histogramBuckets > 0,
      var histogram = Histogram.of(
        collected[f], minimum: minimum[f], maximum: maximum[f], buckets: histogramBuckets)
    else { return nil }
    if sampleFactor != 1 {
      histogram.counts = histogram.counts.map { Int((Double($0) * sampleFactor).rounded()) }
    }
    return histogram
  }

  /// Numeric facet `f`'s numbers as values, most frequent first (then by number), written as
  /// filters write them; a sample's counts scaled to the whole.
  private func numberValues(_ f: Int, limit: Int) -> [FacetResult.Value] {
    var counted: [Double: Int] = [:]
    if countedAll {
      for record in 0..<numbers[f].count where !numbers[f][record].isNaN {
        counted[numbers[f][record], default: 0] += 1
      }
    } else {
      for x in collected[f] { counted[x, default: 0] += 1 }
    }
    let ordered = counted.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    return ordered.prefix(limit).map { number, count in
      FacetResult.Value(
        value: FilterExpression.numberText(number),
        count: sampleFactor == 1 ? count : Int((Double(count) * sampleFactor).rounded()))
    }
  }

  /// The results, most frequent values first.
  func results(maxValuesPerFacet: Int) -> [FacetResult] {
    var out: [FacetResult] = []
    for (f, facet) in textFacets.enumerated() {
      let range = base[f]..<(base[f] + facet.values.count)
      var values = touched.filter { range.contains(Int($0)) }.map { slot in
        let v = Int(slot) - base[f]
        return FacetResult.Value(value: facet.values[v], count: Int(counts[Int(slot)]), level: Int(facet.levels[v]))
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
      out.append(
        FacetResult(
          attribute: facet.attribute, values: countsNumbers ? numberValues(f, limit: maxValuesPerFacet) : [],
          stats: minimum[f] <= maximum[f]
            ? FacetResult.Stats(
              min: minimum[f], max: maximum[f], sum: sums[f], count: present[f],
              histogram: histogram(f)) : nil))
    }
    return out
  }
}
