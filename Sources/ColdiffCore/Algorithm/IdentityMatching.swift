/// Matches new records to old ones by identity, occurrence by occurrence.
///
/// The first new record with an identity takes the first old record with
/// it, the second the second, and so on; records left over are unmatched.
/// With unique identities this is the plain key match; with whole-value
/// identity it makes duplicates work.
///
/// An open-addressing table of `Int32` old positions (linear probing,
/// load at most one half) holds, per identity, the first old record not
/// yet taken; records sharing an identity are chained in `next`.
///
/// - Parameters:
///   - oldIds: the old records' identities, in order.
///   - newIds: the new records' identities, in order.
/// - Returns: `newToOld`: for each new record, its old position or -1.
/// - Complexity: O(n) expected for n = old + new records: one hash and
///   about one identity comparison per record; flat arrays only.
func matchIdentities<Id: Hashable>(old oldIds: [Id], new newIds: [Id]) -> [Int32] {
  let oldCount = oldIds.count
  var capacity = 2
  while capacity < 2 * oldCount { capacity <<= 1 }
  let mask = capacity - 1
  var table = [Int32](repeating: -1, count: capacity)
  var next = [Int32](repeating: -1, count: oldCount)
  var taken = [Bool](repeating: false, count: oldCount)
  var newToOld = [Int32](repeating: -1, count: newIds.count)
  table.withUnsafeMutableBufferPointer { table in
    next.withUnsafeMutableBufferPointer { next in
      // Index the old records, last first, so each chain runs in ascending order.
      for old in stride(from: oldCount - 1, through: 0, by: -1) {
        let id = oldIds[old]
        var slot = id.hashValue & mask
        while true {
          let head = Int(table[slot])
          if head < 0 {
            table[slot] = Int32(old)
            break
          }
          if oldIds[head] == id {
            next[old] = Int32(head)
            table[slot] = Int32(old)
            break
          }
          slot = (slot + 1) & mask
        }
      }
      // Give each new record the first untaken old record with its identity.
      taken.withUnsafeMutableBufferPointer { taken in
        newToOld.withUnsafeMutableBufferPointer { newToOld in
          for new in 0..<newIds.count {
            let id = newIds[new]
            var slot = id.hashValue & mask
            while true {
              let head = Int(table[slot])
              if head < 0 { break }
              if oldIds[head] == id {
                if !taken[head] {
                  taken[head] = true
                  newToOld[new] = Int32(head)
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
  return newToOld
}
