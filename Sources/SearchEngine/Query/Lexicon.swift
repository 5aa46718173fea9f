// Words the catalog does not use
// ==============================
//
// A shopper types `fridge`, `stove`, `washing machine`; the catalog says "Refrigerator", "Range",
// "Washer". The settings' synonyms cover what their author thought of (four on `Data/`); a
// lexicon covers the language: for a noun, the words of its most frequent sense and the broader
// word its phrases name (WordNet's synset, and the heads of its phrases that are its hypernyms:
// `fridge`, "electric refrigerator", a refrigerator → refrigerator). Seek ships
// WordNet's artifacts — the things shops sell — as a table (SeekCore's `WordNetNouns`).
//
// A lexicon's words are a tier below the words typed, and only where those find nothing:
// - a query word the index does not know (not as typed, nor as a plural or a settings synonym,
//   nor as the start of a term while it is typed) gets the lexicon's words the index does know as
//   its alternatives, as a settings synonym would, with their own plural forms and synonyms. Known
//   that way, it takes no typo (KnownWords.swift): `stove` lists ranges, not "Stone Blue"
//   speakers one typo away;
// - where the words find nothing together, a word known only through the lexicon is dropped
//   first, as a word that matches nothing is: a guess at a word's meaning does not outweigh a word
//   of the catalog (`pedestal washers` lists washers, not the stands "pedestal" stands for);
// - two adjacent words that are one noun of the lexicon (`washing machine`), one of which matches
//   nothing, are searched as its first word the index knows (`washer`), before a word is dropped
//   (after the splits of WordSplits.swift).
// A word the catalog knows is never given the lexicon's words: "case" is not "suit", and "tablet"
// is not "slab". Only the most frequent sense is kept: a word's other senses are what makes a
// thesaurus noisy, as are broader words alone (`kit` → case, `bookshelf` → shelf).
//
// What it trades: a word the catalog holds in another sense ("mobile" in a description) keeps
// that sense; a word of the lexicon's most frequent sense that the catalog means otherwise
// (`pedestal` → stand) finds that sense when alone. A scan of records
// (StoreScan), which has no dictionary, does not use it, as it does not split or join.
//
// Words learned from picks (SeekCore's LearnedSynonyms: `hoover` → vacuum, once people keep
// picking vacuums for queries with it) come with a request, and go before the lexicon's.

/// Nouns and the words that stand for them (`WordNetNouns`): folded word (two words one space
/// apart) → folded words, best first. Immutable and shared: compared by identity.
public final class Lexicon: Sendable, Equatable {
  public let name: String
  let entries: [[UInt8]: [[UInt8]]]

  /// `table`: a line a noun, its words separated by spaces, the noun's two words joined by `_`.
  public init(name: String, table: String) {
    self.name = name
    var entries: [[UInt8]: [[UInt8]]] = [:]
    for line in table.utf8.split(separator: 0x0A) {
      let words = line.split(separator: 0x20).map { Array($0) }
      guard let key = words.first, words.count > 1 else { continue }
      entries[key.map { $0 == 0x5F ? 0x20 : $0 }] = Array(words.dropFirst())
    }
    self.entries = entries
  }

  public var count: Int { entries.count }

  /// The words of `word` (folded), or of its singular (`fridges`).
  public func words(for word: [UInt8]) -> [[UInt8]] {
    if let found = entries[word] { return found }
    for singular in WordAlternatives.pluralForms(word) { if let found = entries[singular] { return found } }
    return []
  }

  public static func == (a: Lexicon, b: Lexicon) -> Bool { a === b }
}

extension SearchIndex {
  /// `query` with the lexicon's words (those this index knows) as alternatives of each word the
  /// index does not know: the words `learned` from picks first (SeekCore's LearnedSynonyms), then
  /// the settings' lexicon's. Applied twice, the same: a word given words is known.
  public func withLexicalAlternatives(_ query: ParsedQuery, learned: Lexicon? = nil) -> ParsedQuery {
    guard settings.lexicon != nil || learned != nil else { return query }
    var out = query
    for i in out.words.indices where !knows(out.words[i]) {
      var added = out.words[i].alternatives
      let folded = out.words[i].folded
      for word in (learned?.words(for: folded) ?? []) + (settings.lexicon?.words(for: folded) ?? []) {
        for candidate in [word] + settings.alternatives.of(word)
        where !added.contains(candidate) && added.count < WordAlternatives.maxPerWord && holds(candidate) {
          added.append(candidate)
        }
      }
      out.words[i].knownByLexiconOnly = added.count > out.words[i].alternatives.count
      out.words[i].alternatives = added
    }
    return out
  }

  /// The first word the lexicon gives two adjacent words of `query` that is one of its nouns, where
  /// this index knows it: where the two stand in the query's text, and the word.
  func lexicalPhrase(_ query: ParsedQuery) -> (TokenLocation, String)? {
    guard let lexicon = settings.lexicon, query.words.count >= 2 else { return nil }
    let words = query.words
    for i in 0..<(words.count - 1) {
      let phrase = words[i].folded + [0x20] + words[i + 1].folded
      guard let word = lexicon.words(for: phrase).first(where: holds) else { continue }
      let span = TokenLocation(
        start: words[i].location.start, end: words[i + 1].location.end, position: words[i].location.position)
      return (span, String(decoding: word, as: UTF8.self))
    }
    return nil
  }

  /// Whether the dictionary holds `term` (folded) whole.
  public func holds(_ term: [UInt8]) -> Bool {
    // Safe: the buffer is used only inside the closure, while `term` is alive.
    term.withUnsafeBufferPointer { terms.find($0) != nil }
  }
}
