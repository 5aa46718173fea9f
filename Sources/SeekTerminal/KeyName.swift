import SeekApp
import SeekCore

/// fzf's key names (`ctrl-x`, `alt-x`, `f1`, `enter`, `btab`, …): what `--expect` (and `--bind`)
/// name, and the keys the terminal sends for each. A name may stand for several keys (Enter is
/// CR, LF or curses' KEY_ENTER); a key is named by the first name that lists it.
public enum KeyName {
  /// The keys a name stands for; nil for a name Seek does not know.
  public static func keys(_ name: String) -> [Key]? {
    let lower = name.lowercased()
    if let named = named[lower] { return named }
    if lower.hasPrefix("ctrl-"), let letter = single(lower.dropFirst(5)), ("a"..."z").contains(letter) {
      return [.character(Unicode.Scalar(letter.value - 0x60)!)]
    }
    if lower.hasPrefix("alt-"), let scalar = single(name.dropFirst(4)), scalar.value >= 0x21, scalar.value < 0x7F {
      return [.alt(scalar)]
    }
    if lower.hasPrefix("f"), let n = Int32(lower.dropFirst()), (1...12).contains(n) {
      return [.function(KeyMap.Code.f(n))]
    }
    // A printable character stands for itself (`--expect=,`).
    if let scalar = single(Substring(name)), scalar.value > 0x20, scalar.value != 0x7F, !SafeText.isUnsafe(scalar.value)
    {
      return [.character(scalar)]
    }
    return nil
  }

  /// Parses fzf's comma-separated list (`ctrl-v,ctrl-t,alt-,`: a comma after a dash, or a lone
  /// comma, is the comma key). Returns the map from keys to the name given, or the unknown name.
  public static func parseList(_ text: String) -> Result<[NamedKey], UnknownName> {
    var names: [String] = []
    var current = ""
    for character in text {
      if character == ",", !current.isEmpty, !current.hasSuffix("-") {
        names.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { names.append(current) }
    var out: [NamedKey] = []
    for name in names {
      guard let keys = keys(name) else { return .failure(UnknownName(name: name)) }
      out.append(NamedKey(name: name, keys: keys))
    }
    return .success(out)
  }

  public struct UnknownName: Error, Equatable { public var name: String }

  /// A key as the user named it, and the keys the terminal sends for it.
  public struct NamedKey: Sendable, Equatable {
    public var name: String
    public var keys: [Key]

    public init(name: String, keys: [Key]) {
      self.name = name
      self.keys = keys
    }
  }

  /// fzf's name of a key (`FZF_KEY`): `tab`, `enter`, `space`, `ctrl-a`, `alt-x`, `f1`, or a
  /// character itself; nil for a key without one (a paste, a click).
  public static func name(of key: Key) -> String? {
    if let name = canonical.first(where: { named[$0]?.contains(key) == true }) { return name }
    switch key {
    case .character(let scalar) where (1...26).contains(scalar.value):
      return "ctrl-" + String(Unicode.Scalar(scalar.value + 0x60)!)
    case .character(let scalar) where scalar.value > 0x20 && !SafeText.isUnsafe(scalar.value):
      return String(scalar)
    case .alt(let scalar) where scalar.value > 0x20 && !SafeText.isUnsafe(scalar.value):
      return "alt-" + String(scalar)
    case .function(let code) where (KeyMap.Code.f(1)...KeyMap.Code.f(12)).contains(code):
      return "f\(code - KeyMap.Code.f(0))"
    default:
      return nil
    }
  }

  /// The names `name(of:)` gives first, where a key has several (`enter`, not `return`).
  private static let canonical = [
    "enter", "esc", "tab", "btab", "space", "bspace", "del", "up", "down", "left", "right", "home", "end", "pgup",
    "pgdn", "alt-enter", "alt-space", "shift-delete", "ctrl-delete", "ctrl-left", "ctrl-right",
  ]

  private static func single(_ text: Substring) -> Unicode.Scalar? {
    let scalars = text.unicodeScalars
    return scalars.count == 1 ? scalars.first : nil
  }

  private static let enter: [Key] = [.character("\r"), .character("\n"), .function(KeyMap.Code.enter)]
  private static let backspace: [Key] = [.character("\u{7F}"), .character("\u{08}"), .function(KeyMap.Code.backspace)]

  private static let named: [String: [Key]] = [
    "enter": enter,
    "return": enter,
    "esc": [.character("\u{1B}")],
    "tab": [.character("\t")],
    "btab": [.function(KeyMap.Code.backTab)],
    "shift-tab": [.function(KeyMap.Code.backTab)],
    "space": [.character(" ")],
    "alt-enter": [.alt("\r")],
    "alt-space": [.alt(" ")],
    "bspace": backspace,
    "bs": backspace,
    "del": [.function(KeyMap.Code.delete)],
    "delete": [.function(KeyMap.Code.delete)],
    "shift-delete": [.function(KeyMap.Code.shiftDelete)],
    "ctrl-delete": [.function(KeyMap.Code.controlDelete)],
    "up": [.function(KeyMap.Code.up)],
    "down": [.function(KeyMap.Code.down)],
    "left": [.function(KeyMap.Code.left)],
    "right": [.function(KeyMap.Code.right)],
    "home": [.function(KeyMap.Code.home)],
    "end": [.function(KeyMap.Code.end)],
    "pgup": [.function(KeyMap.Code.pageUp)],
    "page-up": [.function(KeyMap.Code.pageUp)],
    "pgdn": [.function(KeyMap.Code.pageDown)],
    "page-down": [.function(KeyMap.Code.pageDown)],
    // Ctrl- and Alt-Left and -Right: one code each way (their sequences differ by terminal).
    "ctrl-left": [.function(KeyMap.Code.wordLeft)],
    "alt-left": [.function(KeyMap.Code.wordLeft)],
    "ctrl-right": [.function(KeyMap.Code.wordRight)],
    "alt-right": [.function(KeyMap.Code.wordRight)],
    "shift-up": [.function(KeyMap.Code.shiftUp)],
    "shift-down": [.function(KeyMap.Code.shiftDown)],
    "ctrl-space": [.character("\u{0}")],
    "ctrl-/": [.character("\u{1F}")],
    "ctrl-_": [.character("\u{1F}")],
    "alt-bspace": [.alt("\u{7F}"), .alt("\u{08}")],
  ]
}
