import ColdiffCore
import ColdiffFormats

/// The collection a patch is applied to: the target's records as handles
/// in their current order, each either an untouched original (written back
/// byte for byte) or a value that an operation made or changed (DESIGN
/// §2.7).
///
/// Handles `0..<snapshot.count` are the original records; new records get
/// the handles after them.
package struct PatchTarget {
  /// The target as read.
  package let snapshot: Snapshot
  /// The value of each handle that is not an untouched original (a few,
  /// so a table, not an entry per record to fill and free): a value, or
  /// the validated JSON text of a record added from a patch's bytes
  /// (`PatchTarget+RawPatch`), written from the text and built only when
  /// an operation reads it (``value(of:)``).
  private var values: [Int32: DocumentValue] = [:]
  /// Whether each original record has a value in `values` or fields in
  /// `fieldEdits`.
  private var edited: [Bool]
  /// The fields of original rows of a table that operations gave a new
  /// string, by handle, when nothing built the row's value
  /// (`PatchTarget+FieldEdits`): at most one entry a column, the text of
  /// a string without escapes.
  private(set) var fieldEdits: [Int32: [(column: Int, text: [UInt8])]] = [:]
  /// The members of original JSON records that operations gave a new
  /// value, by handle, when nothing built the record's value
  /// (`PatchTarget+FieldEdits`): each member's path from the record
  /// (decoded names), where the record's value of it lies in the input
  /// (the last member of each name), and the new value's JSON text; at
  /// most one entry a member, and none inside another's value but one
  /// made before it.
  private(set) var memberEdits: [Int32: [MemberEdit]] = [:]

  /// A member of an original JSON record, or of an object nested in it,
  /// given a new value.
  struct MemberEdit {
    /// The names of the members from the record down to this one,
    /// decoded: one for the record's own member.
    let path: [[UInt8]]
    /// Where the record's value of the member lies in the input.
    let value: Range<Int>
    /// The new value's JSON text (validated).
    var json: [UInt8]
  }
  /// The records a plain patch added whole from its text, written ahead
  /// in the target's style (`PatchTarget+RawPatch`).
  var addedTexts = AddedRecordTexts()
  /// The number of handles: the originals and the records made since.
  private(set) var recordCount: Int
  /// The member name of each handle of an object map that is not an
  /// original (originals keep theirs).
  private var newNames: [Int32: JSONString] = [:]
  /// The order of the records of an array, JSON Lines or table.
  package var sequence: RecordSequence
  /// The members of an object map in order, with removed ones marked.
  private(set) var members: [Int32] = []
  private var removedMembers: Set<Int32> = []
  private var memberByName: [[UInt8]: Int32] = [:]
  /// The whole document, once an operation on the root made a JSON array
  /// target an object or a JSON object target an array (RFC 6902 allows
  /// it); from then on operations edit this value and it is written whole.
  package var replacement: JSONValue?
  /// The header change of the diff document applied, if any: a table
  /// takes NEW's column order (SPEC §8.1.3).
  package var columnChange: DiffDocument.Columns?
  /// The original record parsed last.
  private let parsed = ParsedRecordCache()
  /// The target's pages, let go now and then as records are read.
  package let pages: TargetPages
  /// The target's index when it holds JSON records, read by the
  /// operations without a copy of it each.
  let jsonIndex: JSONIndexReference?

  /// Prepares a target for patching.
  package init(_ snapshot: Snapshot) {
    self.snapshot = snapshot
    pages = TargetPages(snapshot.bytes)
    jsonIndex = JSONIndexReference(snapshot)
    edited = Array(repeating: false, count: snapshot.count)
    recordCount = snapshot.count
    if snapshot.isObjectMap {
      sequence = RecordSequence([])
      members = (0..<Int32(snapshot.count)).map { $0 }
      // A target whose pages go (SPEC §8.3) lets them go behind this walk.
      var released = 0
      for handle in members {
        if Int(handle) % Snapshot.recordsBetweenReleases == 0 {
          snapshot.releasePages(from: &released, before: Int(handle))
        }
        memberByName[snapshot.memberName(of: Int(handle)).value] = handle
      }
    } else {
      sequence = RecordSequence(identityOf: snapshot.count)
    }
  }

  /// Whether the target is one JSON document (an array or an object, not
  /// JSON Lines or a table), so its root may become the other kind of
  /// collection.
  package var isJSONDocument: Bool { snapshot.form == .jsonArray || snapshot.form == .jsonObject }

  /// Whether the records are named members (a JSON object map).
  package var isObjectMap: Bool { snapshot.isObjectMap }

  /// The number of records now.
  package var count: Int { isObjectMap ? members.count - removedMembers.count : sequence.count }

  /// The current value of the record `handle`.
  package func value(of handle: Int32) -> JSONValue {
    if let value = values[handle] { return value.built() }
    let original = parsed.value(of: handle) { record in
      pages.noteRead()
      return snapshot.value(of: record)
    }
    if let fields = fieldEdits[handle] { return PatchTarget.editing(original, fields) }
    if let members = memberEdits[handle] { return PatchTarget.editing(original, members) }
    return original
  }

  /// Gives `handle` a new value (it is written anew).
  package mutating func setValue(_ value: JSONValue, of handle: Int32) {
    values[handle] = .value(value)
    fieldEdits[handle] = nil
    memberEdits[handle] = nil
    if Int(handle) < edited.count { edited[Int(handle)] = true }
  }

  /// Gives field `column` of original row `handle`, which has no value of
  /// its own (``hasOwnValue(_:)``), the string `text` (it is written
  /// anew, its other fields as they were).
  mutating func setField(_ column: Int, to text: [UInt8], of handle: Int32) {
    edited[Int(handle)] = true
    var fields = fieldEdits[handle] ?? []
    if let index = fields.firstIndex(where: { $0.column == column }) {
      fields[index].text = text
    } else {
      fields.append((column, text))
    }
    fieldEdits[handle] = fields
  }

  /// Gives the member `edit` names of original JSON record `handle`,
  /// which has no value of its own (``hasOwnValue(_:)``), the value
  /// `edit` writes (it is written anew, with its other members as they
  /// were).
  mutating func setMember(_ edit: MemberEdit, of handle: Int32) {
    edited[Int(handle)] = true
    var members = memberEdits[handle] ?? []
    if let index = members.firstIndex(where: { $0.value == edit.value }) {
      members[index].json = edit.json
    } else {
      members.append(edit)
    }
    memberEdits[handle] = members
  }

  /// Whether `handle` has a value an operation made or changed, as
  /// opposed to an original record's, edited field by field or not.
  func hasOwnValue(_ handle: Int32) -> Bool { values[handle] != nil }

  /// A new record with `value`, not yet placed anywhere.
  package mutating func makeRecord(_ value: JSONValue) -> Int32 {
    let handle = Int32(recordCount)
    recordCount += 1
    values[handle] = .value(value)
    return handle
  }

  /// A new record whose value is the validated JSON text `text` (no
  /// whitespace around it), not yet placed anywhere.
  mutating func makeRecord(text: ArraySlice<UInt8>) -> Int32 {
    let handle = Int32(recordCount)
    recordCount += 1
    values[handle] = .raw(text)
    return handle
  }

  /// The validated JSON text of record `handle`, when it was added as
  /// text and no operation changed it since.
  func text(of handle: Int32) -> ArraySlice<UInt8>? {
    guard case .raw(let text)? = values[handle] else { return nil }
    return text
  }

  /// The member name of `handle` in an object map.
  package func name(of handle: Int32) -> JSONString {
    newNames[handle] ?? snapshot.memberName(of: Int(handle))
  }

  /// The member of an object map named `name` (decoded), if present.
  package func member(named name: [UInt8]) -> Int32? { memberByName[name] }

  /// Adds a member to an object map, or gives an existing one a new value.
  package mutating func setMember(_ name: JSONString, to value: JSONValue) {
    if let handle = memberByName[name.value] {
      setValue(value, of: handle)
      return
    }
    let handle = makeRecord(value)
    newNames[handle] = name
    memberByName[name.value] = handle
    members.append(handle)
  }

  /// Removes the member named `name` from an object map.
  ///
  /// - Returns: its handle, or `nil` when there is none.
  package mutating func removeMember(named name: [UInt8]) -> Int32? {
    guard let handle = memberByName.removeValue(forKey: name) else { return nil }
    removedMembers.insert(handle)
    return handle
  }

  /// The handles in their current order.
  package var order: [Int32] {
    isObjectMap ? members.filter { !removedMembers.contains($0) } : sequence.inOrder()
  }

  /// Whether `handle` is an original record that no operation touched.
  package func isUntouchedOriginal(_ handle: Int32) -> Bool {
    Int(handle) < edited.count && !edited[Int(handle)]
  }
}
