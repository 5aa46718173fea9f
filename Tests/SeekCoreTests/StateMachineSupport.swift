import Foundation
import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

/// TCA-style test store: send an event, state the effects it must emit and every change it must
/// make; anything else that changed fails the test.
struct TestStore {
  var state: SearchState

  init(_ state: SearchState = SearchState()) { self.state = state }

  mutating func send(
    _ event: SearchEvent, effects expectedEffects: [SearchEffect] = [],
    sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout SearchState) -> Void = { _ in }
  ) {
    var expected = state
    change(&expected)
    let effects = SearchReducer.reduce(&state, event)
    #expect(effects == expectedEffects, sourceLocation: sourceLocation)
    #expect(state == expected, sourceLocation: sourceLocation)
  }
}

extension TestStore {
  /// An edit of the query: both searchers are asked for `query` with a new `revision`.
  mutating func edit(
    _ event: SearchEvent, to query: String, cursor: Int? = nil, refine: Refine = Refine(), revision: Int,
    sourceLocation: SourceLocation = #_sourceLocation, _ more: (inout SearchState) -> Void = { _ in }
  ) {
    send(
      event,
      effects: [
        .searchResults(query: query, page: 0, refine: refine, revision: revision),
        .searchSuggestions(query: query, revision: revision),
      ], sourceLocation: sourceLocation
    ) {
      $0.editor.text = query
      $0.editor.cursor = cursor ?? query.count
      $0.list.revision = revision
      $0.suggestionsPane.revision = revision
      more(&$0)
    }
  }
}

extension TestStore {
  /// Down past the two suggestions of `started()` into the first result.
  mutating func moveThroughTwoSuggestionsIntoResults(sourceLocation: SourceLocation = #_sourceLocation) {
    send(.move(.movedDown), sourceLocation: sourceLocation) { $0.suggestionsPane.highlighted = 0 }
    send(.move(.movedDown), sourceLocation: sourceLocation) { $0.suggestionsPane.highlighted = 1 }
    send(.move(.movedDown), sourceLocation: sourceLocation) {
      $0.suggestionsPane.highlighted = nil
      $0.focus = .results
    }
  }
}

/// A hit for hand-made result pages.
func hit(_ id: String, _ title: String? = nil) -> ResultHit {
  ResultHit(objectID: id, title: title ?? id)
}

func page(
  _ query: String, _ page: Int = 0, _ ids: [String], nbHits: Int? = nil, hitsPerPage: Int = 20, equal: [ResultHit] = []
)
  -> ResultsPage
{
  let total = nbHits ?? ids.count
  return ResultsPage(
    query: query, page: page, hits: ids.map { hit($0) }, nbHits: total,
    nbPages: total == 0 ? 0 : (total + hitsPerPage - 1) / hitsPerPage, equalItems: equal)
}

func suggestion(_ query: String, _ popularity: Int = 1) -> SuggestionHit {
  SuggestionHit(suggestion: Suggestion(query: query, popularity: popularity))
}

/// Drives the app's loop (`AppLoop`) with a real `SearchService` and `StoreWriter`, its effects
/// performed at once on this thread (`InlineEffects`) and their answers reduced in the order they
/// came, until nothing is left to do.
final class Harness {
  let loop: AppLoop
  let service: SearchService
  let writer: StoreWriter
  /// Every effect emitted, in order.
  var effects: [SearchEffect] = []
  var finished: SearchEffect? = nil
  var state: SearchState { loop.state }

  init(
    catalog: Catalog, suggestions: [Suggestion] = [], store: ItemStore = MemoryItemStore(), hitsPerPage: Int = 20,
    picking: Picking = Picking()
  ) throws {
    writer = try StoreWriter(store: store)
    let initial = try writer.initialState()
    service = SearchService(
      catalog: catalog, suggestions: suggestions, created: initial.created, learned: initial.learned,
      hitsPerPage: hitsPerPage, recent: initial.recent)
    var start = SearchState.Start()
    start.picking = picking
    start.checked = initial.checked
    loop = AppLoop(state: .initial(start), runner: InlineEffects(service: service, writer: writer))
    loop.didReduce = { [unowned self] in self.effects += $0 }
    send(.app(.started(Viewport(screen: ScreenSize(columns: 100, rows: 30), resultsRows: 28))))
  }

  func send(_ event: SearchEvent) {
    loop.send(event, app: { self.finished = $0 })
    while case let answers = loop.runner.takeEvents(), !answers.isEmpty {
      for answer in answers { loop.send(answer, app: { self.finished = $0 }) }
    }
  }

  func type(_ text: String) { for c in text { send(c == " " ? .key(.spacePressed) : .query(.inserted(String(c)))) } }

  var titles: [String] {
    state.list.results.rows.map {
      switch $0 {
      case .create(let title): return "+ \(title)"
      case .item(let hit): return hit.title
      }
    }
  }
}

func catalog(_ titles: [String], extra: [[String: String]] = []) -> Catalog {
  var table = RecordTable(attributes: ["name", "popularity"])
  for (i, title) in titles.enumerated() {
    table.append([("name", title), ("popularity", String(titles.count - i))])
  }
  for row in extra { table.append(row.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }) }
  table.numericAttributes = ["popularity"]
  return Catalog(name: "test", path: "test.json", table: table, settings: CatalogSettings().resolved(for: table))
}

/// The first `count` real package names (PyPI's, one a line) of `../shared/data`.
func packageNames(first count: Int) -> [String] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", "gzip -dc '\(PackageScaleTests.path)' | tail -n +2 | cut -f1 | head -\(count)"]
  let pipe = Pipe()
  process.standardOutput = pipe
  guard (try? process.run()) != nil else { return [] }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return data.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
}
