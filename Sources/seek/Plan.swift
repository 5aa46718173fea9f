import Foundation
import SearchEngine
import SeekApp
import SeekCLI
import SeekCore
import SeekTerminal

/// What a command line asks for, decided before anything is read: the source of the catalog, what
/// it holds, and the mode. Deciding it settles the options that follow from it (lines are matched
/// and tied as fzf does; a dumb terminal is drawn inline) and refuses the combinations that make no
/// sense, so that running it only reads and answers.
struct Plan {
  enum Source {
    /// Standard input, bare `seek`'s file list, or a file of lines read as a pipe (`--nth`,
    /// `--with-nth`, `--ansi` shape lines as they are read).
    case pipe(FileHandle)
    case file(String)

    var isPipe: Bool { if case .pipe = self { true } else { false } }
    var handle: FileHandle? { if case .pipe(let handle) = self { handle } else { nil } }
  }

  enum Mode: Equatable {
    case interactive
    /// `--filter QUERY`: the page printed, no screen.
    case filter(String)
    /// `--checked`, `--uncheck-all`, `--delete-created`, `--forget-picks`, `--add-pick` (a
    /// `--filter` beside them is answered instead).
    case store
  }

  struct Refusal: Error, CustomStringConvertible { var description: String }

  let source: Source
  /// Lines are fzf's world (Enter accepts, ties by length then input order); records are
  /// InstantSearch's (see `Picking`).
  let lines: Bool
  let mode: Mode
  let defaultSource: DefaultSource?
  /// A pipe streams into the app as it is read, unless the first answer decides (`--select-1`,
  /// `--exit-0`) or `--sync` asks for the whole input first.
  let streamsIntoTheApp: Bool
  /// A large uncached file is read like a pipe: into the app, or — lines, no store with created
  /// items the answer must include — matched while read by `--filter`.
  let streamsFiles: Bool

  init(_ options: inout Options, defaultSource: DefaultSource?) throws {
    let environment = ProcessInfo.processInfo.environment
    self.defaultSource = defaultSource
    // The walk's paths end with NUL: a name may hold a line break.
    if defaultSource?.walks == true { options.walkedInput = true }
    mode = options.filter.map(Mode.filter) ?? (options.isStoreCommand ? .store : .interactive)
    if environment["TERM"] == "dumb" || (environment["TERM"] ?? "").isEmpty, options.height == nil {
      // No terminfo to lean on: drawn with plain ANSI sequences in the whole window, as fzf does
      // (the inline driver), never printed and exited on its own.
      options.height = "100%"
    }
    // Standard input is the catalog when it is a pipe and no file is named (or "-" is).
    let piped = options.catalogPath == "-" || (options.catalogPath == nil && isatty(0) == 0) || defaultSource != nil
    lines = SeekCommand.isLines(path: piped ? nil : options.catalogPath, options: options)
    // change-nth and its kin read the lines again in a new shape: each line keeps its fields.
    if lines && mode == .interactive && options.bindsReshaping { options.lineShape.reshapes = true }
    source = try Self.source(&options, piped: piped, lines: lines, defaultSource: defaultSource)
    if options.headerLines > 0 && !(source.isPipe && lines) {
      throw Refusal(description: "--header-lines takes the first lines of lines read from a pipe (as fzf's)")
    }
    let oneAnswer = options.selectOne || options.exitZero
    streamsIntoTheApp = !oneAnswer && !options.sync
    let filterStreams =
      options.filter != nil && lines
      && !FileManager.default.fileExists(atPath: SeekCommand.storePath(options.catalogPath ?? "-", options))
    streamsFiles = (mode == .interactive && !oneAnswer) || filterStreams
    if lines { Self.matchAsLines(&options) }
    options.printsLinesAsRead = lines
    if mode == .interactive && !TerminalLocale.useUTF8() {
      Output.error(
        "seek: warning: no UTF-8 locale (LANG=\(environment["LANG"] ?? ""), and C.UTF-8 is missing): non-ASCII text may not be typed or shown correctly"
      )
    }
  }

  /// Where the catalog comes from. A shaped file of lines is read as a pipe is (no index cache:
  /// the cache keeps records as read, not as shaped), and its accepted lines are printed as read.
  private static func source(
    _ options: inout Options, piped: Bool, lines: Bool, defaultSource: DefaultSource?
  ) throws -> Source {
    guard !options.lineShape.isPlain else {
      return piped ? .pipe(defaultSource?.handle ?? .standardInput) : .file(options.catalogPath ?? "-")
    }
    guard lines else {
      throw Refusal(
        description: "--ansi, --nth and --with-nth shape lines; \(options.catalogPath ?? "the input") holds records")
    }
    if options.field == nil { options.field = LineShape.lineAttribute }
    options.catalog.titleAttribute = LineShape.shownAttribute
    // A line is known by the line as read, whatever its fields show: its check and the cursor
    // stay on it when change-nth or change-with-nth shapes it again.
    options.catalog.hashedAttribute = LineShape.lineAttribute
    guard !piped, let path = options.catalogPath else { return .pipe(defaultSource?.handle ?? .standardInput) }
    guard let handle = FileHandle(forReadingAtPath: path) else { throw Refusal(description: "cannot open \(path)") }
    return .pipe(handle)
  }

  /// Lines are matched and ranked as fzf does.
  private static func matchAsLines(_ options: inout Options) {
    if options.filter != nil && !options.json && !options.pagingGiven {
      // fzf's --filter prints every match; a page is asked for with --page or --hits-per-page.
      options.hitsPerPage = SearchRequest.maxHitsPerPage
    }
    // Below the word tiers, lines are matched as fzf matches them (see Searcher+Fuzzy.swift).
    options.matching.fuzzyTier = true
    options.matching.matchesWithinParts = options.lineShape.nth.count > 1
    // fzf ranks a match at the start of a line first: a line's one attribute is ordered.
    if options.catalog.searchableAttributes == nil {
      options.catalog.searchableAttributes = ["ordered(\(options.lineShape.searchedAttribute))"]
    }
    if options.catalog.tiebreak == nil {
      // fzf's history scheme: the newest command of equal score first, whatever its length.
      // The path scheme: a match in the file name first, then the shorter path (fzf's).
      switch options.scheme {
      case "history": options.catalog.tiebreak = [.index]
      case "path": options.catalog.tiebreak = [.pathname, .length, .index]
      default: options.catalog.tiebreak = [.length, .index]
      }
    }
    options.matching.tiesByMatchPosition = options.catalog.tiebreak?.contains(where: \.isPerMatch) ?? false
    // fzf's: the first of `end`, `pathname` and `begin` decides which of equal places a term takes.
    let placed = options.catalog.tiebreak?.first { $0 == .end || $0 == .pathname || $0 == .begin }
    options.matching.prefersLaterMatch = placed == .end || placed == .pathname
    // A line is text, not a product name: "logs" must not find "log" unless asked.
    if options.catalog.ignorePlurals == nil { options.catalog.ignorePlurals = false }
    // A line is matched by fzf's rules below the words, and a pipe is read once: a word a line
    // holds still finds its neighbours by a typo (KnownWords.swift is for records).
    if options.catalog.typosOnKnownWords == nil { options.catalog.typosOnKnownWords = true }
    // fzf's --no-sort keeps the tie-break: the page is taken in input order whatever the ids
    // (`SearchRequest.inputOrder`), and `toggle-sort` ranks by score, then length, as fzf's.
  }

  /// What Enter does, whether the create row is offered, and whether rows carry check boxes.
  func picking(_ options: Options) -> Picking {
    var picking = Picking.defaults(lines: lines)
    if let accepts = options.enterAccepts { picking.enterAccepts = accepts }
    if options.create { picking.offersCreate = true }
    // Check boxes on lines only when asked for: fzf's -m marks, or the create row's list.
    if options.multi || options.create { picking.marks = true }
    // The create row's list is a smart list: Space checks there, as on records.
    if options.create { picking.spaceChecks = true }
    picking.maxMarks = options.multiMax
    picking.cycles = options.cycle
    return picking
  }
}
