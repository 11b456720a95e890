/// How much memory `colpatch apply --memory` needs (SPEC §8.3): the target
/// stays mapped but not resident (its pages go behind every walk), so
/// what is held is its index, what the patch takes, and a fixed window of
/// pages and buffers.
///
/// SPEC §8.3 promises a peak within the budget plus a fixed overhead of
/// at most 64 MiB, so the smallest budget that works is what is held
/// less that overhead. The figures are upper bounds measured on the
/// benchmark workloads (1M records, 1% of them changed, release build):
/// a record's index (its start and end, for a diff document the key the
/// scan notes, the target's key table and the positions the document
/// is placed by; the handles of the result) and a patch held as its
/// bytes, its operations or entries, and the values it inserts.
package struct ApplicationBudget: Equatable, Sendable {
  /// The budget in bytes.
  package var budget: Int

  /// What is held for each record of a target, by its form and by how
  /// the patch finds records.
  package struct RecordCost: Equatable, Sendable {
    /// The bytes of a JSON record (array element or JSON Lines line).
    package var json: Int
    /// The bytes of a CSV or TSV row.
    package var row: Int
    /// The bytes of a member of a JSON object map.
    package var member: Int
  }

  /// The bytes a record takes when an RFC 6902 patch finds it by position.
  package static let positional = RecordCost(json: 32, row: 40, member: 160)
  /// The bytes a record takes when a diff document finds it by key.
  package static let byKey = RecordCost(json: 88, row: 56, member: 160)
  /// How many times its size a patch takes once read.
  package static let patchFactor = 8
  /// What is held whatever the inputs: the pages read between two
  /// releases (at most 256 reads of 64 KiB), the output buffer, the
  /// program itself.
  package static let windowBytes = 24 << 20
  /// The overhead SPEC §8.3 allows beyond the budget.
  package static let allowedOverhead = 64 << 20
  /// The smallest budget named: the output buffer.
  package static let floor = 1 << 20

  /// A budget of `budget` bytes.
  package init(_ budget: Int) {
    self.budget = budget
  }

  /// The peak resident memory of applying a patch of `patchBytes` bytes
  /// to a target of `records` records, each costing `perRecord`.
  package static func peak(records: Int, perRecord: Int, patchBytes: Int) -> Int {
    records * perRecord + patchBytes * patchFactor + windowBytes
  }

  /// The smallest budget that works for a peak of `peak` bytes, rounded
  /// up to a whole MiB.
  package static func smallestBudget(peak: Int) -> Int {
    let bytes = max(peak - allowedOverhead, floor)
    return ((bytes + (1 << 20) - 1) >> 20) << 20
  }

  /// Whether a target and a patch of these sizes can be applied in
  /// memory as a whole (the target resident, about 1.5 times its size
  /// with its index) within the budget.
  package func fitsInMemory(targetBytes: Int, patchBytes: Int) -> Bool {
    targetBytes + targetBytes / 2 + patchBytes * ApplicationBudget.patchFactor <= budget
  }

  /// Checks that the budget is enough for `target` and a patch of
  /// `patchBytes` bytes.
  ///
  /// - Parameters:
  ///   - target: the target, indexed.
  ///   - patchBytes: the size of the patch.
  ///   - byKey: whether the patch is a diff document (it finds records
  ///     by key) rather than an RFC 6902 patch.
  /// - Throws: `BudgetTooSmallError` naming the smallest that works.
  package func check(_ target: Snapshot, patchBytes: Int, byKey: Bool) throws(BudgetTooSmallError) {
    let cost = byKey ? ApplicationBudget.byKey : ApplicationBudget.positional
    let perRecord: Int
    switch target.storage {
    case .table: perRecord = cost.row
    case .json: perRecord = target.isObjectMap ? cost.member : cost.json
    }
    let smallest = ApplicationBudget.smallestBudget(
      peak: ApplicationBudget.peak(
        records: target.count, perRecord: perRecord, patchBytes: patchBytes))
    guard smallest <= budget else { throw BudgetTooSmallError(smallestBudget: smallest) }
  }
}
