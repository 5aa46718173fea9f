import Foundation
import SeekApp
import SeekCore

/// The interactive app.
///
/// The flow of one keystroke:
///
///     key (driver.readKeys) → event (KeyMap) → reduce (SearchReducer) → effects
///       → EffectRuntime (search lane: engine; write lane: store) → answer event → reduce
///       → render (Renderer, pure) → paint (driver)
///
/// Bursts of keys are reduced together and painted once; late answers are dropped by revision.
/// Every way out (accept, Esc, Ctrl-C, a signal, the terminal going away) leaves the loop, restores
/// the terminal, then lets the runtime finish the pending store writes before the process exits.
public final class TerminalApp {
  public enum Outcome: Equatable {
    /// Enter on a result: the objectIDs to print, the query, and the `--expect` key pressed
    /// (nil: Enter).
    /// `printed`: fzf's `print(…)` lines, printed after the key and before the items.
    case accepted(objectIDs: [String], query: String, key: String? = nil, printed: [String] = [])
    /// Left without an item; `query`: the query then (fzf keeps it in `--history` when the
    /// status is 0 or 1, as after Enter on an empty list).
    case quit(status: Int32, query: String? = nil)
    /// fzf's `print-query`: print the query, status 0.
    case queryPrinted(String)
    /// fzf's `become`: run this command in Seek's place (the terminal restored, writes done),
    /// with fzf's variables set over the environment.
    case become(String, variables: [String: String])
  }

  public struct Configuration {
    public var colors: Bool
    public var initialQuery: String
    public var tracePath: String?
    /// Records stream in from this pipe while the UI runs.
    public var input: (handle: FileHandle, format: CatalogFormat)?
    /// What the input is and what becomes of it (its size, the index cache written once it is
    /// read, `--read0`, `--header-lines`, what a line becomes).
    public var source = InputFeed.Source()
    /// A source that can say it changed (a PostgreSQL table): `watchInput` is called once at start
    /// with what to call on a change, and `reopenInput` gives the source read again.
    public var watchInput: (@Sendable (@escaping @Sendable () -> Void) -> Void)? = nil
    public var reopenInput: (@Sendable () -> (handle: FileHandle, format: CatalogFormat))? = nil
    /// `--height N[%]`: draw inline in that many lines instead of full screen (`~N`: as few as
    /// the lines need; `-N`: the terminal's less N), and fzf's `--min-height`.
    public var height: String?
    public var minHeight: MinHeight? = nil
    /// `--no-mouse` (fzf's): clicks and the wheel are left to the terminal (selecting text).
    public var mouse = true
    /// `--layout` (fzf's): where the prompt goes and which way the list grows.
    public var layout = ListLayout.reverse
    /// `--history` (fzf's): earlier queries; Ctrl-P and Ctrl-N walk them instead of moving.
    public var history: [String]? = nil
    /// `--bind` (fzf's): keys and the actions they do (tried before Seek's own keys), and events'.
    public var keyBindings: [(name: String, keys: [Key], actions: [BindAction])] = []
    public var eventBindings: [BindEvent: [BindAction]] = [:]
    /// `--header-first` (fzf's): the header before the query line.
    public var headerFirst = false
    /// `--expect` (fzf's): keys that accept, each with the name it was given.
    public var expect: [KeyName.NamedKey] = []
    /// `--prompt`: what stands before the query.
    public var prompt = Renderer.prompt
    /// `--keep-right`, `--no-hscroll` (fzf's): what gives way in a row too long for the screen.
    public var overflow = Elision.Keep.matchesAndEnds
    /// `--margin`, `--border` (with `--border-label`), `--padding` (fzf's): around the finder.
    public var surround = Surround()
    /// `--pointer`, `--marker` (fzf's).
    public var pointer = ">"
    /// fzf's `--gutter` and `--separator`.
    public var gutter = " "
    public var separator = "─"
    public var scrollbar: String? = nil
    /// fzf's `--gap` and `--gap-line`.
    public var gap = 0
    public var gapLine = "┈"
    /// fzf's `every(N)` bindings.
    public var timers: [TimerBinding] = []
    /// fzf's `--ellipsis`, `--hscroll-off`, `--tabstop`, `--ghost`.
    public var ellipsis = "··"
    public var hscrollOff = 10
    public var tabstop = 8
    /// fzf's `--freeze-left`, `--freeze-right`.
    public var frozen = FrozenFields()
    public var ghost = ""
    /// fzf's `--no-input`: the query line hidden from the start (`show-input` brings it).
    public var inputShown = true
    /// `--height`'s rows are cleared on exit (fzf's `--no-clear` leaves the last frame).
    public var clearsOnExit = true
    /// fzf's `--info=inline:PREFIX` (nil: fzf's ` < `).
    public var inlineInfoPrefix: String? = nil
    public var marker: String? = nil
    /// A checked item's signs for its first, middle and last rows (`--marker-multi-line`).
    public var markerMultiLine = ["╻", "┃", "╹"]
    /// What the state starts as: the header, footer, info, refinements and sort, the details pane,
    /// picking, and the rest of the choices the state machine holds (`SearchState.Start`). The
    /// terminal adds the bindings, the catalog's facets and the checked items.
    public var start = SearchState.Start()
    /// fzf's `--preview-label-pos`.
    public var previewLabelPosition = LabelPosition()
    /// fzf's section borders (`--list-border`, …): drawn by `SectionRenderer` when one is set.
    public var sections = SectionStyle()

    public init(
      colors: Bool, initialQuery: String = "", tracePath: String? = nil,
      input: (handle: FileHandle, format: CatalogFormat)? = nil, height: String? = nil,
      picking: Picking = Picking()
    ) {
      self.start.picking = picking
      self.colors = colors
      self.initialQuery = initialQuery
      self.tracePath = tracePath
      self.input = input
      self.height = height
    }
  }

  /// How long pending store writes may take once the app is leaving.
  public static let shutdownDeadline = 5.0

  private let service: SearchService
  private let writer: StoreWriter
  private let configuration: Configuration
  /// The state the run starts in, until the loop holds it.
  private let startState: SearchState
  /// The one reduce/perform loop (`AppLoop`), on the runtime; made when the run starts.
  private var loop: AppLoop? = nil
  /// The state as the loop holds it: read here, changed only by the loop's reducer.
  private var state: SearchState { loop?.state ?? startState }
  /// The last click (row and time), to tell a double click.
  private var lastClick: (row: Int, time: Double)? = nil
  /// fzf's `FZF_KEY`, `FZF_ACTION` and `FZF_IDLE_TIME`: the last key's name, the last action a
  /// key did, and when a key was last read.
  private var lastKey = ""
  /// The last key, for a `put` a `transform` prints (fzf's `put` types the key).
  private var lastKeyPressed: Key? = nil
  private var lastAction = "start"
  private var lastKeyAt = ContinuousClock.now
  /// Why the store may not hold everything the user did (empty when it does): set by `run`.
  public private(set) var shutdownReport = EffectRuntime.ShutdownReport(failures: [], unfinishedWrites: 0)
  /// `--separator` as drawn: its colour sequences left out, its tabs expanded from its own start
  /// (fzf's `a\tb` with `--tabstop 4` repeats as `a   b`), made once.
  private let separatorDrawn: String

  /// `checked`: what the store held when the writer read it (`StoreWriter.initialState`).
  public init(service: SearchService, writer: StoreWriter, checked: [String], configuration: Configuration) {
    self.service = service
    self.writer = writer
    self.configuration = configuration
    separatorDrawn = SafeText.sanitized(
      FzfLine.expanded(AnsiText.stripped(configuration.separator), ranges: [], tabstop: configuration.tabstop).0)
    startState = .initial(Self.start(configuration, catalog: service.catalog, checked: checked, service: service))
  }

  /// The state's start: the configuration's, the bindings as the layout turns them, the
  /// catalog's facets and named sorts, and what the status line says first.
  private static func start(
    _ configuration: Configuration, catalog: Catalog, checked: [String], service: SearchService
  ) -> SearchState.Start {
    var start = configuration.start
    start.checked = checked
    start.streams = configuration.input != nil
    start.eventBindings = configuration.eventBindings.mapValues { $0.map(configuration.layout.oriented) }
    start.keyActions = keyActions(configuration)
    start.history = configuration.history
    start.sortToggleBound = configuration.keyBindings.contains { $0.actions.contains(.toggleSort) }
    // fzf's info line is under its prompt in every layout.
    start.statusFollowsQuery = configuration.layout.promptAtBottom || start.look.isFzf
    start.facetAttributes = catalog.index.facets.text.map(\.attribute)
    start.numericFacets = catalog.index.facets.numeric.map(\.attribute)
    // Named sorts on facets (numbers, or text in alphabetical order); another attribute is said.
    let facets = start.numericFacets + start.facetAttributes
    let choices = catalog.given.sortBy ?? []
    start.sortChoices = choices.filter { facets.contains($0.sort.attribute) }
    if let other = choices.first(where: { !facets.contains($0.sort.attribute) }) {
      start.message = "sortBy: '\(other.sort.attribute)' is not a facet (attributesForFaceting), not offered"
    }
    let missing = checked.filter { service.title(objectID: $0) == nil }.count
    if missing > 0 {
      start.message =
        "\(missing) checked item\(missing == 1 ? " is" : "s are") no longer in the catalog (kept; see seek --checked)"
    }
    return start
  }

  public func run() throws -> Outcome {
    let (driver, signals) = try makeDriver()
    return run(on: driver, signals: signals)
  }

  /// The terminal the configuration asks for (inline at a height, else the whole screen), and
  /// the descriptor that says a signal came.
  private func makeDriver() throws -> (TerminalDriver, Int32) {
    let driver: TerminalDriver
    let signals: Int32
    if let height = configuration.height {
      driver = try InlineDriver(
        height: height, minHeight: configuration.minHeight, colors: configuration.colors, mouse: configuration.mouse,
        clearsOnExit: configuration.clearsOnExit)
      signals = ExitSignals.install { InlineDriver.restoreFromSignal() }
    } else {
      do {
        driver = try CursesDriver(colors: configuration.colors, mouse: configuration.mouse)
        signals = ExitSignals.install { CursesDriver.restoreFromSignal() }
      } catch TerminalFailure.unknownTerminalType {
        // No terminfo for this terminal: plain ANSI in the whole window, as fzf does.
        driver = try InlineDriver(height: "100%", colors: false, mouse: configuration.mouse)
        signals = ExitSignals.install { InlineDriver.restoreFromSignal() }
      }
    }
    return (driver, signals)
  }

  /// The run on `driver` (a test's scripted one too), until the state machine leaves: `signals`
  /// becomes readable when a signal came.
  func run(on driver: TerminalDriver, signals: Int32) -> Outcome {
    let runtime = EffectRuntime(service: service, writer: writer)
    let input = InputFeed(runtime: runtime, catalog: service.catalog, source: configuration.source)
    let loop = AppLoop(state: startState, runner: runtime)
    // A preview and `--info-command` are given the `FZF_*` variables of the screen as it stands.
    loop.willRun = { [unowned self] effect in
      switch effect {
      case .runPreview, .runInfoCommand: runtime.setCommandVariables(commandVariables())
      default: break
      }
    }
    self.loop = loop
    let session = Session(
      driver: driver, runtime: runtime, loop: loop, input: input, trace: LatencyTrace(path: configuration.tracePath),
      timers: configuration.timers)
    let outcome = runLoop(session, signals: signals)
    session.input.end()
    session.background.endAll()
    driver.end()
    shutdownReport = runtime.shutdown(waitingAtMost: Self.shutdownDeadline)
    return outcome
  }

  /// One run of the loop: the driver and runtime it uses, how it is to end, and what it painted.
  private final class Session {
    let driver: TerminalDriver
    let runtime: EffectRuntime
    let loop: AppLoop
    let input: InputFeed
    let trace: LatencyTrace?
    var outcome: Outcome? = nil
    var dirty = true
    /// Keys read while a command ran (`CommandRunner.waitFor`), handled next, before new ones.
    var heldKeys: [Key] = []
    /// `bg-transform`'s commands running.
    let background = BackgroundCommands()
    /// The results on screen: their revision and the engine's time for them (for the trace).
    var appliedRevision = 0
    var appliedMilliseconds = 0.0
    /// fzf's `every(N)` timers, and when the last `.tick` was sent.
    var timers: EveryTimers
    var tickedAt = ContinuousClock.now

    init(
      driver: TerminalDriver, runtime: EffectRuntime, loop: AppLoop, input: InputFeed, trace: LatencyTrace?,
      timers: [TimerBinding]
    ) {
      self.driver = driver
      self.runtime = runtime
      self.loop = loop
      self.input = input
      self.trace = trace
      self.timers = EveryTimers(timers, now: .now)
    }
  }

  /// The run loop, as fzf's `core.go` has it: one thread waits on three descriptors —
  ///
  ///     terminal   keys, clicks, resizes → events (KeyMap, Layout) → reduce → effects
  ///     wake pipe  the runtime's answers: results, suggestions, details, previews, store
  ///                writes, and the streaming indexer's progress (`catalogChanged`) → reduce
  ///     signals    SIGTERM, SIGHUP, SIGINT leave; SIGTSTP suspends
  ///
  /// and, when nothing comes for the state's tick, sends `.tick` (the state machine turns the
  /// spinner while input streams in, and looks at the store for other processes' writes). Each
  /// pass reduces what arrived, tells the state machine the layout that results
  /// (`viewportChanged`), and paints once. Nothing here decides behaviour: a double click is
  /// told from two clicks as a key's escape sequence is decoded, and Ctrl-Z hands the terminal
  /// back as the driver's concern.
  private func runLoop(_ session: Session, signals: Int32) -> Outcome {
    start(session)
    var descriptors = [
      pollfd(fd: session.driver.inputDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: session.runtime.wakeDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
    ]
    while session.outcome == nil {
      if let signal = ExitSignals.pending { return .quit(status: 128 + signal) }
      if ExitSignals.takeSuspendRequest() { suspend(session) }
      takeAnswers(session)
      session.input.takeSyncedReload()
      if session.outcome != nil { break }
      let keys = session.heldKeys + session.driver.readKeys()
      session.heldKeys = []
      handle(keys, session)
      if session.outcome != nil { break }
      // A search is on its way: give it a frame's time (8 ms) to answer, so that one frame shows
      // the keystroke and its results together instead of two frames in a row.
      if !keys.isEmpty && state.list.revision != session.appliedRevision {
        var wake = pollfd(fd: session.runtime.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&wake, 1, 8) > 0 { continue }
      }
      if session.dirty { paint(session) }
      guard wait(session, &descriptors) else { return .quit(status: 129) }  // the terminal went away
    }
    return session.outcome ?? .quit(status: 0)
  }

  /// The state the configuration gives, the input's feed started, and the first event.
  private func start(_ session: Session) {
    if let input = configuration.input { session.input.start(input.handle, format: input.format) }
    configuration.watchInput?({ [runtime = session.runtime] in runtime.runOnSearchLane { _ in .app(.sourceChanged) } })
    screen = session.driver.size
    session.input.growFirstPage(to: screen.rows)
    // The query given first: `start`'s actions (`--bind start:accept`) act on its answer, as fzf's.
    if !configuration.initialQuery.isEmpty { send(.query(.inserted(configuration.initialQuery)), session) }
    send(.app(.started(viewport())), session)
    if !configuration.inputShown { send(.query(.queryLineShown(false)), session) }
  }

  /// Reduces `event` and runs its effects, then tells the state machine the layout its new state
  /// has, when that changed (suggestions shown or hidden, the details pane opened, a message on
  /// the status line). A second pass settles a layout that depends on the scrolling the first
  /// one caused (the empty query's suggestions give way to a scrolled list); the bound keeps an
  /// oscillating layout, never seen, from looping.
  private func send(_ event: SearchEvent, _ session: Session) {
    session.loop.send(event, app: { perform($0, session) }, until: { session.outcome != nil })
    for _ in 0..<3 {
      let viewport = viewport()
      guard viewport != state.viewport, session.outcome == nil else { return }
      session.loop.send(
        .app(.viewportChanged(viewport)), app: { perform($0, session) }, until: { session.outcome != nil })
    }
  }

  /// The effects the app runs itself (leaving, bound commands, the bell); the loop starts the
  /// rest on the runtime.
  private func perform(_ effect: SearchEffect, _ session: Session) {
    switch effect {
    case .accept(let ids):
      session.outcome = .accepted(
        objectIDs: ids, query: state.editor.text, key: state.marks.acceptKey, printed: state.printQueue)
    case .ringBell: session.driver.ringBell()
    case .cancelBackground: session.background.cancelAll()
    case .redrawScreen: session.driver.redrawAll()
    case .quit(let status): session.outcome = .quit(status: status, query: state.editor.text)
    case .printQuery(let query): session.outcome = .queryPrinted(query)
    case .reloadSource:
      // Its own format: a catalog opened from its index cache has no input to take it from.
      guard let reopen = configuration.reopenInput else { break }
      let (handle, format) = reopen()
      session.input.reopen(handle, format: format)
    case .reshapeLines(let change):
      if let failure = session.input.reshape(change) { send(.app(.failed(failure)), session) }
    case .runCommand(let template, let current, let marked, let query, let mode):
      // Placeholders are filled on the search lane, where the catalog lives.
      let variables = commandVariables()
      let command =
        session.runtime.answerOnSearchLane { service in
          service.boundCommand(
            template: template, current: current, marked: marked, query: query, variables: variables)
        } ?? ""
      run(command, mode, variables: variables, session)
    default: break
    }
  }

  /// A bound command: in Seek's place (`become`), on the terminal, silently, as the list
  /// (`reload`), or as actions (`transform`; a bad one is said, not done).
  private func run(_ command: String, _ mode: CommandMode, variables: [String: String], _ session: Session) {
    switch mode {
    case .become: session.outcome = .become(command, variables: variables)
    case .foreground:
      session.driver.handOver { _ = CommandRunner.runOnTerminal(command, variables: variables) }
      send(.app(.commandFinished()), session)
    case .silent:
      let ending = waitFor(command, variables: variables, session)
      send(.app(.commandFinished()), session)
      if let note = Self.note(ending, "execute-silent") { send(.app(.failed(note)), session) }
    case .reload(let sync):
      if let failure = session.input.reload(command, sync: sync, variables: variables) {
        send(.app(.failed("reload: \(failure)")), session)
      }
    case .background(let target):
      // Done when it comes; `put` types the key that started it (fzf's test_bg_transform_put).
      let (key, layout, runtime) = (lastKeyPressed, configuration.layout, session.runtime)
      session.background.start(command, variables: variables) { ending in
        let event: SearchEvent
        switch Self.transformed(ending, into: target, key: key, layout: layout) {
        case .success(let actions): event = .app(.backgroundFinished(output: actions))
        case .failure(let note):
          guard let text = note.text else { return }
          event = .app(.failed(text))
        }
        runtime.runOnSearchLane { _ in event }
      }
    case .transform, .transformInto:
      // The output's actions come before the ones bound after the command
      // (`transform-header(…)+reload(…)` shows the header, then reloads).
      let target: String? = if case .transformInto(let target) = mode { target } else { nil }
      let ending = waitFor(command, variables: variables, session)
      switch Self.transformed(ending, into: target, key: lastKeyPressed, layout: configuration.layout) {
      case .success(let actions): send(.app(.commandFinished(output: actions)), session)
      case .failure(let note):
        send(.app(.commandFinished()), session)
        if let note = note.text { send(.app(.failed(note)), session) }
      }
    }
  }

  /// What a `transform`'s output says to do (`transform-X`: X with the output, its last line
  /// break dropped as `$(…)` drops it), or why nothing (nil: nothing to say).
  /// `key`: the key that started it (what a `put` alone types).
  private static func transformed(
    _ ending: CommandRunner.Ending, into target: String?, key: Key?, layout: ListLayout
  ) -> Result<[BindAction], Note> {
    guard case .finished(let output) = ending else { return .failure(Note(text: Self.note(ending, "transform"))) }
    if let target {
      let value = output.hasSuffix("\n") ? String(output.dropLast()) : output
      return .success(BindAction.named(target, argument: value).map { [$0] } ?? [])
    }
    do {
      return .success(
        try BindSpec.parseActions(output).map {
          // `put` alone (read as typing nothing) types the key, as bound directly.
          layout.oriented($0 == .putKey || $0 == .put("") ? .put(key.map(Self.typedText(of:)) ?? "") : $0)
        })
    } catch {
      return .failure(Note(text: "transform: \(error)"))
    }
  }

  /// A note for the status line (nil: none), as an error.
  private struct Note: Error {
    var text: String?
  }

  /// A command Seek waits for without handing it the terminal; keys typed meanwhile are kept for
  /// after it, and Ctrl-C ends it.
  private func waitFor(_ command: String, variables: [String: String], _ session: Session) -> CommandRunner.Ending {
    CommandRunner.waitFor(
      command, variables: variables, input: session.driver.inputDescriptor, keys: { session.driver.readKeys() },
      held: { session.heldKeys.append($0) })
  }

  /// What the status line says of a command that did not finish on its own.
  static func note(_ ending: CommandRunner.Ending, _ action: String) -> String? {
    switch ending {
    case .finished: return nil
    case .interrupted: return "\(action): ended by Ctrl-C"
    case .notStarted(let why): return "\(action): \(why)"
    }
  }

  /// The runtime's answers, in the order they came.
  private func takeAnswers(_ session: Session) {
    for answer in session.runtime.takeEvents() {
      if case .answer(.resultsArrived(let revision, let page)) = answer,
        revision == state.list.revision ? page.page == 0 : SearchReducer.showsMeanwhile(page, state)
      {
        session.appliedRevision = revision
        session.appliedMilliseconds = page.milliseconds
      }
      send(answer, session)
      session.dirty = true
    }
  }

  /// A burst of keys, reduced one by one and painted once.
  private func handle(_ keys: [Key], _ session: Session) {
    guard !keys.isEmpty else { return }
    let readAt = LatencyTrace.now()
    for key in keys {
      if ExitSignals.pending != nil { break }  // acted on at the top of the loop
      let before = state.list.revision
      handle(key, session)
      let revision = state.list.revision == before ? session.appliedRevision : state.list.revision
      session.trace?.keyRead(at: readAt, revision: revision)
    }
    session.dirty = true
  }

  private func handle(_ key: Key, _ session: Session) {
    lastKey = name(of: key)
    lastKeyPressed = key
    lastKeyAt = .now
    switch key {
    case .resize(let columns, let rows):
      screen = ScreenSize(columns: columns, rows: rows)
      session.input.growFirstPage(to: screen.rows)
      send(
        .app(.viewportChanged(viewport())), session)
    case .click(let column, let row):
      click(column: column, row: row, session)
    case .character("\u{1A}") where boundEvent(for: key) == nil:
      suspend(session)  // Ctrl-Z (unless bound), as a full-screen program should
    default:
      guard let event = event(for: key) else { return }
      // Named as bound, before the layout turns it (`up` moves down a list drawn bottom-up).
      lastAction = Self.actionName(of: event) ?? lastAction
      send(configuration.layout.oriented(event, fzfKeys: state.look.isFzf), session)
    }
  }

  /// fzf's name of what a key's event does (`FZF_ACTION`): its last bound action, `char` for a
  /// character typed (nil: a key of Seek's own, not one of fzf's actions).
  static func actionName(of event: SearchEvent) -> String? {
    switch event {
    // The last action but one that only runs the preview again (fzf's `show-input+refresh-preview`
    // says show-input).
    case .app(.actionsTriggered(let actions)): return actions.last { $0 != .refreshPreview }?.name ?? actions.last?.name
    case .query(.inserted): return "char"
    // Seek's keys that mean more than one thing, by what they are in fzf's keymap.
    case .key(.tabPressed): return "toggle-down"
    case .key(.backTabPressed): return "toggle-up"
    case .key(.enterPressed): return "accept"
    case .key(.acceptKeyPressed): return "accept"
    default: return BindAction.name(of: event)
    }
  }

  /// A click inside the border, on the logical row the layout puts there. A second click on the
  /// same row soon after the first is a double click; `--bind double-click:…` runs its actions
  /// on the row the click selected.
  private func click(column screenColumn: Int, row screenRow: Int, _ session: Session) {
    guard let (column, surroundRow) = surround.inside(column: screenColumn, row: screenRow, screen: screen) else {
      return
    }
    // Clicks on fzf's preview band select nothing; the finder's rows start after it.
    let finder = PreviewBand.finder(state, screen: surround.inner(screen))
    let innerRow = surroundRow - finder.row
    guard innerRow >= 0, innerRow < finder.screen.rows else { return }
    let hit = { (double: Bool) in self.event(ofClickAt: column, row: innerRow, double: double) }
    let now = Date().timeIntervalSince1970
    let double = lastClick.map { $0.row == innerRow && now - $0.time < KeyMap.doubleClickSeconds } ?? false
    lastClick = double ? nil : (innerRow, now)
    if double, let bound = configuration.keyBindings.last(where: { $0.name == "double-click" }),
      !state.unbound.contains("double-click")
    {
      if let select = hit(false) { send(select, session) }
      send(.app(.actionsTriggered(bound.actions)), session)
    } else if let event = hit(double) {
      send(event, session)
    }
  }

  /// What a click on the finder's screen at (`column`, `row`) means: its sections' when fzf's
  /// section borders draw it, else the layout's (a header's word, the query, a row).
  private func event(ofClickAt column: Int, row: Int, double: Bool) -> SearchEvent? {
    let shape = configuration.source.lineShape
    if sectioned {
      return SectionRenderer.click(
        column: column, row: row, double: double, state, style: configuration.sections, layout: configuration.layout,
        headerFirst: configuration.headerFirst, gap: configuration.gap, shape: shape, signsWidth: signsWidth)
    }
    let logical = configuration.layout.logicalRow(row, column: column, state, headerFirst: configuration.headerFirst)
    if let click = SectionClicks.hit(
      column: column, row: logical, screenRow: row, state, layout: configuration.layout,
      headerFirst: configuration.headerFirst, shape: shape)
    {
      return .click(.sectionClicked(click))
    }
    return Layout.click(column: column, row: logical, double: double, in: state, gap: configuration.gap)
  }

  /// Whether fzf's sections are drawn (a section border asked for, in fzf's look).
  private var sectioned: Bool {
    state.look.isFzf && (configuration.sections.isActive || Layout.previewGoesNext(state) || !state.footer.isEmpty)
  }

  /// The pointer's and the marker's columns: where a line's text starts.
  private var signsWidth: Int {
    DisplayWidth.of(state.pointer ?? configuration.pointer) + DisplayWidth.of(configuration.marker ?? ">")
  }

  private func suspend(_ session: Session) {
    session.driver.suspend()
    session.dirty = true
  }

  /// Renders the state and paints it (the renderer is pure; the driver only paints).
  private func paint(_ session: Session) {
    if session.driver.awaitsHeight {
      // `--height ~N`: nothing is drawn until the rows the input needs are known.
      guard let rows = rowsToSettle(asked: session.driver.size.rows) else { return }
      session.driver.settle(rows: rows)
      screen = session.driver.size
      send(.app(.viewportChanged(viewport())), session)
    }
    let paintStart = LatencyTrace.now()
    var context = RenderContext(
      prompt: state.prompt ?? configuration.prompt, pointer: state.pointer ?? configuration.pointer,
      marker: configuration.marker)
    context.markerMultiLine = configuration.markerMultiLine
    context.listGrowsUp = configuration.layout == .bottomUp
    context.overflow = state.hscrollToggled ? configuration.overflow.toggledScroll : configuration.overflow
    context.frozen = configuration.frozen
    context.gutter = SafeText.sanitized(configuration.gutter)
    context.separator = separatorDrawn
    context.scrollbar = configuration.scrollbar.map(SafeText.sanitized)
    context.ellipsis = SafeText.sanitized(configuration.ellipsis)
    context.hscrollOff = configuration.hscrollOff
    context.tabstop = configuration.tabstop
    context.ghost = SafeText.sanitized(state.ghost ?? configuration.ghost)
    context.previewLabelPosition = configuration.previewLabelPosition
    context.gap = configuration.gap
    context.gapLine = SafeText.sanitized(configuration.gapLine)
    if let prefix = configuration.inlineInfoPrefix { context.inlineInfoPrefix = SafeText.sanitized(prefix) }
    let arranged =
      sectioned
      ? SectionRenderer.render(
        state, context: context, style: configuration.sections, layout: configuration.layout,
        headerFirst: configuration.headerFirst)
      : configuration.layout.arrange(
        Renderer.render(state, context: context), for: state, headerFirst: configuration.headerFirst)
    let banded = PreviewBand.compose(
      arranged, state, screen: surround.inner(screen), labelPosition: configuration.previewLabelPosition,
      scrollbar: configuration.scrollbar.map(SafeText.sanitized))
    session.driver.paint(surround.frame(banded, screen: screen))
    session.trace?.frameFlushed(
      revision: session.appliedRevision, engineMilliseconds: session.appliedMilliseconds,
      frameMicroseconds: (LatencyTrace.now() - paintStart) / 1000)
    session.dirty = false
  }

  /// Sleeps until a key, an answer or a signal arrives, or for the state's tick (the state machine
  /// decides what time passing does: the spinner, looking at the store). False when the
  /// terminal went away.
  private func wait(_ session: Session, _ descriptors: inout [pollfd]) -> Bool {
    for i in descriptors.indices { descriptors[i].revents = 0 }
    let tick = state.tickMilliseconds
    let timeout = min(tick, session.timers.millisecondsToNext(now: .now) ?? tick)
    let ready = poll(&descriptors, 3, Int32(timeout))
    fireTimers(session)
    if ready == 0 {
      let elapsed = (ContinuousClock.now - session.tickedAt).wholeMilliseconds
      if elapsed >= tick {
        session.tickedAt = .now
        send(.app(.tick(milliseconds: elapsed)), session)
        session.dirty = session.dirty || state.streamedRecords != nil
      }
      return true
    }
    guard ready > 0, descriptors[0].revents & Int16(POLLHUP | POLLERR) != 0 else { return true }
    // A terminal that hung up still says POLLIN (a read then returns 0, at once, forever: Seek
    // spun at a core's worth when its pty closed and no SIGHUP came). Gone once nothing typed
    // before the hang-up is left to read.
    var waiting: Int32 = 0
    return ioctl(descriptors[0].fd, UInt(FIONREAD), &waiting) == 0 && waiting > 0
  }

  /// The event of a key: the user's binding, else Seek's (`DefaultKeymap`: with a history, Ctrl-P
  /// and Ctrl-N walk it, as fzf's `prev-history` and `next-history`); vertical moves follow the
  /// layout.
  /// The `every(N)` timers that are due: their actions, unless `unbind` turned them off.
  private func fireTimers(_ session: Session) {
    for timer in session.timers.due(now: .now) where !state.unbound.contains(timer.name) && session.outcome == nil {
      send(configuration.layout.oriented(.app(.actionsTriggered(timer.actions))), session)
      session.dirty = true
    }
  }

  /// fzf's variables for a command started now (`CommandVariables`).
  private func commandVariables() -> [String: String] {
    let idle = ContinuousClock.now - lastKeyAt
    let context = CommandVariables.Context(
      prompt: state.prompt ?? configuration.prompt, pointer: state.pointer ?? configuration.pointer,
      ghost: state.ghost ?? configuration.ghost, layout: configuration.layout, borderLabel: surround.label,
      screen: surround.inner(screen), lastKey: lastKey, lastAction: lastAction,
      idleMilliseconds: idle.wholeMilliseconds,
      preview: previewFrame)
    return CommandVariables.of(state, context)
  }

  /// Where the preview's text is drawn now (beside, across, or next to the input), nil when shut.
  private var previewFrame: Layout.Frame? {
    Layout.detailsFrame(state) ?? PreviewBand.frame(state, screen: surround.inner(screen))
      ?? SectionRenderer.previewFrame(
        state, style: configuration.sections, layout: configuration.layout, headerFirst: configuration.headerFirst)
  }

  /// fzf's name of a key (`FZF_KEY`): as `--bind` names it, a character typed as itself.
  private func name(of key: Key) -> String {
    if let bound = configuration.keyBindings.last(where: { $0.keys.contains(key) }) { return bound.name }
    if let expected = configuration.expect.first(where: { $0.keys.contains(key) }) { return expected.name }
    return KeyName.name(of: key) ?? ""
  }

  /// A key's event as bound, before the layout turns its moves.
  private func event(for key: Key) -> SearchEvent? {
    boundEvent(for: key) ?? KeyMap.event(for: key, history: configuration.history != nil)
  }

  /// What the user bound the key to: `--expect`, then `--bind` (a later binding of a key wins;
  /// an unbound one falls back to Seek's key).
  private func boundEvent(for key: Key) -> SearchEvent? {
    if let expected = configuration.expect.first(where: { $0.keys.contains(key) }) {
      return .key(.acceptKeyPressed(expected.name))
    }
    if let bound = configuration.keyBindings.last(where: { $0.keys.contains(key) }), !state.unbound.contains(bound.name)
    {
      // fzf's `put` alone types the key: resolved here, where the key is known (no copy otherwise).
      var actions = bound.actions
      if actions.contains(.putKey) {
        let typed = Self.typedText(of: key)
        actions = actions.map { $0 == .putKey ? .put(typed) : $0 }
      }
      return .app(.actionsTriggered(actions))
    }
    return nil
  }

  /// What a key types, for fzf's `put` bound to it: its character, or nothing for a key that
  /// types none.
  static func typedText(of key: Key) -> String {
    guard case .character(let scalar) = key, !SafeText.isUnsafe(scalar.value) else { return "" }
    return String(scalar)
  }

  /// Every key's actions by name, for `trigger`: the user's last binding of a name, else Seek's,
  /// turned as the layout turns bound moves.
  static func keyActions(_ configuration: Configuration) -> [String: [BindAction]] {
    var named = DefaultKeymap.actionsByName(history: configuration.history != nil)
    for binding in configuration.keyBindings { named[binding.name.lowercased()] = binding.actions }
    for timer in configuration.timers { named[timer.name] = timer.actions }
    return named.mapValues { $0.map(configuration.layout.oriented) }
  }

  /// The terminal's size (the state has it less the margin, the border and the padding).
  private var screen = ScreenSize(columns: 0, rows: 0)
  /// What the state machine is told of the screen: the finder's, inside the surround and beside
  /// fzf's preview band (whose rows are the details pane's).
  private func viewport() -> Viewport { viewport(on: screen) }

  /// What the state machine would be told on a terminal of `screen` rows and columns.
  private func viewport(on screen: ScreenSize, banded: Bool = true) -> Viewport {
    let inner = surround.inner(screen)
    let band = banded ? PreviewBand.frame(state, screen: inner) : nil
    let finder = PreviewBand.finder(beside: band, screen: inner).screen
    var viewport =
      sectioned
      ? SectionRenderer.viewport(
        state, screen: finder, style: configuration.sections, layout: configuration.layout,
        headerFirst: configuration.headerFirst, gap: configuration.gap)
      : Layout.viewport(for: state, screen: finder, gap: configuration.gap)
    if let band { viewport.detailsRows = band.height }
    viewport.detailsEndLine = previewFrame.flatMap {
      Renderer.previewEndLine(state, in: $0, scrollbar: configuration.scrollbar)
    }
    return viewport
  }

  /// The rows an inline finder takes once it can tell: `--height ~N` as many as the lines there
  /// are need (at most N), once the input is all read and answered or its lines fill N rows
  /// (fzf's adaptive height); a percentage with `--min-height M+` at least M rows of the list
  /// and the other sections' rows. Nil while it cannot tell yet.
  private func rowsToSettle(asked: Int) -> Int? {
    guard configuration.height?.hasPrefix("~") == true else {
      // What the sections, borders and margins take besides the list, on a tall screen.
      let tall = ScreenSize(columns: screen.columns, rows: 1000)
      return max(asked, tall.rows - viewport(on: tall).listRows + (configuration.minHeight?.rows ?? 0))
    }
    // Asked only once the input can tell (every paint asks until then).
    let results = state.list.results
    let lines = max(results.nbHits, state.streamedRecords ?? 0)
    let answered = state.streamedRecords == nil && !results.isPending && results.query == state.searchedQuery
    guard answered || lines >= asked else { return nil }
    // A row an item, as fzf counts them (with `--gap` it shows fewer than all).
    return min(asked, adaptiveRows(list: lines))
  }

  /// fzf's adaptive height around `list` rows: the finder's other rows, then a preview's, then
  /// the margins', borders' and paddings'. A preview above or below takes its N rows and border,
  /// or its P% of a height where the finder keeps the rest (and one row at least); one beside
  /// only needs a row of text and its border.
  private func adaptiveRows(list: Int) -> Int {
    let tall = ScreenSize(columns: screen.columns, rows: 1000)
    let inner = surround.inner(tall)
    var content = list + inner.rows - viewport(on: tall, banded: false).listRows
    let placement = state.details.placement
    if state.look.isFzf && state.details.open && !placement.zeroSize {
      let sides = Border.preview(placement).sides
      let border = sides.top + sides.bottom
      if PreviewBand.applies(state) {
        content =
          placement.cells.map { content + $0 + border }
          ?? max(content + 1 + border, content * 100 / max(1, 100 - (placement.percent ?? 50)))
      } else {
        content = max(content, 1 + border)
      }
    }
    return content + tall.rows - inner.rows
  }

  /// `--margin`, `--border` and `--padding`, with the border's label as it is now
  /// (`change-border-label`).
  private var surround: Surround {
    var surround = configuration.surround
    if let label = state.borderLabel { surround.label = label }
    surround.sticksRight = sticksRight
    return surround
  }

  /// fzf's `listStickToRight`: in fzf's look, when no section and no preview has a right border
  /// of its own (a preview beside or across the finder decides alone), the finder reaches the
  /// `--border`'s right side.
  private var sticksRight: Bool {
    guard state.look.isFzf, configuration.surround.border.sides.right > 0 else { return false }
    let sections = configuration.sections
    let headerShown = !state.headerHidden && !state.header.isEmpty
    let inside = !sections.list.hasRight && !sections.input.hasRight && !(headerShown && sections.header.hasRight)
    let placement = state.details.placement
    guard state.details.open && !placement.zeroSize else { return inside }
    let previewLeavesRight = Border.preview(placement).sides.right == 0
    switch placement.position {
    case .right, .auto: return previewLeavesRight  // fzf's relaxed rule beside the finder
    case .top, .bottom: return inside && previewLeavesRight
    case .left, .next: return inside
    }
  }

}
