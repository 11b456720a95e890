# Generated from the flag table in Sources/ColdiffCLI; do not edit. Regenerate: COLDIFF_REGENERATE=1 swift test --filter GeneratedFiles

complete -c colpatch -n 'not __fish_seen_subcommand_from apply check merge reverse help' -f
complete -c colpatch -n 'not __fish_seen_subcommand_from apply check merge reverse help' -a apply -d 'apply a patch or diff document to a snapshot'
complete -c colpatch -n 'not __fish_seen_subcommand_from apply check merge reverse help' -a check -d 'tell whether a patch applies cleanly'
complete -c colpatch -n 'not __fish_seen_subcommand_from apply check merge reverse help' -a merge -d 'merge two snapshots made from one base, record by record'
complete -c colpatch -n 'not __fish_seen_subcommand_from apply check merge reverse help' -a reverse -d 'print the patch that undoes a patch'
complete -c colpatch -n 'not __fish_seen_subcommand_from apply check merge reverse help' -a help -d 'print the help of colpatch or of one command'
complete -c colpatch -n 'not __fish_seen_subcommand_from apply check merge reverse help' -s h -l help -d 'print this help and exit'
complete -c colpatch -n 'not __fish_seen_subcommand_from apply check merge reverse help' -l version -d 'print the version and exit'

complete -c colpatch -n '__fish_seen_subcommand_from apply' -s o -l output -r -F -d 'write the result to OUT instead of standard output'
complete -c colpatch -n '__fish_seen_subcommand_from apply' -s i -l in-place -d 'write the result back to TARGET'
complete -c colpatch -n '__fish_seen_subcommand_from apply' -l input -x -a 'json jsonl csv tsv' -d 'read TARGET as FORMAT instead of detecting it'
complete -c colpatch -n '__fish_seen_subcommand_from apply' -l delimiter -x -d 'read (and write) CSV and TSV with CHAR between fields'
complete -c colpatch -n '__fish_seen_subcommand_from apply' -s h -l help -d 'print this help and exit'
complete -c colpatch -n '__fish_seen_subcommand_from apply' -l version -d 'print the version and exit'

complete -c colpatch -n '__fish_seen_subcommand_from check' -l input -x -a 'json jsonl csv tsv' -d 'read TARGET as FORMAT instead of detecting it'
complete -c colpatch -n '__fish_seen_subcommand_from check' -l delimiter -x -d 'read (and write) CSV and TSV with CHAR between fields'
complete -c colpatch -n '__fish_seen_subcommand_from check' -s h -l help -d 'print this help and exit'
complete -c colpatch -n '__fish_seen_subcommand_from check' -l version -d 'print the version and exit'

complete -c colpatch -n '__fish_seen_subcommand_from merge' -s k -l key -x -d 'identity fields, comma-separated (name, dotted path or /pointer)'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -l ignore -x -d 'leave FIELD out of the comparison (repeatable)'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -l compare -x -d 'FIELDS=RULE[,RULE…]: compare by abs:X, rel:X, trim, icase, nfc (repeatable)'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -l array-key -x -d 'FIELD=KEYFIELD: match the array FIELD\'s elements by KEYFIELD (repeatable)'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -l unordered -d 'treat the collection as unordered: report no moves'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -l tree -x -d 'merge trees of records nested in the array member FIELD'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -l input -x -a 'json jsonl csv tsv' -d 'read BASE, OURS and THEIRS as FORMAT instead of detecting it'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -s o -l output -r -F -d 'write the merged snapshot to OUT instead of standard output'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -s i -l in-place -d 'write the merged snapshot into OURS (git\'s merge driver form)'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -l conflicts -r -F -d 'also write the conflicts to FILE as a JSON document'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -l path -r -F -d 'read the inputs in the form PATH\'s extension names (git\'s %P)'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -s h -l help -d 'print this help and exit'
complete -c colpatch -n '__fish_seen_subcommand_from merge' -l version -d 'print the version and exit'

complete -c colpatch -n '__fish_seen_subcommand_from reverse' -s h -l help -d 'print this help and exit'
complete -c colpatch -n '__fish_seen_subcommand_from reverse' -l version -d 'print the version and exit'

complete -c colpatch -n '__fish_seen_subcommand_from help' -f -a 'apply check merge reverse help'
complete -c colpatch -n '__fish_seen_subcommand_from help' -s h -l help -d 'print this help and exit'
complete -c colpatch -n '__fish_seen_subcommand_from help' -l version -d 'print the version and exit'
