# Generated from the flag table in Sources/ColdiffCLI; do not edit. Regenerate: COLDIFF_REGENERATE=1 swift test --filter GeneratedFiles

_colpatch() {
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
  local i command=
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ ${COMP_WORDS[i]} != -* ]]; then
      command=${COMP_WORDS[i]}
      break
    fi
  done
  case $command in
  '')
    case $prev in
    esac
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W '--help -h --version' -- "$cur"))
      return 0
    fi
    COMPREPLY=($(compgen -W 'apply check merge reverse help' -- "$cur"))
    ;;
  apply)
    case $prev in
    -o|--output)
      compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
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
    --memory)
      COMPREPLY=()
      return 0
      ;;
    --temp-dir)
      compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
      return 0
      ;;
    esac
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W '--output -o --in-place -i --input --delimiter --memory --temp-dir --help -h --version' -- "$cur"))
      return 0
    fi
    compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
    ;;
  check)
    case $prev in
    --input)
      COMPREPLY=($(compgen -W 'json jsonl csv tsv' -- "$cur"))
      return 0
      ;;
    --delimiter)
      COMPREPLY=()
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
    esac
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W '--input --delimiter --memory --temp-dir --help -h --version' -- "$cur"))
      return 0
    fi
    compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
    ;;
  merge)
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
    --input)
      COMPREPLY=($(compgen -W 'json jsonl csv tsv' -- "$cur"))
      return 0
      ;;
    -o|--output)
      compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
      return 0
      ;;
    --conflicts)
      compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
      return 0
      ;;
    --path)
      compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
      return 0
      ;;
    esac
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W '--key -k --ignore --compare --array-key --unordered --tree --input --output -o --in-place -i --conflicts --path --help -h --version' -- "$cur"))
      return 0
    fi
    compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
    ;;
  reverse)
    case $prev in
    esac
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W '--help -h --version' -- "$cur"))
      return 0
    fi
    compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))
    ;;
  help)
    case $prev in
    esac
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W '--help -h --version' -- "$cur"))
      return 0
    fi
    COMPREPLY=($(compgen -W 'apply check merge reverse help' -- "$cur"))
    ;;
  esac
}

complete -F _colpatch colpatch
