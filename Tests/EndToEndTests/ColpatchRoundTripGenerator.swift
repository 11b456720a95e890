import TestSupport

/// Makes random records and a random NEW from an OLD for the round-trip
/// property test: nested objects, unicode, numbers like `1.50`, `1e3` and
/// big integers, with no two texts of one scalar value (so a record that
/// did not change is also byte-equal, and whole-value identities never
/// collide by accident).
struct ColpatchRoundTripGenerator {
  var random: SeededGenerator
  private var nextSerial = 0

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  /// Distinct values, each with one text.
  static let numbers = [
    "1.50", "1e3", "-0.25", "123456789012345678901234567890", "7", "0", "2.5E-3", "-12",
    "9007199254740993",
  ]
  static let strings = [
    "\"plain\"", "\"caf\\u00e9\"", "\"日本語\"", "\"emoji 😀\"", "\"tab\\there\"",
    "\"quote \\\" inside\"", "\"back\\\\slash\"", "\"\"", "\"\\ud83d\\ude00 pair\"", "\"ünïcödé\"",
  ]
  static let fieldNames = ["name", "price", "tags", "meta", "note", "ü-field"]
  static let nestedNames = ["a", "b", "c", "ß"]
  static let csvTexts = [
    "plain", "a, b", "say \"hi\"", "line1\nline2", "é日本", "", "1.50", " spaced ", "x\ty", "1e3",
  ]

  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &random) < probability
  }
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

  /// A serial number not used before in this generator.
  mutating func serial() -> Int {
    nextSerial += 1
    return nextSerial
  }

  /// A random scalar or (below `depth` 2) a nested object or array.
  mutating func value(depth: Int = 0) -> ColpatchGenValue {
    switch int(0...(depth < 2 ? 9 : 6)) {
    case 0...2: return .scalar(pick(Self.numbers))
    case 3...4: return .scalar(pick(Self.strings))
    case 5: return .scalar(pick(["true", "false"]))
    case 6: return .scalar("null")
    case 7...8:
      var members: [ColpatchGenMember] = []
      for name in Self.nestedNames where chance(0.5) {
        members.append(ColpatchGenMember(name: name, value: value(depth: depth + 1)))
      }
      return .object(members)
    default:
      return .array((0..<int(0...3)).map { _ in value(depth: depth + 1) })
    }
  }

  /// A record: `identity` first (`"id": 7`, `"sku": "S7"`, or a unique
  /// `"serial"` for whole-value identity), then some fields.
  mutating func record(identity: String) -> ColpatchGenValue {
    let number = serial()
    let key: ColpatchGenValue = identity == "sku" ? .scalar("\"S\(number)\"") : .scalar("\(number)")
    var members = [ColpatchGenMember(name: identity, value: key)]
    for name in Self.fieldNames where chance(0.45) {
      members.append(ColpatchGenMember(name: name, value: value()))
    }
    return .object(members)
  }

  /// A value whose JSON value differs from `old`.
  mutating func different(from old: ColpatchGenValue, depth: Int) -> ColpatchGenValue {
    let oldValue = old.json
    for _ in 0..<20 {
      let candidate = value(depth: depth)
      if candidate.json != oldValue { return candidate }
    }
    return .scalar("\"changed \(serial())\"")
  }

  /// `record` with one field changed, added (at the end) or removed,
  /// possibly inside a nested object; the member `identity` is kept.
  mutating func mutated(_ record: ColpatchGenValue, keeping identity: String?) -> ColpatchGenValue {
    guard var members = record.members else { return different(from: record, depth: 0) }
    let editable = members.indices.filter { members[$0].name != identity }
    switch int(0...3) {
    case 0 where !editable.isEmpty:
      members.remove(at: pick(editable))
    case 1 where !editable.isEmpty:
      let index = pick(editable)
      if let nested = members[index].value.members, !nested.isEmpty, chance(0.6) {
        var inner = nested
        let position = int(0...(inner.count - 1))
        inner[position].value = different(from: inner[position].value, depth: 1)
        members[index].value = .object(inner)
      } else {
        members[index].value = different(from: members[index].value, depth: 0)
      }
    default:
      let unused = Self.fieldNames.filter { name in !members.contains { $0.name == name } }
      let name = unused.isEmpty ? "extra\(serial())" : pick(unused)
      members.append(ColpatchGenMember(name: name, value: value()))
    }
    return .object(members)
  }

  /// A NEW list from OLD: some records deleted, some changed, some
  /// inserted at random places, and (when `moves`) some moved.
  mutating func evolve(
    _ old: [ColpatchGenValue], identity: String?, moves: Bool,
    make: (inout ColpatchRoundTripGenerator) -> ColpatchGenValue
  ) -> [ColpatchGenValue] {
    var records = old.filter { _ in !chance(0.2) }
    for index in records.indices where chance(0.3) {
      records[index] = mutated(records[index], keeping: identity)
    }
    for _ in 0..<int(0...4) where records.count < 30 {
      records.insert(make(&self), at: int(0...records.count))
    }
    if moves {
      for _ in 0..<int(0...3) where records.count > 1 {
        let record = records.remove(at: int(0...(records.count - 1)))
        records.insert(record, at: int(0...records.count))
      }
    }
    return records
  }
}
