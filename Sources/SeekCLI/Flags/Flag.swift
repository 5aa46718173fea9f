/// One flag of the command line, as one row of the flag table: how it is spelled, what value it
/// takes, what help says of it, how a shell completes its value, and what it does to `Options`.
///
/// The table (`Flag.groups`) is the only list of flags: `Options.parse` looks flags up in it,
/// `Help.text` lists its rows group by group, and `Completion` makes the bash, zsh and fish
/// completions from it. Adding a flag is adding a row.
public struct Flag: Sendable {
  /// What follows the flag.
  public enum Value: Sendable, Equatable {
    /// Nothing: the flag alone (`--json`).
    case none
    /// A value, attached (`--query=x`, `-qx`) or the next argument (`--query x`); the label names it
    /// in help (`QUERY`).
    case required(String)
    /// A value only when attached (`--border=sharp`), or — `-m 3` — a number in the next argument.
    case optional(String)
  }

  /// How a shell completes the flag's value.
  public enum Completes: Sendable, Equatable {
    case anything
    case files
    case folders
    case oneOf([String])
  }

  /// Every spelling: short ones first (`-f`), then long ones (`--filter`), then fzf's `+` ones.
  public let names: [String]
  public let value: Value
  /// One paragraph; `Help` wraps it.
  public let help: String
  public let completes: Completes
  let apply: @Sendable (inout Options, inout Options.FlagReader) throws(Options.ParseError) -> Void

  init(
    _ names: [String], _ value: Value, _ help: String, completes: Completes = .anything,
    apply: @escaping @Sendable (inout Options, inout Options.FlagReader) throws(Options.ParseError) -> Void
  ) {
    self.names = names
    self.value = value
    self.help = help
    self.completes = completes
    self.apply = apply
  }

  /// A flag that takes no value.
  init(
    _ names: [String], _ help: String,
    apply: @escaping @Sendable (inout Options, inout Options.FlagReader) throws(Options.ParseError) -> Void
  ) {
    self.init(names, .none, help, apply: apply)
  }

  /// Whether the next argument is the flag's value (`--query x`), not only an attached one.
  public var takesValue: Bool { if case .required = value { true } else { false } }

  /// The long spelling help and completions lead with (`--filter`).
  public var longName: String { names.first { $0.hasPrefix("--") } ?? names[0] }

  /// Help's left column: `-f, --filter QUERY`, `--border[=STYLE]`, `-m, --multi[=N]`.
  public var synopsis: String {
    let spelled = names.joined(separator: ", ")
    switch value {
    case .none: return spelled
    case .required(let label): return "\(spelled) \(label)"
    case .optional(let label): return "\(spelled)[=\(label)]"
    }
  }
}

/// Flags that belong together in help, under a heading, with what help says before and after them.
public struct FlagGroup: Sendable {
  public let title: String
  public let intro: String
  public let flags: [Flag]
  public let outro: String

  init(_ title: String, intro: String = "", _ flags: [Flag], outro: String = "") {
    self.title = title
    self.intro = intro
    self.flags = flags
    self.outro = outro
  }
}

extension Flag {
  /// The flag table, in help's order.
  public static let groups: [FlagGroup] = [
    source, linesAndRecords, bindings, search, refine, settings, store, look, interactive,
  ]

  /// Every flag, in help's order.
  public static let all: [Flag] = groups.flatMap(\.flags)

  /// Each spelling's row.
  static let byName: [String: Flag] = {
    var rows: [String: Flag] = [:]
    for flag in all {
      for name in flag.names {
        precondition(rows[name] == nil, "two rows of the flag table spell \(name)")
        rows[name] = flag
      }
    }
    return rows
  }()

  /// fzf's `+` spellings (`+i`, `+s`, `+e`, `+x`, `+m`): flags, not a catalog named `+i`.
  static let plusNames: Set<String> = Set(all.flatMap(\.names).filter { $0.hasPrefix("+") })

  /// Short spellings that take a value, which may be attached (`-fQUERY`, `-q55`); `-m`'s number
  /// is optional, so it stands apart (`-m 3`).
  static let shortNamesWithValues: Set<String> = Set(
    all.filter(\.takesValue).flatMap(\.names)
      .filter { $0.count == 2 && $0.hasPrefix("-") })
}
