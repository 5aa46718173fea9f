import SeekApp

/// fzf's `every(N)` event: actions done every N seconds, each timer on its own (fzf's live
/// process list: `--bind 'start,every(2):reload-sync:ps -ef'`). Time is the run loop's: it waits
/// no longer than the next timer, and fires the timers that are due when it wakes. A timer
/// missed while a command ran fires once, not once per interval missed.
struct EveryTimers {
  struct Timer {
    /// As `--bind` wrote it (`every(0.5)`): `unbind` names it so.
    var name: String
    var interval: Duration
    var actions: [BindAction]
    var next: ContinuousClock.Instant
  }

  private(set) var timers: [Timer]

  init(_ bindings: [TimerBinding], now: ContinuousClock.Instant) {
    timers = bindings.map {
      Timer(
        name: $0.name, interval: .milliseconds($0.milliseconds), actions: $0.actions,
        next: now + .milliseconds($0.milliseconds))
    }
  }

  /// Milliseconds until the next timer is due (nil: no timer).
  func millisecondsToNext(now: ContinuousClock.Instant) -> Int? {
    guard let next = timers.map(\.next).min() else { return nil }
    return max(0, (next - now).wholeMilliseconds)
  }

  /// The timers due at `now`, in the order they were bound, each set for its next time.
  mutating func due(now: ContinuousClock.Instant) -> [Timer] {
    var fired: [Timer] = []
    for i in timers.indices where timers[i].next <= now {
      fired.append(timers[i])
      timers[i].next = now + timers[i].interval
    }
    return fired
  }
}

/// `--bind 'every(N):…'` as read: N in whole milliseconds, at least fzf's 10.
public struct TimerBinding: Sendable, Equatable {
  public var name: String
  public var milliseconds: Int
  public var actions: [BindAction]

  public init(name: String, milliseconds: Int, actions: [BindAction]) {
    self.name = name
    self.milliseconds = milliseconds
    self.actions = actions
  }

  /// Whether `trigger` names fzf's `every` event (valid or not).
  public static func isTimer(_ trigger: String) -> Bool { trigger.hasPrefix("every(") }

  /// `every(N)`'s N in milliseconds: N seconds, a positive number, floored to fzf's 0.01; nil
  /// for anything else (`every(0)`, `every(abc)`, `every()`).
  public static func milliseconds(of trigger: String) -> Int? {
    guard isTimer(trigger), trigger.hasSuffix(")") else { return nil }
    guard let seconds = Double(trigger.dropFirst(6).dropLast()), seconds.isFinite, seconds > 0, seconds < 1e9 else {
      return nil
    }
    return max(10, Int(seconds * 100) * 10)
  }
}

extension Duration {
  /// The duration in whole milliseconds (rounded down).
  var wholeMilliseconds: Int {
    Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
  }
}
