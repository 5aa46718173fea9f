/// How a query's terms match, as fzf's flags set it.
public struct MatchOptions: Sendable, Equatable {
  public enum CaseMatching: Sendable, Equatable {
    /// Case matters when the query has a capital letter (fzf's default).
    case smart
    /// Never (`-i`).
    case ignore
    /// Always (`+i`).
    case respect
  }

  /// Plain terms match as subsequences (fzf's default); false: as substrings (`-e`/`--exact`), and
  /// the word tiers are not followed by a fuzzy one.
  public var fuzzy: Bool
  public var caseMatching: CaseMatching
  /// Plain queries are followed, below the word tiers, by the fuzzy tier (see
  /// Searcher+Fuzzy.swift): on for lines, as fzf users expect; off for records, whose counts and
  /// pages stay Algolia's. Queries with fzf's operators follow fzf's rules either way.
  public var fuzzyTier: Bool
  /// fzf's extended-search syntax (`-x`, the default); false (`+x`): the whole query is one
  /// term, spaces and operators matched as typed.
  public var extended: Bool
  /// Ties go by where the match lies (`--tiebreak begin`, `end`, `chunk`): only fzf's rules
  /// know where a term matched, so lines are answered by them alone (the word tiers fell back
  /// to the input order).
  public var tiesByMatchPosition = false
  /// Plain queries on lines go through the word tiers (whole words, prefixes, typos) before the
  /// fuzzy one; false: fzf's rules alone, as Seek run as `fzf` answers — fzf finds no word one
  /// typo away (`fzf-unicode1` must not find `fzf-unicode 테스트2`), and ranks by its score only.
  public var wordTiersFirst = true
  /// The searched text holds one part per `--nth` range, each ended by `partSeparator`: a term
  /// matches within one part, the first it matches in, as fzf matches `-n2..,..`.
  public var matchesWithinParts = false
  /// fzf's `--scheme`: the word-start bonuses of fuzzy scores.
  public var scheme = FuzzyScheme.default
  /// Of equally scored places, a term takes the last (fzf's, when `end` or `pathname` comes
  /// before `begin` in `--tiebreak`: a match in the file name, or nearer the end, is the one
  /// the tie-break measures).
  public var prefersLaterMatch = false
  /// fzf's `--literal`: letters are never read without their diacritics (`cafe` does not find
  /// `café`); the word index folds them, so fzf's rules answer alone.
  public var literal = false
  /// What ends a part of the searched text (ASCII's unit separator: never typed in a query).
  public static let partSeparator: UInt8 = 0x1F

  public init(fuzzy: Bool = true, caseMatching: CaseMatching = .smart, fuzzyTier: Bool = false, extended: Bool = true) {
    self.fuzzy = fuzzy
    self.caseMatching = caseMatching
    self.fuzzyTier = fuzzyTier
    self.extended = extended
  }
}

/// A query in fzf's extended-search syntax: white-space separated terms, all required, each
/// - `abc` fuzzy (a subsequence; with `-e`, a substring),
/// - `'abc` a substring (with `-e`, fuzzy), `'abc'` a whole word, `^abc` at the start, `abc$` at the end, `^abc$` the
///   whole text,
/// - `!abc` must not occur as a substring (`!^abc`, `!abc$`, `!'abc` as fzf has them),
/// - `a | b` either term (an OR group), `\ ` a space inside a term.
///
/// A query of plain terms only (`isPlain`) is answered by the word tiers first and by the fuzzy
/// tier below them; any operator hands the whole query to fzf's rules (see `Searcher+Fuzzy`).
public struct ExtendedQuery: Sendable, Equatable {
  public enum Kind: Sendable, Equatable { case fuzzy, exact, prefix, suffix, equal, boundary }

  public struct Term: Sendable, Equatable {
    public var kind: Kind
    /// The term must not match (fzf's `!`).
    public var inverse: Bool
    /// The term as typed, without its operators.
    public var text: String
    /// Its characters as compared, read as the term reads texts.
    var chars: [UInt32]
    /// How the term reads a text: as written when case matters for it (`+i`, or smart case and a
    /// capital in it: fzf decides term by term, so `foo Fbar` finds `Foo bar`); lower-cased only
    /// when it has a diacritic (fzf: `á` finds `á` and `Á`, not `a`); else folded.
    public var reading: FuzzyReading
    public var caseSensitive: Bool { !reading.foldsCase }
  }

  /// All groups must match; a group matches when one of its terms does.
  public private(set) var groups: [[Term]] = []
  /// Some term respects case (the word index folds it: fzf's rules answer).
  public private(set) var caseSensitive = false
  /// The ways the terms read a text (each read once per text).
  public private(set) var readings: [FuzzyReading] = []
  /// No operator anywhere: every term is a plain one of the default kind.
  public let isPlain: Bool
  /// Answered by fzf's rules alone, not by the word tiers first: a query with operators, one
  /// that respects case (the word index folds it), or on lines with `-e`: exact is fzf's exact,
  /// substrings as typed, never a word one typo away (`-e -f store` found `stream.c`); or on
  /// lines when the word tiers are off (Seek run as `fzf`).
  public var followsFzfRulesAlone: Bool {
    !isEmpty
      && (!isPlain || caseSensitive || options.literal
        || (options.fuzzyTier && (!options.fuzzy || options.tiesByMatchPosition || !options.wordTiersFirst)))
  }

  /// Whether the search is fzf's alone, for a query whose words (`ParsedQuery`) are `wordless`:
  /// as above, and on lines (the fuzzy tier on) a query of terms that are no words (`-->`, `@`).
  /// Records browse for those (an `@` typed at the start of `@types/node` must not read a
  /// million titles). The one rule the index, the pipe filter and the merge of segments follow.
  public func answeredByFzfRulesAlone(wordless: Bool) -> Bool {
    followsFzfRulesAlone || (!isEmpty && wordless && options.fuzzyTier)
  }
  public let options: MatchOptions

  /// Every term is one that must not match (`!foo !bar`): nothing to rank by, so the matches
  /// come in input order, as fzf lists them.
  public var isInverseOnly: Bool { !groups.isEmpty && groups.allSatisfy { $0.allSatisfy(\.inverse) } }

  public init(_ query: String, options: MatchOptions = MatchOptions()) {
    self.options = options
    let plainKind: Kind = options.fuzzy ? .fuzzy : .exact
    guard options.extended else {
      // One term as typed: fzf's rules alone (the word tiers would split it at its spaces).
      if let term = Self.literal(
        Substring(query), kind: plainKind, caseSensitive: Self.respectsCase(query, options),
        keepsDiacritics: options.literal)
      {
        groups = [[term]]
        caseSensitive = term.caseSensitive
        readings = [term.reading]
      }
      isPlain = false
      return
    }
    var joinNext = false
    var plain = true
    for token in Self.tokens(query) {
      if token == "|" && !groups.isEmpty {
        joinNext = true
        plain = false
        continue
      }
      guard
        let term = Self.term(
          token, plainKind: plainKind, caseSensitive: Self.respectsCase(token, options),
          keepsDiacritics: options.literal)
      else {
        continue
      }
      // An escaped space (`foo\ bar`) makes one term of two words: fzf's, never the word tiers'
      // (which found `bar foo` for it).
      if term.kind != plainKind || term.inverse || term.text != token || token.contains(" ") { plain = false }
      if joinNext {
        groups[groups.count - 1].append(term)
      } else {
        groups.append([term])
      }
      joinNext = false
    }
    isPlain = plain
    caseSensitive = groups.joined().contains { $0.caseSensitive }
    readings = FuzzyReading.allCases.filter { reading in groups.joined().contains { $0.reading == reading } }
  }

  /// Whether case matters for `text`: smart case is fzf's, for lines, term by term; records keep
  /// Algolia's case-blind search unless asked (`+i`).
  static func respectsCase(_ text: String, _ options: MatchOptions) -> Bool {
    switch options.caseMatching {
    case .smart: return options.fuzzyTier && text.unicodeScalars.contains { $0.properties.isUppercase }
    case .ignore: return false
    case .respect: return true
    }
  }

  public var isEmpty: Bool { groups.isEmpty }

  /// The terms, split at unescaped spaces (`\ ` is a space inside a term).
  static func tokens(_ query: String) -> [String] {
    var tokens: [String] = []
    var current = ""
    var escaped = false
    for c in query {
      if escaped {
        if c != " " { current.append("\\") }
        current.append(c)
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == " " {
        if !current.isEmpty { tokens.append(current) }
        current = ""
      } else {
        current.append(c)
      }
    }
    if escaped { current.append("\\") }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  /// One term's operators, read as fzf reads them.
  static func term(_ token: String, plainKind: Kind, caseSensitive: Bool, keepsDiacritics: Bool = false) -> Term? {
    var text = Substring(token)
    var kind = plainKind
    var inverse = false
    if text.hasPrefix("!") && text.count > 1 {
      inverse = true
      kind = .exact
      text = text.dropFirst()
    }
    if text != "$" && text.hasSuffix("$") && !text.hasSuffix("\\$") {
      kind = .suffix
      text = text.dropLast()
    }
    if text.count > 2 && text.hasPrefix("'") && text.hasSuffix("'") && kind != .suffix {
      // fzf's `'term'`: the term as a whole word.
      kind = .boundary
      text = text.dropFirst().dropLast()
    } else if text.hasPrefix("'") && text.count > 1 {
      // `'` makes a plain term exact, or (with `-e`, or after `!`) fuzzy.
      kind = plainKind == .fuzzy && !inverse ? .exact : .fuzzy
      text = text.dropFirst()
    } else if text.hasPrefix("^") && text.count > 1 {
      kind = kind == .suffix ? .equal : .prefix
      text = text.dropFirst()
    }
    return literal(text, kind: kind, inverse: inverse, caseSensitive: caseSensitive, keepsDiacritics: keepsDiacritics)
  }

  /// A term of `kind` whose text is taken as it is (`+x`: the whole query, no operator read).
  static func literal(
    _ text: Substring, kind: Kind, inverse: Bool = false, caseSensitive: Bool, keepsDiacritics: Bool = false
  ) -> Term? {
    let reading = FuzzyReading.of(text, caseSensitive: caseSensitive, keepsDiacritics: keepsDiacritics)
    var chars: [UInt32] = []
    for scalar in text.unicodeScalars { reading.read(scalar.value) { chars.append($0) } }
    guard !chars.isEmpty else { return nil }
    return Term(kind: kind, inverse: inverse, text: String(text), chars: chars, reading: reading)
  }

  /// Whether every text matching `other` matches this query too, so that `other` can be answered
  /// from this query's matches (typing on): each group here is one term that `other`'s group at
  /// the same place extends (same kind, its text continued), and `other` may add groups.
  public func isNarrowed(by other: ExtendedQuery) -> Bool {
    guard caseSensitive == other.caseSensitive, options == other.options, other.groups.count >= groups.count else {
      return false
    }
    for (mine, theirs) in zip(groups, other.groups) {
      guard mine.count == 1, theirs.count == 1, let a = mine.first, let b = theirs.first,
        !a.inverse, !b.inverse, a.kind == b.kind, a.kind == .fuzzy || a.kind == .exact || a.kind == .prefix,
        a.reading == b.reading,
        b.chars.starts(with: a.chars)
      else { return false }
    }
    return true
  }
}
