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

  /// Applies `operation`, a `replace` of a member of a record (or of an
  /// object nested in it, through members), on the record's bytes when
  /// the target holds JSON records in a list, and the record is an
  /// original without a value of its own that has the member, and no
  /// member edited before holds it or is in it.
  ///
  /// - Returns: whether it did; `false` leaves the target unchanged.
  /// - Throws: `PointerFailure` as the built operation would, when the
  ///   record does not exist.
  mutating func replaceMember(_ operation: JSONPatchOperation, of patch: RawJSONPatch)
    throws(PointerFailure) -> Bool
  {
    guard let index = jsonIndex else { return false }
    let tokens = operation.path.tokens
    let handle = try existingRecord(tokens[0], operation.path)
    guard Int(handle) < snapshot.count, !hasOwnValue(handle) else { return false }
    let path = tokens.dropFirst()
    if let members = memberEdits[handle],
      members.contains(where: { PatchTarget.nested($0.path, path) })
    {
      return false
    }
    guard let found = memberValue(of: handle, at: path, in: index) else { return false }
    let json = Array(patch.bytes[patch.valueRange(of: operation)])
    setMember(MemberEdit(path: Array(path), value: found, json: json), of: handle)
    return true
  }

  /// Whether one of two member paths goes on past the other (the member
  /// one names holds the other's).
  static func nested(_ path: [[UInt8]], _ other: ArraySlice<[UInt8]>) -> Bool {
    path.count != other.count && (path.starts(with: other) || other.starts(with: path))
  }

  /// Where the value of the member at `path` (names from the record
  /// down) of original JSON record `handle` lies in the input, or `nil`
  /// when a step is not an object or has no such member; the whole
  /// record for an empty path.
  func memberValue(of handle: Int32, at path: ArraySlice<[UInt8]>, in index: JSONIndexReference)
    -> Range<Int>?
  {
    index.member(of: handle, at: path) {
      pages.noteRead()
      let record = index.recordRange(Int(handle))
      return snapshot.bytes.withUnsafeBufferPointer { bytes in
        PatchTarget.member(at: path, of: record, in: bytes)
      }
    }
  }

  /// Where the value of the member at `path` of the JSON record at
  /// `record` of `bytes` lies, found afresh (nothing kept), as
  /// ``memberValue(of:at:in:)`` tells it.
  static func member(
    at path: ArraySlice<[UInt8]>, of record: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Range<Int>? {
    var found = record
    for name in path {
      guard let range = JSONText.memberValue(named: name, in: bytes, object: found) else {
        return nil
      }
      found = range
    }
    return found
  }

  /// Whether the member at `path` of a JSON record edited member by
  /// member equals the patch's value `value`, told from their bytes: an
  /// edited member's text is the patch's, an untouched one's as for an
  /// untouched record (`originalBytes`). `false` says nothing (so does a
  /// member inside an edited one, or holding one); `nil` when the record
  /// is not such a record.
  func editedMember(
    _ handle: Int32, at path: ArraySlice<[UInt8]>, equal value: Range<Int>,
    of patch: RawJSONPatch
  ) -> Bool? {
    guard let members = memberEdits[handle] else { return nil }
    if let edit = members.first(where: { $0.path.elementsEqual(path) }) {
      return patch.bytes[value].elementsEqual(edit.json)
    }
    guard !members.contains(where: { PatchTarget.nested($0.path, path) }) else { return false }
    return patch.bytes.withUnsafeBufferPointer {
      originalBytes(handle, at: path, equal: value, in: $0)
    }
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
        originalBytes(handle, at: [name], equal: value, in: $0)
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
  /// values (each the last member of its name, as lookups see it), in
  /// the order they were given.
  static func editing(_ original: JSONValue, _ members: [MemberEdit]) -> JSONValue {
    var edited = original
    for member in members {
      let value = member.json.withUnsafeBufferPointer { json in
        do {
          return try JSONReader.parseValue(in: json, range: 0..<json.count)
        } catch {
          preconditionFailure("a patch's value is valid JSON")
        }
      }
      do {
        try edited.replace(at: JSONPointer(tokens: member.path), with: value)
      } catch {
        preconditionFailure("an edited member is one of the record's")
      }
    }
    return edited
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
