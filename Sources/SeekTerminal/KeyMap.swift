import SeekApp
import SeekCore

/// A key as read from the terminal.
public enum Key: Sendable, Equatable {
  /// A typed character (or a control byte, as its scalar).
  case character(Unicode.Scalar)
  /// A curses function key code (KEY_UP, …), passed as its number.
  case function(Int32)
  /// Esc followed at once by a key: Alt-key (Meta), as terminals send it.
  case alt(Unicode.Scalar)
  /// Text pasted in bracketed-paste mode: inserted as text, its line breaks never pressing Enter.
  case paste(String)
  case wheelUp
  case wheelDown
  /// The left button pressed on a cell (0-based, in the app's own coordinates).
  case click(column: Int, row: Int)
  case resize(columns: Int, rows: Int)
}

/// The one place keys become events. Table-tested.
public enum KeyMap {
  /// curses key codes used here (their values in ncurses 6).
  public enum Code {
    public static let down: Int32 = 0o402
    public static let up: Int32 = 0o403
    public static let left: Int32 = 0o404
    public static let right: Int32 = 0o405
    public static let home: Int32 = 0o406
    public static let backspace: Int32 = 0o407
    public static let delete: Int32 = 0o512
    /// curses' KEY_SDC.
    public static let shiftDelete: Int32 = 0o577
    /// Ctrl-Delete (no fixed curses code: terminfo's kDC5, or CSI 3;5~).
    public static let controlDelete: Int32 = 0x1_0010
    public static let pageDown: Int32 = 0o522
    public static let pageUp: Int32 = 0o523
    public static let enter: Int32 = 0o527
    public static let backTab: Int32 = 0o541
    public static let end: Int32 = 0o550
    /// Ctrl/Alt-Left and -Right (no fixed curses code: decoded from their sequences or key names).
    public static let wordLeft: Int32 = 0x1_0001
    public static let wordRight: Int32 = 0x1_0002
    /// KEY_F(n) is KEY_F0 + n.
    public static func f(_ n: Int32) -> Int32 { 0o410 + n }
    public static let f2: Int32 = 0o410 + 2
    public static let f3: Int32 = 0o410 + 3
    public static let f4: Int32 = 0o410 + 4
    public static let f5: Int32 = 0o410 + 5
    /// Shift-Up and Shift-Down (curses KEY_SR / KEY_SF): scroll the details pane, as fzf's
    /// preview-up/down.
    public static let shiftUp: Int32 = 0o521
    public static let shiftDown: Int32 = 0o520
  }

  /// Two clicks on the same row within this many seconds are a double click.
  public static let doubleClickSeconds = 0.4

  public static func event(for key: Key) -> SearchEvent? {
    switch key {
    case .alt(let scalar):
      // readline's Meta bindings; any other Alt-key does nothing (never Esc plus text).
      switch scalar {
      case "b", "B": return .cursorMoved(.wordLeft)
      case "f", "F": return .cursorMoved(.wordRight)
      case "d", "D": return .deletedWordForward
      case "\u{7F}", "\u{08}": return .deletedWordPartBackward
      default: return nil
      }
    case .paste(let text):
      let flat = String(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : Character($0) })
      return flat.isEmpty ? nil : .inserted(flat)
    case .click, .resize: return nil  // the app's: hit-tested and laid out by `Layout`
    case .wheelUp: return .scrolled(lines: -1)
    case .wheelDown: return .scrolled(lines: 1)
    case .function(let code):
      switch code {
      case Code.up: return .movedUp
      case Code.down: return .movedDown
      case Code.left: return .cursorMoved(.left)
      case Code.right: return .cursorMoved(.right)
      case Code.home: return .cursorMoved(.home)
      case Code.end: return .cursorMoved(.end)
      case Code.backspace: return .deletedBackward
      case Code.delete: return .deletedForward
      case Code.pageUp: return .pagedUp
      case Code.pageDown: return .pagedDown
      case Code.enter: return .enterPressed
      case Code.backTab: return .backTabPressed
      case Code.wordLeft: return .cursorMoved(.wordLeft)
      case Code.wordRight: return .cursorMoved(.wordRight)
      // Refining: function keys, so that no editing key is taken.
      case Code.f2: return .refinementPaneToggled
      case Code.f3: return .sortCycled
      case Code.f4: return .refinementsCleared
      // Looking: F5 toggles the details pane (or the preview); Shift-Up/Down scroll it.
      case Code.f5: return .detailsToggled
      case Code.shiftUp: return .detailsScrolled(lines: -1)
      case Code.shiftDown: return .detailsScrolled(lines: 1)
      default: return nil
      }
    case .character(let scalar):
      switch scalar.value {
      case 0x01: return .cursorMoved(.home)  // Ctrl-A
      case 0x02: return .cursorMoved(.left)  // Ctrl-B
      case 0x03: return .interrupted  // Ctrl-C
      case 0x04: return .deletedForwardOrQuit  // Ctrl-D: quits on an empty query
      case 0x19: return .yanked  // Ctrl-Y
      case 0x05: return .cursorMoved(.end)  // Ctrl-E
      case 0x06: return .cursorMoved(.right)  // Ctrl-F
      case 0x08, 0x7F: return .deletedBackward  // Ctrl-H, DEL
      case 0x09: return .tabPressed
      case 0x0A, 0x0D: return .enterPressed
      case 0x0E: return .movedDown  // Ctrl-N
      case 0x10: return .movedUp  // Ctrl-P
      case 0x0B: return .deletedToEnd  // Ctrl-K
      case 0x15: return .deletedToStart  // Ctrl-U (readline: to the start of the line)
      case 0x17: return .deletedWordBackward  // Ctrl-W
      case 0x1B: return .escapePressed
      case 0x1F: return .detailsToggled  // Ctrl-/ (sent as Ctrl-_), fzf users' toggle-preview
      case 0x20: return .spacePressed
      default:
        return SafeText.isUnsafe(scalar.value) ? nil : .inserted(String(scalar))
      }
    }
  }
}
