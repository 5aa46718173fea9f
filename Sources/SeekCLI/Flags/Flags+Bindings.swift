import SeekApp
import SeekCore
import SeekTerminal

extension Flag {
  static let bindings = FlagGroup(
    "BINDINGS",
    [
      Flag(
        ["--bind"], .required("KEY:ACTION[+ACTION],..."),
        "fzf's bindings: KEY a key name or an event (start, change, result, result-final, one, zero, load, focus, backward-eof, multi, resize, jump, jump-cancel, click-header, click-footer, every(N)); ACTION accept, accept-non-empty, accept-or-print-query, abort, cancel, up, down, first, last, pos(N), page-up, page-down, toggle, toggle+down, toggle-up, select, deselect, select-all, deselect-all, toggle-all, clear-multi, next-selected, prev-selected, half-page-up, half-page-down, offset-up, offset-down, offset-middle, exclude, clear-query, change-query(..), replace-query, search(..), put(..), change-prompt(..), change-header(..), change-footer(..), change-pointer(..), change-multi(..), toggle-preview, show-preview, hide-preview, preview-up, preview-down, preview-top, preview-bottom, preview-page-up, preview-page-down, change-preview(cmd), close, toggle-header, change-ghost(..), change-border-label(..), change-list-label(..) (input, header, footer), print(..), bell, clear-screen, toggle-preview-wrap, print-query, execute(cmd), execute-silent(cmd), become(cmd), reload(cmd), transform(cmd), transform-query(cmd), bg-transform(cmd), change-nth(..), change-with-nth(..), change-header-lines(N), toggle-hscroll, preview(cmd), change-preview-window(..), refresh-preview, enable-search, disable-search, toggle-search, show-input, hide-input, toggle-input, toggle-sort, jump, jump-accept, unbind(..), rebind(..), toggle-bind(..), trigger(..), wait, ignore, the readline actions (backward-char, kill-word, yank, prev-history, …), and Seek's own (toggle-refinements, cycle-sort, clear-refinements, toggle-details, and the keys under KEYS: submit-or-accept, complete-or-toggle-down, toggle-up-or-up, toggle-or-space, back, interrupt); {} {+} {q} {n} {+n} {1} {attr} in commands, shell-quoted"
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
        o.eventBindings[event] = (binding.appends ? o.eventBindings[event] ?? [] : []) + binding.actions
      } else if TimerBinding.isTimer(binding.trigger) {
        guard let milliseconds = TimerBinding.milliseconds(of: binding.trigger) else {
          throw .invalidValue(
            flag: r.flag, value: binding.trigger, expected: "every(N), N seconds above 0, e.g. every(0.5)")
        }
        o.timerBindings.removeAll { $0.name == binding.trigger }
        o.timerBindings.append(
          TimerBinding(name: binding.trigger, milliseconds: milliseconds, actions: binding.actions))
      } else if binding.trigger == "double-click" {
        // Not a key the terminal sends: `TerminalApp` tells a double click from two clicks.
        o.keyBindings.append(
          Options.KeyBinding(key: .init(name: "double-click", keys: []), actions: binding.actions))
      } else if let keys = KeyName.keys(binding.trigger) {
        let before = binding.appends ? o.keyBindings.last { $0.key.name == binding.trigger }?.actions ?? [] : []
        o.keyBindings.append(
          Options.KeyBinding(key: .init(name: binding.trigger, keys: keys), actions: before + binding.actions))
      } else {
        throw .invalidValue(
          flag: r.flag, value: binding.trigger,
          expected: "a key (ctrl-x, alt-x, f1, enter, …) or an event (start, change, every(N), …)")
      }
    }
  }
}
