import ColdiffFormats

/// The records a plain patch adds whole from its text (an `add` of a
/// record), written in the target's style ahead of time, on the core
/// that applying the patch in order leaves idle, so that writing the
/// result copies them (`JSONRecordOutput.written`) instead of writing
/// them then, after the operations, on one core.
struct AddedRecordTexts {
  /// The patch's text, which the added records' texts are slices of.
  private let patchBytes: [UInt8]
  /// The written texts, back to back.
  private var bytes: [UInt8] = []
  /// Where each added value's written text lies in `bytes`, by where the
  /// value starts in `patchBytes`.
  private var written: [Int: Range<Int>] = [:]

  /// None written.
  init() { patchBytes = [] }

  /// The records `patch` adds as text, written as `layout` writes them.
  init(_ patch: RawJSONPatch, layout: JSONCollectionLayout) {
    patchBytes = patch.bytes
    patch.bytes.withUnsafeBufferPointer { text in
      for operation in patch.operations where AddedRecordTexts.addsRecord(operation) {
        let value = patch.valueRange(of: operation)
        let start = bytes.count
        layout.writeText(UnsafeBufferPointer(rebasing: text[value]), to: &bytes)
        written[value.lowerBound] = start..<bytes.count
      }
    }
  }

  /// Whether `operation` adds a whole record given as text.
  static func addsRecord(_ operation: JSONPatchOperation) -> Bool {
    guard operation.kind == .add, operation.path.tokens.count == 1,
      case .raw? = operation.heldValue
    else { return false }
    return true
  }

  /// The text of the record added as `text` (a slice of the patch's
  /// text), as written ahead; `nil` for any other text.
  func written(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard let range = written[text.startIndex] else { return nil }
    let sameBytes = text.withUnsafeBufferPointer { slice in
      patchBytes.withUnsafeBufferPointer { whole in
        slice.baseAddress == whole.baseAddress.map { $0 + text.startIndex }
          && text.endIndex <= whole.count
      }
    }
    return sameBytes ? bytes[range] : nil
  }
}
