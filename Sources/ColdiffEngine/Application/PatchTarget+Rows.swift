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
        throw PointerFailure(
          reason: "the value for column \"\(member.name.string)\" would be "
            + "\(member.value.kindName); a table's field holds text")
      default: continue
      }
    }
  }

}
