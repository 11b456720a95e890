import ColdiffCore
import ColdiffFormats

extension Snapshot {
  /// Whether every record has a value at `pointer` (for the default `id`
  /// key); true for an empty collection, also a zero-byte CSV without a
  /// header.
  ///
  /// - Complexity: O(n) key look-ups, stopping at the first miss.
  package func allRecordsHave(_ pointer: JSONPointer) -> Bool {
    switch storage {
    case .table(let table):
      return table.rowCount == 0
        || pointer.tokens.count == 1 && table.column(named: pointer.tokens[0]) != nil
    case .json(let index):
      guard index.form != .jsonObject else { return false }
      if capturedRanges(pointer, index) != nil {
        // The scan noted the key's range where a record has it.
        return index.everyRecordHasKey
      }
      let path = JSONKeyPath(segments: pointer.tokens)
      return bytes.withUnsafeBufferPointer { buffer in
        (0..<index.count).allSatisfy {
          path.valueRange(in: buffer, record: index.recordRange($0)) != nil
        }
      }
    }
  }

  /// The canonical identity bytes of every record: equal bytes exactly
  /// when the identities are JSON-equal.
  ///
  /// - Parameters:
  ///   - identity: what makes records the same.
  ///   - rules: the comparison rules; their `--ignore` patterns are left
  ///     out of a whole value (the whole value is then both identity and
  ///     equality, SPEC §3, §7.8).
  ///   - hashing: whether the keys the scan made are hashed; `false` for
  ///     keys matched to a table (NEW's), which the matching hashes one by
  ///     one where it looks them up. Keys made here are hashed as they
  ///     are made.
  ///   - partnersStandIn: whether the records whose keys the scan left to
  ///     their partners (``keysLeftToPartners(for:)``) get empty keys,
  ///     for a matching that takes the partners instead; else their
  ///     partners' keys are copied in.
  /// - Throws: `InputError` located at the first record that has no value
  ///   for a key field, or for keys of 4 GiB or more in all.
  /// - Complexity: O(n) for keys found by skipping (no value is built),
  ///   O(size) for whole values.
  package func keyArena(
    for identity: Identity, rules: ComparisonRules = ComparisonRules(), hashing: Bool = true,
    partnersStandIn: Bool = false
  ) throws -> KeyArena {
    try keys(for: identity, rules: rules, hashing: hashing, partnersStandIn: partnersStandIn)
      .checked(file: name)
  }

  /// The partners (the records the scan took whole, ``knownPartners(in:)``)
  /// of the records whose keys under `identity` the scan left to them,
  /// when it left any (a flat scan of NEW taking OLD's records or rows
  /// whole): each such record's key is its partner's, and
  /// ``keyArena(for:rules:hashing:partnersStandIn:)`` leaves it empty
  /// when asked to. `nil` when every key is the record's.
  package func keysLeftToPartners(for identity: Identity) -> KnownMatches? {
    guard case .fields(let pointers) = identity, pointers.count == 1 else { return nil }
    switch storage {
    case .json(let index):
      guard index.keysLeftToPartners, capturedRanges(pointers[0], index) != nil else { return nil }
    case .table(let table):
      guard let left = table.partnerKeys, pointers[0].tokens.count == 1,
        table.column(named: pointers[0].tokens[0]) == left.column
      else { return nil }
    }
    return partners
  }

  /// The canonical identity bytes of every record, as ``keyArena(for:rules:hashing:partnersStandIn:)``
  /// makes them, in an arena that may be full (`KeyArena.isFull`).
  private func keys(
    for identity: Identity, rules: ComparisonRules, hashing: Bool, partnersStandIn: Bool
  ) throws -> KeyArena {
    switch (identity, storage) {
    case (.memberName, _):
      var arena = emptyArena()
      for record in 0..<count {
        arena.append { JSONCanonicalKey.append(.string(memberName(of: record)), to: &$0) }
      }
      return arena
    case (.wholeValue, _):
      return wholeValueKeys(rules: rules)
    case (.fields(let pointers), .json(let index)):
      return try fieldKeys(pointers, index, hashing: hashing, partnersStandIn: partnersStandIn)
    case (.fields, .table) where count == 0:
      // No rows, nothing to key: a table without a header has no columns.
      return emptyArena()
    case (.fields(let pointers), .table(let table)):
      return try columnKeys(pointers, table, hashing: hashing, partnersStandIn: partnersStandIn)
    }
  }

  /// An empty arena with room for a short key per record.
  private func emptyArena() -> KeyArena {
    var arena = KeyArena()
    arena.reserve(records: count, bytesEach: 16)
    return arena
  }

  /// The canonical bytes of each whole record, less the fields `rules`
  /// ignore.
  private func wholeValueKeys(rules: ComparisonRules) -> KeyArena {
    var arena = emptyArena()
    switch storage {
    case _ where !rules.ignore.isEmpty:
      for record in 0..<count {
        arena.append {
          JSONCanonicalKey.append(rules.removingIgnored(from: value(of: record), at: []), to: &$0)
        }
      }
    case .json(let index):
      var released = 0
      bytes.withUnsafeBufferPointer { buffer in
        for record in 0..<count {
          if record % Snapshot.recordsBetweenReleases == 0 {
            releasePages(from: &released, before: record)
          }
          arena.append {
            JSONCanonicalKey.append(buffer, range: index.recordRange(record), to: &$0)
          }
        }
      }
    case .table(let table):
      for record in 0..<count {
        arena.append { JSONCanonicalKey.append(table.value(ofRow: record), to: &$0) }
      }
    }
    return arena
  }

  /// The canonical bytes of the key fields of each JSON record: those the
  /// scan made when it captured the one key field, else found by skipping.
  private func fieldKeys(
    _ pointers: [JSONPointer], _ index: JSONCollectionIndex, hashing: Bool, partnersStandIn: Bool
  ) throws -> KeyArena {
    if pointers.count == 1, capturedRanges(pointers[0], index) != nil {
      // The scan made the canonical keys: check that every record has one;
      // many are hashed on both cores. Those it left to the records'
      // partners are copied in unless the partners stand in for them.
      if let missing = index.firstRecordWithoutKey {
        throw missingKey(pointers[0], record: missing)
      }
      return scannedArena(
        bytes: index.canonicalKeys, starts: index.canonicalKeyStarts, hashing: hashing,
        partners: index.keysLeftToPartners && !partnersStandIn ? partners : nil)
    }
    var arena = emptyArena()
    if pointers.count == 1 {
      // One key field: no closure per record.
      let pointer = pointers[0]
      let path = JSONKeyPath(segments: pointer.tokens)
      try bytes.withUnsafeBufferPointer { buffer in
        for record in 0..<index.count {
          let found = path.valueRange(in: buffer, record: index.recordRange(record))
          guard let value = found else { throw missingKey(pointer, record: record) }
          arena.append { JSONCanonicalKey.append(buffer, range: value, to: &$0) }
        }
      }
      return arena
    }
    let finders = pointers.map { pointer in
      capturedRanges(pointer, index)
        ?? { [bytes] record in
          let path = JSONKeyPath(segments: pointer.tokens)
          return bytes.withUnsafeBufferPointer {
            path.valueRange(in: $0, record: index.recordRange(record))
          }
        }
    }
    try bytes.withUnsafeBufferPointer { buffer in
      for record in 0..<count {
        try arena.append { out in
          for (find, pointer) in zip(finders, pointers) {
            guard let value = find(record) else { throw missingKey(pointer, record: record) }
            JSONCanonicalKey.append(buffer, range: value, to: &out)
          }
        }
      }
    }
    return arena
  }

  /// The canonical bytes of the key columns of each CSV row.
  ///
  /// - Throws: `InputError` at the header when a key names no column.
  private func columnKeys(
    _ pointers: [JSONPointer], _ table: CSVTable, hashing: Bool, partnersStandIn: Bool
  ) throws -> KeyArena {
    let columns = try pointers.map { pointer in
      guard pointer.tokens.count == 1, let column = table.column(named: pointer.tokens[0]) else {
        throw InputError(
          "no column \(pointer) to take the key from (the columns are "
            + table.header.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
            + ")",
          file: name, line: 1, column: 1)
      }
      return column
    }
    if columns.count == 1 {
      return try columnKeys(
        columns[0], table, hashing: hashing, partnersStandIn: partnersStandIn)
    }
    var arena = emptyArena()
    for record in 0..<table.rowCount {
      arena.append { out in
        for column in columns {
          table.withFieldBytes(row: record, column: column) {
            JSONCanonicalKey.appendString($0, to: &out)
          }
        }
      }
    }
    return arena
  }

  /// The canonical bytes of one key column: those the scan made when it
  /// captured this column (taken from the table, the first time; hashed
  /// unless `hashing` is false; those it left to the rows' partners
  /// copied in unless `partnersStandIn`), else unquoted fields copied
  /// straight from the input, hashed in one pass at the end.
  ///
  /// - Throws: `KeyArena.tooLarge(file:)` for keys of 4 GiB or more.
  private func columnKeys(_ column: Int, _ table: CSVTable, hashing: Bool, partnersStandIn: Bool)
    throws(InputError) -> KeyArena
  {
    if let captured = table.takeCapturedKeys(column: column) {
      return scannedArena(
        bytes: captured.bytes, starts: captured.ends, hashing: hashing,
        partners: table.partnerKeys != nil && !partnersStandIn ? partners : nil)
    }
    var keys: [UInt8] = []
    keys.reserveCapacity(table.rowCount * 16)
    var starts: [UInt32] = [0]
    starts.reserveCapacity(table.rowCount + 1)
    var released = 0
    let fits = bytes.withUnsafeBufferPointer { buffer in
      for record in 0..<table.rowCount {
        if record % Snapshot.recordsBetweenReleases == 0 {
          releasePages(from: &released, before: record)
        }
        let range = table.rawFieldRange(row: record, column: column)
        if !range.isEmpty, buffer[range.lowerBound] == UInt8(ascii: "\"") {
          table.withFieldBytes(row: record, column: column) {
            JSONCanonicalKey.appendString($0, to: &keys)
          }
        } else {
          JSONCanonicalKey.appendString(UnsafeBufferPointer(rebasing: buffer[range]), to: &keys)
        }
        guard keys.count <= KeyArena.largestSize else { return false }
        starts.append(KeyArena.keyOffset(keys.count))
      }
      return true
    }
    guard fits else { throw KeyArena.tooLarge(file: name) }
    return KeyArena(bytes: keys, starts: starts)
  }

  /// The arena of keys a scan made, hashed (``hashedArena(bytes:starts:)``)
  /// or not, with the keys the scan left to the records' `partners`
  /// copied in from ``partnerKeys`` when they are given.
  private func scannedArena(
    bytes: [UInt8], starts: [UInt32], hashing: Bool, partners: KnownMatches?
  )
    -> KeyArena
  {
    let (bytes, starts) =
      partners?.keys(
        own: bytes, starts: starts, partners: partnerKeys.bytes, starts: partnerKeys.starts)
      ?? (bytes, starts)
    return hashing
      ? Snapshot.hashedArena(bytes: bytes, starts: starts)
      : KeyArena(unhashedBytes: bytes, starts: starts)
  }

  /// From how many keys ``hashedArena(bytes:starts:)`` hashes in two
  /// halves.
  static let keysHashedInHalves = 1 << 15

  /// The arena of keys a scan made (`KeyArena.init(bytes:starts:)`),
  /// many keys hashed in two halves on both cores.
  ///
  /// - Complexity: O(size of `bytes`).
  static func hashedArena(bytes: [UInt8], starts: [UInt32]) -> KeyArena {
    let count = starts.count - 1
    guard count >= keysHashedInHalves else { return KeyArena(bytes: bytes, starts: starts) }
    let half = count / 2
    let hashes = [UInt64](unsafeUninitializedCapacity: count) { hashes, initialized in
      _ = Parallel.both(
        { KeyArena.hash(bytes: bytes, starts: starts, of: 0..<half, into: hashes) },
        {
          KeyArena.hash(
            bytes: bytes, starts: starts, of: half..<count,
            into: UnsafeMutableBufferPointer(rebasing: hashes[half...]))
        })
      initialized = count
    }
    return KeyArena(bytes: bytes, starts: starts, hashes: hashes)
  }

  /// The key of record `record` as a JSON value, for documents and
  /// reports: the value of the one key field, an array of the values of a
  /// composite key, the member name of an object map, `nil` for whole
  /// values.
  package func keyValue(of record: Int, identity: Identity) -> JSONValue? {
    switch identity {
    case .wholeValue: return nil
    case .memberName: return .string(memberName(of: record))
    case .fields:
      let values = keyFields(of: record, identity: identity)
      return values.count == 1 ? values[0] : .array(values)
    }
  }

  /// The value of each key field of record `record` (empty unless the
  /// identity is fields).
  package func keyFields(of record: Int, identity: Identity) -> [JSONValue] {
    guard case .fields(let pointers) = identity else { return [] }
    return pointers.map { keyField($0, of: record) }
  }

  private func keyField(_ pointer: JSONPointer, of record: Int) -> JSONValue {
    if let range = capturedKeyRange(pointer, of: record) {
      // The range the scan noted: no copy of `storage`, no search.
      return bytes.withUnsafeBufferPointer { buffer in
        guard let value = try? JSONReader.parseValue(in: buffer, range: range) else {
          preconditionFailure("a key that was found is gone")
        }
        return value
      }
    }
    switch storage {
    case .table(let table):
      let field = table.field(row: record, named: pointer.tokens[0]) ?? []
      return .string(CSVTable.jsonString(field))
    case .json(let index):
      return bytes.withUnsafeBufferPointer { buffer in
        // Not the key the scan noted (`capturedKeyRange` above): a search
        // of the record.
        let range = JSONKeyPath(segments: pointer.tokens).valueRange(
          in: buffer, record: index.recordRange(record))
        guard let range, let value = try? JSONReader.parseValue(in: buffer, range: range)
        else { preconditionFailure("a key that was found is gone") }
        return value
      }
    }
  }

  /// The range of record `record`'s value at `pointer` the scan noted,
  /// when `pointer` is the captured key and the record has it, read from
  /// the index's arrays the snapshot holds apart (`jsonKeyOffsets`).
  @inline(__always)
  private func capturedKeyRange(_ pointer: JSONPointer, of record: Int) -> Range<Int>? {
    guard !jsonKeyOffsets.isEmpty, let capturedKey, pointer.tokens.count == 1,
      pointer.tokens[0] == capturedKey
    else { return nil }
    return capturedKeyRange(of: record)
  }

  /// Where the value of record `record`'s key member lies, as the scan
  /// noted it (the snapshot holds the index's arrays apart), or `nil`
  /// when the record has no such member.
  ///
  /// - Precondition: the scan noted keys (`jsonKeyOffsets` is not empty).
  @inline(__always)
  func capturedKeyRange(of record: Int) -> Range<Int>? {
    let offset = jsonKeyOffsets[record]
    guard offset != JSONCollectionIndex.noKey else { return nil }
    let start = jsonStarts[record] + Int(offset)
    return start..<(start + Int(jsonKeyLengths[record]))
  }

  /// The key ranges the scan noted, when they are those of `pointer`.
  private func capturedRanges(_ pointer: JSONPointer, _ index: JSONCollectionIndex)
    -> ((Int) -> Range<Int>?)?
  {
    guard index.capturesKeys, let capturedKey, pointer.tokens == [capturedKey] else { return nil }
    return { index.keyRange($0) }
  }

  private func missingKey(_ pointer: JSONPointer, record: Int) -> InputError {
    error("record #\(record) has no key \(pointer)", at: record)
  }
}
