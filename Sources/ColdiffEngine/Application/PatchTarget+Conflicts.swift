import ColdiffFormats

extension PatchTarget {
  /// Applies an RFC 6902 patch one operation after another, going on past
  /// each operation that fails (it is left out), to find every conflict
  /// of a patch that does not apply (SPEC §8.1.6) and which of its `test`
  /// guards hold.
  ///
  /// - Parameter patch: the patch.
  /// - Returns: one message per failed operation (`op 3 (test /1/id):
  ///   expected 2, found 7`), and the `test` operations that held and
  ///   failed.
  /// - Complexity: as `JSONPatch.apply(to:)`.
  package mutating func applyGoingOn(_ patch: JSONPatch) -> PatchConflicts {
    var log = PatchConflicts()
    for (index, operation) in patch.operations.enumerated() {
      let isTest = operation.name == "test"
      do {
        try operation.apply(to: &self)
        if isTest { log.held() }
      } catch {
        let failure = JSONPatchApplicationError(
          operationIndex: index, operationName: operation.name, path: operation.path,
          reason: error.reason)
        log.add(failure.description, failedGuard: isTest)
      }
    }
    return log
  }
}
