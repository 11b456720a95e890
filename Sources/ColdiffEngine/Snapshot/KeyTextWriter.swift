import ColdiffFormats

/// Writes the keys of one snapshot's records as the diff document writes
/// them (`Snapshot.keyValue(of:identity:)` on one line), straight from the
/// input's bytes where it can: a table's key field escaped as a JSON
/// string, a JSON record's captured key value as written (a number or a
/// string keeps its text). Other keys (several fields, a field the scan
/// did not note, a member name, an array or object) are built as values
/// and written.
struct KeyTextWriter {
  /// Where the keys come from.
  private enum Source {
    /// Whole values: no key.
    case none
    /// The fields of column `column` of a table (`fieldText`).
    case column
    /// A table without the key's column: each key is the empty string.
    case emptyString
    /// The values whose ranges the JSON scan noted (`jsonKeyStarts`).
    case captured
    /// Built values.
    case values
  }

  private let snapshot: Snapshot
  private let identity: Identity
  private let source: Source
  /// The key column, and what appends a row's field in it, for
  /// `.column` (the table held in the closure: one taken out of an
  /// optional for each key counted a reference to each of its arrays).
  private let column: Int
  private let fieldText: ((_ row: Int, _ out: inout [UInt8]) -> Void)?

  /// A writer of `snapshot`'s keys under `identity`.
  init(_ snapshot: Snapshot, identity: Identity) {
    self.snapshot = snapshot
    self.identity = identity
    guard case .fields(let pointers) = identity, pointers.count == 1 else {
      (fieldText, column) = (nil, -1)
      source = identity == .wholeValue ? .none : .values
      return
    }
    switch snapshot.storage {
    case .table(let keyTable):
      // As `Snapshot.keyField` reads it: the column named by the first
      // token, or an empty string.
      guard let keyColumn = keyTable.column(named: pointers[0].tokens[0]) else {
        (fieldText, column, source) = (nil, -1, .emptyString)
        return
      }
      fieldText = { keyTable.appendStringText(row: $0, column: keyColumn, to: &$1) }
      (column, source) = (keyColumn, .column)
    case .json:
      (fieldText, column) = (nil, -1)
      let captured = snapshot.capturedKey.map { pointers[0].tokens == [$0] } ?? false
      source = captured && !snapshot.jsonKeyOffsets.isEmpty ? .captured : .values
    }
  }

  /// Whether the records have keys (the identity is not whole values).
  var hasKeys: Bool {
    if case .none = source { return false }
    return true
  }

  /// Appends the key of record `record`, unless the records have none.
  ///
  /// - Complexity: O(length of the record up to its key); a built key's
  ///   parse.
  func append(of record: Int, to out: inout [UInt8]) {
    switch source {
    case .none: return
    case .column:
      // A table read in copies (the snapshot keeps its canonical keys
      // only then): the key from its canonical bytes, not from a row in
      // the input, whose pages went.
      guard snapshot.canonicalKeyColumn == column, appendCanonicalString(of: record, to: &out)
      else {
        fieldText?(record, &out)
        return
      }
    case .emptyString: out += "\"\"".utf8
    case .captured:
      guard appendCaptured(of: record, to: &out) else {
        appendBuilt(of: record, to: &out)
        return
      }
    case .values: appendBuilt(of: record, to: &out)
    }
  }

  /// Appends record `record`'s captured key as written, when it is a
  /// string, number or literal: from the record's copy, or, for a
  /// record not copied when the snapshot reads copies instead of its
  /// input, from the key's canonical bytes when they say how it is
  /// written; else from the input. `false` for a record without the key
  /// member, or whose key is an array or object.
  private func appendCaptured(of record: Int, to out: inout [UInt8]) -> Bool {
    let offset = snapshot.jsonKeyOffsets[record]
    guard offset != JSONCollectionIndex.noKey else { return false }
    let length = Int(snapshot.jsonKeyLengths[record])
    if !snapshot.copies.isEmpty, appendUnescapedString(of: record, length: length, to: &out) {
      return true
    }
    return snapshot.withRecordBytes(record) { bytes, range in
      let start = range.lowerBound + Int(offset)
      return KeyTextWriter.appendScalar(bytes, start..<(start + length), to: &out)
    }
  }

  /// Appends record `record`'s key, a string whose canonical bytes the
  /// scan made (`Snapshot.canonicalKeys`), as a JSON string;
  /// `false` when there are none.
  private func appendCanonicalString(of record: Int, to out: inout [UInt8]) -> Bool {
    snapshot.withCanonicalKey(of: record) {
      JSONCanonicalKey.appendStringText(of: $0, to: &out)
    } ?? false
  }

  /// Appends record `record`'s captured key, a string written `length`
  /// bytes long, from its canonical bytes, when they say how it is
  /// written (`JSONCanonicalKey.unescapedStringText`); `false` otherwise.
  private func appendUnescapedString(
    of record: Int, length: Int, to out: inout [UInt8]
  ) -> Bool {
    snapshot.withCanonicalKey(of: record) {
      KeyTextWriter.appendUnescapedString(canonical: $0, writtenLength: length, to: &out)
    } ?? false
  }

  /// Appends a string key written `writtenLength` bytes long, its quotes
  /// included, from its canonical bytes `key`, when they say how it is
  /// written (`JSONCanonicalKey.unescapedStringText`); `false`
  /// otherwise.
  static func appendUnescapedString(
    canonical key: UnsafeBufferPointer<UInt8>, writtenLength: Int, to out: inout [UInt8]
  ) -> Bool {
    guard let text = JSONCanonicalKey.unescapedStringText(of: key, writtenLength: writtenLength)
    else { return false }
    out.append(UInt8(ascii: "\""))
    out.append(contentsOf: text)
    out.append(UInt8(ascii: "\""))
    return true
  }

  /// Appends the JSON value at `range` of `bytes` as written, when it
  /// is a string, number or literal (whose written text is its text on
  /// one line); `false` for an array or object.
  static func appendScalar(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8]
  ) -> Bool {
    var (start, end) = (range.lowerBound, range.upperBound)
    while start < end, KeyTextWriter.isSpace(bytes[start]) { start += 1 }
    while end > start, KeyTextWriter.isSpace(bytes[end - 1]) { end -= 1 }
    guard start < end, bytes[start] != UInt8(ascii: "["), bytes[start] != UInt8(ascii: "{")
    else { return false }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    return true
  }

  /// Appends the key built as a value.
  private func appendBuilt(of record: Int, to out: inout [UInt8]) {
    snapshot.keyValue(of: record, identity: identity)?.writeInline(to: &out)
  }

  /// Whether `byte` is JSON whitespace.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
