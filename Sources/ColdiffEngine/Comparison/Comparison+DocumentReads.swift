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

extension Comparison {
  /// What the document reads of `records` of `snapshot` (OLD or NEW; in
  /// any order, repeats allowed), read in one walk over the snapshot in
  /// order that lets its pages go behind it (`mapReleasingBehind`): one
  /// walk maps a released input's pages again once, where a walk per
  /// kind of entry would map them again each time.
  ///
  /// - Parameters:
  ///   - snapshot: `old` or `new`.
  ///   - records: the records whose key and position are read.
  ///   - values: those of `records` whose value is read too.
  /// - Returns: what was read, by record.
  /// - Complexity: O(r log r) for r records, and their parses.
  func documentReads(of snapshot: Snapshot, _ records: [Int], values: Set<Int>) -> [Int:
    DocumentRead]
  {
    let names = identity == .memberName
    let ordered = Array(Set(records)).sorted()
    let reads = snapshot.mapReleasingBehind(ordered) { record in
      DocumentRead(
        key: snapshot.keyValue(of: record, identity: identity),
        position: names ? .name(snapshot.memberName(of: record)) : .index(record),
        value: values.contains(record) ? snapshot.documentValue(of: record) : nil)
    }
    return Dictionary(uniqueKeysWithValues: zip(ordered, reads))
  }
}
