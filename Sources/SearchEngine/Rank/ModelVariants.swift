// The product a query names, not its siblings
// ============================================
//
// `iphone 15` names the iPhone 15. Every "iPhone 15 Pro" and "iPhone 15 Pro Max" holds the same
// two words, adjacent, in the same attribute, so no textual rule of Algolia's tells them apart,
// and popularity decides: on `Data/` the 15 Pro came first, and `iphone 15 case` listed the 15
// Pro's cases. What tells them apart is the word after the model: the name goes on with a
// variant word — pro, max, plus, ultra, mini, lite, fe — that the query did not type.
//
// So the index remembers, per record, where its title's first *variant run* is: the variant words
// right after a word with a digit (`15`, `s24`, `ps5`). A hit is a *sibling* when a query word
// matched the word just before the run, in the title, and some word of the run matched no query
// word: `iphone 15` on "iPhone 15 Pro Max" is one, `iphone 15 pro max` is not, `iphone 15 pro`
// on "iPhone 15 Pro Max" is (Max was not typed), `silicone case` on it is not (no model named).
// The `sibling` rule ranks siblings after the rest, after typo, words, learned and filters and
// before proximity: the Pro's own case, its words closer together, no longer passes the 15's
// cases.
//
// What it trades: the words are English and fixed (settings: `variantWords`, [] for none). Only
// the first run of the title counts, at its first 15 word positions (one byte a record):
// "Case for iPhone 15 Pro Max" is seen, a model named further in is not. A model line without a
// number ("AirPods Pro", "MacBook Air") is not one: which of its lines is "the" product is not
// in the words. A sibling is still a hit, and first when nothing else matches (`iphone 15` on a
// catalog of Pros). Lines (fzf's face) have no variant words: their ranking is fzf's.

/// Where a title's variant run is, packed in a byte: its first word position (1…15; 0: no run)
/// in the high four bits, its length in words (1…15) in the low four.
public enum ModelVariants {
  /// The default variant words (folded).
  public static let englishWords: [String] = ["pro", "max", "plus", "ultra", "mini", "lite", "fe"]

  /// Positions past this one hold no run: a byte a record.
  static let maxStart = 15

  @inline(__always) static func pack(start: Int, length: Int) -> UInt8 {
    guard start >= 1, start <= maxStart, length >= 1 else { return 0 }
    return UInt8(start << 4 | min(length, 15))
  }

  /// Finds a title's first variant run, fed its words in order (the index's tokenizer, phrases
  /// left out).
  struct Detector {
    /// The variant words, each packed in an integer (`packed(_:)`): no allocation a word.
    let words: Set<UInt64>
    private var previousHasDigit = false
    private var previousPosition = -2
    private var runStart = 0
    private var runLength = 0
    private var done = false

    init(words: Set<UInt64>) { self.words = words }

    var packed: UInt8 { ModelVariants.pack(start: runStart, length: runLength) }

    mutating func add(_ term: UnsafeBufferPointer<UInt8>, position: Int) {
      guard !done else { return }
      let isVariant = ModelVariants.packed(term).map(words.contains) ?? false
      let follows = position == previousPosition + 1
      if runLength > 0 {
        if isVariant && follows && position == runStart + runLength {
          runLength += 1
        } else {
          done = true
        }
      } else if isVariant && follows && previousHasDigit && position <= ModelVariants.maxStart {
        runStart = position
        runLength = 1
      }
      previousHasDigit = term.contains { $0 >= 0x30 && $0 <= 0x39 }
      previousPosition = position
    }
  }

  /// `words` packed for a `Detector`.
  public static func packedSet(_ words: Set<[UInt8]>) -> Set<UInt64> {
    Set(words.compactMap { word in word.withUnsafeBufferPointer(packed) })
  }

  /// A word of up to 7 bytes as an integer, its length in the top bits (nil for a longer one,
  /// never a variant word).
  @inline(__always) static func packed(_ word: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard word.count <= 7 else { return nil }
    var value: UInt64 = 0
    for byte in word { value = value << 8 | UInt64(byte) }
    return value | UInt64(word.count) << 60
  }

  /// Whether a one-word match at `place` names a sibling: the word is the model before the run.
  @inline(__always) static func isSibling(place: UInt16, run: UInt8, titleAttribute: Int) -> Bool {
    guard run != 0 else { return false }
    return Int(place >> 12) == titleAttribute && Int(place & 0xFFF) == Int(run >> 4) - 1
  }

  /// Whether a hit names a sibling of the model typed: a query word matched the word before the
  /// run in the title attribute (`titleAttribute`), and a word of the run matched none. `slots`
  /// as `Searcher.summary` reads them.
  @_transparent
  static func isSibling(
    slots: UnsafeBufferPointer<UInt32>, wordCount: Int, run: UInt8, titleAttribute: Int
  ) -> Bool {
    guard run != 0, titleAttribute >= 0 else { return false }
    let start = UInt32(run >> 4)
    let end = start + UInt32(run & 0xF)
    var model = false
    var covered: UInt32 = 0
    for w in 0..<wordCount {
      let slot = slots[w]
      guard slot != .max else { continue }
      let place = (slot >> 1) & 0xFFFF
      guard place >> 12 == UInt32(titleAttribute) else { continue }
      let position = place & 0xFFF
      if position == start - 1 { model = true }
      if position >= start && position < end { covered |= 1 << (position - start) }
    }
    return model && covered != (1 << (end - start)) - 1
  }
}
