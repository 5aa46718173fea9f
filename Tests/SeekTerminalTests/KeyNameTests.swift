import Testing

@testable import SeekCore
@testable import SeekTerminal

/// fzf's key names, as `--expect` takes them.
@Suite struct KeyNameTests {
  /// `FZF_KEY`: fzf's name of the key pressed, whatever it is bound to (fzf's test_env_vars:
  /// `tab`, `space`, `enter`, a character as itself).
  @Test func aKeyIsNamedAsFzfNamesIt() {
    let cases: [(Key, String?)] = [
      (.character("\t"), "tab"), (.character(" "), "space"), (.character("\r"), "enter"), (.character("9"), "9"),
      (.character("\u{01}"), "ctrl-a"), (.alt("x"), "alt-x"), (.function(KeyMap.Code.f(5)), "f5"),
      (.function(KeyMap.Code.backTab), "btab"), (.character("\u{7F}"), "bspace"), (.paste("x"), nil),
    ]
    for (key, name) in cases { #expect(KeyName.name(of: key) == name, "\(key)") }
    // Each name read back is the key.
    for (key, name) in cases { if let name { #expect(KeyName.keys(name)?.contains(key) == true, "\(name)") } }
  }

  @Test func namesStandForTheKeysTerminalsSend() {
    #expect(KeyName.keys("ctrl-v") == [.character("\u{16}")])
    #expect(KeyName.keys("CTRL-A") == [.character("\u{01}")])
    #expect(KeyName.keys("alt-x") == [.alt("x")])
    #expect(KeyName.keys("f1") == [.function(KeyMap.Code.f(1))])
    #expect(KeyName.keys("f12") == [.function(KeyMap.Code.f(12))])
    #expect(KeyName.keys("enter")?.contains(.character("\r")) == true)
    #expect(KeyName.keys("btab") == [.function(KeyMap.Code.backTab)])
    #expect(KeyName.keys(",") == [.character(",")])
    for unknown in ["ctrl-1", "f13", "hyper-x", "", "ab"] { #expect(KeyName.keys(unknown) == nil, "\(unknown)") }
  }

  @Test func listsSplitOnCommasButKeepTheCommaKey() throws {
    let names = try KeyName.parseList("ctrl-v,alt-,,f2").get().map(\.name)
    #expect(names == ["ctrl-v", "alt-,", "f2"])
    #expect(try KeyName.parseList("ctrl-t,alt-,").get().map(\.name) == ["ctrl-t", "alt-,"])
    #expect(throws: KeyName.UnknownName(name: "ctrl-?1")) { try KeyName.parseList("tab,ctrl-?1").get() }
  }

  @Test func functionKeysDecodeFromTheirSequences() {
    #expect(KeyParser.parse(Array("\u{1B}OP".utf8), final: true).0 == [.function(KeyMap.Code.f(1))])
    #expect(KeyParser.parse(Array("\u{1B}[24~".utf8), final: true).0 == [.function(KeyMap.Code.f(12))])
    #expect(KeyParser.parse(Array("\u{1B}[17~".utf8), final: true).0 == [.function(KeyMap.Code.f(6))])
  }
}
