extension JSONValue {
  /// A total order on JSON values that agrees with JSON equality, for
  /// sorting records by key: `null` < `false` < `true` < numbers (by
  /// value) < strings (by code point) < arrays (element by element) <
  /// objects (by their members sorted by name).
  ///
  /// - Returns: whether `self` comes before `other`.
  public func precedes(_ other: JSONValue) -> Bool {
    JSONValue.compare(self, other) < 0
  }

  /// -1, 0 or 1 as `a` comes before, equals or comes after `b`.
  static func compare(_ a: JSONValue, _ b: JSONValue) -> Int {
    let (rankA, rankB) = (a.rank, b.rank)
    guard rankA == rankB else { return rankA < rankB ? -1 : 1 }
    switch (a, b) {
    case (.number(let x), .number(let y)):
      return CanonicalDecimal.compare(x.canonical, y.canonical)
    case (.string(let x), .string(let y)):
      return x.value.lexicographicallyPrecedes(y.value) ? -1 : (x.value == y.value ? 0 : 1)
    case (.array(let x), .array(let y)):
      for (left, right) in zip(x, y) {
        let order = compare(left, right)
        if order != 0 { return order }
      }
      return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    case (.object(let x), .object(let y)):
      let left = x.effectiveMembers.sorted {
        $0.name.value.lexicographicallyPrecedes($1.name.value)
      }
      let right = y.effectiveMembers.sorted {
        $0.name.value.lexicographicallyPrecedes($1.name.value)
      }
      for (l, r) in zip(left, right) {
        let names = compare(.string(l.name), .string(r.name))
        if names != 0 { return names }
        let values = compare(l.value, r.value)
        if values != 0 { return values }
      }
      return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    default:
      return 0
    }
  }

  private var rank: Int {
    switch self {
    case .null: 0
    case .bool(let value): value ? 2 : 1
    case .number: 3
    case .string: 4
    case .array: 5
    case .object: 6
    }
  }

  /// The value with the members of every object sorted by name (the last
  /// of duplicate names kept), for a canonical rendering.
  ///
  /// - Complexity: O(n log n) in the number of members.
  public func sortingMembers() -> JSONValue {
    switch self {
    case .array(let elements): return .array(elements.map { $0.sortingMembers() })
    case .object(let object):
      let members = object.effectiveMembers
        .sorted { $0.name.value.lexicographicallyPrecedes($1.name.value) }
        .map { JSONObject.Member(name: $0.name, value: $0.value.sortingMembers()) }
      return .object(JSONObject(members: members))
    default: return self
    }
  }
}

extension CanonicalDecimal {
  /// -1, 0 or 1 as `a` is below, equal to or above `b`.
  static func compare(_ a: CanonicalDecimal, _ b: CanonicalDecimal) -> Int {
    func sign(_ value: CanonicalDecimal) -> Int {
      value.digits.isEmpty ? 0 : (value.negative ? -1 : 1)
    }
    let (signA, signB) = (sign(a), sign(b))
    guard signA == signB else { return signA < signB ? -1 : 1 }
    guard signA != 0 else { return 0 }
    var magnitude: Int
    if a.exponent != b.exponent {
      magnitude = a.exponent < b.exponent ? -1 : 1
    } else if a.digits == b.digits {
      magnitude = 0
    } else {
      magnitude = a.digits.lexicographicallyPrecedes(b.digits) ? -1 : 1
    }
    return signA < 0 ? -magnitude : magnitude
  }
}
