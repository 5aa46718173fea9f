/// Parses fzf's `--bind` text: `KEY:ACTION[+ACTION…][,KEY:…]`. An action's argument is written
/// `name(…)`, or with `[…]`, `{…}`, `<…>`, or between two of `~!@#$%^&*;/|`, so that it may hold
/// commas and pluses; `name:…` takes the rest of the text. Keys are left as names for the caller
/// (the terminal knows keys; `BindEvent` names events).
public enum BindSpec {
  public struct Binding: Sendable, Equatable {
    public var trigger: String
    public var actions: [BindAction]
    /// fzf's `KEY:+ACTION`: the actions go after the ones already bound, not in their place.
    public var appends = false
  }

  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// Actions alone (`down+toggle`), as `transform`'s command prints them.
  public static func parseActions(_ text: String) throws(Failure) -> [BindAction] {
    let trimmed = text.trimming(" \t\n\r")
    guard !trimmed.isEmpty else { return [] }
    return try parse("transform:" + trimmed).flatMap(\.actions)
  }

  public static func parse(_ text: String) throws(Failure) -> [Binding] {
    let chars = Array(text)
    var i = 0
    var out: [Binding] = []
    while i < chars.count {
      let keys = try triggers(chars, &i, text)
      let trigger = keys.joined(separator: ",")
      var actions: [BindAction] = []
      let appends = i < chars.count && chars[i] == "+"
      if appends { i += 1 }
      while true {
        var name = ""
        while i < chars.count && (chars[i].isLetter || chars[i] == "-") {
          name.append(chars[i])
          i += 1
        }
        guard !name.isEmpty else { throw Failure(message: "'\(text)': an action is missing after '\(trigger):'") }
        // `delete-char/eof` and `backward-delete-char/eof`: a name with a slash, not an argument.
        if name.hasSuffix("delete-char"), chars[i...].starts(with: "/eof") {
          name += "/eof"
          i += 4
        }
        var argument: String? = nil
        if i < chars.count, chars[i] == ":" {
          argument = String(chars[(i + 1)...])
          i = chars.count
        } else if i < chars.count, let close = closing(chars[i]) {
          guard let j = argumentEnd(chars, from: i + 1, close: close) else {
            throw Failure(message: "'\(text)': '\(chars[i])' of \(name) is not closed")
          }
          argument = String(chars[(i + 1)..<j])
          i = j + 1
        }
        // `put` alone types the key it is bound to (`a:put`), as fzf's.
        if name == "put" && argument == nil { argument = trigger.count == 1 ? trigger : "" }
        guard let action = BindAction.named(name, argument: argument) else {
          throw Failure(message: "'\(name)\(argument.map { "(\($0))" } ?? "")': unknown action (see seek --help)")
        }
        actions.append(action)
        if i < chars.count && chars[i] == "+" {
          i += 1
          continue
        }
        break
      }
      for name in keys { out.append(Binding(trigger: name, actions: actions, appends: appends)) }
      if i < chars.count {
        guard chars[i] == "," else { throw Failure(message: "'\(text)': unexpected '\(chars[i])'") }
        i += 1
      }
    }
    return out
  }

  /// Where an argument opened just before `start` closes: at the first closing character that
  /// ends the action (the text's end, a `+` or a `,` after it), as fzf reads
  /// `become(… (string split0 …) …)`; else at the first closing character.
  static func argumentEnd(_ chars: [Character], from start: Int, close: Character) -> Int? {
    var first: Int? = nil
    for j in start..<chars.count where chars[j] == close {
      if first == nil { first = j }
      if j + 1 == chars.count || chars[j + 1] == "+" || chars[j + 1] == "," { return j }
    }
    return first
  }

  /// The keys a trigger names: `a,b` is two (a key named ',' stands alone).
  /// The keys or events before the actions, and the ':' after them: one, or several separated by
  /// commas (`focus,resize:…`, fzf 0.59), where a key may be ',' or ':' itself (`u,:,U:up`,
  /// `X,,,Z:toggle-up`) and `alt-,` names its character.
  static func triggers(_ chars: [Character], _ i: inout Int, _ text: String) throws(Failure) -> [String] {
    var keys: [String] = []
    while true {
      var key = ""
      if i < chars.count && (chars[i] == ":" || chars[i] == ",") {
        key = String(chars[i])
        i += 1
      } else {
        while i < chars.count && chars[i] != ":" && chars[i] != "," {
          key.append(chars[i])
          i += 1
        }
        if key.count > 1 && key.hasSuffix("-") && i < chars.count {
          key.append(chars[i])
          i += 1
        }
      }
      guard !key.isEmpty, i < chars.count else { throw Failure(message: "'\(text)': expected KEY:ACTION") }
      keys.append(key)
      let separator = chars[i]
      i += 1
      if separator == ":" { return keys }
    }
  }

  /// The character that closes an argument opened by `c`, if `c` opens one.
  static func closing(_ c: Character) -> Character? {
    switch c {
    case "(": return ")"
    case "[": return "]"
    case "{": return "}"
    case "<": return ">"
    case "~", "!", "@", "#", "$", "%", "^", "&", "*", ";", "/", "|": return c
    default: return nil
    }
  }
}
