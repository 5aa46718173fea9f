import Testing

@testable import SeekApp

/// `FZF_ACTION`: each action's name is the one fzf reads it by.
@Suite struct BindActionNameTests {
  /// Spellings of one action that fzf's name of it replaces.
  static let aliases = [
    "top": "first", "track": "track-current", "toggle-details": "toggle-preview",
    "toggle-raw": "ignore", "bg-cancel": "ignore",
  ]

  @Test func everyActionIsNamedAsItIsRead() {
    for name in BindAction.plain.keys {
      #expect(BindAction.named(name, argument: nil)?.name == Self.aliases[name] ?? name, "\(name)")
    }
    for name in BindAction.editing.keys { #expect(BindAction.named(name, argument: nil)?.name == name, "\(name)") }
    for name in ["change-query", "put", "execute", "reload", "reload-sync", "transform-query", "pos", "search"] {
      #expect(BindAction.named(name, argument: "1")?.name == name, "\(name)")
    }
  }

  /// The last action done: a typed character is `char`; the actions of a key, the last of them.
  @Test func theLastActionDoneIsKept() {
    var state = SearchState()
    #expect(state.lastAction == "start")
    _ = SearchReducer.reduce(&state, .inserted("x"))
    #expect(state.lastAction == "char")
    _ = SearchReducer.reduce(&state, .actionsTriggered([.put("y"), .changePrompt("> ")]))
    #expect(state.lastAction == "change-prompt")
    _ = SearchReducer.reduce(&state, .actionsTriggered([.put("z")]))
    #expect(state.lastAction == "put")
  }
}
