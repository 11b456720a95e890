import ColdiffFormats

extension ComparisonRules {
  /// The changes of JSON equality that remain under these rules: a change
  /// at an ignored field goes, ignored fields inside a changed value are
  /// taken out of it, a change whose values are equal under the rules in
  /// force goes, and a keyed array (`--array-key`) becomes the changes of
  /// its elements (see `keyedChanges`).
  ///
  /// The changes go down through objects to the changed leaves, so what
  /// they leave out is exactly what comparing under the rules leaves out.
  ///
  /// - Parameter changes: the changes between two records by JSON
  ///   equality (``FieldChange/between(_:_:at:)``).
  /// - Returns: the changes that count.
  /// - Throws: `ArrayKeyError` for an element of a keyed array without its
  ///   key, or a key twice in one array.
  /// - Complexity: O(c × p) pattern matches for c changes of depth p, plus
  ///   the size of the values changed.
  package func filter(_ changes: [FieldChange]) throws(ArrayKeyError) -> [FieldChange] {
    guard !isEmpty else { return changes }
    var kept: [FieldChange] = []
    for var change in changes where !isIgnored(change.path) {
      if case .array(let old)? = change.old, case .array(let new)? = change.new,
        let arrayKey = arrayKey(at: change.path)
      {
        kept += try keyedChanges(old, new, at: change.path, key: arrayKey.key)
        continue
      }
      if !ignore.isEmpty {
        change.old = change.old.map { removingIgnored(from: $0, at: change.path) }
        change.new = change.new.map { removingIgnored(from: $0, at: change.path) }
      }
      if let old = change.old, let new = change.new {
        if compare.isEmpty ? old == new : equal(old, new, at: change.path) { continue }
      }
      kept.append(change)
    }
    return kept
  }

  /// `value`, the field at `path`, without the ignored fields inside it
  /// (members, or elements of arrays).
  package func removingIgnored(from value: JSONValue, at path: [[UInt8]]) -> JSONValue {
    switch value {
    case .object(var object):
      object.members.removeAll { isIgnoredHere(path + [$0.name.value]) }
      for index in object.members.indices {
        object.members[index].value = removingIgnored(
          from: object.members[index].value, at: path + [object.members[index].name.value])
      }
      return .object(object)
    case .array(let elements):
      var kept: [JSONValue] = []
      for (index, element) in elements.enumerated() {
        let elementPath = path + [Array(String(index).utf8)]
        if isIgnoredHere(elementPath) { continue }
        kept.append(removingIgnored(from: element, at: elementPath))
      }
      return .array(kept)
    default:
      return value
    }
  }

  /// Whether a pattern matches `path` itself (its holders were checked on
  /// the way down).
  private func isIgnoredHere(_ path: [[UInt8]]) -> Bool {
    ignore.contains { $0.matches(path) }
  }

  /// Whether two values of the field at `path` are equal under the rules
  /// in force there and at the fields inside them.
  package func equal(_ old: JSONValue, _ new: JSONValue, at path: [[UInt8]]) -> Bool {
    equal(old, new, at: path, rules: inheritedRules(at: path))
  }

  private func equal(_ old: JSONValue, _ new: JSONValue, at path: [[UInt8]], rules: RuleSet)
    -> Bool
  {
    switch (old, new) {
    case (.object(let a), .object(let b)):
      let (left, right) = (a.effectiveMembers, b.effectiveMembers)
      guard left.count == right.count else { return false }
      for member in left {
        guard let partner = right.first(where: { $0.name == member.name }) else { return false }
        let inner = path + [member.name.value]
        var innerRules = rules
        innerRules.add(self.rules(at: inner[...]))
        guard equal(member.value, partner.value, at: inner, rules: innerRules) else {
          return false
        }
      }
      return true
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return false }
      for index in a.indices {
        let inner = path + [Array(String(index).utf8)]
        var innerRules = rules
        innerRules.add(self.rules(at: inner[...]))
        guard equal(a[index], b[index], at: inner, rules: innerRules) else { return false }
      }
      return true
    default:
      return rules.isEmpty ? old == new : rules.equal(old, new)
    }
  }
}
