extension RawJSONPatch {
  /// How many added values make a part of their own when they are built
  /// on several cores.
  package static let addedValuesPerPart = 256

  /// The same patch with the values of its `add` operations built
  /// (`DocumentValue.value`), the others still bytes: applying it builds
  /// no added record, so a caller that reads the patch on one core while
  /// another reads the target (`colpatch apply`) makes them there.
  ///
  /// - Parameter inParallel: runs a body once for each part number
  ///   `0..<parts`, on any threads, all at once
  ///   (`DispatchQueue.concurrentPerform`): the values are built in parts
  ///   on every core when there are many. Every part on the calling thread
  ///   when `nil`.
  /// - Complexity: O(size of the added values).
  public consuming func withAddedValuesBuilt(
    inParallel: ((_ parts: Int, _ body: (Int) -> Void) -> Void)? = nil
  ) -> RawJSONPatch {
    let added = operations.indices.filter {
      guard operations[$0].kind == .add, case .raw? = operations[$0].heldValue else {
        return false
      }
      return true
    }
    let parts =
      inParallel == nil ? 1 : min(8, max(1, added.count / RawJSONPatch.addedValuesPerPart))
    // Each value built once, by the part that holds it, from the text
    // itself: the parts count no references to it.
    let ranges = added.map { valueRange(of: operations[$0]) }
    let values = bytes.withUnsafeBufferPointer { text in
      [DocumentValue](unsafeUninitializedCapacity: added.count) { values, initialized in
        let start = values.baseAddress
        let build = { (part: Int) in
          for index in (added.count * part / parts)..<(added.count * (part + 1) / parts) {
            guard let value = try? JSONReader.parseValue(in: text, range: ranges[index]) else {
              preconditionFailure("raw patch values are valid JSON")
            }
            (start! + index).initialize(to: .value(value))
          }
        }
        if parts == 1 { build(0) } else { inParallel?(parts, build) }
        initialized = added.count
      }
    }
    // The operations changed in place: the patch is consumed, so they are
    // not copied.
    var patch = self
    for (index, operation) in added.enumerated() {
      patch.operations[operation].heldValue = values[index]
    }
    return patch
  }
}
