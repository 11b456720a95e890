extension OrderedCollectionDiff where Index == Int {
  /// The sequential patch that turns OLD into NEW, as element-free steps.
  ///
  /// The order (each step sees the collection left by the steps before):
  ///
  /// 1. the deletes, in descending old position (`at` is the old position);
  /// 2. in ascending new position t, each insert and each moved record is
  ///    placed right after the record at new position t-1 (first when
  ///    t = 0), so the number of move steps is `moves.count`;
  /// 3. the updates, in ascending new position (`at` is the new position).
  ///
  /// Matched records that do not move never get a step. The record pairs
  /// not named in the diff are recovered from it: the matched records that
  /// do not move keep their relative order, so the k-th of them in OLD is
  /// the k-th of them in NEW.
  ///
  /// Positions are counted with a Fenwick tree over slots laid out in the
  /// order the records pass through (no array is shifted).
  ///
  /// - Parameters:
  ///   - oldCount: the number of OLD records.
  ///   - newCount: the number of NEW records.
  /// - Returns: the steps, `deletes.count + inserts.count + moves.count +
  ///   updates.count` of them.
  /// - Precondition: the diff fits the counts (`oldCount - deletes.count ==
  ///   newCount - inserts.count`, every index in range, none twice).
  /// - Complexity: O((n + d) log n) for n = oldCount + newCount and d
  ///   changes.
  public func patchSteps(oldCount: Int, newCount: Int) -> [OrderedPatchStep] {
    let plan = OrderedPatchPlan(diff: self, oldCount: oldCount, newCount: newCount)
    return plan.steps(for: self)
  }

  /// The sequential patch that turns `old` into `new`, as operations that
  /// carry their elements (see `patchSteps(oldCount:newCount:)` for the
  /// order).
  ///
  /// - Parameters:
  ///   - old: the collection this diff was made from.
  ///   - new: the collection this diff leads to.
  /// - Returns: the operations.
  /// - Complexity: O((n + d) log n) for n records and d changes.
  public func patch<Old: Collection, New: Collection>(from old: Old, to new: New)
    -> [OrderedCollectionOperation<Old.Element>] where New.Element == Old.Element
  {
    let oldElements = Array(old)
    let newElements = Array(new)
    return patchSteps(oldCount: oldElements.count, newCount: newElements.count).map {
      $0.operation(old: oldElements, new: newElements)
    }
  }
}

/// The matching and slot layout behind `patchSteps(oldCount:newCount:)`.
///
/// The slots follow the order in which records appear during the patch:
/// before each record that stays (and at the end) come first the slots of
/// the new positions placed right after it, then the slots where the
/// moved records between it and the next staying record start.
private struct OrderedPatchPlan {
  /// For each new position: 0 stays, 1 inserted, 2 moved in.
  var newKind: [UInt8]
  /// For each new position: its old position, or -1 when inserted.
  var newToOld: [Int32]
  /// For each old position: its new position, or -1 when deleted.
  var oldToNew: [Int32]
  /// The slot of each new position that is inserted or moved in.
  var slotOfNew: [Int32]
  /// The slot of each old position that stays or moves.
  var slotOfOld: [Int32]
  /// Which slots hold a record once the deletes are done.
  var occupied: [Int32]

  init(diff: OrderedCollectionDiff<Int>, oldCount: Int, newCount: Int) {
    precondition(
      oldCount - diff.deletes.count == newCount - diff.inserts.count,
      "the diff does not fit the counts")
    var oldKind = [UInt8](repeating: 0, count: oldCount)  // 0 stays, 1 deleted, 2 moved
    newKind = [UInt8](repeating: 0, count: newCount)
    newToOld = [Int32](repeating: -1, count: newCount)
    oldToNew = [Int32](repeating: -1, count: oldCount)
    for old in diff.deletes {
      precondition(old >= 0 && old < oldCount && oldKind[old] == 0, "bad delete \(old)")
      oldKind[old] = 1
    }
    for new in diff.inserts {
      precondition(new >= 0 && new < newCount && newKind[new] == 0, "bad insert \(new)")
      newKind[new] = 1
    }
    for move in diff.moves {
      precondition(
        move.from >= 0 && move.from < oldCount && oldKind[move.from] == 0 && move.to >= 0
          && move.to < newCount && newKind[move.to] == 0, "bad move \(move)")
      oldKind[move.from] = 2
      newKind[move.to] = 2
      newToOld[move.to] = Int32(move.from)
      oldToNew[move.from] = Int32(move.to)
    }
    // Pair the staying records in order and lay out the slots.
    slotOfNew = [Int32](repeating: -1, count: newCount)
    slotOfOld = [Int32](repeating: -1, count: oldCount)
    occupied = [Int32](repeating: 0, count: newCount + diff.moves.count)
    oldKind.withUnsafeBufferPointer { oldKind in
      newKind.withUnsafeBufferPointer { newKind in
        oldToNew.withUnsafeMutableBufferPointer { oldToNew in
          newToOld.withUnsafeMutableBufferPointer { newToOld in
            slotOfNew.withUnsafeMutableBufferPointer { slotOfNew in
              slotOfOld.withUnsafeMutableBufferPointer { slotOfOld in
                occupied.withUnsafeMutableBufferPointer { occupied in
                  var old = 0
                  var new = 0
                  var slot: Int32 = 0
                  while true {
                    var stayOld = old
                    while stayOld < oldCount && oldKind[stayOld] != 0 { stayOld += 1 }
                    var stayNew = new
                    while stayNew < newCount && newKind[stayNew] != 0 { stayNew += 1 }
                    precondition(
                      (stayOld < oldCount) == (stayNew < newCount),
                      "the diff does not fit the counts")
                    // First the new positions placed after the previous staying record…
                    for placed in new..<stayNew {
                      slotOfNew[placed] = slot
                      slot += 1
                    }
                    // …then where the moved records between the staying ones start.
                    for start in old..<stayOld where oldKind[start] == 2 {
                      slotOfOld[start] = slot
                      occupied[Int(slot)] = 1
                      slot += 1
                    }
                    if stayOld == oldCount { break }
                    oldToNew[stayOld] = Int32(stayNew)
                    newToOld[stayNew] = Int32(stayOld)
                    slotOfOld[stayOld] = slot
                    occupied[Int(slot)] = 1
                    slot += 1
                    old = stayOld + 1
                    new = stayNew + 1
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  func steps(for diff: OrderedCollectionDiff<Int>) -> [OrderedPatchStep] {
    var steps: [OrderedPatchStep] = []
    steps.reserveCapacity(diff.count)
    // Delete from the back, so earlier positions hold.
    for old in diff.deletes.reversed() { steps.append(.delete(at: old, old: old)) }
    // Place inserts and moved records in new order.
    var slots = FenwickTree(counts: occupied)
    for new in 0..<newKind.count where newKind[new] != 0 {
      let target = Int(slotOfNew[new])
      if newKind[new] == 1 {
        steps.append(.insert(at: slots.countBefore(target), new: new))
      } else {
        let old = Int(newToOld[new])
        let source = Int(slotOfOld[old])
        let from = slots.countBefore(source)
        slots.add(-1, at: source)
        steps.append(.move(from: from, to: slots.countBefore(target), old: old, new: new))
      }
      slots.add(1, at: target)
    }
    // Update in new order, at the new positions.
    var updated = diff.updates.map { old in
      precondition(old >= 0 && old < oldToNew.count && oldToNew[old] >= 0, "bad update \(old)")
      return (new: Int(oldToNew[old]), old: old)
    }
    updated.sort { $0.new < $1.new }
    for pair in updated { steps.append(.update(at: pair.new, old: pair.old, new: pair.new)) }
    return steps
  }
}
