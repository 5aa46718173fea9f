/// fzf's per-match tie-breaks (`--tiebreak begin|end|chunk`), for two fuzzy matches of equal
/// score. Counted in characters, smaller first, capped at 1,023 (the key's 10 bits: past a
/// thousand characters the difference no longer says which line was meant).
///
/// - `begin`: characters before the end of the first term to end, leading blanks aside (fzf's:
///   `src/x` before `test/src/x`).
/// - `end`: the match's end as a share of the line (a file name's match over a directory's).
/// - `chunk`: the length of the run of non-blanks holding the match (a short word over a long
///   one: `git log --oneline` lines whose matched word is short).
/// - `pathname`: how far past the last `/` the match begins (a match in the file name first).
///
/// Word matches keep Algolia's rules: their `attribute` rule already puts a match at an earlier
/// word first, which is `begin` counted in words.
public enum FuzzyTie {
  static let maxValue = 1023

  /// `ranges`: the matched characters, term after term; `firstEnd`: where the first term to end
  /// ends (fzf's `begin` counts to it; the match's start otherwise).
  static func value(
    _ tiebreak: Tiebreak, text: UnsafeBufferPointer<UInt8>, matched ranges: [Range<Int>], firstEnd: Int? = nil
  ) -> Int {
    guard let first = ranges.lazy.map(\.lowerBound).min(), let last = ranges.lazy.map(\.upperBound).max() else {
      return 0
    }
    let value: Int
    switch tiebreak {
    case .begin:
      // Leading blanks do not count (an indented line is not a later match).
      var start = 0
      while start < first && isBlank(text[start]) { start += 1 }
      value = characters(text, start..<max(start, firstEnd ?? first))
    case .end:
      // fzf's: how far along the line (white space before it aside) the match ends, as a share
      // of the line's trimmed length, so that a match nearer the end of a shorter line comes
      // first (fzf's 16 bits, scaled to the key's 10).
      var start = 0
      while start < first && isBlank(text[start]) { start += 1 }
      let along = characters(text, start..<last)
      let share = 65_535 - 65_535 * along / (trimmedLength(text) + 1)
      value = share * maxValue / 65_535
    case .chunk:
      var start = first
      while start > 0 && !isBlank(text[start - 1]) { start -= 1 }
      var end = last
      while end < text.count && !isBlank(text[end]) { end += 1 }
      value = characters(text, start..<end)
    case .pathname:
      // fzf's: how far past the last `/` (or `\`) the match begins; last of all when it begins
      // before it, in a folder's name.
      var slash = text.count - 1
      while slash >= 0 && text[slash] != UInt8(ascii: "/") && text[slash] != UInt8(ascii: "\\") { slash -= 1 }
      value = slash > first ? maxValue : slash < 0 ? characters(text, 0..<first) + 1 : characters(text, slash..<first)
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

  /// fzf's `length` tie-break: the line's characters (scalars, not bytes: `Főtanúsítvány` is 13),
  /// white space at either end aside, capped at 65,535 as fzf's.
  public static func trimmedLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    var start = 0
    var end = text.count
    while start < end, let width = whiteSpaceWidth(text, at: start) { start += width }
    while end > start {
      var lead = end - 1
      while lead > start && text[lead] & 0xC0 == 0x80 { lead -= 1 }
      guard whiteSpaceWidth(text, at: lead) == end - lead else { break }
      end = lead
    }
    return min(characters(text, start..<end), 65_535)
  }

  /// The bytes of the white-space character at `i` (Unicode's White_Space), or nil.
  @inline(__always) private static func whiteSpaceWidth(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    let byte = text[i]
    if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : nil }
    let width = UTF8.sequenceLength(leadByte: byte)
    guard byte >= 0xC2, i + width <= text.count else { return nil }
    var value = UInt32(byte) & (0xFF >> (width + 1))
    for k in 1..<width {
      guard text[i + k] & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(text[i + k] & 0x3F)
    }
    return Unicode.Scalar(value)?.properties.isWhitespace == true ? width : nil
  }
}
