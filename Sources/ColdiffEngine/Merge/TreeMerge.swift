import ColdiffCore
import ColdiffFormats

/// A three-way merge of trees of records nested in a children member
/// (`colpatch merge --tree FIELD`, SPEC §8.4, §7.1): BASE→OURS and
/// BASE→THEIRS are matched by key across the whole tree, and THEIRS's
/// changes that OURS does not already hold and that do not conflict with
/// OURS's are made to OURS's forest by key (see ``TreeMergePlan``), so
/// top-level records whose subtree no change reaches keep OURS's bytes.
///
/// Where both sides changed the same thing differently, the merge keeps
/// OURS's side and records a ``MergeConflict``.
package struct TreeMerge {
  /// OURS with THEIRS's changes made: the merged snapshot.
  package let merged: PatchTarget
  /// The conflicts: those on BASE's records in BASE's preorder (a
  /// record's field conflicts in THEIRS's field order), then those on
  /// keys both sides inserted, in THEIRS's preorder.
  package let conflicts: [MergeConflict]

  /// Merges THEIRS into OURS as trees.
  ///
  /// - Parameters:
  ///   - base: the common ancestor.
  ///   - ours: our side; the merged snapshot is written in its style.
  ///   - theirs: their side.
  ///   - field: the children member (`--tree FIELD`).
  ///   - keys: the `--key` fields (empty for the default, `id`).
  ///   - rules: the comparison rules (`--ignore`, `--compare`,
  ///     `--array-key`).
  /// - Throws: `InputError` for inputs that cannot be merged: CSV or TSV,
  ///   a children member that is not an array, forms that do not go
  ///   together, a missing key or one that occurs twice in a tree, a
  ///   keyed array element without its key or a key twice in one array.
  package init(
    base: Snapshot, ours: Snapshot, theirs: Snapshot, field: JSONPointer, keys: [JSONPointer],
    rules: ComparisonRules
  ) throws {
    // The likely key is noted while scanning: `--key NAME`, or `id`.
    let keyName = Identity.likelyKeyName(keys: keys)
    let (baseTree, oursTree) = try Parallel.both(
      { try TreeSnapshot(base, field: field, keyName: keyName) },
      { try TreeSnapshot(ours, field: field, keyName: keyName) })
    let theirsTree = try TreeSnapshot(theirs, field: field, keyName: keyName)
    let identity = try TreeSnapshot.identity(keys: keys, old: baseTree, new: oursTree)
    _ = try TreeSnapshot.identity(keys: keys, old: baseTree, new: theirsTree)
    guard case .fields(let pointers) = identity else { preconditionFailure("a tree is keyed") }
    let (oursComparison, theirsComparison) = try Parallel.both(
      { try TreeComparison(old: baseTree, new: oursTree, keys: pointers, rules: rules) },
      { try TreeComparison(old: baseTree, new: theirsTree, keys: pointers, rules: rules) })
    var target = PatchTarget(ours)
    var plan = try TreeMergePlan(
      ours: oursComparison, theirs: theirsComparison, rules: rules, target: target)
    do {
      try plan.run()
    } catch let conflict as PatchConflict {
      // The plan only makes changes that fit OURS: this is a fault of the
      // merge, not of the inputs' agreement, so it is trouble.
      throw InputError("cannot merge: \(conflict.description)", file: ours.name)
    }
    plan.forest.write(into: &target)
    merged = target
    conflicts = plan.conflicts
  }
}
