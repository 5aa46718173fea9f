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

/// Keys' codes, and the one place a key becomes an event: through Seek's bindings
/// (`DefaultKeymap`), or as text typed. Table-tested.
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

  /// The event of a key, Seek's bindings (`DefaultKeymap`) aside from any `--bind`: a key bound
  /// to one action that is one event sends that event (`BindAction.event`), to more actions
  /// `actionsTriggered`; a key bound to nothing types its character, or does nothing.
  public static func event(for key: Key, history: Bool = false) -> SearchEvent? {
    if let actions = DefaultKeymap.actions(for: key, history: history) {
      return actions.count == 1
        ? actions[0].event ?? .app(.actionsTriggered(actions)) : .app(.actionsTriggered(actions))
    }
    switch key {
    case .paste(let text):
      let flat = String(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : Character($0) })
      return flat.isEmpty ? nil : .query(.inserted(flat))
    case .wheelUp: return .move(.scrolled(lines: -1))
    case .wheelDown: return .move(.scrolled(lines: 1))
    // Any other Alt-key does nothing (never Esc plus text); a function key nobody bound neither.
    case .alt, .function: return nil
    case .click, .resize: return nil  // the app's: hit-tested and laid out by `Layout`
    case .character(let scalar):
      return SafeText.isUnsafe(scalar.value) ? nil : .query(.inserted(String(scalar)))
    }
  }
}
