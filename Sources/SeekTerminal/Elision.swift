/// Fitting a title that is wider than its room, so that rows stay tellable apart: at 40 columns
/// nine "Sony - WH-1000XM5 Wireless Noise Can…" rows say nothing, while
/// "Sony - WH-1000XM5 … Headphones - Blue" does.
///
/// What is kept, in order of priority, until the room is used:
/// 1. the matched words (whole words, so a match reads as one), earliest first;
/// 2. the end of the title (variants — colour, size, "Refurbished" — live there): all the room
///    the matches left, or a third of the room when nothing matched;
/// 3. the start of the title;
/// 4. more of the end.
/// Each run of dropped characters shows as one `…` (fzf shows `..`). Costs are in cells, so wide
/// characters count twice. Linear in the title's length: each added character changes the count
/// of dropped runs by -1, 0 or +1, known from its two neighbours.
public enum Elision {
  public static let mark = "…"

  /// What gives way when a title is too wide.
  public enum Keep: Sendable, Equatable {
    /// The matches, the end, the start (above).
    case matchesAndEnds
    /// The start: the end gives way (fzf's `--no-hscroll`).
    case start
    /// The end: the start gives way (fzf's `--keep-right`).
    case end
  }

  /// `title` fitted into `room` cells, and its matched `ranges` (UTF-8 offsets) in the result.
  public static func fit(
    _ title: String, ranges: [Range<Int>], room: Int, keeping strategy: Keep = .matchesAndEnds
  ) -> (String, [Range<Int>]) {
    guard room > 0 else { return ("", []) }
    // Most rows fit: nothing is allocated for them (this runs for every row of every frame).
    if DisplayWidth.of(title) <= room { return (title, ranges) }
    let characters = Array(title)
    // UTF-8 offset of each character, to map the ranges.
    var offsets: [Int] = []
    offsets.reserveCapacity(characters.count + 1)
    var offset = 0
    for c in characters {
      offsets.append(offset)
      offset += c.utf8.count
    }
    offsets.append(offset)
    let matched = characters.indices.map { i in ranges.contains { $0.contains(offsets[i]) } }
    var kept = Kept(widths: characters.map(DisplayWidth.of), room: room)
    let n = characters.count
    switch strategy {
    case .start: _ = (0..<n).allSatisfy { kept.add($0) }
    case .end: _ = (0..<n).reversed().allSatisfy { kept.add($0) }
    case .matchesAndEnds: keepMatchesAndEnds(&kept, characters, matched: matched)
    }
    return text(characters, keep: kept.keep, matched: matched)
  }

  /// The characters kept so far, and the cells they take with a `…` for each run dropped.
  private struct Kept {
    let widths: [Int]
    let room: Int
    var keep: [Bool]
    var cost = 1  // nothing kept: one "…"

    init(widths: [Int], room: Int) {
      self.widths = widths
      self.room = room
      keep = [Bool](repeating: false, count: widths.count)
    }

    /// Keeps character `i` if the result still fits; returns whether it did.
    mutating func add(_ i: Int) -> Bool {
      if keep[i] { return true }
      let n = widths.count
      let leftEdge = i == 0 || keep[i - 1]
      let rightEdge = i == n - 1 || keep[i + 1]
      // The dropped run holding `i` vanishes, shrinks or splits in two.
      let runs = leftEdge && rightEdge ? -1 : (!leftEdge && !rightEdge ? 1 : 0)
      let next = cost + widths[i] + runs
      guard next <= room else { return false }
      keep[i] = true
      cost = next
      return true
    }
  }

  /// Matched words first, then the end, the start, and more of the end, as the room allows.
  private static func keepMatchesAndEnds(_ kept: inout Kept, _ characters: [Character], matched: [Bool]) {
    let n = characters.count
    // 1. Matched words, whole, earliest first; a word that does not fit is skipped.
    var i = 0
    while i < n {
      guard matched[i] else {
        i += 1
        continue
      }
      var start = i
      while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
      var end = i
      while end < n && !characters[end].isWhitespace { end += 1 }
      let before = kept
      if !(start..<end).allSatisfy({ kept.add($0) }) { kept = before }
      i = end
    }
    // 2. The end: all the room the matches left (they already say what the row is), or a third
    //    of the room without a match.
    let tailBudget = kept.keep.contains(true) ? kept.room - kept.cost : kept.room / 3
    var tail = 0
    var j = n - 1
    while j >= 0 && tail + kept.widths[j] <= tailBudget {
      guard kept.add(j) else { break }
      tail += kept.widths[j]
      j -= 1
    }
    // 3. The start.
    for k in 0..<n where !kept.keep[k] {
      guard kept.add(k) else { break }
    }
    // 4. More of the end.
    for k in stride(from: n - 1, through: 0, by: -1) where !kept.keep[k] {
      guard kept.add(k) else { break }
    }
  }

  /// The kept characters, a `…` for each run dropped, and the matched ranges among them.
  private static func text(_ characters: [Character], keep: [Bool], matched: [Bool]) -> (String, [Range<Int>]) {
    let n = characters.count
    var out = ""
    var outRanges: [Range<Int>] = []
    var written = 0
    var inGap = false
    for k in 0..<n {
      if keep[k] {
        let length = characters[k].utf8.count
        if matched[k] {
          if let last = outRanges.last, last.upperBound == written {
            outRanges[outRanges.count - 1] = last.lowerBound..<(written + length)
          } else {
            outRanges.append(written..<(written + length))
          }
        }
        out.append(characters[k])
        written += length
        inGap = false
      } else if !inGap {
        out += mark
        written += mark.utf8.count
        inGap = true
      }
    }
    return (out, outRanges)
  }
}

extension Elision.Keep {
  /// fzf's `toggle-hscroll`: the scroll turned off keeps a line's start; turned on, a line is
  /// scrolled to its matches again.
  public var toggledScroll: Elision.Keep { self == .start ? .matchesAndEnds : .start }
}
