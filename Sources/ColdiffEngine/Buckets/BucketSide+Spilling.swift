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
      (window, snapshot) = try self.snapshot(of: next, from: windows) { error, window in
        let (nextStart, nextPrefix) = (window.start, window.prefixLength)
        return ErrorPlacement(path: self.path).place(
          error, document: window.document, inputOffset: { nextStart + max($0 - nextPrefix, 0) },
          record: { $0 + before })
      }
    }
    try files.flushAll()
    return before
  }

  /// Reads `window` as a snapshot; a window whose guessed end does not
  /// scan is cut again by walking its bytes and read again.
  ///
  /// - Parameter placing: places an error of the window that failed.
  /// - Returns: the window read and its snapshot.
  func snapshot(
    of window: InputWindows.Window, from windows: InputWindows,
    placing: (InputError, InputWindows.Window) -> InputError
  ) throws -> (InputWindows.Window, Snapshot) {
    var window = window
    while true {
      do {
        return (window, try snapshot(window.document))
      } catch let error as InputError {
        guard window.isGuessed else { throw placing(error, window) }
        window = try windows.recut()
      }
    }
  }

  /// Writes the records of one window to their buckets.
  private func write(
    _ snapshot: Snapshot, keys: KeyArena, identity: Identity, files: BucketFiles, before: Int,
    start: Int
  ) throws {
    let buckets = UInt64(files.count)
    var scratch: [UInt8] = []
    let ranges = RecordRanges(snapshot, identity: identity)
    // The keys' bytes looked at once, not once a record.
    try snapshot.bytes.withUnsafeBufferPointer { buffer in
      try keys.withUnsafeKeys { keyBytes, keyStarts in
        for record in 0..<snapshot.count {
          let key = UnsafeBufferPointer(
            rebasing: keyBytes[keyStarts[record]..<keyStarts[record + 1]])
          let bucket = Int(Shard.hash(key) % buckets)
          let (text, name, offset) = ranges.ranges(of: record)
          let written =
            ranges.identityRange(of: record, name: name)
            ?? BucketSide.identityText(
              of: record, in: snapshot, identity: identity, buffer: buffer, scratch: &scratch)
          try scratch.withUnsafeBufferPointer { scratch in
            let identityBytes: UnsafeBufferPointer<UInt8>? =
              switch written {
              case .text: nil
              case .range(let range): UnsafeBufferPointer(rebasing: buffer[range])
              case .scratch: scratch
              }
            try files.append(
              bucket: bucket, position: before + record, offset: start + offset, key: key,
              identity: identityBytes, name: UnsafeBufferPointer(rebasing: buffer[name]),
              text: UnsafeBufferPointer(rebasing: buffer[text]))
          }
        }
      }
    }
  }

  /// Finds record `record`'s identity as written where it is not in the
  /// snapshot's bytes as they stand.
  private static func identityText(
    of record: Int, in snapshot: Snapshot, identity: Identity, buffer: UnsafeBufferPointer<UInt8>,
    scratch: inout [UInt8]
  ) -> WrittenIdentity {
    if case .fields(let pointers) = identity, pointers.count == 1,
      case .table(let table) = snapshot.storage,
      let column = table.column(named: pointers[0].tokens[0])
    {
      // A plain unquoted field is its JSON string between quotes.
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
    scratch = snapshot.identityText(of: record, identity: identity)
    return .scratch
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

/// The byte ranges of a window's records, with the storage looked at once
/// rather than once a record.
private struct RecordRanges {
  private let index: JSONCollectionIndex?
  private let table: CSVTable?
  private let isObject: Bool
  private let identity: Identity
  /// Whether the scan noted the one key field's value of each record.
  private let captured: Bool

  init(_ snapshot: Snapshot, identity: Identity) {
    self.identity = identity
    switch snapshot.storage {
    case .json(let index):
      self.index = index
      table = nil
      isObject = index.form == .jsonObject
      if case .fields(let pointers) = identity, pointers.count == 1, index.capturesKeys,
        let name = snapshot.capturedKey, pointers[0].tokens == [name]
      {
        captured = true
      } else {
        captured = false
      }
    case .table(let table):
      index = nil
      self.table = table
      isObject = false
      captured = false
    }
  }

  /// Record `record`'s text, its member name (an object map's, else
  /// empty) and its offset in the window.
  @inline(__always)
  func ranges(of record: Int) -> (text: Range<Int>, name: Range<Int>, offset: Int) {
    if let index {
      let text = index.recordRange(record)
      guard isObject else { return (text, 0..<0, text.lowerBound) }
      let name = index.nameRange(record)
      return (text, name, name.lowerBound - 1)
    }
    let text = table!.rowRange(record)
    return (text, 0..<0, text.lowerBound)
  }

  /// Record `record`'s identity as written, when it is the record's text
  /// or lies in the window's bytes.
  @inline(__always)
  func identityRange(of record: Int, name: Range<Int>) -> WrittenIdentity? {
    switch identity {
    case .wholeValue: return .text
    case .memberName: return .range(name)
    case .fields where captured: return index!.keyRange(record).map { .range($0) }
    default: return nil
    }
  }
}
