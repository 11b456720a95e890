/// Matches new records to old ones by identity, occurrence by occurrence,
/// given each record's identity hash and a test of identity.
///
/// The first new record with an identity takes the first old record with
/// it, the second the second, and so on; records left over are unmatched.
/// With unique identities this is the plain key match; with whole-value
/// identity it makes duplicates work.
///
/// An open-addressing table of `Int32` old positions (linear probing,
/// load at most one half) holds, per identity, the first old record not
/// yet taken; records sharing an identity are chained in `next`. When no
/// identity repeats in OLD, a new record is first tried against the old
/// records that follow the previous matches (most records keep their
/// order), which spares most table lookups: only inserted and moved
/// records and the first record after a gap are looked up.
///
/// This core is not generic, so it runs at full speed whatever the
/// identity type; the generic entries compute the hashes and pass the
/// identity test.
///
/// - Parameters:
///   - oldHashes: the old records' identity hashes, in order.
///   - newCount: the number of new records.
///   - newHash: the identity hash of a new record; asked only for the new
///     records that the in-order fast path does not match.
///   - sameIdentity: whether old record `old` has the same identity as
///     `other`, a new record, or an old one when `bothOld` is true (asked
///     while indexing the old side). Asked when the hashes are equal, and
///     for the few likely partners of the fast path.
/// - Returns: `newToOld`: for each new record, its old position or -1.
/// - Complexity: O(n) expected for n = old + new records: about one
///   `sameIdentity` call per record; flat arrays only.
@usableFromInline
func matchIdentities(
  oldHashes: [Int], newCount: Int, newHash: (_ new: Int) -> Int,
  sameIdentity: (_ old: Int, _ other: Int, _ bothOld: Bool) -> Bool
) -> [Int32] {
  let oldCount = oldHashes.count
  let (indexed, next, repeats) = indexIdentities(oldHashes: oldHashes, sameIdentity: sameIdentity)
  var table = indexed
  let mask = table.count - 1
  var taken = [Bool](repeating: false, count: oldCount)
  var newToOld = [Int32](repeating: -1, count: newCount)
  table.withUnsafeMutableBufferPointer { table in
    next.withUnsafeBufferPointer { next in
      oldHashes.withUnsafeBufferPointer { oldHashes in
        taken.withUnsafeMutableBufferPointer { taken in
          newToOld.withUnsafeMutableBufferPointer { newToOld in
            // Two streams of likely partners: `cursor` follows the records that
            // keep their order, `resumed` starts after the last looked-up match.
            var cursor = 0
            var resumed = 0
            for new in 0..<newCount {
              // Fast path: a likely partner, safe when no identity repeats in OLD.
              if !repeats {
                func fits(_ candidate: Int) -> Bool {
                  candidate < oldCount && !taken[candidate] && sameIdentity(candidate, new, false)
                }
                let partner =
                  fits(cursor)
                  ? cursor : fits(cursor + 1) ? cursor + 1 : fits(resumed) ? resumed : -1
                if partner >= 0 {
                  taken[partner] = true
                  newToOld[new] = Int32(partner)
                  cursor = partner + 1
                  continue
                }
              }
              // Give the new record the first untaken old record with its identity.
              let hash = newHash(new)
              var slot = hash & mask
              while true {
                let head = Int(table[slot])
                if head < 0 { break }
                if oldHashes[head] == hash && sameIdentity(head, new, false) {
                  if !taken[head] {
                    taken[head] = true
                    newToOld[new] = Int32(head)
                    resumed = head + 1
                    if next[head] >= 0 { table[slot] = next[head] }
                  }
                  break
                }
                slot = (slot + 1) & mask
              }
            }
          }
        }
      }
    }
  }
  return newToOld
}

/// The open-addressing table of the old records for `matchIdentities`:
/// per identity, the first old record with it, the others chained in
/// `next` in ascending order; `repeats` when an identity occurs twice.
///
/// - Complexity: O(n) expected.
private func indexIdentities(
  oldHashes: [Int], sameIdentity: (_ old: Int, _ other: Int, _ bothOld: Bool) -> Bool
) -> (table: [Int32], next: [Int32], repeats: Bool) {
  let oldCount = oldHashes.count
  var capacity = 4
  while capacity < 2 * oldCount { capacity <<= 1 }
  let mask = capacity - 1
  var table = [Int32](repeating: -1, count: capacity)
  var next = [Int32](repeating: -1, count: oldCount)
  var repeats = false
  table.withUnsafeMutableBufferPointer { table in
    next.withUnsafeMutableBufferPointer { next in
      oldHashes.withUnsafeBufferPointer { oldHashes in
        // Index the old records, last first, so each chain runs in ascending order.
        for old in stride(from: oldCount - 1, through: 0, by: -1) {
          let hash = oldHashes[old]
          var slot = hash & mask
          while true {
            let head = Int(table[slot])
            if head < 0 {
              table[slot] = Int32(old)
              break
            }
            if oldHashes[head] == hash && sameIdentity(head, old, true) {
              repeats = true
              next[old] = Int32(head)
              table[slot] = Int32(old)
              break
            }
            slot = (slot + 1) & mask
          }
        }
      }
    }
  }
  return (table, next, repeats)
}
