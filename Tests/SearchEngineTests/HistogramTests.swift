import Testing

@testable import SearchEngine

/// A numeric facet's histogram: round edges over the hits' range, every hit in one bucket.
@Suite struct HistogramTests {
  /// Steps are 1, 2 or 5 times a power of ten; whole numbers never get a fraction; the range is
  /// covered by at most the buckets asked for.
  @Test(arguments: [
    (13.29, 6648.09, 24, false, 0.0, 500.0, 14),
    (0.0, 100.0, 24, true, 0.0, 5.0, 20),
    (1.0, 5.0, 24, true, 1.0, 1.0, 5),
    (0.12, 0.57, 10, false, 0.1, 0.05, 10),
    (-30.0, 70.0, 10, true, -30.0, 10.0, 10),
    (7.0, 7.0, 24, true, 7.0, 1.0, 1),
  ])
  func roundEdges(min: Double, max: Double, buckets: Int, whole: Bool, start: Double, step: Double, count: Int) {
    let h = Histogram.empty(minimum: min, maximum: max, buckets: buckets, wholeNumbers: whole)
    #expect(abs(h.start - start) < 1e-9 && abs(h.step - step) < 1e-9 && h.bucketCount == count)
    #expect(h.edge(0) <= min && h.edge(h.bucketCount) >= max)
  }

  @Test func everyValueInOneBucketAndTheMaximumInTheLast() {
    let values: [Double] = [0, 4.99, 5, 99, 100, 42, 42]
    let h = Histogram.of(values, minimum: 0, maximum: 100, buckets: 20)!
    #expect(h.counts.reduce(0, +) == values.count)
    #expect(h.counts[0] == 2 && h.counts[1] == 1 && h.counts[8] == 2 && h.counts[19] == 2)
    #expect(h.nearestEdge(to: 437) == 20 && h.nearestEdge(to: 12) == 2 && h.bucket(of: -3) == 0)
  }

  /// Segments' bars add up: bucket by bucket when their edges agree, by each bucket's middle when not.
  @Test func mergedBarsKeepEveryHit() {
    let a = Histogram(start: 0, step: 10, counts: [1, 2, 3])
    #expect(Histogram.merged(a, Histogram(start: 0, step: 10, counts: [4]), buckets: 8).counts == [5, 2, 3])
    let b = Histogram(start: 100, step: 50, counts: [7, 1])
    let m = Histogram.merged(a, b, buckets: 8)
    #expect(m.counts.reduce(0, +) == 14 && m.edge(0) <= 0 && m.edge(m.bucketCount) >= 200)
  }
}
