import ColdiffFormats

/// A field of a record named so that BASE, OURS and THEIRS agree on it:
/// member names and array indices as they are, except that an element of
/// a keyed array (`--array-key`) is named by its key, since its index
/// differs from side to side (SPEC §8.2, §8.4).
///
/// Example: with `--array-key lines=sku`, `/lines/2/qty` in a record whose
/// third line has `"sku": "A-7"` is `lines`, `[A-7]`, `qty` on every side.
struct KeyedPath: Hashable {
  /// One step down from a value.
  enum Step: Hashable {
    /// A member name, or the index of an array that is not keyed.
    case token([UInt8])
    /// The element of a keyed array whose `field` is `key`.
    case element(key: JSONValue, field: JSONPointer)
  }

  /// The steps from the record down.
  let steps: [Step]

  /// A path of these steps.
  init(steps: [Step]) { self.steps = steps }

  /// The path of one side's change to a record.
  ///
  /// The indices in `change.path` are the side's (NEW's), except the last
  /// index of an element the side deleted, which is BASE's (OLD's), as
  /// ``ComparisonRules/keyedChanges(_:_:at:key:)`` writes them.
  ///
  /// - Parameters:
  ///   - change: the side's change, as its comparison with BASE found it.
  ///   - side: the side's record.
  ///   - base: BASE's record.
  ///   - rules: the rules that name the keyed arrays.
  init(_ change: FieldChange, side: JSONValue, base: JSONValue, rules: ComparisonRules) {
    var steps: [Step] = []
    var sideValue: JSONValue? = side
    var baseValue: JSONValue? = base
    let path = change.path
    for (depth, token) in path.enumerated() {
      if let arrayKey = rules.arrayKey(at: path[..<depth]),
        let index = JSONPointer.arrayIndex(token)
      {
        // A deleted element's own index is BASE's.
        let inBase =
          change.new == nil && change.old != nil && depth == path.count - 1
          && change.element?.depth == depth
        if case .array(let elements)? = inBase ? baseValue : sideValue, index < elements.count,
          let key = arrayKey.key.resolve(in: elements[index])
        {
          let step = Step.element(key: key, field: arrayKey.key)
          steps.append(step)
          sideValue = sideValue.flatMap { KeyedPath.child(of: $0, step) }
          baseValue = baseValue.flatMap { KeyedPath.child(of: $0, step) }
          continue
        }
      }
      steps.append(.token(token))
      sideValue = sideValue.flatMap { KeyedPath.child(of: $0, .token(token)) }
      baseValue = baseValue.flatMap { KeyedPath.child(of: $0, .token(token)) }
    }
    self.steps = steps
  }

  /// Whether this path is `other` or holds it.
  func isPrefix(of other: KeyedPath) -> Bool { other.steps.starts(with: steps) }

  /// The value at this path in `record`, or `nil` when it is not there.
  func resolve(in record: JSONValue) -> JSONValue? {
    var value = record
    for step in steps {
      guard let child = KeyedPath.child(of: value, step) else { return nil }
      value = child
    }
    return value
  }

  /// This path as a JSON Pointer into `record` (keyed elements at their
  /// index there), with the innermost keyed element named; `nil` when a
  /// keyed element is not in `record`.
  func pointer(in record: JSONValue) -> (pointer: JSONPointer, element: FieldChange.KeyedElement?)?
  {
    var tokens: [[UInt8]] = []
    var element: FieldChange.KeyedElement?
    var value: JSONValue? = record
    for step in steps {
      switch step {
      case .token(let token):
        tokens.append(token)
      case .element(let key, let field):
        guard case .array(let elements)? = value,
          let index = elements.firstIndex(where: { field.resolve(in: $0) == key })
        else { return nil }
        element = FieldChange.KeyedElement(key: key, depth: tokens.count)
        tokens.append(Array(String(index).utf8))
      }
      value = value.flatMap { KeyedPath.child(of: $0, step) }
    }
    return (JSONPointer(tokens: tokens), element)
  }

  /// The value one step down from `value`, or `nil`.
  private static func child(of value: JSONValue, _ step: Step) -> JSONValue? {
    switch (step, value) {
    case (.token(let token), .object(let object)):
      return object[token]
    case (.token(let token), .array(let elements)):
      guard let index = JSONPointer.arrayIndex(token), index < elements.count else { return nil }
      return elements[index]
    case (.element(let key, let field), .array(let elements)):
      return elements.first { field.resolve(in: $0) == key }
    default:
      return nil
    }
  }
}
