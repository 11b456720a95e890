import ColdiffCore
import ColdiffFormats

extension JSONPatchWriter {
  /// The operations of an updated record's changes when some lie in keyed
  /// arrays (`--array-key`, SPEC §8.2): each keyed array's elements are
  /// deleted, inserted, moved and updated with positional RFC 6902
  /// operations at the positions they have when each runs (the core's
  /// patch steps: deletes from the back, then inserts and moves in NEW
  /// order, then updates at their NEW position), a deleted element guarded
  /// by a `test` of its value, a moved or updated one by a `test` of its
  /// key; the other changes as ``appendChanges(_:at:guards:)`` writes them.
  ///
  /// - Parameters:
  ///   - changes: the record's changes, paths from the record down.
  ///   - base: where the value holding the changes is when they run.
  ///   - old: that value in OLD.
  ///   - new: that value in NEW.
  ///   - offset: how many leading path segments of the changes lead to
  ///     that value (0 for the record).
  ///   - rules: the rules that name the keyed arrays.
  ///   - guards: whether to write the `test` operations.
  package mutating func appendKeyedChanges(
    _ changes: [FieldChange], at base: JSONPointer, old: JSONValue, new: JSONValue, offset: Int,
    rules: ComparisonRules, guards: Bool
  ) {
    // Group the changes by the keyed array they lie in.
    var plain: [FieldChange] = []
    var arrays: [[[UInt8]]] = []
    var grouped: [[[UInt8]]: [FieldChange]] = [:]
    for change in changes {
      guard let array = keyedArray(of: change, old: old, new: new, offset: offset, rules: rules)
      else {
        var relative = change
        relative.path = Array(change.path[offset...])
        plain.append(relative)
        continue
      }
      if grouped[array] == nil { arrays.append(array) }
      grouped[array, default: []].append(change)
    }
    appendChanges(plain, at: base, guards: guards)
    for array in arrays {
      appendKeyedArray(
        grouped[array] ?? [], array: array, base: base, old: old, new: new, offset: offset,
        rules: rules, guards: guards)
    }
  }

  /// The path (from the record) of the outermost keyed array below
  /// `offset` that `change` lies strictly inside, if any.
  private func keyedArray(
    of change: FieldChange, old: JSONValue, new: JSONValue, offset: Int, rules: ComparisonRules
  ) -> [[UInt8]]? {
    guard change.element != nil, change.path.count > offset + 1 else { return nil }
    for end in (offset + 1)..<change.path.count {
      let relative = JSONPointer(tokens: Array(change.path[offset..<end]))
      if rules.arrayKey(at: change.path[..<end]) != nil,
        case .array? = relative.resolve(in: old), case .array? = relative.resolve(in: new)
      {
        return Array(change.path[..<end])
      }
    }
    return nil
  }

  /// The operations of one keyed array's changes.
  private mutating func appendKeyedArray(
    _ changes: [FieldChange], array: [[UInt8]], base: JSONPointer, old: JSONValue,
    new: JSONValue, offset: Int, rules: ComparisonRules, guards: Bool
  ) {
    let relative = JSONPointer(tokens: Array(array[offset...]))
    guard case .array(let oldElements)? = relative.resolve(in: old),
      case .array(let newElements)? = relative.resolve(in: new),
      let key = rules.arrayKey(at: array)?.key
    else { preconditionFailure("a keyed array's changes lie in arrays on both sides") }
    // Match the elements again, as the comparison did.
    var oldIndex: [JSONValue: Int] = [:]
    for (index, element) in oldElements.enumerated() {
      if let value = key.resolve(in: element) { oldIndex[value] = index }
    }
    let newToOld = newElements.map { element in
      key.resolve(in: element).flatMap { oldIndex[$0] }.map(Int32.init) ?? -1
    }
    var updated = Set<Int>()
    for change in changes where change.path.count > array.count + 1 {
      if let index = Int(String(decoding: change.path[array.count], as: UTF8.self)) {
        updated.insert(index)
      }
    }
    let diff = OrderedCollectionDiff(
      oldCount: oldElements.count, newCount: newElements.count, newToOld: newToOld,
      isEqual: { oldElement, newElement in !updated.contains(newElement) })
    let place = JSONPointer(tokens: base.tokens + relative.tokens)
    func at(_ index: Int) -> JSONPointer { place.appending(index: index) }
    func testKey(_ element: JSONValue, at pointer: JSONPointer) {
      guard guards, let value = key.resolve(in: element) else { return }
      append(.test(path: JSONPointer(tokens: pointer.tokens + key.tokens), value: value))
    }
    for step in diff.patchSteps(oldCount: oldElements.count, newCount: newElements.count) {
      switch step {
      case .delete(let position, let element):
        if guards { append(.test(path: at(position), value: oldElements[element])) }
        append(.remove(path: at(position)))
      case .insert(let position, let element):
        append(.add(path: at(position), value: newElements[element]))
      case .move(let from, let to, let element, _):
        testKey(oldElements[element], at: at(from))
        append(.move(from: at(from), path: at(to)))
      case .update(let position, let element, let newElement):
        testKey(oldElements[element], at: at(position))
        let inner = changes.filter {
          $0.path.count > array.count + 1
            && $0.path[array.count] == Array(String(newElement).utf8)
        }
        appendKeyedChanges(
          inner, at: at(position), old: oldElements[element], new: newElements[newElement],
          offset: array.count + 1, rules: rules, guards: guards)
      }
    }
  }
}
