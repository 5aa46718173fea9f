import Foundation

/// `seek --completion bash|zsh|fish`: the completion of Seek's own flags for a shell, made from
/// the flag table, so that a flag added to the table is completed without another list to keep.
/// (`seek --bash` and the like are something else: key bindings and `**<TAB>` for every command.)
public enum Completion {
  public static func script(_ shell: ShellIntegration.Shell, command: String = "seek") -> String {
    switch shell {
    case .bash: return bash(command)
    case .zsh: return zsh(command)
    case .fish: return fish(command)
    }
  }

  /// The flags whose value is the next argument.
  static var takingValues: [Flag] { Flag.all.filter(\.takesValue) }

  static func bash(_ command: String) -> String {
    func names(_ flags: [Flag]) -> String { flags.flatMap(\.names).joined(separator: "|") }
    let valued = takingValues
    var cases: [String] = []
    for flag in valued {
      switch flag.completes {
      case .oneOf(let words):
        cases.append(
          "    \(names([flag]))) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;")
      case .files, .folders, .anything: break
      }
    }
    for (kind, reply) in [
      (Flag.Completes.files, #"COMPREPLY=($(compgen -f -- "$cur")); return"#),
      (.folders, #"COMPREPLY=($(compgen -d -- "$cur")); return"#), (.anything, "return"),
    ] {
      let flags = valued.filter { $0.completes == kind }
      if !flags.isEmpty { cases.append("    \(names(flags))) \(reply) ;;") }
    }
    let every = Flag.all.flatMap(\.names).filter { $0.hasPrefix("-") }.joined(separator: " ")
    return """
      # bash completion for \(command)'s flags (made by `\(command) --completion bash`)
      _\(command)() {
        local cur prev
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        case "$prev" in
      \(cases.joined(separator: "\n"))
        esac
        if [[ "$cur" == -* ]]; then
          COMPREPLY=($(compgen -W "\(every)" -- "$cur"))
        else
          COMPREPLY=($(compgen -f -- "$cur"))
        fi
      }
      complete -o filenames -F _\(command) \(command)

      """
  }

  static func zsh(_ command: String) -> String {
    var specs: [String] = []
    for flag in Flag.all {
      let described = "[\(zshEscaped(summary(flag)))]"
      let names = flag.names
      let exclusive = names.count > 1 ? "'(\(names.joined(separator: " ")))'" : ""
      let spelled = names.count > 1 ? "{\(names.joined(separator: ","))}" : names[0]
      var value = ""
      if case .required(let label) = flag.value {
        let action: String
        switch flag.completes {
        case .anything: action = " "
        case .files: action = "_files"
        case .folders: action = "_files -/"
        case .oneOf(let words): action = "(\(words.joined(separator: " ")))"
        }
        value = ":\(zshEscaped(label.lowercased())):\(action)"
      }
      specs.append("  \(exclusive)\(spelled)'\(described)\(value)'")
    }
    specs.append("  '*:catalog:_files'")
    return "#compdef \(command)\n# zsh completion for \(command)'s flags (made by `\(command) --completion zsh`)\n"
      + "_arguments -s \\\n" + specs.joined(separator: " \\\n") + "\n"
  }

  static func fish(_ command: String) -> String {
    var lines = ["# fish completion for \(command)'s flags (made by `\(command) --completion fish`)"]
    for flag in Flag.all {
      var words = ["complete -c \(command)"]
      for name in flag.names where name.hasPrefix("-") {
        words.append(name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())")
      }
      guard words.count > 1 else { continue }  // `+i` alone: fish has no such spelling
      if flag.takesValue {
        switch flag.completes {
        case .anything: words.append("-x")
        case .files: words.append("-r -F")
        case .folders: words.append("-x -a '(__fish_complete_directories)'")
        case .oneOf(let choices): words.append("-x -a '\(choices.joined(separator: " "))'")
        }
      }
      let description = summary(flag).replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "'", with: "\\'")
      words.append("-d '\(description)'")
      lines.append(words.joined(separator: " "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The help's first clause, for a shell's one-line description.
  static func summary(_ flag: Flag) -> String {
    var text = Substring(flag.help)
    for stop in [" (", "; "] {
      if let range = text.firstRange(of: stop) { text = text[..<range.lowerBound] }
    }
    return text.count > 70 ? String(text.prefix(69)) + "…" : String(text)
  }

  /// Inside `'…'` for `_arguments`: a quote ends the word, and `[`, `]`, `:` are its own.
  static func zshEscaped(_ text: String) -> String {
    var escaped = ""
    for c in text {
      switch c {
      case "'": escaped += "'\\''"
      case "[", "]", ":", "\\": escaped += "\\\(c)"
      default: escaped.append(c)
      }
    }
    return escaped
  }
}
