/// fzf's `--bind`, the parent's concern (its actions reach every child): actions reduced into the
/// state machine's own events and effects, one after the other (`toggle+down`,
/// `select-all+accept`); and the events (`start`, `change`, `one`, …) that set off the actions
/// bound to them. Actions never set off events in turn: `change:change-query(x)` changes the
/// query once.
extension SearchReducer {
  static func perform(_ state: inout SearchState, _ actions: [BindAction]) -> [SearchEffect] {
    // A command waits for its writes: actions set off meanwhile (another event's `transform`)
    // follow it in turn, where they replaced it.
    if MarksReducer.holdForCommand(&state.marks, actions) { return [] }
    var effects: [SearchEffect] = []
    let waitingBefore = state.afterWait != nil
    for (i, action) in actions.enumerated() {
      if action == .wait {
        // A wait joins one armed already (a `bg-transform`'s output): its rest follows that one's.
        guard answerIsIn(state) else {
          state.afterWait = (state.afterWait ?? []) + actions[(i + 1)...]
          break
        }
        continue
      }
      effects += perform(&state, action)
      // A wait armed inside it (a `trigger`'s actions): what follows here waits too.
      if !waitingBefore && state.afterWait != nil {
        state.afterWait! += actions[(i + 1)...]
        break
      }
      // A command waits for the writes before it, then runs: the actions after it follow when it
      // has ended (`execute(vim {})+abort`), through `commandFinished`.
      // Select-all waits for every match: the actions after it follow once they are marked.
      if MarksReducer.holdAfterWaiting(&state.marks, Array(actions[(i + 1)...])) { break }
      // Leaving (accept, abort, become, print-query): what follows is not done.
      if effects.contains(where: \.leaves) || state.marks.pendingAccept != nil || state.marks.acceptTopOnArrival {
        break
      }
    }
    return effects
  }

  /// One action, by concern (the switch names every action: a new one must be given a place).
  static func perform(_ state: inout SearchState, _ action: BindAction) -> [SearchEffect] {
    switch action {
    case .accept, .acceptNonEmpty, .abort, .printQuery, .acceptOrPrintQuery, .execute, .executeSilent, .become,
      .reload, .reloadSync, .transform, .transformInto, .backgroundTransform, .cancelBackground:
      return leaveOrRun(&state, action)
    case .trackCurrent, .untrackCurrent, .toggleTrack, .toggleTrackCurrent:
      return track(&state, action)
    case .up, .down, .first, .last, .pageUp, .pageDown, .position, .nextSelected, .previousSelected, .jump,
      .jumpAccept, .halfPageUp, .halfPageDown, .offsetUp, .offsetDown, .offsetMiddle:
      return move(&state, action)
    case .toggle, .toggleDown, .toggleUp, .toggleIn, .toggleOut, .selectAll, .deselectAll, .toggleAll,
      .clearSelection, .select, .deselect, .exclude, .excludeMulti, .changeMulti:
      return mark(&state, action)
    case .cancel, .clearQuery, .changeQuery, .put, .putKey, .replaceQuery, .search, .edit, .deleteBackwardOrAbort,
      .showInput, .hideInput, .toggleInput, .enableSearch, .disableSearch, .toggleSearch, .toggleSort:
      return editQuery(&state, action)
    case .changePrompt, .changeHeader, .changeFooter, .changePointer, .togglePreview, .showPreview, .hidePreview,
      .previewUp, .previewDown, .togglePreviewWrap, .preview, .changePreviewWindow, .refreshPreview, .toggleRefinements,
      .cycleSort, .clearRefinements, .changePreview, .close, .previewTop, .previewBottom, .previewPageUp,
      .previewPageDown, .previewHalfPageUp, .previewHalfPageDown, .changePreviewLabel:
      return changeScreen(&state, action)
    case .showHeader, .hideHeader, .toggleHeader, .toggleHscroll, .toggleMultiLine, .toggleWrap, .changeGhost,
      .changeBorderLabel, .changeSectionLabel, .bell, .clearScreen, .print:
      return changeLooks(&state, action)
    case .trigger, .unbind, .rebind, .toggleBind, .ignore, .wait:
      return rebind(&state, action)
    case .changeNth(let argument): return changeFields(&state, .nth, argument)
    case .changeWithNth(let argument): return changeFields(&state, .withNth, argument)
    case .changeHeaderLines(let argument): return changeFields(&state, .headerLines, argument)
    }
  }

  /// Leaving (accept, abort, print-query) and commands (execute, become, reload, transform).
  private static func leaveOrRun(_ state: inout SearchState, _ action: BindAction) -> [SearchEffect] {
    // A command that names the current line does not run without one (fzf's: `execute(echo {})`
    // on no match does nothing; the actions after it go on).
    // A transform's command runs: its output is what it is about (`{}` empty; fzf's focus event
    // on no match shows `[[]]`).
    if let template = action.waitedCommand, !action.capturesOutput, state.currentHit == nil,
      CommandTemplate(template).needsCurrentLine(attributes: !state.look.isFzf)
    {
      return []
    }
    switch action {
    case .accept: return acceptCurrent(&state)
    case .acceptNonEmpty:
      // fzf's: a line to accept, marks, or an input read whole that has no line at all.
      let emptyInput = state.inputEnded && max(state.list.results.recordCount, state.streamedRecords ?? 0) == 0
      let some = state.list.results.firstItemRow != nil || !state.marks.checkedThisRun.isEmpty || emptyInput
      return some ? acceptCurrent(&state) : []
    case .abort: return [.quit(status: 130)]
    case .printQuery: return [.printQuery(state.editor.text)]
    case .execute(let template): return MarksReducer.command(&state.marks, template, .foreground)
    case .executeSilent(let template): return MarksReducer.command(&state.marks, template, .silent)
    case .become(let template): return MarksReducer.command(&state.marks, template, .become)
    // At once, never waiting for writes: `change:reload(…)` runs on every key typed.
    case .reload(let template), .reloadSync(let template):
      let sync = action == .reloadSync(template)
      return reloadStarting(&state, sync: sync) + [immediateCommand(template, .reload(sync: sync), state)]
    case .transform(let template): return MarksReducer.command(&state.marks, template, .transform)
    case .acceptOrPrintQuery:
      // Marked lines are accepted though none matches the query (fzf's).
      let nothing = state.list.results.firstItemRow == nil && state.marks.savedMarks.isEmpty
      return nothing ? [.printQuery(state.editor.text)] : acceptCurrent(&state)
    case .transformInto(let target, let template):
      return MarksReducer.command(&state.marks, template, .transformInto(target))
    // At once, never waiting: keys go on while it runs, its output done when it comes.
    case .backgroundTransform(let target, let template): return [immediateCommand(template, .background(target), state)]
    case .cancelBackground: return [.cancelBackground]
    default: return []
    }
  }

  /// Moving the current row.
  private static func move(_ state: inout SearchState, _ action: BindAction) -> [SearchEffect] {
    func event(_ e: SearchEvent) -> [SearchEffect] { reduceOnce(&state, e) }
    switch action {
    case .up: return event(.move(.movedUp))
    case .down: return event(.move(.movedDown))
    case .first: return event(.move(.movedToFirst))
    case .last: return event(.move(.movedToLast))
    case .pageUp: return event(.move(.pagedUp))
    case .pageDown: return event(.move(.pagedDown))
    case .nextSelected: return event(.move(.movedToMarked(step: 1)))
    case .previousSelected: return event(.move(.movedToMarked(step: -1)))
    case .jump, .jumpAccept:
      JumpReducer.start(&state.jump, action == .jump ? .move : .accept, labelled: state.labelledRows)
      return []
    case .position(let n): return event(.move(.movedToPosition(n)))
    case .halfPageUp: return event(.move(.halfPaged(down: false)))
    case .halfPageDown: return event(.move(.halfPaged(down: true)))
    case .offsetUp: return event(.move(.viewShifted(lines: -1)))
    case .offsetDown: return event(.move(.viewShifted(lines: 1)))
    case .offsetMiddle: return event(.move(.viewCentred))
    default: return []
    }
  }

  /// Marks: toggling, selecting, excluding.
  private static func mark(_ state: inout SearchState, _ action: BindAction) -> [SearchEffect] {
    func event(_ e: SearchEvent) -> [SearchEffect] { reduceOnce(&state, e) }
    switch action {
    case .toggle: return event(.key(.toggled))
    // fzf's: no move unless there is a mark to toggle (`+m`: the row stays).
    case .toggleDown where !state.marks.picking.marks, .toggleUp where !state.marks.picking.marks,
      .toggleIn where !state.marks.picking.marks, .toggleOut where !state.marks.picking.marks:
      return []
    case .toggleDown, .toggleUp, .toggleIn, .toggleOut:
      // A toggle refused at `--multi=N` does not move either (fzf's).
      let toggled = event(.key(.toggled))
      guard !MarksReducer.refuses(state.marks, state.list.selectedRow) else { return toggled }
      return toggled + event(action == .toggleDown || action == .toggleOut ? .move(.movedDown) : .move(.movedUp))
    case .selectAll: return event(.key(.allToggled(.select)))
    case .deselectAll: return event(.key(.allToggled(.deselect)))
    case .toggleAll: return event(.key(.allToggled(.toggle)))
    case .clearSelection:
      // Every item's, matching or not: the empty query lists them all.
      guard state.marks.picking.marks, !state.marks.checked.isEmpty else { return [] }
      return [.listMatches(query: "", refine: Refine(), how: .deselect)]
    case .select, .deselect:
      guard let hit = state.currentHit, state.marks.checked.contains(hit.objectID) != (action == .select) else {
        return []
      }
      return event(.key(.toggled))
    case .exclude, .excludeMulti:
      let marked = action == .excludeMulti ? state.marks.checkedThisRun : []
      guard let current = state.currentHit?.objectID ?? marked.first else { return [] }
      let excluded = marked.isEmpty ? [current] : marked
      let titles = Dictionary(
        state.list.results.hits.filter { excluded.contains($0.objectID) }.map { ($0.objectID, $0.title) },
        uniquingKeysWith: { first, _ in first })
      ResultsReducer.exclude(&state.list, excluded)
      clampSelection(&state)
      return MarksReducer.unmark(&state.marks, excluded, titles: titles) + loadMoreIfNeeded(&state)
    case .changeMulti(let limit):
      MarksReducer.changeMulti(&state.marks, limit: limit)
      return []
    default: return []
    }
  }

  /// The query: clearing, changing, typing, searching, the query line shown or hidden.
  private static func editQuery(_ state: inout SearchState, _ action: BindAction) -> [SearchEffect] {
    func event(_ e: SearchEvent) -> [SearchEffect] { reduceOnce(&state, e) }
    // A hidden query line (`--no-input`, `hide-input`) is closed to what writes it, as fzf's
    // (`show-input+change-query(…)+hide-input` writes it); `search(…)` still searches.
    if !state.editor.inputShown {
      switch action {
      case .changeQuery, .clearQuery, .put, .putKey, .replaceQuery: return []
      default: break
      }
    }
    switch action {
    // fzf's cancel: the query into the kill ring (Ctrl-Y brings it back), or abort when empty.
    case .cancel:
      guard !state.editor.text.isEmpty else { return [.quit(status: 130)] }
      return event(.query(.cursorMoved(.end))) + event(.query(.deletedToStart))
    case .clearQuery: return state.editor.text.isEmpty ? [] : event(.query(.queryReplaced("")))
    case .changeQuery(let text): return event(.query(.queryReplaced(text)))
    case .put(let text): return text.isEmpty ? [] : event(.query(.inserted(text)))
    case .putKey: return []
    case .showInput: return event(.query(.queryLineShown(true)))
    case .hideInput: return event(.query(.queryLineShown(false)))
    case .toggleInput: return event(.query(.queryLineShown(nil)))
    case .enableSearch, .disableSearch, .toggleSearch:
      let disabled = action == .toggleSearch ? !state.refining.refine.searchDisabled : action == .disableSearch
      guard disabled != state.refining.refine.searchDisabled else { return [] }
      RefinementsReducer.searchDisabled(&state.refining, disabled, keeping: state.list.results.query)
      return [ResultsReducer.search(&state.list, state.editor.text, state.refining.refine)]
    case .toggleSort:
      RefinementsReducer.toggleInputOrder(&state.refining)
      return refined(&state)
    case .edit(let edit): return event(edit)
    case .deleteBackwardOrAbort:
      return state.editor.text.isEmpty ? [.quit(status: 130)] : event(.query(.deletedBackward))
    case .replaceQuery:
      guard let hit = state.currentHit else { return [] }
      return event(.query(.queryReplaced(hit.title)))
    case .search(let text):
      return [ResultsReducer.search(&state.list, for: text, state.refining.refine)]
    default: return []
    }
  }

  /// The screen's other looks: the header shown or not, the ghost text, the border's label, the
  /// bell, the screen drawn whole; and lines kept to print on accept.
  private static func changeLooks(_ state: inout SearchState, _ action: BindAction) -> [SearchEffect] {
    switch action {
    case .showHeader: state.headerHidden = false
    case .hideHeader: state.headerHidden = true
    case .toggleHeader: state.headerHidden.toggle()
    case .toggleHscroll: state.hscrollToggled.toggle()
    case .toggleMultiLine:
      ResultsReducer.toggleMultiLine(&state.list)
      clampSelection(&state)
    case .changeGhost(let text): state.ghost = text
    case .changeBorderLabel(let text): state.borderLabel = text
    case .changeSectionLabel(let section, let text): state.sectionLabels[section] = text
    case .print(let text): state.printQueue.append(text)
    case .bell: return [.ringBell]
    case .clearScreen: return [.redrawScreen]
    default: break
    }
    return []
  }

  /// What the screen shows: prompt, header, footer, pointer, preview, refinements.
  private static func changeScreen(_ state: inout SearchState, _ action: BindAction) -> [SearchEffect] {
    func event(_ e: SearchEvent) -> [SearchEffect] { reduceOnce(&state, e) }
    switch action {
    case .changePrompt(let text):
      state.prompt = text
      return []
    case .changeHeader(let text):
      // `--header`'s lines change; those read from the input (`--header-lines`) stay.
      let lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      state.header = lines + state.header.suffix(state.inputHeaderLines)
      return []
    case .changeFooter(let text):
      state.footer = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      return []
    case .togglePreview: return event(.details(.detailsToggled))
    case .showPreview: return state.details.open ? [] : event(.details(.detailsToggled))
    case .hidePreview: return state.details.open ? event(.details(.detailsToggled)) : []
    case .previewUp: return event(.details(.detailsScrolled(lines: -1)))
    case .previewDown: return event(.details(.detailsScrolled(lines: 1)))
    case .previewPageUp, .previewPageDown, .previewHalfPageUp, .previewHalfPageDown:
      let page = max(1, state.viewport.detailsRows)
      let step = action == .previewHalfPageUp || action == .previewHalfPageDown ? max(1, page / 2) : page
      return event(
        .details(.detailsScrolled(lines: action == .previewPageUp || action == .previewHalfPageUp ? -step : step)))
    case .previewTop, .previewBottom:
      DetailsReducer.scrollToEnd(&state.details, last: action == .previewBottom, rows: state.viewport.detailsRows)
      return []
    case .changePreview(let template):
      DetailsReducer.changeCommand(&state.details, template)
      return []
    case .changePreviewLabel(let text):
      DetailsReducer.changeLabel(&state.details, text)
      return []
    case .close: return state.details.open ? event(.details(.detailsToggled)) : [.quit(status: 130)]
    case .preview(let template):
      DetailsReducer.preview(&state.details, template)
      return []
    case .changePreviewWindow(let spec):
      DetailsReducer.changePlacement(&state.details, spec, screen: state.screen)
      return []
    case .togglePreviewWrap:
      DetailsReducer.toggleWrap(&state.details)
      return []
    case .refreshPreview:
      DetailsReducer.refresh(&state.details)
      return []
    case .toggleRefinements: return event(.refinements(.refinementPaneToggled))
    case .cycleSort: return event(.refinements(.sortCycled))
    case .clearRefinements: return event(.refinements(.refinementsCleared))
    case .changePointer(let text):
      state.pointer = text
      return []
    default: return []
    }
  }

  /// Bindings: triggered, unbound, bound again; `ignore` and `wait` (taken by the caller).
  private static func rebind(_ state: inout SearchState, _ action: BindAction) -> [SearchEffect] {
    switch action {
    case .trigger(let names): return trigger(&state, names)
    case .unbind(let names):
      state.unbound.formUnion(Self.names(names))
      return []
    case .rebind(let names):
      state.unbound.subtract(Self.names(names))
      return []
    case .toggleBind(let names):
      for name in Self.names(names) where state.unbound.remove(name) == nil { state.unbound.insert(name) }
      return []
    case .ignore, .wait: return []
    default: return []
    }
  }

  /// Whether what `wait` waits for is here: the input read whole and the answer to the query
  /// (its first page) arrived.
  static func answerIsIn(_ state: SearchState) -> Bool {
    state.streamedRecords == nil && state.list.answeredRevision == state.list.revision
  }

  /// The actions a `wait` held, once what it waits for is here.
  static func afterWaitIfAnswered(_ state: inout SearchState) -> [SearchEffect] {
    guard let held = state.afterWait, answerIsIn(state) else { return [] }
    state.afterWait = nil
    return perform(&state, held)
  }

  /// `unbind(ctrl-a,change)`'s names.
  /// fzf's `trigger(a,b)`: each name's actions in turn (a key's, else an event's), none of the
  /// names whose actions are running already.
  private static func trigger(_ state: inout SearchState, _ names: String) -> [SearchEffect] {
    var effects: [SearchEffect] = []
    let parts = names.split(separator: ",")
    let waitingBefore = state.afterWait != nil
    for (i, part) in parts.enumerated() {
      // A name's actions armed a wait: the names after it wait too (fzf's).
      if !waitingBefore && state.afterWait != nil {
        state.afterWait!.append(.trigger(parts[i...].joined(separator: ",")))
        break
      }
      let name = String(part).trimming(" ").lowercased()
      guard !state.triggering.contains(name), !state.unbound.contains(name),
        let actions = state.keyActions[name] ?? BindEvent(rawValue: name).flatMap({ state.eventBindings[$0] })
      else { continue }
      state.triggering.insert(name)
      effects += perform(&state, actions)
      state.triggering.remove(name)
    }
    return effects
  }

  static func names(_ text: String) -> Set<String> {
    Set(text.split(separator: ",").map { String($0).trimming(" ") }.filter { !$0.isEmpty })
  }

  /// The bound events `event` set off, in fzf's order, and their actions' effects.
  static func eventsTriggered(
    _ state: inout SearchState, by event: SearchEvent, since before: BoundEventsSnapshot
  ) -> [SearchEffect] {
    var fired: [BindEvent] = []
    switch event {
    case .app(.started): fired.append(.start)
    case .query(.deletedBackward) where before.query.isEmpty: fired.append(.backwardEOF)
    case .app(.viewportChanged): fired.append(.resize)
    case .answer(.resultsArrived(let revision, let page)) where revision == state.list.revision && page.page == 0:
      // The input read whole and its answer here (not when reading ended: `load:accept` would
      // accept from the lines answered before); once for a list that was whole from the start
      // (a file, `--sync`), again after each reload.
      if state.streamedRecords == nil && (before.records != nil || !state.loadFired) {
        state.loadFired = true
        fired.append(.load)
      }
      fired.append(.result)
      // Not while a pipe is still being read: its first lines are not there yet, and fzf never
      // says "no match" of an input it has not read (`seq 100 | seek --bind zero:abort` quit).
      let inputRead = state.streamedRecords == nil || state.inputEnded
      if inputRead { fired.append(.resultFinal) }
      if page.nbHits == 0 && inputRead { fired.append(.zero) }
      if page.nbHits == 1 { fired.append(.one) }
    default: break
    }
    if state.editor.text != before.query { fired.append(.change) }
    if state.currentHit?.objectID != before.current { fired.append(.focus) }
    if state.marks.checked != before.marked { fired.append(.multi) }
    var effects: [SearchEffect] = []
    for name in fired { effects += fire(&state, name) }
    return effects
  }

  /// The actions bound to `event`, unless it is unbound.
  static func fire(_ state: inout SearchState, _ event: BindEvent) -> [SearchEffect] {
    guard !state.unbound.contains(event.rawValue), let actions = state.eventBindings[event] else { return [] }
    return perform(&state, actions)
  }
}

/// What the events bound to look at, taken before an event is reduced.
struct BoundEventsSnapshot {
  let query: String
  let current: String?
  let records: Int?
  let marked: [String]

  init(_ state: SearchState) {
    query = state.editor.text
    marked = state.marks.checked
    current = state.currentHit?.objectID
    records = state.streamedRecords
  }
}

extension SearchEffect {
  /// Whether the app leaves (or asks to) on this effect.
  var leaves: Bool {
    switch self {
    case .accept, .quit, .printQuery: return true
    case .runCommand(_, _, _, _, let mode): return mode == .become
    default: return false
    }
  }
}
