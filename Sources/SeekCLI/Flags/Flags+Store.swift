import SeekCore
import SeekShared

extension Flag {
  static let store = FlagGroup("SUGGESTIONS AND STORE", suggestions + storage + commands)

  private static let suggestions: [Flag] = [
    Flag(
      ["--suggestions"], .required("FILE"),
      "query suggestions (Algolia suggestion records, or {query, popularity} JSON Lines); default: generated from the catalog's brands and categories",
      completes: .files
    ) { o, r throws(Options.ParseError) in o.suggestionsPath = try r.value() },
    Flag(["--suggest"], "lines: show suggestions too (generated from the lines); lines are a plain list without it") {
      o, _ in o.suggest = true
    },
    Flag(
      ["--suggestions-min-hits"], .required("N"),
      "hits a submitted query needs to be learned as a suggestion (default 5)"
    ) { o, r throws(Options.ParseError) in o.suggestionsMinHits = try r.number(try r.value(), min: 0) },
    Flag(["--suggestions-exclude"], .required("W,..."), "never learn a query containing one of these words") {
      o, r throws(Options.ParseError) in o.suggestionsExclude = r.list(try r.value())
    },
  ]

  private static let storage: [Flag] = [
    Flag(
      ["--store"], .required("PATH|URI"),
      "PATH: the SQLite store for checks, created items and the query log (default for files: $XDG_DATA_HOME/seek/<catalog>-<hash>.sqlite; piped input has none unless this is given). postgres://USER@HOST[:PORT]/DB: share the list through PostgreSQL: the local store is still read and written first; an outbox sends writes up, LISTEN/NOTIFY brings others' down; a password comes from ~/.pgpass or PGPASSWORD, never the URI; else SEEK_STORE, or ~/.config/seek/stores.json ({\"LIST\": \"postgres://…\"}); never a catalog's settings file",
      completes: .files
    ) { o, r throws(Options.ParseError) in try Self.store(&o, &r) },
    Flag(["--store-list"], .required("NAME"), "the shared list's name (default: the catalog's)") {
      o, r throws(Options.ParseError) in
      let name = try r.value()
      // The name travels in every row's key and in each change notification (at most 8,000
      // bytes, and a key at most ~2,700): a longer one could never be sent.
      guard !name.isEmpty, name.utf8.count <= Options.longestListName else {
        throw .invalidValue(
          flag: r.flag, value: String(name.prefix(40)), expected: "a name of 1 to \(Options.longestListName) bytes")
      }
      o.storeList = name
    },
    Flag(["--no-store"], "keep checks in memory only") { o, _ in o.noStore = true },
    Flag(
      ["--no-learn"],
      "do not record picks nor rank by them (an item accepted or checked for a query otherwise rises for it next time, never above a hit with fewer typos or more matched words)"
    ) { o, _ in o.noLearn = true },
  ]

  private static let commands: [Flag] = [
    Flag(["--checked"], "print the checked items, one title per line, and exit") { o, _ in o.checked = true },
    Flag(["--uncheck-all"], "clear every check, and exit") { o, _ in o.uncheckAll = true },
    Flag(["--delete-created"], .required("TITLE"), "delete an item made with the create row, and exit") {
      o, r throws(Options.ParseError) in o.deleteCreated = try r.value()
    },
    Flag(
      ["--add-pick"], .required("TITLE"), "record a pick of that item for -q's query (as zoxide add), and exit"
    ) { o, r throws(Options.ParseError) in o.addPick = try r.value() },
    Flag(["--forget-picks"], "forget every pick, and exit") { o, _ in o.forgetPicks = true },
  ]

  /// `--store PATH` or `--store postgres://…` (refused with why, never repeating the URI: it may
  /// hold a password).
  private static func store(_ o: inout Options, _ r: inout Options.FlagReader) throws(Options.ParseError) {
    let value = try r.value()
    guard PostgresAddress.isAddress(value) else {
      o.storePath = value
      return
    }
    do { o.sharedStore = try PostgresAddress(value) } catch {
      throw .refused(flag: r.flag, reason: error.description)
    }
  }
}
