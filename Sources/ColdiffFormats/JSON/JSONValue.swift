/// A JSON value that keeps the original text of its numbers and strings.
///
/// Equality is JSON equality: object member order does not matter, numbers
/// compare as exact decimals (`1.0 == 1 == 1e0`), strings by their decoded
/// characters. Hashing agrees with that equality, so values can serve as
/// whole-value identities.
///
/// Records are kept as byte ranges of their input on the hot paths; a
/// `JSONValue` tree is built only for records that must be compared
/// structurally, changed or written anew.
public enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, with its original text.
  case number(JSONNumber)
  /// A string, with its original (escaped) text.
  case string(JSONString)
  /// An array.
  case array([JSONValue])
  /// An object, with its members in their original order.
  case object(JSONObject)
}

extension JSONValue: Hashable {
  /// JSON equality: see the type's documentation.
  ///
  /// - Complexity: O(n); nesting is followed with an explicit stack, so
  ///   deep values cannot overflow the thread's stack.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array, .array), (.object, .object): return containersEqual(lhs, rhs)
    default: return false
    }
  }

  /// Hashes the value consistently with JSON equality.
  ///
  /// Containers nested deeper than `hashedLevels` contribute only their
  /// kind and size, which keeps hashing consistent with equality and its
  /// recursion shallow.
  public func hash(into hasher: inout Hasher) {
    hash(into: &hasher, levels: JSONValue.hashedLevels)
  }

  /// How many levels of nesting `hash(into:)` looks into.
  static let hashedLevels = 16

  /// Hashes the value down to `levels` levels of nesting.
  func hash(into hasher: inout Hasher, levels: Int) {
    switch self {
    case .null: hasher.combine(0 as UInt8)
    case .bool(let value):
      hasher.combine(1 as UInt8)
      hasher.combine(value)
    case .number(let number):
      hasher.combine(2 as UInt8)
      hasher.combine(number)
    case .string(let string):
      hasher.combine(3 as UInt8)
      hasher.combine(string)
    case .array(let elements):
      hasher.combine(4 as UInt8)
      hasher.combine(elements.count)
      guard levels > 0 else { return }
      for element in elements { element.hash(into: &hasher, levels: levels - 1) }
    case .object(let object):
      hasher.combine(5 as UInt8)
      let members = object.effectiveMembers
      hasher.combine(members.count)
      guard levels > 0 else { return }
      var sum = 0
      for member in members {
        var memberHasher = Hasher()
        memberHasher.combine(member.name)
        member.value.hash(into: &memberHasher, levels: levels - 1)
        sum = sum &+ memberHasher.finalize()
      }
      hasher.combine(sum)
    }
  }

  /// Compares two containers, pair by pair, with an explicit stack.
  private static func containersEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    var pending = [(lhs, rhs)]
    while let (left, right) = pending.popLast() {
      switch (left, right) {
      case (.array(let a), .array(let b)):
        guard a.count == b.count else { return false }
        for index in a.indices { pending.append((a[index], b[index])) }
      case (.object(let a), .object(let b)):
        let leftMembers = a.effectiveMembers
        let rightMembers = b.effectiveMembers
        guard leftMembers.count == rightMembers.count else { return false }
        if leftMembers.count <= 8 {
          for member in leftMembers {
            guard let match = rightMembers.first(where: { $0.name == member.name }) else {
              return false
            }
            pending.append((member.value, match.value))
          }
        } else {
          var byName: [JSONString: JSONValue] = [:]
          for member in rightMembers { byName[member.name] = member.value }
          for member in leftMembers {
            guard let match = byName[member.name] else { return false }
            pending.append((member.value, match))
          }
        }
      case (.array, _), (.object, _), (_, .array), (_, .object): return false
      default: guard left == right else { return false }
      }
    }
    return true
  }
}

extension JSONValue {
  /// The members of an object value, or `nil` for any other kind.
  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The elements of an array value, or `nil` for any other kind.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}
