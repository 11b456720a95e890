import ColdiffFormats

/// The rules that decide what is compared and how, beyond plain JSON
/// equality (SPEC §8.2): the `--ignore` patterns, the `--compare` rules
/// and the `--root` of the collection. A diff document records them
/// (`"rules"`), so colpatch checks old values the same way.
///
/// Identity is not touched by `--compare`: a whole-value identity leaves
/// ignored fields out, but compares the rest by JSON equality (a
/// tolerance is not an equivalence that keys could be hashed by).
package struct ComparisonRules: Hashable, Sendable {
  /// The fields and patterns left out of equality, in the order given.
  package var ignore: [FieldPattern]
  /// The comparison rules, in the order given.
  package var compare: [FieldRule]
  /// The arrays inside records that are keyed collections
  /// (`--array-key`).
  package var arrayKeys: [ArrayKey]
  /// Where the collection lies in each JSON document (`--root`).
  package var root: JSONPointer?

  /// Creates rules; no argument means plain JSON equality.
  package init(
    ignore: [FieldPattern] = [], compare: [FieldRule] = [], arrayKeys: [ArrayKey] = [],
    root: JSONPointer? = nil
  ) {
    self.ignore = ignore
    self.compare = compare
    self.arrayKeys = arrayKeys
    self.root = root
  }

  /// Whether records compare by plain JSON equality.
  package var isEmpty: Bool { ignore.isEmpty && compare.isEmpty && arrayKeys.isEmpty }

  /// The keyed array rule of the field at `path`, if any.
  package func arrayKey<Path: RandomAccessCollection<[UInt8]>>(at path: Path) -> ArrayKey?
  where Path.Index == Int {
    arrayKeys.first { $0.field.matches(path) }
  }

  /// Whether there is no rule at all to record (equality plain, no root).
  package var isNone: Bool { isEmpty && root == nil }

  /// Whether the field at `path` is ignored: a pattern matches it or a
  /// field holding it.
  package func isIgnored(_ path: [[UInt8]]) -> Bool {
    guard !ignore.isEmpty else { return false }
    for length in 1...max(1, path.count) where length <= path.count {
      let prefix = path[..<length]
      if ignore.contains(where: { $0.matches(prefix) }) { return true }
    }
    return false
  }

  /// The rules of the patterns that match the field at `path` exactly.
  func rules(at path: ArraySlice<[UInt8]>) -> RuleSet {
    var set = RuleSet()
    for rule in compare where rule.pattern.matches(path) { set.add(rule.rules) }
    return set
  }

  /// The rules in force at `path`: those of the field and of every field
  /// holding it.
  func inheritedRules(at path: [[UInt8]]) -> RuleSet {
    var set = RuleSet()
    for length in 0...path.count {
      for rule in compare where rule.pattern.matches(path[..<length]) { set.add(rule.rules) }
    }
    return set
  }
}
