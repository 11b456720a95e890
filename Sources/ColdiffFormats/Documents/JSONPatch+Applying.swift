extension JSONPatch {
  /// Applies the operations one after another to `document`, in place.
  ///
  /// Each operation changes the document where it stands, without copying
  /// the containers around it, so a patch of k operations on a document
  /// of n values costs O(k·(d·m + w)) for pointers of depth d through
  /// objects of m members, w being the width of the arrays edited, not
  /// O(k·n).
  ///
  /// - Parameter document: the document to patch. When an operation
  ///   fails, the operations before it have been applied; use
  ///   ``applied(to:)`` to keep the original.
  /// - Throws: ``JSONPatchApplicationError`` naming the first operation
  ///   that does not apply and why.
  public func apply<Target: JSONPatchTarget>(to document: inout Target)
    throws(JSONPatchApplicationError)
  {
    for (index, operation) in operations.enumerated() {
      do {
        try operation.apply(to: &document)
      } catch {
        throw JSONPatchApplicationError(
          operationIndex: index, operationName: operation.name, path: operation.path,
          reason: error.reason)
      }
    }
  }

  /// The document with the operations applied, one after another.
  ///
  /// - Parameter document: the document to patch (left unchanged).
  /// - Returns: the patched document.
  /// - Throws: ``JSONPatchApplicationError`` naming the first operation
  ///   that does not apply and why.
  /// - Complexity: as ``apply(to:)``.
  public func applied(to document: JSONValue) throws(JSONPatchApplicationError) -> JSONValue {
    var result = document
    try apply(to: &result)
    return result
  }
}

extension JSONPatchOperation {
  /// Applies this operation to `document`, in place.
  ///
  /// - Parameter document: the document to change.
  /// - Throws: `PointerFailure` with the reason it does not apply.
  public func apply<Target: JSONPatchTarget>(to document: inout Target) throws(PointerFailure) {
    switch kind {
    case .add:
      try document.add(value!, at: path)
    case .remove:
      try document.remove(at: path)
    case .replace:
      try document.replace(at: path, with: value!)
    case .move:
      let from = from!
      guard from != path else {
        _ = try JSONPatchOperation.source(from, in: document)
        return
      }
      guard !from.isPrefix(of: path) else {
        throw PointerFailure(reason: "\"from\" \(from) is a prefix of the path")
      }
      let value: JSONValue
      do {
        value = try document.remove(at: from)
      } catch {
        throw PointerFailure(reason: "\"from\" \(error.reason)")
      }
      try document.add(value, at: path)
    case .copy:
      try document.add(try JSONPatchOperation.source(from!, in: document), at: path)
    case .test:
      let expected = value!
      let found = try document.value(at: path)
      guard found == expected else {
        throw PointerFailure(
          reason: "expected \(expected.shortText()), found \(found.shortText())")
      }
    }
  }

  /// The value at a `from` pointer, with a reason that names `from`.
  private static func source<Target: JSONPatchTarget>(
    _ from: JSONPointer, in document: Target
  ) throws(PointerFailure) -> JSONValue {
    do {
      return try document.value(at: from)
    } catch {
      throw PointerFailure(reason: "\"from\" \(error.reason)")
    }
  }
}
