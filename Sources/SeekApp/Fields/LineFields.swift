/// fzf's `--nth`, `--with-nth` and `--header-lines` as they stand while the app runs: changed by
/// `change-nth`, `change-with-nth`, `change-header-lines` (and their `transform-` and
/// `bg-transform-` kin). Each change is a new shape of the same lines: the core reads the lines
/// again in it (`SearchEffect.reshapeLines`), and the items keep their ids (a line is known by
/// the line as read), so the cursor and the marks stay on them.
///
/// fzf's rules, kept because scripts rely on them:
/// - `a|b|c` turns at each use: the first use gives `a`, the next `b`, then `c`, then `a` again.
/// - `change-nth`: an empty choice among others, or one that is not valid, is the `--nth` given
///   at start; an argument that is empty as a whole searches the whole line.
/// - `change-with-nth`: an empty choice is the `--with-nth` given at start; one that is not
///   valid changes nothing.
/// - `change-header-lines(N)`: N ≥ 0; the marked lines that become the header are unmarked.
/// - A change to the fields shown unmarks the lines the query no longer finds.
public struct LineFieldsState: Sendable, Equatable {
  /// The expressions as fzf's `FZF_NTH` and `FZF_WITH_NTH` give them ("" for none).
  public internal(set) var nth = ""
  public internal(set) var withNth = ""
  public internal(set) var headerLines = 0
  /// The lines can be shaped again (lines, with one of these actions bound): otherwise the
  /// actions do nothing.
  public internal(set) var reshapable = false
  /// What was given at start, that an empty choice goes back to.
  let givenNth: String
  let givenWithNth: String
  /// How far each bound alternation (`2|3|`) has turned, by its text.
  var turns: [String: Int] = [:]
  /// A change waiting for the input to be read whole (it reads every line again).
  public internal(set) var waiting: LineFieldsChange? = nil

  public init(nth: String = "", withNth: String = "", headerLines: Int = 0, reshapable: Bool = false) {
    (self.nth, self.withNth, self.headerLines, self.reshapable) = (nth, withNth, headerLines, reshapable)
    (givenNth, givenWithNth) = (nth, withNth)
  }

  /// The shape asked for now.
  var change: LineFieldsChange { LineFieldsChange(nth: nth, withNth: withNth, headerLines: headerLines) }
}

/// A new shape for the lines, as the core applies it.
public struct LineFieldsChange: Sendable, Equatable {
  public var nth: String
  public var withNth: String
  public var headerLines: Int

  public init(nth: String, withNth: String, headerLines: Int) {
    (self.nth, self.withNth, self.headerLines) = (nth, withNth, headerLines)
  }
}

/// What the changes do to the fields' state; the parent asks the core for the new shape.
enum LineFieldsReducer {
  /// Which of the actions changes what.
  enum Part { case nth, withNth, headerLines }

  /// The action with its argument; the shape that is now asked for, or nil when nothing changed.
  static func change(_ fields: inout LineFieldsState, _ part: Part, _ argument: String) -> LineFieldsChange? {
    guard fields.reshapable else { return nil }
    let before = fields.change
    switch part {
    case .nth:
      let choice = turn(&fields, argument)
      if argument.isEmpty {
        fields.nth = ""
      } else {
        fields.nth = !choice.isEmpty && FieldRange.parseList(choice) != nil ? choice : fields.givenNth
      }
    case .withNth:
      let choice = turn(&fields, argument)
      let wanted = choice.isEmpty ? fields.givenWithNth : choice
      // A template is checked by the core; field lists are checked here.
      if wanted.isEmpty || FieldRange.parseList(wanted) != nil || wanted.contains("{") { fields.withNth = wanted }
    case .headerLines:
      guard let count = Int(argument.trimming(" \n")), count >= 0 else { return nil }
      fields.headerLines = count
    }
    return fields.change == before ? nil : fields.change
  }

  /// The alternation's choice for this use, the next use taking the next one.
  private static func turn(_ fields: inout LineFieldsState, _ argument: String) -> String {
    let choices = argument.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let turn = fields.turns[argument, default: 0]
    fields.turns[argument] = turn + 1
    return choices[turn % choices.count]
  }

  /// A change asked for before the input was read whole: it waits (the last one wins).
  static func wait(_ fields: inout LineFieldsState, _ change: LineFieldsChange) {
    fields.waiting = change
  }

  /// The change that waited, once the input is whole.
  static func takeWaiting(_ fields: inout LineFieldsState) -> LineFieldsChange? {
    defer { fields.waiting = nil }
    return fields.waiting
  }
}
