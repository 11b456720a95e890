import ColdiffFormats

/// A JSON target's index held by reference (`PatchTarget.jsonIndex`), so
/// that the operations that read it, one after another, do not each take
/// a copy of it out of the snapshot's storage: a copy counted a reference
/// to each of its dozen arrays, and let them go again (a quarter of the
/// reference counting of a 100k-record JSON Lines apply).
final class JSONIndexReference: Sendable {
  /// The index.
  private let index: JSONCollectionIndex

  /// The index of `snapshot`, when it holds JSON records.
  init?(_ snapshot: Snapshot) {
    guard case .json(let index) = snapshot.storage else { return nil }
    self.index = index
  }

  /// Where record `record` lies in the input
  /// (`JSONCollectionIndex.recordRange(_:)`), read in place.
  func recordRange(_ record: Int) -> Range<Int> { index.recordRange(record) }
}
