/// fzf's `change-nth`, `change-with-nth` and `change-header-lines` (`LineFields`), the parent's
/// part: the fields' concern says what shape is asked for; the parent asks the core to read the
/// lines again in it, keeps the cursor on its item, and has the marks follow fzf's rules.
extension SearchReducer {
  static func changeFields(
    _ state: inout SearchState, _ part: LineFieldsReducer.Part, _ argument: String
  ) -> [SearchEffect] {
    guard let change = LineFieldsReducer.change(&state.fields, part, argument) else { return [] }
    // fzf keeps the marks when the searched fields change; the lines that become the header
    // lose theirs, and so do the lines the query no longer finds in the fields shown.
    if part != .nth { MarksReducer.reshapeStarting(&state.marks, matchesOnly: part == .withNth) }
    // Every line is read again: a change asked for while the input is still read waits for its end.
    // (An input whole from the start, `--sync`, streams nothing: it is whole already.)
    guard state.inputEnded || state.streamedRecords == nil else {
      LineFieldsReducer.wait(&state.fields, change)
      return []
    }
    return reshape(&state, change)
  }

  /// The core reads the lines again in `change`'s shape; the cursor's item is selected again in
  /// the new list (it keeps its id), or the first line when it became the header.
  private static func reshape(_ state: inout SearchState, _ change: LineFieldsChange) -> [SearchEffect] {
    if let current = state.currentHit?.objectID { ResultsReducer.reselect(&state.list, .item(current)) }
    // An answer about the lines before, still on its way, must not take the item's row there.
    ResultsReducer.dropAnswersInFlight(&state.list)
    return [.reshapeLines(change)]
  }

  /// The list changed (`catalogChanged`): a change that waited for the input's end is made, and
  /// the marks of a reshaped list read whole are kept on the lines listed.
  static func linesChanged(_ state: inout SearchState, finished: Bool) -> [SearchEffect] {
    if finished, let waiting = LineFieldsReducer.takeWaiting(&state.fields) { return reshape(&state, waiting) }
    guard let matchesOnly = MarksReducer.reshapeProgress(&state.marks, finished: finished) else { return [] }
    let refine = matchesOnly ? state.refining.refine : Refine()
    return [.listMatches(query: matchesOnly ? state.list.results.query : "", refine: refine, how: .keepListed)]
  }
}
