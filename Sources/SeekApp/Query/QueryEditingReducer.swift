import SearchEngine

/// The query line: its text, the cursor, readline's one-entry kill ring, and `--history`.
public struct QueryState: Sendable, Equatable {
  public var text = ""
  /// Cursor position in the text, in characters.
  public var cursor = 0
  /// What the last kill took (readline's kill ring, one entry deep): Ctrl-Y yanks it.
  public var killed = ""
  /// `--history`: earlier queries, walked with Ctrl-P and Ctrl-N.
  public var history = QueryHistory()
  /// The query line is on screen and takes edits (fzf's `--no-input` hides it: typing, deleting
  /// and moving the cursor do nothing then; `change-query` and `search` still do).
  public var inputShown = true
  /// fzf's `--filepath-word`: word motions and kills stop at `/` only.
  public var pathWords = false

  /// The longest query: what is typed, pasted or yanked past it is cut (Algolia's limit is 512;
  /// a query is searched on its first words anyway, and without a bound, yanking a kill of the
  /// whole query again and again doubles it on every turn).
  public static let maxCharacters = SearchRequest.maxQueryCharacters

  public init() {}

  /// A run's start: `--history`'s earlier queries, and `--filepath-word`.
  public init(history: QueryHistory?, pathWords: Bool) {
    if let history { self.history = history }
    self.pathWords = pathWords
  }
}

/// The query line's concern: typing, deleting (readline's keys), moving the cursor, and
/// `--history`. It sees only the query line; what an edit means for the rest of the screen
/// (both searchers asked again, the focus back on the query) is `SearchReducer`'s, told by the
/// outcome. Nil for the events of other concerns.
enum QueryEditingReducer {
  enum Outcome: Equatable {
    /// The text changed; `cut`: what was typed was cut at `maxCharacters`.
    case edited(cut: Bool = false)
    /// Only the cursor moved, or there was nothing to delete: the focus returns to the query.
    case touched
    /// Backspace with nothing before the cursor (on an empty query: the last chip's turn).
    case backspaceAtStart
    /// Nothing was inserted: the query is at `maxCharacters` already.
    case full
    /// Nothing happened (nothing to insert, yank or recall, or the line is hidden).
    case ignored
    /// The line was shown or hidden: the screen's concern.
    case shownOrHidden
  }

  static func reduce(_ query: inout QueryState, _ event: QueryEvent) -> Outcome {
    if case .queryLineShown(let shown) = event {
      query.inputShown = shown ?? !query.inputShown
      return .shownOrHidden
    }
    guard query.inputShown || !isEdit(event) else { return .ignored }
    return edit(&query, event)
  }

  /// The keys of the line itself, closed while it is hidden.
  private static func isEdit(_ event: QueryEvent) -> Bool {
    switch event {
    case .inserted, .yanked, .deletedBackward, .deletedForward,
      .deletedWordBackward, .deletedWordPartBackward,
      .deletedWordForward, .deletedSubwordBackward, .deletedSubwordForward,
      .deletedToStart, .deletedToEnd,
      .cleared, .cursorMoved, .historyMoved:
      return true
    default: return false
    }
  }

  private static func edit(_ query: inout QueryState, _ event: QueryEvent) -> Outcome {
    switch event {
    case .inserted(let text): return insert(&query, text)
    case .yanked: return query.killed.isEmpty ? .ignored : insert(&query, query.killed)
    case .deletedBackward:
      guard query.cursor > 0, !query.text.isEmpty else { return .backspaceAtStart }
      var characters = Array(query.text)
      characters.remove(at: min(query.cursor, characters.count) - 1)
      query.text = String(characters)
      query.cursor -= 1
      return .edited()
    case .deletedForward:
      var characters = Array(query.text)
      guard query.cursor < characters.count else { return .touched }
      characters.remove(at: query.cursor)
      query.text = String(characters)
      return .edited()
    case .deletedWordBackward, .deletedWordPartBackward, .deletedWordForward,
      .deletedSubwordBackward,
      .deletedSubwordForward, .deletedToStart, .deletedToEnd:
      let range = killRange(query, event)
      guard !range.isEmpty else { return .touched }
      kill(&query, range)
      return .edited()
    case .cleared:
      guard !query.text.isEmpty else { return .touched }
      replace(&query, with: "")
      return .edited()
    case .cursorMoved(let move):
      moveCursor(&query, move)
      return .touched
    case .historyMoved(let older):
      guard let recalled = query.history.step(older: older, current: query.text) else { return .ignored }
      replace(&query, with: recalled)
      return .edited()
    case .queryReplaced(let text):
      replace(&query, with: String(text.prefix(QueryState.maxCharacters)))
      return .edited()
    // `reduce` takes the first; Ctrl-D is the parent's (it quits on an empty query), which sends
    // `deletedForward` otherwise.
    case .queryLineShown, .deletedForwardOrQuit:
      return .ignored
    }
  }

  /// Text typed, pasted or yanked at the cursor, without control characters, within the bound.
  private static func insert(_ query: inout QueryState, _ text: String) -> Outcome {
    let room = QueryState.maxCharacters - query.text.count
    var clean = text.filter { !$0.unicodeScalars.contains { SafeText.isUnsafe($0.value) } }
    let cut = clean.count > room
    if cut { clean = String(clean.prefix(max(0, room))) }
    guard !clean.isEmpty else { return cut ? .full : .ignored }
    let characters = Array(query.text)
    let at = min(query.cursor, characters.count)
    // A combining mark typed alone (a dead key) joins the character before it: the cursor
    // counts characters of the text as it now reads, not the ones inserted.
    let before = String(characters[..<at]) + clean
    query.text = before + String(characters[at...])
    query.cursor = min(before.count, query.text.count)
    return .edited(cut: cut)
  }

  /// What a kill key takes: back to the previous space (Ctrl-W), back to the start of a word of
  /// letters and digits (Alt-Backspace: `foo-bar` loses `bar`), the word after the cursor (Alt-d),
  /// to the start (Ctrl-U) or to the end (Ctrl-K).
  private static func killRange(_ query: QueryState, _ event: QueryEvent) -> Range<Int> {
    let characters = Array(query.text)
    let at = min(query.cursor, characters.count)
    switch event {
    case .deletedWordPartBackward:
      return QueryEditing.wordStart(before: at, in: characters, pathWords: query.pathWords)..<at
    case .deletedWordBackward:
      var start = at
      while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
      while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
      return start..<at
    case .deletedWordForward:
      return at..<QueryEditing.wordEnd(after: at, in: characters, pathWords: query.pathWords)
    case .deletedSubwordBackward: return QueryEditing.subwordStart(before: at, in: characters)..<at
    case .deletedSubwordForward: return at..<QueryEditing.subwordEnd(after: at, in: characters)
    case .deletedToStart: return 0..<at
    default: return at..<characters.count
    }
  }

  /// Removes `range` of the query's characters, keeping them for Ctrl-Y.
  private static func kill(_ query: inout QueryState, _ range: Range<Int>) {
    var characters = Array(query.text)
    query.killed = String(characters[range])
    characters.removeSubrange(range)
    query.text = String(characters)
    query.cursor = range.lowerBound
  }

  private static func moveCursor(_ query: inout QueryState, _ move: QueryEvent.CursorMove) {
    let count = query.text.count
    switch move {
    case .left: query.cursor = max(0, query.cursor - 1)
    case .right: query.cursor = min(count, query.cursor + 1)
    case .home: query.cursor = 0
    case .end: query.cursor = count
    case .wordLeft:
      query.cursor = QueryEditing.wordStart(
        before: min(query.cursor, count), in: Array(query.text), pathWords: query.pathWords)
    case .wordRight:
      query.cursor = QueryEditing.wordEnd(
        after: min(query.cursor, count), in: Array(query.text), pathWords: query.pathWords)
    case .subwordLeft:
      query.cursor = QueryEditing.subwordStart(before: min(query.cursor, count), in: Array(query.text))
    case .subwordRight:
      query.cursor = QueryEditing.subwordEnd(after: min(query.cursor, count), in: Array(query.text))
    }
  }

  /// The query replaced by another (a suggestion completed or submitted, a token absorbed into
  /// the refinements, Esc): the cursor at `cursor`, else at the end.
  static func replace(_ query: inout QueryState, with text: String, cursor: Int? = nil) {
    query.text = text
    query.cursor = cursor ?? text.count
  }
}
