/// Matches new records to old ones by identity, occurrence by occurrence
/// (the first new record with an identity takes the first old record with
/// it, and so on).
///
/// Dense integer identities go through a direct-address table; any other
/// identities through the hashed table of
/// `matchIdentities(oldHashes:newHashes:sameIdentity:)`. Inlinable so that
/// the per-record work is specialized for the caller's identity type.
///
/// - Parameters:
///   - oldIds: the old records' identities, in order.
///   - newIds: the new records' identities, in order.
/// - Returns: `newToOld`: for each new record, its old position or -1.
/// - Complexity: O(n) expected for n = old + new records.
@inlinable
func matchIdentities<Id: Hashable>(old oldIds: [Id], new newIds: [Id]) -> [Int32] {
  if let oldIntegers = oldIds as? [Int], let newIntegers = newIds as? [Int],
    let newToOld = matchDenseIntegers(old: oldIntegers, new: newIntegers)
  {
    return newToOld
  }
  return matchIdentities(
    oldHashes: identityHashes(oldIds), newCount: newIds.count,
    newHash: { identityHash(newIds[$0]) },
    sameIdentity: { old, other, bothOld in
      bothOld ? oldIds[old] == oldIds[other] : oldIds[old] == newIds[other]
    })
}
