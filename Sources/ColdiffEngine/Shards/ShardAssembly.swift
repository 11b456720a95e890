import ColdiffFormats

/// The records of OLD and NEW gathered from shard documents, position by
/// position, then read back as snapshots.
struct ShardAssembly {
  let first: ShardDocument
  /// Each OLD position's record text and member name.
  private var oldRecords: [(text: [UInt8], name: [UInt8]?)?]
  /// Each NEW position's record text and member name.
  private var newRecords: [(text: [UInt8], name: [UInt8]?)?]
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
    oldRecords = Array(repeating: nil, count: first.old.count)
    newRecords = Array(repeating: nil, count: first.new.count)
    newToOld = Array(repeating: -1, count: first.new.count)
  }

  /// Adds the records of one part.
  ///
  /// - Throws: `InputError` for a position out of range or given twice.
  mutating func add(_ part: ShardDocument, name: String) throws {
    let misfit = InputError("the shard documents do not fit together", file: name)
    func place(
      _ records: inout [(text: [UInt8], name: [UInt8]?)?], _ position: Int,
      _ record: (text: [UInt8], name: [UInt8]?)
    ) throws {
      guard position < records.count, records[position] == nil else { throw misfit }
      records[position] = record
    }
    for match in part.matched {
      let oldKey = match.oldKey
      let newKey = match.newKey ?? oldKey
      try place(&oldRecords, match.old, try keyRecord(oldKey, first.old, oldRowAround, name: name))
      try place(&newRecords, match.new, try keyRecord(newKey, first.new, newRowAround, name: name))
      newToOld[match.new] = Int32(match.old)
    }
    for record in part.inserts {
      try place(&newRecords, record.position, (record.text, record.name))
    }
    for record in part.deletes {
      try place(&oldRecords, record.position, (record.text, record.name))
    }
    for update in part.updates {
      guard update.position < oldRecords.count, changes[update.position] == nil else {
        throw misfit
      }
      changes[update.position] = update.changes
    }
  }

  /// A record standing for a matched one: of only its identity.
  private func keyRecord(
    _ key: [UInt8], _ side: ShardDocument.Side, _ rowAround: ([UInt8], [UInt8])?, name: String
  ) throws -> (
    text: [UInt8], name: [UInt8]?
  ) {
    switch first.identity {
    case .wholeValue: return (key, nil)
    case .memberName: return (Array("null".utf8), key)
    case .fields(let pointers) where pointers.count == 1:
      // One key field: its JSON text goes into place as it is.
      if side.form != .csv && side.form != .tsv {
        return (keyPrefix + key + keySuffix, nil)
      }
      // A string without escapes is its field quoted as CSV quotes it.
      if let (before, after) = rowAround,
        key.count >= 2, key.first == UInt8(ascii: "\""), !key.contains(UInt8(ascii: "\\"))
      {
        return (before + key + after, nil)
      }
      fallthrough
    case .fields(let pointers):
      let value: JSONValue
      do {
        value = try JSONReader.parse(key)
      } catch {
        throw InputError("not a well-formed coldiff shard document", file: name)
      }
      let values = pointers.count == 1 ? [value] : value.arrayValue ?? []
      guard values.count == pointers.count else {
        throw InputError("not a well-formed coldiff shard document", file: name)
      }
      if side.form == .csv || side.form == .tsv {
        return (KeyRecordText.row(pointers, values, header: side.header, form: side.form), nil)
      }
      return (KeyRecordText.object(pointers.map(\.tokens), values), nil)
    }
  }

  /// The empty fields around the one key column of `side`'s rows.
  private static func rowAround(_ identity: Identity, _ side: ShardDocument.Side) -> (
    [UInt8], [UInt8]
  )? {
    guard case .fields(let pointers) = identity, pointers.count == 1,
      side.form == .csv || side.form == .tsv,
      let column = side.header.firstIndex(where: { pointers[0].tokens == [$0] })
    else { return nil }
    let delimiter = side.form == .tsv ? 0x09 : UInt8(ascii: ",")
    let empty: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\"")]
    return (
      Array(repeating: empty + [delimiter], count: column).flatMap { $0 },
      Array(repeating: [delimiter] + empty, count: side.header.count - column - 1).flatMap { $0 }
    )
  }

  /// The comparison of the gathered records.
  ///
  /// - Throws: `InputError` when a position has no record (the parts do
  ///   not cover the inputs).
  func comparison() throws -> Comparison {
    let old = try snapshot(oldRecords, first.old)
    let new = try snapshot(newRecords, first.new)
    return Comparison(
      old: old, new: new, identity: first.identity, ordered: first.ordered,
      newToOld: newToOld, changes: changes)
  }

  private func snapshot(_ records: [(text: [UInt8], name: [UInt8]?)?], _ side: ShardDocument.Side)
    throws -> Snapshot
  {
    guard records.allSatisfy({ $0 != nil }) else {
      throw InputError("the shard documents do not cover \(side.name)")
    }
    let texts = records.map { $0! }
    var bytes: [UInt8] = []
    let format: InputFormat
    switch side.form {
    case .csv, .tsv:
      format = side.form == .csv ? .csv : .tsv
      let delimiter = side.form == .csv ? UInt8(ascii: ",") : 0x09
      if !side.header.isEmpty || !texts.isEmpty {
        KeyRecordText.appendRow(side.header, delimiter: delimiter, to: &bytes)
        for record in texts {
          bytes.append(0x0A)
          bytes += record.text
        }
        bytes.append(0x0A)
      }
    case .jsonLines, .jsonObjectOrLines:
      format = .jsonLines
      for record in texts {
        bytes += record.text
        bytes.append(0x0A)
      }
    case .jsonObject:
      format = .json
      bytes.append(UInt8(ascii: "{"))
      for (index, record) in texts.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        JSONWriter.write(JSONString(raw: record.name ?? [], value: []), to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes += record.text
      }
      bytes.append(UInt8(ascii: "}"))
    case .jsonArray:
      format = .json
      bytes.append(UInt8(ascii: "["))
      for (index, record) in texts.enumerated() {
        bytes += index > 0 ? ",\n".utf8 : "\n".utf8
        bytes += record.text
      }
      bytes += "\n]".utf8
    }
    let snapshot = try? Snapshot(InputFile(name: side.name, bytes: bytes), override: format)
    guard let snapshot, snapshot.count == side.count, snapshot.form == side.form else {
      throw InputError("the shard documents hold records of \(side.name) that do not read")
    }
    return snapshot
  }
}
