import ColdiffCore
import ColdiffFormats

/// One side of a three-way merge: BASE compared with it, indexed both
/// ways between BASE's records and the side's.
struct MergeSide {
  /// BASE compared with this side.
  let comparison: Comparison
  /// For each BASE record, its position on this side, or -1 (deleted).
  let fromBase: [Int32]
  /// For each BASE record, whether this side moved it.
  let movedBase: [Bool]
  /// For each record of this side, whether this side put it where it is
  /// (inserted or moved it).
  let placed: [Bool]

  /// Indexes `comparison`.
  init(_ comparison: Comparison) {
    self.comparison = comparison
    var fromBase = [Int32](repeating: -1, count: comparison.old.count)
    for (index, baseIndex) in comparison.newToOld.enumerated() where baseIndex >= 0 {
      fromBase[Int(baseIndex)] = Int32(index)
    }
    var movedBase = [Bool](repeating: false, count: comparison.old.count)
    var placed = [Bool](repeating: false, count: comparison.new.count)
    for move in comparison.diff.moves {
      movedBase[move.from] = true
      placed[move.to] = true
    }
    for insert in comparison.diff.inserts { placed[insert] = true }
    self.fromBase = fromBase
    self.movedBase = movedBase
    self.placed = placed
  }

  /// The side's snapshot.
  var snapshot: Snapshot { comparison.new }

  /// The side's position of the BASE record `baseIndex`, if it kept it.
  func position(ofBase baseIndex: Int) -> Int? {
    let index = fromBase[baseIndex]
    return index >= 0 ? Int(index) : nil
  }

  /// The field changes this side made to the BASE record `baseIndex`.
  func changes(ofBase baseIndex: Int) -> [FieldChange]? { comparison.changes[baseIndex] }
}
