import Foundation
import SearchEngine
import SeekApp
import Testing

@testable import SeekCore

/// fzf's `--history` (Ctrl-P / Ctrl-N walk earlier queries; accepted queries are appended) and
/// `--expect` (a key that accepts, named in the output).
@Suite struct HistoryAndExpectTests {
  @Test func walkingTheHistoryGivesTheDraftBackPastTheNewest() {
    var history = QueryHistory(entries: ["old1", "old2"])
    #expect(history.step(older: false, current: "typed") == nil)  // nothing newer than the draft
    #expect(history.step(older: true, current: "typed") == "old2")
    #expect(history.step(older: true, current: "old2") == "old1")
    #expect(history.step(older: true, current: "old1") == nil)  // the oldest stays
    #expect(history.step(older: false, current: "old1") == "old2")
    #expect(history.step(older: false, current: "old2") == "typed")
    #expect(history.position == nil)
    var empty = QueryHistory()
    #expect(empty.step(older: true, current: "x") == nil)
  }

  /// An entry edited while shown keeps the edit for the rest of the walk (fzf's test_history:
  /// 33 edited to 31, Ctrl-P to 22, Ctrl-N gives 31 back), and the entries themselves stay.
  @Test func anEditedEntryKeepsItsEditWhileTheWalkGoesOn() {
    var history = QueryHistory(entries: ["22", "33", "44"])
    #expect(history.step(older: true, current: "") == "44")
    #expect(history.step(older: true, current: "44") == "33")
    #expect(history.step(older: true, current: "31") == "22")
    #expect(history.step(older: false, current: "22") == "31")
    #expect(history.step(older: false, current: "31") == "44")
    #expect(history.step(older: true, current: "44") == "31")
    #expect(history.entries == ["22", "33", "44"])
  }

  @Test func aHistoryStepSearchesTheQueryItShows() {
    var state = SearchState()
    state.editor.history = QueryHistory(entries: ["beta"])
    let effects = SearchReducer.reduce(&state, .query(.historyMoved(older: true)))
    #expect(state.editor.text == "beta" && state.editor.cursor == 4)
    #expect(effects.contains(.searchResults(query: "beta", page: 0, refine: Refine(), revision: 1)))
  }

  @Test func theFileKeepsTheNewestLinesWithoutRepeatingTheLast() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seek-history-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = HistoryFile(path: folder.appendingPathComponent("h").path, limit: 3)
    #expect(try file.load() == [])
    for query in ["a", "b", "b", "", "c", "d"] { try file.append(query) }
    #expect(try file.load() == ["b", "c", "d"])
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "b\nc\nd\n")
    // Lines that are not UTF-8 are left out, never shown.
    try Data([0x78, 0x0A, 0xFF, 0xFE, 0x0A, 0x79, 0x0A]).write(to: URL(fileURLWithPath: file.path))
    #expect(try file.load() == ["x", "y"])
    #expect(throws: HistoryFile.Failure.self) { try HistoryFile(path: "/nonexistent-seek/h").load() }
  }

  /// What a person typed is theirs: the file is made 0600, and a file another program left
  /// readable to others is 0600 after the next accept.
  @Test func theFileIsTheOwnersAlone() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seek-history-mode-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = HistoryFile(path: folder.appendingPathComponent("h").path)
    let mode = { () -> Int in
      var info = stat()
      stat(file.path, &info)
      return Int(info.st_mode & 0o777)
    }
    try file.append("secret")
    #expect(mode() == 0o600)
    chmod(file.path, 0o644)
    try file.append("another")
    #expect(mode() == 0o600)
    #expect(try file.load() == ["secret", "another"])
  }

  @Test func anExpectedKeyAcceptsTheTopLineAndIsRemembered() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    _ = SearchReducer.reduce(&state, .query(.inserted("b")))
    let revision = state.list.revision
    // Before the answer: taken when it arrives, as Enter is.
    #expect(SearchReducer.reduce(&state, .key(.acceptKeyPressed("ctrl-v"))) == [])
    #expect(state.marks.acceptKey == "ctrl-v")
    let effects = SearchReducer.reduce(&state, .answer(.resultsArrived(revision: revision, page("b", 0, ["beta"]))))
    #expect(effects == [.flushWrites])
    #expect(SearchReducer.reduce(&state, .answer(.writesFlushed)) == [.accept(objectIDs: ["beta"])])
  }

  /// Shift-Tab with marks (`-m`) is fzf's toggle+up: the row's check, then the row above; on the
  /// top line (the current one while typing) it checks it and stays.
  @Test func shiftTabChecksAndMovesUp() {
    var state = SearchState()
    state.marks.picking = .defaults(lines: true)
    state.marks.picking.marks = true
    _ = SearchReducer.reduce(&state, .app(.started(Viewport())))
    _ = SearchReducer.reduce(
      &state, .answer(.resultsArrived(revision: state.list.revision, page("", 0, ["a", "b", "c"]))))
    #expect(
      SearchReducer.reduce(&state, .key(.backTabPressed)).contains(
        .setChecked(objectID: "a", title: "a", checked: true)))
    #expect(state.focus == .results && state.list.selection == 0)
    state.list.selection = 2
    #expect(
      SearchReducer.reduce(&state, .key(.backTabPressed)).contains(
        .setChecked(objectID: "c", title: "c", checked: true)))
    #expect(state.list.selection == 1)
    // Without marks it only moves up.
    state.marks.picking.marks = false
    #expect(
      SearchReducer.reduce(&state, .key(.backTabPressed)).allSatisfy {
        if case .setChecked = $0 { return false } else { return true }
      })
    #expect(state.list.selection == 0)
  }
}
