import ColdiffFormats

/// A JSON target's index held by reference (`PatchTarget.jsonIndex`), so
/// that the operations that read it, one after another, do not each take
/// a copy of it out of the snapshot's storage: a copy counted a reference
/// to each of its dozen arrays, and let them go again (a quarter of the
/// reference counting of a 100k-record JSON Lines apply). It also keeps
/// the member of an original record looked up last: a patch tests a
/// member's value before it replaces it, and the replace finds the
/// member here instead of walking the record's members again (a record's
/// original bytes never change, so what was found stays true).
///
/// (Sendable unchecked: the member looked up last is read and written
/// only by the operations, applied in order on one thread; the writing
/// reads the index alone.)
final class JSONIndexReference: @unchecked Sendable {
  /// The index.
  private let index: JSONCollectionIndex
  /// The original record whose member was looked up last (-1: none), the
  /// member's name (a member of the record's own), and where its value
  /// lies, if it has one.
  private var lastRecord: Int32 = -1
  private var lastName: [UInt8] = []
  private var lastValue: Range<Int>?

  /// The index of `snapshot`, when it holds JSON records.
  init?(_ snapshot: Snapshot) {
    guard case .json(let index) = snapshot.storage else { return nil }
    self.index = index
  }

  /// Where record `record` lies in the input
  /// (`JSONCollectionIndex.recordRange(_:)`), read in place.
  func recordRange(_ record: Int) -> Range<Int> { index.recordRange(record) }

  /// Where the member at `path` of original record `record` lies, as
  /// `find` tells it, or as it told it the last time, when that was for
  /// the same member of the record's own.
  func member(
    of record: Int32, at path: ArraySlice<[UInt8]>, _ find: () -> Range<Int>?
  ) -> Range<Int>? {
    guard path.count == 1, let name = path.first else { return find() }
    if record == lastRecord && name == lastName { return lastValue }
    let value = find()
    (lastRecord, lastName, lastValue) = (record, name, value)
    return value
  }
}
