import ColdiffCore
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

  /// Which keys of matched records OLD and NEW hold alone, their
  /// side's affixes put around them when written.
  private let oldAffixing: Affixing
  private let newAffixing: Affixing

  /// Which keys a side holds alone.
  private enum Affixing {
    /// None: each record of a key is written out when placed.
    case never
    /// Every key: the identity is whole values, or one key field of a
    /// JSON record.
    case always
    /// A string without escapes, which is its field quoted as CSV quotes
    /// it (one key column of a table).
    case plainStrings
  }

  init(_ first: ShardDocument) {
    self.first = first
    let old = ShardAssembly.affixes(first.identity, first.old)
    let new = ShardAssembly.affixes(first.identity, first.new)
    oldAffixing = old.affixing
    newAffixing = new.affixing
    oldRecords = PlacedRecords(count: first.old.count, affixes: old.affixes)
    newRecords = PlacedRecords(count: first.new.count, affixes: new.affixes)
    newToOld = Array(repeating: -1, count: first.new.count)
  }

  /// What goes around a key held alone in `side`'s records, and which
  /// keys are: nothing around whole values, `{"id":` and `}` around one
  /// key field of JSON records, and the empty fields around the one key
  /// column of a table's rows, unquoted (a row of a key stays short: at a
  /// million rows of a dozen columns, quotes would be some 40 MB a side).
  private static func affixes(_ identity: Identity, _ side: ShardDocument.Side) -> (
    affixes: (prefix: [UInt8], suffix: [UInt8]), affixing: Affixing
  ) {
    guard case .fields(let pointers) = identity else {
      return (([], []), identity == .wholeValue ? .always : .never)
    }
    guard pointers.count == 1 else { return (([], []), .never) }
    guard side.form == .csv || side.form == .tsv else {
      var prefix: [UInt8] = []
      for token in pointers[0].tokens {
        prefix.append(UInt8(ascii: "{"))
        JSONWriter.write(JSONString(utf8: token), to: &prefix)
        prefix.append(UInt8(ascii: ":"))
      }
      let suffix = Array(repeating: UInt8(ascii: "}"), count: pointers[0].tokens.count)
      return ((prefix, suffix), .always)
    }
    guard let column = side.header.firstIndex(where: { pointers[0].tokens == [$0] }) else {
      return (([], []), .never)
    }
    let delimiter = side.form == .tsv ? 0x09 : UInt8(ascii: ",")
    let before = Array(repeating: delimiter, count: column)
    let after = Array(repeating: delimiter, count: side.header.count - column - 1)
    return ((before, after), .plainStrings)
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

  /// Checks that matched records can go at these OLD and NEW positions
  /// (in range, not taken) before any of them is added: the loads of
  /// their entries, scattered over the inputs, then overlap, where
  /// adding them one after another waits on each (some 10% of a
  /// bucketed run at ten million records).
  ///
  /// - Throws: `InputError` for a position out of range or taken.
  func checkMatches(_ pairs: some Sequence<(old: Int, new: Int)>, name: String) throws {
    var fit = true
    for (old, new) in pairs {
      let free = oldRecords.isFree(old) && newRecords.isFree(new) && newToOld[new] < 0
      if !free { fit = false }
    }
    guard fit else { throw misfit(name) }
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
    // The common cases first: the key alone.
    let affixing = inNew ? newAffixing : oldAffixing
    if affixing == .always
      || affixing == .plainStrings && key.count >= 2 && key.first == UInt8(ascii: "\"")
        && !key.contains(UInt8(ascii: "\\"))
    {
      return inNew
        ? newRecords.place(position, affixing: key) : oldRecords.place(position, affixing: key)
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
        ? newRecords.place(position, name: name, isKey: true, text: text)
        : oldRecords.place(position, name: name, isKey: true, text: text)
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

  /// The comparison of the gathered records.
  ///
  /// Its diff is worked out first, so that the records it names (and
  /// those its `after`s and its updates' partners name) are written in
  /// full and every other record of a key of a JSON array or JSON Lines
  /// is written as `{}`, which no output reads: ten million matched
  /// records a side then take 30 MB, not 200.
  ///
  /// - Throws: `InputError` when a position has no record (the parts do
  ///   not cover the inputs).
  consuming func comparison() throws -> Comparison {
    let diff = Comparison.diff(
      oldCount: oldRecords.count, newCount: newRecords.count, ordered: first.ordered,
      newToOld: newToOld, changes: changes)
    let (oldShown, newShown) = shownRecords(diff)
    // The two documents are written at once, each on a core of its own,
    // and each side's records go as soon as its document is written.
    let (oldDocument, newDocument) = try Parallel.both(
      { try document(oldRecords, first.old, shown: oldShown) },
      { try document(newRecords, first.new, shown: newShown) })
    oldRecords = PlacedRecords(count: 0)
    newRecords = PlacedRecords(count: 0)
    // The two documents are read at once, each on a core of its own.
    let chunking = ScanChunking.together([oldDocument.0, newDocument.0])
    let (old, new) = try Parallel.both(
      { try snapshot(oldDocument, first.old, chunking) },
      { try snapshot(newDocument, first.new, chunking) })
    return Comparison(
      old: old, new: new, identity: first.identity, ordered: first.ordered,
      newToOld: newToOld, changes: changes, diff: diff)
  }

  /// The records of OLD and NEW that the outputs read: those the diff
  /// names, the NEW record before each insert and move (its `after`),
  /// and the NEW partners of updated and moved records.
  private func shownRecords(_ diff: OrderedCollectionDiff<Int>) -> (
    old: PositionBits, new: PositionBits
  ) {
    var old = PositionBits(count: oldRecords.count)
    var new = PositionBits(count: newRecords.count)
    for record in diff.deletes { old.insert(record) }
    for record in diff.updates { old.insert(record) }
    for record in diff.inserts + diff.moves.map(\.to) {
      new.insert(record)
      if record > 0 { new.insert(record - 1) }
    }
    for move in diff.moves { old.insert(move.from) }
    if !diff.updates.isEmpty || !diff.moves.isEmpty {
      for (newIndex, oldIndex) in newToOld.enumerated() where oldIndex >= 0 && old[Int(oldIndex)] {
        new.insert(newIndex)
      }
    }
    return (old, new)
  }

  /// The document of one side's gathered records, and the format it
  /// reads as; a record of a key not `shown` is written as `{}` in a
  /// JSON array or JSON Lines.
  private func document(
    _ records: PlacedRecords, _ side: ShardDocument.Side, shown: PositionBits
  ) throws -> (SourceBytes, InputFormat) {
    guard records.isComplete else {
      throw InputError("the shard documents do not cover \(side.name)")
    }
    let placeholder: [UInt8]? =
      side.form == .jsonArray || side.form == .jsonLines || side.form == .jsonObjectOrLines
      ? Array("{}".utf8) : nil
    let hidden = { (position: Int) -> Bool in
      placeholder != nil && records.isKey(position) && !shown[position]
    }
    var recordBytes = 0
    for position in 0..<records.count {
      recordBytes +=
        hidden(position)
        ? 2 : records.textCount(position) + records.nameCount(position)
    }
    let (format, header, size) = ShardAssembly.layout(side, records.count, recordBytes)
    var writer = FixedByteWriter(capacity: size)
    writer.append(header)
    let form = side.form
    if form == .jsonObject { writer.append(UInt8(ascii: "{")) }
    if form == .jsonArray { writer.append(UInt8(ascii: "[")) }
    for position in 0..<records.count {
      switch form {
      case .csv, .tsv, .jsonLines, .jsonObjectOrLines: break
      case .jsonObject:
        if position > 0 { writer.append(UInt8(ascii: ",")) }
        writer.append(UInt8(ascii: "\""))
        records.writeName(position, to: &writer)
        writer.append("\":".utf8)
      case .jsonArray: writer.append(position > 0 ? ",\n".utf8 : "\n".utf8)
      }
      if let placeholder, hidden(position) {
        writer.append(placeholder)
      } else {
        records.writeText(position, to: &writer)
      }
      if form != .jsonObject && form != .jsonArray { writer.append(0x0A) }
    }
    if form == .jsonObject { writer.append(UInt8(ascii: "}")) }
    if form == .jsonArray { writer.append("\n]".utf8) }
    return (writer.bytes(), format)
  }

  /// The format a side's document reads as, its header line (a table's)
  /// and its size for `count` records of `recordBytes` (texts and names).
  private static func layout(_ side: ShardDocument.Side, _ count: Int, _ recordBytes: Int) -> (
    InputFormat, [UInt8], Int
  ) {
    switch side.form {
    case .csv, .tsv:
      var header: [UInt8] = []
      if !side.header.isEmpty || count > 0 {
        KeyRecordText.appendRow(
          side.header, delimiter: side.form == .csv ? UInt8(ascii: ",") : 0x09, to: &header)
        header.append(0x0A)
      }
      return (side.form == .csv ? .csv : .tsv, header, header.count + recordBytes + count)
    case .jsonLines, .jsonObjectOrLines: return (.jsonLines, [], recordBytes + count)
    // `"NAME":TEXT` and a comma between members.
    case .jsonObject: return (.json, [], 2 + recordBytes + count * 4)
    case .jsonArray: return (.json, [], 3 + recordBytes + count * 2)
    }
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
