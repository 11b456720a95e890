import Synchronization

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
  /// first (in 32 bits, as `KeyArena` takes them).
  package let ends: [UInt32]
}

/// A table's captured keys, handed over once: the snapshot that makes
/// its key arena from them takes them (``take(column:)``), so that their
/// memory goes with the arena once the keys are matched instead of
/// staying with the table until the end of the run.
final class CSVCapturedKeysHolder: Sendable {
  private let keys: Mutex<CSVCapturedKeys?>

  /// Holds `keys`.
  init(_ keys: CSVCapturedKeys?) {
    self.keys = Mutex(keys)
  }

  /// The keys, unless they were taken.
  var keysLeft: CSVCapturedKeys? {
    keys.withLock { $0 }
  }

  /// The keys, when they are those of `column` and were not taken
  /// before; they are gone from here afterwards.
  func take(column: Int) -> CSVCapturedKeys? {
    keys.withLock { keys in
      guard let taken = keys, taken.column == column else { return nil }
      keys = nil
      return taken
    }
  }
}
