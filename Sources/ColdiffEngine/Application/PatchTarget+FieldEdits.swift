import ColdiffFormats

/// The rows of a table edited field by field (DESIGN §2.2, §2.7): a
/// `replace` of one field of an original row with a plain string, and a
/// `test` of a field of a row so edited, work on the row's fields without
/// building its value; the row is written as its value would be
/// (`CSVOutputRow.edited`). Any other operation on the row builds its
/// value with the new fields in place (`value(of:)`).
extension PatchTarget {
  /// Applies `operation`, a `replace` of a field of a record, on the
  /// record's fields when the target is a table, the record an original
  /// row without a value of its own, the field one of the table's columns
  /// and the value a string without escapes.
  ///
  /// - Returns: whether it did; `false` leaves the target unchanged.
  /// - Throws: `PointerFailure` as the built operation would, when the
  ///   record does not exist.
  mutating func replaceField(_ operation: JSONPatchOperation, of patch: RawJSONPatch)
    throws(PointerFailure) -> Bool
  {
    guard case .table(let table) = snapshot.storage else { return false }
    let tokens = operation.path.tokens
    let handle = try existingRecord(tokens[0], operation.path)
    guard Int(handle) < snapshot.count, !hasOwnValue(handle),
      let column = table.column(named: tokens[1]),
      let text = PatchTarget.plainText(patch.bytes, patch.valueRange(of: operation))
    else { return false }
    setField(column, to: Array(text), of: handle)
    return true
  }

  /// Whether field `name` of a row edited field by field equals the
  /// patch's value `value`, told from their bytes: a new field's text is
  /// that of a string without escapes, an untouched one's as for an
  /// untouched row (`originalBytes`). `false` says nothing (the values may
  /// still be equal); `nil` when the record is not such a row.
  func editedField(
    _ handle: Int32, named name: [UInt8], equal value: Range<Int>, of patch: RawJSONPatch
  ) -> Bool? {
    guard let fields = fieldEdits[handle], case .table(let table) = snapshot.storage else {
      return nil
    }
    guard let column = table.column(named: name) else { return false }
    guard let edit = fields.first(where: { $0.column == column }) else {
      return patch.bytes.withUnsafeBufferPointer {
        originalBytes(handle, at: name, equal: value, in: $0)
      }
    }
    return PatchTarget.plainText(patch.bytes, value)?.elementsEqual(edit.text) ?? false
  }

  /// The value of a table's row `original` with `fields` given their new
  /// strings.
  static func editing(_ original: JSONValue, _ fields: [(column: Int, text: [UInt8])])
    -> JSONValue
  {
    guard case .object(var object) = original else {
      preconditionFailure("a table's row is an object of one member a column")
    }
    for (column, text) in fields {
      object.members[column].value = .string(CSVTable.jsonString(text))
    }
    return .object(object)
  }

  /// The text of the JSON string `bytes[value]` when it has no escape,
  /// else (or for another kind of value) `nil`.
  static func plainText(_ bytes: [UInt8], _ value: Range<Int>) -> ArraySlice<UInt8>? {
    let quote = UInt8(ascii: "\"")
    guard value.count >= 2, bytes[value.lowerBound] == quote else { return nil }
    let text = bytes[(value.lowerBound + 1)..<(value.upperBound - 1)]
    return text.contains(UInt8(ascii: "\\")) ? nil : text
  }
}
