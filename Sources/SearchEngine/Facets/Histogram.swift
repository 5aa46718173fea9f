/// A numeric facet's hits as bars: how many fall in each of a few equal buckets between round
/// edges (InstantSearch's range slider with its histogram). The edges are "nice" numbers (a step
/// of 1, 2 or 5 times a power of ten) so that a handle moved from one edge to the next gives a
/// refinement a person would type: `price >= 200`, not `price >= 187.36`.
///
/// The buckets span the hits' own range, so they are counted once the range is known: the counter
/// keeps the hits' numbers and bins them at the end (a pass over the hits, only when a histogram
/// is asked for). Hits without a number are not drawn.
public struct Histogram: Sendable, Equatable {
  /// The first bucket's lower edge.
  public var start: Double
  /// Each bucket's width.
  public var step: Double
  /// Hits per bucket; bucket `i` holds `edge(i) <= x < edge(i + 1)` (the last holds its upper edge).
  public var counts: [Int]

  public init(start: Double, step: Double, counts: [Int]) {
    self.start = start
    self.step = step
    self.counts = counts
  }

  public var bucketCount: Int { counts.count }

  /// Edge `i`, from 0 (the lower end) to `bucketCount` (the upper end).
  public func edge(_ i: Int) -> Double { start + step * Double(i) }

  /// The bucket a number falls in (clamped to the ends).
  public func bucket(of x: Double) -> Int {
    guard step > 0, x > start else { return 0 }
    return min(counts.count - 1, Int((x - start) / step))
  }

  /// The nearest edge to `x` (0 ... bucketCount).
  public func nearestEdge(to x: Double) -> Int {
    guard step > 0 else { return 0 }
    return min(counts.count, max(0, Int(((x - start) / step).rounded())))
  }

  /// The edge after `x` going `direction` (+1 up, -1 down): the next one when `x` is on an edge,
  /// the one beside it that way when it falls between two (a typed `price<437` moves to 500 or
  /// 400). Not clamped.
  public func nextEdge(from x: Double, by direction: Int) -> Int {
    guard step > 0 else { return direction }
    let position = (x - start) / step
    let nearest = position.rounded()
    if abs(position - nearest) < 1e-9 { return Int(nearest) + direction }
    return direction > 0 ? Int(position.rounded(.up)) : Int(position.rounded(.down))
  }

  /// Buckets of a round step covering `minimum ... maximum`, at most `buckets` of them. Whole
  /// numbers (counts, years, popularity) never get a step below 1.
  public static func empty(minimum: Double, maximum: Double, buckets: Int, wholeNumbers: Bool) -> Histogram {
    let buckets = max(1, buckets)
    guard maximum > minimum, minimum.isFinite, maximum.isFinite else {
      return Histogram(start: minimum.isFinite ? minimum : 0, step: 1, counts: [0])
    }
    var step = roundStep(atLeast: (maximum - minimum) / Double(buckets))
    if wholeNumbers { step = max(step, 1) }
    while true {
      let start = (minimum / step).rounded(.down) * step
      let count = Int(((maximum - start) / step).rounded(.down)) + 1
      // The top edge is exclusive but for the last bucket: a maximum on an edge needs no bucket
      // of its own (0 ... 100 in 20 buckets of 5), unless each bucket is one whole number.
      let onEdge = maximum == start + step * Double(count - 1) && count > 1 && !(wholeNumbers && step == 1)
      let needed = onEdge ? count - 1 : count
      if needed <= buckets { return Histogram(start: start, step: step, counts: [Int](repeating: 0, count: needed)) }
      step = roundStep(atLeast: step * 1.000_001)
    }
  }

  /// The smallest of 1, 2 and 5 times a power of ten that is at least `raw`.
  static func roundStep(atLeast raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    let magnitude = pow10(Int((log10Approx(raw)).rounded(.down)))
    for multiple in [1.0, 2.0, 5.0, 10.0] where multiple * magnitude >= raw * (1 - 1e-12) {
      return multiple * magnitude
    }
    return 10 * magnitude
  }

  /// Counts `values` (none NaN, all within `minimum ... maximum`) into buckets made for that range.
  public static func of(_ values: [Double], minimum: Double, maximum: Double, buckets: Int) -> Histogram? {
    guard !values.isEmpty, minimum <= maximum else { return nil }
    let whole = values.allSatisfy { $0 == $0.rounded() }
    var histogram = empty(minimum: minimum, maximum: maximum, buckets: buckets, wholeNumbers: whole)
    for x in values { histogram.counts[histogram.bucket(of: x)] += 1 }
    return histogram
  }

  /// Two segments' histograms as one over both ranges: each bucket's hits go to the merged bucket
  /// that holds its middle (exact when the edges agree, as for one catalog's segments of the same
  /// range; otherwise off by at most a bucket).
  public static func merged(_ a: Histogram, _ b: Histogram, buckets: Int) -> Histogram {
    if a.start == b.start && a.step == b.step {
      var out = a.counts.count >= b.counts.count ? a : b
      for (i, n) in (a.counts.count >= b.counts.count ? b : a).counts.enumerated() { out.counts[i] += n }
      return out
    }
    let whole = a.step >= 1 && b.step >= 1 && a.start == a.start.rounded() && b.start == b.start.rounded()
    var out = empty(
      minimum: min(a.start, b.start), maximum: max(a.edge(a.bucketCount), b.edge(b.bucketCount)), buckets: buckets,
      wholeNumbers: whole)
    for h in [a, b] {
      for (i, n) in h.counts.enumerated() where n > 0 { out.counts[out.bucket(of: h.edge(i) + h.step / 2)] += n }
    }
    return out
  }

  private static func pow10(_ exponent: Int) -> Double {
    var x = 1.0
    if exponent >= 0 {
      for _ in 0..<exponent { x *= 10 }
    } else {
      for _ in 0..<(-exponent) { x /= 10 }
    }
    return x
  }

  /// log10 without Foundation (the engine imports none): exact enough to pick a power of ten.
  private static func log10Approx(_ x: Double) -> Double {
    var e = 0.0
    var v = x
    while v >= 10 {
      v /= 10
      e += 1
    }
    while v < 1 {
      v *= 10
      e -= 1
    }
    return e
  }
}
