extension FieldChange {
  /// The changes between two validated JSON texts, as
  /// ``between(_:_:at:)`` finds them between their values, building values
  /// only for the members whose bytes differ.
  ///
  /// Two objects are compared member by member: a member whose value has
  /// the same bytes on both sides is unchanged without being read, one
  /// that is an object on both sides is compared the same way, and only
  /// the others are parsed and compared as values. Anything else (not
  /// two objects, a member name with an escape, a name written twice) is
  /// parsed whole and compared by ``between(_:_:at:)``, so the result is
  /// always the same as comparing the parsed values.
  ///
  /// - Parameters:
  ///   - old: the buffer holding the old text.
  ///   - oldRange: the old value's bytes (validated JSON).
  ///   - new: the buffer holding the new text.
  ///   - newRange: the new value's bytes (validated JSON).
  /// - Returns: the changes, in the order of ``between(_:_:at:)``.
  /// - Complexity: O(size of both texts + m²) for m members, plus the cost
  ///   of parsing the members that differ.
  public static func between(
    _ old: UnsafeBufferPointer<UInt8>, _ oldRange: Range<Int>,
    _ new: UnsafeBufferPointer<UInt8>, _ newRange: Range<Int>
  ) -> [FieldChange] {
    var changes: [FieldChange] = []
    between(old, oldRange, new, newRange, at: [], into: &changes)
    return changes
  }

  /// Appends the changes between two validated JSON texts at `prefix`,
  /// as ``between(_:_:at:)`` finds them between their values: two
  /// objects member by member, a member that is an object on both sides
  /// in the same way (its members' values read only where their bytes
  /// differ), anything else parsed.
  private static func between(
    _ old: UnsafeBufferPointer<UInt8>, _ oldRange: Range<Int>,
    _ new: UnsafeBufferPointer<UInt8>, _ newRange: Range<Int>, at prefix: [[UInt8]],
    into changes: inout [FieldChange]
  ) {
    guard let oldMembers = TopMembers(old, oldRange), let newMembers = TopMembers(new, newRange)
    else {
      changes += between(parse(old, oldRange), parse(new, newRange), at: prefix)
      return
    }
    for (offset, member) in oldMembers.members.enumerated() {
      let partner =
        offset < newMembers.members.count
          && oldMembers.sameName(member, newMembers, newMembers.members[offset])
        ? newMembers.members[offset]
        : newMembers.members.first { oldMembers.sameName(member, newMembers, $0) }
      guard let partner else {
        changes.append(
          FieldChange(
            path: prefix + [oldMembers.name(member)], old: parse(old, member.value), new: nil,
            after: oldMembers.after(offset)))
        continue
      }
      if old.sameBytes(member.value, as: new, partner.value) { continue }
      let path = prefix + [oldMembers.name(member)]
      if old[member.value.lowerBound] == UInt8(ascii: "{"),
        new[partner.value.lowerBound] == UInt8(ascii: "{")
      {
        between(old, member.value, new, partner.value, at: path, into: &changes)
        continue
      }
      let (oldValue, newValue) = (parse(old, member.value), parse(new, partner.value))
      if oldValue != newValue {
        // As `between(_:_:at:)` gives it, without its array of one.
        changes.append(FieldChange(path: path, old: oldValue, new: newValue))
      }
    }
    for (offset, member) in newMembers.members.enumerated() {
      if offset < oldMembers.members.count,
        newMembers.sameName(member, oldMembers, oldMembers.members[offset])
      {
        continue
      }
      if oldMembers.members.contains(where: { newMembers.sameName(member, oldMembers, $0) }) {
        continue
      }
      changes.append(
        FieldChange(
          path: prefix + [newMembers.name(member)], old: nil, new: parse(new, member.value),
          after: newMembers.after(offset)))
    }
  }

  /// The value of validated JSON text: a scalar made from its bytes as
  /// the reader makes it (a string's raw text its value when it holds no
  /// escape, a number's text as written), anything else read.
  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> JSONValue
  {
    switch bytes[range.lowerBound] {
    case UInt8(ascii: "\""):
      let raw = Array(bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
      if !raw.contains(UInt8(ascii: "\\")) { return .string(JSONString(raw: raw, value: raw)) }
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(JSONNumber(text: Array(bytes[range])))
    case UInt8(ascii: "t"): return .bool(true)
    case UInt8(ascii: "f"): return .bool(false)
    case UInt8(ascii: "n"): return .null
    default: break
    }
    do {
      return try JSONReader.parseValue(in: bytes, range: range)
    } catch {
      preconditionFailure("validated JSON did not parse: \(error)")
    }
  }
}

/// The members of a validated JSON object, as byte ranges, when their
/// names can be compared as bytes: no name holds an escape and none is
/// written twice.
private struct TopMembers {
  /// A member: its name between the quotes, and its value; and its
  /// name's length and first bytes as one word, which two names that
  /// differ mostly differ in (compared before their bytes).
  struct Member {
    let name: Range<Int>
    let value: Range<Int>
    let nameWord: UInt64

    init(name: Range<Int>, value: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
      (self.name, self.value) = (name, value)
      // The length in the top byte, up to seven bytes of the name below:
      // one load of eight when they are in the buffer (a name is followed
      // by its quote, `:` and a value), else a byte at a time.
      let kept = min(name.count, 7)
      var word: UInt64 = 0
      if name.lowerBound &+ 8 <= bytes.count, let base = bytes.baseAddress {
        let loaded = UnsafeRawPointer(base + name.lowerBound).loadUnaligned(as: UInt64.self)
        word = UInt64(littleEndian: loaded) & ((1 &<< UInt64(8 &* kept)) &- 1)
      } else {
        for offset in 0..<kept {
          word |= UInt64(bytes[name.lowerBound &+ offset]) &<< UInt64(8 &* offset)
        }
      }
      nameWord = word | UInt64(truncatingIfNeeded: name.count) &<< 56
    }

    /// Whether this member, in `bytes`, and `other`, in `otherBytes`,
    /// have the same name: the same word, which holds the whole of a
    /// name of up to seven bytes (most names), and for a longer one the
    /// same bytes.
    @inline(__always)
    func sameName(
      _ other: Member, _ bytes: UnsafeBufferPointer<UInt8>, _ otherBytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
      nameWord == other.nameWord
        && (name.count <= 7 || bytes.sameBytes(name, as: otherBytes, other.name))
    }
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let members: [Member]

  /// How many members to make room for at once.
  static let expectedCount = 32

  /// Splits the object at `range`, or `nil` when the text is not an
  /// object or its names need decoding or repeat.
  init?(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    guard !range.isEmpty, bytes[range.lowerBound] == UInt8(ascii: "{") else { return nil }
    // Room for a record's members at once (a changed record is split for
    // each comparison; growing the array member by member cost more than
    // reading the members).
    var members: [Member] = []
    members.reserveCapacity(TopMembers.expectedCount)
    var plain = true
    ValidatedJSON(bytes).forEachMember(object: range.lowerBound) { name, value, escaped in
      let member = Member(name: name, value: value, in: bytes)
      // A name with an escape or written before stops the split (the
      // names before compared by their words first, `sameName`).
      plain =
        !escaped
        && !members.withUnsafeBufferPointer { earlier in
          earlier.contains { $0.sameName(member, bytes, bytes) }
        }
      if plain { members.append(member) }
      return plain
    }
    guard plain else { return nil }
    self.bytes = bytes
    self.members = members
  }

  /// A member's name (raw bytes, which are its value: no escapes).
  func name(_ member: Member) -> [UInt8] {
    Array(UnsafeBufferPointer(rebasing: bytes[member.name]))
  }

  /// Whether `member` of these members and `other` of `them` have the
  /// same name.
  /// The name of the member before the one at `offset`, `.null` for the
  /// first (names have no escapes).
  func after(_ offset: Int) -> DiffDocument.Reference {
    guard offset > 0 else { return .null }
    let name = self.name(members[offset - 1])
    return .key(.string(JSONString(raw: name, value: name)))
  }

  func sameName(_ member: Member, _ them: TopMembers, _ other: Member) -> Bool {
    member.sameName(other, bytes, them.bytes)
  }
}
