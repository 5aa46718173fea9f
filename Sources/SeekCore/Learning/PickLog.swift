import Foundation
import SearchEngine
import SeekApp

/// An item picked (accepted or checked) for a query: how often — zoxide's rank, aged — and when last.
public struct Pick: Sendable, Equatable {
  public var objectID: String
  /// The query as typed at the last pick.
  public var query: String
  public var rank: Double
  /// Seconds since 1970.
  public var last: Double

  public init(objectID: String, query: String, rank: Double, last: Double) {
    self.objectID = objectID
    self.query = query
    self.rank = rank
    self.last = last
  }
}

/// The picks of one catalog, in memory (loaded once at start, kept current as picks are made),
/// and the learned levels they give the hits of a query (see `RankingRule.learned`).
///
/// Which picks count for a query `q` (compared folded, as suggestions are): those made for `q`
/// itself or for a query `q` begins (typing `re` on the way to `requests`, picked for `req`),
/// fully; those made for a query sharing `q`'s first word (`hdmi cable` for `hdmi adapter`), by
/// half; on the empty query, every pick (a launcher's recent items). A pick's weight is zoxide's
/// frecency: its rank ×4 within the hour, ×2 within the day, ÷2 within the week, ÷4 older. The
/// level is the weight's binary order of magnitude: 1 for an old pick shared by first word, 6
/// for one pick this hour, 9 for ten.
public struct PickLog: Sendable {
  /// At most this many hits are lifted for one query (the most frecent): each costs a match of
  /// its text per keystroke (Searcher+Learned.swift).
  public static let maxLearnedPerQuery = 64
  /// Ranks add up to at most this (zoxide's `_ZO_MAXAGE`): past it, every rank is scaled down to
  /// 90% of it and picks that fall under 1 are forgotten, so the log stays small (10,000 picks
  /// at most, about a megabyte) and old habits fade.
  public static let maxTotalRank = 10_000.0

  /// Picks grouped by folded query, sorted by it: a query's prefix range is contiguous.
  private var queries: [[UInt8]] = []
  private var picks: [[Entry]] = []
  /// Picked items by number: a keystroke adds weights up by number, not by objectID string.
  private var itemNumbers: [String: Int32] = [:]

  /// A pick and its item's number.
  private struct Entry: Sendable {
    var pick: Pick
    var item: Int32
  }
  /// The ranks' sum, kept as picks are made (aging checks it on every pick).
  private var totalRank = 0.0
  /// Lookups made, by folded query, until a pick changes the log (a new memo then) or a pick's
  /// frecency bucket turns (each answer says until when it holds): a one-letter query adds up
  /// thousands of picks, and people type the same first letters again and again.
  private var memo = Memo()

  public init(_ all: [Pick] = []) {
    for pick in all { insert(pick) }
  }

  public var count: Int { picks.reduce(0) { $0 + $1.count } }
  public var all: [Pick] { picks.flatMap { $0.map(\.pick) } }
  public var isEmpty: Bool { queries.isEmpty }

  /// Records a pick made now, as the store does (`ItemStore.recordPick`).
  public mutating func record(objectID: String, query: String, time: Double) {
    memo = Memo()
    let key = Self.folded(query)
    let at = lowerBound(key)
    if at < queries.count && queries[at] == key, let i = picks[at].firstIndex(where: { $0.pick.objectID == objectID }) {
      picks[at][i].pick.rank += 1
      picks[at][i].pick.last = time
      picks[at][i].pick.query = query
      totalRank += 1
    } else {
      insert(Pick(objectID: objectID, query: query, rank: 1, last: time))
    }
    age()
  }

  /// The items lifted for `query` at `now`, by objectID: their level and their strongest pick.
  public func learned(for query: String, now: Double) -> [String: (level: Int, reason: PickReason)] {
    let key = Self.folded(query)
    if let kept = memo.answer(for: key, now: now) { return kept }
    var validUntil = Double.infinity
    let answer = lookUp(key, now: now, validUntil: &validUntil)
    memo.keep(answer, for: key, at: now, until: validUntil)
    return answer
  }

  /// The lookup itself; `validUntil` is lowered to the first time a pick it added up changes its
  /// frecency bucket.
  private func lookUp(
    _ key: [UInt8], now: Double, validUntil: inout Double
  ) -> [String: (level: Int, reason: PickReason)] {
    // Per item number: its summed weight, and its strongest pick (group, index) with that pick's
    // weight; reasons are made for the items kept only. An array by item number, not a
    // dictionary: a short query, or the empty one, adds up thousands of picks. The items touched
    // are listed once.
    typealias Summed = (weight: Double, best: Double, group: Int32, index: Int32)
    var weights = [Summed](repeating: (0, -1, 0, 0), count: itemNumbers.count)
    var touched: [Int32] = []
    func add(_ group: Int, factor: Double) {
      for (k, entry) in picks[group].enumerated() {
        let weight = Self.frecency(entry.pick, now: now) * factor
        validUntil = min(validUntil, Self.nextBucket(entry.pick, now: now))
        let item = Int(entry.item)
        let seen = weights[item]
        if seen.best < 0 { touched.append(entry.item) }
        weights[item] =
          weight > seen.best
          ? (seen.weight + weight, weight, Int32(group), Int32(k))
          : (seen.weight + weight, seen.best, seen.group, seen.index)
      }
    }
    let begun = prefixRange(key)
    for group in begun { add(group, factor: 1) }
    if let space = key.firstIndex(of: 0x20), !key.isEmpty {
      let firstWord = Array(key[..<space])
      for group in prefixRange(firstWord + [0x20]) where !begun.contains(group) { add(group, factor: 0.5) }
      let whole = lowerBound(firstWord)
      if whole < queries.count && queries[whole] == firstWord { add(whole, factor: 0.5) }
    }
    // The strongest, kept as they come (no sort of every item: the empty query sums them all).
    // Equal weights go by where their strongest pick is kept: the same items on every run.
    func before(_ a: Summed, _ b: Summed) -> Bool {
      a.weight != b.weight ? a.weight > b.weight : (a.group, a.index) < (b.group, b.index)
    }
    var strongest: [Summed] = []
    for item in touched {
      let entry = weights[Int(item)]
      guard strongest.count < Self.maxLearnedPerQuery || before(entry, strongest.last!) else { continue }
      var at = strongest.count
      while at > 0 && before(entry, strongest[at - 1]) { at -= 1 }
      strongest.insert(entry, at: at)
      if strongest.count > Self.maxLearnedPerQuery { strongest.removeLast() }
    }
    var out: [String: (level: Int, reason: PickReason)] = [:]
    for entry in strongest {
      let pick = picks[Int(entry.group)][Int(entry.index)].pick
      let reason = PickReason(times: max(1, Int(pick.rank.rounded())), query: pick.query, age: max(0, now - pick.last))
      out[pick.objectID] = (Self.level(entry.weight), reason)
    }
    return out
  }

  /// zoxide's frecency: the rank, weighted by how recent the last pick is.
  static func frecency(_ pick: Pick, now: Double) -> Double {
    let age = now - pick.last
    for bucket in buckets where age < bucket.within { return pick.rank * bucket.factor }
    return pick.rank / 4
  }

  /// zoxide's buckets by the age of the last pick: within the hour ×4, the day ×2, the week ÷2
  /// (older: ÷4).
  private static let buckets: [(within: Double, factor: Double)] = [(3_600, 4), (86_400, 2), (604_800, 0.5)]

  /// When the pick's frecency next changes bucket (an hour, a day, a week after it).
  static func nextBucket(_ pick: Pick, now: Double) -> Double {
    for bucket in buckets where now - pick.last < bucket.within { return pick.last + bucket.within }
    return .infinity
  }

  /// A weight's level: its binary order of magnitude, from 1 (an eighth) to 15.
  static func level(_ weight: Double) -> Int {
    guard weight > 0 else { return 0 }
    return min(max(Int(log2(weight).rounded(.down)) + 4, 1), RankingRule.maxLearned)
  }

  /// The folded key queries are compared by (trimmed, case and diacritics folded).
  public static func folded(_ query: String) -> [UInt8] {
    TextFolding.foldedKey(query.trimming(" \t\n"))
  }

  private mutating func insert(_ pick: Pick) {
    totalRank += pick.rank
    let item = itemNumbers[pick.objectID] ?? Int32(itemNumbers.count)
    itemNumbers[pick.objectID] = item
    let entry = Entry(pick: pick, item: item)
    let key = Self.folded(pick.query)
    let at = lowerBound(key)
    if at < queries.count && queries[at] == key {
      picks[at].append(entry)
    } else {
      queries.insert(key, at: at)
      picks.insert([entry], at: at)
    }
  }

  /// zoxide's aging (see `maxTotalRank`).
  private mutating func age() {
    guard totalRank > Self.maxTotalRank else { return }
    let scale = 0.9 * Self.maxTotalRank / totalRank
    for g in picks.indices.reversed() {
      for i in picks[g].indices { picks[g][i].pick.rank *= scale }
      picks[g].removeAll { $0.pick.rank < 1 }
      if picks[g].isEmpty {
        picks.remove(at: g)
        queries.remove(at: g)
      }
    }
    totalRank = picks.reduce(0) { $0 + $1.reduce(0) { $0 + $1.pick.rank } }
  }

  private func lowerBound(_ key: [UInt8]) -> Int {
    var lo = 0
    var hi = queries.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if queries[mid].lexicographicallyPrecedes(key) { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// The groups whose query begins with `key`.
  private func prefixRange(_ key: [UInt8]) -> Range<Int> {
    let start = lowerBound(key)
    var end = start
    while end < queries.count && queries[end].starts(with: key) { end += 1 }
    return start..<end
  }
}

/// Lookups of one pick log (see `PickLog.memo`). A reference shared by the log's copies, replaced
/// (never changed in place) when the log changes, so a copy never sees another's answers.
private final class Memo: @unchecked Sendable {
  typealias Answer = [String: (level: Int, reason: PickReason)]
  /// Safe to share across threads: every access to `kept` holds the lock.
  private let lock = NSLock()
  private var kept: [[UInt8]: (answer: Answer, at: Double, until: Double)] = [:]
  /// More distinct queries than this and the memo starts again (a few hundred bytes an answer).
  static let capacity = 512

  /// The answer kept for `key`, its reasons' ages moved on to `now`, while it holds.
  func answer(for key: [UInt8], now: Double) -> Answer? {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = kept[key], now >= entry.at, now < entry.until else { return nil }
    guard now > entry.at else { return entry.answer }
    return entry.answer.mapValues { value in
      var reason = value.reason
      reason.age += now - entry.at
      return (value.level, reason)
    }
  }

  func keep(_ answer: Answer, for key: [UInt8], at now: Double, until: Double) {
    lock.lock()
    defer { lock.unlock() }
    if kept.count >= Self.capacity { kept.removeAll(keepingCapacity: true) }
    kept[key] = (answer, now, until)
  }
}
