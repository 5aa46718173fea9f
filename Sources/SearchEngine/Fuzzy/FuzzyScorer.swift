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
//   begin; punctuation itself earns 8, or the boundary bonus when it follows white space or a
//   delimiter (`_` in `re/_parser`);
// - a run of consecutive matches keeps the bonus of the run's first character (at least 4), so a
//   matched word start carries the rest of the word;
// - the first character's bonus counts twice: where a match starts matters most.
//
// The alignment scored is the one fzf's default "v2" finds: a table of the term's characters by
// the text's (a Smith–Waterman pass, O(span × term)), over the span from the first place the term
// can start to the last place it can end, so `scb` in `src/components/Button` is scored at `s`,
// `c`omponents, `B`utton (word starts) rather than at `s`, `c` of `src`. The table decides cell by
// cell, as fzf's does, so a run may be cut by a gap carried from an earlier start, and the score
// is then below the best alignment's (`align` says when): fzf's users' lists are in fzf's order,
// and the same lines come out in the same order here. Texts are first tested for the subsequence
// straight from their bytes, which rules out most of them for the cost of a read. A text whose
// table would pass `FuzzyScratch.maxCells` is scored as fzf's "v1" does (the first occurrence,
// shortened from its end), linear in the text: a 64 KB line costs a keystroke what a short one
// does, and may be scored lower than its best alignment.
//
// Text is compared folded (case, diacritics, width: `TextFolding`), unless the query asks for case
// (fzf's smart case: a capital letter in the query). A character folding to several (ß → ss) takes
// them all, each pointing back at the character for highlighting.

/// fzf's `--scheme`: how much a word start is worth after white space and after a delimiter,
/// which characters are delimiters, and what the text's start counts as.
public enum FuzzyScheme: String, Sendable, Equatable {
  /// Any text: a word after white space is worth the most.
  case `default`
  /// Paths: only `/` is a delimiter, a name after it is worth the most, and the text starts as
  /// after a `/`.
  case path
  /// Shell history: white space and delimiters alike (and ties by input order: `Plan`).
  case history

  var boundaryWhite: Int { self == .default ? FuzzyScorer.bonusBoundary + 2 : FuzzyScorer.bonusBoundary }
  var boundaryDelimiter: Int { self == .history ? FuzzyScorer.bonusBoundary : FuzzyScorer.bonusBoundary + 1 }
  var initialClass: FuzzyCharClass { self == .path ? .delimiter : .white }
}

/// fzf's character classes, which decide the bonuses.
enum FuzzyCharClass: UInt8 {
  case white, nonWord, delimiter, lower, upper, letter, number

  static func of(_ v: UInt32, scheme: FuzzyScheme = .default) -> FuzzyCharClass {
    if v < 0x80 {
      switch UInt8(v) {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): return .lower
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .upper
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
      case 0x20, 0x09...0x0D: return .white
      case UInt8(ascii: "/"): return .delimiter
      case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"):
        return scheme == .path ? .nonWord : .delimiter
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

  /// The bonus for matching a character of class `current` that follows one of class `previous`
  /// (`scheme`: fzf's `--scheme`, which lowers the bonus after white space for paths and history).
  @inline(__always) static func bonus(
    _ previous: FuzzyCharClass, _ current: FuzzyCharClass, _ scheme: FuzzyScheme
  ) -> Int {
    // Punctuation after white space or a delimiter starts something too (fzf 0.74: `_p` in
    // `re/_parser` outranks `g_p` in `rg_proxy`); after other punctuation it earns what any
    // punctuation does.
    if current != .white {
      switch previous {
      case .white: return scheme.boundaryWhite
      case .delimiter: return scheme.boundaryDelimiter
      case .nonWord: return bonusBoundary
      default: break
      }
    }
    if (previous == .lower && current == .upper) || (previous != .number && current == .number) {
      return bonusCamel123
    }
    switch current {
    case .nonWord, .delimiter: return bonusNonWord
    case .white: return scheme.boundaryWhite
    default: return 0
    }
  }

  /// The bonus of the character at `i` of `text`, after the one before it (or, for the first,
  /// after the scheme's start).
  @inline(__always) static func bonus(at i: Int, in text: FuzzyText) -> Int {
    let previous = i > 0 ? FuzzyCharClass(rawValue: text.classes[i - 1])! : text.scheme.initialClass
    return bonus(previous, FuzzyCharClass(rawValue: text.classes[i])!, text.scheme)
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
    for i in start..<end {
      if p < pattern.count && text.chars[i] == pattern[p] {
        score += match
        var bonus = Self.bonus(at: i, in: text)
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
    }
    return score
  }

  /// Where `pattern` matches as a subsequence, and its score; nil when it does not. fzf's v2 table
  /// over the span from the first place the match can start to the last place it can end
  /// (`align`); for a text whose table would pass `FuzzyScratch.maxCells` (text × term, as fzf
  /// counts it), fzf's v1 alignment (`alignFirst`).
  static func fuzzy(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, scratch: FuzzyScratch, later: Bool = false,
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
    if n * pattern.count <= FuzzyScratch.maxCells {
      return align(text, pattern, from: first, to: last + 1, scratch: scratch, later: later, positions: positions)
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

  /// fzf's v2 table over `text[start ..< end]` (`start`: the first place the term's first
  /// character occurs; `end`: past the last place its last one does). Cell (j, c) holds the best
  /// score of the term's first `j + 1` characters within the span up to column `c`: either the
  /// `j`th matched at `c`, after the cell up and to the left (a run goes on when that cell was a
  /// match, keeping its first bonus), or the cell to its left carried across a gap (3 to open, 1
  /// for each further column). Scores never fall below 0. Row `j` starts where its character
  /// first occurs after row `j - 1`'s start. As in fzf, the choice is made cell by cell: where a
  /// gap carried from an earlier, better-started run beats a match, the match's run is cut, so
  /// `flask` in `fl-flask-zipkin` scores 113 (f, l, then a run a-s-k), not 128 (`-flask`). That is
  /// the score fzf users' lists are ordered by, so it is the one kept.
  static func align(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, from start: Int, to end: Int,
    scratch: FuzzyScratch, later: Bool = false, positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    let width = end - start
    let m = pattern.count
    scratch.prepare(cells: width * m, rows: m)
    // Safe: `prepare` sized the tables to `width * m` cells and `rowStarts` to `m`; every index
    // below is `j * width + c` with j < m and c < width, or a row below m.
    let scores = scratch.scores
    let runs = scratch.runs
    let rowStarts = scratch.rowStarts
    let bonuses = scratch.bonuses(width)
    for c in 0..<width { bonuses[c] = Int32(bonus(at: start + c, in: text)) }
    var best = fillFirstRow(text, pattern[0], start, width, bonuses, scores, runs, alone: m == 1, later: later)
    rowStarts[0] = 0
    for j in 1..<max(m, 1) {
      var first = Int(rowStarts[j - 1]) + 1
      while text.chars[start + first] != pattern[j] { first += 1 }
      rowStarts[j] = Int32(first)
      best = fillRow(j, text, pattern[j], start, width, from: first, bonuses, scores, runs, later: later)
    }
    if let positions { backtrace(m, width, start, best.column, scores, runs, rowStarts, into: positions) }
    return Int(best.score)
  }

  /// Row 0: each place the term's first character occurs scores a match with its bonus counted
  /// twice; elsewhere the row carries the score on its left across a gap. Returns the row's
  /// first best cell; for a one-character term (`alone`), a word start ends the search (fzf's
  /// shortcut: a later, better word start is not looked for).
  private static func fillFirstRow(
    _ text: FuzzyText, _ char: UInt32, _ start: Int, _ width: Int, _ bonuses: UnsafeMutablePointer<Int32>,
    _ scores: UnsafeMutablePointer<Int32>, _ runs: UnsafeMutablePointer<Int32>, alone: Bool, later: Bool
  ) -> (score: Int32, column: Int) {
    var best: (score: Int32, column: Int) = (0, 0)
    var inGap = false
    var previous: Int32 = 0
    for c in 0..<width {
      if text.chars[start + c] == char {
        let score = Int32(match) + bonuses[c] * Int32(firstCharMultiplier)
        scores[c] = score
        runs[c] = 1
        inGap = false
        if score > best.score || (later && score == best.score) {
          best = (score, c)
          if alone && !later && bonuses[c] >= Int32(bonusBoundary) { return best }
        }
      } else {
        scores[c] = max(previous + Int32(inGap ? gapExtension : gapStart), 0)
        runs[c] = 0
        inGap = true
      }
      previous = scores[c]
    }
    return best
  }

  /// Row `j` from its first column: a match after the cell up and to the left, or the left
  /// cell's score across a gap, whichever is more (see `align`). `runs` holds the length of the
  /// run a matched cell ends (0: reached across a gap). Returns the row's first best cell.
  private static func fillRow(
    _ j: Int, _ text: FuzzyText, _ char: UInt32, _ start: Int, _ width: Int, from first: Int,
    _ bonuses: UnsafeMutablePointer<Int32>, _ scores: UnsafeMutablePointer<Int32>,
    _ runs: UnsafeMutablePointer<Int32>, later: Bool
  ) -> (score: Int32, column: Int) {
    var best: (score: Int32, column: Int) = (0, 0)
    let row = j * width
    scores[row + first - 1] = 0  // nothing carries into the row from before its first column
    runs[row + first - 1] = 0
    var inGap = false
    for c in first..<width {
      let gap = scores[row + c - 1] + Int32(inGap ? gapExtension : gapStart)
      var matched: Int32 = 0
      var run: Int32 = 0
      if text.chars[start + c] == char {
        matched = scores[row - width + c - 1] + Int32(match)
        var earned = bonuses[c]
        run = runs[row - width + c - 1] + 1
        if run > 1 {
          let runStart = bonuses[c - Int(run) + 1]
          if earned >= Int32(bonusBoundary) && earned > runStart {
            run = 1  // a better word start begins a run of its own
          } else {
            earned = max(earned, runStart, Int32(bonusConsecutive))
          }
        }
        if matched + earned < gap {
          matched += bonuses[c]
          run = 0
        } else {
          matched += earned
        }
      }
      runs[row + c] = run
      inGap = matched < gap
      let score = max(matched, gap, 0)
      scores[row + c] = score
      if score > best.score || (later && score == best.score) { best = (score, c) }
    }
    return best
  }

  /// The matched columns, walked back from the best cell of the last row: a cell is a match
  /// when it beats both the cell up and to the left and the one on its left (on a tie with the
  /// left one, when it continues a run).
  private static func backtrace(
    _ m: Int, _ width: Int, _ start: Int, _ column: Int, _ scores: UnsafeMutablePointer<Int32>,
    _ runs: UnsafeMutablePointer<Int32>, _ rowStarts: UnsafeMutablePointer<Int32>,
    into positions: UnsafeMutablePointer<Int32>
  ) {
    var j = m - 1
    var c = column
    var preferMatch = true
    while c >= 0 {
      let row = j
      let cell = row * width + c
      let first = Int(rowStarts[row])
      let score = scores[cell]
      let diagonal = row > 0 && c >= first ? scores[cell - width - 1] : 0
      let left = c > first ? scores[cell - 1] : 0
      if score > diagonal && (score > left || score == left && preferMatch) {
        positions[row] = Int32(start + c)
        if row == 0 { return }
        j -= 1
      }
      // The cell down and to the right continues a run through this one (a cell of the row
      // below that lies before that row's start was never filled: no run).
      let continued = row + 1 < m && c + 1 >= Int(rowStarts[row + 1]) && c + 1 < width && runs[cell + width + 1] > 0
      preferMatch = runs[cell] > 1 || continued
      c -= 1
    }
  }

  /// Where `pattern` occurs as is (fzf's exact match), and its score: the first occurrence at a
  /// word start, or else the one whose first character has the best bonus.
  static func exact(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, later: Bool = false,
    positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    guard !pattern.isEmpty else { return 0 }
    let m = pattern.count
    guard text.count >= m else { return nil }
    var best = -1
    var bestBonus = -1
    for start in places(text.count - m, later: later) where occurs(text, pattern, at: start) {
      // fzf's: the text's start counts as after white space.
      let bonus = start == 0 ? text.scheme.boundaryWhite : Self.bonus(at: start, in: text)
      if bonus > bestBonus {
        best = start
        bestBonus = bonus
        if bonus >= bonusBoundary { break }  // fzf's: the first word start, even if a better one follows
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

  /// `pattern` as a whole word (fzf's `'term'`): its first occurrence that starts after white
  /// space, punctuation or the text's start and ends before one or the text's end. Scored by the
  /// word start's bonus above every fuzzy score of its length, a word held by an underscore
  /// lower (`_xyz_` after `-xyz-`).
  static func boundary(
    _ text: FuzzyText, _ pattern: UnsafeBufferPointer<UInt32>, later: Bool = false,
    positions: UnsafeMutablePointer<Int32>?
  ) -> Int? {
    let m = pattern.count
    guard m > 0, text.count >= m else { return nil }
    let separates = FuzzyCharClass.delimiter.rawValue
    let underscore = UInt32(UInt8(ascii: "_"))
    for start in places(text.count - m, later: later) where occurs(text, pattern, at: start) {
      let end = start + m
      let startBonus = start == 0 ? text.scheme.boundaryWhite : bonus(at: start, in: text)
      guard startBonus >= bonusBoundary, start == 0 || text.classes[start - 1] <= separates,
        end == text.count || text.classes[end] <= separates
      else { continue }
      var score = startBonus
      var deduct = startBonus - bonusBoundary + 1
      if start > 0 && text.chars[start - 1] == underscore {
        score -= deduct + 1
        deduct = 1
      }
      if end < text.count && text.chars[end] == underscore { score -= deduct }
      if let positions { for k in 0..<m { positions[k] = Int32(start + k) } }
      return score + match * m + text.scheme.boundaryWhite * (m + 1)
    }
    return nil
  }

  /// The places a term may start, from the first, or from the last when the later is preferred.
  @inline(__always) private static func places(_ last: Int, later: Bool) -> StrideThrough<Int> {
    later ? stride(from: last, through: 0, by: -1) : stride(from: 0, through: last, by: 1)
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
