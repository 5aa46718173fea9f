/// fzf's per-match tie-breaks (`--tiebreak begin|end|chunk`), for two fuzzy matches of equal
/// score. Counted in characters, smaller first, capped at 1,023 (the key's 10 bits: past a
/// thousand characters the difference no longer says which line was meant).
///
/// - `begin`: characters before the match, leading blanks aside (`src/x` before `test/src/x`).
/// - `end`: characters after it (a file name's match over a directory's).
/// - `chunk`: the length of the run of non-blanks holding the match (a short word over a long
///   one: `git log --oneline` lines whose matched word is short).
///
/// Word matches keep Algolia's rules: their `attribute` rule already puts a match at an earlier
/// word first, which is `begin` counted in words.
enum FuzzyTie {
  static let maxValue = 1023

  static func value(_ tiebreak: Tiebreak, text: UnsafeBufferPointer<UInt8>, matched ranges: [Range<Int>]) -> Int {
    guard let first = ranges.first?.lowerBound, let last = ranges.last?.upperBound else { return 0 }
    let value: Int
    switch tiebreak {
    case .begin:
      // Leading blanks do not count (an indented line is not a later match).
      var start = 0
      while start < first && isBlank(text[start]) { start += 1 }
      value = characters(text, start..<first)
    case .end: value = characters(text, last..<text.count)
    case .chunk:
      var start = first
      while start > 0 && !isBlank(text[start - 1]) { start -= 1 }
      var end = last
      while end < text.count && !isBlank(text[end]) { end += 1 }
      value = characters(text, start..<end)
    case .length, .index, .name: value = 0
    }
    return min(value, maxValue)
  }

  /// UTF-8 characters (scalars) in `range`: the bytes that do not continue one.
  static func characters(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    var n = 0
    for i in range where text[i] & 0xC0 != 0x80 { n += 1 }
    return n
  }

  @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
