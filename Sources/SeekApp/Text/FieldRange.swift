/// fzf's field index expressions: `2`, `-1` (the last), `2..`, `..3`, `1..-2`, `..` (all).
public struct FieldRange: Sendable, Equatable {
  /// 1-based; negative from the end; nil: open.
  public var from: Int?
  public var to: Int?

  public init(from: Int?, to: Int?) {
    self.from = from
    self.to = to
  }

  /// Parses one expression; nil when it is not one (0 is not a field).
  public init?(parsing text: String) {
    func bound(_ s: Substring) -> Int?? {
      if s.isEmpty { return .some(nil) }
      guard let n = Int(s), n != 0 else { return nil }
      return .some(n)
    }
    if let dots = text.range(of: "..") {
      guard let a = bound(text[..<dots.lowerBound]), let b = bound(text[dots.upperBound...]) else { return nil }
      self.init(from: a, to: b)
    } else {
      guard let n = Int(text), n != 0 else { return nil }
      self.init(from: n, to: n)
    }
  }

  /// A comma-separated list (`1,3..`); nil when one is not valid.
  public static func parseList(_ text: String) -> [FieldRange]? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { FieldRange(parsing: String($0)) }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
    return parts.compactMap { $0 }
  }

  /// The 0-based indexes of `count` fields this names, in order.
  public func resolve(count: Int) -> [Int] {
    func index(_ n: Int) -> Int { n > 0 ? n - 1 : count + n }
    let first = max(0, from.map(index) ?? 0)
    let last = min(count - 1, to.map(index) ?? count - 1)
    return first <= last ? Array(first...last) : []
  }
}
