/// The canonical key bytes (`JSONCanonicalKey`) of one column of every
/// line of a CSV or TSV file, made by the scan while each row was in
/// cache (`CSVTable.init(bytes:delimiter:chunking:known:keyName:)`), so
/// that no second walk over the rows looks for the key field.
///
/// The header's key is empty: line `0`'s key ends at 0, so ``ends`` is
/// also where each record's key starts, with one more entry (the end of
/// the last record's key) than there are records, as `KeyArena` takes
/// them.
package struct CSVCapturedKeys: Sendable, Equatable {
  /// The column whose fields are the keys.
  package let column: Int
  /// Each record's key, a field's value encoded as a JSON string's
  /// canonical bytes, back to back.
  package let bytes: [UInt8]
  /// Where each line's key ends in ``bytes``, the header (an empty key)
  /// first.
  package let ends: [Int]
}
