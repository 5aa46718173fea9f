import SearchEngine

/// One row of the refinement pane: a facet's name, one of its values with its count, or a numeric
/// facet's range among the hits.
public enum PaneRow: Sendable, Equatable {
  case header(String)
  case value(attribute: String, value: FacetResult.Value, refined: Bool)
  case range(attribute: String, stats: FacetResult.Stats)

  public var isSelectable: Bool { if case .value = self { true } else { false } }
}

/// The refinement concern of the search screen: refinements and sort (part of every results
/// search), the pane that lists facet values with their counts, `attr:value` tokens typed in the
/// query, and the category a suggestion carries. Composed into `SearchReducer`, which hands it
/// every event first.
public enum RefinementsReducer {
  /// Handles the event if it is this concern's; nil lets `SearchReducer` handle it.
  static func reduce(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect]? {
    switch event {
    case .refinementToggled(let attribute, let value):
      state.refine.refinements.toggle(attribute, value)
      return refined(&state)
    case .refinementsCleared:
      guard !state.refine.refinements.isEmpty else { return [] }
      state.refine.refinements = Refinements()
      return refined(&state)
    case .sortCycled:
      state.refine.sort = nextSort(after: state.refine.sort, in: state.numericFacets)
      state.message = "sorted by " + (state.refine.sort?.description ?? "relevance")
      return refined(&state)
    case .refinementPaneToggled:
      if state.focus == .refinements {
        state.focus = .query
        state.paneOpen = false
        _ = syncFacetCounting(&state)
      } else {
        state.paneOpen = true
        state.focus = .refinements
        state.highlightedSuggestion = nil
        state.paneSelection = firstSelectable(rows(state), from: state.paneSelection, step: 1) ?? 0
        // The pane opens on a narrow screen: count the facets it shows.
        if syncFacetCounting(&state) {
          state.resultsRevision += 1
          return [.searchResults(query: state.query, page: 0, refine: state.refine, revision: state.resultsRevision)]
        }
      }
      return []
    default:
      guard state.focus == .refinements else { return nil }
      return paneKey(&state, event)
    }
  }

  /// Keys while the pane has the focus; typing still edits the query (nil: not handled here).
  private static func paneKey(_ state: inout SearchState, _ event: SearchEvent) -> [SearchEffect]? {
    let rows = rows(state)
    switch event {
    case .movedDown, .movedUp:
      let step = event == .movedDown ? 1 : -1
      if let next = firstSelectable(rows, from: state.paneSelection + step, step: step) {
        state.paneSelection = next
      }
      return []
    case .spacePressed, .enterPressed:
      guard state.paneSelection < rows.count, case .value(let attribute, let value, _) = rows[state.paneSelection]
      else { return [] }
      state.refine.refinements.toggle(attribute, value.value)
      return refined(&state)
    case .escapePressed:
      state.focus = .query
      state.paneOpen = false
      _ = syncFacetCounting(&state)
      return []
    case .pagedUp, .pagedDown, .scrolled, .tabPressed:
      return []
    default:
      return nil
    }
  }

  /// Whether the refinement pane is on screen (and so its counts are needed).
  static func paneShown(_ state: SearchState) -> Bool {
    state.viewport.refinementsBeside || state.paneOpen
  }

  /// Counts facets exactly when the pane is shown; true when counting was just turned on.
  static func syncFacetCounting(_ state: inout SearchState) -> Bool {
    let shown = paneShown(state)
    guard shown != state.refine.countFacets else { return false }
    state.refine.countFacets = shown
    return shown
  }

  /// Refinements changed: a new results search (the suggestions do not depend on them).
  private static func refined(_ state: inout SearchState) -> [SearchEffect] {
    state.resultsRevision += 1
    state.selection = 0
    state.scrollOffset = 0
    if state.focus == .results { state.focus = .query }
    return [.searchResults(query: state.query, page: 0, refine: state.refine, revision: state.resultsRevision)]
  }

  /// Relevance, then each numeric facet ascending and descending, then relevance again.
  static func nextSort(after current: SortOrder?, in attributes: [String]) -> SortOrder? {
    guard let current, let i = attributes.firstIndex(of: current.attribute) else {
      return attributes.first.map { SortOrder(attribute: $0, descending: false) }
    }
    if !current.descending { return SortOrder(attribute: current.attribute, descending: true) }
    return i + 1 < attributes.count ? SortOrder(attribute: attributes[i + 1], descending: false) : nil
  }

  private static func firstSelectable(_ rows: [PaneRow], from start: Int, step: Int) -> Int? {
    var i = start
    while i >= 0 && i < rows.count {
      if rows[i].isSelectable { return i }
      i += step
    }
    return nil
  }

  // MARK: - Pane rows

  /// The pane's rows for the current counts: each facet's top values (for a hierarchy, its roots,
  /// and the children of each refined level: drilling down), refined values always; numeric facets
  /// as their range among the hits.
  public static func rows(_ state: SearchState) -> [PaneRow] {
    var out: [PaneRow] = []
    let refinements = state.refine.refinements
    for facet in state.results.facets {
      if let stats = facet.stats {
        out.append(.header(facet.attribute))
        out.append(.range(attribute: facet.attribute, stats: stats))
        continue
      }
      guard !facet.values.isEmpty else { continue }
      out.append(.header(facet.attribute))
      let refinedValues = refinements.facets.filter { $0.attribute == facet.attribute }.map(\.value)
      let refinedKeys = Set(refinedValues.map { TextFolding.foldedKey($0) })
      // The levels to walk down: each refined value and the levels above it.
      var open = refinedKeys
      for value in refinedValues {
        let levels = value.components(separatedBy: FacetIndex.levelSeparator)
        for depth in 1..<max(1, levels.count) {
          open.insert(TextFolding.foldedKey(levels[..<depth].joined(separator: FacetIndex.levelSeparator)))
        }
      }
      var listed = Set<[UInt8]>()
      // Each value's folded key and its parent's (one level up), computed once.
      let keys = facet.values.map { TextFolding.foldedKey($0.value) }
      let parents = facet.values.map {
        TextFolding.foldedKey(
          $0.value.components(separatedBy: FacetIndex.levelSeparator).dropLast().joined(
            separator: FacetIndex.levelSeparator))
      }
      // Roots, the children of each refined level (drilling down) and the refined values, each
      // under its parent; the values come most frequent first, and keep that order among siblings.
      // Refined values (and the levels above them) first, as Algolia's refinement lists put them:
      // a refined brand is never the eleventh row, off screen.
      let order =
        facet.values.indices.filter { open.contains(keys[$0]) }
        + facet.values.indices.filter { !open.contains(keys[$0]) }
      func emit(parent: [UInt8], level: Int) {
        for i in order where facet.values[i].level == level && (level == 0 || parents[i] == parent) {
          let value = facet.values[i]
          if level == 0 || refinedKeys.contains(parent) || refinedKeys.contains(keys[i]) {
            out.append(.value(attribute: facet.attribute, value: value, refined: refinedKeys.contains(keys[i])))
            listed.insert(keys[i])
          }
          if open.contains(keys[i]) { emit(parent: keys[i], level: level + 1) }
        }
      }
      emit(parent: [], level: 0)
      // A refined value no hit has any more stays listed, so it can be removed.
      for value in refinedValues where !listed.contains(TextFolding.foldedKey(value)) {
        out.append(.value(attribute: facet.attribute, value: FacetResult.Value(value: value, count: 0), refined: true))
      }
    }
    return out
  }

  // MARK: - Tokens typed in the query

  /// `brand:apple` or `price<500` just before the cursor, on a facet of this catalog: removed
  /// from the query and added to the refinements. Anything else stays text.
  static func absorbTokenBeforeCursor(_ state: inout SearchState) -> Bool {
    var characters = Array(state.query)
    let end = min(state.cursor, characters.count)
    var start = end
    while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
    guard start < end, apply(String(characters[start..<end]), to: &state) else { return false }
    characters.removeSubrange(start..<end)
    state.query = String(characters)
    state.cursor = start
    return true
  }

  /// Every token of the query that names a facet (on submit).
  static func absorbAllTokens(_ state: inout SearchState) {
    let words = state.query.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let kept = words.filter { !apply($0, to: &state) }
    guard kept.count != words.count else { return }
    state.query = kept.joined(separator: " ")
    state.cursor = state.query.count
  }

  /// Adds the refinement a token describes; false when it is not one.
  static func apply(_ token: String, to state: inout SearchState) -> Bool {
    for op in [":", "<=", ">=", "!=", "<", ">", "="] {
      guard let range = token.range(of: op) else { continue }
      let name = String(token[..<range.lowerBound])
      var value = String(token[range.upperBound...])
      if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
        value = String(value.dropFirst().dropLast())
      }
      guard !name.isEmpty, !value.isEmpty,
        let attribute = (state.facetAttributes + state.numericFacets).first(where: {
          $0.lowercased() == name.lowercased()
        })
      else { return false }
      if state.numericFacets.contains(attribute) {
        guard let number = Double(value), !number.isNaN,
          let comparison = FilterExpression.Comparison(rawValue: op == ":" ? "=" : op)
        else { return false }
        state.refine.refinements.numeric.append(
          Refinements.Numeric(attribute: attribute, comparison: comparison, value: number))
        return true
      }
      guard op == ":" else { return false }
      if !state.refine.refinements.isRefined(attribute, value) { state.refine.refinements.toggle(attribute, value) }
      return true
    }
    return false
  }

  /// A suggestion's category refines the catalog's category facet (its values replace any
  /// refined there); a catalog without one ignores it.
  static func refineCategory(_ state: inout SearchState, _ category: String) {
    guard
      let attribute = ["category", "categories", "hierarchicalCategories", "type"].first(where: {
        state.facetAttributes.contains($0)
      })
    else { return }
    state.refine.refinements.facets.removeAll { $0.attribute == attribute }
    state.refine.refinements.toggle(attribute, category)
    state.categoryFromSuggestion = Refinements.FacetValue(attribute: attribute, value: category)
  }

  /// The query was emptied: the category a suggestion refined with ends with it (it belonged to
  /// that search, not to the next one). The search the edit asks for goes without it.
  static func endSuggestionCategory(_ state: inout SearchState) {
    guard let category = state.categoryFromSuggestion else { return }
    state.categoryFromSuggestion = nil
    state.refine.refinements.facets.removeAll { $0 == category }
  }

  /// Backspace on an empty query: the last chip (the last refinement) goes, as a tag input's.
  static func removeLastChip(_ state: inout SearchState) -> [SearchEffect]? {
    if !state.refine.refinements.numeric.isEmpty {
      state.refine.refinements.numeric.removeLast()
    } else if !state.refine.refinements.facets.isEmpty {
      state.refine.refinements.facets.removeLast()
    } else {
      return nil
    }
    return refined(&state)
  }
}
