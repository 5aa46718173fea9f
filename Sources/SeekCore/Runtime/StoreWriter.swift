import SearchEngine
import SeekApp

/// The write lane's effect handler: the only owner of the store while the app runs. Each write
/// returns only once it is durable, and is answered by events; what the search lane must learn
/// from it (new created items, learned suggestions) comes back as `SearchService.Update`s.
/// Not thread-safe: one owner (the runtime's write lane).
public final class StoreWriter {
  /// What one write produced.
  public struct Answer {
    /// Applied on the search lane before `events` are delivered.
    public var updates: [SearchService.Update] = []
    public var events: [SearchEvent] = []
    /// A write that failed: reported on stderr at exit (status 2).
    public var failure: String? = nil
  }

  /// A write the runtime hands to the lane: an effect, or a query-log entry whose hits the search
  /// lane has counted.
  public enum Job {
    case effect(SearchEffect)
    case log(LoggedQuery)
  }

  public let store: ItemStore
  public let learning: SuggestionLearning
  private let clock: () -> Double
  private var changeToken: Int64?
  private var syncNote: String?
  private var created: [CreatedItem]

  /// Reads what the store holds now: call before the lanes start.
  public init(
    store: ItemStore, learning: SuggestionLearning = SuggestionLearning(), clock: @escaping () -> Double = { 0 }
  ) throws {
    self.store = store
    self.learning = learning
    self.clock = clock
    self.changeToken = try store.externalChangeToken()
    self.created = try store.createdItems()
  }

  /// The store's state at start: checked objectIDs (oldest first), created items, learned
  /// suggestions.
  public func initialState() throws -> (
    checked: [String], created: [CreatedItem], learned: [Suggestion], recent: [String], picks: [Pick]
  ) {
    (try store.checkedItems().map(\.objectID), created, try learned(), try recent(), try store.picks())
  }

  /// The time the log is stamped with.
  public func now() -> Double { clock() }

  public func perform(_ job: Job) -> Answer {
    var answer = Answer()
    do {
      switch job {
      case .effect(.setChecked(let objectID, let title, let checked)):
        try store.setChecked(objectID: objectID, title: title, checked: checked)
        answer.events.append(.answer(.checkSaved(objectID: objectID, checked: checked)))
      case .effect(.createItem(let title)):
        let item = try store.createItem(title: title)
        try store.setChecked(objectID: item.objectID, title: item.title, checked: true)
        if !created.contains(where: { $0.objectID == item.objectID }) {
          created.append(item)
          answer.updates.append(.created(created))
        }
        answer.events.append(
          .answer(
            .itemCreated(ResultHit(objectID: item.objectID, title: item.title, details: ["created"], isCreated: true))))
      case .effect(.deleteCreatedItem(let objectID)):
        if try store.deleteCreatedItem(objectID: objectID) {
          created.removeAll { $0.objectID == objectID }
          answer.updates.append(.created(created))
        }
        answer.events.append(.answer(.itemDeleted(objectID: objectID)))
      case .effect(.recordPick(let objectID, let query)):
        let time = clock()
        try store.recordPick(objectID: objectID, query: query, time: time)
        answer.updates.append(.picked(objectID: objectID, query: query, time: time))
      case .effect(.forgetQuery(let query)):
        try store.forgetQuery(query)
        answer.updates.append(.learned(try learned()))
        answer.updates.append(.recent(try recent()))
        answer.events.append(.answer(.queryForgotten))
      case .log(let entry):
        try store.logQuery(entry)
        answer.updates.append(.learned(try learned()))
        answer.updates.append(.recent(try recent()))
        answer.events.append(.answer(.queryLogged))
      case .effect(.flushWrites):
        answer = try refresh()
        answer.events.append(.answer(.writesFlushed))
      case .effect(.refreshFromStore):
        answer = try refresh()
      case .effect:
        break
      }
    } catch {
      let what: String
      switch job {
      case .effect(.setChecked(_, let title, let checked)):
        what = "could not save the \(checked ? "check" : "uncheck") of \(title)"
      case .effect(.createItem(let title)): what = "could not create \(title)"
      case .effect(.deleteCreatedItem): what = "could not delete the item"
      case .effect(.forgetQuery(let query)): what = "could not forget the search \(query)"
      case .effect(.recordPick): what = "could not record the pick"
      case .log: what = "could not log the query"
      case .effect: what = "could not read the store"
      }
      answer.failure = "\(what): \(error)"
      answer.events.append(.app(.failed(answer.failure!)))
      // The check shown at once goes back: the store holds what it held.
      if case .effect(.setChecked(let objectID, _, let checked)) = job {
        answer.events.append(.answer(.checkSaved(objectID: objectID, checked: !checked)))
      }
      // A flush is answered even when reading the store failed: accept must not wait forever.
      if case .effect(.flushWrites) = job { answer.events.append(.answer(.writesFlushed)) }
    }
    return answer
  }

  /// When another process wrote to the store: its checks and created items as they are now.
  private func refresh() throws -> Answer {
    var answer = Answer()
    let note = store.syncNote()
    if note != syncNote {
      syncNote = note
      answer.events.append(.answer(.storeNoted(note)))
    }
    let token = try store.externalChangeToken()
    guard token != changeToken else { return answer }
    changeToken = token
    let items = try store.createdItems()
    let createdChanged = items != created
    if createdChanged {
      created = items
      answer.updates.append(.created(items))
    }
    answer.events.append(
      .answer(.storeChanged(checked: try store.checkedItems().map(\.objectID), createdChanged: createdChanged)))
    return answer
  }

  /// Recent searches kept for the suggestions pane (Algolia Autocomplete's recent-searches plugin).
  public static let recentKept = 20

  /// The user's submitted queries, most recent first, each once (compared folded).
  private func recent() throws -> [String] {
    var seen = Set<[UInt8]>()
    var out: [String] = []
    for entry in try store.queries(since: clock() - learning.window).reversed() {
      let trimmed = entry.query.trimming(" \t\n")
      guard !trimmed.isEmpty, seen.insert(TextFolding.foldedKey(trimmed)).inserted else { continue }
      out.append(trimmed)
      if out.count == Self.recentKept { break }
    }
    return out
  }

  private func learned() throws -> [Suggestion] {
    learning.learn(from: try store.queries(since: clock() - learning.window), now: clock())
  }
}
