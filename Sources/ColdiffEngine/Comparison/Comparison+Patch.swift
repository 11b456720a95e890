import ColdiffCore
import ColdiffFormats

extension Comparison {
  /// The sequential patch (SPEC §4.3): RFC 6902 operations that turn OLD
  /// into NEW one after another, each touching an existing record guarded
  /// by a `test` of its key at that position, each `remove` and `replace`
  /// by a `test` of the old value (unless `guards` is false).
  ///
  /// Ordered collections use the core's steps (deletes from the back,
  /// then inserts and moves in NEW order, then updates at their NEW
  /// position). An unordered array removes its deletes from the back,
  /// updates in place and appends its inserts; an object map works by
  /// member name.
  ///
  /// - Complexity: O((n + d) log n) for n records and d changes.
  package func patch(guards: Bool) -> [UInt8] {
    var writer = PatchWriting(comparison: self, guards: guards)
    if identity == .memberName {
      for record in diff.deletes { writer.delete(old: record, at: name(old, record)) }
      for record in diff.updates { writer.update(old: record, at: name(old, record)) }
      for record in diff.inserts { writer.insert(new: record, at: name(new, record)) }
    } else if ordered {
      for step in diff.patchSteps(oldCount: old.count, newCount: new.count) {
        switch step {
        case .delete(let at, let record): writer.delete(old: record, at: index(at))
        case .insert(let at, let record): writer.insert(new: record, at: index(at))
        case .move(let from, let to, let record, _):
          writer.move(old: record, from: index(from), to: index(to))
        case .update(let at, let record, _): writer.update(old: record, at: index(at))
        }
      }
    } else {
      for record in diff.deletes.reversed() { writer.delete(old: record, at: index(record)) }
      var deletedBefore = 0
      for record in diff.updates {
        while deletedBefore < diff.deletes.count && diff.deletes[deletedBefore] < record {
          deletedBefore += 1
        }
        writer.update(old: record, at: index(record - deletedBefore))
      }
      var count = old.count - diff.deletes.count
      for record in diff.inserts {
        writer.insert(new: record, at: index(count))
        count += 1
      }
    }
    return writer.finish()
  }

  private func index(_ position: Int) -> JSONPointer {
    JSONPointer(tokens: [Array(String(position).utf8)])
  }

  private func name(_ snapshot: Snapshot, _ record: Int) -> JSONPointer {
    JSONPointer(tokens: [snapshot.memberName(of: record).value])
  }
}

/// The patch being written, with the guards of SPEC §4.3.
private struct PatchWriting {
  let comparison: Comparison
  let guards: Bool
  var writer = JSONPatchWriter()
  /// For each OLD record, its partner in NEW (only with keyed arrays,
  /// whose operations need both records).
  let oldToNew: [Int32]
  /// Lets the inputs' pages go now and then as the operations read
  /// records here and there.
  var reads: SparseReads

  init(comparison: Comparison, guards: Bool) {
    self.comparison = comparison
    self.guards = guards
    reads = SparseReads(comparison.old, comparison.new)
    var oldToNew: [Int32] = []
    if !comparison.rules.arrayKeys.isEmpty {
      oldToNew = [Int32](repeating: -1, count: comparison.old.count)
      for (new, old) in comparison.newToOld.enumerated() where old >= 0 {
        oldToNew[Int(old)] = Int32(new)
      }
    }
    self.oldToNew = oldToNew
  }

  /// Tests that the record at `path` is OLD record `record`: its key
  /// fields, or its whole value under whole-value identity (unless the
  /// caller tests the whole value anyway).
  private mutating func testIdentity(old record: Int, at path: JSONPointer, valueFollows: Bool) {
    guard guards else { return }
    switch comparison.identity {
    case .fields(let pointers):
      let values = comparison.old.keyFields(of: record, identity: comparison.identity)
      for (pointer, value) in zip(pointers, values) {
        writer.append(.test(path: JSONPointer(tokens: path.tokens + pointer.tokens), value: value))
      }
    case .wholeValue where !valueFollows:
      writer.append(.test, path: path, value: comparison.old.documentValue(of: record))
    case .wholeValue, .memberName:
      break
    }
  }

  mutating func delete(old record: Int, at path: JSONPointer) {
    reads.note()
    testIdentity(old: record, at: path, valueFollows: true)
    if guards { writer.append(.test, path: path, value: comparison.old.documentValue(of: record)) }
    writer.append(.remove(path: path))
  }

  mutating func insert(new record: Int, at path: JSONPointer) {
    reads.note()
    writer.append(.add, path: path, value: comparison.new.documentValue(of: record))
  }

  mutating func move(old record: Int, from: JSONPointer, to: JSONPointer) {
    reads.note()
    testIdentity(old: record, at: from, valueFollows: false)
    writer.append(.move(from: from, path: to))
  }

  mutating func update(old record: Int, at path: JSONPointer) {
    reads.note()
    testIdentity(old: record, at: path, valueFollows: false)
    let changes = comparison.changes[record] ?? []
    guard changes.contains(where: { $0.element != nil }) else {
      writer.appendChanges(changes, at: path, guards: guards)
      return
    }
    writer.appendKeyedChanges(
      changes, at: path, old: comparison.old.value(of: record),
      new: comparison.new.value(of: Int(oldToNew[record])), offset: 0, rules: comparison.rules,
      guards: guards)
  }

  mutating func finish() -> [UInt8] {
    writer.finish()
  }
}
