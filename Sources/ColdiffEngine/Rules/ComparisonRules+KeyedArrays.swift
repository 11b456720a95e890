import ColdiffCore
import ColdiffFormats

extension ComparisonRules {
  /// The changes between two versions of a keyed array (`--array-key`):
  /// elements matched by the value of `key`, with minimal moves as for
  /// records (the matched elements that keep their relative order form a
  /// longest increasing subsequence).
  ///
  /// In order: each deleted element (`old` only, its OLD index in the
  /// path), then each inserted or moved element by NEW index (an insert
  /// has `new` only; a move neither, its OLD path in `from`), then the
  /// changed fields of each matched element under these rules (its NEW
  /// index in the path). Every change carries the element's key.
  ///
  /// - Parameters:
  ///   - old: the array in OLD.
  ///   - new: the array in NEW.
  ///   - path: the array's field in the record.
  ///   - key: the key field inside each element.
  /// - Throws: `ArrayKeyError` naming the element without a key, or the
  ///   two elements with the same key.
  /// - Complexity: O(n log n) for n elements, plus the changed elements'
  ///   comparison.
  func keyedChanges(
    _ old: [JSONValue], _ new: [JSONValue], at path: [[UInt8]], key: JSONPointer
  ) throws(ArrayKeyError) -> [FieldChange] {
    // Match elements by key.
    let oldKeys = try Self.keys(of: old, at: path, key: key, inNew: false)
    let newKeys = try Self.keys(of: new, at: path, key: key, inNew: true)
    var oldIndex: [JSONValue: Int] = [:]
    for (index, value) in oldKeys.enumerated() { oldIndex[value] = index }
    var newToOld = [Int32](repeating: -1, count: new.count)
    var updates: [Int: [FieldChange]] = [:]
    for (index, value) in newKeys.enumerated() {
      guard let partner = oldIndex[value] else { continue }
      newToOld[index] = Int32(partner)
      let element = path + [Array(String(index).utf8)]
      let inner = try filter(FieldChange.between(old[partner], new[index], at: element))
      if !inner.isEmpty { updates[partner] = inner }
    }
    let diff = OrderedCollectionDiff(
      oldCount: old.count, newCount: new.count, newToOld: newToOld,
      isEqual: { oldElement, _ in updates[oldElement] == nil })
    // Write the deletes, the inserts and moves, then the updates.
    func at(_ index: Int) -> [[UInt8]] { path + [Array(String(index).utf8)] }
    func place(_ value: JSONValue, from: [[UInt8]]? = nil) -> FieldChange.KeyedElement {
      FieldChange.KeyedElement(key: value, depth: path.count, from: from)
    }
    var changes = diff.deletes.map {
      FieldChange(path: at($0), old: old[$0], new: nil, element: place(oldKeys[$0]))
    }
    var placed: [(Int, FieldChange)] = diff.inserts.map {
      ($0, FieldChange(path: at($0), old: nil, new: new[$0], element: place(newKeys[$0])))
    }
    for move in diff.moves {
      placed.append(
        (
          move.to,
          FieldChange(
            path: at(move.to), old: nil, new: nil,
            element: place(newKeys[move.to], from: at(move.from))
          )
        ))
    }
    changes += placed.sorted { $0.0 < $1.0 }.map(\.1)
    for (index, partner) in newToOld.enumerated() where partner >= 0 {
      for var change in updates[Int(partner)] ?? [] {
        if change.element == nil { change.element = place(newKeys[index]) }
        changes.append(change)
      }
    }
    return changes
  }

  /// The key of each element, checked present and unique.
  private static func keys(
    of elements: [JSONValue], at path: [[UInt8]], key: JSONPointer, inNew: Bool
  ) throws(ArrayKeyError) -> [JSONValue] {
    var seen: [JSONValue: Int] = [:]
    var keys: [JSONValue] = []
    keys.reserveCapacity(elements.count)
    let field = ReportText.field(path)
    for (index, element) in elements.enumerated() {
      guard let value = key.resolve(in: element) else {
        throw ArrayKeyError(
          message: "element \(index) of \(field) has no \(ReportText.field(key.tokens)) "
            + "(the --array-key key field)",
          inNew: inNew)
      }
      if let first = seen[value] {
        throw ArrayKeyError(
          message: "duplicate key \(ReportText.value(value)) in \(field): elements \(first) and "
            + "\(index)",
          inNew: inNew)
      }
      seen[value] = index
      keys.append(value)
    }
    return keys
  }
}
