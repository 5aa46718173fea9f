import SearchEngine

/// Synonyms learned from picks, as Algolia's dynamic synonym suggestions learn them from what
/// people click after a query.
///
/// A word the catalog does not use (`hoover`) finds nothing of its own; when the query's other
/// words carry it (`hoover upright`, the word dropped) and people keep picking items that share
/// a word the query did not say ("Dyson Upright Vacuum", "Shark Upright Vacuum": `vacuum`), that
/// word is what they meant: `hoover` then finds what says vacuum, a tier below the words typed,
/// as the lexicon's words do (SearchEngine's Lexicon.swift), and before them.
///
/// The rule, bounded and explainable: for each word of a picked query that the index does not
/// know, the words of the picked items' titles that are not in the query (three letters or more,
/// no digit, not a stop word) are counted once per item; a word that at least
/// `minimumItems` different items share is learned, the one most items share (then the more
/// picked, then the first in alphabetical order). At most `maximumWords` words are learned, the
/// most picked first. Nothing is learned from a word the catalog holds: a pick of an item without
/// it says the other words found it, not what it means.
public struct LearnedSynonyms: Sendable, Equatable {
  public struct Pair: Sendable, Equatable {
    /// The word typed (folded) and the word learned for it.
    public var word: String
    public var synonym: String
    /// Different items picked that say `synonym`, and the picks of those items.
    public var items: Int
    public var picks: Double
  }

  public static let minimumItems = 2
  public static let maximumWords = 256

  public private(set) var pairs: [Pair] = []
  /// The pairs as a lexicon for the searcher (`SearchRequest.learnedWords`); nil without any.
  public private(set) var lexicon: Lexicon? = nil

  public init() {}

  public init(picks: [Pick], index: SearchIndex) {
    // For each unknown word: per title word, the items that say it and their picks.
    var support: [String: [String: (items: Set<String>, picks: Double)]] = [:]
    for pick in picks {
      let queryWords = Set(Tokenizer.words(pick.query).map(\.term))
      let unknown = queryWords.filter { !index.holds(Array($0.utf8)) && !StopWords.contains(Array($0.utf8)) }
      guard !unknown.isEmpty, let record = index.record(objectID: pick.objectID) else { continue }
      let title = index.documents.value(record, index.titleColumn)
      let candidates = Set(Tokenizer.words(title).map(\.term)).filter {
        $0.utf8.count >= 3 && !queryWords.contains($0) && !StopWords.contains(Array($0.utf8))
          && !$0.utf8.contains { $0 >= 0x30 && $0 <= 0x39 }
      }
      for word in unknown {
        for candidate in candidates {
          var entry = support[word, default: [:]][candidate] ?? ([], 0)
          entry.items.insert(pick.objectID)
          entry.picks += pick.rank
          support[word, default: [:]][candidate] = entry
        }
      }
    }
    var pairs: [Pair] = []
    for (word, candidates) in support {
      let best = candidates.filter { $0.value.items.count >= Self.minimumItems }.min { a, b in
        (a.value.items.count, a.value.picks, b.key) > (b.value.items.count, b.value.picks, a.key)
      }
      if let (synonym, found) = best {
        pairs.append(Pair(word: word, synonym: synonym, items: found.items.count, picks: found.picks))
      }
    }
    pairs.sort { ($0.picks, $1.word) > ($1.picks, $0.word) }
    self.pairs = Array(pairs.prefix(Self.maximumWords))
    if !self.pairs.isEmpty {
      lexicon = Lexicon(name: "picks", table: self.pairs.map { "\($0.word) \($0.synonym)" }.joined(separator: "\n"))
    }
  }

  /// What a query's words were given: "hoover: vacuum (3 items picked)", one a word.
  public func explanations(for query: String) -> [String] {
    guard !pairs.isEmpty else { return [] }
    let words = Set(Tokenizer.words(query).map(\.term))
    return pairs.filter { words.contains($0.word) }.map {
      "\($0.word): \($0.synonym), learned from \($0.items) items picked"
    }
  }
}
