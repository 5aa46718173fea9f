import Foundation
import SeekApp
import SeekCore

/// `--height N[%]`: draws the interface in N lines below the cursor, as fzf does, leaving the
/// shell's earlier lines on screen (ncurses always takes the whole screen). Raw mode on /dev/tty,
/// keys parsed from their escape sequences here, frames written as escape sequences.
final class InlineDriver: TerminalDriver {
  private let fd: Int32
  private let heightSpec: String
  private let colors: Bool
  /// Whether clicks and the wheel are reported (`--no-mouse` leaves them to the terminal).
  private let mouse: Bool
  /// The finder's rows are cleared on exit (fzf's `--no-clear` leaves them).
  private let clearsOnExit: Bool
  private var height: Int
  private var pending: [UInt8] = []
  private var decoder = KeyDecoder()
  static let maxBytesPerRead = 1 << 16
  /// Row of the region the terminal cursor is on after the last paint.
  private var cursorRow = 0
  /// The region's first line on the terminal (0-based), asked with a cursor position report;
  /// nil when the terminal did not answer (mouse clicks are then not turned on).
  private var regionTop: Int? = nil
  private var ended = false

  nonisolated(unsafe) static var original = termios()
  nonisolated(unsafe) static var descriptor: Int32 = -1
  nonisolated(unsafe) static var resized: sig_atomic_t = 0

  init(
    height spec: String, minHeight: MinHeight? = nil, colors: Bool, mouse: Bool = true, clearsOnExit: Bool = true
  ) throws {
    fd = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard fd >= 0 else {
      throw TerminalFailure.noTerminal("no terminal to draw on (/dev/tty cannot be opened); use --filter")
    }
    heightSpec = spec
    self.minHeight = minHeight
    // `~N`, and a percentage with `--min-height N+`: the rows depend on what is drawn in them.
    awaitsHeight = spec.hasPrefix("~") || spec.hasSuffix("%") && minHeight?.addsSections == true
    self.colors = colors
    self.mouse = mouse
    self.clearsOnExit = clearsOnExit
    var attributes = termios()
    tcgetattr(fd, &attributes)
    Self.original = attributes
    Self.descriptor = fd
    Self.modesOff = Array(("\r\u{1B}[J\u{1B}[?25h" + KeyParser.disableBracketedPaste + KeyParser.disableMouse).utf8)
    cfmakeraw(&attributes)
    attributes.c_cc.6 = 0  // VMIN (index 6 on Linux): reads return what is there
    attributes.c_cc.5 = 0  // VTIME (index 5)
    tcsetattr(fd, TCSANOW, &attributes)
    height = 1
    // `~N`: the region is taken once the input says how many rows it needs (`settle`).
    if awaitsHeight { height = heightAsked } else { takeRegion() }
    signal(SIGWINCH) { _ in InlineDriver.resized = 1 }
  }

  /// Makes room below the cursor (moving down, scrolling if needed, and back up to the region's
  /// first line), finds where the region is, and turns paste and mouse reporting on. What is
  /// below is erased first, as fzf does (but with `--no-clear`): a terminal then no longer holds
  /// the region's first row as the wrapped end of a command line that filled the row above.
  private func takeRegion(rows: Int? = nil) {
    cursorRow = 0
    previous = nil
    height = min(rows ?? heightAsked, terminalSize().rows)
    write(
      KeyParser.enableBracketedPaste + (clearsOnExit ? "\r\u{1B}[J" : "\r") + String(repeating: "\n", count: height - 1)
        + (height > 1 ? "\u{1B}[\(height - 1)A" : ""))
    regionTop = askCursorRow()
    // Clicks and the wheel as SGR mouse reports, once we know where the region is.
    if regionTop != nil && mouse { write(KeyParser.enableMouse) }
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

  /// `--height ~N`: whether the rows are still to be taken.
  private(set) var awaitsHeight: Bool = false

  /// Takes `rows` rows (at most the height asked) for an adaptive height (`~N`).
  func settle(rows: Int) {
    guard awaitsHeight else { return }
    awaitsHeight = false
    takeRegion(rows: max(1, rows))
    settledRows = height
  }

  /// The rows an adaptive height settled on (nil: not adaptive, or not yet).
  private var settledRows: Int? = nil
  private let minHeight: MinHeight?

  /// The rows `--height` asks of the terminal as it is now (`--min-height`'s N without `+`).
  private var heightAsked: Int {
    Self.height(heightSpec, rows: terminalSize().rows, minimum: minHeight.flatMap { $0.addsSections ? nil : $0.rows })
  }

  /// fzf's `--height`: N rows, N% of the terminal's (at least `minimum`), or `-N` the terminal's
  /// less N; never fewer than three, never more than the terminal has. `~` is read as N.
  static func height(_ spec: String, rows: Int, minimum: Int? = nil) -> Int {
    let spec = spec.hasPrefix("~") ? String(spec.dropFirst()) : spec
    let value: Int
    if spec.hasSuffix("%") {
      value = max(min(max(Int(spec.dropLast()) ?? 100, 0), 100) * rows / 100, minimum ?? 0)
    } else if let n = Int(spec), n < 0 {
      value = rows + n
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

  /// The last frame painted (nil when the region's content is unknown: at start, after a
  /// command had the terminal): only what changed since is written.
  private var previous: ScreenBuffer? = nil

  func paint(_ buffer: ScreenBuffer) {
    var out = "\u{1B}[?25l"
    var row = cursorRow
    for change in buffer.changes(from: previous) {
      out += Self.verticalMove(from: row, to: change.row)
      row = change.row
      out += "\r" + (change.columns.lowerBound > 0 ? "\u{1B}[\(change.columns.lowerBound)C" : "")
      var style: CellStyle? = nil
      for x in change.columns {
        let cell = buffer[x, row]
        if cell.width == 0 { continue }
        if cell.style != style {
          out += Rendition(cell.style, colors: colors).sgr
          style = cell.style
        }
        cell.forEachScalar { out.unicodeScalars.append(Unicode.Scalar($0)!) }
      }
      // A whole row clears what a wider terminal shows past it.
      out += change.columns == 0..<buffer.size.columns ? "\u{1B}[0m\u{1B}[K" : "\u{1B}[0m"
    }
    let target = buffer.cursor?.row ?? max(0, buffer.size.rows - 1)
    out += Self.verticalMove(from: row, to: target)
    if let cursor = buffer.cursor {
      out += "\r" + (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "") + "\u{1B}[?25h"
    }
    cursorRow = target
    previous = buffer
    write(out)
  }

  /// The cursor moved from one row of the region to another (nothing when they are the same).
  private static func verticalMove(from row: Int, to target: Int) -> String {
    target == row ? "" : target > row ? "\u{1B}[\(target - row)B" : "\u{1B}[\(row - target)A"
  }

  func readKeys() -> [Key] {
    var keys: [Key] = []
    if Self.resized != 0 {
      Self.resized = 0
      let (columns, rows) = terminalSize()
      height = min(settledRows ?? Int.max, heightAsked)
      keys.append(.resize(columns: columns, rows: height))
      if regionTop != nil { regionTop = max(0, min(regionTop!, rows - height)) }
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    // At most `maxBytesPerRead` now: the run loop looks at signals between calls, so a flood of
    // input (a huge paste) never keeps Ctrl-C or SIGTERM waiting.
    while pending.count < Self.maxBytesPerRead {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      pending += buffer[0..<n]
    }
    var parsed = decoder.decode(bytes: pending, final: false)
    pending = []
    // An unfinished sequence (a lone Esc, half a marker): wait briefly for the rest, then decide.
    while decoder.isWaiting {
      var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let n = poll(&p, 1, 25) > 0 ? read(fd, &buffer, buffer.count) : 0
      guard n > 0 else {
        parsed += decoder.decode(bytes: [], final: true)
        break
      }
      parsed += decoder.decode(bytes: Array(buffer[0..<n]), final: false)
    }
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
    // fzf's `--no-clear`: the last frame stays, the cursor at its first row (the next finder
    // started there draws over it without a flicker).
    out += (clearsOnExit ? "\r\u{1B}[J" : "\r") + "\u{1B}[?25h" + KeyParser.disableBracketedPaste
    out += regionTop != nil ? KeyParser.disableMouse : ""
    write(out)
    Self.restore()
    close(fd)
  }

  /// Leaves the shell's screen as `end` does (rows cleared, mouse and paste modes off, settings
  /// restored), stops, and on `fg` makes room again below the shell's new lines.
  func suspend() { handOver { ExitSignals.stopAsAJob() } }  // stopped there until `fg`

  func handOver(_ body: () -> Void) {
    var attributes = termios()
    tcgetattr(fd, &attributes)
    var out = ""
    if cursorRow > 0 { out += "\u{1B}[\(cursorRow)A" }
    out += "\r\u{1B}[J\u{1B}[?25h" + KeyParser.disableBracketedPaste + (regionTop != nil ? KeyParser.disableMouse : "")
    write(out)
    Self.restore()
    body()
    tcsetattr(fd, TCSANOW, &attributes)
    takeRegion()
  }

  func redrawAll() { previous = nil }

  func ringBell() { write("\u{07}") }

  /// Restores the terminal's settings (also from a signal handler).
  static func restore() {
    guard descriptor >= 0 else { return }
    tcsetattr(descriptor, TCSANOW, &original)
  }

  /// For a signal handler: settings restored, mouse and paste modes off, the cursor shown.
  static func restoreFromSignal() {
    guard descriptor >= 0 else { return }
    // Bytes made before: no allocation in a handler.
    _ = modesOff.withUnsafeBufferPointer { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    restore()
  }

  nonisolated(unsafe) static var modesOff: [UInt8] = []
}

/// fzf's `--min-height N[+]`: a `--height` in percent takes at least N rows, and with `+` the
/// rows the other sections take besides (the query, the info line, borders, headers): N rows of
/// the list.
public struct MinHeight: Sendable, Equatable {
  public var rows: Int
  public var addsSections: Bool

  public init(rows: Int, addsSections: Bool) {
    (self.rows, self.addsSections) = (rows, addsSections)
  }

  /// fzf's spelling: `N` or `N+`.
  public init?(_ text: String) {
    let plus = text.hasSuffix("+")
    guard let rows = Int(plus ? String(text.dropLast()) : text), rows >= 0 else { return nil }
    (self.rows, self.addsSections) = (rows, plus)
  }
}
