/// Multi-word synonyms: the phrases of a catalog's synonyms ("playstation 5", "smart tv") read as
/// terms of their own wherever a text is tokenized for matching — the index, the record matcher
/// of pipes and scans, the highlighter — so that one path answers the same everywhere.
///
/// A phrase is a term made of its words' terms one space apart (`Tokenizer.nameKey`): a space is
/// never inside a word, so it cannot be confused with one. Where a text holds the phrase's words
/// one after the other, the phrase comes as one more term after its last word, spanning its words
/// and placed at the first (it is not a word of its own: an attribute's word count is unchanged).
/// A query word whose synonym is the phrase then finds it as it finds any synonym: a whole term
/// of the dictionary (`ps5` → `playstation 5`). The other way, a query whose consecutive words
/// make a phrase gives each of them the phrase's synonyms (`ParsedQuery`): a record with `ps5`
/// answers both `playstation` and `5`.
///
/// Only texts with a phrase pay: with none, tokenizing is `Tokenizer.tokenize` itself. With some,
/// each word is kept for the length of the longest phrase, and each is looked up as the end of a
/// phrase (one hash set lookup per word and phrase length).
public struct Phrases: Sendable, Equatable {
  /// Each phrase's key: its terms one space apart.
  public private(set) var keys: Set<[UInt8]> = []
  /// Words in the longest phrase.
  public private(set) var longest = 0

  public init() {}

  public var isEmpty: Bool { keys.isEmpty }

  /// Adds a phrase by its key (two words or more; others are not phrases).
  mutating func insert(_ key: [UInt8]) {
    let words = key.reduce(1) { $0 + ($1 == 0x20 ? 1 : 0) }
    guard words >= 2 else { return }
    keys.insert(key)
    longest = max(longest, words)
  }

  /// Calls `body` with each word of `text` (as `Tokenizer.tokenize` does, `isPhrase` false) and,
  /// after a word that ends a phrase, with the phrase (`isPhrase` true).
  public func tokenize(
    _ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, TokenLocation, _ isPhrase: Bool) -> Void
  ) {
    guard !keys.isEmpty else {
      Tokenizer.tokenize(text) { body($0, $1, false) }
      return
    }
    var recent: [(term: [UInt8], location: TokenLocation)] = []
    var candidate: [UInt8] = []
    Tokenizer.tokenize(text) { term, location in
      body(term, location, false)
      if recent.count == longest { recent.removeFirst() }
      recent.append((Array(term), location))
      guard recent.count >= 2 else { return }
      for words in 2...recent.count {
        candidate.removeAll(keepingCapacity: true)
        for (i, word) in recent.suffix(words).enumerated() {
          if i > 0 { candidate.append(0x20) }
          candidate.append(contentsOf: word.term)
        }
        guard keys.contains(candidate) else { continue }
        let first = recent[recent.count - words].location
        let span = TokenLocation(start: first.start, end: location.end, position: first.position)
        candidate.withUnsafeBufferPointer { body($0, span, true) }
      }
    }
  }
}
