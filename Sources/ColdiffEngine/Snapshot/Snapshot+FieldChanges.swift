import ColdiffFormats

extension Snapshot {
  /// The field changes from record `record` to record `otherRecord` of
  /// `other`, without the `ignored` paths.
  ///
  /// Two JSON records with nothing ignored are compared member by member
  /// on their bytes, building values only for members that differ;
  /// otherwise both values are built and compared.
  ///
  /// - Complexity: O(size of the records).
  package func fieldChanges(
    _ record: Int, to other: Snapshot, _ otherRecord: Int, ignoring ignored: [[[UInt8]]]
  ) -> [FieldChange] {
    guard ignored.isEmpty, case .json(let index) = storage,
      case .json(let otherIndex) = other.storage
    else {
      return FieldChange.between(
        value(of: record).removing(paths: ignored),
        other.value(of: otherRecord).removing(paths: ignored))
    }
    return bytes.withUnsafeBufferPointer { mine in
      other.bytes.withUnsafeBufferPointer { theirs in
        FieldChange.between(
          mine, index.recordRange(record), theirs, otherIndex.recordRange(otherRecord))
      }
    }
  }
}
