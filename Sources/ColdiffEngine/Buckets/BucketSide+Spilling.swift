import ColdiffCore
import ColdiffFormats

/// One window of an input read: scanned, checked and keyed, its records
/// not yet written to the buckets.
struct ReadWindow {
  /// The window and its snapshot.
  let window: InputWindows.Window
  let snapshot: Snapshot
  /// The records' canonical keys.
  let keys: KeyArena
  /// The number of the input's records before the window.
  let before: Int
}

extension BucketSide {
  /// The next window of `windows` read as a snapshot (NEW's with OLD's
  /// window as its `reference`: the records with the same bytes as one
  /// of it are taken whole), or `nil` after the last.
  ///
  /// - Parameter before: the number of the input's records before it.
  /// - Throws: `InputError` located in the input, `BudgetTooSmallError`.
  func scanNext(from windows: InputWindows, before: Int, reference: Snapshot?) throws -> (
    InputWindows.Window, Snapshot
  )? {
    guard let next = try windows.next() else { return nil }
    return try snapshot(of: next, from: windows, reference: reference) { error, window in
      placement(window, before: before)(error)
    }
  }

  /// Checks a scanned window and makes its keys.
  ///
  /// - Parameters:
  ///   - scanned: the window and its snapshot.
  ///   - before: the number of the input's records before it.
  ///   - identity: what makes records the same.
  ///   - rules: the comparison rules (whole values leave ignored fields out).
  ///   - tentative: `identity` is the default `id`, which holds only if
  ///     every record has one.
  /// - Returns: the window read, or `nil` when `tentative` and a record
  ///   has no `id` (the run starts again with whole values as identity).
  /// - Throws: `InputError` located in the input.
  func readWindow(
    _ scanned: (InputWindows.Window, Snapshot), before: Int, identity: Identity,
    rules: ComparisonRules, tentative: Bool
  ) throws -> ReadWindow? {
    let (window, snapshot) = scanned
    if tentative && !snapshot.allRecordsHave(JSONPointer(["id"])) { return nil }
    let placement = placement(window, before: before)
    if !window.isFirst && snapshot.count == 0 && cutterKind == .container {
      let error = window.document.withUnsafeBufferPointer {
        InputError("expected a value after ','", offset: window.prefixLength, in: $0).inFile(name)
      }
      throw placement(error)
    }
    do {
      let keys = try snapshot.keyArena(for: identity, rules: rules)
      return ReadWindow(window: window, snapshot: snapshot, keys: keys, before: before)
    } catch let error as InputError {
      throw placement(error)
    }
  }

  /// Writes the records of a window read to their buckets.
  ///
  /// - Parameter pairs: the window's records that have a partner with
  ///   the same bytes in the other input: OLD's are written without their
  ///   texts, naming their partners, and NEW's are left out.
  /// - Throws: `InputError` when a write fails.
  func write(
    _ read: ReadWindow, pairs: WindowPairs?, identity: Identity, files: BucketFiles
  ) throws {
    do {
      try write(
        read.snapshot, keys: read.keys, identity: identity, files: files, before: read.before,
        start: read.window.start - read.window.prefixLength, pairs: pairs)
    } catch let error as InputError {
      throw placement(read.window, before: read.before)(error)
    }
  }

  /// Where each record of a window read starts in the input.
  func inputOffsets(of read: ReadWindow, identity: Identity) -> (Int) -> Int {
    let ranges = RecordRanges(read.snapshot, identity: identity)
    let start = read.window.start - read.window.prefixLength
    return { start + ranges.ranges(of: $0).offset }
  }

  /// Places an error of `window` in the input.
  private func placement(_ window: InputWindows.Window, before: Int) -> (InputError) -> InputError {
    let (start, prefix, document) = (window.start, window.prefixLength, window.document)
    let path = path
    return { error in
      ErrorPlacement(path: path).place(
        error, document: document, inputOffset: { start + max($0 - prefix, 0) },
        record: { $0 + before })
    }
  }

  /// Reads `window` as a snapshot; a window whose guessed end does not
  /// scan is cut again by walking its bytes and read again.
  ///
  /// - Parameters:
  ///   - reference: OLD's window, for NEW's.
  ///   - placing: places an error of the window that failed.
  /// - Returns: the window read and its snapshot.
  func snapshot(
    of window: InputWindows.Window, from windows: InputWindows, reference: Snapshot? = nil,
    placing: (InputError, InputWindows.Window) -> InputError
  ) throws -> (InputWindows.Window, Snapshot) {
    var window = window
    while true {
      do {
        return (window, try snapshot(window.document, reference: reference))
      } catch let error as InputError {
        guard window.isGuessed else { throw placing(error, window) }
        window = try windows.recut()
      }
    }
  }

  /// Writes the records of one window to their buckets.
  private func write(
    _ snapshot: Snapshot, keys: KeyArena, identity: Identity, files: BucketFiles, before: Int,
    start: Int, pairs: WindowPairs?
  ) throws {
    let buckets = UInt64(files.count)
    var scratch: [UInt8] = []
    let ranges = RecordRanges(snapshot, identity: identity)
    // The keys' bytes looked at once, not once a record.
    try snapshot.bytes.withUnsafeBufferPointer { buffer in
      try keys.withUnsafeKeys { keyBytes, keyStarts in
        for record in 0..<snapshot.count {
          var partner: (position: Int, offset: Int)?
          switch pairs {
          case .old(let positions, let offsets)?:
            if positions[record] >= 0 { partner = (positions[record], offsets[record]) }
          case .new(let paired)?:
            // Written with its partner, in OLD's file.
            if paired[record] { continue }
          case nil: break
          }
          let key = UnsafeBufferPointer(
            rebasing: keyBytes[Int(keyStarts[record])..<Int(keyStarts[record + 1])])
          let bucket = Int(Shard.hash(key) % buckets)
          let (text, name, offset) = ranges.ranges(of: record)
          let written =
            ranges.identityRange(of: record, name: name, key: key)
            ?? BucketSide.identityText(
              of: record, in: snapshot, identity: identity, ranges: ranges, buffer: buffer,
              scratch: &scratch)
          try scratch.withUnsafeBufferPointer { scratch in
            let identityBytes: UnsafeBufferPointer<UInt8>? =
              switch written {
              case .text: nil
              case .range(let range): UnsafeBufferPointer(rebasing: buffer[range])
              case .quotedKey(let text): text
              case .scratch: scratch
              }
            let quoted = if case .quotedKey = written { true } else { false }
            try files.append(
              bucket: bucket, position: before + record, offset: start + offset, key: key,
              identity: identityBytes, quotingIdentity: quoted,
              name: UnsafeBufferPointer(rebasing: buffer[name]),
              text: UnsafeBufferPointer(rebasing: buffer[text]),
              partner: partner)
          }
        }
      }
    }
  }

  /// Finds record `record`'s identity as written where it is not in the
  /// snapshot's bytes as they stand.
  private static func identityText(
    of record: Int, in snapshot: Snapshot, identity: Identity, ranges: RecordRanges,
    buffer: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]
  ) -> WrittenIdentity {
    if let (table, column) = ranges.keyColumn {
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

/// The records of a window that have a partner with the same bytes in
/// the other input's window of the same number (`SpillRounds`): a pair
/// is written once, in OLD's file.
enum WindowPairs {
  /// OLD's window: for each record, its partner's position in NEW (or
  /// -1) and its partner's offset in NEW.
  case old(positions: [Int], offsets: [Int])
  /// NEW's window: whether each record has a partner (it is then left
  /// out of NEW's files).
  case new(paired: [Bool])
}

/// Where a record's identity as written is (what a shard document
/// carries of it, `Snapshot.identityText`).
private enum WrittenIdentity {
  /// The record's text (whole values).
  case text
  /// These bytes of the snapshot.
  case range(Range<Int>)
  /// This text of the canonical key between quotes (a string key without
  /// escapes: the record's bytes, which another core may have read last,
  /// are not read again).
  case quotedKey(UnsafeBufferPointer<UInt8>)
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
  /// A table and the column of its one key field (looked up once, not
  /// once a record).
  let keyColumn: (CSVTable, Int)?

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
      if case .fields(let pointers) = identity, pointers.count == 1,
        let column = table.column(named: pointers[0].tokens[0])
      {
        keyColumn = (table, column)
        return
      }
    }
    keyColumn = nil
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

  /// Record `record`'s identity as written, when it is the record's text,
  /// its canonical `key`'s text between quotes or lies in the window's
  /// bytes.
  @inline(__always)
  func identityRange(of record: Int, name: Range<Int>, key: UnsafeBufferPointer<UInt8>)
    -> WrittenIdentity?
  {
    switch identity {
    case .wholeValue: return .text
    case .memberName: return .range(name)
    case .fields where captured:
      guard let range = index!.keyRange(record) else { return nil }
      if let text = JSONCanonicalKey.unescapedStringText(of: key, writtenLength: range.count) {
        return .quotedKey(text)
      }
      return .range(range)
    default: return nil
    }
  }
}
