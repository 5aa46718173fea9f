/// Picking and the store: the checked items (as the store holds them, and those checked in this
/// run), the rules of the kind of input, and a leave or a command waiting for the writes before
/// it.
public struct MarksState: Sendable, Equatable {
  /// What Enter does and whether a create row is offered: one rule per kind of input.
  public var picking = Picking()
  /// objectIDs of the checked items, in the order they were checked: as the store holds them,
  /// and as a check typed and not yet saved asks (`checksInFlight`).
  public var checked: [String] = []
  /// Checks written and not yet answered, by item. The state shows a check at once, so that two
  /// toggles typed in one read toggle twice (each used to read the state before the first was
  /// saved); the store's answer counts once the last write for its item is answered.
  public var checksInFlight: [String: Int] = [:]
  /// The items checked in this run, in order: what accept prints (fzf's marks). Checks kept from
  /// earlier runs are shown checked but not printed.
  public var checkedThisRun: [String] = []
  /// Enter was pressed on this item: the app leaves once every write asked for before it is
  /// answered, printing what the store then holds. Keys are ignored meanwhile.
  public var pendingAccept: String? = nil
  /// The `--expect` key the pending accept was asked with (nil: Enter or a click).
  public var acceptKey: String? = nil
  /// A `--bind` command waiting for the writes before it (`execute`, `become`).
  public var pendingCommand: PendingCommand? = nil
  /// The actions to do once the command running ends.
  public var afterCommand: [BindAction] = []
  /// A select-all (or deselect-all, toggle-all) waits for every match of the query: the actions
  /// bound after it (`select-all+accept`), done once the matches are marked.
  public var afterMatches: [BindAction]? = nil
  /// Enter (accepting) was pressed in the query before the results of the query arrived: accept
  /// the top hit when they do.
  public var acceptTopOnArrival = false
  /// Enter was pressed in a smart list's query before the answer to that query arrived: it was
  /// submitted, and the answer decides whether the item is also created (typing on drops it).
  public var enterOnArrival: String? = nil
  /// The created item Delete removed last, and whether it was checked: Ctrl-Y on the list
  /// brings it back as it was (a created item's objectID follows its title, so its check too).
  public var lastDeleted: DeletedItem? = nil
  /// Run as fzf with `--id-nth`: the keys of the lines marked when a reload started, marked again
  /// in the new list once it has all come (fzf keeps them; without `--id-nth` it drops them).
  public var keysToMarkAfterReload: Set<String>? = nil
  /// The lines are being shaped again (`change-with-nth`, `change-header-lines`): once read
  /// whole in the new shape, the marks stay only on the lines then listed.
  public var keptAfterReshape: ReshapeKeeping? = nil
  /// Keys typed while a command waits for the writes before it: done once it has run, in
  /// order (fish's CTRL-R runs a command on every move, and the second Shift-Tab was lost).
  public var heldInputs: [SearchEvent] = []
  /// At most this many keys are held (a command that never starts cannot hoard memory).
  static let maxHeldInputs = 256

  /// Which marks outlive a new shape of the lines, and how far its reading has come.
  public struct ReshapeKeeping: Sendable, Equatable {
    /// The query's matches (the fields shown changed), else every line (the header grew).
    public var matchesOnly: Bool
    /// The new list has started (its first, empty, state seen): its end is the reshape's.
    public var started = false
  }

  public struct DeletedItem: Sendable, Equatable {
    public var title: String
    public var checked: Bool
  }

  public init() {}

  /// A run's start: what the store holds checked, and the input's rules.
  public init(checked: [String], picking: Picking) {
    self.checked = checked
    self.picking = picking
  }

  /// Leaving, or running a command, once the writes are done: keys wait.
  public var isWaitingForWrites: Bool { pendingAccept != nil || acceptTopOnArrival || pendingCommand != nil }
  /// The marks of this run the store holds (`{+}`, what accept prints).
  public var savedMarks: [String] { checkedThisRun.filter(checked.contains) }
}

/// The picking concern: checks saved, items created and deleted, and accepting — which waits
/// for every write asked for before it, so that what is printed is what the store holds.
enum MarksReducer {
  /// The store's answer to a check written: what it holds, unless a later write for the item is
  /// still on its way (the state shows that one already).
  static func saved(_ marks: inout MarksState, _ objectID: String, checked: Bool) {
    if let inFlight = marks.checksInFlight[objectID] {
      marks.checksInFlight[objectID] = inFlight > 1 ? inFlight - 1 : nil
      if inFlight > 1 { return }
    }
    show(&marks, objectID, checked: checked)
  }

  /// Lines taken out of the list (`exclude`, `exclude-multi`) are unmarked, as fzf's: shown at
  /// once, written behind. `titles`: the lines' titles, by objectID, where known.
  static func unmark(_ marks: inout MarksState, _ ids: [String], titles: [String: String]) -> [SearchEffect] {
    ids.filter(marks.checked.contains).map { id in
      marks.checksInFlight[id, default: 0] += 1
      show(&marks, id, checked: false)
      return .setChecked(objectID: id, title: titles[id] ?? "", checked: false)
    }
  }

  /// The item checked (at the end of the order, unless it is checked already) or not.
  private static func show(_ marks: inout MarksState, _ objectID: String, checked: Bool) {
    if !checked {
      marks.checked.removeAll { $0 == objectID }
      marks.checkedThisRun.removeAll { $0 == objectID }
      return
    }
    if !marks.checked.contains(objectID) { marks.checked.append(objectID) }
    if !marks.checkedThisRun.contains(objectID) { marks.checkedThisRun.append(objectID) }
  }

  /// A created item is checked (checking the create row made it).
  static func created(_ marks: inout MarksState, _ objectID: String) {
    if !marks.checked.contains(objectID) { marks.checked.append(objectID) }
    if !marks.checkedThisRun.contains(objectID) { marks.checkedThisRun.append(objectID) }
  }

  static func deleted(_ marks: inout MarksState, _ objectID: String) {
    marks.checked.removeAll { $0 == objectID }
    marks.checkedThisRun.removeAll { $0 == objectID }
  }

  /// Checks or unchecks a row, or creates the item of the create row; a check past
  /// `--multi=N` is refused (the refusal's message instead of effects).
  static func toggle(_ marks: inout MarksState, _ row: ResultRow?, query: String) -> Result<[SearchEffect], Refusal> {
    if refuses(marks, row), let most = marks.picking.maxMarks {
      return .failure(Refusal(message: "at most \(most) marked (--multi=\(most))"))
    }
    switch row {
    case .create(let title): return .success([.createItem(title: title)])
    case .item(let hit):
      let checking = !marks.checked.contains(hit.objectID)
      marks.checksInFlight[hit.objectID, default: 0] += 1
      show(&marks, hit.objectID, checked: checking)
      let pick: [SearchEffect] =
        checking && marks.picking.learns ? [.recordPick(objectID: hit.objectID, query: query)] : []
      return .success([.setChecked(objectID: hit.objectID, title: hit.title, checked: checking)] + pick)
    case nil: return .success([])
    }
  }

  struct Refusal: Error, Equatable { let message: String }

  /// Whether toggling `row` is refused: it would check one more item past `--multi=N`. Asked
  /// after a toggle too (a refused one left the row unchecked at the limit): fzf's toggle-up and
  /// toggle-down then do not move either.
  static func refuses(_ marks: MarksState, _ row: ResultRow?) -> Bool {
    guard case .item(let hit) = row, let most = marks.picking.maxMarks else { return false }
    return !marks.checked.contains(hit.objectID) && marks.checkedThisRun.count >= most
  }

  /// Delete on a created item: removed, kept aside for Ctrl-Y.
  static func delete(_ marks: inout MarksState, _ hit: ResultHit) -> [SearchEffect] {
    marks.lastDeleted = MarksState.DeletedItem(title: hit.title, checked: marks.checked.contains(hit.objectID))
    return [.deleteCreatedItem(objectID: hit.objectID)]
  }

  /// Ctrl-Y on the list: the item deleted last, created again, checked or not as it was.
  static func undoDelete(_ marks: inout MarksState) -> (title: String, effects: [SearchEffect])? {
    guard let deleted = marks.lastDeleted else { return nil }
    marks.lastDeleted = nil
    let title = deleted.title
    let uncheck: [SearchEffect] =
      deleted.checked
      ? [] : [.setChecked(objectID: CreatedItem.objectID(forTitle: title), title: title, checked: false)]
    return (title, [.createItem(title: title)] + uncheck)
  }

  /// A reload starts, run as fzf: this run's marks are dropped (`hits`: the rows loaded, for
  /// their titles and keys), their keys kept when lines carry one (`--id-nth`).
  static func reloadStarting(_ marks: inout MarksState, hits: [ResultHit], identified: Bool) -> [SearchEffect] {
    guard marks.picking.marks, !marks.checkedThisRun.isEmpty else { return [] }
    let byID = Dictionary(hits.map { ($0.objectID, $0) }, uniquingKeysWith: { first, _ in first })
    if identified { marks.keysToMarkAfterReload = Set(marks.checkedThisRun.compactMap { byID[$0]?.identity }) }
    return marks.checkedThisRun.map { .setChecked(objectID: $0, title: byID[$0]?.title ?? "", checked: false) }
  }

  /// The reloaded list has all come: the lines loaded whose keys were marked are marked again.
  static func reloadEnded(_ marks: inout MarksState, hits: [ResultHit]) -> [SearchEffect] {
    guard let keys = marks.keysToMarkAfterReload else { return [] }
    marks.keysToMarkAfterReload = nil
    return hits.filter { $0.identity.map(keys.contains) ?? false }.map {
      .setChecked(objectID: $0.objectID, title: $0.title, checked: true)
    }
  }

  /// fzf's select-all, deselect-all and toggle-all, over every match of the query (listed by
  /// the search lane first: the rows loaded are only the first pages), within `--multi=N`.
  static func toggleAll(_ marks: MarksState, _ matches: [ListedMatch], _ how: AllToggle) -> [SearchEffect] {
    guard marks.picking.marks else { return [] }
    let checkedNow = Set(marks.checked)
    let thisRun = Set(marks.checkedThisRun)
    // The marks taken off first, then the new ones in order up to the limit, as fzf's: with
    // `-m 3` and 1 and 10 marked, toggle-all marks 2, 3 and 4.
    let unmarked = how == .select ? [] : matches.filter { checkedNow.contains($0.objectID) }
    var marked = marks.checkedThisRun.count - unmarked.filter { thisRun.contains($0.objectID) }.count
    var effects = unmarked.map { SearchEffect.setChecked(objectID: $0.objectID, title: $0.title, checked: false) }
    guard how != .deselect else { return effects }
    for match in matches where !checkedNow.contains(match.objectID) {
      if let most = marks.picking.maxMarks, marked >= most { break }
      marked += 1
      effects.append(.setChecked(objectID: match.objectID, title: match.title, checked: true))
    }
    return effects
  }

  /// Accept: leave once every write before it is answered. Whether the highlighted item is
  /// printed (and so picked) is known only then: marks checked just before take its place.
  static func accept(_ marks: inout MarksState, _ objectID: String, query: String) -> [SearchEffect] {
    marks.pendingAccept = objectID
    return [.flushWrites]
  }

  /// Enter from the query when Enter accepts: the top item, or — nothing matching — fzf's "no
  /// match" (status 1), unless items were checked, which are then what is accepted.
  static func acceptTop(_ marks: inout MarksState, _ results: ResultsState, query: String) -> [SearchEffect] {
    if let first = results.firstItemRow, case .item(let hit) = results.row(at: first) {
      return accept(&marks, hit.objectID, query: query)
    }
    if !marks.checkedThisRun.isEmpty { return accept(&marks, marks.checkedThisRun[0], query: query) }
    return [.quit(status: 1)]
  }

  /// The store as another process left it: what it holds checked.
  static func storeChanged(_ marks: inout MarksState, checked: [String]) {
    marks.checked = checked
  }

  /// Enter in the query before the query's results arrived: accept the top one when they do.
  static func acceptTopOnArrival(_ marks: inout MarksState) {
    marks.acceptTopOnArrival = true
  }

  /// The query's results arrived: whether Enter waited for them to accept the top one.
  static func takeAcceptTopOnArrival(_ marks: inout MarksState) -> Bool {
    defer { marks.acceptTopOnArrival = false }
    return marks.acceptTopOnArrival
  }

  /// Enter in a smart list's query before its answer: the query it was pressed on, whose answer
  /// decides whether the item is also created.
  static func enterBeforeAnswer(_ marks: inout MarksState, query: String) {
    marks.enterOnArrival = query
  }

  /// The answer Enter waited for arrived: the query it was pressed on (once).
  static func takeEnterOnArrival(_ marks: inout MarksState) -> String? {
    defer { marks.enterOnArrival = nil }
    return marks.enterOnArrival
  }

  /// An `--expect` key accepts: its name is printed first.
  static func acceptKeyPressed(_ marks: inout MarksState, _ name: String) {
    marks.acceptKey = name
  }

  /// `--bind`'s `change-multi`: marks allowed (at most `limit`; 0: none, nil: no limit).
  static func changeMulti(_ marks: inout MarksState, limit: Int?) {
    marks.picking.marks = limit != 0
    marks.picking.maxMarks = limit == 0 ? nil : limit
  }

  /// The lines are shaped again: which marks will be kept (the query's matches wins over every
  /// line when two changes meet).
  static func reshapeStarting(_ marks: inout MarksState, matchesOnly: Bool) {
    guard marks.picking.marks, !marks.checked.isEmpty else { return }
    marks.keptAfterReshape = MarksState.ReshapeKeeping(
      matchesOnly: matchesOnly || marks.keptAfterReshape?.matchesOnly == true, started: false)
  }

  /// The list changed while lines are shaped again: once the new list has started and is read
  /// whole, whether only the query's matches keep their marks (nil: nothing to do yet).
  static func reshapeProgress(_ marks: inout MarksState, finished: Bool) -> Bool? {
    guard var keeping = marks.keptAfterReshape else { return nil }
    if !finished {
      keeping.started = true
      marks.keptAfterReshape = keeping
      return nil
    }
    guard keeping.started else { return nil }
    marks.keptAfterReshape = nil
    return keeping.matchesOnly
  }

  /// The lines listed after a reshape: the marks on any other line are taken off.
  static func keepListed(_ marks: MarksState, _ listed: [ListedMatch]) -> [SearchEffect] {
    let kept = Set(listed.map(\.objectID))
    return marks.checked.filter { !kept.contains($0) }.map { .setChecked(objectID: $0, title: "", checked: false) }
  }

  /// A select-all (deselect-all, toggle-all) asks for every match: the actions bound after it
  /// wait for them.
  static func matchesAsked(_ marks: inout MarksState) {
    marks.afterMatches = []
  }

  /// Every match arrived: the actions that waited for them.
  static func takeAfterMatches(_ marks: inout MarksState) -> [BindAction] {
    defer { marks.afterMatches = nil }
    return marks.afterMatches ?? []
  }

  /// Actions bound after a command or a select-all that waits: held for after it (true), or
  /// nothing waits (false) and they are done now.
  static func holdAfterWaiting(_ marks: inout MarksState, _ rest: [BindAction]) -> Bool {
    if marks.pendingCommand != nil {
      marks.pendingCommand?.then = rest
      return true
    }
    if marks.afterMatches != nil {
      marks.afterMatches = rest
      return true
    }
    return false
  }

  /// Actions set off while a command waits for its writes: done after it, in turn (true), or
  /// nothing waits (false).
  static func holdForCommand(_ marks: inout MarksState, _ actions: [BindAction]) -> Bool {
    guard marks.pendingCommand != nil else { return false }
    marks.pendingCommand?.then += actions
    return true
  }

  /// A key typed while a command waits for the writes before it: kept (up to a bound) for after.
  static func holdInput(_ marks: inout MarksState, _ input: SearchEvent) {
    if marks.heldInputs.count < MarksState.maxHeldInputs { marks.heldInputs.append(input) }
  }

  /// The command ended: the actions bound after it, and the keys typed meanwhile, in order.
  static func commandFinished(_ marks: inout MarksState) -> (then: [BindAction], held: [SearchEvent]) {
    defer {
      marks.afterCommand = []
      marks.heldInputs = []
    }
    return (marks.afterCommand, marks.heldInputs)
  }

  /// A bound command for the current row (`{}`) and the marks (`{+}`): run once the writes asked
  /// for before it are done (as accept waits), so that a check made just before is among the
  /// marks. Keys wait meanwhile.
  static func command(_ marks: inout MarksState, _ template: String, _ mode: CommandMode) -> [SearchEffect] {
    marks.pendingCommand = PendingCommand(template: template, mode: mode)
    return [.flushWrites]
  }

  enum Flushed: Equatable {
    /// The command waiting for the writes runs now; the actions after it follow its end.
    case run(PendingCommand)
    /// Leave, printing these; `picked`: the one printed item to learn from (the highlighted
    /// one, printed alone). Marks printed instead were picked when checked; the row the cursor
    /// happened to be on, not printed, is not picked (it was, and learning rose it).
    case accept([String], picked: String?)
  }

  /// Every write asked for before the flush is answered: what was waiting for them.
  static func writesFlushed(_ marks: inout MarksState) -> Flushed? {
    if let pending = marks.pendingCommand {
      marks.pendingCommand = nil
      marks.afterCommand = pending.then
      return .run(pending)
    }
    guard let highlighted = marks.pendingAccept else { return nil }
    let held = marks.savedMarks
    guard held.isEmpty else { return .accept(held, picked: nil) }
    return .accept([highlighted], picked: marks.picking.learns ? highlighted : nil)
  }
}
