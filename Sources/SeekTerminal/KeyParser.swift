import SeekCore

/// Turns the bytes a terminal sends into keys: UTF-8 text, control bytes, and the escape sequences
/// of arrows, Home/End, PageUp/PageDown, Delete and Shift-Tab (CSI and SS3 forms). Table-tested.
/// Stateless, one read at a time: bracketed pastes, which span reads, are `KeyDecoder`'s.
public enum KeyParser {
  /// Keys, and the bytes of an incomplete sequence to keep for later (none when `final`).
  public static func parse(_ bytes: [UInt8], final: Bool) -> ([Key], [UInt8]) {
    var keys: [Key] = []
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x1B {
        guard i + 1 < bytes.count else {
          if final { keys.append(.character("\u{1B}")) }
          return (keys, final ? [] : Array(bytes[i...]))
        }
        let next = bytes[i + 1]
        if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
          // Parameters, then a final byte in 0x40...0x7E.
          // The Linux console's F-keys are CSI [ A…E: that '[' is a parameter, not the end.
          var j =
            i + 2 + (next == UInt8(ascii: "[") && i + 2 < bytes.count && bytes[i + 2] == UInt8(ascii: "[") ? 1 : 0)
          while j < bytes.count && !(0x40...0x7E).contains(bytes[j]) { j += 1 }
          guard j < bytes.count else { return (keys, final ? [] : Array(bytes[i...])) }
          let parameters = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
          // A sequence this table does not know is dropped whole, never typed as text.
          if let key = key(final: bytes[j], parameters: parameters) { keys.append(key) }
          i = j + 1
          continue
        }
        // Esc followed at once by a key: Alt-key.
        if next != 0x1B && (next >= 0x20 || next == 0x08 || next == 0x0D), next < 0x80 {
          keys.append(.alt(Unicode.Scalar(next)))
          i += 2
          continue
        }
        keys.append(.character("\u{1B}"))
        i += 1
        continue
      }
      let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
      guard i + length <= bytes.count else { return (keys, final ? [] : Array(bytes[i...])) }
      let scalar = String(decoding: bytes[i..<(i + length)], as: UTF8.self).unicodeScalars.first!
      keys.append(.character(scalar))
      i += length
    }
    return (keys, [])
  }

  /// Asks the terminal to bracket pasted text (and stops asking).
  public static let enableBracketedPaste = "\u{1B}[?2004h"
  public static let disableBracketedPaste = "\u{1B}[?2004l"
  /// Button presses (1000) reported in SGR form (1006): `CSI < button ; column ; row M`.
  public static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
  public static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"

  /// Curses hands over the bytes of sequences its terminfo does not know (`\e[1~` for Home in
  /// tmux with TERM=xterm) one key at a time: Esc, '[', '1', '~'. Decodes them as `parse` does
  /// bytes: a known sequence becomes its key, an unknown one is dropped whole, Esc followed at
  /// once by a key is Alt-key.
  public static func decodeEscapes(_ keys: [Key]) -> [Key] {
    guard keys.contains(.character("\u{1B}")) else { return keys }
    var out: [Key] = []
    var i = 0
    while i < keys.count {
      // Esc then a key curses decoded itself (Backspace, arrows): the Alt form of that key.
      if keys[i] == .character("\u{1B}"), i + 1 < keys.count, case .function(let code) = keys[i + 1] {
        switch code {
        case KeyMap.Code.backspace: out.append(.alt("\u{7F}"))
        case KeyMap.Code.left: out.append(.function(KeyMap.Code.wordLeft))
        case KeyMap.Code.right: out.append(.function(KeyMap.Code.wordRight))
        default: out.append(keys[i + 1])
        }
        i += 2
        continue
      }
      guard keys[i] == .character("\u{1B}"), i + 1 < keys.count, case .character(let next) = keys[i + 1] else {
        out.append(keys[i])
        i += 1
        continue
      }
      if next == "[" || next == "O" {
        var j = i + 2
        var parameters = ""
        var final: UInt8? = nil
        while j < keys.count, case .character(let c) = keys[j], c.value < 0x80 {
          j += 1
          // As in `parse`: the Linux console's CSI [ A…E keeps its '[' as a parameter.
          if (0x40...0x7E).contains(c.value) && !(next == "[" && c == "[" && j == i + 3) {
            final = UInt8(c.value)
            break
          }
          parameters.unicodeScalars.append(c)
        }
        if let final, let key = key(final: final, parameters: parameters) { out.append(key) }
        i = j
        continue
      }
      if next != "\u{1B}" && (next.value >= 0x20 || next.value == 0x08 || next.value == 0x0D) && next.value < 0x80 {
        out.append(.alt(next))
        i += 2
        continue
      }
      out.append(keys[i])
      i += 1
    }
    return out
  }

  public static func key(final: UInt8, parameters: String) -> Key? {
    // xterm's modifier parameter: 3 Alt, 5 Ctrl (and combinations); on arrows, a word move.
    let modifier = parameters.split(separator: ";").dropFirst().first.flatMap { Int($0) } ?? 1
    let byWord = modifier > 1 && modifier != 2
    if parameters.hasPrefix("<") && (final == UInt8(ascii: "M") || final == UInt8(ascii: "m")) {
      // SGR mouse report: button; column; row (1-based). Presses only; 64/65 are the wheel.
      let fields = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
      guard fields.count == 3, final == UInt8(ascii: "M") else { return nil }
      switch fields[0] {
      case 0: return .click(column: fields[1] - 1, row: fields[2] - 1)
      case 64: return .wheelUp
      case 65: return .wheelDown
      default: return nil
      }
    }
    switch final {
    case UInt8(ascii: "B") where parameters == "[": return .function(KeyMap.Code.f2)  // Linux console
    case UInt8(ascii: "C") where parameters == "[": return .function(KeyMap.Code.f3)
    case UInt8(ascii: "D") where parameters == "[": return .function(KeyMap.Code.f4)
    case UInt8(ascii: "E") where parameters == "[": return .function(KeyMap.Code.f5)
    case UInt8(ascii: "A") where parameters == "[": return .function(KeyMap.Code.f(1))
    case _ where parameters == "[": return nil
    case UInt8(ascii: "A"): return .function(modifier == 2 ? KeyMap.Code.shiftUp : KeyMap.Code.up)
    case UInt8(ascii: "B"): return .function(modifier == 2 ? KeyMap.Code.shiftDown : KeyMap.Code.down)
    case UInt8(ascii: "C"): return .function(byWord ? KeyMap.Code.wordRight : KeyMap.Code.right)
    case UInt8(ascii: "D"): return .function(byWord ? KeyMap.Code.wordLeft : KeyMap.Code.left)
    case UInt8(ascii: "H"): return .function(KeyMap.Code.home)
    case UInt8(ascii: "F"): return .function(KeyMap.Code.end)
    case UInt8(ascii: "Z"): return .function(KeyMap.Code.backTab)
    case UInt8(ascii: "P"): return .function(KeyMap.Code.f(1))  // SS3 P (xterm F1)
    case UInt8(ascii: "Q"): return .function(KeyMap.Code.f2)  // SS3 Q (xterm F2)
    case UInt8(ascii: "R"): return .function(KeyMap.Code.f3)
    case UInt8(ascii: "S"): return .function(KeyMap.Code.f4)
    case UInt8(ascii: "~"):
      switch parameters.split(separator: ";").first {
      case "1", "7": return .function(KeyMap.Code.home)
      case "4", "8": return .function(KeyMap.Code.end)
      case "3":  // CSI 3;2~ with Shift, 3;5~ with Ctrl
        return .function(
          modifier == 2 ? KeyMap.Code.shiftDelete : modifier == 5 ? KeyMap.Code.controlDelete : KeyMap.Code.delete)
      case "5": return .function(KeyMap.Code.pageUp)
      case "6": return .function(KeyMap.Code.pageDown)
      case "12": return .function(KeyMap.Code.f2)  // CSI 12~ (rxvt, Linux console style F2)
      case "13": return .function(KeyMap.Code.f3)
      case "14": return .function(KeyMap.Code.f4)
      case "11": return .function(KeyMap.Code.f(1))
      case "15": return .function(KeyMap.Code.f5)
      // F6–F12: CSI 17~ … 24~, with gaps (22 and 16 are not keys).
      case "17": return .function(KeyMap.Code.f(6))
      case "18": return .function(KeyMap.Code.f(7))
      case "19": return .function(KeyMap.Code.f(8))
      case "20": return .function(KeyMap.Code.f(9))
      case "21": return .function(KeyMap.Code.f(10))
      case "23": return .function(KeyMap.Code.f(11))
      case "24": return .function(KeyMap.Code.f(12))
      default: return nil
      }
    default: return nil
    }
  }
}
