import CNcursesw
import Foundation
import SeekApp
import SeekCore

/// Every curses call lives here: setup on /dev/tty (so standard output stays free for the accepted
/// selection), reading keys, painting a `ScreenBuffer`, and restoring the terminal.
final class CursesDriver {
  private let input: UnsafeMutablePointer<FILE>
  private let output: UnsafeMutablePointer<FILE>
  private let screen: OpaquePointer
  let inputDescriptor: Int32
  private let colors: Bool
  private var ended = false
  private var decoder = KeyDecoder()
  static let maxKeysPerRead = 1 << 16

  init(colors wantColors: Bool, mouse: Bool = true) throws {
    TerminalLocale.useUTF8()
    guard let input = fopen("/dev/tty", "r"), let output = fopen("/dev/tty", "w") else {
      throw TerminalFailure.noTerminal("no terminal to draw on (/dev/tty cannot be opened); use --filter")
    }
    guard let screen = newterm(nil, output, input) else {
      fclose(input)
      fclose(output)
      throw TerminalFailure.unknownTerminalType(ProcessInfo.processInfo.environment["TERM"] ?? "")
    }
    self.input = input
    self.output = output
    self.screen = screen
    self.inputDescriptor = fileno(input)
    Self.terminalDescriptor = fileno(output)
    Self.modesOff = Array((KeyParser.disableBracketedPaste + KeyParser.disableMouse).utf8)
    set_term(screen)
    raw()
    noecho()
    nonl()
    keypad(seek_stdscr(), true)
    nodelay(seek_stdscr(), true)
    set_escdelay(25)
    if mouse {
      mousemask(seek_wheel_mask(), nil)
      mouseinterval(0)
    }
    fputs(KeyParser.enableBracketedPaste, output)
    fflush(output)
    var colorsOn = false
    if wantColors && has_colors() {
      start_color()
      use_default_colors()
      // Pair 1 + c for each basic foreground c (`Rendition`), on the terminal's own background.
      for color in 0..<8 { init_pair(Int16(1 + color), Int16(color), -1) }
      colorsOn = true
    }
    colors = colorsOn
  }

  var size: ScreenSize { ScreenSize(columns: Int(seek_cols()), rows: Int(seek_lines())) }

  /// Keys available now (without waiting).
  func readKeys() -> [Key] {
    var keys: [Key] = []
    // At most `maxKeysPerRead` now: the run loop looks at signals between calls, so a flood of
    // input (a huge paste) never keeps Ctrl-C or SIGTERM waiting.
    while keys.count < Self.maxKeysPerRead {
      var ch: wint_t = 0
      let kind = wget_wch(seek_stdscr(), &ch)
      if kind == ERR { break }
      if kind == KEY_CODE_YES {
        let code = Int32(bitPattern: ch)
        if code == KEY_RESIZE {
          keys.append(.resize(columns: Int(seek_cols()), rows: Int(seek_lines())))
        } else if code == KEY_MOUSE {
          var event = MEVENT()
          if getmouse(&event) == OK {
            if seek_is_wheel_up(event.bstate) != 0 { keys.append(.wheelUp) }
            if seek_is_wheel_down(event.bstate) != 0 { keys.append(.wheelDown) }
            if seek_is_click(event.bstate) != 0 { keys.append(.click(column: Int(event.x), row: Int(event.y))) }
          }
        } else if let name = keyname(code).map({ String(cString: $0) }),
          name.hasPrefix("kLFT") || name.hasPrefix("kRIT") || name == "kDC5"
        {
          // Ctrl/Alt-Left/Right and Ctrl-Delete have no fixed code: terminfo names them kLFT5,
          // kRIT3, kDC5, …
          let named = name == "kDC5" ? KeyMap.Code.controlDelete : nil
          keys.append(
            .function(named ?? (name.hasPrefix("kLFT") ? KeyMap.Code.wordLeft : KeyMap.Code.wordRight)))
        } else {
          keys.append(.function(code))
        }
      } else if let scalar = Unicode.Scalar(UInt32(ch)) {
        keys.append(.character(scalar))
      }
    }
    return decoder.decode(keys: keys, final: true)
  }

  /// The last frame painted: only what changed since is sent to curses.
  private var previous: ScreenBuffer? = nil
  private var run: [wchar_t] = []

  func paint(_ buffer: ScreenBuffer) {
    if previous.map({ $0.size != buffer.size }) ?? true { werase(seek_stdscr()) }
    for change in buffer.changes(from: previous) {
      var x = change.columns.lowerBound
      while x < change.columns.upperBound {
        let style = buffer[x, change.row].style
        run.removeAll(keepingCapacity: true)
        let start = x
        while x < change.columns.upperBound && buffer[x, change.row].style == style {
          buffer[x, change.row].forEachScalar { run.append(wchar_t(bitPattern: $0)) }
          x += 1
        }
        run.append(0)
        wattrset(seek_stdscr(), Int32(bitPattern: UInt32(truncatingIfNeeded: attributes(style))))
        // Safe: `run` is NUL-terminated and alive for the call; curses copies the characters.
        _ = run.withUnsafeBufferPointer { mvwaddwstr(seek_stdscr(), Int32(change.row), Int32(start), $0.baseAddress) }
      }
    }
    previous = buffer
    wattrset(seek_stdscr(), 0)
    if let cursor = buffer.cursor {
      curs_set(1)
      wmove(seek_stdscr(), Int32(cursor.row), Int32(cursor.column))
    } else {
      curs_set(0)
    }
    wrefresh(seek_stdscr())
  }

  private func attributes(_ style: CellStyle) -> attr_t {
    let rendition = Rendition(style, colors: colors)
    var a: attr_t = 0
    if rendition.bold { a |= seek_a_bold() }
    if rendition.dim { a |= seek_a_dim() }
    if rendition.underline { a |= seek_a_underline() }
    if rendition.reverse { a |= seek_a_reverse() }
    if let foreground = rendition.foreground { a |= seek_color_pair(Int16(1 + foreground)) }
    return a
  }

  /// Restores the terminal; safe to call more than once.
  func end() {
    guard !ended else { return }
    ended = true
    endwin()
    fputs(KeyParser.disableBracketedPaste, output)
    fflush(output)
    delscreen(screen)
    fclose(input)
    fclose(output)
  }

  func suspend() { handOver { ExitSignals.stopAsAJob() } }  // stopped there until `fg`

  func handOver(_ body: () -> Void) {
    endwin()
    fputs(KeyParser.disableBracketedPaste, output)
    fflush(output)
    body()
    fputs(KeyParser.enableBracketedPaste, output)
    fflush(output)
    clearok(seek_stdscr(), true)
    previous = nil
  }

  func redrawAll() {
    clearok(seek_stdscr(), true)
    previous = nil
  }

  func ringBell() { beep() }

  /// For a signal handler: restore the terminal (the process leaves right after).
  static func restoreFromSignal() {
    endwin()
    // Mouse and paste modes off, written straight to the terminal: bytes made before, no
    // allocation here (a crash inside malloc must not deadlock in its handler).
    _ = modesOff.withUnsafeBufferPointer { write(terminalDescriptor, $0.baseAddress, $0.count) }
  }

  /// The terminal's descriptor and what turns its modes off, for `restoreFromSignal`.
  nonisolated(unsafe) static var terminalDescriptor: Int32 = -1
  nonisolated(unsafe) static var modesOff: [UInt8] = []
}
