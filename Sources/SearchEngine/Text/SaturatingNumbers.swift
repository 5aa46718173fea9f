/// Numbers from files others wrote (`1e400`, `nan`, `9e18 + 9e18`) must never trap: conversions
/// and sums saturate at the ends of `Int`'s range, and NaN counts as zero.
extension Int {
  /// The nearest `Int` to `value`: NaN is 0, anything beyond the range is `Int.min`/`Int.max`.
  public init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= 9.2e18 {
      self = .max
    } else if value <= -9.2e18 {
      self = .min
    } else {
      self = Int(value)
    }
  }

  /// `self + other`, held at `Int.max`/`Int.min` instead of overflowing.
  public func saturatingAdd(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }
}
