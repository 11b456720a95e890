import ColdiffFormats
import Glibc

extension PatchTarget {
  /// Applies an RFC 6902 patch read in its plain form, one operation after
  /// another, as `JSONPatch.apply(to:)` does, with the common record
  /// operations done on handles and bytes (DESIGN §2.2, §2.7): a `remove`
  /// or `move` of a whole record never builds its value (a moved record
  /// is copied byte for byte when written), nor does an `add` of a record
  /// (written from the patch's text, a table's row by its members), a
  /// `test` of an untouched record or of one of its members (or of a
  /// member of an object nested in it) compares the patch's bytes with
  /// the target's before building anything, and a record takes a
  /// `replace` of such a member (a table's row of a field with a string),
  /// and a `test` of a member after one, on its bytes
  /// (`PatchTarget+FieldEdits`). Every other operation, and a `test`
  /// whose bytes differ, runs as the built operation would, so the
  /// results and messages are those of `JSONPatch`. The records it adds
  /// whole to a JSON list are written in the list's style on the other
  /// core meanwhile (`AddedRecordTexts`).
  ///
  /// - Parameter patch: the patch.
  /// - Throws: `JSONPatchApplicationError` naming the first operation that
  ///   does not apply and why.
  /// - Complexity: O(log(n/c) + c) for each record operation (see
  ///   `RecordSequence`), O(m) for a `test` of m bytes.
  package mutating func apply(_ patch: RawJSONPatch) throws(JSONPatchApplicationError) {
    // The records the patch adds whole from its text are written in the
    // target's style on the other core meanwhile (`AddedRecordTexts`).
    guard let layout = addedRecordsLayout,
      patch.operations.contains(where: AddedRecordTexts.addsRecord)
    else { return try applyInOrder(patch) }
    let (_, texts) = try Parallel.both(
      { () throws(JSONPatchApplicationError) -> Void in try applyInOrder(patch) },
      { () throws(JSONPatchApplicationError) -> AddedRecordTexts in
        AddedRecordTexts(patch, layout: layout)
      })
    addedTexts = texts
  }

  /// The layout records added to this target are written by, when they
  /// can be written ahead (a JSON array or JSON Lines target).
  private var addedRecordsLayout: JSONCollectionLayout? {
    guard replacement == nil, !isObjectMap, case .json(let index) = snapshot.storage else {
      return nil
    }
    return snapshot.bytes.withUnsafeBufferPointer {
      JSONCollectionLayout(bytes: $0, index: index)
    }
  }

  /// Applies `patch` as ``apply(_:)`` describes, one operation after
  /// another; a long patch's tests of untouched records compared on the
  /// other core meanwhile (`applyDeferringTests(_:originals:)`).
  private mutating func applyInOrder(_ patch: RawJSONPatch) throws(JSONPatchApplicationError) {
    if let originals = testedOriginals(patch) {
      try applyDeferringTests(patch, originals: originals)
    } else {
      try applyOneByOne(patch)
    }
  }

  /// Applies every operation of `patch` in order, as ``apply(_:)``
  /// describes, each test compared where it comes.
  mutating func applyOneByOne(_ patch: RawJSONPatch) throws(JSONPatchApplicationError) {
    var compared: [DeferredTest]? = nil
    try apply(patch, operations: patch.operations.indices, leavingTestsIn: &compared)
  }

  /// Applies the operations at `indices` of `patch` in order, as
  /// ``apply(_:)`` describes; with `tests`, a test of an untouched
  /// original record is added to them instead of compared (but a JSON
  /// member's just before its replace, which finds the member where the
  /// test found it, `JSONIndexReference`).
  mutating func apply(
    _ patch: RawJSONPatch, operations indices: Range<Int>,
    leavingTestsIn tests: inout [DeferredTest]?
  ) throws(JSONPatchApplicationError) {
    let json = jsonIndex != nil
    // Each operation is read in place, not copied out (a retain and a
    // release of each of its parts).
    try patch.operations.withUnsafeBufferPointer {
      (operations) throws(JSONPatchApplicationError) in
      for index in indices {
        let deferring =
          tests != nil && !(json && PatchTarget.replacedNext(operations, after: index))
        do throws(PointerFailure) {
          switch try applyOnHandles(operations[index], of: patch, deferring: deferring) {
          case .applied: continue
          case .deferred(let handle): tests?.append(DeferredTest(operation: index, handle: handle))
          case .left: try operations[index].apply(to: &self)
          }
        } catch {
          throw JSONPatchApplicationError(
            operationIndex: index, operationName: operations[index].kind.name,
            path: operations[index].path, reason: error.reason)
        }
      }
    }
  }

  /// What ``applyOnHandles(_:of:deferring:)`` did with an operation.
  enum HandledOperation {
    /// It applied the operation (or a test held).
    case applied
    /// It left the operation unchanged, for the built operation to run.
    case left
    /// A test of the untouched original record `handle`, whose bytes are
    /// for the caller to compare (`originalBytes`).
    case deferred(handle: Int32)
  }

  /// Applies `operation` when it is a record operation on a list of
  /// records that needs no value built; with `deferring`, a test of an
  /// untouched original record is left to the caller to compare.
  ///
  /// - Returns: what it did; `.left` leaves the target unchanged.
  /// - Throws: `PointerFailure` as the built operation would.
  mutating func applyOnHandles(
    _ operation: JSONPatchOperation, of patch: RawJSONPatch, deferring: Bool
  ) throws(PointerFailure) -> HandledOperation {
    guard replacement == nil, !isObjectMap else { return .left }
    let tokens = operation.path.tokens
    switch operation.kind {
    case .test where !tokens.isEmpty:
      let handle = try existingRecord(tokens[0], operation.path)
      let (path, value) = (tokens.dropFirst(), patch.valueRange(of: operation))
      if tokens.count == 2,
        let same = editedField(handle, named: tokens[1], equal: value, of: patch)
      {
        return same ? .applied : .left
      }
      if tokens.count >= 2, let same = editedMember(handle, at: path, equal: value, of: patch) {
        return same ? .applied : .left
      }
      guard isUntouchedOriginal(handle) else { return .left }
      if deferring { return .deferred(handle: handle) }
      return originalBytes(handle, at: path, equal: value, of: patch) ? .applied : .left
    case .replace where tokens.count >= 2:
      if tokens.count == 2, try replaceField(operation, of: patch) { return .applied }
      return try replaceMember(operation, of: patch) ? .applied : .left
    case .add where tokens.count == 1:
      // An added record keeps the patch's text (a table's row checked on
      // it first, as the built operation checks its value).
      guard case .raw(let text)? = operation.heldValue else { return .left }
      try checkRow(text: text)
      let position = try insertionPosition(tokens[0], operation.path)
      sequence.insert(makeRecord(text: text), at: position)
      return .applied
    case .remove where tokens.count == 1:
      _ = try existingRecord(tokens[0], operation.path)
      sequence.remove(at: try position(tokens[0], operation.path))
      return .applied
    case .move where tokens.count == 1 && operation.from?.tokens.count == 1:
      guard let from = operation.from, from != operation.path else { return .left }
      let handle: Int32
      do {
        _ = try existingRecord(from.tokens[0], from)
        handle = sequence.remove(at: try position(from.tokens[0], from))
      } catch {
        throw PointerFailure(reason: "\"from\" \(error.reason)")
      }
      sequence.insert(handle, at: try insertionPosition(tokens[0], operation.path))
      return .applied
    default:
      return .left
    }
  }

  /// Whether original record `handle` (or its member at `path`, names
  /// from the record down) equals `value` in the patch, told from their
  /// bytes: a JSON record's bytes are those of `value`, or each field of
  /// a CSV row holds the text of a string (compared character by
  /// character when the field is quoted or the string has escapes, a
  /// `\u` escape left out). `false` says nothing (the values may still
  /// be equal).
  private func originalBytes(
    _ handle: Int32, at path: ArraySlice<[UInt8]>, equal value: Range<Int>,
    of patch: RawJSONPatch
  ) -> Bool {
    patch.bytes.withUnsafeBufferPointer { patchBytes in
      originalBytes(handle, at: path, equal: value, in: patchBytes)
    }
  }

  /// Whether original record `handle` (or its member at `path`) equals
  /// the valid JSON value `patchBytes[value]`, told from their bytes as
  /// `originalBytes(_:at:equal:of:)` tells it. `false` says nothing.
  package func originalBytes(
    _ handle: Int32, at path: ArraySlice<[UInt8]>, equal value: Range<Int>,
    in patchBytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    if let json = jsonIndex {
      guard let range = memberValue(of: handle, at: path, in: json) else { return false }
      return snapshot.bytes.withUnsafeBufferPointer { bytes in
        PatchTarget.same(bytes, range, patchBytes, value)
      }
    }
    guard case .table(let table) = snapshot.storage else { return false }
    pages.noteRead()
    return PatchTarget.originalRow(table, handle, at: path, equal: value, in: patchBytes)
  }

  /// Whether row `handle` of `table` (or its field named by `path`'s one
  /// name) holds the valid JSON value `patchBytes[value]`, told from
  /// their bytes as `originalBytes(_:at:equal:of:)` tells it: each field
  /// the text of a string. `false` says nothing.
  static func originalRow(
    _ table: CSVTable, _ handle: Int32, at path: ArraySlice<[UInt8]>, equal value: Range<Int>,
    in patchBytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    table.bytes.withUnsafeBufferPointer { bytes in
      guard path.count <= 1 else { return false }
      if let member = path.first {
        guard let column = table.column(named: member) else { return false }
        return PatchTarget.field(
          bytes, table.rawFieldRange(row: Int(handle), column: column),
          isString: patchBytes, value)
      }
      guard let members = JSONText.members(in: patchBytes, object: value),
        members.count == table.columnCount
      else { return false }
      let fields = table.rawFieldRanges(ofRow: Int(handle))
      guard fields.count == members.count else { return false }
      var seen = [Bool](repeating: false, count: fields.count)
      for (name, field) in members {
        let name = UnsafeBufferPointer(rebasing: patchBytes[name])
        guard !name.contains(UInt8(ascii: "\\")), let column = table.column(named: name),
          !seen[column],
          PatchTarget.field(bytes, fields[column], isString: patchBytes, field)
        else { return false }
        seen[column] = true
      }
      return true
    }
  }

  /// Whether two byte ranges hold the same bytes.
  static func same(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ other: UnsafeBufferPointer<UInt8>, _ otherRange: Range<Int>
  ) -> Bool {
    range.count == otherRange.count
      && memcmp(
        bytes.baseAddress! + range.lowerBound, other.baseAddress! + otherRange.lowerBound,
        range.count) == 0
  }

  /// Whether a CSV field (`bytes[field]`, as written: quoted or not) holds
  /// the text of the JSON string `patch[string]`: the field's characters
  /// (a quoted field's `""` one `"`) against the string's (an escape one
  /// character). `false` says nothing: a `\u` escape is not compared.
  private static func field(
    _ bytes: UnsafeBufferPointer<UInt8>, _ field: Range<Int>,
    isString patch: UnsafeBufferPointer<UInt8>, _ string: Range<Int>
  ) -> Bool {
    let (quote, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"))
    guard string.count >= 2, patch[string.lowerBound] == quote else { return false }
    let text = (string.lowerBound + 1)..<(string.upperBound - 1)
    let quoted = !field.isEmpty && bytes[field.lowerBound] == quote
    if !quoted, !patch[text].contains(backslash) {
      return text.isEmpty ? field.isEmpty : same(bytes, field, patch, text)
    }
    // A valid quoted field ends with its closing quote.
    var (at, end) =
      quoted ? (field.lowerBound + 1, field.upperBound - 1) : (field.lowerBound, field.upperBound)
    var next = text.lowerBound
    while at < end, next < text.upperBound {
      let byte = bytes[at]
      at += quoted && byte == quote ? 2 : 1
      var character = patch[next]
      next += 1
      if character == backslash {
        guard let escaped = JSONText.simpleEscape(patch[next]) else { return false }
        character = escaped
        next += 1
      }
      guard byte == character else { return false }
    }
    return at == end && next == text.upperBound
  }
}
