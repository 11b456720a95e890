import ColdiffFormats

/// Original records edited member by member (DESIGN §2.2, §2.7): a
/// `replace` of one member of an original record, and a `test` of a
/// member of a record so edited, work on the record's bytes and the
/// patch's without building the record's value; the record is written as
/// its value would be, from its bytes with the new members in place (a
/// table's row by its fields, `CSVOutputRow.edited`, taking plain strings;
/// a JSON record by its text, `JSONRecordOutput.edited`, taking any value).
/// Any other operation on the record builds its value with the new
/// members in place (`value(of:)`).
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

  /// Applies `operation`, a `replace` of a member of a record, on the
  /// record's bytes when the target holds JSON records in a list, and the
  /// record is an original without a value of its own that has the member.
  ///
  /// - Returns: whether it did; `false` leaves the target unchanged.
  /// - Throws: `PointerFailure` as the built operation would, when the
  ///   record does not exist.
  mutating func replaceMember(_ operation: JSONPatchOperation, of patch: RawJSONPatch)
    throws(PointerFailure) -> Bool
  {
    guard case .json(let index) = snapshot.storage else { return false }
    let tokens = operation.path.tokens
    let handle = try existingRecord(tokens[0], operation.path)
    guard Int(handle) < snapshot.count, !hasOwnValue(handle) else { return false }
    pages.noteRead()
    let record = index.recordRange(Int(handle))
    let found = snapshot.bytes.withUnsafeBufferPointer {
      JSONText.memberValue(named: tokens[1], in: $0, object: record)
    }
    guard let found else { return false }
    let json = Array(patch.bytes[patch.valueRange(of: operation)])
    setMember(MemberEdit(name: tokens[1], value: found, json: json), of: handle)
    return true
  }

  /// Whether member `name` of a JSON record edited member by member
  /// equals the patch's value `value`, told from their bytes: a new
  /// member's text is the patch's, an untouched one's as for an untouched
  /// record (`originalBytes`). `false` says nothing; `nil` when the record
  /// is not such a record.
  func editedMember(
    _ handle: Int32, named name: [UInt8], equal value: Range<Int>, of patch: RawJSONPatch
  ) -> Bool? {
    guard let members = memberEdits[handle] else { return nil }
    guard let edit = members.first(where: { $0.name == name }) else {
      return patch.bytes.withUnsafeBufferPointer {
        originalBytes(handle, at: name, equal: value, in: $0)
      }
    }
    return patch.bytes[value].elementsEqual(edit.json)
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

  /// The value of a JSON record `original` with `members` given their new
  /// values (each the last member of its name, as lookups see it).
  static func editing(_ original: JSONValue, _ members: [MemberEdit]) -> JSONValue {
    guard case .object(var object) = original else {
      preconditionFailure("a record edited member by member is an object")
    }
    for member in members {
      guard let index = object.index(of: member.name) else {
        preconditionFailure("an edited member is one of the record's")
      }
      object.members[index].value = member.json.withUnsafeBufferPointer { json in
        do {
          return try JSONReader.parseValue(in: json, range: 0..<json.count)
        } catch {
          preconditionFailure("a patch's value is valid JSON")
        }
      }
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
