import ColdiffFormats

/// One conflict of a three-way merge (SPEC §8.4): where OURS and THEIRS
/// changed the same thing in different ways. The merged snapshot holds
/// OURS's side of it.
package struct MergeConflict: Equatable, Sendable {
  /// What kind of conflict it is.
  package enum Kind: String, Sendable {
    /// The same field changed to different values on both sides.
    case field
    /// The record deleted on one side and changed on the other.
    case delete
    /// The same key inserted on both sides with different content.
    case insert
  }

  /// How the record is named: by its key, or by its member name in a
  /// JSON object map.
  package enum Record: Equatable, Sendable {
    /// The key value (an array for a composite key).
    case key(JSONValue)
    /// The member name of a JSON object map.
    case member(JSONString)
  }

  /// What kind of conflict it is.
  package let kind: Kind
  /// The record it is about.
  package let record: Record
  /// The field, for a ``Kind/field`` conflict (`nil` for whole records).
  package let path: JSONPointer?
  /// The field's (or the record's) value in BASE, `nil` when absent.
  package let base: JSONValue?
  /// The value in OURS, `nil` when absent (removed or deleted).
  package let ours: JSONValue?
  /// The value in THEIRS, `nil` when absent (removed or deleted).
  package let theirs: JSONValue?
  /// For a field in (or of) an element of a keyed array (`--array-key`),
  /// the innermost such element: its key, and which segment of ``path``
  /// is its index. `nil` otherwise.
  package var element: FieldChange.KeyedElement? = nil

  /// The record as messages name it: `key 42`, `member "x"`.
  package var recordName: String {
    switch record {
    case .key(let key): "key \(ReportText.key(key))"
    case .member(let name): "member \(ReportText.key(.string(name)))"
    }
  }

  /// The conflict on one line, for standard error after `colpatch:
  /// conflict: ` (`key 42 /price: base 10, ours 11, theirs 12`); a field
  /// of a keyed array element is named as the text report names it
  /// (`key 7 lines[A-7].qty: base 1, ours 2, theirs 3`).
  package var line: String {
    func spelled(_ value: JSONValue?) -> String { value.map(ReportText.value) ?? "none" }
    switch kind {
    case .field:
      let field =
        element != nil
        ? path.map { ReportText.field($0.tokens, element: element) } : path?.description
      return "\(recordName) \(field ?? ""): base \(spelled(base)), "
        + "ours \(spelled(ours)), theirs \(spelled(theirs))"
    case .delete:
      return ours == nil
        ? "\(recordName): deleted by ours, changed by theirs"
        : "\(recordName): changed by ours, deleted by theirs"
    case .insert:
      return "\(recordName): inserted by both sides with different content"
    }
  }
}
