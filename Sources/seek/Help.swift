enum Help {
  static let version = "seek 0.1.0"

  static let text = """
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

    CATALOG is a JSON array, JSON Lines, CSV or TSV file (header row), or plain text (one record
    per line); the format comes from the extension or the content. With no CATALOG and no pipe,
    the files under the current directory are listed (hidden ones, .git and node_modules
    skipped), or the lines SEEK_DEFAULT_COMMAND prints.
          --walker OPTS         what that list holds, as fzf's: file, dir, follow (links to
                                folders), hidden, comma-separated (default: file)
          --walker-root DIR     list under DIR instead (paths start with it)
          --walker-skip NAMES   folders never entered (default: .git,node_modules)

    LINES AND RECORDS
    Lines (a pipe, a plain-text file) are a list of choices, as in fzf: Enter accepts the selected
    line (the top one from the query), ties go to the shorter line, then input order, and nothing
    is kept from one run to the next unless --store is given. Records (JSON, JSON Lines, CSV, TSV)
    follow InstantSearch: Enter in the query submits it and selects the first hit, Enter on a hit
    accepts it, and a "create" row offers to add what is not there.
          --enter accept|submit what Enter in the query does (default: accept for lines, submit
                                for records)
          --create              offer the create row for lines too (check boxes on)
          --no-create           no create row (a catalog that is no list; "create": false)
          --no-create-on-enter  Enter on a query nothing matches submits it, creates nothing
                                ("createOnEnter": false)
          --prompt STR          what stands before the query (default "> ")
          --pointer STR, --marker STR
                                what marks the current line (default ">") and a checked one
                                (default: Seek's [x] boxes), at most two columns each
          --jump-labels CHARS   the labels the jump action puts on the rows (fzf's)
          --cycle               Down past the last result goes to the first, Up above it to the last
          --no-mouse            leave clicks and the wheel to the terminal (to select text)
          --read0, --print0     items end with NUL, read and printed (find -print0 | seek --read0)
          --header STR          lines shown under the query (\n separates them); never searched
          --header-lines N      the first N piped lines are a header, never searched nor printed
          --header-first        the header before the query line (above it, or below it at the
                                bottom)
          --sync                read the whole input before the interface starts
          --info STYLE          default (a status line), inline / inline-right (the count on the
                                query's line), hidden (or --no-info): no status line but for messages
          --layout L            reverse (Seek's default: the query on top, the list under it),
                                default (fzf's: the query at the bottom, the list growing up from
                                it; Up and Down follow the screen), reverse-list (the query at the
                                bottom, the list read from the top); --reverse is reverse
          --bind KEY:ACTION[+ACTION],...
                                fzf's bindings: KEY a key name or an event (start, change, result,
                                one, zero, load, focus, backward-eof); ACTION accept,
                                accept-non-empty, abort, up, down, first, last, page-up, page-down,
                                toggle, toggle+down, select-all, deselect-all, toggle-all,
                                clear-selection, next-selected, prev-selected,
                                clear-query, change-query(..), put(..), change-prompt(..),
                                change-header(..), toggle-preview, preview-up, preview-down,
                                print-query, execute(cmd), execute-silent(cmd), become(cmd),
                                reload(cmd), transform(cmd), preview(cmd), change-preview-window(..),
                                refresh-preview, enable-search, disable-search, toggle-search,
                                jump, jump-accept, unbind(..), rebind(..), toggle-bind(..), wait, ignore;
                                {} {+} {q} {n} {+n} {1} {attr} in commands, shell-quoted.
                                Seek's keys as bindings (a --bind of the key replaces them):
                                f2:toggle-refinements, f3:cycle-sort, f4:clear-refinements,
                                f5:toggle-details (ctrl-/ too), tab:toggle+down on a result,
                                btab:toggle+up, ctrl-d:delete-char/eof, ctrl-c,esc:abort (lines);
                                double-click:accept
          --disabled            the query searches nothing: a reload bound to change does
                                (fzf's ripgrep launcher)
          --expect KEYS         these keys accept too (fzf's names: ctrl-v, alt-x, f1, tab, …); the
                                key is printed first (an empty line for Enter)
          --history FILE        earlier queries (one a line): Ctrl-P / Ctrl-N walk them instead of
                                moving; an accepted query is added (--history-size N, default 1000)
          --ansi                lines: colour sequences shown as colours, never searched, kept in
                                what is printed ({} and {1} in commands without them)
      -d, --delimiter STR       what ends a field (a string, or a regular expression such as
                                '[:/]'); default: AWK's fields (blanks)
      -n, --nth N[,..]          lines: search only these fields (1, -1, 2.., ..3, 1..-2)
          --with-nth N[,..]     lines: show (and search) only these fields; the line is printed
                                whole; {1}, {-1}, {2..} in --preview are the line's fields
      -m, --multi[=N]           lines: check boxes (fzf's marks; Tab toggles and moves down), at
                                most N; accept prints the checked lines
          --tiebreak LIST       order of equally relevant hits: length, index, name (default:
                                length,index for lines; name for records); begin, end, chunk
                                (where a fuzzy match lies, before the others); input order last
          --tac                 reverse input order (the last line first)
      +s, --no-sort             every match in input order, not ranked (fzf's)
          --keep-right, --no-hscroll
                                a line too long for the screen loses its start, or its end
                                (default: its middle, never the matched words)
          --border[=STYLE]      lines around the finder: rounded (alone), sharp, bold, double,
                                horizontal, vertical, top, bottom, left, right, none

    SEARCH
      -f, --filter QUERY        non-interactive search; exit 0 with hits, 1 without, 2 on error;
                                lines: every match (as fzf), records and --json: one page
          --page N              page of --filter results (from 0, as Algolia's page; default 0)
          --hits-per-page N     hits per page (default 20)
          --json                JSON output (--filter: the response; on accept: records as JSON Lines)
      -e, --exact               plain terms match as substrings, and lines get no fuzzy matches
      -i, --ignore-case         case never matters
      +i, --no-ignore-case      case always matters (default: on lines, a capital letter makes it
                                matter; records ignore case)
          --smart-case          the default, back after -i or +i
    Words first (whole, prefix, typos), then for lines fzf's fuzzy matches (a subsequence, scored
    as fzf does). fzf's syntax: 'exact ^prefix suffix$ ^whole$ !not a|b, "\\ " for a space; such a
    query is answered by fzf's rules alone.

    REFINE
          --filters EXPR        Algolia filters: brand:Apple, category:"Cell Phones", price < 500,
                                price:100 TO 500, AND, OR, NOT, parentheses (values folded; a
                                hierarchical value such as "A > B" matches everything below it)
          --facets A,B | '*'    count these facets' values over every hit (stderr; --json: facets,
                                facets_stats)
          --sort ATTR:asc|desc  order by a facet (a number; text, alphabetically), relevance
                                breaking ties
          --facets-attributes A,B
                                attributes that can be refined (default: numbers, and text values
                                that repeat, such as brand, category, source, tags)

    CATALOG SETTINGS (override CATALOG.settings.json next to the catalog)
          --settings FILE       settings from FILE, for any catalog (a pipe, a table, a query);
                                over the file next to the catalog, under these flags
          --searchable A,B,...  searchable attributes, most important first
          --title NAME          attribute shown as the item's name
          --ranking RULES       custom ranking, e.g. "desc(popularity)" or "asc(price),desc(rating)"
          --id-field NAME       attribute holding the objectID (generated when absent)
          --distinct A[:N]      at most N hits (1) for each value of attribute A
          --display A,B,...     secondary attributes shown beside a hit
          --format F            json, jsonl, csv, tsv or lines
          --sql QUERY           with a postgres:// catalog: its rows are the records (a table is
                                named by the URI's table parameter: postgres://…/db?table=products)

    SUGGESTIONS AND STORE
          --suggestions FILE    query suggestions (Algolia suggestion records, or {query, popularity}
                                JSON Lines); default: generated from the catalog's brands and categories
          --suggest             lines: show suggestions too (generated from the lines); lines are a
                                plain list without it
          --suggestions-min-hits N
                                hits a submitted query needs to be learned as a suggestion (default 5)
          --suggestions-exclude W,...
                                never learn a query containing one of these words
          --store PATH          SQLite store for checks, created items and the query log
                                (default for files: $XDG_DATA_HOME/seek/<catalog>-<hash>.sqlite;
                                piped input has none unless this is given)
          --store postgres://USER@HOST[:PORT]/DB
                                share the list through PostgreSQL: the local store is still read
                                and written first; an outbox sends writes up, LISTEN/NOTIFY brings
                                others' down; a password comes from ~/.pgpass or PGPASSWORD, never
                                the URI; else SEEK_STORE, or ~/.config/seek/stores.json
                                ({"LIST": "postgres://…"}); never a catalog's settings file
          --store-list NAME     the shared list's name (default: the catalog's)
          --no-store            keep checks in memory only
          --strict              a malformed record refuses the file (by default it is left out,
                                counted, and the first one's error shown)
          --no-learn            do not record picks nor rank by them (an item accepted or
                                checked for a query otherwise rises for it next time, never
                                above a hit with fewer typos or more matched words)

    LOOK
          --preview CMD         show CMD's output for the selected hit (run with $SHELL -c): {} is
                                its title (or line), {q} the query, {attribute} an attribute, {1},
                                {-1}, {2..} the line's fields, each quoted for that shell; SGR
                                colours kept, every other escape removed
          --color SPEC          fzf's colour spec, read (Seek keeps its colours); --no-color: none
          --scrollbar[=C], --no-scrollbar, --gutter C, --separator STR, --no-separator,
          --ellipsis STR, --tabstop N, --hscroll-off N, --no-unicode
                                fzf's signs, drawn in fzf's look (run as fzf); read otherwise
          --info STYLE          default, right, inline, inline-right or hidden (fzf's)
          --info-command CMD    its first line in the counts' place, run with FZF_POS (the current
                                line's place) and FZF_INFO (the counts) whenever they change
          --scroll-off N        rows kept in view around the current one (as fzf: 3)
          --ghost TEXT          shown dim on the empty query line
          --toggle-sort KEY     KEY switches between ranked and input order (fzf's)
          --highlight-line, --wrap-sign STR, --min-height N, --multi-line, --wrap,
          --preview-wrap-sign STR, --freeze-left N, --freeze-right N
                                read for fzf's scripts (Seek highlights the line and draws it
                                on one row, a line break shown as ␊)
          --no-preview          no preview command (one set before is dropped)
          --accept-nth FIELDS   what -f and accept print of a line: fields (1,3) or a template
                                ('{1} // {2}')
      -x, --extended            fzf's extended syntax (default); +x, --no-extended: one term
          +e, +m                undo -e, -m (--no-exact, --no-multi)
          --algo v1|v2          read for fzf's scripts (one matcher answers both)
          --scheme NAME         default, path (a name after / weighs most, a match in the file
                                name first), or history (ties by input order, not length)
          --with-shell STR      the shell and flags commands run with (default: $SHELL -c), e.g.
                                'bash -c'
          --preview-window SPEC right, down (bottom), up (top), N% (10–90), hidden, wrap,
                                follow (show the end), +N or +{2} (from line N, or the line a
                                field names; -5 less, -/2 centred); fzf's border styles accepted;
                                e.g. right:60% or up:40%,+{2}-/2 (default: beside the results
                                from 100 columns)

    INTERACTIVE
      -q, --query TEXT          start with this query
          --print-query         print the query before the accepted items
          --field NAME          print this attribute of accepted items instead of the title
      -1, --select-1            accept at once when there is exactly one hit
      -0, --exit-0              exit at once (status 1) when there is no hit
          --height N[%]         draw inline below the prompt, N lines (or N% of the terminal),
                                leaving the lines above on screen (fzf's ~N is taken as N)
          --bash, --zsh, --fish print key bindings and completion for that shell: CTRL-T
                                pastes files, CTRL-R recalls a command, ALT-C enters a folder,
                                CMD **<TAB> completes; load with eval "$(seek --bash)",
                                source <(seek --zsh) or seek --fish | source
      -h, --help                this help
          --version             the version

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
      0 hits found / item accepted, 1 no match (also Enter on lines when nothing matches), 2 error (also a store write that failed),
      128+N ended by signal N (130 Ctrl-C or Esc, 143 SIGTERM)
    """
}
