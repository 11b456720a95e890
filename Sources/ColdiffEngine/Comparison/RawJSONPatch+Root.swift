import ColdiffFormats

extension RawJSONPatch {
  /// A patch of a `--root` collection with every `path` and `from` made
  /// to start at the whole document (`/3/price` under `/data/items`
  /// becomes `/data/items/3/price`), values copied as written.
  ///
  /// - Parameters:
  ///   - patch: a patch coldiff wrote, with pointers into the collection.
  ///   - root: where the collection lies in the document.
  /// - Returns: the same operations, in the same layout.
  /// - Complexity: O(size of the patch).
  package static func prefixing(_ patch: [UInt8], with root: JSONPointer) -> [UInt8] {
    guard !root.isRoot else { return patch }
    guard let raw = RawJSONPatch(bytes: patch) else {
      preconditionFailure("coldiff writes its patches in the plain form")
    }
    let place = { (pointer: JSONPointer) in JSONPointer(tokens: root.tokens + pointer.tokens) }
    var writer = JSONPatchWriter()
    for operation in raw.operations {
      var placed = operation
      placed.path = place(operation.path)
      placed.from = operation.from.map(place)
      writer.append(placed)
    }
    return writer.finish()
  }
}
