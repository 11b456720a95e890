import ColdiffCore
import ColdiffFormats

/// Finds the records a diff document names in a target: by key (through an
/// index of the target's keys), by member name, or by position in the
/// target as it was before the diff applied.
package final class RecordResolver {
  private let keys: [JSONPointer]?
  private let initialOrder: [Int32]
  private var originalKeys = KeyArena()
  private var table: KeyTable?
  private var find: ((KeyArena, Int) -> Int32)?
  private var addedKeys: [[UInt8]: Int32] = [:]
  private var indexedAdded = 0

  /// Indexes `target` for `document`.
  ///
  /// - Parameters:
  ///   - target: the target, before the document applies.
  ///   - document: the diff document.
  ///   - indexed: the target's keys for some key fields, made beforehand
  ///     (used when they are the document's), and how to find a record by
  ///     them without a table.
  /// - Throws: `InputError` when a target record has no value for a key
  ///   field; `PatchConflict` when two have the same key.
  package init(target: PatchTarget, document: DiffDocument, indexed: IndexedKeys? = nil) throws {
    keys = document.key
    initialOrder = target.isObjectMap ? [] : target.order
    if let keys, !target.isObjectMap {
      let identity = Identity.fields(keys)
      if let indexed, indexed.fields == keys {
        originalKeys = indexed.arena
        find = indexed.find
      } else {
        originalKeys = try target.snapshot.keyArena(for: identity)
      }
      guard find == nil else { return }
      do {
        table = try KeyTable(originalKeys)
      } catch {
        let key = target.snapshot.keyValue(of: error.second, identity: identity)
        // The document is fine; this target cannot be patched by key.
        let located = target.snapshot.error(
          "duplicate key \(key.map(ReportText.key) ?? ""): records #\(error.first) and "
            + "#\(error.second) of the target have the same key",
          at: error.second)
        throw PatchConflict(description: located.description)
      }
    }
  }

  /// The handle of the record at `position` (or with `key`), which must be
  /// there.
  ///
  /// - Throws: `PatchConflict` when it is not.
  package func handle(_ position: DiffDocument.Position, key: JSONValue?, of target: PatchTarget)
    throws
    -> Int32
  {
    if keys != nil, let key {
      guard let handle = lookup(key, in: target) else {
        throw PatchConflict(description: "key \(ReportText.key(key)): no such record in the target")
      }
      return handle
    }
    switch position {
    case .name(let name):
      guard let handle = target.member(named: name.value) else {
        throw PatchConflict(
          description: "member \(ReportText.key(.string(name))): no such member in the target")
      }
      return handle
    case .index(let index):
      guard index < initialOrder.count else {
        throw PatchConflict(
          description: "record #\(index): the target has only \(initialOrder.count) records")
      }
      return initialOrder[index]
    case .path, .namedPath:
      preconditionFailure("tree documents are refused before")
    }
  }

  /// How messages name the record of an entry.
  package func name(_ position: DiffDocument.Position, _ key: JSONValue?) -> String {
    if let key { return "key \(ReportText.key(key))" }
    switch position {
    case .name(let name): return "member \(ReportText.key(.string(name)))"
    case .index(let index): return "record #\(index)"
    case .path, .namedPath: return "record \(position.text)"
    }
  }

  /// How messages name a record by the key its value holds.
  package func keyName(of handle: Int32, in target: PatchTarget) -> String {
    guard let keys else { return "a record" }
    let record = target.value(of: handle)
    let values = keys.map { $0.resolve(in: record) ?? .null }
    return "key " + ReportText.key(values.count == 1 ? values[0] : .array(values))
  }

  /// Whether a record with `key` is in the target and not about to be
  /// deleted.
  package func isPresent(_ key: JSONValue, in target: PatchTarget, ignoring deleted: Set<Int32>)
    -> Bool
  {
    guard let handle = lookup(key, in: target) else { return false }
    return !deleted.contains(handle)
  }

  /// The handle of the record whose key equals `key`, original or added
  /// by the diff, or `nil`.
  package func lookup(_ key: JSONValue, in target: PatchTarget) -> Int32? {
    guard let keys else { return nil }
    var probe = KeyArena()
    probe.append { out in
      if keys.count == 1 {
        JSONCanonicalKey.append(key, to: &out)
      } else if case .array(let parts) = key {
        for part in parts { JSONCanonicalKey.append(part, to: &out) }
      }
    }
    precondition(!probe.isFull, "a key of 4 GiB or more is not looked up")
    if let find {
      let found = find(probe, 0)
      if found >= 0 { return found }
    } else if let table {
      let found = table.lookup(0, of: probe, in: originalKeys)
      if found >= 0 { return found }
    }
    indexAddedRecords(of: target, keys: keys)
    return addedKeys[Array(probe.key(0))]
  }

  /// Adds the keys of the records made since the last look-up.
  private func indexAddedRecords(of target: PatchTarget, keys: [JSONPointer]) {
    let first = max(target.snapshot.count, indexedAdded)
    guard first < target.recordCount else { return }
    for handle in first..<target.recordCount {
      let record = target.value(of: Int32(handle))
      var bytes: [UInt8] = []
      for pointer in keys {
        JSONCanonicalKey.append(pointer.resolve(in: record) ?? .null, to: &bytes)
      }
      addedKeys[bytes] = Int32(handle)
    }
    indexedAdded = target.recordCount
  }
}
