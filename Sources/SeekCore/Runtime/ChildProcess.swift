import CSystem
import Foundation

/// Every process Seek starts is started here. A `ChildProcess` is `$SHELL -c COMMAND`
/// (`CommandShell`) in a process group of its own, with its output on pipes, so that it and
/// everything it starts can be ended together (`kill(-group)`); Foundation's `Process` ends only
/// the shell. Standard input is /dev/null: the terminal belongs to Seek. Beside it: a command run
/// on the terminal (`runOnTerminal`, fzf's `execute`), a program left to run (`detach`), and the
/// shell taking Seek's place (`become`).
public final class ChildProcess: @unchecked Sendable {
  public let pid: pid_t
  /// Read ends of the command's standard output and error (nil when not captured).
  public let output: Int32
  public let errors: Int32?
  private var reaped = false

  public struct SpawnError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts `$SHELL -c command`; `captureErrors: false` sends its standard error to /dev/null;
  /// `variables` are set over Seek's environment (fzf's `FZF_*`).
  public init(
    command: String, captureErrors: Bool, variables: [String: String] = [:], shell: CommandShell = .current
  ) throws(SpawnError) {
    var out: [Int32] = [-1, -1]
    var err: [Int32] = [-1, -1]
    // Close-on-exec: a pipe of one child must not reach the next one (only the ends dup'ed onto
    // its standard streams do, which the dup makes inheritable).
    guard seek_pipe_cloexec(&out) == 0 else {
      throw SpawnError(description: "no pipe: \(String(cString: strerror(errno)))")
    }
    if captureErrors && seek_pipe_cloexec(&err) != 0 {
      close(out[0])
      close(out[1])
      throw SpawnError(description: "no pipe: \(String(cString: strerror(errno)))")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, out[1], 1)
    if captureErrors {
      posix_spawn_file_actions_adddup2(&actions, err[1], 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    for fd in out + (captureErrors ? err : []) { posix_spawn_file_actions_addclose(&actions, fd) }
    var child: pid_t = 0
    // A group of its own (id = the child's pid).
    let status = Self.withAttributes(ownGroup: true) { attributes in
      shell.spawn(command, variables: variables, pid: &child, actions: &actions, attributes: &attributes)
    }
    close(out[1])
    if captureErrors { close(err[1]) }
    guard status == 0 else {
      close(out[0])
      if captureErrors { close(err[0]) }
      throw SpawnError(description: "could not start \(shell.executable): \(String(cString: strerror(status)))")
    }
    pid = child
    output = out[0]
    errors = captureErrors ? err[0] : nil
  }

  /// Spawn attributes every child of Seek starts with: default handling of the signals Seek
  /// catches (a child dies of Ctrl-C or SIGTERM as any program does), and, with `ownGroup`, a
  /// process group of its own.
  private static func withAttributes(ownGroup: Bool, _ body: (inout posix_spawnattr_t) -> Int32) -> Int32 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    if ownGroup { posix_spawnattr_setpgroup(&attributes, 0) }
    posix_spawnattr_setflags(&attributes, Int16((ownGroup ? POSIX_SPAWN_SETPGROUP : 0) | POSIX_SPAWN_SETSIGDEF))
    return body(&attributes)
  }

  /// Starts `executable` with `arguments` (the first is its name) and `environment`, its standard
  /// streams on /dev/null, and lets it go: nothing waits for it (a background cache builder).
  /// False when it could not be started.
  @discardableResult
  public static func detach(executable: String, arguments: [String], environment: [String: String]) -> Bool {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    seek_spawn_close_from(&actions, 3)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for p in argv + envp { free(p) } }
    var child: pid_t = 0
    return withAttributes(ownGroup: false) { attributes in
      posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    } == 0
  }

  /// Runs `$SHELL -c command` with the terminal as its standard input, output and error (Seek's
  /// own output may be a pipe), and waits for it, as `system(3)` runs one: Seek ignores Ctrl-C and
  /// Ctrl-\ meanwhile, so that they reach the command (an editor, `less`) and not the finder, and
  /// the command gets their default handling back. Its exit status (128+N when ended by signal N,
  /// 127 when it could not be started).
  public static func runOnTerminal(_ command: String, variables: [String: String] = [:]) -> Int32 {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    var savedInt = sigaction()
    var savedQuit = sigaction()
    sigaction(SIGINT, &ignore, &savedInt)
    sigaction(SIGQUIT, &ignore, &savedQuit)
    defer {
      sigaction(SIGINT, &savedInt, nil)
      sigaction(SIGQUIT, &savedQuit, nil)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/tty", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/tty", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var pid: pid_t = 0
    // In Seek's own group: the terminal's foreground group, whose keys it reads.
    let spawned = withAttributes(ownGroup: false) { attributes in
      CommandShell.current.spawn(command, variables: variables, pid: &pid, actions: &actions, attributes: &attributes)
    }
    guard spawned == 0 else { return 127 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return exitCode(status)
  }

  /// Replaces this process with `$SHELL -c command` (fzf's `become`), keeping only its standard
  /// streams; returns only when that failed, saying why.
  public static func become(_ command: String, variables: [String: String]) -> String {
    let shell = CommandShell.current
    let argv: [UnsafeMutablePointer<CChar>?] = shell.arguments(for: command).map { strdup($0) } + [nil]
    let envp = CommandShell.environment(over: variables)
    // The terminal is the command's input when Seek's was a pipe (fzf's `become(vim {})`; its
    // test_become_tty: `tty` prints /dev/tty).
    if isatty(0) == 0 {
      let terminal = open("/dev/tty", O_RDONLY)
      if terminal >= 0 {
        dup2(terminal, 0)
        close(terminal)
      }
    }
    seek_close_on_exec_from(3)
    execve(shell.executable, argv, envp)
    return "cannot run \(shell.executable): \(String(cString: strerror(errno)))"
  }

  deinit {
    terminate()
    close(output)
    if let errors { close(errors) }
  }

  /// Ends the whole group: SIGTERM, then SIGKILL if it has not gone within `grace` seconds.
  /// Reaps the shell. Safe to call more than once.
  public func terminate(grace: Double = 0.2) {
    guard !reaped else { return }
    kill(-pid, SIGTERM)
    let deadline = Date().addingTimeInterval(grace)
    while Date() < deadline {
      if waitNoHang() != nil { break }
      usleep(5_000)
    }
    kill(-pid, SIGKILL)  // what is left of the group (a child that ignored SIGTERM)
    if !reaped { _ = waitBlocking() }
  }

  /// The shell's exit status if it has ended (128+N when ended by signal N), without waiting.
  public func waitNoHang() -> Int32? {
    guard !reaped else { return nil }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    reaped = true
    return Self.exitCode(status)
  }

  /// Waits for the shell to end; its exit status.
  public func waitBlocking() -> Int32 {
    guard !reaped else { return 0 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    reaped = true
    return Self.exitCode(status)
  }

  static func exitCode(_ status: Int32) -> Int32 {
    // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (macros are not imported).
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
