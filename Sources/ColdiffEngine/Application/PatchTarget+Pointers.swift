import ColdiffCore
import ColdiffFormats

/// RFC 6902 on a record list: the first token of a pointer picks a record
/// (a position, `-`, or a member name), the rest goes into the record's
/// value. Whole records are inserted, removed and moved where they stand
/// (O(log n) each); only records that an operation goes into are decoded.
extension PatchTarget: JSONPatchTarget {
  package func value(at pointer: JSONPointer) throws(PointerFailure) -> JSONValue {
    if let replacement { return try replacement.value(at: pointer) }
    guard let first = pointer.tokens.first else { return wholeDocument() }
    let handle = try existingRecord(first, pointer)
    guard pointer.tokens.count > 1 else { return value(of: handle) }
    return try PatchTarget.wrapped(value(of: handle), first).value(at: pointer)
  }

  package mutating func add(_ value: JSONValue, at pointer: JSONPointer) throws(PointerFailure) {
    if replacement != nil { return try replacement!.add(value, at: pointer) }
    guard let first = pointer.tokens.first else { return try replaceWholeDocument(value) }
    guard pointer.tokens.count == 1 else {
      return try editInside(pointer) { (record) throws(PointerFailure) in
        try record.add(value, at: pointer)
      }
    }
    try checkRow(value)
    if isObjectMap {
      setMember(JSONString(utf8: first), to: value)
      return
    }
    let position = try insertionPosition(first, pointer)
    sequence.insert(makeRecord(value), at: position)
  }

  /// Where a record added at `pointer` (whose first token is `token`)
  /// goes in a list of records: an index up to `count`, or `-` (the end).
  package func insertionPosition(_ token: [UInt8], _ pointer: JSONPointer) throws(PointerFailure)
    -> Int
  {
    if token == [UInt8(ascii: "-")] { return count }
    guard let index = JSONPointer.arrayIndex(token) else {
      throw PointerFailure(reason: "\(pointer) is not an array index")
    }
    guard index <= count else {
      throw PointerFailure(
        reason: "\(pointer) is out of bounds (the array has \(count) elements)")
    }
    return index
  }

  @discardableResult
  package mutating func remove(at pointer: JSONPointer) throws(PointerFailure) -> JSONValue {
    if replacement != nil { return try replacement!.remove(at: pointer) }
    guard let first = pointer.tokens.first else {
      throw PointerFailure(reason: "the whole document cannot be removed")
    }
    guard pointer.tokens.count == 1 else {
      return try editInside(pointer) { (record) throws(PointerFailure) in
        try record.remove(at: pointer)
      }
    }
    let handle = try existingRecord(first, pointer)
    let removed = value(of: handle)
    if isObjectMap {
      _ = removeMember(named: first)
    } else {
      sequence.remove(at: try position(first, pointer))
    }
    return removed
  }

  package mutating func replace(at pointer: JSONPointer, with value: JSONValue)
    throws(PointerFailure)
  {
    if replacement != nil { return try replacement!.replace(at: pointer, with: value) }
    guard let first = pointer.tokens.first else { return try replaceWholeDocument(value) }
    guard pointer.tokens.count == 1 else {
      return try editInside(pointer) { (record) throws(PointerFailure) in
        try record.replace(at: pointer, with: value)
      }
    }
    let handle = try existingRecord(first, pointer)
    try checkRow(value)
    setValue(value, of: handle)
  }

  /// Runs `edit` on the record the pointer's first token names, wrapped in
  /// an object whose one member has that token for its name, so the edit
  /// sees (and its messages name) the whole pointer.
  private mutating func editInside<Result>(
    _ pointer: JSONPointer, _ edit: (inout JSONValue) throws(PointerFailure) -> Result
  ) throws(PointerFailure) -> Result {
    let first = pointer.tokens[0]
    let handle = try existingRecord(first, pointer)
    var wrapper = PatchTarget.wrapped(value(of: handle), first)
    let result = try edit(&wrapper)
    guard case .object(let object) = wrapper, let record = object.members.first?.value else {
      preconditionFailure("the wrapper stays an object of one member")
    }
    try checkRow(record)
    setValue(record, of: handle)
    return result
  }

  private static func wrapped(_ record: JSONValue, _ token: [UInt8]) -> JSONValue {
    .object(JSONObject(members: [.init(name: JSONString(utf8: token), value: record)]))
  }

  /// The handle of the existing record named by a pointer's first token.
  package func existingRecord(_ token: [UInt8], _ pointer: JSONPointer) throws(PointerFailure)
    -> Int32
  {
    if isObjectMap {
      guard let handle = member(named: token) else {
        throw PointerFailure(reason: "\(JSONPointer(tokens: [token])) does not exist")
      }
      return handle
    }
    return sequence[try position(token, pointer)]
  }

  /// The position of the existing record of a list named by a pointer's
  /// first token.
  package func position(_ token: [UInt8], _ pointer: JSONPointer) throws(PointerFailure) -> Int {
    guard let index = JSONPointer.arrayIndex(token) else {
      throw PointerFailure(
        reason: "\(JSONPointer(tokens: [token])) is not an index of an existing element")
    }
    guard index < count else {
      throw PointerFailure(
        reason: "\(JSONPointer(tokens: [token])) is out of bounds (the array has \(count) elements)"
      )
    }
    return index
  }

  /// The whole collection as one value (for an operation on the root).
  private func wholeDocument() -> JSONValue {
    if isObjectMap {
      return .object(
        JSONObject(members: order.map { .init(name: name(of: $0), value: value(of: $0)) }))
    }
    return .array(order.map { value(of: $0) })
  }

  /// Replaces every record by those of `document` (an operation on the
  /// root). A JSON document whose root becomes the other kind of
  /// collection is kept whole in `replacement`; a scalar root, or JSON
  /// Lines or a table that would stop being a list of records, fails.
  private mutating func replaceWholeDocument(_ document: JSONValue) throws(PointerFailure) {
    switch (isObjectMap, document) {
    case (true, .object(let object)):
      for handle in order { _ = removeMember(named: name(of: handle).value) }
      for member in object.members { setMember(member.name, to: member.value) }
    case (false, .array(let elements)):
      for element in elements { try checkRow(element) }
      sequence = RecordSequence(elements.map { makeRecord($0) })
    case (_, .array), (_, .object):
      guard isJSONDocument else { fallthrough }
      replacement = document
    default:
      throw PointerFailure(
        reason: isJSONDocument
          ? "the document must stay an array or an object"
          : "the document must stay an array of records")
    }
  }
}
