/// fzf's `--bind` actions: what a key or an event does. Each is reduced by `SearchReducer+Actions` into
/// the state machine's own events and effects; none performs anything itself.
public enum BindAction: Sendable, Equatable {
  case accept
  /// Accept only when something matches.
  case acceptNonEmpty
  case abort
  /// The query cleared, or abort when it is empty (fzf's `cancel`).
  case cancel
  case up, down, first, last, pageUp, pageDown
  /// The current row's check (fzf's mark); with a move after it: up or down as the list is
  /// drawn (`toggle-up`, `toggle-down`), or to the previous or next line whatever the layout
  /// (`toggle-in`, `toggle-out`).
  case toggle, toggleDown, toggleUp, toggleIn, toggleOut
  case selectAll, deselectAll, toggleAll
  /// Every mark off, on lines shown or not (`clear-selection`; `deselect-all` only the matches').
  case clearSelection
  /// The current row moved to the next or the previous marked one, round the list
  /// (`next-selected`, `prev-selected`; next is down the screen).
  case nextSelected, previousSelected
  case clearQuery
  case changeQuery(String)
  /// Types the text at the cursor.
  case put(String)
  /// fzf's `put` without an argument: types the key it is bound to (the terminal makes it a
  /// `put` of that key's character; elsewhere it types nothing).
  case putKey
  case changePrompt(String)
  case changeHeader(String)
  /// The footer's lines (`change-footer`; empty: none).
  case changeFooter(String)
  case togglePreview
  /// The preview shown (`show-preview`) or hidden (`hide-preview`), whatever it was.
  case showPreview, hidePreview
  case previewUp, previewDown
  /// The preview's long lines wrapped, or cut (fzf's `toggle-preview-wrap`).
  case togglePreviewWrap
  /// Prints the query and exits 0 (fzf's `print-query`).
  case printQuery
  /// A command, its placeholders filled for the current row: the terminal handed over until it
  /// ends (`execute`), run in the background with its output dropped (`execute-silent`), or run
  /// in Seek's place once every write is done (`become`).
  case execute(String)
  case executeSilent(String)
  case become(String)
  /// The list replaced by the command's output (fzf's `reload`; `reload-sync` keeps keys waiting
  /// for the whole list when a tracked item is looked for in it).
  case reload(String)
  case reloadSync(String)
  /// The command's output is actions, done in turn (fzf's `transform`).
  case transform(String)
  /// The preview pane: shown with this command, placed anew, or run again.
  case preview(String)
  /// `change-preview-window(right,70%|hidden|)`: each time the next of the placements, applied
  /// over `--preview-window` (an empty one: `--preview-window` as given), as fzf cycles them.
  case changePreviewWindow(String)
  case refreshPreview
  /// The query line shown, hidden, or either (fzf's `show-input`, `hide-input`, `toggle-input`).
  case showInput, hideInput, toggleInput
  /// The query searching (again), or not (fzf's `--disabled`).
  case enableSearch, disableSearch, toggleSearch
  /// The matches ranked, or in input order (fzf's `toggle-sort`).
  case toggleSort
  /// Seek's own: the refinement pane (F2), the next sort (F3), no refinements (F4).
  case toggleRefinements, cycleSort, clearRefinements
  /// The actions bound to these keys or events, done now (fzf's `trigger(a,b)`).
  case trigger(String)
  /// Bindings of these keys or events (comma-separated names) off, or on again.
  case unbind(String)
  /// Labels on the items on screen; the next key picks one (fzf's `jump`, `jump-accept`).
  case jump, jumpAccept
  case rebind(String)
  /// Off when on, on when off (`toggle-bind(keys)`).
  case toggleBind(String)
  case ignore
  /// The actions after it wait for the input to be read and the query's results to arrive
  /// (fzf's `wait`: `change-query(55)+wait+accept` accepts from the answer to `55`).
  case wait
  /// The query line's readline actions (`backward-char`, `kill-word`, …): the event its key sends.
  case edit(SearchEvent)
  /// `backward-delete-char/eof`: Backspace, or abort on an empty query.
  case deleteBackwardOrAbort
  /// Accept when something matches, else print the query and leave (`accept-or-print-query`).
  case acceptOrPrintQuery
  /// The current line marked, or unmarked, whatever it was (`select`, `deselect`).
  case select, deselect
  /// The query becomes the current line (`replace-query`).
  case replaceQuery
  /// The current line (`exclude`), or the marked ones (`exclude-multi`), out of the list.
  case exclude, excludeMulti
  /// The current line becomes the Nth match (`pos(N)`, from 1; negative: from the last).
  case position(Int)
  case changePointer(String)
  /// Lines can be marked, at most N of them (`change-multi(N)`; 0: no marks; nil: no limit).
  case changeMulti(Int?)
  /// fzf's `track-current` (`track`), `untrack-current`, `toggle-track`, `toggle-track-current`.
  case trackCurrent, untrackCurrent, toggleTrack, toggleTrackCurrent
  /// The list searched for this text, the query line left as it is (`search(…)`).
  case search(String)
  /// Half a page up or down (`half-page-up`, `half-page-down`).
  case halfPageUp, halfPageDown
  /// The list moved a line under the cursor, which keeps its line while it stays in view
  /// (`offset-up`, `offset-down`: Vim's Ctrl-Y and Ctrl-E), or the view set with the current
  /// line in its middle (`offset-middle`).
  case offsetUp, offsetDown, offsetMiddle
  /// The preview closed when it is open, else abort (`close`).
  case close
  /// The terminal's bell (`bell`); the whole screen drawn again (`clear-screen`).
  case bell, clearScreen
  /// The header (`--header`'s lines and the input's) shown, hidden, or either.
  case showHeader, hideHeader, toggleHeader
  /// fzf's `toggle-hscroll`: a line too long keeps its start, or scrolls to its matches.
  case toggleHscroll
  /// fzf's `toggle-multi-line`: an item's line breaks start rows, or show as ␊.
  case toggleMultiLine
  /// fzf's `toggle-wrap`: Seek draws a line on one row, so it is taken for fzf's scripts and
  /// changes nothing on screen.
  case toggleWrap
  /// fzf's `bg-cancel`: the `bg-transform` commands running are ended, their output dropped.
  case cancelBackground
  /// The preview scrolled to its first or last line, or by a page or half of one.
  case previewTop, previewBottom, previewPageUp, previewPageDown, previewHalfPageUp, previewHalfPageDown
  /// A line printed on accept, after the query and the key and before the items (`print(…)`).
  case print(String)
  /// The preview's command replaced (`change-preview`; empty: none).
  case changePreview(String)
  /// `--ghost`'s text, `--border-label`'s text (`change-ghost`, `change-border-label`).
  case changeGhost(String)
  case changeBorderLabel(String)
  /// A section's label (`change-list-label`, `change-input-label`, `change-header-label`,
  /// `change-footer-label`).
  case changeSectionLabel(SectionLabels.Section, String)
  /// `--preview-label`'s text (`change-preview-label`).
  case changePreviewLabel(String)
  /// fzf's `change-nth`, `change-with-nth`, `change-header-lines`: the lines shaped anew.
  case changeNth(String)
  case changeWithNth(String)
  case changeHeaderLines(String)
  /// `transform-query(cmd)` and its kin: the command's output is the argument of `action`
  /// (`change-query`, `change-prompt`, `change-header`, `change-pointer`, `search`).
  case transformInto(action: String, command: String)
  /// fzf's `bg-transform(cmd)` and `bg-transform-X(cmd)`: the command runs in the background,
  /// keys going on meanwhile; its output is actions (`into` nil) or the argument of `into`,
  /// done when it comes.
  case backgroundTransform(into: String?, command: String)

  /// Whether its command's output is taken (`transform` and its kin), not left to the screen.
  public var capturesOutput: Bool {
    switch self {
    case .transform, .transformInto, .backgroundTransform: return true
    default: return false
    }
  }

  /// Whether it changes the lines' fields (`change-nth`, and a `transform-` of one).
  public var reshapesLines: Bool {
    switch self {
    case .changeNth, .changeWithNth, .changeHeaderLines: return true
    case .transformInto(let action, _), .backgroundTransform(into: let action?, _):
      return ["change-nth", "change-with-nth", "change-header-lines"].contains(action)
    default: return false
    }
  }

  /// The command of `execute`, `execute-silent`, `become`, `transform` and its kin: commands
  /// that wait for the writes before them (nil for the others).
  public var waitedCommand: String? {
    switch self {
    case .execute(let t), .executeSilent(let t), .become(let t), .transform(let t), .transformInto(_, let t): t
    default: nil
    }
  }

  /// The action named `name` (fzf's spelling), with its argument if it takes one; nil for an
  /// unknown name or a missing or unwanted argument.
  public static func named(_ name: String, argument: String?) -> BindAction? {
    if let argument {
      switch name {
      case "change-query": return .changeQuery(argument)
      case "put": return .put(argument)
      case "change-prompt": return .changePrompt(argument)
      case "change-header": return .changeHeader(argument)
      case "change-footer": return .changeFooter(argument)
      case "execute": return .execute(argument)
      // fzf's deprecated `execute-multi`: `execute` with every placeholder naming the marks.
      case "execute-multi": return .execute(CommandTemplate.namingMarks(argument))
      case "execute-silent": return .executeSilent(argument)
      case "become": return .become(argument)
      case "reload": return .reload(argument)
      case "reload-sync": return .reloadSync(argument)
      case "transform": return .transform(argument)
      case "preview": return .preview(argument)
      case "change-preview-window":
        let valid = argument.split(separator: "|", omittingEmptySubsequences: false).allSatisfy {
          $0.isEmpty || DetailsPlacement.parse(String($0)) != nil
        }
        return valid ? .changePreviewWindow(argument) : nil
      case "unbind": return .unbind(argument)
      case "rebind": return .rebind(argument)
      case "toggle-bind": return .toggleBind(argument)
      case "trigger": return .trigger(argument)
      // fzf takes a bad value and does nothing with it (`change-multi(xxx)`, a pointer wider
      // than two columns).
      case "change-pointer": return argument.count <= 2 ? .changePointer(argument) : .ignore
      case "change-multi": return Int(argument).flatMap { $0 >= 0 ? .changeMulti($0) : nil } ?? .ignore
      case "pos": return Int(argument).map { .position($0) } ?? .ignore
      case "search": return .search(argument)
      case "print": return .print(argument)
      case "change-preview": return .changePreview(argument)
      case "change-ghost": return .changeGhost(argument)
      case "change-border-label": return .changeBorderLabel(argument)
      case "change-preview-label": return .changePreviewLabel(argument)
      case _ where name.hasPrefix("change-") && name.hasSuffix("-label"):
        let section = name.dropFirst("change-".count).dropLast("-label".count)
        return SectionLabels.Section(rawValue: String(section)).map { .changeSectionLabel($0, argument) }
      case "bg-transform": return .backgroundTransform(into: nil, command: argument)
      case "change-nth": return .changeNth(argument)
      case "change-with-nth": return .changeWithNth(argument)
      case "change-header-lines": return .changeHeaderLines(argument)
      default:
        if name.hasPrefix("bg-") {
          return transformed[String(name.dropFirst(3))].map { .backgroundTransform(into: $0, command: argument) }
        }
        return transformed[name].map { .transformInto(action: $0, command: argument) }
      }
    }
    if let event = editing[name] { return .edit(event) }
    return plain[name]
  }

  /// `transform-X(cmd)` (and fzf's `bg-transform-X`, done here in the foreground): the action
  /// its output is the argument of.
  static let transformed: [String: String] = [
    "transform-query": "change-query", "transform-prompt": "change-prompt", "transform-header": "change-header",
    "transform-pointer": "change-pointer", "transform-footer": "change-footer", "transform-search": "search",
    "transform-ghost": "change-ghost", "transform-border-label": "change-border-label",
    "transform-preview-label": "change-preview-label", "transform-nth": "change-nth",
    "transform-list-label": "change-list-label", "transform-input-label": "change-input-label",
    "transform-header-label": "change-header-label", "transform-footer-label": "change-footer-label",
    "transform-with-nth": "change-with-nth", "transform-header-lines": "change-header-lines",
  ]

  /// fzf's readline actions on the query line, as the events of their keys.
  static let editing: [String: SearchEvent] = [
    "backward-char": .query(.cursorMoved(.left)), "forward-char": .query(.cursorMoved(.right)),
    "beginning-of-line": .query(.cursorMoved(.home)), "end-of-line": .query(.cursorMoved(.end)),
    "backward-word": .query(.cursorMoved(.wordLeft)), "forward-word": .query(.cursorMoved(.wordRight)),
    "backward-subword": .query(.cursorMoved(.subwordLeft)), "forward-subword": .query(.cursorMoved(.subwordRight)),
    "backward-delete-char": .query(.deletedBackward), "delete-char": .query(.deletedForward),
    "delete-char/eof": .query(.deletedForwardOrQuit), "backward-kill-word": .query(.deletedWordPartBackward),
    "kill-word": .query(.deletedWordForward), "backward-kill-subword": .query(.deletedSubwordBackward),
    "kill-subword": .query(.deletedSubwordForward), "unix-word-rubout": .query(.deletedWordBackward),
    "unix-line-discard": .query(.deletedToStart), "kill-line": .query(.deletedToEnd), "yank": .query(.yanked),
    "prev-history": .query(.historyMoved(older: true)), "previous-history": .query(.historyMoved(older: true)),
    "next-history": .query(.historyMoved(older: false)),
    // Seek's keys that mean one thing in the query, another on a suggestion or a result (the
    // KEYS part of `--help`): Enter submits a suggestion or the query, creates, or accepts;
    // Tab completes the query with a suggestion, or checks a result and moves down; Shift-Tab
    // checks and moves up (or only moves, without check boxes); Space checks a result or is
    // typed; Esc closes the suggestions, leaves a result, clears the query, then quits; Ctrl-C
    // quits (and drops what a `wait` holds).
    "submit-or-accept": .key(.enterPressed), "complete-or-toggle-down": .key(.tabPressed),
    "toggle-up-or-up": .key(.backTabPressed),
    "toggle-or-space": .key(.spacePressed), "back": .key(.escapePressed), "interrupt": .app(.interrupted),
  ]

  /// The one event this action is, when it is no more than one (`up` is `.movedUp`): a key bound
  /// to it sends that event, as a key of Seek's own always did (`BindActionEventTests` checks
  /// that performing the action and reducing its event agree).
  public var event: SearchEvent? {
    switch self {
    case .edit(let event): return event
    case .up: return .move(.movedUp)
    case .down: return .move(.movedDown)
    case .pageUp: return .move(.pagedUp)
    case .pageDown: return .move(.pagedDown)
    case .togglePreview: return .details(.detailsToggled)
    case .previewUp: return .details(.detailsScrolled(lines: -1))
    case .previewDown: return .details(.detailsScrolled(lines: 1))
    case .toggleRefinements: return .refinements(.refinementPaneToggled)
    case .cycleSort: return .refinements(.sortCycled)
    case .clearRefinements: return .refinements(.refinementsCleared)
    case .showInput: return .query(.queryLineShown(true))
    case .hideInput: return .query(.queryLineShown(false))
    case .toggleInput: return .query(.queryLineShown(nil))
    default: return nil
    }
  }

  static let plain: [String: BindAction] = [
    "accept": .accept, "put": .putKey, "accept-non-empty": .acceptNonEmpty, "abort": .abort, "cancel": .cancel,
    "up": .up, "down": .down, "first": .first, "top": .first, "last": .last,
    "page-up": .pageUp, "page-down": .pageDown,
    "toggle": .toggle, "toggle-down": .toggleDown, "toggle-up": .toggleUp, "toggle-out": .toggleOut,
    "toggle-in": .toggleIn,
    "select-all": .selectAll, "deselect-all": .deselectAll, "toggle-all": .toggleAll,
    "clear-selection": .clearSelection, "next-selected": .nextSelected, "prev-selected": .previousSelected,
    "clear-query": .clearQuery, "toggle-preview": .togglePreview, "show-preview": .showPreview,
    "hide-preview": .hidePreview,
    "preview-up": .previewUp, "toggle-preview-wrap": .togglePreviewWrap, "preview-down": .previewDown,
    "print-query": .printQuery, "ignore": .ignore,
    "wait": .wait,
    "refresh-preview": .refreshPreview, "enable-search": .enableSearch, "disable-search": .disableSearch,
    "toggle-search": .toggleSearch, "show-input": .showInput, "hide-input": .hideInput,
    "toggle-input": .toggleInput, "toggle-hscroll": .toggleHscroll,
    "toggle-multi-line": .toggleMultiLine, "toggle-wrap": .toggleWrap, "toggle-refinements": .toggleRefinements,
    "cycle-sort": .cycleSort,
    "clear-refinements": .clearRefinements, "toggle-details": .togglePreview,
    "jump": .jump, "jump-accept": .jumpAccept, "backward-delete-char/eof": .deleteBackwardOrAbort,
    "accept-or-print-query": .acceptOrPrintQuery, "select": .select, "deselect": .deselect,
    "replace-query": .replaceQuery, "toggle-sort": .toggleSort, "exclude": .exclude,
    "exclude-multi": .excludeMulti, "toggle-raw": .ignore, "change-multi": .changeMulti(nil),
    "bg-cancel": .cancelBackground,
    "track": .trackCurrent, "track-current": .trackCurrent, "untrack-current": .untrackCurrent,
    "toggle-track": .toggleTrack, "toggle-track-current": .toggleTrackCurrent,
    // Without raw mode (`--raw`), the best match is the first and the next match the next line.
    "best": .first, "down-match": .down, "up-match": .up,
    "down-selected": .nextSelected, "up-selected": .previousSelected, "clear-multi": .clearSelection,
    "half-page-up": .halfPageUp, "half-page-down": .halfPageDown,
    "offset-up": .offsetUp, "offset-down": .offsetDown, "offset-middle": .offsetMiddle,
    "close": .close, "bell": .bell, "clear-screen": .clearScreen,
    "show-header": .showHeader, "hide-header": .hideHeader, "toggle-header": .toggleHeader,
    "preview-top": .previewTop, "preview-bottom": .previewBottom, "preview-page-up": .previewPageUp,
    "preview-page-down": .previewPageDown, "preview-half-page-up": .previewHalfPageUp,
    "preview-half-page-down": .previewHalfPageDown,
  ]
}

/// fzf's events a binding may name instead of a key.
public enum BindEvent: String, Sendable, CaseIterable {
  /// Once, when the finder starts.
  case start
  /// The query changed.
  case change
  /// The results of the current query arrived (`result`), and there is exactly one (`one`) or
  /// none (`zero`).
  case result, one, zero
  /// Piped input is all read and indexed.
  case load
  /// The current row changed.
  case focus
  /// Backspace on an empty query.
  case backwardEOF = "backward-eof"
  /// The marked items changed (`-m`).
  case multi
  /// The terminal changed size.
  case resize
  /// A click on the header (fzf's sorting scripts bind it) or on the footer (`SectionClick`).
  case clickHeader = "click-header"
  case clickFooter = "click-footer"
  /// The results of the current query, once the input is all read (`result` also fires for the
  /// lines read so far).
  case resultFinal = "result-final"
  /// A `jump` landed on its item (`jump`), or ended on a key that is no label (`jump-cancel`).
  case jump
  case jumpCancel = "jump-cancel"
}
