import ColdiffFormats

extension PatchTarget {
  /// Applies an update's changes to a record whose arrays the document's
  /// rules key (`--array-key`), by key, so they fit a target whose
  /// elements drifted: each keyed array's deleted elements are found by
  /// key and checked under the rules, moved ones taken out, then inserted
  /// and moved ones placed at their NEW index (clamped to the array);
  /// then each changed field of an element is found through its key.
  /// Other changes apply as ``apply(_:to:name:rules:)`` applies them.
  ///
  /// - Throws: `PatchConflict` naming the record and the element that
  ///   does not fit.
  static func applyKeyed(
    _ changes: [DiffDocument.Change], to record: inout JSONValue, name: () -> String,
    rules: ComparisonRules
  ) throws {
    // Element operations, grouped by their array, outer arrays first.
    var arrays: [JSONPointer] = []
    var elementChanges: [JSONPointer: [DiffDocument.Change]] = [:]
    var fieldChanges: [DiffDocument.Change] = []
    for change in changes {
      // An element's own change: its path ends at an index in a keyed
      // array (which an outer element placed first may only then hold).
      if change.key != nil, change.old == nil || change.new == nil,
        let parent = change.path.parent, rules.arrayKey(at: parent.tokens) != nil,
        let last = change.path.tokens.last, JSONPointer.arrayIndex(last) != nil
      {
        if elementChanges[parent] == nil { arrays.append(parent) }
        elementChanges[parent, default: []].append(change)
      } else {
        fieldChanges.append(change)
      }
    }
    for array in arrays {
      try applyElements(
        elementChanges[array] ?? [], in: array, of: &record, name: name, rules: rules)
    }
    for var change in fieldChanges {
      if let key = change.key {
        change.path = try elementPath(change.path, key, in: record, name, rules)
      }
      try apply(change, to: &record, name: name(), rules: rules)
    }
  }

  /// Deletes, moves and inserts the elements of one keyed array.
  private static func applyElements(
    _ changes: [DiffDocument.Change], in array: JSONPointer, of record: inout JSONValue,
    name: () -> String, rules: ComparisonRules
  ) throws {
    let field = ReportText.field(array.tokens)
    guard let keyField = rules.arrayKey(at: array.tokens)?.key else {
      preconditionFailure("grouped by keyed arrays of the rules")
    }
    guard case .array(var elements)? = array.resolve(in: record) else {
      throw PatchConflict(description: "\(name()): \(field) is not an array here")
    }
    func find(_ key: JSONValue) -> Int? {
      elements.firstIndex { keyField.resolve(in: $0) == key }
    }
    func conflict(_ key: JSONValue, _ why: String) -> PatchConflict {
      PatchConflict(description: "\(name()): \(field)[\(ReportText.key(key))] \(why)")
    }
    var placed: [(index: Int, element: JSONValue)] = []
    for change in changes {
      guard let key = change.key else { continue }
      let index = Int(String(decoding: change.path.tokens.last ?? [], as: UTF8.self)) ?? 0
      switch (change.old, change.new, change.from) {
      case (let old?, nil, nil):
        guard let found = find(key) else { throw conflict(key, "is not there") }
        let path = change.path.tokens
        guard
          old == elements[found]
            || rules.equal(
              rules.removingIgnored(from: old, at: path),
              rules.removingIgnored(from: elements[found], at: path), at: path)
        else { throw conflict(key, "differs from the element the diff deletes") }
        elements.remove(at: found)
      case (nil, nil, _?):
        guard let found = find(key) else { throw conflict(key, "is not there") }
        placed.append((index, elements.remove(at: found)))
      case (nil, let new?, nil):
        guard find(key) == nil else { throw conflict(key, "is already there") }
        placed.append((index, new))
      default:
        throw conflict(key, "has a change the diff document cannot hold")
      }
    }
    for (index, element) in placed.sorted(by: { $0.index < $1.index }) {
      elements.insert(element, at: min(index, elements.count))
    }
    do {
      try record.replace(at: array, with: .array(elements))
    } catch {
      throw PatchConflict(description: "\(name()): \(field): \(error.reason)")
    }
  }

  /// `path` with the index of the keyed array element keyed `key` (the
  /// innermost keyed array the path goes through) as it is in `record`.
  private static func elementPath(
    _ path: JSONPointer, _ key: JSONValue, in record: JSONValue, _ name: () -> String,
    _ rules: ComparisonRules
  ) throws -> JSONPointer {
    var tokens = path.tokens
    for end in stride(from: tokens.count - 1, through: 1, by: -1) {
      let array = JSONPointer(tokens: Array(tokens[..<end]))
      guard let keyField = rules.arrayKey(at: array.tokens)?.key,
        case .array(let elements)? = array.resolve(in: record)
      else { continue }
      guard let found = elements.firstIndex(where: { keyField.resolve(in: $0) == key }) else {
        throw PatchConflict(
          description: "\(name()): \(ReportText.field(array.tokens))[\(ReportText.key(key))] "
            + "is not there")
      }
      tokens[end] = Array(String(found).utf8)
      return JSONPointer(tokens: tokens)
    }
    return path
  }
}
