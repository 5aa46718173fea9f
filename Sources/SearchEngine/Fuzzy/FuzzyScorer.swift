// How a fuzzy term is scored
// ==========================
//
// The word tiers (Searcher.swift) find what a person types as words: whole words, prefixes,
// typos, words inside words. They miss what fzf users type: initials and fragments of a path or
// an identifier, `scb` for `src/components/Button.tsx`. The fuzzy tier finds those: a term
// matches a text when its characters appear in the text in order (a subsequence), and is scored
// as fzf scores it (fzf's `algo.go`, its default constants), so that habits carry over:
//
// - each matched character is worth 16 (`match`);
// - a gap between matched characters costs 3 where it opens and 1 per character after
//   (`gapStart`, `gapExtension`): a tight match beats a scattered one;
// - a character matched at a word start earns a bonus: 10 after white space, 9 after a
//   delimiter (`/ , : ; |`), 8 after other punctuation; 7 at a camelCase hump or where digits
//   begin; 8 for matching punctuation itself;
// - a run of consecutive matches keeps the bonus of the run's first character (at least 4), so a
//   matched word start carries the rest of the word;
// - the first character's bonus counts twice: where a match starts matters most.
//
// The alignment scored is the best one, as fzf's default "v2" finds it: a table of the term's
// characters by the text's (a Smith–Waterman pass, O(span × term)), over the span from the first
// place the term can start to the last place it can end, so `scb` in `src/components/Button` is
// scored at `s`, `c`omponents, `B`utton (word starts) rather than at `s`, `c` of `src`. Texts are
// first tested for the subsequence straight from their bytes, which rules out most of them for
// the cost of a read. A span whose table would pass `FuzzyScratch.maxCells` is scored as fzf's
// "v1" does (the first occurrence, shortened from its end), linear in the text: a 64 KB line
// costs a keystroke what a short one does, and may be scored lower than its best alignment.
//
// Text is compared folded (case, diacritics, width: `TextFolding`), unless the query asks for case
// (fzf's smart case: a capital letter in the query). A character folding to several (ß → ss) takes
// them all, each pointing back at the character for highlighting.

/// fzf's character classes, which decide the bonuses.
enum FuzzyCharClass: UInt8 {
  case white, nonWord, delimiter, lower, upper, letter, number

  static func of(_ v: UInt32) -> FuzzyCharClass {
    if v < 0x80 {
      switch UInt8(v) {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): return .lower
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .upper
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
      case 0x20, 0x09...0x0D: return .white
      case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"):
        return .delimiter
      default: return .nonWord
      }
    }
    guard let scalar = Unicode.Scalar(v) else { return .nonWord }
    let properties = scalar.properties
    if properties.isWhitespace { return .white }
    if properties.isLowercase { return .lower }
    if properties.isUppercase { return .upper }
    if properties.numericType != nil { return .number }
    if properties.isAlphabetic || TextFolding.scalarClass(v) != .separator { return .letter }
    return .nonWord
  }

  var isWord: Bool { rawValue >= FuzzyCharClass.lower.rawValue }
}

/// fzf's scoring of one term against one text (see the notes above).
public enum FuzzyScorer {
  static let match = 16
  static let gapStart = -3
  static let gapExtension = -1
  static let bonusBoundary = match / 2
  static let bonusNonWord = match / 2
  static let bonusBoundaryWhite = bonusBoundary + 2
  static let bonusBoundaryDelimiter = bonusBoundary + 1
  static let bonusCamel123 = bonusBoundary + gapExtension
  static let bonusConsecutive = -(gapStart + gapExtension)
  static let firstCharMultiplier = 2

  /// The bonus for matching a character of class `current` that follows one of class `previous`.
  @inline(__always) static func bonus(_ previous: FuzzyCharClass, _ current: FuzzyCharClass) -> Int {
    if current.isWord {
      switch previous {
      case .white: return bonusBoundaryWhite
      case .delimiter: return bonusBoundaryDelimiter
      case .nonWord: return bonusBoundary
      default: break
      }
    }
    if (previous == .lower && current == .upper) || (previous != .number && current == .number) {
      return bonusCamel123
    }
    switch current {
    case .nonWord, .delimiter: return bonusNonWord
    case .white: return bonusBoundaryWhite
    default: return 0
    }
  }

  /// The score of matching `pattern` at `positions` of `text`'s characters (ascending), fzf's
  /// `calculateScore` over the window they span.
  static func score(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, from start: Int, to end: Int,
    positions: UnsafeMutablePointer<Int32>?
  ) -> Int {
    var p = 0
    var score = 0
    var inGap = false
    var consecutive = 0
    var firstBonus = 0
    var previous = start > 0 ? text.classes[start - 1] : FuzzyCharClass.white.rawValue
    for i in start..<end {
      let current = text.classes[i]
      if p < pattern.count && text.chars[i] == pattern[p] {
        score += match
        var bonus = Self.bonus(FuzzyCharClass(rawValue: previous)!, FuzzyCharClass(rawValue: current)!)
        if consecutive == 0 {
          firstBonus = bonus
        } else {
          if bonus >= bonusBoundary && bonus > firstBonus { firstBonus = bonus }
          bonus = max(bonus, firstBonus, bonusConsecutive)
        }
        score += p == 0 ? bonus * firstCharMultiplier : bonus
        positions?[p] = Int32(i)
        inGap = false
        consecutive += 1
        p += 1
      } else {
        score += inGap ? gapExtension : gapStart
        inGap = true
        consecutive = 0
        firstBonus = 0
      }
      previous = current
    }
    return score
  }

  /// Where `pattern` matches as a subsequence, and its score; nil when it does not. The best
  /// alignment within the span from the first place the match can start to the last place it can
  /// end (`align`); in a span too large for the table, fzf's v1 alignment (`alignFirst`).
  static func fuzzy(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, scratch: FuzzyScratch,
    positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    guard !pattern.isEmpty else { return 0 }
    let n = text.count
    var p = 0
    var first = -1
    for i in 0..<n where text.chars[i] == pattern[p] {
      if p == 0 { first = i }
      p += 1
      if p == pattern.count { break }
    }
    guard p == pattern.count else { return nil }
    var last = n - 1
    while text.chars[last] != pattern[pattern.count - 1] { last -= 1 }
    if (last + 1 - first) * pattern.count <= FuzzyScratch.maxCells {
      return align(text, pattern, from: first, to: last + 1, scratch: scratch, positions: positions)
    }
    return alignFirst(text, pattern, positions: positions)
  }

  /// fzf's v1: the first occurrence found left to right, shortened from its end leftwards.
  static func alignFirst(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    var p = 0
    var end = -1
    for i in 0..<text.count where text.chars[i] == pattern[p] {
      p += 1
      if p == pattern.count {
        end = i + 1
        break
      }
    }
    guard end > 0 else { return nil }
    p = pattern.count - 1
    var start = end - 1
    var i = end - 1
    while i >= 0 {
      if text.chars[i] == pattern[p] {
        p -= 1
        if p < 0 {
          start = i
          break
        }
      }
      i -= 1
    }
    return score(text, pattern, from: start, to: end, positions: positions)
  }

  /// The best-scored alignment of `pattern` in `text[start ..< end]` (fzf's v2, in its own
  /// form): row `j`, column `c` holds the best score of the pattern's first `j + 1` characters
  /// with the last matched at `c`, reached either from `c - 1` (a run goes on, keeping its first
  /// bonus) or across a gap (opening costs 3, each further character 1). A run's bonus is kept
  /// per cell, so — as in fzf — a run cut short to earn a better bonus later is not considered.
  static func align(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, from start: Int, to end: Int,
    scratch: FuzzyScratch, positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    let width = end - start
    let m = pattern.count
    let none = Int32.min / 2
    scratch.prepare(cells: width * m)
    // Safe: `prepare` sized every table to `width * m` cells, and every index below is
    // `j * width + c` with j < m and c < width.
    let best = scratch.best
    let runBonus = scratch.runBonus
    let from = scratch.from
    let bonuses = scratch.bonuses(width)
    for c in 0..<width {
      let i = start + c
      let previous = i > 0 ? text.classes[i - 1] : FuzzyCharClass.white.rawValue
      bonuses[c] = Int32(bonus(FuzzyCharClass(rawValue: previous)!, FuzzyCharClass(rawValue: text.classes[i])!))
    }
    for j in 0..<m {
      let row = j * width
      // The best cell of the row above that a gap could come from, with the gap's cost so far.
      var gapScore = none
      var gapFrom: Int32 = -1
      for c in 0..<width {
        if j > 0 && c >= 2 {
          let opened = best[row - width + c - 2]
          if gapScore != none { gapScore += Int32(gapExtension) }
          if opened != none && opened + Int32(gapStart) > gapScore {
            gapScore = opened + Int32(gapStart)
            gapFrom = Int32(c - 2)
          }
        }
        guard text.chars[start + c] == pattern[j] else {
          best[row + c] = none
          continue
        }
        let bonus = bonuses[c]
        if j == 0 {
          best[row + c] = Int32(match) + bonus * Int32(firstCharMultiplier)
          runBonus[row + c] = bonus
          from[row + c] = -1
          continue
        }
        var score = none
        if c >= 1, best[row - width + c - 1] != none {
          var first = runBonus[row - width + c - 1]
          var earned = bonus
          if bonus >= Int32(bonusBoundary) && bonus > first {
            first = bonus
          } else {
            earned = max(bonus, first, Int32(bonusConsecutive))
          }
          score = best[row - width + c - 1] + Int32(match) + earned
          runBonus[row + c] = first
          from[row + c] = Int32(c - 1)
        }
        if gapScore != none && gapScore + Int32(match) + bonus > score {
          score = gapScore + Int32(match) + bonus
          runBonus[row + c] = bonus
          from[row + c] = gapFrom
        }
        best[row + c] = score
      }
    }
    var winner = -1
    let lastRow = (m - 1) * width
    for c in 0..<width where best[lastRow + c] != none && (winner < 0 || best[lastRow + c] > best[lastRow + winner]) {
      winner = c
    }
    guard winner >= 0 else { return nil }
    if let positions {
      var c = winner
      for j in stride(from: m - 1, through: 0, by: -1) {
        positions[j] = Int32(start + c)
        c = Int(from[j * width + c])
      }
    }
    return Int(best[lastRow + winner])
  }

  /// Where `pattern` occurs as is: of its occurrences, the one whose first character has the
  /// best word-start bonus (fzf's exact match), and its score.
  static func exact(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    guard !pattern.isEmpty else { return 0 }
    let m = pattern.count
    guard text.count >= m else { return nil }
    var best = -1
    var bestBonus = -1
    for start in 0...(text.count - m) where occurs(text, pattern, at: start) {
      let previous = start > 0 ? text.classes[start - 1] : FuzzyCharClass.white.rawValue
      let bonus = Self.bonus(FuzzyCharClass(rawValue: previous)!, FuzzyCharClass(rawValue: text.classes[start])!)
      if bonus > bestBonus {
        best = start
        bestBonus = bonus
        if bonus >= bonusBoundaryWhite { break }
      }
    }
    guard best >= 0 else { return nil }
    return score(text, pattern, from: best, to: best + m, positions: positions)
  }

  /// `pattern` at the start of the text (after its leading white space, unless the pattern
  /// starts with some), fzf's `^term`.
  static func prefix(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    var start = 0
    if pattern.first.map({ FuzzyCharClass.of($0) != .white }) ?? true {
      while start < text.count && text.classes[start] == FuzzyCharClass.white.rawValue { start += 1 }
    }
    guard text.count - start >= pattern.count, occurs(text, pattern, at: start) else { return nil }
    return score(text, pattern, from: start, to: start + pattern.count, positions: positions)
  }

  /// `pattern` at the end of the text (before its trailing white space, unless the pattern ends
  /// with some), fzf's `term$`.
  static func suffix(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    var end = text.count
    if pattern.last.map({ FuzzyCharClass.of($0) != .white }) ?? true {
      while end > 0 && text.classes[end - 1] == FuzzyCharClass.white.rawValue { end -= 1 }
    }
    let start = end - pattern.count
    guard start >= 0, occurs(text, pattern, at: start) else { return nil }
    return score(text, pattern, from: start, to: end, positions: positions)
  }

  /// The whole text (white space around it aside) is `pattern`, fzf's `^term$`.
  static func equal(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    var start = 0
    var end = text.count
    while start < end && text.classes[start] == FuzzyCharClass.white.rawValue { start += 1 }
    while end > start && text.classes[end - 1] == FuzzyCharClass.white.rawValue { end -= 1 }
    guard end - start == pattern.count, occurs(text, pattern, at: start) else { return nil }
    return score(text, pattern, from: start, to: end, positions: positions)
  }

  @inline(__always) static func occurs(_ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, at start: Int)
    -> Bool
  {
    var k = 0
    while k < pattern.count {
      if text.chars[start + k] != pattern[k] { return false }
      k += 1
    }
    return true
  }
}
