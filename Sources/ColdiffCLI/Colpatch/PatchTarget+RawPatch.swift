import ColdiffFormats
import Glibc

extension PatchTarget {
  /// Applies an RFC 6902 patch read in its plain form, one operation after
  /// another, as `JSONPatch.apply(to:)` does, with the common record
  /// operations done on handles and bytes (DESIGN §2.2, §2.7): a `remove`
  /// or `move` of a whole record never builds its value (a moved record
  /// is copied byte for byte when written), and a `test` of an untouched
  /// record or of one of its members compares the patch's bytes with the
  /// target's before building anything. Every other operation, and a
  /// `test` whose bytes differ, runs as the built operation would, so the
  /// results and messages are those of `JSONPatch`.
  ///
  /// - Parameter patch: the patch.
  /// - Throws: `JSONPatchApplicationError` naming the first operation that
  ///   does not apply and why.
  /// - Complexity: O(n/c + c) for each record operation (see
  ///   `RecordSequence`), O(m) for a `test` of m bytes.
  mutating func apply(_ patch: RawJSONPatch) throws(JSONPatchApplicationError) {
    for (index, operation) in patch.operations.enumerated() {
      do {
        if try applyOnHandles(operation, of: patch) { continue }
        try patch.built(operation).apply(to: &self)
      } catch {
        throw JSONPatchApplicationError(
          operationIndex: index, operationName: operation.kind.name, path: operation.path,
          reason: error.reason)
      }
    }
  }

  /// Applies `operation` when it is a record operation on a list of
  /// records that needs no value built.
  ///
  /// - Returns: whether it did; `false` leaves the target unchanged.
  /// - Throws: `PointerFailure` as the built operation would.
  private mutating func applyOnHandles(
    _ operation: RawJSONPatch.Operation, of patch: RawJSONPatch
  ) throws(PointerFailure) -> Bool {
    guard replacement == nil, !isObjectMap else { return false }
    let tokens = operation.path.tokens
    switch operation.kind {
    case .test where tokens.count == 1 || tokens.count == 2:
      let handle = try existingRecord(tokens[0], operation.path)
      return isUntouchedOriginal(handle)
        && originalBytes(handle, at: tokens.dropFirst().first, equal: operation.value, of: patch)
    case .remove where tokens.count == 1:
      _ = try existingRecord(tokens[0], operation.path)
      sequence.remove(at: try position(tokens[0], operation.path))
      return true
    case .move where tokens.count == 1 && operation.from?.tokens.count == 1:
      guard let from = operation.from, from != operation.path else { return false }
      let handle: Int32
      do {
        _ = try existingRecord(from.tokens[0], from)
        handle = sequence.remove(at: try position(from.tokens[0], from))
      } catch {
        throw PointerFailure(reason: "\"from\" \(error.reason)")
      }
      sequence.insert(handle, at: try insertionPosition(tokens[0], operation.path))
      return true
    default:
      return false
    }
  }

  /// Whether the bytes of original JSON record `handle` (or of its member
  /// `member`) are those of `value` in the patch: then the two are equal
  /// as JSON values. `false` says nothing.
  private func originalBytes(
    _ handle: Int32, at member: [UInt8]?, equal value: Range<Int>, of patch: RawJSONPatch
  ) -> Bool {
    guard let record = snapshot.rawJSON(of: Int(handle)) else { return false }
    return record.withUnsafeBufferPointer { record in
      var range = 0..<record.count
      if let member {
        guard let found = JSONText.memberValue(named: member, in: record, object: range) else {
          return false
        }
        range = found
      }
      return patch.bytes.withUnsafeBufferPointer { patchBytes in
        range.count == value.count
          && memcmp(
            record.baseAddress! + range.lowerBound, patchBytes.baseAddress! + value.lowerBound,
            range.count) == 0
      }
    }
  }
}
