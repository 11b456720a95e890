import ColdiffCore
import ColdiffFormats

extension BucketSide {
  /// Spills every record, window by window, into the bucket file of its
  /// key's hash.
  ///
  /// - Parameters:
  ///   - windows: the input's windows, the first one read already.
  ///   - first: the first window and its snapshot.
  ///   - identity: what makes records the same.
  ///   - rules: the comparison rules (whole values leave ignored fields out).
  ///   - files: the side's bucket files.
  ///   - tentative: `identity` is the default `id`, which holds only if
  ///     every record has one.
  ///   - progress: told the bytes read after each window.
  /// - Returns: the number of records, or `nil` when `tentative` and a
  ///   record has no `id` (the run starts again with whole values as
  ///   identity).
  /// - Throws: `InputError` located in the input.
  func spill(
    windows: InputWindows, first: (InputWindows.Window, Snapshot), identity: Identity,
    rules: ComparisonRules, files: BucketFiles, tentative: Bool, progress: (Int) -> Void
  ) throws -> Int? {
    var (window, snapshot) = first
    var before = 0
    let id = JSONPointer(["id"])
    while true {
      if tentative && !snapshot.allRecordsHave(id) { return nil }
      let start = window.start
      let prefix = window.prefixLength
      let placement = { (error: InputError) -> InputError in
        ErrorPlacement(path: self.path).place(
          error, document: window.document, inputOffset: { start + max($0 - prefix, 0) },
          record: { $0 + before })
      }
      if !window.isFirst && snapshot.count == 0 && cutterKind == .container {
        let error = window.document.withUnsafeBufferPointer {
          InputError("expected a value after ','", offset: prefix, in: $0).inFile(name)
        }
        throw placement(error)
      }
      do {
        let keys = try snapshot.keyArena(for: identity, rules: rules)
        try write(
          snapshot, keys: keys, identity: identity, files: files, before: before,
          start: start - prefix)
      } catch let error as InputError {
        throw placement(error)
      }
      before += snapshot.count
      progress(windows.bytesRead)
      guard let next = try windows.next() else { break }
      window = next
      do {
        snapshot = try self.snapshot(next.document)
      } catch let error as InputError {
        let nextStart = next.start
        let nextPrefix = next.prefixLength
        throw ErrorPlacement(path: path).place(
          error, document: next.document, inputOffset: { nextStart + max($0 - nextPrefix, 0) },
          record: { $0 + before })
      }
    }
    try files.flushAll()
    return before
  }

  /// Writes the records of one window to their buckets.
  private func write(
    _ snapshot: Snapshot, keys: KeyArena, identity: Identity, files: BucketFiles, before: Int,
    start: Int
  ) throws {
    let buckets = UInt64(files.count)
    var scratch: [UInt8] = []
    try snapshot.bytes.withUnsafeBufferPointer { buffer in
      for record in 0..<snapshot.count {
        let key = keys.key(record)
        let bucket = key.withUnsafeBufferPointer { Shard.hash($0) % buckets }
        var name: Range<Int> = 0..<0
        let text: Range<Int>
        var offset: Int
        switch snapshot.storage {
        case .json(let index):
          text = index.recordRange(record)
          offset = text.lowerBound
          if index.form == .jsonObject {
            name = index.nameRange(record)
            offset = name.lowerBound - 1
          }
        case .table(let table):
          text = table.rowRange(record)
          offset = text.lowerBound
        }
        let written = BucketSide.identityText(
          of: record, in: snapshot, identity: identity, buffer: buffer, name: name,
          scratch: &scratch)
        try scratch.withUnsafeBufferPointer { scratch in
          let identityBytes: UnsafeBufferPointer<UInt8>? =
            switch written {
            case .text: nil
            case .range(let range): UnsafeBufferPointer(rebasing: buffer[range])
            case .scratch: scratch
            }
          try files.append(
            bucket: Int(bucket), position: before + record, offset: start + offset, key: key,
            identity: identityBytes, name: UnsafeBufferPointer(rebasing: buffer[name]),
            text: UnsafeBufferPointer(rebasing: buffer[text]))
        }
      }
    }
  }

  /// Where a record's identity as written is (what a shard document
  /// carries of it, `Snapshot.identityText`).
  private enum WrittenIdentity {
    /// The record's text (whole values).
    case text
    /// These bytes of the snapshot.
    case range(Range<Int>)
    /// The scratch buffer.
    case scratch
  }

  /// Finds record `record`'s identity as written, without a copy where
  /// it is in the snapshot's bytes.
  private static func identityText(
    of record: Int, in snapshot: Snapshot, identity: Identity, buffer: UnsafeBufferPointer<UInt8>,
    name: Range<Int>, scratch: inout [UInt8]
  ) -> WrittenIdentity {
    switch (identity, snapshot.storage) {
    case (.wholeValue, _): return .text
    case (.memberName, _): return .range(name)
    case (.fields(let pointers), .json(let index)) where pointers.count == 1:
      if let range = snapshot.keyTextRange(pointers[0], record, index) { return .range(range) }
    case (.fields(let pointers), .table(let table)) where pointers.count == 1:
      // A plain unquoted field is its JSON string between quotes.
      if let column = table.column(named: pointers[0].tokens[0]) {
        let range = table.rawFieldRange(row: record, column: column)
        let plain = buffer[range].allSatisfy {
          $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F
        }
        if plain {
          scratch.removeAll(keepingCapacity: true)
          scratch.append(UInt8(ascii: "\""))
          scratch.append(contentsOf: buffer[range])
          scratch.append(UInt8(ascii: "\""))
          return .scratch
        }
      }
    default: break
    }
    scratch = snapshot.identityText(of: record, identity: identity)
    return .scratch
  }
}
