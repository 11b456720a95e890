extension JSONPatch {
  /// Reads a patch from its JSON value.
  ///
  /// Members an operation does not use are ignored (RFC 6902 §4), but a
  /// member the operation uses may appear only once.
  ///
  /// - Parameter document: the patch document's value.
  /// - Throws: `InputError` when the patch is not well formed: not an
  ///   array, an operation that is not an object, a missing, repeated or
  ///   mistyped `op`, `path`, `from` or `value`, an unknown `op`, bad
  ///   pointer syntax, or a `move` whose `from` is a proper prefix of its
  ///   `path`. The message names the 0-based operation index.
  /// - Complexity: O(n) in the size of the document.
  public init(from document: JSONValue) throws(InputError) {
    try self.init(from: document, locator: nil)
  }

  /// Reads a patch from JSON text.
  ///
  /// - Parameter bytes: the patch document's bytes.
  /// - Throws: `InputError` for text that is not JSON (with its line and
  ///   column) or a patch that is not well formed, as ``init(from:)``; an
  ///   error in an operation names the operation's line and column.
  /// - Complexity: O(n) in the length of the text.
  public init(bytes: [UInt8]) throws(InputError) {
    try self.init(from: try JSONReader.parse(bytes), locator: DocumentLocator(bytes: bytes))
  }

  /// Reads a patch from its JSON value, locating a malformed operation
  /// with `locator` when there is one.
  init(from document: JSONValue, locator: DocumentLocator?) throws(InputError) {
    guard case .array(let elements) = document else {
      throw InputError("the patch is not a JSON array (found \(document.kindName))")
    }
    var operations: [JSONPatchOperation] = []
    operations.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      do {
        operations.append(try JSONPatchOperation(from: element, index: index))
      } catch {
        throw error.located(at: locator?.position(ofElement: index))
      }
    }
    self.init(operations: operations)
  }
}

extension JSONPatchOperation {
  /// Reads operation number `index` of a patch.
  ///
  /// - Parameters:
  ///   - element: the operation's value.
  ///   - index: its 0-based position in the patch, for messages.
  /// - Throws: `InputError` when the operation is not well formed.
  init(from element: JSONValue, index: Int) throws(InputError) {
    guard case .object(let object) = element else {
      throw InputError("op \(index) is not an object (found \(element.kindName))")
    }
    let reader = OperationReader(object: object)
    let name = try reader.string("op", label: "op \(index)")
    let label = "op \(index) (\(name))"
    switch name {
    case "add":
      self = .add(path: try reader.pointer("path", label: label), value: try reader.value(label))
    case "remove":
      self = .remove(path: try reader.pointer("path", label: label))
    case "replace":
      self = .replace(
        path: try reader.pointer("path", label: label), value: try reader.value(label))
    case "move":
      let from = try reader.pointer("from", label: label)
      let path = try reader.pointer("path", label: label)
      guard !from.isPrefix(of: path) || from == path else {
        throw InputError(
          "\(label): \"from\" \(from) is a prefix of \"path\" \(path):"
            + " a value cannot move into itself")
      }
      self = .move(from: from, path: path)
    case "copy":
      self = .copy(
        from: try reader.pointer("from", label: label),
        path: try reader.pointer("path", label: label))
    case "test":
      self = .test(path: try reader.pointer("path", label: label), value: try reader.value(label))
    default:
      throw InputError(
        "op \(index): unknown op \"\(name)\" (expected add, remove, replace, move, copy or test)")
    }
  }
}

/// Reads the members of one operation object, with messages naming it.
private struct OperationReader {
  let object: JSONObject

  /// The single member `name`.
  func member(_ name: String, label: String) throws(InputError) -> JSONValue {
    let bytes = Array(name.utf8)
    var found: JSONValue?
    for member in object.members where member.name.value == bytes {
      guard found == nil else { throw InputError("\(label): member \"\(name)\" appears twice") }
      found = member.value
    }
    guard let found else { throw InputError("\(label): missing member \"\(name)\"") }
    return found
  }

  /// The single member `name`, which must be a string.
  func string(_ name: String, label: String) throws(InputError) -> String {
    let value = try member(name, label: label)
    guard case .string(let string) = value else {
      throw InputError("\(label): \"\(name)\" must be a string (found \(value.kindName))")
    }
    return string.string
  }

  /// The single member `name`, which must be a JSON Pointer string.
  func pointer(_ name: String, label: String) throws(InputError) -> JSONPointer {
    let value = try member(name, label: label)
    guard case .string(let string) = value else {
      throw InputError(
        "\(label): \"\(name)\" must be a JSON Pointer string (found \(value.kindName))")
    }
    do {
      return try JSONPointer(parsing: string.value)
    } catch {
      throw InputError("\(label): \"\(name)\": \(error.message)")
    }
  }

  /// The single member `value`.
  func value(_ label: String) throws(InputError) -> JSONValue {
    try member("value", label: label)
  }
}
