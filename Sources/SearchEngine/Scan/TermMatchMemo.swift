/// How the terms a scan met lately matched each query word (`RecordMatcher.TermMatch`), so that a
/// term met again is not matched again. A stream repeats its terms: ten million paths are made of
/// 30 directory names and a number each; package names repeat `py`, `django`, `react`. Matching a
/// term against a word (its typos above all) was a third of a scan's time on such input.
///
/// Direct-mapped by the term's hash and keyed by its bytes, so a collision is a miss, never a
/// wrong answer; a term that maps to a taken slot replaces what was there. 2,048 slots of 24
/// bytes hold a stream's common terms in a few dozen kilobytes (near the core); longer terms are
/// matched every time (rare, and seldom met twice).
struct TermMatchMemo {
  static let slotCount = 2048
  static let slotShift: UInt64 = 53  // 64 - log2(slotCount)
  static let maxTermBytes = 24

  /// Per slot, the kept term's length plus one (0: empty).
  private var lengths = [UInt8](repeating: 0, count: slotCount)
  /// Per slot, the kept term's bytes, `maxTermBytes` apart.
  private var terms = [UInt8](repeating: 0, count: slotCount * maxTermBytes)
  /// Per slot, how the term matched each word, `ParsedQuery.maxWords` apart.
  private var found = [RecordMatcher.TermMatch](
    repeating: RecordMatcher.TermMatch(), count: slotCount * ParsedQuery.maxWords)

  /// The slot of `term` (its `byteHash`), and whether it holds the term's matches; nil for a term
  /// too long to keep. The slot is the top 11 bits of a Fibonacci multiply, which every bit of the
  /// hash reaches (its low bits alone come from a term's first bytes).
  @inline(__always) func slot(of term: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (slot: Int, kept: Bool)? {
    guard term.count <= Self.maxTermBytes else { return nil }
    let slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> Self.slotShift)
    guard Int(lengths[slot]) == term.count + 1 else { return (slot, false) }
    let base = slot * Self.maxTermBytes
    for i in 0..<term.count where terms[base + i] != term[i] { return (slot, false) }
    return (slot, true)
  }

  /// Keeps `term` in `slot`, its matches set through the subscript.
  @inline(__always) mutating func keep(_ term: UnsafeBufferPointer<UInt8>, in slot: Int) {
    let base = slot * Self.maxTermBytes
    for i in 0..<term.count { terms[base + i] = term[i] }
    lengths[slot] = UInt8(term.count + 1)
  }

  @inline(__always) subscript(slot: Int, word: Int) -> RecordMatcher.TermMatch {
    get { found[slot * ParsedQuery.maxWords + word] }
    set { found[slot * ParsedQuery.maxWords + word] = newValue }
  }
}
