import SeekApp
import SeekCore
import SeekTerminal

extension Flag {
  static let bindings = FlagGroup(
    "BINDINGS",
    [
      Flag(
        ["--bind"], .required("KEY:ACTION[+ACTION],..."),
        "fzf's bindings: KEY a key name or an event (start, change, result, one, zero, load, focus, backward-eof); ACTION accept, accept-non-empty, abort, up, down, first, last, page-up, page-down, toggle, toggle+down, select-all, deselect-all, toggle-all, clear-selection, next-selected, prev-selected, clear-query, change-query(..), put(..), change-prompt(..), change-header(..), toggle-preview, preview-up, preview-down, print-query, execute(cmd), execute-silent(cmd), become(cmd), reload(cmd), transform(cmd), preview(cmd), change-preview-window(..), refresh-preview, enable-search, disable-search, toggle-search, jump, jump-accept, unbind(..), rebind(..), toggle-bind(..), wait, ignore; {} {+} {q} {n} {+n} {1} {attr} in commands, shell-quoted. Seek's keys as bindings (a --bind of the key replaces them): f2:toggle-refinements, f3:cycle-sort, f4:clear-refinements, f5:toggle-details (ctrl-/ too), tab:toggle+down on a result, btab:toggle+up, ctrl-d:delete-char/eof, ctrl-c,esc:abort (lines); double-click:accept"
      ) { o, r throws(Options.ParseError) in try Self.bind(&o, &r) },
      Flag(
        ["--expect"], .required("KEYS"),
        "these keys accept too (fzf's names: ctrl-v, alt-x, f1, tab, …); the key is printed first (an empty line for Enter)"
      ) { o, r throws(Options.ParseError) in
        let text = try r.value()
        switch KeyName.parseList(text) {
        case .success(let keys): o.expect += keys
        case .failure(let unknown):
          throw .invalidValue(flag: r.flag, value: unknown.name, expected: "a key name such as ctrl-x, alt-x, f1, tab")
        }
      },
      // fzf's old spelling of `--bind KEY:toggle-sort`.
      Flag(["--toggle-sort"], .required("KEY"), "KEY switches between ranked and input order (fzf's)") {
        o, r throws(Options.ParseError) in
        let key = try r.value()
        guard let keys = KeyName.keys(key) else {
          throw .invalidValue(flag: r.flag, value: key, expected: "a key name, e.g. ctrl-r")
        }
        o.keyBindings.append(Options.KeyBinding(key: .init(name: key, keys: keys), actions: [.toggleSort]))
      },
    ])

  /// `--bind`: each binding to a key, to `double-click`, or to an event.
  private static func bind(_ o: inout Options, _ r: inout Options.FlagReader) throws(Options.ParseError) {
    let text = try r.value()
    let bindings: [BindSpec.Binding]
    do { bindings = try BindSpec.parse(text) } catch {
      throw .invalidValue(flag: r.flag, value: text, expected: "KEY:ACTION[+ACTION], as fzf's (\(error))")
    }
    for binding in bindings {
      if let event = BindEvent(rawValue: binding.trigger) {
        o.eventBindings[event] = binding.actions
      } else if binding.trigger == "double-click" {
        // Not a key the terminal sends: `TerminalApp` tells a double click from two clicks.
        o.keyBindings.append(
          Options.KeyBinding(key: .init(name: "double-click", keys: []), actions: binding.actions))
      } else if let keys = KeyName.keys(binding.trigger) {
        o.keyBindings.append(
          Options.KeyBinding(key: .init(name: binding.trigger, keys: keys), actions: binding.actions))
      } else {
        throw .invalidValue(
          flag: r.flag, value: binding.trigger,
          expected: "a key (ctrl-x, alt-x, f1, enter, …) or an event (start, change, …)")
      }
    }
  }
}
