/// A document that RFC 6902 operations can be applied to: the four
/// pointer primitives that `add`, `remove`, `replace`, `move`, `copy` and
/// `test` are made of.
///
/// `JSONValue` is one; colpatch's record lists are another, so a patch of
/// a million-record file edits records where they stand instead of
/// building the whole document.
public protocol JSONPatchTarget {
  /// The value at `pointer`.
  ///
  /// - Throws: `PointerFailure` naming the first step that fails.
  func value(at pointer: JSONPointer) throws(PointerFailure) -> JSONValue

  /// Adds `value` at `pointer` as RFC 6902 `add` does: replaces the
  /// document at the root, adds or replaces an object member, inserts into
  /// an array (`-` appends).
  ///
  /// - Throws: `PointerFailure` when the parent does not exist, is a
  ///   scalar, or the index is not one or is beyond the end.
  mutating func add(_ value: JSONValue, at pointer: JSONPointer) throws(PointerFailure)

  /// Removes the value at `pointer`, which must exist and not be the root.
  ///
  /// - Returns: the removed value.
  /// - Throws: `PointerFailure` when there is nothing to remove.
  @discardableResult
  mutating func remove(at pointer: JSONPointer) throws(PointerFailure) -> JSONValue

  /// Replaces the value at `pointer`, which must exist.
  ///
  /// - Throws: `PointerFailure` when there is no value at `pointer`.
  mutating func replace(at pointer: JSONPointer, with value: JSONValue) throws(PointerFailure)
}
