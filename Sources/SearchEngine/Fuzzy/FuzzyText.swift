/// One text as the fuzzy scorer reads it: its characters (folded unless case matters), each
/// one's fzf class, and the bytes it came from (for highlighting). Reused from text to text: the
/// arrays grow to the longest text seen and are never shrunk, so scoring allocates nothing.
struct FuzzyText: Sendable {
  private(set) var chars: [UInt32] = []
  private(set) var classes: [UInt8] = []
  /// Character `i` came from bytes `byteStarts[i] ..< byteEnds[i]` of the text.
  private(set) var byteStarts: [Int32] = []
  private(set) var byteEnds: [Int32] = []
  private(set) var count = 0

  /// Reads valid UTF-8 `bytes`.
  mutating func load(_ bytes: UnsafeBufferPointer<UInt8>, caseSensitive: Bool) {
    count = 0
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b < 0x80 {
        let v = UInt32(b)
        let folded = !caseSensitive && (v &- 0x41) < 26 ? v + 32 : v
        append(folded, FuzzyCharClass.of(v), i, i + 1)
        i += 1
        continue
      }
      let (v, length) = UTF8.decode(bytes, at: i)
      let characterClass = FuzzyCharClass.of(v)
      if caseSensitive {
        append(v, characterClass, i, i + length)
      } else {
        TextFolding.fold(v) { append($0, characterClass, i, i + length) }
      }
      i += length
    }
  }

  @inline(__always) private mutating func append(_ v: UInt32, _ c: FuzzyCharClass, _ start: Int, _ end: Int) {
    if count == chars.count {
      chars.append(v)
      classes.append(c.rawValue)
      byteStarts.append(Int32(start))
      byteEnds.append(Int32(end))
    } else {
      chars[count] = v
      classes[count] = c.rawValue
      byteStarts[count] = Int32(start)
      byteEnds[count] = Int32(end)
    }
    count += 1
  }

  /// Whether `pattern` may match `bytes` as a subsequence, read straight from the bytes (no
  /// decoding of ASCII): the cheap test every text passes before it is loaded and scored.
  static func containsSubsequence(
    _ pattern: UnsafeBufferPointer<UInt32>, in bytes: UnsafeBufferPointer<UInt8>, caseSensitive: Bool
  ) -> Bool {
    var p = 0
    guard p < pattern.count else { return true }
    var want = pattern[0]
    var i = 0
    // Most texts and terms are ASCII: compare bytes with case folded by one OR, until the first
    // byte that is not ASCII. The OR also pairs a few non-letters (`-` with CR): a test that may
    // say yes wrongly, never no, which the scorer then settles.
    if !caseSensitive {
      var wanted = UInt8(truncatingIfNeeded: want) | 0x20
      while i < bytes.count {
        let b = bytes[i]
        if b >= 0x80 { break }
        if b | 0x20 == wanted {
          // The wanted character matched as written only if it is ASCII.
          if want < 0x80 {
            p += 1
            if p == pattern.count { return true }
            want = pattern[p]
            wanted = UInt8(truncatingIfNeeded: want) | 0x20
          }
        }
        i += 1
      }
    }
    while i < bytes.count {
      let b = bytes[i]
      if b < 0x80 {
        let v = UInt32(b)
        if (!caseSensitive && (v &- 0x41) < 26 ? v + 32 : v) == want {
          p += 1
          if p == pattern.count { return true }
          want = pattern[p]
        }
        i += 1
        continue
      }
      let (v, length) = UTF8.decode(bytes, at: i)
      i += length
      if caseSensitive {
        if v == want {
          p += 1
          if p == pattern.count { return true }
          want = pattern[p]
        }
        continue
      }
      var done = false
      TextFolding.fold(v) { folded in
        guard !done, folded == want else { return }
        p += 1
        if p == pattern.count { done = true } else { want = pattern[p] }
      }
      if done { return true }
    }
    return false
  }
}

/// The tables `FuzzyScorer.align` fills, kept from text to text (grown, never shrunk): a class,
/// so that one matcher's scorer can write them while it reads its text. Unchecked Sendable: each
/// belongs to one `ExtendedMatcher`, which one thread uses at a time (a matcher handed to another
/// thread takes its tables along, and is not used where it was).
final class FuzzyScratch: @unchecked Sendable {
  /// A text whose table would hold more cells than this (text × term) is scored by v1 instead
  /// (see the notes in FuzzyScorer.swift): fzf's limit, so that the same lines are scored the
  /// same way: 102,400 cells is a 34,000-character line for a 3-letter term, about 0.3 ms, and
  /// 800 KB of tables.
  static let maxCells = 100 * 1024

  /// Each cell's score, and the length of the run of matches it ends.
  private(set) var scores: UnsafeMutablePointer<Int32>
  private(set) var runs: UnsafeMutablePointer<Int32>
  /// Each row's first column.
  private(set) var rowStarts: UnsafeMutablePointer<Int32>
  private var bonusRow: UnsafeMutablePointer<Int32>
  private var capacity: Int
  private var rowCapacity: Int
  private var bonusCapacity: Int

  init() {
    capacity = 256
    rowCapacity = 16
    bonusCapacity = 256
    scores = .allocate(capacity: capacity)
    runs = .allocate(capacity: capacity)
    rowStarts = .allocate(capacity: rowCapacity)
    bonusRow = .allocate(capacity: bonusCapacity)
  }

  deinit {
    scores.deallocate()
    runs.deallocate()
    rowStarts.deallocate()
    bonusRow.deallocate()
  }

  /// Makes the tables hold at least `cells` entries each, and `rows` row starts (their contents
  /// are left undefined).
  func prepare(cells: Int, rows: Int) {
    if cells > capacity {
      capacity = max(cells, capacity * 2)
      scores.deallocate()
      runs.deallocate()
      scores = .allocate(capacity: capacity)
      runs = .allocate(capacity: capacity)
    }
    if rows > rowCapacity {
      rowCapacity = max(rows, rowCapacity * 2)
      rowStarts.deallocate()
      rowStarts = .allocate(capacity: rowCapacity)
    }
  }

  /// A row of `width` entries for the bonuses of a span.
  func bonuses(_ width: Int) -> UnsafeMutablePointer<Int32> {
    if width > bonusCapacity {
      bonusRow.deallocate()
      bonusCapacity = max(width, bonusCapacity * 2)
      bonusRow = .allocate(capacity: bonusCapacity)
    }
    return bonusRow
  }
}
