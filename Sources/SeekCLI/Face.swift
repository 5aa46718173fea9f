import Foundation

/// Which program Seek is run as. Run as `fzf` (a link named `fzf`), it reads fzf's environment:
/// `FZF_DEFAULT_OPTS_FILE` then `FZF_DEFAULT_OPTS` before the command line, and
/// `FZF_DEFAULT_COMMAND` for what bare `fzf` lists, as fzf 0.74 does. Under its own name it reads
/// `SEEK_DEFAULT_OPTS` and `SEEK_DEFAULT_COMMAND` only: a user's fzf setup is not Seek's.
public enum Face: Equatable {
  case seek
  case fzf

  /// From the name the program was started under (`argv[0]`).
  public init(programName: String) {
    self = (programName as NSString).lastPathComponent == "fzf" ? .fzf : .seek
  }

  /// The options read before the command line's.
  public func defaultOptions(_ environment: [String: String]) throws -> [String] {
    switch self {
    case .seek:
      return environment["SEEK_DEFAULT_OPTS"].map(Options.shellWords) ?? []
    case .fzf:
      // fzf's default keys where Seek's differ, in `--bind`'s terms: Ctrl-J and Ctrl-K move
      // (Seek's own: Ctrl-J is Enter, Ctrl-K deletes to the end, as readline).
      var words = ["--bind", "ctrl-j:down,ctrl-k:up,ctrl-g:abort,ctrl-q:abort,esc:abort"]
      if let path = environment["FZF_DEFAULT_OPTS_FILE"], !path.isEmpty {
        guard let data = FileManager.default.contents(atPath: path) else {
          throw Refusal(description: "FZF_DEFAULT_OPTS_FILE: cannot read \(path)")
        }
        words += Options.shellWords(String(decoding: data, as: UTF8.self))
      }
      return words + (environment["FZF_DEFAULT_OPTS"].map(Options.shellWords) ?? [])
    }
  }

  /// The command bare `seek` (or `fzf`) lists the lines of, instead of walking the files.
  public func defaultCommand(_ environment: [String: String]) -> String? {
    let command = environment[self == .fzf ? "FZF_DEFAULT_COMMAND" : "SEEK_DEFAULT_COMMAND"]
    return command?.isEmpty == false ? command : nil
  }

  public struct Refusal: Error, CustomStringConvertible {
    public var description: String
  }
}
