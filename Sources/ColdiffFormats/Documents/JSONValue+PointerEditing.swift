/// Why a pointer step failed on a document, in words.
public struct PointerFailure: Error {
  /// The reason, naming the pointer prefix where it failed.
  public var reason: String

  /// Creates a failure.
  ///
  /// - Parameter reason: why, naming the pointer.
  public init(reason: String) {
    self.reason = reason
  }
}

extension JSONValue: JSONPatchTarget {}

extension JSONValue {
  /// The value at `pointer`, or the reason there is none.
  ///
  /// - Parameter pointer: where to look.
  /// - Returns: the designated value.
  /// - Throws: `PointerFailure` naming the first step that fails.
  /// - Complexity: O(d·m) for d tokens and m members per object on the way.
  public func value(at pointer: JSONPointer) throws(PointerFailure) -> JSONValue {
    var current = self
    for depth in pointer.tokens.indices {
      current = try current.child(pointer, depth: depth)
    }
    return current
  }

  /// Runs `body` on the value at `pointer`, changed in place (no copy of
  /// the containers on the way).
  ///
  /// - Parameters:
  ///   - pointer: where the value is.
  ///   - depth: how many of the pointer's tokens are already walked.
  ///   - body: the change to make.
  /// - Returns: what `body` returns.
  /// - Throws: `PointerFailure` naming the first step that fails, or what
  ///   `body` throws.
  /// - Complexity: O(d·m) plus `body`'s cost.
  mutating func modify<Result>(
    at pointer: JSONPointer, depth: Int = 0,
    _ body: (inout JSONValue) throws(PointerFailure) -> Result
  ) throws(PointerFailure) -> Result {
    guard depth < pointer.tokens.count else { return try body(&self) }
    if var object = takeObject() {
      defer { self = .object(object) }
      guard let index = object.index(of: pointer.tokens[depth]) else {
        throw PointerFailure(reason: JSONValue.missing(pointer, depth: depth))
      }
      return try object.members[index].value.modify(at: pointer, depth: depth + 1, body)
    }
    if var elements = takeArray() {
      defer { self = .array(elements) }
      let index = try JSONValue.existingIndex(pointer, depth: depth, count: elements.count)
      return try elements[index].modify(at: pointer, depth: depth + 1, body)
    }
    throw PointerFailure(reason: JSONValue.scalar(self, pointer, depth: depth))
  }

  /// Adds `value` at `pointer` (RFC 6902 `add`): replaces the document at
  /// the root, adds or replaces an object member, inserts into an array
  /// (`-` appends).
  ///
  /// - Throws: `PointerFailure` when the parent does not exist, is a
  ///   scalar, or the index is not one or is beyond the end.
  public mutating func add(_ value: JSONValue, at pointer: JSONPointer) throws(PointerFailure) {
    guard let parent = pointer.parent, let token = pointer.tokens.last else {
      self = value
      return
    }
    let depth = parent.tokens.count
    try modify(at: parent) { (container: inout JSONValue) throws(PointerFailure) in
      if var object = container.takeObject() {
        if let index = object.index(of: token) {
          object.members[index].value = value
        } else {
          object.members.append(JSONObject.Member(name: JSONString(utf8: token), value: value))
        }
        container = .object(object)
        return
      }
      if var elements = container.takeArray() {
        defer { container = .array(elements) }
        let index: Int
        if token == [UInt8(ascii: "-")] {
          index = elements.count
        } else {
          index = try JSONValue.index(pointer, depth: depth)
          guard index <= elements.count else {
            throw PointerFailure(
              reason: "\(pointer) is out of bounds (the array has \(elements.count) elements)")
          }
        }
        elements.insert(value, at: index)
        return
      }
      throw PointerFailure(reason: JSONValue.scalar(container, pointer, depth: depth))
    }
  }

  /// Removes the value at `pointer`, which must exist (RFC 6902
  /// `remove`). Removing an object member removes every member of that
  /// name.
  ///
  /// - Returns: the removed value.
  /// - Throws: `PointerFailure` when there is no value at `pointer` or it
  ///   is the whole document.
  @discardableResult
  public mutating func remove(at pointer: JSONPointer) throws(PointerFailure) -> JSONValue {
    guard let parent = pointer.parent, let token = pointer.tokens.last else {
      throw PointerFailure(reason: "the whole document cannot be removed")
    }
    let depth = parent.tokens.count
    return try modify(at: parent) { (container: inout JSONValue) throws(PointerFailure) in
      if var object = container.takeObject() {
        defer { container = .object(object) }
        guard let index = object.index(of: token) else {
          throw PointerFailure(reason: JSONValue.missing(pointer, depth: depth))
        }
        let removed = object.members[index].value
        object.members.removeAll { $0.name.value == token }
        return removed
      }
      if var elements = container.takeArray() {
        defer { container = .array(elements) }
        let index = try JSONValue.existingIndex(pointer, depth: depth, count: elements.count)
        return elements.remove(at: index)
      }
      throw PointerFailure(reason: JSONValue.scalar(container, pointer, depth: depth))
    }
  }

  /// Replaces the value at `pointer`, which must exist (RFC 6902
  /// `replace`).
  ///
  /// - Throws: `PointerFailure` when there is no value at `pointer`.
  public mutating func replace(at pointer: JSONPointer, with value: JSONValue)
    throws(PointerFailure)
  {
    try modify(at: pointer) { (target: inout JSONValue) throws(PointerFailure) in target = value }
  }

  /// Moves the members out of an object value, leaving `null` in its
  /// place so that they are uniquely referenced and change in place; `nil`
  /// (and `self` unchanged) for any other kind.
  private mutating func takeObject() -> JSONObject? {
    guard case .object(let object) = self else { return nil }
    self = .null
    return object
  }

  /// Moves the elements out of an array value, leaving `null` in its
  /// place; `nil` (and `self` unchanged) for any other kind.
  private mutating func takeArray() -> [JSONValue]? {
    guard case .array(let elements) = self else { return nil }
    self = .null
    return elements
  }

  /// The child of `self` through token `depth` of `pointer`.
  private func child(_ pointer: JSONPointer, depth: Int) throws(PointerFailure) -> JSONValue {
    switch self {
    case .object(let object):
      guard let child = object[pointer.tokens[depth]] else {
        throw PointerFailure(reason: JSONValue.missing(pointer, depth: depth))
      }
      return child
    case .array(let elements):
      return elements[try JSONValue.existingIndex(pointer, depth: depth, count: elements.count)]
    default:
      throw PointerFailure(reason: JSONValue.scalar(self, pointer, depth: depth))
    }
  }

  /// The index token `depth` of `pointer` designates.
  private static func index(_ pointer: JSONPointer, depth: Int) throws(PointerFailure) -> Int {
    let token = pointer.tokens[depth]
    guard let index = JSONPointer.arrayIndex(token) else {
      let shown = String(decoding: token, as: UTF8.self)
      let prefix = JSONPointer(tokens: Array(pointer.tokens[...depth]))
      let why =
        token == [UInt8(ascii: "-")] ? "designates no existing element" : "is not an array index"
      throw PointerFailure(reason: "\(prefix): \"\(shown)\" \(why)")
    }
    return index
  }

  /// The index token `depth` of `pointer` designates, checked against an
  /// array of `count` elements.
  private static func existingIndex(
    _ pointer: JSONPointer, depth: Int, count: Int
  ) throws(PointerFailure) -> Int {
    let index = try index(pointer, depth: depth)
    guard index < count else {
      let prefix = JSONPointer(tokens: Array(pointer.tokens[...depth]))
      throw PointerFailure(reason: "\(prefix) does not exist (the array has \(count) elements)")
    }
    return index
  }

  /// The reason for a member missing at token `depth`.
  private static func missing(_ pointer: JSONPointer, depth: Int) -> String {
    "\(JSONPointer(tokens: Array(pointer.tokens[...depth]))) does not exist"
  }

  /// The reason for stepping into a scalar at token `depth`.
  private static func scalar(_ value: JSONValue, _ pointer: JSONPointer, depth: Int) -> String {
    let prefix = JSONPointer(tokens: Array(pointer.tokens[..<depth]))
    let shown = prefix.isRoot ? "the document" : prefix.description
    return "\(pointer) does not exist (\(shown) is \(value.kindName))"
  }
}
