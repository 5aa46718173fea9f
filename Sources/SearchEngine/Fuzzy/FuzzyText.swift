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
  /// The scheme the classes and bonuses follow.
  private(set) var scheme = FuzzyScheme.default

  /// Reads valid UTF-8 `bytes`, each character as `reading` has it.
  mutating func load(_ bytes: UnsafeBufferPointer<UInt8>, reading: FuzzyReading, scheme: FuzzyScheme) {
    count = 0
    self.scheme = scheme
    let caseSensitive = !reading.foldsCase
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b < 0x80 {
        let v = UInt32(b)
        let folded = !caseSensitive && (v &- 0x41) < 26 ? v + 32 : v
        append(folded, FuzzyCharClass.of(v, scheme: scheme), i, i + 1)
        i += 1
        continue
      }
      let (v, length) = UTF8.decode(bytes, at: i)
      let characterClass = FuzzyCharClass.of(v, scheme: scheme)
      reading.read(v) { append($0, characterClass, i, i + length) }
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
    _ pattern: UnsafeBufferPointer<UInt32>, in bytes: UnsafeBufferPointer<UInt8>, reading: FuzzyReading
  ) -> Bool {
    let caseSensitive = !reading.foldsCase
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
      if reading == .asWritten {
        if v == want {
          p += 1
          if p == pattern.count { return true }
          want = pattern[p]
        }
        continue
      }
      var done = false
      reading.read(v) { folded in
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

/// How a fuzzy term reads a text, as fzf decides term by term: case matters for a term with a
/// capital (smart case) or with `+i`; diacritics are taken off the text (fzf's normalizing)
/// unless the term was typed with one. So `a` finds `á` and `A`, `á` finds `á` and `Á`, `A` finds
/// `A` and `Á`, and `Á` finds `Á` alone.
public enum FuzzyReading: Int, Sendable, CaseIterable {
  /// Case and diacritics folded (and width: `TextFolding`).
  case folded
  /// Case folded, diacritics kept.
  case lowercased
  /// Diacritics folded, case kept.
  case normalized
  /// As written.
  case asWritten

  public var foldsCase: Bool { self == .folded || self == .lowercased }

  /// The reading of a term: whether case matters for it, and whether it has a diacritic (or
  /// `--literal` keeps every term's).
  static func of(_ text: Substring, caseSensitive: Bool, keepsDiacritics: Bool = false) -> FuzzyReading {
    let diacritic = keepsDiacritics || text.unicodeScalars.contains(where: hasDiacritic)
    return caseSensitive ? (diacritic ? .asWritten : .normalized) : (diacritic ? .lowercased : .folded)
  }

  /// The characters `v` is read as.
  @inline(__always) func read(_ v: UInt32, _ body: (UInt32) -> Void) {
    switch self {
    case .asWritten: body(v)
    case .folded: TextFolding.fold(v, body)
    case .normalized:
      guard v >= 0x80, let scalar = Unicode.Scalar(v) else { return body(v) }
      guard scalar.properties.isUppercase else { return TextFolding.fold(v, body) }
      TextFolding.fold(v) { folded in
        guard let lower = Unicode.Scalar(folded) else { return body(folded) }
        for upper in lower.properties.uppercaseMapping.unicodeScalars { body(upper.value) }
      }
    case .lowercased:
      if v < 0x80 {
        body((v &- 0x41) < 26 ? v + 32 : v)
      } else if let scalar = Unicode.Scalar(v) {
        for lower in scalar.properties.lowercaseMapping.unicodeScalars { body(lower.value) }
      } else {
        body(v)
      }
    }
  }

  /// Whether folding `scalar` does more than lower-case it (`á`, `ß`, a full-width letter).
  private static func hasDiacritic(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value >= 0x80 else { return false }
    var folded: [UInt32] = []
    FuzzyReading.folded.read(scalar.value) { folded.append($0) }
    var lowered: [UInt32] = []
    FuzzyReading.lowercased.read(scalar.value) { lowered.append($0) }
    return folded != lowered
  }
}
