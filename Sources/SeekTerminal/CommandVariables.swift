import SeekApp

/// fzf's variables for the commands Seek runs (`--preview`, `execute`, `reload`, `transform`,
/// `become`, `--info-command`): what the screen shows as the command starts, as fzf 0.74's man
/// page lists them under "ENVIRONMENT VARIABLES EXPORTED TO CHILD PROCESSES". Scripts read them
/// (`bat --line-range :$FZF_PREVIEW_LINES`, `[ $FZF_SELECT_COUNT -gt 0 ]`), so the names and the
/// values' forms are fzf's.
struct CommandVariables {
  /// The terminal's part, which the state machine does not hold.
  struct Context {
    var prompt: String
    var pointer: String
    var ghost: String
    var layout: ListLayout
    var borderLabel: String
    /// The screen inside margins and border.
    var screen: ScreenSize
    var lastKey: String
    /// fzf's name of the last action a key did (`char` for a character typed; `start` before).
    var lastAction: String
    var idleMilliseconds: Int
    /// Where the preview's text is drawn (nil: closed).
    var preview: Layout.Frame? = nil
  }

  /// fzf leaves out a current item larger than this: a huge line would overflow the room exec(2)
  /// has for the environment and stop every command.
  static let currentItemLimit = 64 << 10

  static func of(_ state: SearchState, _ context: Context) -> [String: String] {
    let matches = state.list.results.nbHits
    var variables = [
      "FZF_QUERY": state.editor.text,
      "FZF_NTH": state.fields.nth,
      "FZF_WITH_NTH": state.fields.withNth,
      "FZF_ACTION": context.lastAction,
      "FZF_KEY": context.lastKey,
      "FZF_PROMPT": context.prompt,
      "FZF_POINTER": context.pointer,
      "FZF_GHOST": context.ghost,
      "FZF_BORDER_LABEL": context.borderLabel,
      "FZF_PREVIEW_LABEL": state.details.label,
      "FZF_DIRECTION": context.layout == .bottomUp ? "up" : "down",
      "FZF_INPUT_STATE": !state.editor.inputShown
        ? "hidden" : state.refining.refine.searchDisabled ? "disabled" : "enabled",
      "FZF_TOTAL_COUNT": String(max(state.list.results.recordCount, state.streamedRecords ?? 0)),
      "FZF_MATCH_COUNT": String(matches),
      "FZF_SELECT_COUNT": String(state.marks.checked.count),
      "FZF_POS": String(position(state)),
      "FZF_LINES": String(context.screen.rows),
      "FZF_COLUMNS": String(context.screen.columns),
      "FZF_IDLE_TIME": String(context.idleMilliseconds / 1000),
      "FZF_IDLE_TIME_MS": String(context.idleMilliseconds),
    ]
    // A value as long as the limit is a longer one cut (`DocumentStore.maxIndexedValueBytes`).
    if let item = state.currentHit?.title, item.utf8.count < currentItemLimit { variables["FZF_CURRENT_ITEM"] = item }
    if let click = state.headerClick { add(click, named: "HEADER", to: &variables) }
    if let click = state.footerClick { add(click, named: "FOOTER", to: &variables) }
    if let frame = context.preview {
      variables["FZF_PREVIEW_LINES"] = String(frame.height)
      variables["FZF_PREVIEW_COLUMNS"] = String(frame.width)
      variables["FZF_PREVIEW_TOP"] = String(frame.row)
      variables["FZF_PREVIEW_LEFT"] = String(frame.column)
    }
    return variables
  }

  /// `FZF_CLICK_HEADER_LINE`, `_COLUMN`, `_WORD`, `_NTH` (the footer's: no field).
  static func add(_ click: SectionClick, named section: String, to variables: inout [String: String]) {
    let prefix = "FZF_CLICK_\(section)_"
    variables[prefix + "LINE"] = String(click.line)
    variables[prefix + "COLUMN"] = String(click.column)
    if let word = click.word { variables[prefix + "WORD"] = word }
    if click.section == .header, let nth = click.nthExpression { variables[prefix + "NTH"] = nth }
  }

  /// The current line's place from 1 (the top line while no move was made); 0 with no line.
  static func position(_ state: SearchState) -> Int {
    guard state.list.results.rowCount > 0 else { return 0 }
    let row = state.focus == .results ? state.list.selection : (state.list.results.firstItemRow ?? 0)
    return min(state.list.results.rowCount, row + 1)
  }
}
