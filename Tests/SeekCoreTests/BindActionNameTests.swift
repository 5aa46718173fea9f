import Testing

@testable import SeekApp

/// `FZF_ACTION`: each action's name is the one fzf reads it by.
@Suite struct BindActionNameTests {
  /// Spellings of one action that fzf's name of it replaces.
  static let aliases = [
    "top": "first", "track": "track-current", "toggle-details": "toggle-preview",
    "toggle-raw": "ignore", "best": "first", "down-match": "down", "up-match": "up",
    "down-selected": "next-selected", "up-selected": "prev-selected", "clear-selection": "clear-multi",
    "previous-history": "prev-history",
  ]

  @Test func everyActionIsNamedAsItIsRead() {
    for name in BindAction.plain.keys {
      #expect(BindAction.named(name, argument: nil)?.name == Self.aliases[name] ?? name, "\(name)")
    }
    for name in BindAction.editing.keys {
      #expect(BindAction.named(name, argument: nil)?.name == Self.aliases[name] ?? name, "\(name)")
    }
    for name in [
      "change-query", "put", "execute", "reload", "reload-sync", "transform-query", "pos", "search", "change-nth",
      "bg-transform", "bg-transform-header", "change-header-lines", "change-border-label", "change-preview-label",
      "change-list-label", "change-input-label", "change-header-label", "change-footer-label",
      "transform-list-label", "bg-transform-footer-label", "transform-preview-label",
    ] {
      #expect(BindAction.named(name, argument: "1")?.name == name, "\(name)")
    }
    #expect(BindAction.named("change-preview-label", argument: "x") == .changePreviewLabel("x"))
    #expect(BindAction.named("change-list-label", argument: "x") == .changeSectionLabel(.list, "x"))
    #expect(BindAction.named("change-wavy-label", argument: "x") == nil)
  }
}
