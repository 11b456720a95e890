import TestSupport

/// A random collection of records for property tests, and the edits that
/// turn it into another one, written as JSON, JSON Lines or CSV.
struct RandomCollection {
  /// A JSON value whose numbers keep the spelling they were made with.
  indirect enum Value: Equatable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([Value])
    case object([(String, Value)])

    static func == (lhs: Value, rhs: Value) -> Bool { lhs.json == rhs.json }

    /// The value as JSON text; strings escaped, `é` sometimes as
    /// `\u00e9` (equal to the plain letter).
    var json: String {
      switch self {
      case .string(let text): return Self.quote(text)
      case .number(let spelling): return spelling
      case .bool(let flag): return flag ? "true" : "false"
      case .null: return "null"
      case .array(let items): return "[" + items.map(\.json).joined(separator: ", ") + "]"
      case .object(let members):
        return "{" + members.map { Self.quote($0.0) + ": " + $0.1.json }.joined(separator: ", ")
          + "}"
      }
    }

    /// The value as a CSV field's text (strings as they are).
    var field: String {
      if case .string(let text) = self { return text }
      return json
    }

    private static func quote(_ text: String) -> String {
      var out = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "é": out += text.count % 2 == 0 ? "\\u00e9" : "é"
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out + "\""
    }
  }

  /// A record: its key and its members in writing order.
  struct Record {
    var key: Int
    var members: [(String, Value)]

    var value: Value { .object(members) }
  }

  /// The records in order.
  var records: [Record]

  /// The keys in order.
  var keys: [Int] { records.map(\.key) }

  /// As a JSON array, compact or one record a line.
  func jsonArray(onePerLine: Bool) -> String {
    let items = records.map(\.value.json)
    return onePerLine
      ? "[\n" + items.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
      : "[" + items.joined(separator: ",") + "]"
  }

  /// As JSON Lines.
  var jsonLines: String { records.map { $0.value.json + "\n" }.joined() }

  /// As CSV with the given columns (every record must be flat).
  func csv(columns: [String]) -> String {
    func quoted(_ text: String) -> String {
      guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
      return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    var lines = [columns.joined(separator: ",")]
    for record in records {
      let fields = columns.map { column in
        record.members.first { $0.0 == column }.map { quoted($0.1.field) } ?? ""
      }
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }
}

/// Draws random records and edits from a seeded generator.
struct RandomEditor {
  var generator: SeededGenerator
  /// Whether records are flat objects of strings (for CSV).
  let flat: Bool
  private var nextKey = 1

  init(seed: UInt64, flat: Bool) {
    generator = SeededGenerator(seed: seed)
    self.flat = flat
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

  mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

  mutating func text() -> String {
    let pieces = ["a", "b", "z", " ", ",", "\"", "é", "\n", "x1", "Zürich"]
    return (0..<int(0...4)).map { _ in pieces[int(0...pieces.count - 1)] }.joined()
  }

  /// A number spelled one of several equal ways, or a big integer.
  mutating func number() -> RandomCollection.Value {
    let whole = int(-3...40)
    switch int(0...5) {
    case 0: return .number("\(whole).0")
    case 1: return .number("\(whole)e0")
    case 2: return .number("\(whole * 10)e-1")
    case 3: return .number("9007199254740\(int(990...999))")
    default: return .number("\(whole)")
    }
  }

  mutating func scalar() -> RandomCollection.Value {
    if flat { return .string(text()) }
    switch int(0...4) {
    case 0: return .string(text())
    case 1, 2: return number()
    case 3: return .bool(chance(50))
    default: return .null
    }
  }

  mutating func nested() -> RandomCollection.Value {
    .object([
      ("x", scalar()), ("tags", .array((0..<int(0...2)).map { _ in .string(text()) })),
    ])
  }

  /// A new record with a fresh key.
  mutating func record() -> RandomCollection.Record {
    let key = nextKey
    nextKey += 1
    let id: RandomCollection.Value = flat ? .string("\(key)") : .number("\(key)")
    var members: [(String, RandomCollection.Value)] = [("id", id), ("name", .string(text()))]
    members.append(("n", flat ? .string("\(int(0...9))") : number()))
    if !flat { members.append(("nested", nested())) }
    return RandomCollection.Record(key: key, members: members)
  }

  /// A collection of up to `count` records.
  mutating func collection(upTo count: Int) -> RandomCollection {
    RandomCollection(records: (0..<int(0...count)).map { _ in record() })
  }

  /// `old` after random deletes, updates, inserts and moves.
  mutating func edit(_ old: RandomCollection) -> RandomCollection {
    var records = old.records
    for _ in 0..<int(0...3) where !records.isEmpty {
      records.remove(at: int(0...records.count - 1))
    }
    for index in records.indices where chance(30) {
      records[index] = update(records[index])
    }
    for _ in 0..<int(0...3) {
      records.insert(record(), at: int(0...records.count))
    }
    for _ in 0..<int(0...3) where records.count > 1 {
      let moved = records.remove(at: int(0...records.count - 1))
      records.insert(moved, at: int(0...records.count))
    }
    return RandomCollection(records: records)
  }

  private mutating func update(_ record: RandomCollection.Record) -> RandomCollection.Record {
    var record = record
    switch int(0...4) {
    case 0: record.members[1].1 = .string(text() + "!")
    case 1: record.members[2].1 = flat ? .string("\(int(10...99))") : number()
    case 2 where !flat: record.members[3].1 = nested()
    case 3 where !flat: record.members.append(("extra", scalar()))
    case 4 where !flat: record.members.remove(at: 2)
    default: record.members.reverse()
    }
    return record
  }
}

/// The length of a longest strictly increasing subsequence (patience
/// sorting), for the minimal move count: matched − LIS.
func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}
