import SearchEngine
import Testing

@testable import SeekApp
@testable import SeekCore

/// fzf's `reload`: the list before stays on screen until the new one's first lines (or a key asks
/// the new one), its rows can still be accepted meanwhile, and the reload starts once the actions
/// bound with it are done (fzf's test_reload_disabled_case1 … case4).
@Suite struct ReloadTests {
  /// The new list's empty start searches nothing: the rows before stay.
  @Test func anEmptyNewListLeavesTheRowsBeforeOnScreen() {
    var state = BindingsTests().listed(["1", "99"])
    let started = SearchReducer.reduce(&state, .app(.catalogChanged(records: 0, finished: false)))
    #expect(!started.contains { if case .searchResults = $0 { true } else { false } })
    #expect(state.list.results.hits.map(\.objectID) == ["1", "99"])
    // Its first lines are searched, and so is a key typed before them.
    let lines = SearchReducer.reduce(&state, .app(.catalogChanged(records: 5, finished: false)))
    #expect(lines.contains { if case .searchResults = $0 { true } else { false } })
    let typed = SearchReducer.reduce(&state, .query(.inserted("9")))
    #expect(typed.contains { if case .searchResults = $0 { true } else { false } })
  }

  /// A runner that keeps what it is given, in order.
  final class Recorder: EffectRunner {
    var started: [SearchEffect] = []
    func run(_ effect: SearchEffect) { started.append(effect) }
    func takeEvents() -> [SearchEvent] { [] }
  }

  /// `reload(…)+backward-delete-char`: the search the edit asks for is started before the
  /// reload, so it answers the list before it.
  @Test func aReloadStartsAfterTheActionsBoundWithIt() {
    let recorder = Recorder()
    let loop = AppLoop(state: BindingsTests().listed(["1", "99"]), runner: recorder)
    var order: [String] = []
    loop.send(.query(.inserted("9")), app: { _ in })
    recorder.started = []
    loop.send(
      .app(.actionsTriggered([.reload("seq 1000"), .edit(.query(.deletedBackward))])),
      app: { effect in if effect.startsReload { order.append("reload after \(recorder.started.count) started") } })
    #expect(recorder.started.contains { if case .searchResults = $0 { true } else { false } })
    #expect(order == ["reload after \(recorder.started.count) started"])
  }

  /// The rows of the list a reload replaced are looked up there until the new list has lines.
  @Test func theListBeforeIsLookedUpUntilTheNewOneHasLines() throws {
    let before = catalog(["alpha", "beta"])
    let searcher = CatalogSearcher(catalog: before)
    let id = before.index.documents.objectID(0)
    searcher.restart(with: catalog([]))
    #expect(searcher.lookup(objectID: id) != nil)
    searcher.replaceMain(with: catalog(["gamma"]))
    #expect(searcher.lookup(objectID: id) == nil)
  }
}
