/// `seek --bash`, `--zsh`, `--fish`: Seek's key bindings and `**<TAB>` completion for a shell,
/// printed to be loaded by the user (`eval "$(seek --bash)"`, `source <(seek --zsh)`,
/// `seek --fish | source`); nothing is written to an rc file.
///
/// CTRL-T pastes files and folders under the current one (quoted for the shell), CTRL-R puts a
/// command of the shell's history on the line (newest first; a multi-line command whole), ALT-C
/// enters a folder, and `CMD **<TAB>` completes paths (`kill`: processes; `ssh`, `telnet`:
/// hosts; `export`, `unset`: variables). Beyond fzf's: CTRL-R and ALT-C keep what the user
/// picks in a local store (`$XDG_DATA_HOME/seek/shell/`), so that a command or folder picked
/// often leads for its query next time (the reason in F5); `SEEK_NO_LEARN=1` turns it off, and
/// nothing leaves the machine. The options are read from `SEEK_CTRL_T_OPTS`, `SEEK_CTRL_R_OPTS`,
/// `SEEK_ALT_C_OPTS`, `SEEK_COMPLETION_OPTS` (through `SEEK_DEFAULT_OPTS`, so they parse as
/// Seek's own), the lists from `SEEK_CTRL_T_COMMAND` and `SEEK_ALT_C_COMMAND`, the trigger from
/// `SEEK_COMPLETION_TRIGGER` (default `**`). Run as `fzf`, the same scripts read fzf's names
/// (`FZF_CTRL_T_OPTS`, …) and call `fzf`.
public enum ShellIntegration {
  public enum Shell: String, Sendable, CaseIterable { case bash, zsh, fish }

  /// The script for `shell`, under the names of `face`.
  public static func script(_ shell: Shell, face: Face) -> String {
    let text: String
    switch shell {
    case .bash: text = bash
    case .zsh: text = zsh
    case .fish: text = fish
    }
    guard face == .fzf else { return text }
    return
      text
      .replacingOccurrences(of: "SEEK_", with: "FZF_")
      .replacingOccurrences(of: "command seek ", with: "command fzf ")
      .replacingOccurrences(of: "seek/shell", with: "fzf/shell")
  }

  /// The hosts ssh and telnet complete to — ssh's configuration, /etc/hosts, the hosts known —
  /// in text that bash and zsh both read.
  public static let hostsFunction = #"""
    # Hosts for ssh and telnet: ssh's configuration, /etc/hosts, the hosts known.
    __seek_hosts() {
      {
        command cat ~/.ssh/config /etc/ssh/ssh_config 2> /dev/null |
          command awk 'tolower($1) == "host" { for (i = 2; i <= NF; i++) if ($i !~ /[*?]/) print $i }'
        command awk '!/^[[:space:]]*#/ { for (i = 2; i <= NF; i++) print $i }' /etc/hosts 2> /dev/null
        command awk '{ sub(/[, ].*/, ""); gsub(/[][]/, ""); sub(/:[0-9]+$/, ""); print }' ~/.ssh/known_hosts 2> /dev/null
      } | command awk 'NF && !seen[$0]++'
    }
    """#

  /// `kill **` (a process's pid) and `ssh **` (a host), as branches of the `case` over the
  /// command in bash's and zsh's completion: a list piped in is Seek's input (never with the
  /// terminal redirected in as well: zsh's MULTIOS would join them).
  public static let processAndHostCases = #"""
    kill)
              selected=$(command ps -eo user,pid,ppid,start,time,command |
                SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m --header-lines 1 --accept-nth 2 -q "$base" |
                command tr '\n' ' ')
              ;;
            ssh | telnet)
              selected=$(__seek_hosts | SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse +m -q "$base")
              [[ -n $selected ]] && selected="$selected "
              ;;
    """#

  /// CTRL-T's pick in text bash and zsh both read: `SEEK_CTRL_T_COMMAND`'s lines, or the files
  /// walked (the terminal as input: a zle widget has none), each ended by NUL.
  public static let filesPicked = #"""
    {
            if [[ -n ${SEEK_CTRL_T_COMMAND-} ]]; then
              eval "$SEEK_CTRL_T_COMMAND" | SEEK_DEFAULT_OPTS="${SEEK_DEFAULT_OPTS-} ${SEEK_CTRL_T_OPTS-}" \
                command seek --height 40% --reverse -m --print0 "$@"
            else
              SEEK_DEFAULT_OPTS="${SEEK_DEFAULT_OPTS-} ${SEEK_CTRL_T_OPTS-}" \
                command seek --height 40% --reverse -m --print0 --walker=file,dir,follow,hidden "$@" < /dev/tty
            fi
          }
    """#

  public static let bash = #"""
    # Seek's key bindings and completion for bash, loaded with: eval "$(seek --bash)"
    [[ $- == *i* ]] || return 0

    # The --store that keeps the picks of list $1, unless SEEK_NO_LEARN is set.
    __seek_learn() {
      [[ -n ${SEEK_NO_LEARN-} ]] && return
      local dir=${XDG_DATA_HOME:-$HOME/.local/share}/seek/shell
      command mkdir -p -- "$dir" 2> /dev/null && printf '%s\n%s\n' --store "$dir/$1.sqlite"
    }

    # CTRL-T: files and folders under the current one, each quoted for the shell.
    __seek_files() {
      local item
      \#(filesPicked) | while IFS= read -r -d '' item; do printf '%q ' "$item"; done
    }

    seek-file-widget() {
      local selected
      selected=$(__seek_files)
      READLINE_LINE=${READLINE_LINE:0:READLINE_POINT}$selected${READLINE_LINE:READLINE_POINT}
      READLINE_POINT=$((READLINE_POINT + ${#selected}))
    }

    # CTRL-R: the history, newest first, each command once, a multi-line command whole.
    __seek_history() {
      HISTTIMEFORMAT='' builtin history | command awk '
        match($0, /^ *[0-9]+\*? +/) { if (n) out[++k] = cmd; cmd = substr($0, RLENGTH + 1); n = 1; next }
        { cmd = cmd "\n" $0 }
        END {
          if (n) out[++k] = cmd
          for (i = k; i > 0; i--) if (!(out[i] in seen)) { seen[out[i]] = 1; printf "%s%c", out[i], 0 }
        }'
    }

    seek-history-widget() {
      local selected
      local -a learn
      mapfile -t learn < <(__seek_learn bash-history)
      selected=$(__seek_history | SEEK_DEFAULT_OPTS="${SEEK_DEFAULT_OPTS-} ${SEEK_CTRL_R_OPTS-}" \
        command seek --height 40% --read0 +m --scheme=history -q "$READLINE_LINE" "${learn[@]}") || return
      READLINE_LINE=$selected
      READLINE_POINT=${#READLINE_LINE}
    }

    # ALT-C: into a folder under the current one.
    seek-cd-widget() {
      local dir
      local -a learn
      mapfile -t learn < <(__seek_learn dirs)
      if [[ -n ${SEEK_ALT_C_COMMAND-} ]]; then
        dir=$(eval "$SEEK_ALT_C_COMMAND" | SEEK_DEFAULT_OPTS="${SEEK_DEFAULT_OPTS-} ${SEEK_ALT_C_OPTS-}" \
          command seek --height 40% --reverse +m "${learn[@]}") || return
      else
        dir=$(SEEK_DEFAULT_OPTS="${SEEK_DEFAULT_OPTS-} ${SEEK_ALT_C_OPTS-}" \
          command seek --height 40% --reverse +m --walker=dir,follow,hidden "${learn[@]}") || return
      fi
      [[ -n $dir ]] && builtin cd -- "$dir" && printf '%s\n' "$PWD"
    }

    # COMMAND **<TAB>: what the command takes, picked.
    \#(hostsFunction)

    __seek_complete() {
      local cur=${COMP_WORDS[COMP_CWORD]} trigger=${SEEK_COMPLETION_TRIGGER-'**'} cmd=${COMP_WORDS[0]}
      [[ -n $trigger && $cur == *"$trigger" ]] || return 0
      local base=${cur%"$trigger"} selected item dir query
      local opts="${SEEK_DEFAULT_OPTS-} ${SEEK_COMPLETION_OPTS-}"
      case $cmd in
        \#(processAndHostCases)
        export | unset | printenv)
          selected=$(compgen -v | SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m -q "$base" |
            command tr '\n' ' ')
          ;;
        *)
          # The folder typed is where the walk starts; what follows it, the query. cd, pushd
          # and rmdir take folders only.
          if [[ $base == */* ]]; then dir=${base%/*}/ query=${base##*/}; else dir='' query=$base; fi
          [[ $dir == '~/'* ]] && dir=$HOME/${dir#'~/'}
          local walk=file,dir,follow,hidden
          [[ $cmd == cd || $cmd == pushd || $cmd == rmdir ]] && walk=dir,follow,hidden
          selected=$(SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m --print0 \
            --walker=$walk --walker-root "${dir:-.}" -q "$query" |
            while IFS= read -r -d '' item; do
              [[ -z $dir ]] && item=${item#./}
              printf '%q ' "$item"
            done)
          ;;
      esac
      printf '\e[5n' > /dev/tty
      if [[ -n $selected ]]; then COMPREPLY=("$selected"); else COMPREPLY=("$base"); fi
    }

    bind '"\e[0n": redraw-current-line' 2> /dev/null
    for __seek_cmd in kill ssh telnet export unset printenv cat cd cp diff less ls mv rm vim vi nano code git; do
      complete -p "$__seek_cmd" > /dev/null 2>&1 ||
        complete -F __seek_complete -o default -o bashdefault -o nospace "$__seek_cmd"
    done
    unset __seek_cmd
    complete -p -D > /dev/null 2>&1 || complete -D -F __seek_complete -o default -o bashdefault -o nospace

    for __seek_map in emacs-standard vi-insert vi-command; do
      bind -m "$__seek_map" -x '"\C-t": seek-file-widget'
      bind -m "$__seek_map" -x '"\C-r": seek-history-widget'
      bind -m "$__seek_map" -x '"\ec": seek-cd-widget'
    done
    unset __seek_map

    """#

  public static let zsh = #"""
    # Seek's key bindings and completion for zsh, loaded with: source <(seek --zsh)
    [[ -o interactive ]] || return 0
    zmodload zsh/parameter 2> /dev/null

    __seek_learn() {
      [[ -n ${SEEK_NO_LEARN-} ]] && return
      local dir=${XDG_DATA_HOME:-$HOME/.local/share}/seek/shell
      command mkdir -p -- "$dir" 2> /dev/null && print -r -- --store && print -r -- "$dir/$1.sqlite"
    }

    # CTRL-T: files and folders under the current one, each quoted for the shell.
    __seek_files() {
      local item
      \#(filesPicked) | while IFS= read -r -d '' item; do print -rn -- "${(q)item} "; done
    }

    seek-file-widget() {
      LBUFFER="${LBUFFER}$(__seek_files)"
      local ret=$?
      zle reset-prompt
      return $ret
    }

    # CTRL-R: the history, newest first, each command once, a multi-line command whole.
    seek-history-widget() {
      local selected
      local -a learn
      learn=("${(@f)$(__seek_learn zsh-history)}")
      [[ -z ${learn[1]} ]] && learn=()
      selected=$(
        local -A seen
        local k
        for k in ${(Onk)history}; do
          [[ -n ${seen[${history[$k]}]} ]] && continue
          seen[${history[$k]}]=1
          print -rn -- "${history[$k]}"$'\0'
        done | SEEK_DEFAULT_OPTS="${SEEK_DEFAULT_OPTS-} ${SEEK_CTRL_R_OPTS-}" \
          command seek --height 40% --read0 +m --scheme=history -q "$BUFFER" "${learn[@]}"
      )
      local ret=$?
      if [[ -n $selected ]]; then
        BUFFER=$selected
        CURSOR=$#BUFFER
      fi
      zle reset-prompt
      return $ret
    }

    # ALT-C: into a folder under the current one.
    seek-cd-widget() {
      local dir
      local -a learn
      learn=("${(@f)$(__seek_learn dirs)}")
      [[ -z ${learn[1]} ]] && learn=()
      if [[ -n ${SEEK_ALT_C_COMMAND-} ]]; then
        dir=$(eval "$SEEK_ALT_C_COMMAND" | SEEK_DEFAULT_OPTS="${SEEK_DEFAULT_OPTS-} ${SEEK_ALT_C_OPTS-}" \
          command seek --height 40% --reverse +m "${learn[@]}")
      else
        dir=$(SEEK_DEFAULT_OPTS="${SEEK_DEFAULT_OPTS-} ${SEEK_ALT_C_OPTS-}" \
          command seek --height 40% --reverse +m --walker=dir,follow,hidden "${learn[@]}" < /dev/tty)
      fi
      if [[ -z $dir ]]; then
        zle redisplay
        return 0
      fi
      builtin cd -- "$dir"
      local precmd
      for precmd in $precmd_functions; do $precmd; done
      zle reset-prompt
    }

    \#(hostsFunction)

    # COMMAND **<TAB>: paths (kill: processes; ssh, telnet: hosts; export, unset: variables),
    # else zsh's own completion.
    seek-completion() {
      local trigger=${SEEK_COMPLETION_TRIGGER-'**'} opts="${SEEK_DEFAULT_OPTS-} ${SEEK_COMPLETION_OPTS-}"
      if [[ -z $trigger || $LBUFFER != *"$trigger" ]]; then
        zle ${__seek_default_completion:-expand-or-complete}
        return
      fi
      local -a words
      words=(${(z)LBUFFER})
      local cur=${words[-1]} base selected item dir query
      base=${cur%"$trigger"}
      LBUFFER=${LBUFFER%"$cur"}
      # A list piped in is Seek's input; a walk reads the terminal (zsh would join a pipe and
      # a redirection: MULTIOS).
      case ${words[1]} in
        \#(processAndHostCases)
        export | unset | printenv)
          selected=$(print -rl -- ${(k)parameters} |
            SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m -q "$base" | command tr '\n' ' ')
          ;;
        *)
          if [[ $base == */* ]]; then dir=${base%/*}/ query=${base##*/}; else dir='' query=$base; fi
          local walk=file,dir,follow,hidden
          [[ ${words[1]} == (cd|pushd|rmdir) ]] && walk=dir,follow,hidden
          selected=$(SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m --print0 \
            --walker=$walk --walker-root "${~dir:-.}" -q "$query" < /dev/tty |
            while IFS= read -r -d '' item; do
              [[ -z $dir ]] && item=${item#./}
              print -rn -- "${(q)item} "
            done)
          ;;
      esac
      LBUFFER+=${selected:-$base}
      zle reset-prompt
    }

    zle -N seek-file-widget
    zle -N seek-history-widget
    zle -N seek-cd-widget
    zle -N seek-completion
    __seek_default_completion=${$(bindkey '^I')[2]}
    [[ $__seek_default_completion == seek-completion || $__seek_default_completion == undefined-key ]] &&
      __seek_default_completion=expand-or-complete
    local __seek_map
    for __seek_map in emacs viins vicmd; do
      bindkey -M $__seek_map '^T' seek-file-widget
      bindkey -M $__seek_map '^R' seek-history-widget
      bindkey -M $__seek_map '\ec' seek-cd-widget
    done
    bindkey '^I' seek-completion
    unset __seek_map

    """#

  public static let fish = #"""
    # Seek's key bindings and completion for fish, loaded with: seek --fish | source
    status is-interactive; or exit 0

    function __seek_learn
      set -q SEEK_NO_LEARN; and return
      set -l dir (set -q XDG_DATA_HOME; and echo $XDG_DATA_HOME; or echo $HOME/.local/share)/seek/shell
      command mkdir -p -- $dir 2>/dev/null; and printf '%s\n' --store $dir/$argv[1].sqlite
    end

    # CTRL-T: files and folders under the current one, each quoted for fish.
    function seek-file-widget
      set -l opts "$SEEK_DEFAULT_OPTS $SEEK_CTRL_T_OPTS"
      set -l result
      if set -q SEEK_CTRL_T_COMMAND
        set result (eval $SEEK_CTRL_T_COMMAND | SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m --print0 | string split0)
      else
        set result (SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m --print0 --walker=file,dir,follow,hidden </dev/tty | string split0)
      end
      for item in $result
        commandline -it -- (string escape -- $item)' '
      end
      commandline -f repaint
    end

    # CTRL-R: the history, newest first, a multi-line command whole.
    function seek-history-widget
      set -l learn (__seek_learn fish-history)
      set -l result (history -z | SEEK_DEFAULT_OPTS="$SEEK_DEFAULT_OPTS $SEEK_CTRL_R_OPTS" command seek --height 40% --read0 --print0 +m --scheme=history -q (commandline) $learn | string split0)
      and commandline -- $result[1]
      commandline -f repaint
    end

    # ALT-C: into a folder under the current one.
    function seek-cd-widget
      set -l learn (__seek_learn dirs)
      set -l opts "$SEEK_DEFAULT_OPTS $SEEK_ALT_C_OPTS"
      set -l dir
      if set -q SEEK_ALT_C_COMMAND
        set dir (eval $SEEK_ALT_C_COMMAND | SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse +m $learn)
      else
        set dir (SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse +m --walker=dir,follow,hidden $learn </dev/tty)
      end
      and test -n "$dir"
      and builtin cd -- $dir
      commandline -f repaint
    end

    # COMMAND **<TAB>: paths under the folder typed (kill: processes; ssh, telnet: hosts;
    # set -e, export, unset: variables), else fish's own completion.
    function seek-completion
      set -l trigger '**'
      set -q SEEK_COMPLETION_TRIGGER; and set trigger $SEEK_COMPLETION_TRIGGER
      set -l token (commandline -ct)
      if test -z "$trigger"; or not string match -q -- "*$trigger" $token
        commandline -f complete
        return
      end
      set -l base (string sub -e -(string length -- $trigger) -- $token)
      set -l cmd (commandline -po)[1]
      set -l opts "$SEEK_DEFAULT_OPTS $SEEK_COMPLETION_OPTS"
      set -l result
      switch $cmd
        case kill
          set result (command ps -eo user,pid,ppid,start,time,command | SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m --header-lines 1 --accept-nth 2 -q "$base")
        case ssh telnet
          set result (__seek_hosts | SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse +m -q "$base")
        case export unset set
          set result (set --names | SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m -q "$base")
        case '*'
          set -l dir ''
          set -l query $base
          if string match -q -- '*/*' $base
            set dir (string replace -r -- '[^/]*$' '' $base)
            set query (string replace -r -- '.*/' '' $base)
          end
          set -l root $dir
          test -z "$root"; and set root .
          set root (string replace -r -- '^~/' "$HOME/" $root)
          set -l walk file,dir,follow,hidden
          contains -- $cmd cd pushd rmdir; and set walk dir,follow,hidden
          set result (SEEK_DEFAULT_OPTS=$opts command seek --height 40% --reverse -m --print0 --walker=$walk --walker-root $root -q "$query" </dev/tty | string split0)
      end
      if test (count $result) -eq 0
        commandline -f repaint
        return
      end
      set -l quoted
      for item in $result
        set -a quoted (string escape -- $item)
      end
      commandline -rt -- (string join ' ' -- $quoted)' '
      commandline -f repaint
    end

    function __seek_hosts
      begin
        command cat ~/.ssh/config /etc/ssh/ssh_config 2>/dev/null | command awk 'tolower($1) == "host" { for (i = 2; i <= NF; i++) if ($i !~ /[*?]/) print $i }'
        command awk '!/^[[:space:]]*#/ { for (i = 2; i <= NF; i++) print $i }' /etc/hosts 2>/dev/null
        command awk '{ sub(/[, ].*/, ""); gsub(/[][]/, ""); sub(/:[0-9]+$/, ""); print }' ~/.ssh/known_hosts 2>/dev/null
      end | command awk 'NF && !seen[$0]++'
    end

    for mode in default insert
      bind -M $mode \t seek-completion
      bind -M $mode \ct seek-file-widget
      bind -M $mode \cr seek-history-widget
      bind -M $mode \ec seek-cd-widget
    end

    """#
}
