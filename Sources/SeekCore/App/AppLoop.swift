import SeekApp

/// Where the state machine's effects run: the app's runtime, a lane a thread (`EffectRuntime`),
/// or, for tests and measurements, each effect at once on the caller's thread
/// (`InlineEffects`). Either way an effect's answer comes back as an event, in the order the
/// effects were answered.
public protocol EffectRunner: AnyObject {
  /// Starts `effect` (a search, a store write, a preview …); never an `.app` effect.
  func run(_ effect: SearchEffect)
  /// The answers that came since the last call, in order.
  func takeEvents() -> [SearchEvent]
}

extension EffectRuntime: EffectRunner {}

/// The one reduce/perform loop: an event is reduced, the effects for the lanes are started on the
/// runner, and the app's own (leaving, a bound command, the bell …) are handed back to whoever
/// drives the loop — the terminal app, which paints after, or a test. Nothing else changes
/// `state`.
public final class AppLoop {
  public internal(set) var state: SearchState
  public let runner: EffectRunner
  /// Called with an effect just before the runner starts it (the terminal sets the `FZF_*`
  /// variables of a preview from the screen as it stands).
  public var willRun: ((SearchEffect) -> Void)? = nil
  /// Every effect reduced, in order (what a test looks at).
  public var didReduce: (([SearchEffect]) -> Void)? = nil

  public init(state: SearchState, runner: EffectRunner) {
    self.state = state
    self.runner = runner
  }

  /// Reduces `event`, then goes through its effects in order: the lanes' are started on the
  /// runner, the app's own handed to `app` (which may send more events: the state is already the
  /// new one). Once `done` holds (the app is leaving), what follows is not started.
  public func send(
    _ event: SearchEvent, app: (SearchEffect) -> Void, until done: () -> Bool = { false }
  ) {
    let effects = SearchReducer.reduce(&state, event)
    didReduce?(effects)
    // fzf starts a reload once the actions bound with it are done: a search they ask for
    // (`disable-search+reload(…)+backward-delete-char`) answers the list before it.
    // (No array is made for the events of the keystroke path, which start none.)
    let ordered =
      effects.contains(where: \.startsReload)
      ? effects.filter { !$0.startsReload } + effects.filter(\.startsReload) : effects
    for effect in ordered where !done() {
      if effect.lane == .app {
        app(effect)
      } else {
        willRun?(effect)
        runner.run(effect)
      }
    }
  }
}
