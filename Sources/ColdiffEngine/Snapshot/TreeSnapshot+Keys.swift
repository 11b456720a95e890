import ColdiffCore
import ColdiffFormats

extension TreeSnapshot {
  /// The identity of the nodes of two trees: the `--key` fields when
  /// given, else `id` when every node of both has it. The roots of a JSON
  /// object map are identified by their member names instead (see
  /// `keyArena(for:)`).
  ///
  /// - Throws: `InputError` when there is no `--key` and some node has no
  ///   `id` (a tree needs keys: whole values would make every changed
  ///   parent a delete of its subtree); when an object map is compared
  ///   with an array or JSON Lines, or keyed by a composite key (its roots'
  ///   keys are single strings).
  package static func identity(keys: [JSONPointer], old: TreeSnapshot, new: TreeSnapshot) throws
    -> Identity
  {
    if old.isObjectMap || new.isObjectMap {
      let map = old.isObjectMap ? old : new
      guard old.isObjectMap && new.isObjectMap else {
        throw InputError(
          "a JSON object (records named by their member names) cannot be compared with "
            + "a collection of unnamed records",
          file: map.base.name)
      }
      guard keys.count <= 1 else {
        throw InputError(
          "--tree on a JSON object takes one key field: a root's key is its member name, "
            + "one string",
          file: map.base.name)
      }
    }
    if !keys.isEmpty { return .fields(keys) }
    let id = JSONPointer(["id"])
    for tree in [old, new] {
      if let node = tree.firstNode(without: id) {
        throw tree.error(
          "record \(tree.position(of: node).text) has no id: --tree needs a key (--key FIELD, or an id "
            + "in every record)",
          at: node)
      }
    }
    return .fields([id])
  }

  /// The first node in preorder without a value at `pointer`, if any
  /// (the roots of an object map need none).
  private func firstNode(without pointer: JSONPointer) -> Int? {
    if keyedAsCaptured([pointer]) { return nil }
    if let capturedKey, pointer.tokens == [capturedKey] {
      return keyRanges.indices.first { keyRanges[$0] == nil && !isNamedRoot($0) }
    }
    let path = JSONKeyPath(segments: pointer.tokens)
    return base.bytes.withUnsafeBufferPointer { buffer in
      (0..<count).first {
        !isNamedRoot($0) && path.valueRange(in: buffer, record: ranges[$0]) == nil
      }
    }
  }

  /// The canonical identity bytes of every node, in preorder: the key
  /// fields' values, or for a root of an object map its member name as a
  /// JSON string (one identity space: a nested record whose key is that
  /// string is the same record).
  ///
  /// - Throws: `InputError` at the first node without a key field, or for
  ///   keys of 4 GiB or more in all.
  /// - Complexity: O(n) key look-ups by skipping.
  package func keyArena(for pointers: [JSONPointer]) throws -> KeyArena {
    if keyedAsCaptured(pointers), let capturedArena { return capturedArena }
    if let capturedKey, pointers.count == 1, pointers[0].tokens == [capturedKey],
      !capturedKeyStarts.isEmpty, rootNames == nil
    {
      // The scan made the keys while each record was in cache.
      if let missing = keyRanges.firstAbsent() {
        throw error(
          "record \(position(of: missing).text) has no key \(pointers[0])", at: missing)
      }
      return KeyArena(bytes: capturedKeys, starts: capturedKeyStarts)
    }
    var arena = KeyArena()
    arena.reserve(records: count, bytesEach: 16)
    // The closures capture the arrays, not the snapshot (no copy per call).
    let (keyRanges, ranges) = (self.keyRanges, self.ranges)
    let finders = pointers.map { pointer -> (UnsafeBufferPointer<UInt8>, Int) -> Range<Int>? in
      if let capturedKey, pointer.tokens == [capturedKey] { return { keyRanges[$1] } }
      let path = JSONKeyPath(segments: pointer.tokens)
      return { path.valueRange(in: $0, record: ranges[$1]) }
    }
    // A missing key is reported after the loop, so the loop's closures
    // capture nothing of the snapshot.
    var missing: (node: Int, field: Int)?
    let count = self.count
    let (parents, siblingIndex, rootNames) = (self.parents, self.siblingIndex, self.rootNames)
    base.bytes.withUnsafeBufferPointer { buffer in
      for node in 0..<count {
        if let rootNames, parents[node] < 0 {
          arena.append { out in
            JSONCanonicalKey.append(.string(rootNames[Int(siblingIndex[node])]), to: &out)
          }
          continue
        }
        arena.append { out in
          for (field, find) in finders.enumerated() {
            guard let value = find(buffer, node) else {
              missing = (node, field)
              return
            }
            JSONCanonicalKey.append(buffer, range: value, to: &out)
          }
        }
        if missing != nil { return }
      }
    }
    if let missing {
      throw error(
        "record \(position(of: missing.node).text) has no key \(pointers[missing.field])",
        at: missing.node)
    }
    return try arena.checked(file: base.name)
  }

  /// The values of the key fields of `node` (an object map's root: its
  /// member name).
  ///
  /// - Complexity: O(size of the key) for the key the scan noted; else
  ///   O(size of the node, its subtree included).
  package func keyFields(of node: Int, pointers: [JSONPointer]) -> [JSONValue] {
    if let rootNames, parents[node] < 0 { return [.string(rootNames[Int(siblingIndex[node])])] }
    return pointers.map { keyField(of: node, pointer: $0) }
  }

  /// The value of the key field `pointer` of `node`, which is not the
  /// root of an object map.
  ///
  /// - Complexity: O(size of the key) for the key the scan noted; else
  ///   O(size of the node, its subtree included).
  private func keyField(of node: Int, pointer: JSONPointer) -> JSONValue {
    base.bytes.withUnsafeBufferPointer { buffer in
      let noted = isCapturedKey(pointer) ? keyRanges[node] : nil
      guard
        let range = noted
          ?? JSONKeyPath(segments: pointer.tokens).valueRange(in: buffer, record: ranges[node]),
        let value = try? JSONReader.parseValue(in: buffer, range: range)
      else { preconditionFailure("a key that was found is gone") }
      return value
    }
  }

  /// Whether `pointer` names the member whose value the scan noted.
  private func isCapturedKey(_ pointer: JSONPointer) -> Bool {
    guard let capturedKey, pointer.tokens.count == 1 else { return false }
    return pointer.tokens[0] == capturedKey
  }

  /// The key of `node` for documents: the one field's value, or an array
  /// of a composite key's values.
  package func keyValue(of node: Int, pointers: [JSONPointer]) -> JSONValue {
    if pointers.count == 1, rootNames == nil || parents[node] >= 0 {
      return keyField(of: node, pointer: pointers[0])
    }
    let values = keyFields(of: node, pointers: pointers)
    return values.count == 1 ? values[0] : .array(values)
  }

  /// Appends the key of `node` as the diff document writes it
  /// (`keyValue(of:pointers:)` on one line): the key the scan noted from
  /// its canonical bytes when they say how it is written (a string
  /// without escapes), else from the input when it is a string, number
  /// or literal; any other key built as a value and written.
  ///
  /// - Complexity: O(size of the key) for the key the scan noted; else
  ///   as `keyValue(of:pointers:)`.
  package func appendKeyText(of node: Int, pointers: [JSONPointer], to out: inout [UInt8]) {
    if pointers.count == 1, !isNamedRoot(node), isCapturedKey(pointers[0]),
      let range = keyRanges[node]
    {
      if node + 1 < capturedKeyStarts.count,
        capturedKeys.withUnsafeBufferPointer({ keys in
          let canonical = Int(capturedKeyStarts[node])..<Int(capturedKeyStarts[node + 1])
          return KeyTextWriter.appendUnescapedString(
            canonical: UnsafeBufferPointer(rebasing: keys[canonical]), writtenLength: range.count,
            to: &out)
        })
      {
        return
      }
      if base.bytes.withUnsafeBufferPointer({ KeyTextWriter.appendScalar($0, range, to: &out) }) {
        return
      }
    }
    keyValue(of: node, pointers: pointers).writeInline(to: &out)
  }
}
