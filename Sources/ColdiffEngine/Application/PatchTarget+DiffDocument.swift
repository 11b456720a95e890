import ColdiffCore
import ColdiffFormats

extension PatchTarget {
  /// Applies a coldiff diff document (SPEC §5): by key when the document
  /// has one (a delete or update finds its record by key and checks the
  /// old values it carries; an insert or move goes right after the record
  /// its `after` names, or first), by member name for object members, by
  /// position when records have no key (whole-value identity, or a
  /// reversed document without `after`). So a keyed diff still applies to
  /// a target whose other records changed or moved since OLD.
  ///
  /// - Parameters:
  ///   - document: the diff document.
  ///   - indexed: the target's keys, when they were indexed beforehand.
  /// - Throws: `PatchConflict` naming the first record that does not fit
  ///   (exit 1); `InputError` when the document cannot apply to this kind
  ///   of target at all (exit 2): a document of an object's members for
  ///   a list of records or the other way round (tree documents: see
  ///   `applyTree(_:)`).
  /// - Complexity: O(n + d log d) for n records and d changes, plus the
  ///   key index of the target.
  package mutating func apply(_ document: DiffDocument, indexed: IndexedKeys? = nil) throws {
    guard document.kind != .tree else { return try applyTree(document) }
    let positions =
      document.inserts.map(\.position) + document.deletes.map(\.position)
      + document.updates.map(\.position) + document.moves.flatMap { [$0.from, $0.to] }
    let namesMembers = positions.contains { if case .name = $0 { true } else { false } }
    guard positions.isEmpty || namesMembers == isObjectMap else {
      throw InputError(
        namesMembers
          ? "the diff document is of a JSON object's members; this target is a list of records"
          : "the diff document is of a list of records; this target is a JSON object's members",
        file: snapshot.name)
    }
    columnChange = document.columns
    let resolver = try RecordResolver(target: self, document: document, indexed: indexed)
    let recordStyle = RecordStyle(snapshot)
    // Check what the diff expects, and update in place.
    let deleted = try document.deletes.map { entry in
      let handle = try resolver.handle(entry.position, key: entry.key, of: self)
      guard holds(entry.value, handle, recordStyle) else {
        throw PatchConflict(
          description: "\(resolver.name(entry.position, entry.key)): the record differs from "
            + "the one the diff deletes")
      }
      return handle
    }
    for entry in document.updates {
      let handle = try resolver.handle(entry.position, key: entry.key, of: self)
      var record = value(of: handle)
      for change in entry.changes {
        try PatchTarget.apply(change, to: &record, name: resolver.name(entry.position, entry.key))
      }
      try checkRow(record, name: resolver.name(entry.position, entry.key))
      setValue(record, of: handle)
    }
    let moved = try document.moves.map { entry in
      try resolver.handle(entry.from, key: entry.key, of: self)
    }
    // Place inserts and moves.
    if isObjectMap {
      for handle in deleted { _ = removeMember(named: name(of: handle).value) }
      for entry in document.inserts {
        guard case .name(let name) = entry.position else {
          preconditionFailure("checked above: a document for an object names members")
        }
        guard member(named: name.value) == nil else {
          throw PatchConflict(description: "member \(ReportText.key(.string(name))): already there")
        }
        setMember(name, to: entry.value.built())
      }
      return
    }
    var placements: [Placement] = []
    let deletedHandles = Set(deleted)
    for entry in document.inserts {
      let value = entry.value.built()
      try checkRow(value, name: resolver.name(entry.position, entry.key))
      if let key = entry.key, resolver.isPresent(key, in: self, ignoring: deletedHandles) {
        throw PatchConflict(description: "key \(ReportText.key(key)): already there")
      }
      let handle = makeRecord(value)
      placements.append(Placement(handle: handle, index: entry.position.index, after: entry.after))
    }
    for (entry, handle) in zip(document.moves, moved) {
      placements.append(Placement(handle: handle, index: entry.to.index, after: entry.after))
    }
    placements.sort { $0.index < $1.index }
    var leaving = [Bool](repeating: false, count: recordCount)
    for handle in deleted { leaving[Int(handle)] = true }
    for handle in moved { leaving[Int(handle)] = true }
    let staying = order.filter { !leaving[Int($0)] }
    let final: [Int32]
    if document.kind == .unordered {
      final = staying + placements.map(\.handle)
    } else if !placements.isEmpty, placements.allSatisfy({ $0.after != nil }) {
      final = try anchoredOrder(staying, placements, resolver)
    } else {
      final = PatchTarget.mergedOrder(staying, placements)
    }
    sequence = RecordSequence(final)
  }

  /// Whether record `handle` is `expected`, the record a delete names:
  /// an untouched record whose bytes (a JSON record's, or a CSV row's
  /// plain fields) match the document's is the same value, so most
  /// deletes build nothing; otherwise the record written in the target's
  /// style, or its value, is compared.
  private func holds(_ expected: DocumentValue, _ handle: Int32, _ style: RecordStyle) -> Bool {
    if case .raw(let bytes) = expected, isUntouchedOriginal(handle),
      bytes.withUnsafeBufferPointer({
        originalBytes(handle, at: nil, equal: 0..<$0.count, in: $0)
      })
    {
      return true
    }
    let value = expected.built()
    return style.isWritten(value, as: handle, of: self) || value == self.value(of: handle)
  }

  /// Checks that a record the diff makes fits a table target.
  ///
  /// - Throws: `PatchConflict` naming the record when it does not.
  private func checkRow(_ record: JSONValue, name: @autoclosure () -> String) throws {
    do {
      try checkRow(record)
    } catch {
      throw PatchConflict(description: "\(name()): \(error.reason)")
    }
  }

  /// A record to be placed: an insert or a move.
  private struct Placement {
    let handle: Int32
    let index: Int
    let after: DiffDocument.Reference?
  }

  /// Places each record right after the one its `after` names (or first),
  /// in ascending NEW position, so a record that comes after another
  /// placed one finds it already there.
  private func anchoredOrder(
    _ staying: [Int32], _ placements: [Placement], _ resolver: RecordResolver
  ) throws -> [Int32] {
    var next = [Int32](repeating: -1, count: recordCount)
    var present = [Bool](repeating: false, count: recordCount)
    let head = Int32(recordCount)
    next.append(-1)
    var previous = head
    for handle in staying {
      next[Int(previous)] = handle
      present[Int(handle)] = true
      previous = handle
    }
    for placement in placements {
      var anchor = head
      if case .key(let key)? = placement.after {
        guard let found = resolver.lookup(key, in: self), present[Int(found)] else {
          throw PatchConflict(
            description:
              "the record that comes before \(resolver.keyName(of: placement.handle, in: self)) "
              + "(key \(ReportText.key(key))) is not there")
        }
        anchor = found
      }
      next[Int(placement.handle)] = next[Int(anchor)]
      next[Int(anchor)] = placement.handle
      present[Int(placement.handle)] = true
    }
    var result: [Int32] = []
    result.reserveCapacity(staying.count + placements.count)
    var cursor = next[Int(head)]
    while cursor >= 0 {
      result.append(cursor)
      cursor = next[Int(cursor)]
    }
    return result
  }

  /// Puts each placed record at its NEW position among the records that
  /// stay (which keep their order).
  private static func mergedOrder(_ staying: [Int32], _ placements: [Placement]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(staying.count + placements.count)
    var stay = 0
    for placement in placements {
      while result.count < placement.index, stay < staying.count {
        result.append(staying[stay])
        stay += 1
      }
      result.append(placement.handle)
    }
    result += staying[stay...]
    return result
  }

  /// Checks one changed field against its old value and sets the new one.
  package static func apply(
    _ change: DiffDocument.Change, to record: inout JSONValue, name: @autoclosure () -> String
  ) throws {
    let field = ReportText.field(change.path.tokens)
    let current = change.path.resolve(in: record)
    switch (change.old, current) {
    case (let old?, let current?) where old != current:
      throw PatchConflict(
        description: "\(name()): \(field) is \(ReportText.value(current)), the diff expects "
          + ReportText.value(old))
    case (let old?, nil):
      throw PatchConflict(
        description: "\(name()): \(field) is missing, the diff expects \(ReportText.value(old))")
    case (nil, let current?):
      throw PatchConflict(
        description: "\(name()): \(field) is \(ReportText.value(current)), the diff expects none")
    default:
      break
    }
    do {
      if let new = change.new {
        try record.add(new, at: change.path)
      } else {
        try record.remove(at: change.path)
      }
    } catch {
      throw PatchConflict(description: "\(name()): \(field): \(error.reason)")
    }
  }
}

extension DiffDocument.Position {
  /// The index of an index position (0 for the others, which are not
  /// placed by index).
  fileprivate var index: Int {
    if case .index(let index) = self { return index }
    return 0
  }
}
