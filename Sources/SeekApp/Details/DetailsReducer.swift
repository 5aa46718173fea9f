/// The details pane's concern: opening and scrolling it, and keeping it on the hit the user is
/// on — the selected result, or the top one while typing (as fzf's preview follows the current
/// line), which `SearchReducer` hands it after every event. Each change of hit (or of the query
/// it is highlighted for) is one request with a new revision; an answer for an older one is
/// dropped, and a preview command for an older one is ended by the runner.
enum DetailsReducer {
  /// The pane's own events. `rows`: the pane's height, as laid out; `endLine`: the line at its
  /// top when its end is shown, when wrapped lines make it other than the last `rows` lines.
  static func reduce(_ details: inout DetailsState, _ event: DetailsEvent, rows: Int, endLine: Int? = nil)
    -> [SearchEffect]
  {
    switch event {
    case .detailsToggled:
      details.open.toggle()
      details.scroll = 0
      if !details.open {
        details.shownFor = nil
        details.record = nil
        details.preview = nil
      }
      return []
    case .detailsScrolled(let lines):
      guard details.open else { return [] }
      scroll(&details, by: lines, rows: rows, endLine: endLine)
      return []
    case .detailsArrived(let revision, let record):
      guard revision == details.revision else { return [] }
      details.record = record
      return []
    case .previewArrived(let revision, let output):
      guard revision == details.revision else { return [] }
      // The offset applies to the first lines of a run; later parts of a running command's
      // output (and its whole output) keep the scroll the user may have changed.
      let firstLines = details.preview?.lines.isEmpty ?? true
      details.preview = output
      if firstLines { scrollToOffset(&details, output, rows: rows) }
      return []
    }
  }

  /// A scroll by `lines`. `follow` (fzf's): scrolling up from the end stops following the
  /// output; scrolling back down to its end follows it again.
  private static func scroll(_ details: inout DetailsState, by lines: Int, rows: Int, endLine: Int?) {
    let header = details.placement.headerLines
    let end = max(header, endLine ?? (details.preview?.lines.count ?? 0) - max(1, rows - header))
    if details.following {
      guard lines < 0 else { return }
      details.following = false
      details.scroll = max(0, end + lines)
      return
    }
    details.scroll = max(0, details.scroll + lines)
    if details.placement.follow && lines > 0 && details.scroll >= end {
      details.following = true
      details.scroll = end
    }
  }

  /// `--preview-window +N`: the output shown from that line.
  private static func scrollToOffset(_ details: inout DetailsState, _ output: PreviewOutput, rows: Int) {
    guard let offset = details.placement.offset else { return }
    let base: Int?
    switch offset.base {
    case .line(let n): base = n
    case .field: base = output.baseLine
    }
    if let base {
      details.scroll = offset.firstLine(base: base, height: max(1, rows - details.placement.headerLines))
    }
  }

  /// After every event: when the pane is open and its hit, the query, or the marks a command
  /// names (`{+}`) changed, ask for it. A command that names the query, or no line, runs with no
  /// hit too, as fzf's does (`--preview 'echo {q}'` on no match).
  /// `query`: what the list is searched for (a record's words are highlighted for it); `typed`:
  /// the query line, a command's `{q}` (fzf's: `search(…)` changes the list, not `{q}`).
  static func sync(
    _ details: inout DetailsState, current hit: ResultHit?, query: String, typed: String? = nil, marked: [String]
  ) -> [SearchEffect] {
    guard details.open else { return [] }
    let template = details.oneOff.map(CommandTemplate.init) ?? details.template
    let marks = template?.namesSeveralLines == true ? marked : []
    // A command runs again for a new query only when it names the query or the matches.
    let asked = template.map { $0.namesQuery || $0.namesSeveralLines ? typed ?? query : "" } ?? query
    let key =
      hit.map { DetailsState.Shown(objectID: $0.objectID, query: asked, marked: marks) }
      ?? (template?.runsWithoutLine == true || template?.namesMarks == true && !marks.isEmpty
        ? DetailsState.Shown(objectID: "", query: asked, marked: marks) : nil)
    guard key != details.shownFor else { return [] }
    details.shownFor = key
    // With no `--preview`, what `preview(…)` showed stays as the current line changes (fzf's).
    if details.oneOff == nil && details.command == nil && details.showsOneOff { return [] }
    details.scroll = 0
    details.following = details.placement.follow
    details.revision += 1
    details.record = nil
    details.preview = nil
    guard let key else { return [] }
    guard let command = details.oneOff ?? details.command else {
      return [.loadDetails(objectID: key.objectID, query: query, revision: details.revision)]
    }
    // A one-off runs once: the next line, or `refresh-preview`, runs `--preview` again.
    details.showsOneOff = details.oneOff != nil
    details.oneOff = nil
    details.preview = PreviewOutput(note: "running…")
    var baseField: FieldRange? = nil
    if case .field(let range)? = details.placement.offset?.base { baseField = range }
    return [
      .runPreview(
        template: command, objectID: key.objectID, query: typed ?? query, revision: details.revision,
        baseField: baseField,
        marked: marks)
    ]
  }

  /// fzf's `preview(CMD)`: the pane opens on the command's output, once; `--preview` stays the
  /// command the pane runs for the next line.
  static func preview(_ details: inout DetailsState, _ template: String) {
    details.oneOff = template
    details.open = true
    details.shownFor = nil  // asked for again by the sync
  }

  /// fzf's `refresh-preview`: the command run again for the same line.
  static func refresh(_ details: inout DetailsState) {
    details.shownFor = nil
  }

  /// fzf's `toggle-preview-wrap`: long lines wrapped, or cut, drawn again.
  static func toggleWrap(_ details: inout DetailsState) {
    details.placement.wrap.toggle()
    details.shownFor = nil
  }

  /// fzf's `change-preview`: the command replaced, run again when the pane is open (it stays
  /// closed when it is closed); an empty one closes the pane.
  static func changeCommand(_ details: inout DetailsState, _ template: String) {
    // A first command opens the pane unless its placement hides it (fzf's: `reload(…)+
    // change-preview(echo {})` without `--preview` shows the preview).
    if details.command == nil && !template.isEmpty && !details.placement.hidden { details.open = true }
    details.command = template.isEmpty ? nil : template
    if template.isEmpty { details.open = false }
    details.shownFor = nil
  }

  /// fzf's `change-preview-label`.
  static func changeLabel(_ details: inout DetailsState, _ text: String) { details.label = text }

  /// fzf's `preview-top` and `preview-bottom`: the first line at the top, or the last at the
  /// bottom of a pane `rows` high.
  static func scrollToEnd(_ details: inout DetailsState, last: Bool, rows: Int) {
    guard details.open else { return }
    details.scroll = last ? max(0, (details.preview?.lines.count ?? 0) - max(1, rows)) : 0
  }

  /// fzf's `change-preview-window(a|b|…)`: the next of the alternatives, over the placement given
  /// at start.
  static func changePlacement(_ details: inout DetailsState, _ spec: String, screen: ScreenSize) {
    let choices = spec.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let turn = details.placementTurns[spec, default: 0]
    details.placementTurns[spec] = turn + 1
    var base = details.basePlacement
    // A choice that says something shows the preview unless it says `hidden` (fzf's: over a
    // hidden `--preview-window`, `down,1` shows it; the empty choice is the window given).
    let choice = choices[turn % choices.count]
    if !choice.isEmpty { base.hidden = false }
    // The wrap `toggle-preview-wrap` set stays unless the choice names one (fzf's issue 4791).
    base.wrap = details.placement.wrap
    details.requestedPlacement = DetailsPlacement.parse(choice, onto: base) ?? details.basePlacement
    var placement = details.requestedPlacement.resolved(on: screen)
    placement.isAlternative = details.requestedPlacement.takesAlternative(on: screen)
    details.placement = placement
    details.following = placement.follow
    if details.command != nil || details.showsOneOff { details.open = !placement.hidden }
    // The command runs again for the new size; what `preview(…)` showed stays, drawn anew (fzf's).
    if !details.showsOneOff || details.oneOff != nil { details.shownFor = nil }
  }

  /// The placement the screen's size makes of the one asked (its `<N(…)` alternative, or not),
  /// when the screen changes: a pane hidden by it closes, one it shows opens.
  static func fit(_ details: inout DetailsState, screen: ScreenSize) {
    // Only a change of side: what the user changed since (`toggle-preview-wrap`) stays.
    let takes = details.requestedPlacement.takesAlternative(on: screen)
    guard takes != details.placement.isAlternative else { return }
    var placement = details.requestedPlacement.resolved(on: screen)
    placement.isAlternative = takes
    let hiddenBefore = details.placement.hidden
    details.placement = placement
    details.following = placement.follow
    if (details.command != nil || details.showsOneOff) && placement.hidden != hiddenBefore {
      details.open = !placement.hidden
    }
  }
}
