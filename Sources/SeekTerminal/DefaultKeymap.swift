import SeekApp

/// Seek's keys, in `--bind`'s terms, as fzf keeps its own (`defaultKeymap()`): one vocabulary of
/// actions for the keys Seek binds and the keys a user binds. A `--bind` of a key replaces its
/// row here (`unbind` puts the row back). `KeyMap` only names the keys that are no binding: text
/// typed or pasted, the wheel, clicks.
public enum DefaultKeymap {
  /// Key names (`KeyName`) and the actions bound to them (`BindAction.named`), in `--bind`'s
  /// words; `--help` lists them.
  public static let table: [(key: String, actions: String)] = [
    // The query line, as readline edits it.
    ("ctrl-a", "beginning-of-line"), ("home", "beginning-of-line"),
    ("ctrl-e", "end-of-line"), ("end", "end-of-line"),
    ("ctrl-b", "backward-char"), ("left", "backward-char"),
    ("ctrl-f", "forward-char"), ("right", "forward-char"),
    ("alt-b", "backward-word"), ("alt-B", "backward-word"), ("ctrl-left", "backward-word"),
    ("alt-f", "forward-word"), ("alt-F", "forward-word"), ("ctrl-right", "forward-word"),
    ("bspace", "backward-delete-char"), ("del", "delete-char"), ("ctrl-d", "delete-char/eof"),
    ("ctrl-w", "unix-word-rubout"), ("alt-bspace", "backward-kill-word"),
    ("alt-d", "kill-word"), ("alt-D", "kill-word"),
    ("ctrl-u", "unix-line-discard"), ("ctrl-k", "kill-line"), ("ctrl-y", "yank"),
    // Moving through the suggestions, then the results.
    ("up", "up"), ("ctrl-p", "up"), ("down", "down"), ("ctrl-n", "down"),
    ("pgup", "page-up"), ("pgdn", "page-down"),
    // Keys that mean one thing in the query, another on a suggestion or a result.
    ("enter", "submit-or-accept"), ("tab", "complete-or-toggle-down"), ("btab", "toggle-up-or-up"),
    ("space", "toggle-or-space"), ("esc", "back"), ("ctrl-c", "interrupt"),
    // Refining and looking.
    ("f2", "toggle-refinements"), ("f3", "cycle-sort"), ("f4", "clear-refinements"),
    ("f5", "toggle-details"), ("ctrl-/", "toggle-details"),
    ("shift-up", "preview-up"), ("shift-down", "preview-down"),
  ]

  /// With `--history`, Ctrl-P and Ctrl-N walk it instead of moving (as fzf binds them then).
  public static let historyTable: [(key: String, actions: String)] = [
    ("ctrl-p", "prev-history"), ("ctrl-n", "next-history"),
  ]

  /// A row read: the keys its name stands for and its actions.
  public struct Binding: Sendable {
    public let keys: [Key]
    public let actions: [BindAction]
  }

  /// The table read once; a row that does not read is a mistake in this file
  /// (`DefaultKeymapTests` reads every row).
  static let bindings: [Binding] = table.map(binding)
  static let historyBindings: [Binding] = historyTable.map(binding)

  static func binding(_ row: (key: String, actions: String)) -> Binding {
    guard let keys = KeyName.keys(row.key), let parsed = try? BindSpec.parse("\(row.key):\(row.actions)"),
      let actions = parsed.first?.actions
    else { preconditionFailure("Seek's default key \(row.key):\(row.actions) does not read") }
    return Binding(keys: keys, actions: actions)
  }

  /// Each key's actions by name (with `--history`, its rows over the others), for `trigger`.
  public static func actionsByName(history: Bool) -> [String: [BindAction]] {
    var named: [String: [BindAction]] = [:]
    for (row, binding) in zip(table, bindings) { named[row.key.lowercased()] = binding.actions }
    if history {
      for (row, binding) in zip(historyTable, historyBindings) { named[row.key.lowercased()] = binding.actions }
    }
    return named
  }

  /// The actions Seek binds `key` to (nil: none).
  public static func actions(for key: Key, history: Bool = false) -> [BindAction]? {
    if history, let row = historyBindings.first(where: { $0.keys.contains(key) }) { return row.actions }
    return bindings.first { $0.keys.contains(key) }?.actions
  }
}
