import ColdiffCore
import ColdiffFormats

/// One side of a comparison: an input read whole and indexed record by
/// record, without building values (DESIGN §2). A record's value is
/// decoded only when someone asks for it.
package struct Snapshot {
  /// How the records are stored.
  package enum Storage {
    /// A JSON array, JSON object or JSON Lines, as scanned.
    case json(JSONCollectionIndex)
    /// A CSV or TSV table.
    case table(CSVTable)
  }

  /// The name used in messages (the path as given, `-` for stdin).
  package let name: String
  /// The input's bytes.
  package let bytes: SourceBytes
  /// How the records were read.
  package let form: InputForm
  /// The records' positions.
  package let storage: Storage
  /// The member name whose value the scan noted for each record, if any.
  package let capturedKey: [UInt8]?
  /// Whether the input is small enough for its keys to be made while it
  /// is read (``largestInputCapturingKeys``): a tree laid out from it
  /// notes its keys only then.
  package let keysFitWhileRead: Bool
  /// Where the collection lies in its document, for `--root`; `nil` when
  /// the collection is the whole input. `bytes` is then the document
  /// with everything outside the collection blanked.
  package let root: DocumentRoot?
  /// `;` when a `.csv` was read with it because its header line holds no
  /// comma but a `;` (SPEC §8.1.3), else `nil`; the tools note it.
  package private(set) var guessedDelimiter: UInt8?
  /// Where each JSON record's value starts, and its length (the index's
  /// own arrays, shared), so hot loops reach a record's bytes without
  /// copying `storage`; empty for a table.
  let jsonStarts: RecordOffsets
  private let jsonLengths: [UInt32]
  /// Where each JSON record's captured key value starts from the
  /// record's start (`JSONCollectionIndex.noKey` for none), and its
  /// length (the index's own arrays, shared), so that a record's key is
  /// found without copying `storage`; empty when the scan captured no
  /// key, and for a table.
  let jsonKeyOffsets: [UInt32]
  let jsonKeyLengths: [UInt32]
  /// The records the scan copied aside, read there instead of in the
  /// input, whose pages went behind the scan (`RecordCopies`; the
  /// index's or table's own, shared); empty for most snapshots.
  let copies: RecordCopies
  /// The canonical key bytes the scan made of each record's captured
  /// key (a JSON record's key member, a row's key column), and where
  /// each starts, with one more entry (the index's or table's own,
  /// shared), for the keys of records the scan did not copy when
  /// `copies` are read instead of the input; empty otherwise.
  let canonicalKeys: (bytes: [UInt8], starts: [UInt32])
  /// The column whose fields `canonicalKeys` are, for a table; -1 for
  /// JSON records, or when there are none.
  let canonicalKeyColumn: Int
  /// The canonical keys of the reference's records (its index's or
  /// table's, shared) when the scan left the keys of the records it took
  /// whole to them (`JSONCollectionIndex.keysLeftToPartners`,
  /// `CSVTable.partnerKeys`); empty otherwise.
  private(set) var partnerKeys: (bytes: [UInt8], starts: [UInt32]) = ([], [])
  /// Stands for this snapshot's records: a snapshot scanned with this
  /// one as its reference holds it in `referenceRecords`.
  private let records = RecordsToken()
  /// The records of the reference this snapshot was scanned with, when
  /// the scan took some of them whole, and which it took for which
  /// record (`knownPartners(in:)`).
  private let referenceRecords: RecordsToken?
  /// Which of the reference's records each record was taken whole as
  /// (the scan's list), when the scan took any.
  let partners: KnownMatches?

  /// The largest input whose scan notes the likely key's values and makes
  /// their canonical bytes as it goes, 1 GiB: a key's canonical bytes
  /// take at most three times its record's (`BucketPlan`), so a larger
  /// input's might pass the 4 GiB that the scan's index holds. Its keys
  /// are made after the scan instead (``keyArena(for:rules:)``, which
  /// refuses keys of 4 GiB or more with an `InputError`).
  package static let largestInputCapturingKeys = 1 << 30

  /// Reads an input in the form its name, its first bytes and `override`
  /// decide (SPEC §2).
  ///
  /// - Parameters:
  ///   - input: the whole input.
  ///   - detectionName: the name whose extension decides the form (git's
  ///     driver passes temporary files named apart from the path).
  ///   - override: the `--input` format.
  ///   - keyName: a member name whose value to note for each JSON record
  ///     while scanning (the likely key), so no second pass looks for it;
  ///     for a CSV or TSV input, the column whose fields' canonical key
  ///     bytes the scan makes.
  ///   - root: the `--root` pointer: the collection is the array or object
  ///     there in one JSON document.
  ///   - delimiter: the field separator of a CSV or TSV input
  ///     (`--delimiter`), `nil` for the form's own.
  ///   - chunking: how a large input is cut to be scanned on every core.
  ///   - reference: a snapshot read before with the same `keyName` (OLD,
  ///     when this is NEW): the records of this input that have the same
  ///     bytes as one of its records are taken whole, not validated again
  ///     (`KnownRecords`); the result is the same.
  ///   - knownNodes: the nodes of OLD read as a tree (`--tree`,
  ///     `TreeSnapshot.withKnownNodes`): the nested records of a JSON
  ///     record not taken whole are taken whole where OLD has them.
  ///   - tree: the names to lay a JSON array's or JSON Lines' records out
  ///     as a tree by while they are validated (`--tree`, OLD's;
  ///     `TreeSnapshot` takes the layout instead of scanning again).
  ///   - largestCapturing: the largest input whose scan notes `keyName`'s
  ///     values (``largestInputCapturingKeys``; tests ask for less): a
  ///     larger input's keys are made after the scan.
  /// - Throws: `InputError` naming the file, for malformed input, or a
  ///   root that is not there or not a collection.
  package init(
    _ input: InputFile, detectionName: String? = nil, override: InputFormat?,
    keyName: [UInt8]? = nil, root: JSONPointer? = nil, delimiter: UInt8? = nil,
    chunking: ScanChunking = .automatic, reference: Snapshot? = nil,
    knownNodes: JSONKnownNodes? = nil, tree: JSONTreeNames? = nil,
    largestCapturing: Int = Snapshot.largestInputCapturingKeys
  ) throws {
    name = input.name
    // A large input's key values are not noted by its scan: their
    // canonical bytes might take 4 GiB or more.
    let capturing = input.bytes.count <= largestCapturing
    keysFitWhileRead = capturing
    let keyName = capturing ? keyName : nil
    let tree = tree.map { JSONTreeNames(children: $0.children, key: capturing ? $0.key : nil) }
    let fileName = detectionName ?? (input.name == "-" ? nil : input.name)
    var (starts, lengths): (RecordOffsets, [UInt32]) = (RecordOffsets(), [])
    var (keyOffsets, keyLengths): ([UInt32], [UInt32]) = ([], [])
    var copied = (RecordCopies(), canonicalKeys: ([UInt8](), [UInt32]()), column: -1)
    var (partnerList, lines): ([Int32], Bool) = ([], false)
    do throws(InputError) {
      var source = input.bytes
      var found: DocumentRoot?
      if let root {
        guard override == nil || override == .json else {
          throw InputError("--root applies to JSON documents, not to --input \(override!.rawValue)")
        }
        (found, source) = try DocumentRoot.locate(root, in: input.bytes)
      }
      self.root = found
      bytes = source
      var form = try source.withUnsafeBufferPointer { (buffer) throws(InputError) in
        try InputForm.detect(
          fileName: fileName, override: root == nil ? override : .json, bytes: buffer)
      }
      switch form {
      case .csv, .tsv:
        var separator = delimiter ?? form.csvDelimiter ?? CSVTable.comma
        if delimiter == nil, form == .csv, Snapshot.headerSuggestsSemicolons(source) {
          separator = UInt8(ascii: ";")
          guessedDelimiter = separator
        }
        let table = try Snapshot.withKnownRows(of: reference) { (known) throws(InputError) in
          try CSVTable(
            bytes: source, delimiter: separator, chunking: chunking.releasing(source),
            known: known, keyName: keyName)
        }
        storage = .table(table)
        (partnerList, lines, copied) = (table.knownPartners, true, Snapshot.copiedRows(of: table))
      case .jsonArray, .jsonObject, .jsonLines, .jsonObjectOrLines:
        let index = try Snapshot.withKnownRecords(of: reference, keyName: keyName) {
          (known) throws(InputError) in
          try source.withUnsafeBufferPointer { (buffer) throws(InputError) in
            try JSONCollectionScanner.scan(
              buffer, as: form, keyName: keyName, chunking: chunking.releasing(source),
              known: known, nodes: knownNodes, tree: tree)
          }
        }
        form = index.form
        storage = .json(index)
        partnerList = index.knownPartners
        (starts, lengths) = (index.recordStarts, index.recordLengths)
        (keyOffsets, keyLengths) = (index.keyOffsets, index.keyLengths)
        // With copies, the canonical keys: those of records not copied.
        copied = (
          index.copies,
          index.copies.isEmpty ? ([], []) : (index.canonicalKeys, index.canonicalKeyStarts), -1
        )
      }
      self.form = form
      capturedKey = keyName
      (jsonStarts, jsonLengths) = (starts, lengths)
      (jsonKeyOffsets, jsonKeyLengths) = (keyOffsets, keyLengths)
      (copies, canonicalKeys, canonicalKeyColumn) = copied
      partnerKeys = Snapshot.keys(leftBy: storage, to: reference)
      referenceRecords = partnerList.isEmpty ? nil : reference?.records
      partners = partnerList.isEmpty ? nil : KnownMatches(partnerList, offset: lines ? 1 : 0)
    } catch {
      throw error.inFile(input.name)
    }
  }

  /// The rows a table's scan copied aside (`CSVTable.copies`) and, when
  /// it did, the canonical key bytes it made and their column: the keys
  /// of the rows not copied (the key arena takes the same arrays).
  private static func copiedRows(of table: CSVTable) -> (
    RecordCopies, canonicalKeys: ([UInt8], [UInt32]), column: Int
  ) {
    guard !table.copies.isEmpty, let keys = table.capturedKeys else {
      return (table.copies, ([], []), -1)
    }
    return (table.copies, (keys.bytes, keys.ends), keys.column)
  }

  /// Calls `body` with the records of `reference` ready to be found
  /// again by a scan, or with `nil` when it is not a JSON collection
  /// scanned with `keyName`.
  private static func withKnownRecords<Result>(
    of reference: Snapshot?, keyName: [UInt8]?,
    _ body: (JSONKnownRecords?) throws(InputError) -> Result
  ) throws(InputError) -> Result {
    // (A reference that left keys to its own reference's records, never
    // OLD, has none to give.)
    guard let reference, reference.capturedKey == keyName,
      case .json(let index) = reference.storage, !index.keysLeftToPartners
    else { return try body(nil) }
    return try reference.bytes.withUnsafeBufferPointer { (buffer) throws(InputError) in
      try body(JSONKnownRecords(bytes: buffer, index: index))
    }
  }

  /// The canonical keys of `reference`'s records when the scan of
  /// `storage` left the keys of the records it took whole to them; else
  /// none.
  private static func keys(leftBy storage: Storage, to reference: Snapshot?) -> (
    bytes: [UInt8], starts: [UInt32]
  ) {
    switch (storage, reference?.storage) {
    case (.json(let index), .json(let known)?) where index.keysLeftToPartners:
      return (known.canonicalKeys, known.canonicalKeyStarts)
    case (.table(let table), _):
      return table.partnerKeys.map { ($0.bytes, $0.ends) } ?? ([], [])
    default:
      return ([], [])
    }
  }

  /// Calls `body` with the rows of `reference` ready to be found again
  /// by a scan, or with `nil` when it is not a table.
  private static func withKnownRows<Result>(
    of reference: Snapshot?, _ body: (CSVKnownRows?) throws(InputError) -> Result
  ) throws(InputError) -> Result {
    guard let reference, case .table(let table) = reference.storage else { return try body(nil) }
    return try reference.bytes.withUnsafeBufferPointer { (buffer) throws(InputError) in
      try body(CSVKnownRows(bytes: buffer, table: table))
    }
  }

  /// Whether the first line of a CSV input holds no comma but a `;` (a
  /// semicolon-separated file, as spreadsheets write in many locales).
  ///
  /// - Complexity: O(length of the first line).
  private static func headerSuggestsSemicolons(_ bytes: SourceBytes) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var semicolon = false
      for byte in buffer {
        switch byte {
        case 0x0A: return semicolon
        case UInt8(ascii: ","): return false
        case UInt8(ascii: ";"): semicolon = true
        default: continue
        }
      }
      return semicolon
    }
  }

  /// An empty collection of the same form as `other` (git's `/dev/null`
  /// for an added or deleted file).
  package init(emptyLike other: Snapshot, name: String) {
    self.name = name
    bytes = SourceBytes()
    form = other.form
    capturedKey = nil
    keysFitWhileRead = true
    root = nil
    referenceRecords = nil
    partners = nil
    jsonStarts = RecordOffsets()
    jsonLengths = []
    (jsonKeyOffsets, jsonKeyLengths) = ([], [])
    (copies, canonicalKeys, canonicalKeyColumn) = (RecordCopies(), ([], []), -1)
    switch other.storage {
    case .json(let index): storage = .json(JSONCollectionIndex(form: index.form))
    case .table(let table):
      do {
        storage = .table(try CSVTable(bytes: SourceBytes(), delimiter: table.delimiter))
      } catch {
        preconditionFailure("an empty table did not read: \(error)")
      }
    }
  }

  /// The number of records.
  package var count: Int {
    switch storage {
    case .json(let index): index.count
    case .table(let table): table.rowCount
    }
  }

  /// Whether the records are named object members (identity = name).
  package var isObjectMap: Bool { form == .jsonObject }

  /// Where record `record` starts, as a line and column.
  package func position(of record: Int) -> TextPosition {
    switch storage {
    case .json(let index):
      let start =
        index.form == .jsonObject ? index.nameStarts[record] - 1 : index.recordStarts[record]
      return TextPosition(offset: start, in: bytes)
    case .table(let table):
      return TextPosition(offset: table.rowRange(record).lowerBound, in: bytes)
    }
  }

  /// An error located at record `record`.
  package func error(_ message: String, at record: Int) -> InputError {
    let position = position(of: record)
    return InputError(message, file: name, line: position.line, column: position.column)
  }

  /// Record `record`'s value (a CSV row as an object of strings).
  ///
  /// - Complexity: O(size of the record).
  package func value(of record: Int) -> JSONValue {
    switch storage {
    case .json(let index):
      return bytes.withUnsafeBufferPointer { buffer in
        do {
          return try JSONReader.parseValue(in: buffer, range: index.recordRange(record))
        } catch {
          preconditionFailure("a scanned record did not parse: \(error)")
        }
      }
    case .table(let table):
      return table.value(ofRow: record)
    }
  }

  /// The record for a document, as text never parsed: its bytes when the
  /// input is JSON (copied), a CSV row's object of strings written
  /// straight from its fields.
  package func documentValue(of record: Int) -> DocumentValue {
    switch storage {
    case .json: .raw(withRecordBytes(record) { Array($0[$1]) }[...])
    case .table(let table): .raw(table.objectText(ofRow: record)[...])
    }
  }

  /// Whether record `record` has the same bytes as record `otherRecord`
  /// of `other`: the same JSON text, or the same CSV row without the line
  /// ending (`memcmp`).
  ///
  /// - Complexity: O(size of the records).
  package func sameBytes(_ record: Int, as other: Snapshot, _ otherRecord: Int) -> Bool {
    withRecordBytes(record) { mine, range in
      other.withRecordBytes(otherRecord) { theirs, otherRange in
        range.count == otherRange.count && mine.sameBytes(range, as: theirs, otherRange)
      }
    }
  }

  /// Calls `body` with the bytes that hold record `record` and its range
  /// in them (``byteRange(of:)``): its copy, when the scan copied it
  /// (``copies``), else the input.
  @inline(__always)
  func withRecordBytes<Result>(
    _ record: Int, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Result
  ) -> Result {
    if let copied = copies.withCopy(of: record, body) { return copied }
    return bytes.withUnsafeBufferPointer { body($0, byteRange(of: record)) }
  }

  /// Calls `body` with record `record`'s canonical key bytes in
  /// ``canonicalKeys``, or with its partner's in ``partnerKeys`` when the
  /// scan left its key to its partner; `nil` when there are none.
  func withCanonicalKey<Result>(
    of record: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    let (keys, starts) = canonicalKeys
    guard record + 1 < starts.count else { return nil }
    // As `JSONCollectionIndex.ownCanonicalKey` says: a record taken whole
    // has none of its own when the partners' keys are at hand.
    if !partnerKeys.starts.isEmpty, let partner = partners?.partner(of: record) {
      let range = Int(partnerKeys.starts[partner])..<Int(partnerKeys.starts[partner + 1])
      return partnerKeys.bytes.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[range]))
      }
    }
    let own = Int(starts[record])..<Int(starts[record + 1])
    return keys.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[own])) }
  }

  /// Which records of `reference` have the same bytes as which records
  /// of this snapshot, when this snapshot was scanned with `reference`
  /// as its reference and the scan took records whole from it
  /// (`KnownRecords`); else `nil`.
  package func knownPartners(in reference: Snapshot) -> KnownMatches? {
    guard let referenceRecords, referenceRecords === reference.records else { return nil }
    return partners
  }

  /// The byte range of record `record`: its JSON text, or its CSV row
  /// without the line ending.
  @inline(__always)
  func byteRange(of record: Int) -> Range<Int> {
    if !jsonStarts.isEmpty {
      let start = jsonStarts[record]
      return start..<(start &+ Int(jsonLengths[record]))
    }
    switch storage {
    case .json(let index): return index.recordRange(record)
    case .table(let table): return table.rowRange(record)
    }
  }

  /// Where record `record` starts (``byteRange(of:)``'s lower bound),
  /// read from the index alone: a CSV row's end is found in its bytes,
  /// whose page a walk that lets pages go would map again for nothing.
  @inline(__always)
  func byteStart(of record: Int) -> Int {
    if case .table(let table) = storage { return table.rowStart(record) }
    return byteRange(of: record).lowerBound
  }

  /// The member name of record `record` of an object map.
  package func memberName(of record: Int) -> JSONString {
    guard case .json(let index) = storage else { preconditionFailure("not an object map") }
    let inner = index.nameRange(record)
    let raw = bytes.copy(inner)
    let value = bytes.withUnsafeBufferPointer { JSONText.decodeString($0, range: inner) }
    return JSONString(raw: raw, value: value)
  }
}

/// The identity of one snapshot's records, for a snapshot scanned with
/// it as its reference to know it again.
private final class RecordsToken: Sendable {}
