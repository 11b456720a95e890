import ColdiffFormats
import Glibc

/// How new records of a JSON target are written, used the other way
/// round: a value written in that style with the same bytes as an
/// untouched record is that record's value, found without parsing the
/// record or comparing trees (DESIGN §2.4).
package struct RecordStyle {
  private let layout: JSONCollectionLayout?

  /// The style of `snapshot`'s records; none for a table.
  package init(_ snapshot: Snapshot) {
    guard case .json(let index) = snapshot.storage else {
      layout = nil
      return
    }
    layout = snapshot.bytes.withUnsafeBufferPointer { buffer in
      JSONCollectionLayout(bytes: buffer, index: index)
    }
  }

  /// Whether untouched original record `handle` of `target` is `value`
  /// written in the target's style, so that the two are equal. `false`
  /// says nothing (they may still be equal).
  ///
  /// - Complexity: O(size of the value).
  package func isWritten(_ value: JSONValue, as handle: Int32, of target: PatchTarget) -> Bool {
    guard let layout, target.isUntouchedOriginal(handle),
      case .json(let index) = target.snapshot.storage
    else { return false }
    let record = index.recordRange(Int(handle))
    var written: [UInt8] = []
    written.reserveCapacity(record.count)
    JSONWriter.write(value, style: layout.style, depth: layout.recordDepth, to: &written)
    guard written.count == record.count, !record.isEmpty else { return false }
    return written.withUnsafeBufferPointer { written in
      target.snapshot.bytes.withUnsafeBufferPointer { bytes in
        memcmp(written.baseAddress!, bytes.baseAddress! + record.lowerBound, record.count) == 0
      }
    }
  }
}
