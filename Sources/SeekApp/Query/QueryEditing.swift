/// Readline's word motions over the query's characters: a word is a run of letters and digits
/// (Alt-b, Alt-f, Alt-d, Ctrl-Left/Right), as in bash and fzf; with fzf's `--filepath-word`, a
/// run of anything but `/` (`foo bar/foo-bar/baz` is three words).
enum QueryEditing {
  static func isWordCharacter(_ c: Character, pathWords: Bool = false) -> Bool {
    pathWords ? c != "/" : c.isLetter || c.isNumber
  }

  /// Where the word before `cursor` starts (skipping the non-word characters right before it).
  static func wordStart(before cursor: Int, in characters: [Character], pathWords: Bool = false) -> Int {
    var i = cursor
    while i > 0 && !isWordCharacter(characters[i - 1], pathWords: pathWords) { i -= 1 }
    while i > 0 && isWordCharacter(characters[i - 1], pathWords: pathWords) { i -= 1 }
    return i
  }

  /// Where the word after `cursor` ends (skipping the non-word characters right after it).
  static func wordEnd(after cursor: Int, in characters: [Character], pathWords: Bool = false) -> Int {
    var i = cursor
    while i < characters.count && !isWordCharacter(characters[i], pathWords: pathWords) { i += 1 }
    while i < characters.count && isWordCharacter(characters[i], pathWords: pathWords) { i += 1 }
    return i
  }

  /// Where the part of a word before `cursor` starts: a capital after a small letter starts a
  /// part (fzf's subwords: `fooBar` is `foo` and `Bar`).
  static func subwordStart(before cursor: Int, in characters: [Character]) -> Int {
    var i = cursor
    while i > 0 && !isWordCharacter(characters[i - 1]) { i -= 1 }
    while i > 0 && isWordCharacter(characters[i - 1]) {
      i -= 1
      if startsSubword(i, characters) { break }
    }
    return i
  }

  /// Where the part of a word after `cursor` ends.
  static func subwordEnd(after cursor: Int, in characters: [Character]) -> Int {
    var i = cursor
    while i < characters.count && !isWordCharacter(characters[i]) { i += 1 }
    if i < characters.count { i += 1 }
    while i < characters.count && isWordCharacter(characters[i]) && !startsSubword(i, characters) { i += 1 }
    return i
  }

  private static func startsSubword(_ i: Int, _ characters: [Character]) -> Bool {
    characters[i].isUppercase && (i == 0 || !characters[i - 1].isUppercase)
  }
}
