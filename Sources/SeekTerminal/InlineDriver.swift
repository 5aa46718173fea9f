import Foundation
import SeekCore

/// `--height N[%]`: draws the interface in N lines below the cursor, as fzf does, leaving the
/// shell's earlier lines on screen (ncurses always takes the whole screen). Raw mode on /dev/tty,
/// keys parsed from their escape sequences here, frames written as escape sequences.
final class InlineDriver: TerminalDriver {
  private let fd: Int32
  private let heightSpec: String
  private let colors: Bool
  private var height: Int
  private var pending: [UInt8] = []
  /// Row of the region the terminal cursor is on after the last paint.
  private var cursorRow = 0
  /// The region's first line on the terminal (0-based), asked with a cursor position report;
  /// nil when the terminal did not answer (mouse clicks are then not turned on).
  private var regionTop: Int? = nil
  private var ended = false

  nonisolated(unsafe) static var original = termios()
  nonisolated(unsafe) static var descriptor: Int32 = -1
  nonisolated(unsafe) static var resized: sig_atomic_t = 0

  init(height spec: String, colors: Bool) throws {
    fd = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard fd >= 0 else {
      throw CursesDriver.Failure.noTerminal("no terminal to draw on (/dev/tty cannot be opened); use --filter")
    }
    heightSpec = spec
    self.colors = colors
    var attributes = termios()
    tcgetattr(fd, &attributes)
    Self.original = attributes
    Self.descriptor = fd
    cfmakeraw(&attributes)
    attributes.c_cc.6 = 0  // VMIN (index 6 on Linux): reads return what is there
    attributes.c_cc.5 = 0  // VTIME (index 5)
    tcsetattr(fd, TCSANOW, &attributes)
    height = 1
    height = Self.height(spec, rows: terminalSize().rows)
    // Make room: move down (scrolling if needed) and back up to the region's first line.
    write(
      KeyParser.enableBracketedPaste + "\r" + String(repeating: "\n", count: height - 1)
        + (height > 1 ? "\u{1B}[\(height - 1)A" : ""))
    regionTop = askCursorRow()
    // Clicks and the wheel as SGR mouse reports, once we know where the region is.
    if regionTop != nil { write(KeyParser.enableMouse) }
    signal(SIGWINCH) { _ in InlineDriver.resized = 1 }
  }

  /// The cursor's row (0-based) from a Device Status Report, waiting at most 200 ms; bytes that
  /// arrive meanwhile and are not the report are kept as input.
  private func askCursorRow() -> Int? {
    write("\u{1B}[6n")
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    let deadline = Date().addingTimeInterval(0.2)
    while Date() < deadline {
      var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&p, 1, 20) > 0 else { continue }
      let n = read(fd, &buffer, buffer.count)
      if n > 0 { received += buffer[0..<n] }
      // ESC [ row ; column R
      if let r = received.lastIndex(of: UInt8(ascii: "R")),
        let start = received[..<r].lastIndex(of: 0x1B), start + 1 < r, received[start + 1] == UInt8(ascii: "[")
      {
        let fields = String(decoding: received[(start + 2)..<r], as: UTF8.self).split(separator: ";")
        pending += received[..<start] + received[(r + 1)...]
        guard fields.count == 2, let row = Int(fields[0]), row >= 1 else { return nil }
        return row - 1
      }
    }
    pending += received
    return nil
  }

  static func height(_ spec: String, rows: Int) -> Int {
    let value: Int
    if spec.hasSuffix("%") {
      value = min(max(Int(spec.dropLast()) ?? 100, 0), 100) * rows / 100
    } else {
      value = Int(spec) ?? rows
    }
    return max(3, min(value, max(rows, 1)))
  }

  var inputDescriptor: Int32 { fd }

  private func terminalSize() -> (columns: Int, rows: Int) {
    var size = winsize()
    if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return (Int(size.ws_col), Int(size.ws_row))
    }
    return (80, 24)
  }

  var size: ScreenSize { ScreenSize(columns: terminalSize().columns, rows: height) }

  private func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      // Safe: offset < bytes.count, and write() reads at most count - offset bytes from there.
      let n = bytes.withUnsafeMutableBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n <= 0 { break }
      offset += n
    }
  }

  func paint(_ buffer: ScreenBuffer) {
    var out = "\u{1B}[?25l"
    if cursorRow > 0 { out += "\u{1B}[\(cursorRow)A" }
    for row in 0..<buffer.size.rows {
      out += "\r"
      var style: CellStyle? = nil
      for x in 0..<buffer.size.columns {
        let cell = buffer[x, row]
        if cell.width == 0 { continue }
        if cell.style != style {
          out += sgr(cell.style)
          style = cell.style
        }
        cell.forEachScalar { out.unicodeScalars.append(Unicode.Scalar($0)!) }
      }
      out += "\u{1B}[0m\u{1B}[K"
      if row < buffer.size.rows - 1 { out += "\n" }
    }
    let last = max(0, buffer.size.rows - 1)
    if let cursor = buffer.cursor {
      if last - cursor.row > 0 { out += "\u{1B}[\(last - cursor.row)A" }
      out += "\r" + (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "") + "\u{1B}[?25h"
      cursorRow = cursor.row
    } else {
      cursorRow = last
    }
    write(out)
  }

  private func sgr(_ style: CellStyle) -> String {
    var codes = ["0"]
    if style.contains(.bold) { codes.append("1") }
    let coloured = colors && (!style.isDisjoint(with: [.match, .accent, .detail, .prompt]) || style.color != nil)
    if style.contains(.dim) && !coloured { codes.append("2") }
    if style.contains(.underline) || (style.contains(.match) && !colors) { codes.append("4") }
    if style.contains(.reverse) { codes.append("7") }
    if colors {
      if style.contains(.match) {
        codes.append("33")
      } else if style.contains(.accent) {
        codes.append("32")
      } else if style.contains(.detail) {
        codes.append("36")
      } else if style.contains(.prompt) {
        codes.append("34")
      } else if let color = style.color {
        codes.append("\(30 + Int(color))")
      }
    }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  func readKeys() -> [Key] {
    var keys: [Key] = []
    if Self.resized != 0 {
      Self.resized = 0
      let (columns, rows) = terminalSize()
      height = Self.height(heightSpec, rows: rows)
      keys.append(.resize(columns: columns, rows: height))
      if regionTop != nil { regionTop = max(0, min(regionTop!, rows - height)) }
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      pending += buffer[0..<n]
    }
    // A lone Esc: wait briefly for the rest of a sequence before deciding.
    if pending.last == 0x1B {
      var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if poll(&p, 1, 25) > 0 {
        let n = read(fd, &buffer, buffer.count)
        if n > 0 { pending += buffer[0..<n] }
      }
    }
    let (parsed, rest) = KeyParser.parse(pending, final: true)
    pending = rest
    // Clicks come in terminal coordinates: made relative to the region, or dropped outside it.
    let inRegion = parsed.compactMap { key -> Key? in
      guard case .click(let column, let row) = key else { return key }
      guard let top = regionTop, row >= top, row < top + height else { return nil }
      return .click(column: column, row: row - top)
    }
    return keys + inRegion
  }

  func end() {
    guard !ended else { return }
    ended = true
    var out = ""
    if cursorRow > 0 { out += "\u{1B}[\(cursorRow)A" }
    out += "\r\u{1B}[J\u{1B}[?25h" + KeyParser.disableBracketedPaste + (regionTop != nil ? KeyParser.disableMouse : "")
    write(out)
    Self.restore()
    close(fd)
  }

  func suspend() {
    var attributes = termios()
    tcgetattr(fd, &attributes)
    Self.restore()
    raise(SIGTSTP)  // stopped here until `fg`
    tcsetattr(fd, TCSANOW, &attributes)
  }

  /// Restores the terminal's settings (also from a signal handler).
  static func restore() {
    guard descriptor >= 0 else { return }
    tcsetattr(descriptor, TCSANOW, &original)
  }
}

/// Turns the bytes a terminal sends into keys: UTF-8 text, control bytes, and the escape sequences
/// of arrows, Home/End, PageUp/PageDown, Delete and Shift-Tab (CSI and SS3 forms). Table-tested.
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
        if bytes[i...].starts(with: pasteStart) {
          // Bracketed paste: everything up to the end marker is text.
          let from = i + pasteStart.count
          guard let end = firstIndex(of: pasteEnd, in: bytes, from: from) else {
            if final {
              keys.append(.paste(String(decoding: bytes[from...], as: UTF8.self)))
              return (keys, [])
            }
            return (keys, Array(bytes[i...]))
          }
          keys.append(.paste(String(decoding: bytes[from..<end], as: UTF8.self)))
          i = end + pasteEnd.count
          continue
        }
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
        if next != 0x1B && (next >= 0x20 || next == 0x08), next < 0x80 {
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

  static let pasteStart = Array("\u{1B}[200~".utf8)
  static let pasteEnd = Array("\u{1B}[201~".utf8)
  /// Asks the terminal to bracket pasted text (and stops asking).
  public static let enableBracketedPaste = "\u{1B}[?2004h"
  public static let disableBracketedPaste = "\u{1B}[?2004l"
  /// Button presses (1000) reported in SGR form (1006): `CSI < button ; column ; row M`.
  public static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
  public static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"

  static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
    for i in start...(bytes.count - needle.count) where bytes[i] == needle[0] && bytes[i...].starts(with: needle) {
      return i
    }
    return nil
  }

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
      if next == "[" && Self.starts(keys, at: i, with: pasteStart) {
        // Bracketed paste: the characters up to the end marker are text.
        var j = i + pasteStart.count
        var text = String.UnicodeScalarView()
        while j < keys.count && !Self.starts(keys, at: j, with: pasteEnd) {
          switch keys[j] {
          case .character(let c): text.append(c)
          case .function(KeyMap.Code.enter): text.append("\n")
          default: break
          }
          j += 1
        }
        out.append(.paste(String(text)))
        i = min(keys.count, j + pasteEnd.count)
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
      if next != "\u{1B}" && (next.value >= 0x20 || next.value == 0x08) && next.value < 0x80 {
        out.append(.alt(next))
        i += 2
        continue
      }
      out.append(keys[i])
      i += 1
    }
    return out
  }

  static func starts(_ keys: [Key], at i: Int, with bytes: [UInt8]) -> Bool {
    guard i + bytes.count <= keys.count else { return false }
    for (k, b) in bytes.enumerated() where keys[i + k] != .character(Unicode.Scalar(b)) { return false }
    return true
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
    case _ where parameters == "[": return nil
    case UInt8(ascii: "A"): return .function(modifier == 2 ? KeyMap.Code.shiftUp : KeyMap.Code.up)
    case UInt8(ascii: "B"): return .function(modifier == 2 ? KeyMap.Code.shiftDown : KeyMap.Code.down)
    case UInt8(ascii: "C"): return .function(byWord ? KeyMap.Code.wordRight : KeyMap.Code.right)
    case UInt8(ascii: "D"): return .function(byWord ? KeyMap.Code.wordLeft : KeyMap.Code.left)
    case UInt8(ascii: "H"): return .function(KeyMap.Code.home)
    case UInt8(ascii: "F"): return .function(KeyMap.Code.end)
    case UInt8(ascii: "Z"): return .function(KeyMap.Code.backTab)
    case UInt8(ascii: "Q"): return .function(KeyMap.Code.f2)  // SS3 Q (xterm F2)
    case UInt8(ascii: "R"): return .function(KeyMap.Code.f3)
    case UInt8(ascii: "S"): return .function(KeyMap.Code.f4)
    case UInt8(ascii: "~"):
      switch parameters.split(separator: ";").first {
      case "1", "7": return .function(KeyMap.Code.home)
      case "4", "8": return .function(KeyMap.Code.end)
      case "3": return .function(KeyMap.Code.delete)
      case "5": return .function(KeyMap.Code.pageUp)
      case "6": return .function(KeyMap.Code.pageDown)
      case "12": return .function(KeyMap.Code.f2)  // CSI 12~ (rxvt, Linux console style F2)
      case "13": return .function(KeyMap.Code.f3)
      case "14": return .function(KeyMap.Code.f4)
      case "15": return .function(KeyMap.Code.f5)
      default: return nil
      }
    default: return nil
    }
  }
}
