import SeekTerminal

/// `seek --help`: the usage, every row of the flag table group by group, then the keys, the
/// environment and the exit status.
public enum Help {
  public static let version = "seek 0.1.0"

  /// Columns help is wrapped to; a flag's text starts at `helpColumn`.
  static let width = 100
  static let helpColumn = 28

  public static let text =
    usage + "\n\n" + Flag.groups.map(section).joined(separator: "\n") + "\n" + keys + "\n" + boundKeys + "\n\n"
    + environment

  static let usage = """
    seek — instant search for the terminal: typo-tolerant, ranked, with query suggestions and a
    smart list of checked items.

    USAGE
      seek [options] [CATALOG]              interactive search (the UI is drawn on /dev/tty)
      cmd | seek [options]                  search lines (or --format records) read from a pipe
      seek --filter QUERY [options] [CATALOG]
                                            print the ranked hits of one page and exit
      seek --checked [CATALOG]              print the checked items, one title per line
      seek --uncheck-all [CATALOG]          clear every check
      seek --delete-created TITLE [CATALOG] delete an item made with the create row
      seek --add-pick TITLE [-q QUERY] [CATALOG]
                                            record a pick of that item for the query (as zoxide add)
      seek --forget-picks [CATALOG]         forget every pick
    """

  static let keys = """
    KEYS
      typing, Backspace, Delete, Left/Right, Home/End, Ctrl-A/Ctrl-E   edit the query
      Alt-b/Alt-f, Ctrl-Left/Right   move a word         Ctrl-W   delete back to a space
      Alt-Backspace             delete a word back       Alt-d   delete a word forward
      Ctrl-U / Ctrl-K           delete to the start / end          Ctrl-Y   paste what they deleted
      Ctrl-D                    delete under the cursor; on an empty query, quit (status 130)
      Up/Down, Ctrl-P/Ctrl-N    move through suggestions, then results
      PageUp/PageDown           move a page of results
      Tab                       complete the query with the highlighted (or top) suggestion;
                                on a result: check or uncheck it and move down (fzf's toggle+down)
      Shift-Tab                 with check boxes: check or uncheck and move up (fzf's toggle+up)
      Enter                     on a suggestion: submit that suggestion (refined to its category,
                                when it has one); in the query: accept the top line (lines) or
                                submit the query and select its first hit (records); on a result:
                                accept (print the items checked in this run, or the selected one);
                                on the create row: create the item
      Space                     on a result you moved to: check or uncheck it (on the create row:
                                create the item); after a submit, typed into the query
      F2, then / on a facet     search that facet's values; "show more" lists every value
      Delete                    on a created item: delete it (catalog records cannot be deleted);
                                Ctrl-Y on the list then brings it back, checked as it was
      F5, Ctrl-/                show or hide the details pane: every attribute of the selected hit
                                and why it ranks where it does (or the --preview output)
      Shift-Up/Shift-Down       scroll the details pane
      mouse                     click selects a row, double click accepts it, wheel scrolls
      Esc                       lines: quit (status 130); records: on a result, back to the query;
                                in the query: close suggestions, else clear the query, else quit
      Ctrl-C                    quit (status 130)        Ctrl-Z   suspend (fg resumes)
      F2                        open the refinement pane (facet values with their counts for the
                                query; Up/Down move, Space refines or un-refines, Esc back);
                                a number's histogram: Left/Right move a handle, Space switches
                                handles, a click moves the nearer one; beside the results from
                                120 columns
      F3                        cycle the sort: relevance, then each numeric attribute asc/desc
      F4                        clear every refinement
      brand:apple<Space>, price<500<Space>
                                typed in the query, a token on a facet becomes a refinement (chip)

    """

  static let environment = """
    ENVIRONMENT
      SEEK_DEFAULT_OPTS         options read before the command line's
      SEEK_STORE=URI            the PostgreSQL store lists are shared through (see --store)
      FZF_DEFAULT_OPTS(_FILE), FZF_DEFAULT_COMMAND  read instead of SEEK_'s when run as fzf
      SEEK_DEFAULT_COMMAND      what bare seek lists instead of the files under the current
                                directory (run with $SHELL -c), e.g. 'git ls-files'
      NO_COLOR                  no colours (bold and reverse video remain)
      SEEK_TRACE=FILE           append keystroke-to-screen latencies (microseconds) to FILE
      SEEK_STREAM_FILES_ABOVE=N a catalog file larger than N bytes (default 16 MB) without an index
                                cache opens like a pipe: results at once, progress, cache at the end;
                                --filter answers from a scan of its records, then builds the cache
      SEEK_CACHE_AFTER_SECONDS=S  a catalog that takes longer than S seconds (default 1) to index is
                                cached beside its store

    EXIT STATUS
      0 hits found / item accepted, 1 no match (also Enter on lines when nothing matches),
      2 error (also a store write that failed),
      128+N ended by signal N (130 Ctrl-C or Esc, 143 SIGTERM)
    """

  /// Seek's keys as `--bind` rows (`DefaultKeymap`), made from the table the app reads.
  static var boundKeys: String {
    let rows = DefaultKeymap.table.map { "\($0.key):\($0.actions)" }.joined(separator: ", ")
    let history = DefaultKeymap.historyTable.map { "\($0.key):\($0.actions)" }.joined(separator: ", ")
    return wrapped(
      "As --bind rows (a --bind of a key replaces its row; unbind(KEY) puts it back): \(rows); with --history: \(history).",
      width: width, indent: 2
    ).joined(separator: "\n")
  }

  /// A group: its heading, what it says first, its flags, what it says last.
  static func section(_ group: FlagGroup) -> String {
    var lines = [group.title]
    if !group.intro.isEmpty { lines += wrapped(group.intro, width: width, indent: 0) }
    for flag in group.flags { lines += rows(flag) }
    if !group.outro.isEmpty { lines += wrapped(group.outro, width: width, indent: 0) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `  -f, --filter QUERY        text…`: short spellings at column 2, long ones at column 6; the
  /// text at `helpColumn`, on the next line when the spellings reach it.
  static func rows(_ flag: Flag) -> [String] {
    let lead = flag.names[0].count == 2 && flag.names[0] != "--" ? "  " : "      "
    let left = lead + flag.synopsis
    let text = wrapped(flag.help, width: width, indent: helpColumn)
    guard left.count <= helpColumn - 2 else { return [left] + text }
    let first = text.first.map { left + String($0.dropFirst(left.count)) } ?? left
    return [first] + text.dropFirst()
  }

  /// Words filled into lines of at most `width` columns, each indented by `indent` spaces (a
  /// word longer than a line stands alone).
  static func wrapped(_ text: String, width: Int, indent: Int) -> [String] {
    let pad = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = pad
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.count > indent && line.count + 1 + word.count > width {
        lines.append(line)
        line = pad
      }
      line += (line.count > indent ? " " : "") + word
    }
    if line.count > indent || lines.isEmpty { lines.append(line) }
    return lines
  }
}
