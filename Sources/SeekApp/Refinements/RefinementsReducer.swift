import SearchEngine

/// One row of the refinement pane: a facet's name, one of its values with its count, "show more"
/// (or "show less") after a facet's first values, a numeric facet's histogram with the range
/// selected on it (edges `lower ..< upper` of its buckets), or its range among the hits.
public enum PaneRow: Sendable, Equatable {
  case header(String)
  case value(attribute: String, value: FacetResult.Value, refined: Bool)
  /// InstantSearch's `showMore`: every value of the facet listed (`expanded`), or its first ones.
  case more(attribute: String, expanded: Bool)
  /// What is typed to search a facet's values (`typing`: keys go to it).
  case valueSearch(attribute: String, text: String, typing: Bool)
  case histogram(attribute: String, histogram: Histogram, lower: Int, upper: Int)
  case range(attribute: String, stats: FacetResult.Stats)

  /// What a selected row stands for, whatever its place and counts: the same value, or the same
  /// attribute's histogram, in the next answer's rows.
  var selectionKey: String? {
    switch self {
    case .value(let attribute, let value, _): attribute + "\u{0}" + value.value
    case .histogram(let attribute, _, _, _): attribute
    case .more(let attribute, _): attribute + "\u{1}"
    default: nil
    }
  }

  public var isSelectable: Bool {
    switch self {
    case .value, .histogram, .more: true
    default: false
    }
  }
}

/// Refinements and sort (part of every results search), the catalog's facets, and the pane that
/// lists their values with counts.
public struct RefinementsState: Sendable, Equatable {
  /// Facets the app counts on every keystroke: this many values each are shown, one more is
  /// asked for (a "show more" row says there are others), or `facetValuesExpanded` for a facet
  /// shown whole or searched — and when a value is refined, so that its count is there even if
  /// it is not among the first (Microsoft refined showed 0).
  public static let facetValuesShown = 10
  public static let facetValuesExpanded = 1_000
  public var refine = Refine()
  /// The category a submitted suggestion refined with: it ends when the query is emptied.
  public var categoryFromSuggestion: Refinements.FacetValue? = nil
  /// The catalog's facets (numeric ones apart): which `attr:value` tokens are refinements, and what
  /// the sort cycles through. Set when the app starts.
  public var facetAttributes: [String] = []
  public var numericFacets: [String] = []
  /// The named sorts of the settings (`sortBy`); empty: each numeric facet both ways.
  public var sortChoices: [SortChoice] = []
  /// What the sort in force is called (its label in the settings, else `price:asc`).
  public var sortName: String { RefinementsReducer.sortName(refine.sort, sortChoices) }
  /// The refinement pane: open (on narrow screens it takes the results' place; on wide ones it is
  /// always beside them), and its selected row.
  public var paneOpen = false
  public var paneSelection = 0
  /// Which handle of a histogram Left and Right move (Space or Enter on it switches): the upper
  /// one first, as "under $500" is the range people ask for most.
  public var lowerHandleActive = false
  /// Searching one facet's values (InstantSearch's searchable refinement list, Algolia's
  /// `searchForFacetValues`): `/` on a facet in the pane starts it, what is typed filters them.
  public var valueSearch: ValueSearch? = nil

  public struct ValueSearch: Sendable, Equatable {
    public var attribute: String
    public var text = ""
    /// Keys go to the search (until Enter); then they move and refine again.
    public var typing = true
    /// The facet was shown whole for the search only (folded back when it ends).
    public var expandedForSearch = false
  }

  public init() {}

  /// A run's start: the refinements and sort given, and what the catalog can refine and sort by.
  public init(refine: Refine, facetAttributes: [String], numericFacets: [String], sortChoices: [SortChoice]) {
    self.refine = refine
    self.facetAttributes = facetAttributes
    self.numericFacets = numericFacets
    self.sortChoices = sortChoices
  }
}

/// The refinement concern: refinements and sort, the pane, `attr:value` tokens typed in the query,
/// and the category a suggestion carries. It sees only its own state (and the facet counts the
/// results brought); a change of refinements is reported as `refined`, and `SearchReducer` asks
/// for the results again.
enum RefinementsReducer {
  enum Outcome: Equatable {
    /// The refinements or the sort changed (`message`: what to say on the status line).
    case refined(message: String? = nil)
    /// The pane was closed (Esc in it): the focus returns to the query.
    case closed
    /// Handled, nothing else to do.
    case handled
  }

  /// Refinements changed by a key or an action, whatever has the focus; nil for the parent's
  /// (the pane opened or closed moves the focus; a click needs the pane's rows).
  static func reduce(_ refining: inout RefinementsState, _ event: RefinementEvent) -> Outcome? {
    switch event {
    case .refinementToggled(let attribute, let value):
      refining.refine.refinements.toggle(attribute, value)
      return .refined()
    case .refinementsCleared:
      guard !refining.refine.refinements.isEmpty else { return .handled }
      refining.refine.refinements = Refinements()
      return .refined()
    case .sortCycled:
      refining.refine.sort =
        refining.sortChoices.isEmpty
        ? nextSort(after: refining.refine.sort, in: refining.numericFacets)
        : nextSort(after: refining.refine.sort, among: refining.sortChoices.map(\.sort))
      return .refined(message: "sorted by " + sortName(refining.refine.sort, refining.sortChoices))
    case .chipRemoved(let index):
      return refining.refine.refinements.removeChip(at: index) ? .refined() : .handled
    case .refinementPaneToggled, .paneValueClicked, .paneHistogramClicked:
      return nil
    }
  }

  /// A click on a pane row: a value is selected and toggled; anything else does nothing.
  static func valueClicked(_ refining: inout RefinementsState, row index: Int, rows: [PaneRow]) -> Outcome {
    guard index >= 0, index < rows.count else { return .handled }
    switch rows[index] {
    case .value(let attribute, let value, _):
      refining.paneSelection = index
      refining.refine.refinements.toggle(attribute, value.value)
      return .refined()
    case .more(let attribute, _):
      refining.paneSelection = index
      return toggleMore(&refining, attribute)
    default: return .handled
    }
  }

  /// "Show more" or "show less": the facet's values are counted anew, every one or the first.
  static func toggleMore(_ refining: inout RefinementsState, _ attribute: String) -> Outcome {
    if refining.refine.expandedFacets.remove(attribute) == nil { refining.refine.expandedFacets.insert(attribute) }
    return .refined()
  }

  /// A click on a histogram's bucket: the nearer handle moves there (a bucket outside the range
  /// widens it to include the bucket) and becomes the one the arrows move.
  static func histogramClicked(
    _ refining: inout RefinementsState, row index: Int, bucket: Int, rows: [PaneRow]
  ) -> Outcome {
    guard index >= 0, index < rows.count,
      case .histogram(let attribute, let histogram, var lower, var upper) = rows[index],
      bucket >= 0, bucket < histogram.bucketCount
    else { return .handled }
    refining.paneSelection = index
    if bucket < lower || (bucket < upper && bucket - lower < upper - 1 - bucket) {
      lower = bucket
      refining.lowerHandleActive = true
    } else {
      upper = bucket + 1
      refining.lowerHandleActive = false
    }
    selectRange(&refining, attribute, histogram, lower: lower, upper: upper)
    return .refined()
  }

  /// Left and Right on a histogram: the active handle moves to the next edge that way (from a
  /// typed bound between edges, the edge beside it), never onto or past the other handle.
  static func moveHandle(
    _ refining: inout RefinementsState, _ attribute: String, _ histogram: Histogram, lower: Int, upper: Int,
    by step: Int
  ) -> Outcome {
    var lower = lower
    var upper = upper
    let numeric = refining.refine.refinements.numeric.filter { $0.attribute == attribute }
    if refining.lowerHandleActive {
      let bound = numeric.filter { [.greater, .greaterOrEqual].contains($0.comparison) }.map(\.value).max()
      let from = bound.map { histogram.nextEdge(from: $0, by: step) } ?? lower + step
      lower = min(max(0, from), upper - 1)
    } else {
      let bound = numeric.filter { [.less, .lessOrEqual].contains($0.comparison) }.map(\.value).min()
      let from = bound.map { histogram.nextEdge(from: $0, by: step) } ?? upper + step
      upper = max(min(histogram.bucketCount, from), lower + 1)
    }
    selectRange(&refining, attribute, histogram, lower: lower, upper: upper)
    return .refined()
  }

  /// The attribute's numeric refinements become `>= edge(lower)` and `< edge(upper)`, each left
  /// out at its end of the histogram (the whole range is no refinement at all).
  static func selectRange(
    _ refining: inout RefinementsState, _ attribute: String, _ histogram: Histogram, lower: Int, upper: Int
  ) {
    var numeric = refining.refine.refinements.numeric.filter { $0.attribute != attribute }
    if lower > 0 {
      numeric.append(
        Refinements.Numeric(attribute: attribute, comparison: .greaterOrEqual, value: histogram.edge(lower)))
    }
    if upper < histogram.bucketCount {
      numeric.append(Refinements.Numeric(attribute: attribute, comparison: .less, value: histogram.edge(upper)))
    }
    refining.refine.refinements.numeric = numeric
  }

  /// The edges an attribute's numeric refinements select on its histogram (the nearest edges to
  /// their numbers; the ends when there are none).
  static func selectedEdges(
    _ refinements: Refinements, _ attribute: String, _ histogram: Histogram
  ) -> (lower: Int, upper: Int) {
    var lower = 0
    var upper = histogram.bucketCount
    for n in refinements.numeric where n.attribute == attribute {
      let edge = histogram.nearestEdge(to: n.value)
      switch n.comparison {
      case .greater, .greaterOrEqual: lower = max(lower, edge)
      case .less, .lessOrEqual: upper = min(upper, edge)
      case .equal:
        lower = max(lower, histogram.bucket(of: n.value))
        upper = min(upper, histogram.bucket(of: n.value) + 1)
      case .notEqual: break
      }
    }
    return upper > lower
      ? (lower, upper) : (min(lower, histogram.bucketCount - 1), min(lower, histogram.bucketCount - 1) + 1)
  }

  /// Keys while the pane has the focus; typing still edits the query (nil: not handled here),
  /// but `/` on a facet searches its values.
  static func paneKey(
    _ refining: inout RefinementsState, _ event: SearchEvent, rows: [PaneRow], facets: [FacetResult] = []
  ) -> Outcome? {
    if let outcome = valueSearchKey(&refining, event, rows: rows, facets: facets) { return outcome }
    if refining.paneSelection < rows.count,
      case .histogram(let attribute, let histogram, let lower, let upper) = rows[refining.paneSelection]
    {
      switch event {
      case .query(.cursorMoved(.left)), .query(.cursorMoved(.right)):
        let step = event == .query(.cursorMoved(.left)) ? -1 : 1
        return moveHandle(&refining, attribute, histogram, lower: lower, upper: upper, by: step)
      case .key(.spacePressed), .key(.enterPressed):
        refining.lowerHandleActive.toggle()
        return .handled
      default: break
      }
    }
    switch event {
    // Shift-Tab moves up, as it does where it cannot mark.
    case .move(.movedDown), .move(.movedUp), .key(.backTabPressed):
      let step = event == .move(.movedDown) ? 1 : -1
      if let next = firstSelectable(rows, from: refining.paneSelection + step, step: step) {
        refining.paneSelection = next
      }
      return .handled
    case .key(.spacePressed), .key(.enterPressed):
      guard refining.paneSelection < rows.count else { return .handled }
      switch rows[refining.paneSelection] {
      case .value(let attribute, let value, _):
        refining.refine.refinements.toggle(attribute, value.value)
        return .refined()
      case .more(let attribute, _): return toggleMore(&refining, attribute)
      default: return .handled
      }
    case .key(.escapePressed):
      return refining.valueSearch == nil ? .closed : endValueSearch(&refining)
    case .move(.pagedUp), .move(.pagedDown), .move(.scrolled), .key(.tabPressed):
      return .handled
    default:
      return nil
    }
  }

  /// `/` starts searching the selected facet's values; while typing, keys edit the search (the
  /// selection on its first value), Enter ends the typing, Esc ends the search.
  static func valueSearchKey(
    _ refining: inout RefinementsState, _ event: SearchEvent, rows: [PaneRow], facets: [FacetResult]
  ) -> Outcome? {
    guard var search = refining.valueSearch, search.typing else {
      guard event == .query(.inserted("/")), refining.paneSelection < rows.count else { return nil }
      let attribute: String
      switch rows[refining.paneSelection] {
      case .value(let a, _, _), .more(let a, _): attribute = a
      default: return nil
      }
      // A search of the same facet again keeps what its first start expanded (to fold it back).
      let kept = refining.valueSearch.flatMap { $0.attribute == attribute ? $0.expandedForSearch : nil }
      if let other = refining.valueSearch, other.attribute != attribute { _ = endValueSearch(&refining) }
      let expanded = refining.refine.expandedFacets.insert(attribute).inserted || kept == true
      refining.valueSearch = RefinementsState.ValueSearch(attribute: attribute, expandedForSearch: expanded)
      return .refined()
    }
    switch event {
    case .query(.inserted(let text)): search.text += text
    case .key(.spacePressed): search.text += " "
    case .query(.deletedBackward): if !search.text.isEmpty { search.text.removeLast() }
    case .key(.enterPressed): search.typing = false
    case .key(.escapePressed): return endValueSearch(&refining)
    default: return nil
    }
    refining.valueSearch = search
    let found = Self.rows(refining, facets: facets).firstIndex {
      if case .value(search.attribute, _, _) = $0 { return true }
      return false
    }
    if let found { refining.paneSelection = found }
    return .handled
  }

  /// The search of a facet's values ends: all of them again (or its first ones, counted anew).
  static func endValueSearch(_ refining: inout RefinementsState) -> Outcome {
    guard let search = refining.valueSearch else { return .handled }
    refining.valueSearch = nil
    guard search.expandedForSearch else { return .handled }
    refining.refine.expandedFacets.remove(search.attribute)
    return .refined()
  }

  /// New counts change the pane's rows: the selection stays on the row it was on (the value, or
  /// the histogram whose handle was just moved), wherever that row now is.
  static func keepSelection(_ refining: inout RefinementsState, from old: [PaneRow], to new: [PaneRow]) {
    guard refining.paneSelection < old.count, let key = old[refining.paneSelection].selectionKey,
      let index = new.firstIndex(where: { $0.selectionKey == key })
    else { return }
    refining.paneSelection = index
  }

  /// The pane opens on its first value; true when its counts were not being counted (a narrow
  /// screen) and now are: the results are to be searched again.
  static func openPane(_ refining: inout RefinementsState, rows: [PaneRow], beside: Bool) -> Bool {
    refining.paneOpen = true
    refining.paneSelection = firstSelectable(rows, from: refining.paneSelection, step: 1) ?? 0
    return syncFacetCounting(&refining, beside: beside)
  }

  static func closePane(_ refining: inout RefinementsState, beside: Bool) {
    refining.paneOpen = false
    _ = syncFacetCounting(&refining, beside: beside)
  }

  /// Whether the refinement pane is on screen (and so its counts are needed): always beside the
  /// results on a wide screen, on a narrow one when opened.
  static func paneShown(_ refining: RefinementsState, beside: Bool) -> Bool { beside || refining.paneOpen }

  /// The first layout: facets are counted when the pane is on screen.
  static func started(_ refining: inout RefinementsState, beside: Bool) {
    refining.refine.countFacets = paneShown(refining, beside: beside)
  }

  /// fzf's `disable-search` (and `enable-search`): the list keeps the results of `query`, the
  /// one searched last, until search is enabled again.
  static func searchDisabled(_ refining: inout RefinementsState, _ disabled: Bool, keeping query: String) {
    refining.refine.searchDisabled = disabled
    refining.refine.disabledQuery = disabled ? query : ""
  }

  /// A new list (a reload, lines read since): with search disabled, every line of it is listed.
  static func listReplaced(_ refining: inout RefinementsState) {
    refining.refine.disabledQuery = ""
  }

  /// fzf's `toggle-sort`: input order, or ranked.
  static func toggleInputOrder(_ refining: inout RefinementsState) {
    refining.refine.inputOrder = !(refining.refine.inputOrder ?? false)
  }

  /// Counts facets exactly when the pane is shown; true when counting was just turned on.
  static func syncFacetCounting(_ refining: inout RefinementsState, beside: Bool) -> Bool {
    let shown = paneShown(refining, beside: beside)
    guard shown != refining.refine.countFacets else { return false }
    refining.refine.countFacets = shown
    return shown
  }

  /// Relevance, then each numeric facet ascending and descending, then relevance again.
  static func nextSort(after current: SortOrder?, in attributes: [String]) -> SortOrder? {
    guard let current, let i = attributes.firstIndex(of: current.attribute) else {
      return attributes.first.map { SortOrder(attribute: $0, descending: false) }
    }
    if !current.descending { return SortOrder(attribute: current.attribute, descending: true) }
    return i + 1 < attributes.count ? SortOrder(attribute: attributes[i + 1], descending: false) : nil
  }

  /// Relevance, then each named sort in the settings' order, then relevance again.
  static func nextSort(after current: SortOrder?, among choices: [SortOrder]) -> SortOrder? {
    guard let current, let i = choices.firstIndex(of: current) else { return choices.first }
    return i + 1 < choices.count ? choices[i + 1] : nil
  }

  /// What a sort is called: its label in the settings, else `attribute:asc`.
  static func sortName(_ sort: SortOrder?, _ choices: [SortChoice]) -> String {
    guard let sort else { return "relevance" }
    return choices.first { $0.sort == sort }?.label ?? sort.description
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
  static func rows(_ refining: RefinementsState, facets: [FacetResult]) -> [PaneRow] {
    var out: [PaneRow] = []
    let refinements = refining.refine.refinements
    for facet in facets {
      if let stats = facet.stats {
        out.append(.header(facet.attribute))
        if let histogram = stats.histogram, histogram.bucketCount > 1 {
          let (lower, upper) = selectedEdges(refinements, facet.attribute, histogram)
          out.append(.histogram(attribute: facet.attribute, histogram: histogram, lower: lower, upper: upper))
        }
        out.append(.range(attribute: facet.attribute, stats: stats))
        continue
      }
      let search = refining.valueSearch.flatMap { $0.attribute == facet.attribute ? $0 : nil }
      guard !facet.values.isEmpty || search != nil else { continue }
      out.append(.header(facet.attribute))
      if let search {
        out.append(.valueSearch(attribute: facet.attribute, text: search.text, typing: search.typing))
        out += searchedValues(facet, search.text, refinements)
        continue
      }
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
      // A facet's first values (`facetValuesShown` roots, refined ones always), unless expanded.
      let expanded = refining.refine.expandedFacets.contains(facet.attribute)
      var roots = 0
      var hidden = false
      func emit(parent: [UInt8], level: Int) {
        for i in order where facet.values[i].level == level && (level == 0 || parents[i] == parent) {
          let value = facet.values[i]
          if level == 0 && !open.contains(keys[i]) {
            roots += 1
            if !expanded && roots > RefinementsState.facetValuesShown {
              hidden = true
              continue
            }
          }
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
      if hidden || expanded { out.append(.more(attribute: facet.attribute, expanded: expanded)) }
    }
    return out
  }

  /// A facet's values holding the text searched (folded, anywhere in the value), most frequent
  /// first, every one of them.
  static func searchedValues(_ facet: FacetResult, _ text: String, _ refinements: Refinements) -> [PaneRow] {
    let wanted = TextFolding.foldedKey(text.trimming(" "))
    let refined = Set(
      refinements.facets.filter { $0.attribute == facet.attribute }.map { TextFolding.foldedKey($0.value) })
    return facet.values.filter { wanted.isEmpty || TextFolding.foldedKey($0.value).contains(wanted) }.map {
      let key = TextFolding.foldedKey($0.value)
      return .value(
        attribute: facet.attribute, value: FacetResult.Value(value: $0.value, count: $0.count),
        refined: refined.contains(key))
    }
  }

  // MARK: - Tokens typed in the query

  /// Adds the refinement a token describes; false when it is not one.
  static func apply(_ token: String, to refining: inout RefinementsState) -> Bool {
    for op in [":", "<=", ">=", "!=", "<", ">", "="] {
      guard let range = token.range(of: op) else { continue }
      let name = String(token[..<range.lowerBound])
      var value = String(token[range.upperBound...])
      if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
        value = String(value.dropFirst().dropLast())
      }
      guard !name.isEmpty, !value.isEmpty,
        let attribute = (refining.facetAttributes + refining.numericFacets).first(where: {
          $0.lowercased() == name.lowercased()
        })
      else { return false }
      if refining.numericFacets.contains(attribute) {
        guard let number = Double(value), !number.isNaN,
          let comparison = FilterExpression.Comparison(rawValue: op == ":" ? "=" : op)
        else { return false }
        refining.refine.refinements.numeric.append(
          Refinements.Numeric(attribute: attribute, comparison: comparison, value: number))
        return true
      }
      guard op == ":" else { return false }
      if !refining.refine.refinements.isRefined(attribute, value) {
        refining.refine.refinements.toggle(attribute, value)
      }
      return true
    }
    return false
  }

  /// A suggestion's category refines the catalog's category facet (its values replace any
  /// refined there); a catalog without one ignores it.
  static func refineCategory(_ refining: inout RefinementsState, _ category: String) {
    guard
      let attribute = ["category", "categories", "hierarchicalCategories", "type"].first(where: {
        refining.facetAttributes.contains($0)
      })
    else { return }
    refining.refine.refinements.facets.removeAll { $0.attribute == attribute }
    refining.refine.refinements.toggle(attribute, category)
    refining.categoryFromSuggestion = Refinements.FacetValue(attribute: attribute, value: category)
  }

  /// The query was emptied: the category a suggestion refined with ends with it (it belonged to
  /// that search, not to the next one). The search the edit asks for goes without it.
  static func endSuggestionCategory(_ refining: inout RefinementsState) {
    guard let category = refining.categoryFromSuggestion else { return }
    refining.categoryFromSuggestion = nil
    refining.refine.refinements.facets.removeAll { $0 == category }
  }

  /// Backspace on an empty query: the last chip (the last refinement) goes, as a tag input's.
  static func removeLastChip(_ refining: inout RefinementsState) -> Bool {
    if !refining.refine.refinements.numeric.isEmpty {
      refining.refine.refinements.numeric.removeLast()
    } else if !refining.refine.refinements.facets.isEmpty {
      refining.refine.refinements.facets.removeLast()
    } else {
      return false
    }
    return true
  }
}

extension RefinementsState {
  /// The pane's rows for these counts (`RefinementsReducer.rows`).
  public func rows(facets: [FacetResult]) -> [PaneRow] { RefinementsReducer.rows(self, facets: facets) }
}
