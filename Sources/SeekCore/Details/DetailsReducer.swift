/// The details pane's concern: opening and scrolling it, and keeping it on the hit the user is
/// on — the selected result, or the top one while typing (as fzf's preview follows the current
/// line). Each change of hit (or of the query it is highlighted for) is one request with a new
/// revision; an answer for an older one is dropped, and a preview command for an older one is
/// ended by the runner.
public enum DetailsReducer {
  /// Handles the pane's own events; nil for the others.
  static func reduce(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect]? {
    switch event {
    case .detailsToggled:
      state.details.open.toggle()
      state.details.scroll = 0
      if !state.details.open {
        state.details.shownFor = nil
        state.details.record = nil
        state.details.preview = nil
      }
      SearchReducer.clampSelection(&state)  // the results' height changed
      return []
    case .detailsScrolled(let lines):
      guard state.details.open else { return [] }
      state.details.scroll = max(0, state.details.scroll + lines)
      return []
    case .detailsArrived(let revision, let record):
      guard revision == state.details.revision else { return [] }
      state.details.record = record
      return []
    case .previewArrived(let revision, let output):
      guard revision == state.details.revision else { return [] }
      state.details.preview = output
      // `--preview-window +N`: shown from that line.
      if let offset = state.details.placement.offset {
        let base: Int?
        switch offset.base {
        case .line(let n): base = n
        case .field: base = output.baseLine
        }
        if let base {
          state.details.scroll = offset.firstLine(base: base, height: state.viewport.detailsRows)
        }
      }
      return []
    default:
      return nil
    }
  }

  /// The hit the pane is about: the selected result, or the top hit while the focus is elsewhere.
  public static func currentHit(_ state: SearchState) -> ResultHit? {
    let row = state.focus == .results ? state.selection : state.results.firstItemRow
    guard let row, case .item(let hit) = state.results.row(at: row) else { return nil }
    return hit
  }

  /// After every event: when the pane is open and its hit (or the query) changed, ask for it.
  static func sync(_ state: inout SearchState) -> [SearchEffect] {
    guard state.details.open else { return [] }
    let hit = currentHit(state)
    let key = hit.map { DetailsState.Shown(objectID: $0.objectID, query: state.results.query) }
    guard key != state.details.shownFor else { return [] }
    state.details.shownFor = key
    state.details.scroll = 0
    state.details.revision += 1
    state.details.record = nil
    state.details.preview = nil
    guard let hit else { return [] }
    if let template = state.details.command {
      state.details.preview = PreviewOutput(note: "running…")
      var baseField: FieldRange? = nil
      if case .field(let range)? = state.details.placement.offset?.base { baseField = range }
      return [
        .runPreview(
          template: template, objectID: hit.objectID, query: state.results.query, revision: state.details.revision,
          baseField: baseField)
      ]
    }
    return [.loadDetails(objectID: hit.objectID, query: state.results.query, revision: state.details.revision)]
  }
}
