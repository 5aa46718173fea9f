/// One word of a query after analysis, with how it may match.
public struct QueryWord: Sendable, Equatable {
  /// The folded word (UTF-8).
  public var folded: [UInt8]
  /// The folded word as scalars, for typo distances.
  public var scalars: [UInt32]
  /// Where the word is in the original query (UTF-8 offsets).
  public var location: TokenLocation
  /// The last word is matched as a prefix while it is being typed (Algolia's `prefixLast`).
  public var isPrefix: Bool
  /// Typos allowed for this word, from its length.
  public var typoBudget: Int
  /// Other whole words it finds as it finds itself (plural forms, synonyms: WordAlternatives).
  public var alternatives: [[UInt8]] = []
  /// The index knows the word only through the lexicon's words (Lexicon.swift): where the words
  /// find nothing together, it is the first dropped, as a word matching nothing would be.
  public var knownByLexiconOnly = false

  public var text: String { String(decoding: folded, as: UTF8.self) }
}

/// A query analysed by the same chain as records.
public struct ParsedQuery: Sendable, Equatable {
  /// At most this many words take part; Algolia caps queries similarly.
  public static let maxWords = 8

  public var words: [QueryWord]

  public init(
    _ text: String, typoTolerance: TypoTolerance = TypoTolerance(), alternatives: WordAlternatives = WordAlternatives()
  ) {
    let tokens = Tokenizer.words(text)
    let endsInWord = tokens.last.map { $0.location.end == text.utf8.count } ?? false
    words = tokens.prefix(Self.maxWords).enumerated().map { index, token in
      let scalars = token.term.unicodeScalars.map(\.value)
      let isLast = index == min(tokens.count, Self.maxWords) - 1
      return QueryWord(
        folded: Array(token.term.utf8), scalars: scalars, location: token.location,
        isPrefix: isLast && endsInWord && tokens.count <= Self.maxWords,
        typoBudget: typoTolerance.budget(for: scalars), alternatives: alternatives.of(Array(token.term.utf8)))
    }
    // Words that make a phrase with synonyms (`playstation 5` = `ps5`) each find the synonyms
    // (nothing is made on a keystroke when the settings have no phrase).
    guard !alternatives.phrases.isEmpty else { return }
    for (i, more) in alternatives.phraseAlternatives(of: words.map(\.folded)).enumerated() {
      for alternative in more
      where !words[i].alternatives.contains(alternative) && words[i].alternatives.count < WordAlternatives.maxPerWord {
        words[i].alternatives.append(alternative)
      }
    }
  }

  /// The query as an index with these settings reads it (typo budgets, alternatives, stop words).
  public init(_ text: String, settings: IndexSettings) {
    self.init(text, typoTolerance: settings.typoTolerance, alternatives: settings.alternatives)
    if settings.removeStopWords { removeStopWords() }
  }

  /// Algolia's `removeStopWords`: stop words are left out, except a word still being typed (a
  /// prefix: "the" may be the start of "theater") and except when nothing else is left ("the
  /// who" finds the band, "to be or not to be" the play).
  public mutating func removeStopWords() {
    let kept = words.filter { $0.isPrefix || !StopWords.contains($0.folded) }
    if !kept.isEmpty { words = kept }
  }

  public var isEmpty: Bool { words.isEmpty }
}
