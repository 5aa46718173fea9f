extension BindAction {
  /// fzf's name of the action, as `named` reads it and as commands read it in `FZF_ACTION`.
  public var name: String {
    switch self {
    case .changeQuery: "change-query"
    case .put: "put"
    case .changePrompt: "change-prompt"
    case .changeHeader: "change-header"
    case .changeFooter: "change-footer"
    case .execute: "execute"
    case .executeSilent: "execute-silent"
    case .become: "become"
    case .reload: "reload"
    case .reloadSync: "reload-sync"
    case .transform: "transform"
    case .preview: "preview"
    case .changePreviewWindow: "change-preview-window"
    case .unbind: "unbind"
    case .rebind: "rebind"
    case .toggleBind: "toggle-bind"
    case .trigger: "trigger"
    case .changePointer: "change-pointer"
    case .changeMulti: "change-multi"
    case .position: "pos"
    case .search: "search"
    case .print: "print"
    case .changePreview: "change-preview"
    case .changeGhost: "change-ghost"
    case .changeBorderLabel: "change-border-label"
    case .changeSectionLabel(let section, _): "change-\(section.rawValue)-label"
    case .changePreviewLabel: "change-preview-label"
    case .changeNth: "change-nth"
    case .changeWithNth: "change-with-nth"
    case .changeHeaderLines: "change-header-lines"
    case .transformInto(let action, _): Self.transformed.first { $0.value == action }?.key ?? "transform"
    case .backgroundTransform(let action?, _):
      "bg-" + (Self.transformed.first { $0.value == action }?.key ?? "transform")
    case .backgroundTransform(nil, _): "bg-transform"
    case .edit(let event): Self.name(of: event) ?? "ignore"
    // Spelled more than one way: fzf's first spelling.
    case .first: "first"
    case .trackCurrent: "track-current"
    case .up: "up"
    case .down: "down"
    case .nextSelected: "next-selected"
    case .previousSelected: "prev-selected"
    case .clearSelection: "clear-multi"
    case .togglePreview: "toggle-preview"
    case .ignore: "ignore"
    default: Self.plain.first { $0.value == self }?.key ?? "ignore"
    }
  }

  /// The name of the action that is this one event (`up` for `.movedUp`), if one is.
  public static func name(of event: SearchEvent) -> String? {
    if event == .query(.historyMoved(older: true)) { return "prev-history" }  // also spelled previous-history
    if let name = editing.first(where: { $0.value == event })?.key { return name }
    // Spellings of one action share its one name: whichever is met first answers.
    return plain.first { $0.value.event == event }?.value.name
  }
}
