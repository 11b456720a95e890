import ColdiffFormats
import Foundation
import TestSupport

/// Random collections for the engine's property tests: an OLD list of
/// keyed records and a NEW one made from it by random deletes, inserts,
/// updates and moves, written in each input form.
struct RandomCollections {
  var generator: SeededGenerator
  private var nextId = 0

  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  /// A record with key `id` and a few random fields (strings only, so
  /// that every form, CSV too, holds it as it is).
  mutating func record(id: Int) -> [(String, String)] {
    var fields = [("id", "r\(id)")]
    for name in ["name", "size", "note"] where Int.random(in: 0..<4, using: &generator) > 0 {
      fields.append((name, "\(name)-\(Int.random(in: 0..<5, using: &generator))"))
    }
    return fields
  }

  /// OLD and NEW: `count` records, then random edits of about a third of
  /// them.
  mutating func pair(count: Int) -> (old: [[(String, String)]], new: [[(String, String)]]) {
    let old = (0..<count).map { record(id: $0) }
    nextId = count
    var new = old
    for _ in 0..<max(1, count / 3) {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0 where !new.isEmpty:
        new.remove(at: Int.random(in: 0..<new.count, using: &generator))
      case 1:
        new.insert(record(id: nextId), at: Int.random(in: 0...new.count, using: &generator))
        nextId += 1
      case 2 where !new.isEmpty:
        let position = Int.random(in: 0..<new.count, using: &generator)
        let id = Int(new[position][0].1.dropFirst())!
        new[position] = record(id: id)
      case 3 where new.count > 1:
        let moved = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
        new.insert(moved, at: Int.random(in: 0...new.count, using: &generator))
      default: break
      }
    }
    return (old, new)
  }

  /// The records as a JSON array, as JSON Lines or as CSV (every column
  /// of the union, empty where a record has no such field).
  static func text(_ records: [[(String, String)]], form: String) -> String {
    func object(_ fields: [(String, String)]) -> String {
      "{" + fields.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ") + "}"
    }
    switch form {
    case "json": return "[\n" + records.map { "  " + object($0) }.joined(separator: ",\n") + "\n]\n"
    case "jsonl": return records.map { object($0) + "\n" }.joined()
    default:
      let columns = ["id", "name", "size", "note"]
      let rows = records.map { fields in
        columns.map { column in fields.first { $0.0 == column }?.1 ?? "" }.joined(separator: ",")
      }
      return ([columns.joined(separator: ",")] + rows).map { $0 + "\n" }.joined()
    }
  }
}
