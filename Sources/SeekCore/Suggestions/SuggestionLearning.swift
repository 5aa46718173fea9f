import SearchEngine
import SeekApp

/// Learns suggestions from the query log the way Algolia builds a Query Suggestions index from
/// search analytics: queries submitted in the last `window` seconds, normalized (trimmed, case-
/// and diacritic-folded) and shown as most often typed, with at least `minLetters` letters and
/// `minHits` hits when submitted, and none of the excluded words.
public struct SuggestionLearning: Sendable, Equatable {
  public var window: Double
  public var minLetters: Int
  public var minHits: Int
  public var excludedWords: Set<String>
  /// One submission of your own counts as this many searches of the shared suggestions, so what
  /// you searched is offered again the next time you type its prefix.
  public var personalWeight: Int

  public init(
    window: Double = 30 * 24 * 3600, minLetters: Int = 4, minHits: Int = 5,
    excludedWords: Set<String> = [], personalWeight: Int = 1000
  ) {
    self.window = window
    self.minLetters = minLetters
    self.minHits = minHits
    self.excludedWords = Set(excludedWords.map { String(decoding: TextFolding.foldedKey($0), as: UTF8.self) })
    self.personalWeight = personalWeight
  }

  public func learn(from log: [LoggedQuery], now: Double) -> [Suggestion] {
    var groups: [[UInt8]: (count: Int, spellings: [String: Int], nbHits: Int)] = [:]
    var order: [[UInt8]] = []
    for entry in log where entry.time >= now - window && entry.nbHits >= minHits {
      let trimmed = entry.query.trimming(" \t\n")
      let key = TextFolding.foldedKey(trimmed)
      guard trimmed.unicodeScalars.filter({ $0.properties.isAlphabetic }).count >= minLetters else { continue }
      let words = Tokenizer.words(trimmed).map(\.term)
      guard !words.contains(where: excludedWords.contains) else { continue }
      if groups[key] == nil { order.append(key) }
      var group = groups[key] ?? (0, [:], 0)
      group.count += 1
      group.spellings[trimmed, default: 0] += 1
      group.nbHits = entry.nbHits
      groups[key] = group
    }
    return order.map { key in
      let group = groups[key]!
      let shown = group.spellings.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!.key
      return Suggestion(query: shown, popularity: group.count * personalWeight, nbHits: group.nbHits)
    }
  }
}
