import ColdiffFormats

/// The records of OLD and NEW gathered from shard documents, position by
/// position, then read back as snapshots.
struct ShardAssembly {
  let first: ShardDocument
  /// Each OLD position's record text and member name.
  private var oldRecords: PlacedRecords
  /// Each NEW position's record text and member name.
  private var newRecords: PlacedRecords
  private var newToOld: [Int32]
  private var changes: [Int: [FieldChange]] = [:]

  /// What goes before and after the key's text in a record of one key
  /// field (`{"id":` and `}`).
  private let keyPrefix: [UInt8]
  private let keySuffix: [UInt8]
  /// What goes before and after a quoted key field in a table row of one
  /// key column, for OLD and NEW (`"","` and `,""`), when it has one.
  private let oldRowAround: ([UInt8], [UInt8])?
  private let newRowAround: ([UInt8], [UInt8])?
  /// Whether OLD and NEW are tables (looked up once, not once a record).
  private let oldIsTable: Bool
  private let newIsTable: Bool
  /// Whether the identity is whole values, or one key field.
  private let isWholeValue: Bool
  private let isOneField: Bool

  init(_ first: ShardDocument) {
    self.first = first
    var prefix: [UInt8] = []
    if case .fields(let pointers) = first.identity, pointers.count == 1 {
      for token in pointers[0].tokens {
        prefix.append(UInt8(ascii: "{"))
        JSONWriter.write(JSONString(utf8: token), to: &prefix)
        prefix.append(UInt8(ascii: ":"))
      }
      keySuffix = Array(repeating: UInt8(ascii: "}"), count: pointers[0].tokens.count)
    } else {
      keySuffix = []
    }
    keyPrefix = prefix
    oldRowAround = ShardAssembly.rowAround(first.identity, first.old)
    newRowAround = ShardAssembly.rowAround(first.identity, first.new)
    oldIsTable = first.old.form == .csv || first.old.form == .tsv
    newIsTable = first.new.form == .csv || first.new.form == .tsv
    isWholeValue = first.identity == .wholeValue
    if case .fields(let pointers) = first.identity {
      isOneField = pointers.count == 1
    } else {
      isOneField = false
    }
    oldRecords = PlacedRecords(count: first.old.count)
    newRecords = PlacedRecords(count: first.new.count)
    newToOld = Array(repeating: -1, count: first.new.count)
  }

  /// Adds the records of one part.
  ///
  /// - Throws: `InputError` for a position out of range or given twice.
  mutating func add(_ part: ShardDocument, name: String) throws {
    for match in part.matched {
      let newKey = match.newKey ?? match.oldKey
      try match.oldKey.withUnsafeBufferPointer { oldKey in
        try newKey.withUnsafeBufferPointer { newKey in
          try addMatch(old: match.old, new: match.new, oldKey: oldKey, newKey: newKey, name: name)
        }
      }
    }
    for record in part.inserts {
      try addInsert(record.position, name: record.name?[...], text: record.text[...], file: name)
    }
    for record in part.deletes {
      try addDelete(record.position, name: record.name?[...], text: record.text[...], file: name)
    }
    for update in part.updates {
      try addUpdate(update.position, changes: update.changes, file: name)
    }
  }

  /// Adds a matched record: OLD's position and identity as written, and
  /// NEW's.
  ///
  /// - Throws: `InputError` for a position out of range or given twice.
  mutating func addMatch(
    old: Int, new: Int, oldKey: UnsafeBufferPointer<UInt8>, newKey: UnsafeBufferPointer<UInt8>,
    name: String
  ) throws {
    guard try placeKeyRecord(old, oldKey, inNew: false, name),
      try placeKeyRecord(new, newKey, inNew: true, name)
    else { throw misfit(name) }
    newToOld[new] = Int32(old)
  }

  /// Adds an inserted record at its NEW position.
  ///
  /// - Throws: `InputError` for a position out of range or given twice.
  mutating func addInsert<Text: Collection<UInt8>>(
    _ position: Int, name: ArraySlice<UInt8>?, text: Text, file: String
  ) throws {
    guard newRecords.place(position, name: name, text: { $0 += text }) else { throw misfit(file) }
  }

  /// Adds a deleted record at its OLD position.
  ///
  /// - Throws: `InputError` for a position out of range or given twice.
  mutating func addDelete<Text: Collection<UInt8>>(
    _ position: Int, name: ArraySlice<UInt8>?, text: Text, file: String
  ) throws {
    guard oldRecords.place(position, name: name, text: { $0 += text }) else { throw misfit(file) }
  }

  /// Adds the changes of the updated record at OLD position `position`.
  ///
  /// - Throws: `InputError` for a position out of range or given twice.
  mutating func addUpdate(_ position: Int, changes: [FieldChange], file: String) throws {
    guard position < oldRecords.count, self.changes[position] == nil else { throw misfit(file) }
    self.changes[position] = changes
  }

  private func misfit(_ name: String) -> InputError {
    InputError("the shard documents do not fit together", file: name)
  }

  /// Places a record standing for a matched one, of only its identity:
  /// its member name and its text.
  ///
  /// - Returns: `false` when the position is out of range or taken.
  private mutating func placeKeyRecord(
    _ position: Int, _ key: UnsafeBufferPointer<UInt8>, inNew: Bool, _ name: String
  ) throws -> Bool {
    // The common cases first, reading the assembly's properties in place
    // (a copy of a side or of the affixes would be retained and released
    // once a record).
    if isWholeValue {
      return inNew
        ? newRecords.place(position, [], key, []) : oldRecords.place(position, [], key, [])
    }
    if isOneField {
      // One key field: its JSON text goes into place as it is.
      if !(inNew ? newIsTable : oldIsTable) {
        return inNew
          ? newRecords.place(position, keyPrefix, key, keySuffix)
          : oldRecords.place(position, keyPrefix, key, keySuffix)
      }
      // A string without escapes is its field quoted as CSV quotes it.
      if key.count >= 2, key.first == UInt8(ascii: "\""), !key.contains(UInt8(ascii: "\\")) {
        if inNew, let (before, after) = newRowAround {
          return newRecords.place(position, before, key, after)
        }
        if !inNew, let (before, after) = oldRowAround {
          return oldRecords.place(position, before, key, after)
        }
      }
    }
    return try placeKeyRecordSlowly(position, key, inNew: inNew, name)
  }

  /// Places a record standing for a matched one of a member name or of
  /// several key fields (or one that needs quoting in a table).
  private mutating func placeKeyRecordSlowly(
    _ position: Int, _ key: UnsafeBufferPointer<UInt8>, inNew: Bool, _ name: String
  ) throws -> Bool {
    let side = inNew ? first.new : first.old
    func place(name: ArraySlice<UInt8>? = nil, _ text: (inout [UInt8]) -> Void) -> Bool {
      inNew
        ? newRecords.place(position, name: name, text: text)
        : oldRecords.place(position, name: name, text: text)
    }
    switch first.identity {
    case .wholeValue: return place { $0 += key }
    case .memberName:
      return place(name: ArraySlice(key)) { $0 += "null".utf8 }
    case .fields(let pointers):
      let value: JSONValue
      do {
        value = try JSONReader.parse(Array(key))
      } catch {
        throw InputError("not a well-formed coldiff shard document", file: name)
      }
      let values = pointers.count == 1 ? [value] : value.arrayValue ?? []
      guard values.count == pointers.count else {
        throw InputError("not a well-formed coldiff shard document", file: name)
      }
      if side.form == .csv || side.form == .tsv {
        let row = KeyRecordText.row(pointers, values, header: side.header, form: side.form)
        return place { $0 += row }
      }
      let object = KeyRecordText.object(pointers.map(\.tokens), values)
      return place { $0 += object }
    }
  }

  /// The empty fields around the one key column of `side`'s rows,
  /// unquoted (a row of a key stays short: at a million rows of a dozen
  /// columns, quotes would be some 40 MB a side).
  private static func rowAround(_ identity: Identity, _ side: ShardDocument.Side) -> (
    [UInt8], [UInt8]
  )? {
    guard case .fields(let pointers) = identity, pointers.count == 1,
      side.form == .csv || side.form == .tsv,
      let column = side.header.firstIndex(where: { pointers[0].tokens == [$0] })
    else { return nil }
    let delimiter = side.form == .tsv ? 0x09 : UInt8(ascii: ",")
    return (
      Array(repeating: delimiter, count: column),
      Array(repeating: delimiter, count: side.header.count - column - 1)
    )
  }

  /// The comparison of the gathered records.
  ///
  /// - Throws: `InputError` when a position has no record (the parts do
  ///   not cover the inputs).
  consuming func comparison() throws -> Comparison {
    // Each side's records go as soon as its document is written.
    let oldDocument = try document(oldRecords, first.old)
    oldRecords = PlacedRecords(count: 0)
    let newDocument = try document(newRecords, first.new)
    newRecords = PlacedRecords(count: 0)
    // The two documents are read at once, each on a core of its own.
    let chunking = ScanChunking.together([oldDocument.0, newDocument.0])
    let (old, new) = try Parallel.both(
      { try snapshot(oldDocument, first.old, chunking) },
      { try snapshot(newDocument, first.new, chunking) })
    return Comparison(
      old: old, new: new, identity: first.identity, ordered: first.ordered,
      newToOld: newToOld, changes: changes)
  }

  /// The document of one side's gathered records, and the format it
  /// reads as.
  private func document(_ records: PlacedRecords, _ side: ShardDocument.Side) throws -> (
    SourceBytes, InputFormat
  ) {
    guard records.isComplete else {
      throw InputError("the shard documents do not cover \(side.name)")
    }
    let format: InputFormat
    var header: [UInt8] = []
    var size: Int
    let count = records.count
    switch side.form {
    case .csv, .tsv:
      format = side.form == .csv ? .csv : .tsv
      let delimiter = side.form == .csv ? UInt8(ascii: ",") : 0x09
      if !side.header.isEmpty || count > 0 {
        KeyRecordText.appendRow(side.header, delimiter: delimiter, to: &header)
        header.append(0x0A)
      }
      size = header.count + records.byteCount + count
    case .jsonLines, .jsonObjectOrLines:
      format = .jsonLines
      size = records.byteCount + count
    case .jsonObject:
      format = .json
      // `"NAME":TEXT` and a comma between members.
      size = 2 + records.byteCount + count * 4
    case .jsonArray:
      format = .json
      size = 3 + records.byteCount + count * 2
    }
    var writer = FixedByteWriter(capacity: size)
    writer.append(header)
    var index = 0
    switch side.form {
    case .csv, .tsv, .jsonLines, .jsonObjectOrLines:
      records.each { text, _ in
        writer.append(text)
        writer.append(0x0A)
      }
    case .jsonObject:
      writer.append(UInt8(ascii: "{"))
      records.each { text, name in
        if index > 0 { writer.append(UInt8(ascii: ",")) }
        index += 1
        writer.append(UInt8(ascii: "\""))
        writer.append(name)
        writer.append("\":".utf8)
        writer.append(text)
      }
      writer.append(UInt8(ascii: "}"))
    case .jsonArray:
      writer.append(UInt8(ascii: "["))
      records.each { text, _ in
        writer.append(index > 0 ? ",\n".utf8 : "\n".utf8)
        index += 1
        writer.append(text)
      }
      writer.append("\n]".utf8)
    }
    return (writer.bytes(), format)
  }

  /// The snapshot of one side's document.
  private func snapshot(
    _ document: (SourceBytes, InputFormat), _ side: ShardDocument.Side, _ chunking: ScanChunking
  ) throws -> Snapshot {
    let input = InputFile(name: side.name, source: document.0)
    let snapshot = try? Snapshot(input, override: document.1, chunking: chunking)
    guard let snapshot, snapshot.count == side.count, snapshot.form == side.form else {
      throw InputError("the shard documents hold records of \(side.name) that do not read")
    }
    return snapshot
  }
}
