import SeekApp
import Testing

@testable import SeekTerminal

/// Seek's keys are `--bind` rows: every row reads, every key Seek binds is named once, and a key
/// sends the event of the action it is bound to.
@Suite struct DefaultKeymapTests {
  @Test func everyRowReads() {
    #expect(DefaultKeymap.bindings.count == DefaultKeymap.table.count)
    #expect(DefaultKeymap.historyBindings.count == DefaultKeymap.historyTable.count)
    for row in DefaultKeymap.table + DefaultKeymap.historyTable {
      #expect(KeyName.keys(row.key) != nil, "\(row.key)")
      #expect((try? BindSpec.parse("\(row.key):\(row.actions)")) != nil, "\(row.key):\(row.actions)")
    }
  }

  @Test func noKeyIsBoundTwice() {
    let keys = DefaultKeymap.bindings.flatMap(\.keys)
    for (i, key) in keys.enumerated() {
      #expect(!keys[(i + 1)...].contains(key), "\(key) is in two rows")
    }
  }

  @Test func aKeySendsItsActionsEvent() {
    #expect(KeyMap.event(for: .character("\u{01}")) == BindAction.named("beginning-of-line", argument: nil)?.event)
    #expect(DefaultKeymap.actions(for: .function(KeyMap.Code.f3)) == [.cycleSort])
    // Keys Seek leaves alone type nothing and do nothing.
    #expect(DefaultKeymap.actions(for: .character("\u{07}")) == nil)
    #expect(KeyMap.event(for: .character("\u{07}")) == nil)
  }

  @Test func withAHistoryCtrlPAndCtrlNWalkIt() {
    #expect(KeyMap.event(for: .character("\u{10}")) == .move(.movedUp))
    #expect(KeyMap.event(for: .character("\u{10}"), history: true) == .query(.historyMoved(older: true)))
    #expect(KeyMap.event(for: .character("\u{0E}"), history: true) == .query(.historyMoved(older: false)))
    #expect(KeyMap.event(for: .function(KeyMap.Code.up), history: true) == .move(.movedUp))
  }

  @Test func fzfsWordKeysAreNamed() {
    #expect(KeyName.keys("ctrl-left") == [.function(KeyMap.Code.wordLeft)])
    #expect(KeyName.keys("alt-right") == [.function(KeyMap.Code.wordRight)])
  }

  /// fzf's `put` without an argument types the key it is bound to (`a:put+put` types `aa`).
  @Test func putTypesItsKey() {
    #expect(BindAction.named("put", argument: nil) == .putKey)
    #expect(TerminalApp.typedText(of: .character("a")) == "a")
    #expect(TerminalApp.typedText(of: .character("\u{01}")) == "")
    #expect(TerminalApp.typedText(of: .function(KeyMap.Code.f2)) == "")
  }
}
