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
    knownPartners += part.knownPartners
    guard capturesKeys else { return }
    keyStarts += part.keyStarts
    keyEnds += part.keyEnds
    let base = canonicalKeys.count
    canonicalKeys += part.canonicalKeys
    canonicalKeyStarts += part.canonicalKeyStarts.dropFirst().lazy.map { $0 + base }
  }

  /// Appends the records of `parts`, the indexes of the chunks that
  /// follow in order, emptying each once appended: the memory of a part
  /// goes as soon as it is copied, so that the whole index and all the
  /// parts are never held at once.
  ///
  /// - Complexity: O(records in `parts`).
  mutating func append(parts: inout [JSONCollectionIndex]) {
    reserve(for: parts)
    for position in parts.indices {
      append(part: parts[position])
      parts[position] = JSONCollectionIndex(form: form)
    }
  }

  /// Reserves room for the records of `parts` besides those held.
  private mutating func reserve(for parts: [JSONCollectionIndex]) {
    let records = count + parts.reduce(0) { $0 + $1.count }
    recordStarts.reserveCapacity(records)
    recordEnds.reserveCapacity(records)
    if form == .jsonObject {
      nameStarts.reserveCapacity(records)
      nameEnds.reserveCapacity(records)
    }
    if parts.contains(where: { !$0.knownPartners.isEmpty }) {
      knownPartners.reserveCapacity(records)
    }
    guard capturesKeys else { return }
    keyStarts.reserveCapacity(records)
    keyEnds.reserveCapacity(records)
    canonicalKeyStarts.reserveCapacity(records + 1)
    canonicalKeys.reserveCapacity(
      canonicalKeys.count + parts.reduce(0) { $0 + $1.canonicalKeys.count })
  }
}
