/// The records of a scanned JSON collection (OLD), for the scan of another
/// (NEW) to take whole those it meets again byte for byte
/// (`KnownRecords`): their lengths and the places of their key members
/// in them are OLD's.
///
/// Only objects and arrays are taken whole: their closing bracket ends
/// them whatever follows (a number does not end before the next byte),
/// and only in a collection of the same form (the same nesting depth, and
/// JSON Lines' records on one line).
package struct JSONKnownRecords: Sendable {
  /// The records, found by their prefixes.
  let records: KnownRecords
  /// OLD's form.
  let form: InputForm
  /// Where each record's key member value starts from the record's
  /// start, or `JSONCollectionIndex.noKey` (empty when the scan noted no
  /// keys).
  let keyOffsets: [UInt32]
  /// The length of each record's key member value.
  let keyLengths: [UInt32]
  /// Whether the scan of OLD noted keys.
  let capturesKeys: Bool
  /// OLD's canonical key bytes, and where each record's start (its
  /// index's), copied for a record taken whole instead of made again.
  let canonicalKeys: [UInt8]
  let canonicalKeyStarts: [UInt32]

  /// Indexes OLD's records by their prefixes.
  ///
  /// - Parameters:
  ///   - bytes: OLD's bytes, as scanned; they must stay valid while this
  ///     is used.
  ///   - index: what the scan of `bytes` found.
  /// - Complexity: O(number of records).
  package init(bytes: UnsafeBufferPointer<UInt8>, index: JSONCollectionIndex) {
    // (The index's lengths are exact: no record of 4 GiB is indexed.)
    records = KnownRecords(
      bytes: bytes, starts: index.recordStarts, lengths: index.recordLengths,
      samples: index.prefixSamples)
    form = index.form
    keyOffsets = index.keyOffsets
    keyLengths = index.keyLengths
    capturesKeys = index.capturesKeys
    canonicalKeys = index.canonicalKeys
    canonicalKeyStarts = index.canonicalKeyStarts
  }
}

extension Scanner {
  /// The value at `lexer.position` (a record) validated as
  /// `JSONLexer.skipValue` does, or taken whole when OLD has a record with
  /// the same bytes; `lexer.position` is left after it, and `takenRecord`
  /// at the record of OLD's taken whole, or -1. With known nodes, a
  /// record that is not taken whole has its nested records taken whole
  /// where OLD has them; a tree being laid out gets the record's nodes
  /// (`skipTreeRecord`).
  ///
  /// - Parameters:
  ///   - depth: how many containers enclose the record.
  ///   - quickKey: this scan's `quickKey`, which the scan loop holds in a
  ///     local: read from `self` here, it would be retained and released
  ///     for every record, on a reference count the chunks' scanners on
  ///     every core share (some 5% of a 1M JSON Lines run's samples).
  /// - Returns: the range of the record's key member value, or `nil`.
  /// - Throws: `InputError` at the first byte that is not valid JSON.
  @inline(__always)
  mutating func skipRecord(depth: Int, quickKey: QuickKey) throws(InputError) -> Range<Int>? {
    let start = lexer.position
    takenRecord = -1
    // A record found must start with the same byte: a bracket.
    if let known, start < lexer.end,
      lexer.bytes[start] == UInt8(ascii: "{") || lexer.bytes[start] == UInt8(ascii: "["),
      let record = known.records.find(in: lexer.bytes, at: start, after: lastKnown),
      takesKnownRoot(record)
    {
      lastKnown = record
      takenRecord = record
      // (A tree's only: the call is out of line.)
      if tree.active { copyKnownRoot(record, at: start) }
      lexer.position = start + known.records.length(of: record)
      guard known.capturesKeys, known.keyOffsets[record] != JSONCollectionIndex.noKey else {
        return nil
      }
      let keyStart = start + Int(known.keyOffsets[record])
      return keyStart..<(keyStart + Int(known.keyLengths[record]))
    }
    if nodes != nil || tree.active { return try skipTreeRecord(depth: depth) }
    return try lexer.skipValue(
      depth: depth, stack: &stack, capturing: keyName, quickKey: quickKey)
  }
}

extension Scanner {
  /// Adds the record at `start..<lexer.position` to `batch`, with the
  /// key member value range `key` that `skipRecord` returned, its
  /// canonical key bytes to `index` when it captures keys, and which
  /// record of OLD's it was taken whole as (`index.knownPartners`, when
  /// OLD's records are at hand). A record taken whole gets the canonical
  /// key bytes of OLD's record, which are those its key's bytes make
  /// (`JSONCanonicalKey`), copied instead of made again; none in a flat
  /// scan (`leavesKnownKeys`), whose records' keys are their partners'.
  @inline(__always)
  func note(
    start: Int, key: Range<Int>?, in batch: inout JSONRecordBatch,
    of index: inout JSONCollectionIndex
  ) {
    if index.capturesKeys, let key, takenRecord < 0 || !leavesKnownKeys {
      if takenRecord >= 0, let known {
        batch.flushKeyBytes(into: &index.canonicalKeys)
        let starts = known.canonicalKeyStarts
        known.canonicalKeys.withUnsafeBufferPointer { keys in
          index.canonicalKeys.append(
            contentsOf: UnsafeBufferPointer(
              rebasing: keys[Int(starts[takenRecord])..<Int(starts[takenRecord + 1])]))
        }
      } else if !batch.appendPlainKey(lexer.bytes, key) {
        batch.flushKeyBytes(into: &index.canonicalKeys)
        JSONCanonicalKey.append(lexer.bytes, range: key, to: &index.canonicalKeys)
      }
    }
    batch.add(
      start: start, end: lexer.position, key: key,
      keyBytesEnd: batch.keyBytesEnd(after: index.canonicalKeys.count),
      partner: Int32(exactly: takenRecord) ?? -1)
  }
}
