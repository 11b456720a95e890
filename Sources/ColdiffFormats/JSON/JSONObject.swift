/// The members of a JSON object, in their written order.
///
/// Duplicate member names are kept as written (so the object writes back
/// byte for byte), but for lookup and equality the last member of a name
/// wins, as in JavaScript and `jq`.
public struct JSONObject: Sendable {
  /// One `name: value` pair.
  public struct Member: Sendable {
    /// The member's name.
    public var name: JSONString
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(name: JSONString, value: JSONValue) {
      self.name = name
      self.value = value
    }
  }

  /// The members in written order, duplicates included.
  public var members: [Member]

  /// Creates an object from its members.
  public init(members: [Member] = []) {
    self.members = members
  }

  /// The index of the member that lookups see for `name` (the last one),
  /// or `nil`.
  ///
  /// - Complexity: O(m) for m members.
  public func index(of name: [UInt8]) -> Int? {
    members.lastIndex { $0.name.value == name }
  }

  /// The value of the member `name` (the last one of that name), or `nil`.
  public subscript(name: [UInt8]) -> JSONValue? {
    index(of: name).map { members[$0].value }
  }

  /// The value of the member `name`, or `nil`.
  public subscript(name: String) -> JSONValue? {
    self[Array(name.utf8)]
  }

  /// The members that lookups see: the last of each name, in the order of
  /// their first appearance.
  public var effectiveMembers: [Member] {
    guard members.count > 1, hasDuplicateNames else { return members }
    var result: [Member] = []
    var position: [[UInt8]: Int] = [:]
    for member in members {
      if let index = position[member.name.value] {
        result[index].value = member.value
      } else {
        position[member.name.value] = result.count
        result.append(member)
      }
    }
    return result
  }

  /// Whether two members have the same name: pairwise for the few
  /// members most records have (no hashing), through a set beyond.
  private var hasDuplicateNames: Bool {
    if members.count <= 16 {
      for later in 1..<members.count {
        let name = members[later].name.value
        for earlier in 0..<later where members[earlier].name.value == name { return true }
      }
      return false
    }
    var seen = Set<[UInt8]>()
    for member in members where !seen.insert(member.name.value).inserted { return true }
    return false
  }

}

extension JSONObject: Hashable {
  /// Objects are equal when they have the same names (last one wins) with
  /// equal values, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    JSONValue.object(lhs) == JSONValue.object(rhs)
  }

  /// Hashes the effective members independently of their order.
  public func hash(into hasher: inout Hasher) {
    JSONValue.object(self).hash(into: &hasher, levels: JSONValue.hashedLevels)
  }
}
