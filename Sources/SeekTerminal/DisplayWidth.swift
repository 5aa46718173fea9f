/// Terminal cell widths, computed here rather than by `wcwidth` so that rendering is pure and the
/// same under any locale: East Asian wide and full-width characters and emoji take two cells,
/// combining marks and zero-width format characters none, everything else one. Agrees with tmux
/// on the cases that matter (é 1, 日 2, 한 2, 😀 2).
public enum DisplayWidth {
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if v == 0x200B || (v >= 0xFE00 && v <= 0xFE0F) || (v >= 0x1160 && v <= 0x11FF) { return 0 }
    if isWide(v) { return 2 }
    return 1
  }

  static func isWide(_ v: UInt32) -> Bool {
    (v >= 0x1100 && v <= 0x115F) || (v >= 0x231A && v <= 0x231B) || (v >= 0x2329 && v <= 0x232A)
      || (v >= 0x23E9 && v <= 0x23EC) || v == 0x23F0 || v == 0x23F3 || (v >= 0x25FD && v <= 0x25FE)
      || (v >= 0x2614 && v <= 0x2615) || (v >= 0x2648 && v <= 0x2653) || v == 0x267F || v == 0x2693
      || v == 0x26A1 || (v >= 0x26AA && v <= 0x26AB) || (v >= 0x26BD && v <= 0x26BE)
      || (v >= 0x26C4 && v <= 0x26C5) || v == 0x26CE || v == 0x26D4 || v == 0x26EA
      || (v >= 0x26F2 && v <= 0x26F3) || v == 0x26F5 || v == 0x26FA || v == 0x26FD || v == 0x2705
      || (v >= 0x270A && v <= 0x270B) || v == 0x2728 || v == 0x274C || v == 0x274E
      || (v >= 0x2753 && v <= 0x2755) || v == 0x2757 || (v >= 0x2795 && v <= 0x2797) || v == 0x27B0
      || v == 0x27BF || (v >= 0x2B1B && v <= 0x2B1C) || v == 0x2B50 || v == 0x2B55
      || (v >= 0x2E80 && v <= 0x303E) || (v >= 0x3041 && v <= 0x33FF) || (v >= 0x3400 && v <= 0x4DBF)
      || (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0xA000 && v <= 0xA4CF) || (v >= 0xA960 && v <= 0xA97F)
      || (v >= 0xAC00 && v <= 0xD7A3) || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0xFE10 && v <= 0xFE19)
      || (v >= 0xFE30 && v <= 0xFE6F) || (v >= 0xFF00 && v <= 0xFF60) || (v >= 0xFFE0 && v <= 0xFFE6)
      || (v >= 0x16FE0 && v <= 0x16FE4) || (v >= 0x17000 && v <= 0x18CFF) || (v >= 0x1B000 && v <= 0x1B2FF)
      || v == 0x1F004 || v == 0x1F0CF || v == 0x1F18E || (v >= 0x1F191 && v <= 0x1F19A)
      || (v >= 0x1F200 && v <= 0x1F251) || (v >= 0x1F300 && v <= 0x1F320) || (v >= 0x1F32D && v <= 0x1F335)
      || (v >= 0x1F337 && v <= 0x1F37C) || (v >= 0x1F37E && v <= 0x1F393) || (v >= 0x1F3A0 && v <= 0x1F3CA)
      || (v >= 0x1F3CF && v <= 0x1F3D3) || (v >= 0x1F3E0 && v <= 0x1F3F0) || v == 0x1F3F4
      || (v >= 0x1F3F8 && v <= 0x1F43E) || v == 0x1F440 || (v >= 0x1F442 && v <= 0x1F4FC)
      || (v >= 0x1F4FF && v <= 0x1F53D) || (v >= 0x1F54B && v <= 0x1F54E) || (v >= 0x1F550 && v <= 0x1F567)
      || v == 0x1F57A || (v >= 0x1F595 && v <= 0x1F596) || v == 0x1F5A4 || (v >= 0x1F5FB && v <= 0x1F64F)
      || (v >= 0x1F680 && v <= 0x1F6C5) || v == 0x1F6CC || (v >= 0x1F6D0 && v <= 0x1F6D2)
      || (v >= 0x1F6D5 && v <= 0x1F6D7) || (v >= 0x1F6DC && v <= 0x1F6DF) || (v >= 0x1F6EB && v <= 0x1F6EC)
      || (v >= 0x1F6F4 && v <= 0x1F6FC) || (v >= 0x1F7E0 && v <= 0x1F7EB) || v == 0x1F7F0
      || (v >= 0x1F90C && v <= 0x1F93A) || (v >= 0x1F93C && v <= 0x1F945) || (v >= 0x1F947 && v <= 0x1F9FF)
      || (v >= 0x1FA70 && v <= 0x1FAFF) || (v >= 0x20000 && v <= 0x2FFFD) || (v >= 0x30000 && v <= 0x3FFFD)
  }

  /// The width of a grapheme cluster: its first visible scalar's, so "e" + combining accent is 1.
  public static func of(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      let w = of(scalar)
      if w > width { width = w }
    }
    return width
  }

  public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }
}
