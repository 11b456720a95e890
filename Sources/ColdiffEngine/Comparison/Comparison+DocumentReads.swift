import ColdiffCore
import ColdiffFormats

/// What the diff document reads of one record: its key, its position (a
/// member name in an object map) and, for a record the document shows
/// whole, its value.
struct DocumentRead {
  /// The record's key (`Comparison.key(old:)`, `key(new:)`).
  let key: JSONValue?
  /// Where the record is, as the document names it.
  let position: DiffDocument.Position
  /// The record itself, when asked for.
  let value: DocumentValue?
}

/// What the document reads of some records of one snapshot (OLD or NEW),
/// read in one walk over the snapshot in order that lets its pages go
/// behind it (`mapReleasingBehind`): one walk maps a released input's
/// pages again once, where a walk per kind of entry would map them again
/// each time. Looked up by record, by a binary search of the records
/// read (no hashing, no table to build).
struct DocumentReads {
  /// The records read, ascending, each once.
  private let records: [Int]
  /// What was read of each of `records`.
  private let reads: [DocumentRead]

  /// Reads `records` of `snapshot`.
  ///
  /// - Parameters:
  ///   - snapshot: OLD or NEW.
  ///   - records: the records whose key and position are read, in any
  ///     order, repeats allowed.
  ///   - values: those of `records` whose value is read too.
  ///   - identity: how the records are keyed.
  /// - Complexity: O(r log r) for r records, and their parses.
  init(of snapshot: Snapshot, _ records: [Int], values: Set<Int>, identity: Identity) {
    let names = identity == .memberName
    self.records = Array(Set(records)).sorted()
    reads = snapshot.mapReleasingBehind(self.records) { record in
      DocumentRead(
        key: snapshot.keyValue(of: record, identity: identity),
        position: names ? .name(snapshot.memberName(of: record)) : .index(record),
        value: values.contains(record) ? snapshot.documentValue(of: record) : nil)
    }
  }

  /// What was read of `record`, one of the records read.
  subscript(record: Int) -> DocumentRead {
    let read = firstPosition(below: records.count) { records[$0] >= record }
    precondition(read < records.count && records[read] == record, "a record that was not read")
    return reads[read]
  }
}
