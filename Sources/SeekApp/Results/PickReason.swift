/// Why a hit was lifted: its strongest pick for the query.
public struct PickReason: Sendable, Equatable {
  /// Times picked for `query` (zoxide's rank, rounded: aging shrinks it).
  public var times: Int
  public var query: String
  /// How long before the search that found it (seconds).
  public var age: Double

  public init(times: Int, query: String, age: Double) {
    self.times = times
    self.query = query
    self.age = age
  }

  /// "picked 3 times for “req”, last 2 h ago".
  public var description: String { "picked " + summary }

  /// "3 times for “req”, last 2 h ago".
  public var summary: String {
    let times = self.times == 1 ? "once" : self.times == 2 ? "twice" : "\(self.times) times"
    return "\(times) for \u{201C}\(query)\u{201D}, last \(Self.ago(age))"
  }

  /// "just now", "5 min ago", "2 h ago", "3 days ago".
  static func ago(_ seconds: Double) -> String {
    if seconds < 60 { return "just now" }
    if seconds < 3_600 { return "\(Int(seconds / 60)) min ago" }
    if seconds < 86_400 { return "\(Int(seconds / 3_600)) h ago" }
    let days = Int(seconds / 86_400)
    return days == 1 ? "a day ago" : "\(days) days ago"
  }
}
