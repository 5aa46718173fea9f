import CSystem
import Foundation

/// The shell every command Seek runs is given to (preview, execute, become, reload, transform,
/// `SEEK_DEFAULT_COMMAND`), and how a value is quoted for it.
///
/// As fzf: `$SHELL -c` when `$SHELL` names an executable, else `/bin/sh -c`; `--with-shell`
/// replaces both (`--with-shell 'bash -c'`: its words, then the command).
///
/// Quoting is the shell's own, because one quoting is not safe in every shell: POSIX shells take
/// nothing inside `'…'` as special, so `'` is closed, escaped and reopened (`'\''`); fish reads
/// `\'` and `\\` inside single quotes as escapes, so under fish the POSIX form lets a value that
/// ends in a backslash close the quote and run the rest (`\'; touch PWNED; #`). Under fish both
/// are escaped instead; csh and tcsh take `!` for history inside quotes, so it is escaped there.
/// A NUL byte cannot be passed in an argument at all (it ends the C string, and with it every
/// value after it): it is left out of the value.
public struct CommandShell: Sendable, Equatable {
  public enum Dialect: Sendable, Equatable {
    /// sh, dash, bash, zsh, ksh: nothing is special inside single quotes.
    case posix
    /// fish: `\'` and `\\` are escapes inside single quotes.
    case fish
    /// csh, tcsh: `!` is history even inside single quotes (`\!` is not), and a newline ends
    /// the quote unless a backslash precedes it.
    case csh
  }

  /// The shell's path (an absolute path, or a name looked up in `PATH`), then its flags.
  public let words: [String]
  public let dialect: Dialect

  public init(words: [String]) {
    self.words = words
    let name = words.first.map { ($0 as NSString).lastPathComponent } ?? "sh"
    dialect =
      name.hasPrefix("fish") ? .fish : name == "csh" || name == "tcsh" ? .csh : .posix
  }

  /// `$SHELL -c` when it names an executable, as fzf does, else `/bin/sh -c`.
  public static func fromEnvironment(_ environment: [String: String]) -> CommandShell {
    if let shell = environment["SHELL"], shell.hasPrefix("/"), access(shell, X_OK) == 0 {
      return CommandShell(words: [shell, "-c"])
    }
    return CommandShell(words: ["/bin/sh", "-c"])
  }

  /// The shell commands run with in this process: from the environment, or `--with-shell`
  /// (`use(_:)`, called once at start, before any command runs or any thread reads it).
  public static var current: CommandShell { lock.withLock { chosen } }

  public static func use(_ shell: CommandShell) { lock.withLock { chosen = shell } }

  // Guarded by `lock`: written once at start, read by every thread that spawns.
  nonisolated(unsafe) private static var chosen = fromEnvironment(ProcessInfo.processInfo.environment)
  private static let lock = NSLock()

  /// The executable to start: the first word (found in `PATH` when it is a bare name).
  public var executable: String {
    let first = words.first ?? "/bin/sh"
    if first.contains("/") { return first }
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(folder)/\(first)"
      if access(path, X_OK) == 0 { return path }
    }
    return first
  }

  /// The argument vector for `command`: the shell's words, then the command.
  public func arguments(for command: String) -> [String] {
    (words.isEmpty ? ["/bin/sh", "-c"] : words) + [command]
  }

  /// `text` as one word of this shell, whatever it holds.
  public func quoted(_ text: String) -> String {
    let value = text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "") : text
    switch dialect {
    case .posix:
      return "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    case .fish:
      return "'"
        + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    case .csh:
      return "'"
        + value.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "!", with: "\\!")
        .replacingOccurrences(of: "\n", with: "\\\n") + "'"
    }
  }

  /// Starts the shell with `command`, as `posix_spawn` does with these file actions and
  /// attributes; the spawn's status (0 when started). The child gets its standard streams and no
  /// other descriptor of Seek's. Only `ChildProcess` starts processes.
  func spawn(
    _ command: String, variables: [String: String] = [:], pid: inout pid_t,
    actions: inout posix_spawn_file_actions_t, attributes: inout posix_spawnattr_t
  ) -> Int32 {
    seek_spawn_close_from(&actions, 3)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments(for: command).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    guard !variables.isEmpty else { return posix_spawn(&pid, executable, &actions, &attributes, argv, Glibc.environ) }
    let envp = Self.environment(over: variables)
    defer { for p in envp { free(p) } }
    return posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
  }

  /// Seek's own environment with `variables` set over it (fzf's `FZF_*`), as exec(2) takes it:
  /// each entry a copy the caller frees, then nil. A value holding a NUL byte is left out, as
  /// fzf leaves out such an `FZF_CURRENT_ITEM`: exec(2) cannot pass it.
  public static func environment(over variables: [String: String]) -> [UnsafeMutablePointer<CChar>?] {
    let kept = variables.filter { !$0.value.contains("\0") && !$0.key.contains("=") }
    var entries: [UnsafeMutablePointer<CChar>?] = []
    // Read only: Seek never changes its own environment once threads run.
    var cursor: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = Glibc.environ
    while let current = cursor, let entry = current.pointee {
      let text = String(cString: entry)
      let name = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
      if let name, !variables.keys.contains(name) { entries.append(strdup(entry)) }
      cursor = current.advanced(by: 1)
    }
    for (name, value) in kept.sorted(by: { $0.key < $1.key }) { entries.append(strdup("\(name)=\(value)")) }
    return entries + [nil]
  }
}
