extension JSONCollectionIndex {
  /// Appends the records of `part`, the index of the chunk that follows
  /// (same form, offsets into the same buffer).
  ///
  /// - Complexity: O(records in `part`), copies of its arrays.
  mutating func append(part: JSONCollectionIndex) {
    recordStarts += part.recordStarts
    recordEnds += part.recordEnds
    nameStarts += part.nameStarts
    nameEnds += part.nameEnds
    guard capturesKeys else { return }
    keyStarts += part.keyStarts
    keyEnds += part.keyEnds
    let base = canonicalKeys.count
    canonicalKeys += part.canonicalKeys
    canonicalKeyStarts += part.canonicalKeyStarts.dropFirst().lazy.map { $0 + base }
  }

  /// Reserves room for the records of `parts` besides those held.
  mutating func reserve(for parts: [JSONCollectionIndex]) {
    let records = count + parts.reduce(0) { $0 + $1.count }
    recordStarts.reserveCapacity(records)
    recordEnds.reserveCapacity(records)
    if form == .jsonObject {
      nameStarts.reserveCapacity(records)
      nameEnds.reserveCapacity(records)
    }
    guard capturesKeys else { return }
    keyStarts.reserveCapacity(records)
    keyEnds.reserveCapacity(records)
    canonicalKeyStarts.reserveCapacity(records + 1)
    canonicalKeys.reserveCapacity(
      canonicalKeys.count + parts.reduce(0) { $0 + $1.canonicalKeys.count })
  }
}
