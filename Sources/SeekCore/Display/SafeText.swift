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
    guard text.unicodeScalars.contains(where: { isUnsafe($0.value) }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { out.append(shown(scalar)) }
    return String(out)
  }
}
