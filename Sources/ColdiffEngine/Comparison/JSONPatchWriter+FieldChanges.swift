import ColdiffFormats

extension JSONPatchWriter {
  /// The operations of an updated record's changed fields (SPEC §4.3):
  /// `replace` and `remove` each after a `test` of the old value (unless
  /// `guards` is false), `add` for an added field.
  ///
  /// - Parameters:
  ///   - changes: the changed fields.
  ///   - record: where the record is when the operations run.
  ///   - guards: whether to write the `test` operations.
  package mutating func appendChanges(
    _ changes: [FieldChange], at record: JSONPointer, guards: Bool
  ) {
    for change in changes {
      let field = JSONPointer(tokens: record.tokens + change.path)
      switch (change.old, change.new) {
      case (let old?, let new?):
        if guards { append(.test(path: field, value: old)) }
        append(.replace(path: field, value: new))
      case (let old?, nil):
        if guards { append(.test(path: field, value: old)) }
        append(.remove(path: field))
      case (nil, let new?):
        append(.add(path: field, value: new))
      case (nil, nil):
        break
      }
    }
  }
}
