@testable import ColdiffEngine

/// The diff document from `old` to `new` as coldiff writes it without
/// `--key` (the identity it resolves, moves counted).
func documentText(_ old: Snapshot, _ new: Snapshot) throws -> [UInt8] {
  let identity = try Identity.resolve(keys: [], old: old, new: new)
  let comparison = try Comparison(
    old: old, new: new, identity: identity, rules: ComparisonRules(), ordered: true,
    oldKeys: old.keyArena(for: identity), newKeys: new.keyArena(for: identity))
  var out: [UInt8] = []
  comparison.document().write(to: &out)
  return out
}
