# Generated from the flag table in Sources/ColdiffCLI; do not edit. Regenerate: COLDIFF_REGENERATE=1 swift test --filter GeneratedFiles

_coldiff() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD-1]}
  # Split --flag=value, whether or not = breaks words.
  if [[ $cur == --*=* ]]; then
    prev=${cur%%=*} cur=${cur#*=}
  elif [[ $cur == = ]]; then
    cur=
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
    prev=${COMP_WORDS[COMP_CWORD-2]}
  fi
  case $prev in
  -k|--key)
    COMPREPLY=()
    return 0
    ;;
  --ignore)
    COMPREPLY=()
    return 0
    ;;
  --compare)
    COMPREPLY=()
    return 0
    ;;
  --array-key)
    COMPREPLY=()
    return 0
    ;;
  --tree)
    COMPREPLY=()
    return 0
    ;;
  --root)
    COMPREPLY=()
    return 0
    ;;
  --input)
    COMPREPLY=($(compgen -W 'json jsonl csv tsv' -- "$cur"))
    return 0
    ;;
  --delimiter)
    COMPREPLY=()
    return 0
    ;;
  -f|--format)
    COMPREPLY=($(compgen -W 'text json patch stat markdown html' -- "$cur"))
    return 0
    ;;
  --limit)
    COMPREPLY=()
    return 0
    ;;
  --color)
    COMPREPLY=($(compgen -W 'auto always never' -- "$cur"))
    return 0
    ;;
  --memory)
    COMPREPLY=()
    return 0
    ;;
  --temp-dir)
    compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
    return 0
    ;;
  --shard)
    COMPREPLY=()
    return 0
    ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W '--key -k --ignore --compare --array-key --unordered --tree --root --input --delimiter --format -f --no-test --limit --color --quiet -q --memory --temp-dir --shard --combine --textconv --help -h --version' -- "$cur"))
    return 0
  fi
  compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
}

complete -F _coldiff coldiff
