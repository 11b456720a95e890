/// One changed leaf of an updated record: where it is, what it was, what
/// it became.
///
/// `changes[].path` goes down through objects to the changed leaves; an
/// array inside a record is one value, reported whole (SPEC §7.4).
public struct FieldChange: Equatable, Sendable {
  /// The member names from the record down to the leaf (decoded UTF-8).
  public var path: [[UInt8]]
  /// The old value, or `nil` for an added field.
  public var old: JSONValue?
  /// The new value, or `nil` for a removed field.
  public var new: JSONValue?
  /// The element of a keyed array (`--array-key`) the change is in or
  /// of, `nil` for any other change.
  public var element: KeyedElement?

  /// Where a change lies in an array whose elements are matched by key
  /// (SPEC §8.2 `--array-key`): an element inserted (only `new`), deleted
  /// (only `old`), moved (neither, and `from`), or a field of a matched
  /// element changed.
  public struct KeyedElement: Equatable, Sendable {
    /// The element's key.
    public var key: JSONValue
    /// Which segment of the change's path is the element's index.
    public var depth: Int
    /// For a move, the element's path in OLD (the change's path is its
    /// path in NEW).
    public var from: [[UInt8]]?

    /// Creates the place of a change in a keyed array.
    public init(key: JSONValue, depth: Int, from: [[UInt8]]? = nil) {
      self.key = key
      self.depth = depth
      self.from = from
    }
  }

  /// For a member that is added (`old` is `nil`), the member before it
  /// in NEW's object; for one that is removed (`new` is `nil`), the one
  /// before it in OLD's; `.null` when first; `nil` for a changed value
  /// (SPEC §8.1.4). Names the place where apply and reverse put it.
  public var after: DiffDocument.Reference?

  /// Creates a change.
  public init(
    path: [[UInt8]], old: JSONValue?, new: JSONValue?, element: KeyedElement? = nil,
    after: DiffDocument.Reference? = nil
  ) {
    self.path = path
    self.old = old
    self.new = new
    self.element = element
    self.after = after
  }

  /// The `after` of the member at `offset` of `members`: the name of the
  /// member before it, or `.null` for the first.
  static func after(_ offset: Int, in members: [JSONObject.Member]) -> DiffDocument.Reference {
    offset == 0 ? .null : .key(.string(members[offset - 1].name))
  }

  /// The changes that turn `old` into `new`, going down through objects:
  /// first the members of `old` in their order (changed or removed), then
  /// the members only `new` has, in its order. Values that are not both
  /// objects are compared whole.
  ///
  /// - Parameters:
  ///   - old: the record as it was.
  ///   - new: the record as it is.
  ///   - prefix: the path of `old` and `new` inside the record.
  /// - Returns: the changes, empty when the values are equal.
  /// - Complexity: O(size of the values) for objects of a few members;
  ///   members are looked up linearly.
  public static func between(
    _ old: JSONValue, _ new: JSONValue, at prefix: [[UInt8]] = []
  ) -> [FieldChange] {
    guard case .object(let oldObject) = old, case .object(let newObject) = new else {
      return old == new ? [] : [FieldChange(path: prefix, old: old, new: new)]
    }
    var changes: [FieldChange] = []
    let oldMembers = oldObject.effectiveMembers
    let newMembers = newObject.effectiveMembers
    // Members mostly keep their places: look there first.
    for (offset, member) in oldMembers.enumerated() {
      let partner =
        offset < newMembers.count && newMembers[offset].name == member.name
        ? newMembers[offset] : newMembers.first(where: { $0.name == member.name })
      guard let partner else {
        changes.append(
          FieldChange(
            path: prefix + [member.name.value], old: member.value, new: nil,
            after: after(offset, in: oldMembers)))
        continue
      }
      switch (member.value, partner.value) {
      case (.object, .object):
        changes += between(member.value, partner.value, at: prefix + [member.name.value])
      default:
        if member.value != partner.value {
          changes.append(
            FieldChange(
              path: prefix + [member.name.value], old: member.value, new: partner.value))
        }
      }
    }
    for (offset, member) in newMembers.enumerated() {
      if offset < oldMembers.count && oldMembers[offset].name == member.name { continue }
      if oldMembers.contains(where: { $0.name == member.name }) { continue }
      changes.append(
        FieldChange(
          path: prefix + [member.name.value], old: nil, new: member.value,
          after: after(offset, in: newMembers)))
    }
    return changes
  }
}
