# Peer: keyed comparison in jq. Run with
#   jq -n -c --slurpfile a OLD --slurpfile b NEW -f keyed.jq                 (JSON arrays)
#   jq -n -c --arg lines 1 --slurpfile a OLD --slurpfile b NEW -f keyed.jq   (JSON Lines)
# --slurpfile wraps a JSON array file in one more array, and gives the
# records of a JSON Lines file directly. Records are indexed by their id
# (reduce with plain assignment: jq 1.6's INDEX uses |=, which is far slower).
def records($s): if $ARGS.named.lines then $s else $s[0] end;
def index_by_id: reduce .[] as $r ({}; .[$r.id | tostring] = $r);
(records($a) | index_by_id) as $o
| (records($b) | index_by_id) as $n
| {
    inserted: [$n | keys_unsorted[] | select(. as $k | $o | has($k) | not)] | length,
    deleted: [$o | keys_unsorted[] | select(. as $k | $n | has($k) | not)] | length,
    updated: [$n | to_entries[] | select(.key as $k | ($o | has($k)) and $o[$k] != .value)] | length
  }
