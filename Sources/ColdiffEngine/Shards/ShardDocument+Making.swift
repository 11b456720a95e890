import ColdiffFormats

extension ShardDocument {
  /// The shard document of `shard` from a comparison that compared only
  /// its records (`Comparison`'s `comparing`).
  ///
  /// - Parameters:
  ///   - comparison: the comparison of the whole inputs.
  ///   - shard: the shard.
  ///   - oldMembers: for each OLD record, whether it is in the shard.
  ///   - newMembers: for each NEW record, whether it is in the shard.
  ///   - fingerprint: identifies the inputs and options.
  ///   - arguments: the options that decide the diff.
  /// - Complexity: O(n) plus the size of the shard's records.
  package init(
    comparison: Comparison, shard: Shard, oldMembers: [Bool], newMembers: [Bool],
    fingerprint: String, arguments: [String]
  ) {
    let old = comparison.old
    let new = comparison.new
    let identity = comparison.identity
    self.shard = shard
    self.fingerprint = fingerprint
    self.arguments = arguments
    self.identity = identity
    self.ordered = comparison.ordered
    self.old = Side(old)
    self.new = Side(new)
    matched = []
    for newIndex in 0..<new.count where newMembers[newIndex] && comparison.newToOld[newIndex] >= 0 {
      let oldIndex = Int(comparison.newToOld[newIndex])
      let oldKey = old.identityText(of: oldIndex, identity: identity)
      let newKey =
        identity == .wholeValue ? nil : new.identityText(of: newIndex, identity: identity)
      matched.append(
        Match(old: oldIndex, new: newIndex, oldKey: oldKey, newKey: newKey == oldKey ? nil : newKey)
      )
    }
    let named = identity == .memberName
    inserts = comparison.diff.inserts.filter { newMembers[$0] }.map {
      Record(position: $0, name: named ? new.memberName(of: $0).raw : nil, text: new.text(of: $0))
    }
    deletes = comparison.diff.deletes.filter { oldMembers[$0] }.map {
      Record(position: $0, name: named ? old.memberName(of: $0).raw : nil, text: old.text(of: $0))
    }
    updates = comparison.diff.updates.filter { oldMembers[$0] }.map {
      Update(position: $0, changes: comparison.changes[$0] ?? [])
    }
  }
}

extension ShardDocument.Side {
  /// The side of `snapshot`.
  init(_ snapshot: Snapshot) {
    name = snapshot.name
    form = snapshot.form
    count = snapshot.count
    if case .table(let table) = snapshot.storage {
      header = table.header
    } else {
      header = []
    }
  }
}

extension Snapshot {
  /// Record `record`'s text: its JSON value, or its CSV row without the
  /// line ending.
  func text(of record: Int) -> [UInt8] {
    switch storage {
    case .json(let index): bytes.copy(index.recordRange(record))
    case .table(let table): bytes.copy(table.rowRange(record))
    }
  }

  /// What a shard document carries of record `record`'s identity: its key
  /// value as JSON text, its member name as written, or its text.
  func identityText(of record: Int, identity: Identity) -> [UInt8] {
    switch identity {
    case .wholeValue: return text(of: record)
    case .memberName: return memberName(of: record).raw
    case .fields(let pointers) where pointers.count == 1:
      // One key field of a JSON record: its text as written, unparsed.
      if case .json(let index) = storage, let range = keyTextRange(pointers[0], record, index) {
        return bytes.copy(range)
      }
      fallthrough
    case .fields:
      var out: [UInt8] = []
      if let key = keyValue(of: record, identity: identity) {
        JSONWriter.write(key, style: .compact, to: &out)
      }
      return out
    }
  }

  /// Where the value of the key field `pointer` of JSON record `record`
  /// is written: the range the scan noted, else found in the record.
  func keyTextRange(_ pointer: JSONPointer, _ record: Int, _ index: JSONCollectionIndex)
    -> Range<Int>?
  {
    if index.capturesKeys, let capturedKey, pointer.tokens == [capturedKey] {
      return index.keyRange(record)
    }
    return bytes.withUnsafeBufferPointer {
      JSONKeyPath(segments: pointer.tokens).valueRange(in: $0, record: index.recordRange(record))
    }
  }
}
