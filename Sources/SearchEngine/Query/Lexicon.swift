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
  /// Gives `word`, which the index does not know, the lexicon's words for it that the index
  /// knows, with their plural forms and synonyms, as alternatives: the words `learned` from picks
  /// first (SeekCore's LearnedSynonyms), then the settings' lexicon's. Whether it gave any (the
  /// word is then known: `read`).
  func addLexicalAlternatives(to word: inout QueryWord, learned: Lexicon?) -> Bool {
    let before = word.alternatives.count
    func add(_ candidate: [UInt8]) {
      if word.alternatives.count < WordAlternatives.maxPerWord && !word.alternatives.contains(candidate)
        && holds(candidate)
      {
        word.alternatives.append(candidate)
      }
    }
    for lexicon in [learned, settings.lexicon] {
      for found in lexicon?.words(for: word.folded) ?? [] {
        add(found)
        for alternative in settings.alternatives.of(found) { add(alternative) }
      }
    }
    word.knownByLexiconOnly = word.alternatives.count > before
    return word.knownByLexiconOnly
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
