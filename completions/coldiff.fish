# Generated from the flag table in Sources/ColdiffCLI; do not edit. Regenerate: COLDIFF_REGENERATE=1 swift test --filter GeneratedFiles

complete -c coldiff -s k -l key -x -d 'identity fields, comma-separated (name, dotted path or /pointer)'
complete -c coldiff -l ignore -x -d 'leave FIELD out of the comparison (repeatable)'
complete -c coldiff -l unordered -d 'treat the collection as unordered: report no moves'
complete -c coldiff -l tree -x -d 'records nest child records in the array member FIELD'
complete -c coldiff -l input -x -a 'json jsonl csv tsv' -d 'read both inputs as FORMAT instead of detecting it'
complete -c coldiff -s f -l format -x -a 'text json patch stat' -d 'output format'
complete -c coldiff -l no-test -d 'with --format patch: leave out the test guards'
complete -c coldiff -l color -x -a 'auto always never' -d 'color the text format'
complete -c coldiff -s q -l quiet -d 'print nothing; the exit status tells'
complete -c coldiff -l textconv -d 'print FILE one record per line, sorted by key, for git textconv'
complete -c coldiff -s h -l help -d 'print this help and exit'
complete -c coldiff -l version -d 'print the version and exit'
