import ColdiffEngine
import ColdiffFormats

extension ColpatchRun {
  /// Every conflict of a patch that did not apply to `snapshot`, with a
  /// hint when the target looks like the result already (`(the patch
  /// seems already applied)`: the reversed patch applies to it) or when
  /// not a single guard of the patch holds on it (`(was the patch made
  /// for another file?)`) (SPEC §8.1.5).
  ///
  /// - Parameters:
  ///   - error: what the first application threw.
  ///   - document: the patch.
  ///   - snapshot: the target as read.
  ///   - indexed: the target's keys, when they were indexed.
  /// - Returns: the conflicts (`PatchConflicts`), or `error` itself when
  ///   it is no conflict (trouble).
  /// - Complexity: one more application of the patch, and of its reverse.
  static func conflicts(
    _ error: any Error, of document: PatchInput, on snapshot: Snapshot, indexed: IndexedKeys?
  ) -> any Error {
    var conflicts: PatchConflicts
    switch error {
    case let found as PatchConflicts:
      conflicts = found
    case let conflict as PatchConflict:
      conflicts = PatchConflicts(conflict.description)
    case let failure as JSONPatchApplicationError:
      // An RFC 6902 patch stops at its first failure: go on past each.
      var target = PatchTarget(snapshot)
      conflicts = target.applyGoingOn(document.jsonPatch ?? JSONPatch())
      if conflicts.isEmpty { conflicts = PatchConflicts(failure.description) }
    default:
      return error
    }
    if seemsApplied(document, on: snapshot, indexed: indexed) {
      conflicts.hint = "(the patch seems already applied)"
    } else if conflicts.noGuardHeld {
      conflicts.hint = "(was the patch made for another file?)"
    }
    return conflicts
  }

  /// Whether the reverse of the patch has guards and applies cleanly to
  /// the target: the target then holds what the patch makes where the
  /// patch checks it. (A reverse without guards, as that of a patch that
  /// only removes records, applies almost anywhere and says nothing.)
  private static func seemsApplied(
    _ document: PatchInput, on snapshot: Snapshot, indexed: IndexedKeys?
  ) -> Bool {
    var target = PatchTarget(snapshot)
    if case .document(.diff(let diff)) = document {
      let reversed = diff.reversed()
      guard !(reversed.deletes.isEmpty && reversed.updates.isEmpty && reversed.moves.isEmpty)
      else { return false }
      return (try? target.apply(reversed, indexed: indexed)) != nil
    }
    guard let patch = document.jsonPatch, let reversed = try? patch.reversed(),
      reversed.operations.contains(where: { $0.name == "test" })
    else { return false }
    return (try? reversed.apply(to: &target)) != nil
  }
}

extension PatchInput {
  /// The RFC 6902 patch, built; `nil` for a diff document.
  var jsonPatch: JSONPatch? {
    switch self {
    case .raw(let raw): JSONPatch(operations: raw.operations.map { $0.built() })
    case .document(.jsonPatch(let patch)): patch
    case .document(.diff): nil
    }
  }
}
