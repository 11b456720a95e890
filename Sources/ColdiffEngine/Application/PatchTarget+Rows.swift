import ColdiffFormats

extension PatchTarget {
  /// Checks that `record` can be a row of this target when it is a CSV or
  /// TSV table: an object whose members are scalars (a field holds text).
  /// Other targets take any value.
  ///
  /// An RFC 6902 op that would make a row of something else does not fit
  /// this target, so it fails where it stands (exit 1, naming the op)
  /// instead of when the result is written.
  ///
  /// - Parameter record: the record's new value.
  /// - Throws: `PointerFailure` saying what the row or field would be.
  /// - Complexity: O(m) for m members.
  package func checkRow(_ record: JSONValue) throws(PointerFailure) {
    guard case .table = snapshot.storage else { return }
    guard case .object(let object) = record else {
      throw PointerFailure(
        reason: "a row of a table must be an object, not \(record.kindName)")
    }
    for member in object.members {
      switch member.value {
      case .array, .object:
        throw PatchTarget.notText(column: member.name.string, kind: member.value.kindName)
      default: continue
      }
    }
  }

  /// Checks, as ``checkRow(_:)`` checks its value, that a record given as
  /// text (the validated JSON text of one value) can be a row of this
  /// target, without building its value.
  ///
  /// - Throws: `PointerFailure` saying what the row or field would be.
  /// - Complexity: O(size of the text).
  func checkRow(text: ArraySlice<UInt8>) throws(PointerFailure) {
    guard case .table = snapshot.storage, let refusal = CSVTextRow.refusal(of: text) else {
      return
    }
    guard let column = refusal.column else {
      throw PointerFailure(reason: "a row of a table must be an object, not \(refusal.kind)")
    }
    throw PatchTarget.notText(column: String(decoding: column, as: UTF8.self), kind: refusal.kind)
  }

  /// The failure of a row whose field `column` would hold a value of
  /// `kind` ("an array", "an object").
  private static func notText(column: String, kind: String) -> PointerFailure {
    PointerFailure(
      reason: "the value for column \"\(column)\" would be \(kind); a table's field holds text")
  }
}
