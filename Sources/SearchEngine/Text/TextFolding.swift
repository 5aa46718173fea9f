import Foundation

/// How a scalar takes part in words.
public enum ScalarClass: UInt8, Sendable {
  /// Splits words: spaces, punctuation, symbols, emoji, control characters.
  case separator = 0
  /// Part of a word: letters, digits, combining marks.
  case word = 1
  /// A word by itself: scripts written without spaces (Han, Hiragana, Katakana) are indexed one
  /// character per token so that any run of characters can still be found.
  case ideograph = 2
}

/// The one folding used for records and queries: case, diacritics, width and compatibility forms,
/// so that what `localizedStandardContains` treats as equal compares equal here ("Café" ~ "cafe",
/// "Über" ~ "uber", "straße" ~ "STRASSE", "ﬁ" ~ "fi").
///
/// Foundation computes the table once, at first use (about 8 ms); the per-character path is a table
/// lookup, so indexing and typing never call Foundation.
public enum TextFolding {
  /// Scalars below this bound, and the Latin ligatures (U+FB00–FB4F), are folded through the
  /// precomputed table.
  static let tableLimit: UInt32 = 0x3000
  static let ligatures: ClosedRange<UInt32> = 0xFB00...0xFB4F

  /// Table slot of a scalar, or nil outside the table.
  @inline(__always) static func slot(_ v: UInt32) -> Int? {
    if v < tableLimit { return Int(v) }
    if ligatures.contains(v) { return Int(tableLimit + v - ligatures.lowerBound) }
    return nil
  }

  struct Table: Sendable {
    var classes: [UInt8]
    /// `foldStart[s] ..< foldStart[s + 1]` indexes `foldScalars`.
    var foldStart: [UInt32]
    var foldScalars: [UInt32]
  }

  static let table: Table = makeTable()

  private static func makeTable() -> Table {
    let limit = Int(tableLimit) + ligatures.count
    var classes = [UInt8](repeating: 0, count: limit)
    var starts = [UInt32](repeating: 0, count: limit + 1)
    var scalars: [UInt32] = []
    scalars.reserveCapacity(limit + 512)
    for slot in 0..<limit {
      starts[slot] = UInt32(scalars.count)
      let value = slot < Int(tableLimit) ? slot : slot - Int(tableLimit) + Int(ligatures.lowerBound)
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      classes[slot] = classify(scalar).rawValue
      if value < 0x80 {
        let lowered = (value >= 0x41 && value <= 0x5A) ? value + 32 : value
        scalars.append(UInt32(lowered))
        continue
      }
      let folded = String(Character(scalar))
        .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        .lowercased()
      var appended = false
      for out in folded.unicodeScalars where !isCombiningMark(out) {
        scalars.append(out.value)
        appended = true
      }
      // A lone combining mark folds to nothing, which is what diacritic folding means.
      if !appended && !isCombiningMark(scalar) { scalars.append(scalar.value) }
    }
    starts[limit] = UInt32(scalars.count)
    return Table(classes: classes, foldStart: starts, foldScalars: scalars)
  }

  static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return true
    default: return false
    }
  }

  static func classify(_ scalar: Unicode.Scalar) -> ScalarClass {
    let v = scalar.value
    if v < 0x80 {
      let isAlnum = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
      return isAlnum ? .word : .separator
    }
    if isIdeographic(v) { return .ideograph }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
      return .word
    case .otherSymbol, .mathSymbol, .currencySymbol:
      // Emoji and other symbols (🍕 ♥ € ≤) are words of their own, one per symbol, as ideographs
      // are: they can be searched, and never glue to the letters around them.
      return .ideograph
    default:
      return .separator
    }
  }

  @inline(__always) static func isIdeographic(_ v: UInt32) -> Bool {
    (v >= 0x3040 && v <= 0x30FF) || (v >= 0x3400 && v <= 0x4DBF) || (v >= 0x4E00 && v <= 0x9FFF)
      || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0x20000 && v <= 0x2FFFF)
  }

  /// The class of a scalar value (valid Unicode scalar).
  @inline(__always) public static func scalarClass(_ v: UInt32) -> ScalarClass {
    if v < 0x80 {
      return ((v &- 0x30) < 10 || ((v | 0x20) &- 0x61) < 26) ? .word : .separator
    }
    if let slot = slot(v) { return ScalarClass(rawValue: table.classes[slot])! }
    if (v >= 0xFF10 && v <= 0xFF19) || (v >= 0xFF21 && v <= 0xFF3A) || (v >= 0xFF41 && v <= 0xFF5A) {
      return .word
    }
    return classify(Unicode.Scalar(v)!)
  }

  /// Calls `body` with each folded scalar of `v` (zero, one or more).
  @inline(__always) public static func fold(_ v: UInt32, _ body: (UInt32) -> Void) {
    if v < 0x80 {
      body((v &- 0x41) < 26 ? v + 32 : v)
      return
    }
    if let slot = slot(v) {
      let t = table
      var i = Int(t.foldStart[slot])
      let end = Int(t.foldStart[slot + 1])
      while i < end {
        body(t.foldScalars[i])
        i += 1
      }
      return
    }
    if v >= 0xFF01 && v <= 0xFF5E {  // full-width ASCII
      let ascii = v - 0xFF01 + 0x21
      body((ascii &- 0x41) < 26 ? ascii + 32 : ascii)
      return
    }
    let scalar = Unicode.Scalar(v)!
    if isCombiningMark(scalar) { return }
    if scalar.properties.changesWhenLowercased {
      for out in scalar.properties.lowercaseMapping.unicodeScalars { body(out.value) }
    } else {
      body(v)
    }
  }

  /// The folded form of a whole string, with surrounding white space trimmed and inner runs of white
  /// space collapsed: the key under which two titles are "the same item".
  public static func foldedKey(_ text: String) -> [UInt8] {
    var copy = text
    return copy.withUTF8 { foldedKey($0) }
  }

  /// `foldedKey` of valid UTF-8 bytes.
  public static func foldedKey(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    foldedKey(bytes, appendingTo: &out)
    return out
  }

  /// `foldedKey`, appended to `out` (keys of many records in one buffer, no array each).
  public static func foldedKey(_ bytes: UnsafeBufferPointer<UInt8>, appendingTo out: inout [UInt8]) {
    let start = out.count
    var pendingSpace = false
    var i = 0
    while i < bytes.count {
      let (v, length) = UTF8.decode(bytes, at: i)
      i += length
      if isWhitespace(v) {
        pendingSpace = out.count > start
        continue
      }
      if pendingSpace {
        out.append(0x20)
        pendingSpace = false
      }
      fold(v) { UTF8.appendScalar($0, to: &out) }
    }
  }

  @inline(__always) static func isWhitespace(_ v: UInt32) -> Bool {
    if v < 0x80 { return v == 0x20 || (v >= 0x09 && v <= 0x0D) }
    return Unicode.Scalar(v)!.properties.isWhitespace
  }
}

extension UTF8 {
  /// Calls `byte` with each byte of scalar `v` in UTF-8 (one to four).
  @inline(__always) static func encode(_ v: UInt32, _ byte: (UInt8) -> Void) {
    if v < 0x80 {
      byte(UInt8(v))
    } else if v < 0x800 {
      byte(UInt8(0xC0 | (v >> 6)))
      byte(UInt8(0x80 | (v & 0x3F)))
    } else if v < 0x10000 {
      byte(UInt8(0xE0 | (v >> 12)))
      byte(UInt8(0x80 | ((v >> 6) & 0x3F)))
      byte(UInt8(0x80 | (v & 0x3F)))
    } else {
      byte(UInt8(0xF0 | (v >> 18)))
      byte(UInt8(0x80 | ((v >> 12) & 0x3F)))
      byte(UInt8(0x80 | ((v >> 6) & 0x3F)))
      byte(UInt8(0x80 | (v & 0x3F)))
    }
  }

  @inline(__always) static func appendScalar(_ v: UInt32, to out: inout [UInt8]) {
    encode(v) { out.append($0) }
  }

  /// Decodes the scalar starting at `i` in valid UTF-8; returns the value and its length in bytes.
  @inline(__always) static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
    let b0 = UInt32(bytes[i])
    if b0 < 0x80 { return (b0, 1) }
    if b0 < 0xE0 { return (((b0 & 0x1F) << 6) | (UInt32(bytes[i + 1]) & 0x3F), 2) }
    if b0 < 0xF0 {
      return (
        ((b0 & 0x0F) << 12) | ((UInt32(bytes[i + 1]) & 0x3F) << 6) | (UInt32(bytes[i + 2]) & 0x3F), 3
      )
    }
    return (
      ((b0 & 0x07) << 18) | ((UInt32(bytes[i + 1]) & 0x3F) << 12)
        | ((UInt32(bytes[i + 2]) & 0x3F) << 6) | (UInt32(bytes[i + 3]) & 0x3F), 4
    )
  }

  @inline(__always) static func sequenceLength(leadByte b: UInt8) -> Int {
    b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
  }
}
