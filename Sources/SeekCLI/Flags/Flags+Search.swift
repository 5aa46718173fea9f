import SearchEngine
import SeekApp
import SeekCore

extension Flag {
  static let search = FlagGroup(
    "SEARCH", filtering + matching,
    outro: """
      Words first (whole, prefix, typos), then for lines fzf's fuzzy matches (a subsequence, scored \
      as fzf does). fzf's syntax: 'exact ^prefix suffix$ ^whole$ !not a|b, "\\ " for a space; such a \
      query is answered by fzf's rules alone.
      """)

  private static let filtering: [Flag] = [
    Flag(
      ["-f", "--filter"], .required("QUERY"),
      "non-interactive search; exit 0 with hits, 1 without, 2 on error; lines: every match (as fzf), records and --json: one page"
    ) { o, r throws(Options.ParseError) in o.filter = try r.value() },
    Flag(["--page"], .required("N"), "page of --filter results (from 0, as Algolia's page; default 0)") {
      o, r throws(Options.ParseError) in
      o.page = try r.number(try r.value(), min: 0)
      o.pagingGiven = true
    },
    Flag(["--hits-per-page"], .required("N"), "hits per page (default 20)") { o, r throws(Options.ParseError) in
      o.hitsPerPage = try r.number(try r.value(), min: 1)
      o.pagingGiven = true
    },
    Flag(["--json"], "JSON output (--filter: the response; on accept: records as JSON Lines)") { o, _ in
      o.json = true
    },
  ]

  private static let matching: [Flag] = [
    Flag(["-e", "--exact"], "plain terms match as substrings, and lines get no fuzzy matches") { o, _ in
      o.matching.fuzzy = false
    },
    Flag(["+e", "--no-exact"], "fuzzy matches again (undoes -e)") { o, _ in o.matching.fuzzy = true },
    Flag(["-i", "--ignore-case"], "case never matters") { o, _ in o.matching.caseMatching = .ignore },
    Flag(
      ["+i", "--no-ignore-case"],
      "case always matters (default: on lines, a capital letter makes it matter; records ignore case)"
    ) { o, _ in o.matching.caseMatching = .respect },
    Flag(["--smart-case"], "the default, back after -i or +i") { o, _ in o.matching.caseMatching = .smart },
    Flag(
      ["--literal"], "letters keep their diacritics: cafe does not find café (fzf's; by default they are read without)"
    ) { o, _ in o.matching.literal = true },
    Flag(["--no-literal"], "diacritics folded again (undoes --literal)") { o, _ in o.matching.literal = false },
    Flag(["-x", "--extended"], "fzf's extended syntax (the default)") { o, _ in o.matching.extended = true },
    Flag(["+x", "--no-extended"], "the query is one term: no fzf syntax") { o, _ in o.matching.extended = false },
    // fzf's algorithms (v2 optimal, v1 faster): Seek's one matcher answers both; the value is
    // checked so that a typo is said.
    Flag(
      ["--algo"], .required("v1|v2"), "read for fzf's scripts (one matcher answers both)",
      completes: .oneOf(["v1", "v2"])
    ) {
      o, r throws(Options.ParseError) in
      _ = try r.value({ ["v1", "v2"].contains($0) ? $0 : nil }, expected: "v1 or v2")
    },
    Flag(
      ["--scheme"], .required("NAME"),
      "default, path (a name after / weighs most, a match in the file name first), or history (ties by input order, not length)",
      completes: .oneOf(["default", "path", "history"])
    ) { o, r throws(Options.ParseError) in
      o.scheme = try r.value(
        { ["default", "path", "history"].contains($0) ? $0 : nil }, expected: "default, path or history")
      o.matching.scheme = FuzzyScheme(rawValue: o.scheme) ?? .default
    },
  ]
}
