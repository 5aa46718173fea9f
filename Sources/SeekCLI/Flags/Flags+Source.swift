import SeekCore

extension Flag {
  static let source = FlagGroup(
    "CATALOG",
    intro: """
      CATALOG is a JSON array, JSON Lines, CSV or TSV file (header row), or plain text (one record \
      per line); the format comes from the extension or the content. With no CATALOG and no pipe, \
      the files under the current directory are listed (hidden ones, .git and node_modules \
      skipped), or the lines SEEK_DEFAULT_COMMAND prints.
      """,
    [
      Flag(
        ["--walker"], .required("OPTS"),
        "what that list holds, as fzf's: file, dir, follow (links to folders), hidden, comma-separated (default: file)",
        completes: .oneOf(["file", "dir", "follow", "hidden", "file,dir", "file,hidden", "dir,hidden"])
      ) { o, r throws(Options.ParseError) in
        let skip = o.walker.skip
        o.walker = try r.value(
          { FileWalker.Options(walker: $0, skip: skip) }, expected: "a list of file, dir, follow and hidden")
      },
      Flag(["--walker-root"], .required("DIR"), "list under DIR instead (paths start with it)", completes: .folders) {
        o, r throws(Options.ParseError) in o.walkerRoot = try r.value()
      },
      Flag(["--walker-skip"], .required("NAMES"), "folders never entered (default: .git,node_modules)") {
        o, r throws(Options.ParseError) in o.walker.skip = Set(r.list(try r.value()))
      },
    ])
}
