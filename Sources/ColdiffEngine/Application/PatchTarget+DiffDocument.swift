import ColdiffCore
import ColdiffFormats

extension PatchTarget {
  /// Applies a coldiff diff document (SPEC §5): by key when the document
  /// has one (a delete or update finds its record by key and checks the
  /// old values it carries; an insert or move goes right after the record
  /// its `after` names, or first), by member name for object members, by
  /// position when records have no key (whole-value identity, or a
  /// reversed document without `after`). So a keyed diff still applies to
  /// a target whose other records changed or moved since OLD. A table
  /// takes the column order of the document's `columns`.
  ///
  /// - Parameters:
  ///   - document: the diff document.
  ///   - indexed: the target's keys, when they were indexed beforehand.
  /// - Throws: `PatchConflicts` listing every record that does not fit,
  ///   with the guards that held and failed (exit 1), also when the
  ///   document is of another kind of collection or a target record has
  ///   no key (tree documents: see `applyTree(_:)`).
  /// - Complexity: O(n + d log d) for n records and d changes, plus the
  ///   key index of the target.
  package mutating func apply(_ document: DiffDocument, indexed: IndexedKeys? = nil) throws {
    guard document.kind != .tree else { return try applyTree(document) }
    try checkCollectionKind(of: document)
    columnChange = document.columns
    let resolver: RecordResolver
    do {
      resolver = try RecordResolver(target: self, document: document, indexed: indexed)
    } catch let error as InputError {
      // A target record without the key: no guard of the document holds.
      throw PatchConflicts(error.description, failedGuard: true)
    } catch let conflict as PatchConflict {
      throw PatchConflicts(conflict.description)
    }
    var log = PatchConflicts()
    let recordStyle = RecordStyle(snapshot)
    let rules = try ComparisonRules(document: document.rules)
    // Check what the diff expects (by its rules), and update in place.
    var deleted: [Int32] = []
    for entry in document.deletes {
      PatchTarget.noting(in: &log) {
        let handle = try resolver.handle(entry.position, key: entry.key, of: self)
        guard holds(entry.value, handle, recordStyle, rules) else {
          throw PatchConflict(
            description: "\(resolver.name(entry.position, entry.key)): the record differs from "
              + "the one the diff deletes")
        }
        deleted.append(handle)
      }
    }
    for entry in document.updates {
      // A row that cannot hold a new value is a conflict, not a failed guard.
      var unwritable: String?
      PatchTarget.noting(in: &log) {
        let handle = try resolver.handle(entry.position, key: entry.key, of: self)
        let name = resolver.name(entry.position, entry.key)
        let record = try updated(handle, by: entry.changes, rules: rules) { name }
        do {
          try checkRow(record, name: name)
          setValue(record, of: handle)
        } catch {
          unwritable = "\(error)"
        }
      }
      if let unwritable { log.add(unwritable, failedGuard: false) }
    }
    var moved: [(entry: DiffDocument.Move, handle: Int32)] = []
    for entry in document.moves {
      PatchTarget.noting(in: &log) {
        moved.append((entry, try resolver.handle(entry.from, key: entry.key, of: self)))
      }
    }
    if isObjectMap {
      placeMembers(document, deleted: deleted, log: &log)
    } else {
      try placeRecords(document, deleted: deleted, moved: moved, resolver, log: &log)
    }
    guard log.isEmpty else { throw log }
  }

  /// Runs `body`, one guarded step: a conflict it throws is noted as a
  /// failed guard, and when it throws none the guard held.
  private static func noting(in log: inout PatchConflicts, _ body: () throws -> Void) {
    do {
      try body()
      log.held()
    } catch {
      log.add("\(error)", failedGuard: true)
    }
  }

  /// Refuses a document of an object's members for a list of records,
  /// and the other way round.
  ///
  /// - Throws: `PatchConflicts` saying which is which.
  private func checkCollectionKind(of document: DiffDocument) throws {
    let positions =
      document.inserts.map(\.position) + document.deletes.map(\.position)
      + document.updates.map(\.position) + document.moves.flatMap { [$0.from, $0.to] }
    let namesMembers = positions.contains { if case .name = $0 { true } else { false } }
    guard positions.isEmpty || namesMembers == isObjectMap else {
      let what =
        namesMembers
        ? "the diff document is of a JSON object's members; this target is a list of records"
        : "the diff document is of a list of records; this target is a JSON object's members"
      throw PatchConflicts("\(snapshot.name): \(what)", failedGuard: true)
    }
  }

  /// Removes the deleted members of an object map and adds the inserted
  /// ones, noting each that is already there.
  private mutating func placeMembers(
    _ document: DiffDocument, deleted: [Int32], log: inout PatchConflicts
  ) {
    for handle in deleted { _ = removeMember(named: name(of: handle).value) }
    for entry in document.inserts {
      guard case .name(let name) = entry.position else {
        preconditionFailure("checked before: a document for an object names members")
      }
      guard member(named: name.value) == nil else {
        log.add("member \(ReportText.key(.string(name))): already there", failedGuard: true)
        continue
      }
      setMember(name, to: entry.value.built())
    }
  }

  /// Makes the inserted records and puts them and the moved ones in
  /// place, noting each insert whose key is already there and each
  /// record whose `after` is missing.
  private mutating func placeRecords(
    _ document: DiffDocument, deleted: [Int32],
    moved: [(entry: DiffDocument.Move, handle: Int32)], _ resolver: RecordResolver,
    log: inout PatchConflicts
  ) throws {
    var placements: [Placement] = []
    let deletedHandles = Set(deleted)
    for entry in document.inserts {
      let value = entry.value.built()
      let name = resolver.name(entry.position, entry.key)
      do {
        try checkRow(value, name: name)
      } catch {
        log.add("\(error)", failedGuard: false)
        continue
      }
      if let key = entry.key, resolver.isPresent(key, in: self, ignoring: deletedHandles) {
        log.add("key \(ReportText.key(key)): already there", failedGuard: true)
        continue
      }
      let handle = makeRecord(value)
      placements.append(Placement(handle: handle, index: entry.position.index, after: entry.after))
    }
    for (entry, handle) in moved {
      placements.append(Placement(handle: handle, index: entry.to.index, after: entry.after))
    }
    placements.sort { $0.index < $1.index }
    var leaving = [Bool](repeating: false, count: recordCount)
    for handle in deleted { leaving[Int(handle)] = true }
    for (_, handle) in moved { leaving[Int(handle)] = true }
    let staying = order.filter { !leaving[Int($0)] }
    let final: [Int32]
    if document.kind == .unordered {
      final = staying + placements.map(\.handle)
    } else if !placements.isEmpty, placements.allSatisfy({ $0.after != nil }) {
      final = anchoredOrder(staying, placements, resolver, log: &log)
    } else {
      final = PatchTarget.mergedOrder(staying, placements)
    }
    sequence = RecordSequence(final)
  }

  /// Whether record `handle` is `expected`, the record a delete names:
  /// an untouched record whose bytes (a JSON record's, or a CSV row's
  /// plain fields) match the document's is the same value, so most
  /// deletes build nothing; otherwise the record written in the target's
  /// style, or its value, is compared (under the document's rules).
  private func holds(
    _ expected: DocumentValue, _ handle: Int32, _ style: RecordStyle, _ rules: ComparisonRules
  ) -> Bool {
    if case .raw(let bytes) = expected, isUntouchedOriginal(handle),
      bytes.withUnsafeBufferPointer({
        originalBytes(handle, at: [], equal: 0..<$0.count, in: $0)
      })
    {
      return true
    }
    let value = expected.built()
    if style.isWritten(value, as: handle, of: self) || value == self.value(of: handle) {
      return true
    }
    return !rules.isEmpty
      && rules.equal(
        rules.removingIgnored(from: value, at: []),
        rules.removingIgnored(from: self.value(of: handle), at: []), at: [])
  }

  /// The value of record `handle` with an update's changes made, each
  /// old value checked under `rules`.
  private func updated(
    _ handle: Int32, by changes: [DiffDocument.Change], rules: ComparisonRules,
    name: () -> String
  ) throws -> JSONValue {
    var record = value(of: handle)
    if rules.arrayKeys.isEmpty {
      for change in changes {
        try PatchTarget.apply(change, to: &record, name: name(), rules: rules)
      }
    } else {
      try PatchTarget.applyKeyed(changes, to: &record, name: name, rules: rules)
    }
    return record
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
    _ staying: [Int32], _ placements: [Placement], _ resolver: RecordResolver,
    log: inout PatchConflicts
  ) -> [Int32] {
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
          log.add(
            "the record that comes before \(resolver.keyName(of: placement.handle, in: self)) "
              + "(key \(ReportText.key(key))) is not there", failedGuard: true)
          continue
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
  ///
  /// The current value holds when it equals the old one, or is equal to
  /// it under `rules` (a target that drifted within a tolerance).
  ///
  /// - Throws: `PatchConflict` naming the record and, by its pointer, the
  ///   first member that differs from what the diff expects (SPEC
  ///   §8.1.8: `key 107: /name is "Knock box", the diff expects
  ///   "Knock-box"`).
  package static func apply(
    _ change: DiffDocument.Change, to record: inout JSONValue, name: @autoclosure () -> String,
    rules: ComparisonRules = ComparisonRules()
  ) throws {
    let current = change.path.resolve(in: record)
    func holds(_ old: JSONValue, _ current: JSONValue) -> Bool {
      if old == current { return true }
      guard !rules.isEmpty else { return false }
      let path = change.path.tokens
      return rules.equal(
        rules.removingIgnored(from: old, at: path), rules.removingIgnored(from: current, at: path),
        at: path)
    }
    let fits: Bool
    switch (change.old, current) {
    case (let old?, let current?): fits = holds(old, current)
    case (nil, nil): fits = true
    default: fits = false
    }
    guard fits else {
      let difference = FirstDifference(
        found: current, expected: change.old, at: change.path.tokens)
      throw PatchConflict(description: "\(name()): \(difference)")
    }
    do {
      if let new = change.new {
        if change.old == nil, let after = change.after {
          try PatchTarget.insertMember(new, at: change.path, after: after, in: &record)
        } else {
          try record.add(new, at: change.path)
        }
      } else {
        try record.remove(at: change.path)
      }
    } catch {
      throw PatchConflict(
        description: "\(name()): \(JSONPointer(tokens: change.path.tokens)): \(error.reason)")
    }
  }
}

extension PatchTarget {
  /// Adds the member at `path` (which is not there) right after the
  /// member `after` names in its object, or first for `.null` (SPEC
  /// §8.1.4); at the end when that member is not there. A path whose
  /// parent is not an object is added as `add` would.
  ///
  /// - Throws: `PointerFailure` as `JSONValue.add(_:at:)`.
  /// - Complexity: O(members of the parent object).
  private static func insertMember(
    _ value: JSONValue, at path: JSONPointer, after: DiffDocument.Reference,
    in record: inout JSONValue
  ) throws(PointerFailure) {
    let parent = JSONPointer(tokens: Array(path.tokens.dropLast()))
    guard let name = path.tokens.last, case .object(var object) = try record.value(at: parent)
    else {
      return try record.add(value, at: path)
    }
    var position = object.members.count
    switch after {
    case .null: position = 0
    case .key(.string(let previous)):
      if let index = object.index(of: previous.value) { position = index + 1 }
    case .key: break
    }
    object.members.insert(
      JSONObject.Member(name: JSONString(utf8: name), value: value), at: position)
    if parent.isRoot {
      record = .object(object)
    } else {
      try record.replace(at: parent, with: .object(object))
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
