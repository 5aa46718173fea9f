/// Text from data is never written raw to a terminal: control characters (C0, DEL, C1, which
/// start escape sequences) and bidirectional overrides become "?", tabs and line breaks a space.
public enum SafeText {
  @inline(__always) public static func isUnsafe(_ v: UInt32) -> Bool {
    v < 0x20 || (v >= 0x7F && v < 0xA0) || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
      || v == 0xFEFF
  }

  /// The scalar to show in place of `v`.
  @inline(__always) public static func shown(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: return " "
    default: return isUnsafe(scalar.value) ? "?" : scalar
    }
  }

  public static func sanitized(_ text: String) -> String {
    guard mayBeUnsafe(text) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { out.append(shown(scalar)) }
    return String(out)
  }

  /// Whether `text` may hold an unsafe scalar, from its UTF-8 bytes alone: false means none is
  /// there. A byte below 0x20 or 0x7F is one; C1 controls start with 0xC2, the overrides and
  /// isolates with 0xE2 and the byte-order mark with 0xEF, so text without those lead bytes (all
  /// ASCII, most of Latin and CJK) is cleared at memchr's pace instead of a scalar at a time.
  static func mayBeUnsafe(_ text: String) -> Bool {
    var copy = text
    return copy.withUTF8 { bytes in
      for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF {
        // A lead byte that may start an unsafe scalar: decide by scalars from here.
        if byte >= 0xC2 { return text.unicodeScalars.contains { isUnsafe($0.value) } }
        return true
      }
      return false
    }
  }
}
