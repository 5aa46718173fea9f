# bash completion for seek
_seek() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    --format) COMPREPLY=($(compgen -W "json jsonl csv tsv lines" -- "$cur")); return ;;
    --suggestions|--store) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    -f|--filter|-q|--query|--page|--hits-per-page|--searchable|--title|--ranking|--id-field|--distinct|--display|--filters|--facets|--sort|--facets-attributes|--field|--height|--suggestions-min-hits|--suggestions-exclude|--prompt) return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "--filter --filters --facets --sort --facets-attributes --page --hits-per-page --json --searchable --title --ranking --id-field --distinct --display --format --suggestions --suggest --multi --prompt --cycle --suggestions-min-hits --suggestions-exclude --store --no-store --checked --uncheck-all --strict --no-learn --forget-picks --add-pick --query --print-query --field --select-1 --exit-0 --height --enter --create --tiebreak --tac --exact --no-mouse --read0 --print0 --header --header-lines --info --no-info --sync --reverse --layout --ansi --delimiter --nth --with-nth --expect --history --history-size --pointer --marker --jump-labels --no-sort --border --keep-right --no-hscroll --header-first --bind --disabled --ignore-case --no-ignore-case --smart-case --delete-created --preview --preview-window --with-shell --extended --no-extended --no-exact --no-multi --algo --scheme --accept-nth --color --no-color --scrollbar --no-scrollbar --gutter --separator --no-separator --ellipsis --tabstop --hscroll-off --scroll-off --no-unicode --ghost --toggle-sort --highlight-line --wrap-sign --min-height --multi-line --no-multi-line --settings --no-create --no-create-on-enter --no-preview --wrap --no-wrap --preview-wrap-sign --freeze-left --freeze-right --bash --zsh --fish --help --version" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _seek seek
