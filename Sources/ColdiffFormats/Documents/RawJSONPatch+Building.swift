extension RawJSONPatch {
  /// The same patch with the values of its `add` operations built
  /// (`DocumentValue.value`), the others still bytes: applying it builds
  /// no added record, so a caller that reads the patch on one core while
  /// another reads the target (`colpatch apply`) makes them there.
  ///
  /// - Complexity: O(size of the added values).
  public func withAddedValuesBuilt() -> RawJSONPatch {
    RawJSONPatch(
      bytes: bytes,
      operations: operations.map { operation in
        guard operation.kind == .add, let held = operation.heldValue, case .raw = held else {
          return operation
        }
        var built = operation
        built.heldValue = .value(held.built())
        return built
      })
  }
}
