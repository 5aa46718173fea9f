/// A preview command's output made safe to draw: SGR sequences (`ESC [ … m`) become styles;
/// every other escape sequence (cursor moves, OSC window titles, DCS, …) and every control
/// character is removed; tabs expand to the next multiple of 8. Pure; bounded by `maxLines`.
public enum AnsiText {
  public static let maxLines = 2_000

  /// `expandingTabs: false` keeps tabs as they are (a line of `--ansi` input, whose fields a tab
  /// may delimit); `keepingLineBreaks` keeps a line break as a character (an item read with
  /// `--read0` may hold several lines: fish's multi-line commands).
  public static func parse(
    _ bytes: [UInt8], maxLines: Int = maxLines, expandingTabs: Bool = true, keepingLineBreaks: Bool = false
  ) -> [[StyledRun]] {
    var lines: [[StyledRun]] = []
    var runs: [StyledRun] = []
    var text = String.UnicodeScalarView()
    var column = 0
    var style = TextStyle()
    func flushRun() {
      if !text.isEmpty { runs.append(StyledRun(String(text), style: style)) }
      text = String.UnicodeScalarView()
    }
    func newLine() {
      flushRun()
      lines.append(runs)
      runs = []
      column = 0
    }
    let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    var i = 0
    while i < scalars.count && lines.count < maxLines {
      let v = scalars[i].value
      i += 1
      switch v {
      case 0x0A where keepingLineBreaks:
        text.append(scalars[i - 1])
      case 0x0A:
        newLine()
      case 0x09 where !expandingTabs:
        text.append(scalars[i - 1])
        column += 1
      case 0x09:
        let spaces = 8 - column % 8
        text.append(contentsOf: String(repeating: " ", count: spaces).unicodeScalars)
        column += spaces
      case 0x1B:
        guard i < scalars.count else { break }
        let kind = scalars[i].value
        i += 1
        switch kind {
        case 0x5B:  // CSI: parameters, then a final byte in 0x40…0x7E
          var parameters = ""
          while i < scalars.count, !(0x40...0x7E).contains(scalars[i].value) {
            parameters.unicodeScalars.append(scalars[i])
            i += 1
          }
          guard i < scalars.count else { break }
          let final = scalars[i].value
          i += 1
          if final == 0x6D {  // "m": SGR
            flushRun()
            style = apply(parameters, to: style)
          }
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // OSC, DCS, SOS, PM, APC: up to BEL or ST
          while i < scalars.count {
            let c = scalars[i].value
            i += 1
            if c == 0x07 { break }
            if c == 0x1B && i < scalars.count && scalars[i].value == 0x5C {
              i += 1
              break
            }
          }
        // A character set designated (ESC ( B, which tput sgr0 and fish's set_color write):
        // three bytes.
        case 0x28...0x2F:
          if i < scalars.count { i += 1 }
        default:
          break  // a two-byte sequence (ESC c, ESC 7, …): dropped
        }
      default:
        if SafeText.isUnsafe(v) { continue }  // other controls, C1, bidi overrides
        text.append(scalars[i - 1])
        column += 1
      }
    }
    if lines.count < maxLines && (!text.isEmpty || !runs.isEmpty) { newLine() }
    return lines
  }

  /// Applies SGR parameters ("1;31", "0", "38;5;196", "" = reset).
  static func apply(_ parameters: String, to start: TextStyle) -> TextStyle {
    var style = start
    let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    var k = 0
    while k < codes.count {
      let code = codes[k]
      switch code {
      case 0: style = TextStyle()
      case 1: style.bold = true
      case 2: style.dim = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 22:
        style.bold = false
        style.dim = false
      case 24: style.underline = false
      case 27: style.reverse = false
      case 30...37: style.color = UInt8(code - 30)
      case 90...97: style.color = UInt8(code - 90)
      case 39: style.color = nil
      case 38:
        // 38;5;n or 38;2;r;g;b: folded onto the eight basic colours.
        if k + 2 < codes.count && codes[k + 1] == 5 {
          style.color = basic(ofPalette: codes[k + 2])
          k += 2
        } else if k + 4 < codes.count && codes[k + 1] == 2 {
          style.color = basic(red: codes[k + 2], green: codes[k + 3], blue: codes[k + 4])
          k += 4
        }
      case 48:
        k += k + 1 < codes.count && codes[k + 1] == 5 ? 2 : (k + 1 < codes.count && codes[k + 1] == 2 ? 4 : 0)
      default: break  // backgrounds, blink, italics…: not kept
      }
      k += 1
    }
    return style
  }

  static func basic(ofPalette n: Int) -> UInt8? {
    switch n {
    case 0..<8: return UInt8(n)
    case 8..<16: return UInt8(n - 8)
    case 16..<232:
      let c = n - 16
      return basic(red: c / 36 * 51, green: c / 6 % 6 * 51, blue: c % 6 * 51)
    case 232..<256: return n < 244 ? 0 : 7
    default: return nil
    }
  }

  static func basic(red: Int, green: Int, blue: Int) -> UInt8 {
    let bits = (red > 127 ? 1 : 0) | (green > 127 ? 2 : 0) | (blue > 127 ? 4 : 0)
    return UInt8(bits)
  }
}

extension AnsiText {
  /// A line without its escape sequences (`--ansi`): what is searched and shown. Lines without
  /// an escape are returned as they are, without a copy.
  public static func stripped(_ line: String) -> String {
    guard line.utf8.contains(0x1B) else { return line }
    return parse(Array(line.utf8), maxLines: 1, expandingTabs: false, keepingLineBreaks: true).first.map {
      $0.map(\.text).joined()
    } ?? ""
  }

  /// The colours of a line (`--ansi`), as UTF-8 ranges of the stripped line.
  public static func colors(_ line: String) -> [StyledRange] {
    guard line.utf8.contains(0x1B) else { return [] }
    var out: [StyledRange] = []
    var offset = 0
    for run in parse(Array(line.utf8), maxLines: 1, expandingTabs: false, keepingLineBreaks: true).first ?? [] {
      let length = run.text.utf8.count
      if run.style != TextStyle() { out.append(StyledRange(range: offset..<offset + length, style: run.style)) }
      offset += length
    }
    return out
  }
}
