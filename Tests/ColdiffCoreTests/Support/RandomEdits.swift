import ColdiffCore
import TestSupport

/// Random pairs of collections for property tests.
enum RandomEdits {
  /// An old collection of 0..<maxCount records with unique ids and a new one
  /// made from it by random deletes, inserts, updates and moves.
  static func records(
    using generator: inout SeededGenerator, maxCount: Int = 40
  ) -> (old: [Record], new: [Record]) {
    let count = Int.random(in: 0...maxCount, using: &generator)
    var nextId = 0
    var old: [Record] = []
    for _ in 0..<count {
      old.append(Record(id: nextId, value: Int.random(in: 0..<4, using: &generator)))
      nextId += 1
    }
    var new = old
    let edits = Int.random(in: 0...max(1, count / 2), using: &generator)
    for _ in 0..<edits {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0 where !new.isEmpty:
        new.remove(at: Int.random(in: 0..<new.count, using: &generator))
      case 1:
        let record = Record(id: nextId, value: Int.random(in: 0..<4, using: &generator))
        nextId += 1
        new.insert(record, at: Int.random(in: 0...new.count, using: &generator))
      case 2 where !new.isEmpty:
        new[Int.random(in: 0..<new.count, using: &generator)].value += 1
      case 3 where !new.isEmpty:
        let record = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
        new.insert(record, at: Int.random(in: 0...new.count, using: &generator))
      default:
        break
      }
    }
    return (old, new)
  }

  /// `keys` after `edits` random edits, each a delete, an insert of
  /// `inserted(n)` for a random `n` below 2^30, or a move.
  static func editedKeys(
    _ keys: [String], edits: Int, seed: UInt64, inserted: (Int) -> String
  ) -> [String] {
    var generator = SeededGenerator(seed: seed)
    var edited = keys
    for _ in 0..<edits {
      let place = { (count: Int) in Int.random(in: 0..<max(count, 1), using: &generator) }
      switch Int.random(in: 0..<3, using: &generator) {
      case 0 where !edited.isEmpty: edited.remove(at: place(edited.count))
      case 1: edited.insert(inserted(place(1 << 30)), at: place(edited.count))
      default:
        guard !edited.isEmpty else { continue }
        edited.insert(edited.remove(at: place(edited.count)), at: place(edited.count))
      }
    }
    return edited
  }

  /// Two collections of small letters with many duplicates.
  static func letters(using generator: inout SeededGenerator, maxCount: Int = 40)
    -> (old: [Character], new: [Character])
  {
    let alphabet: [Character] = ["a", "b", "c", "d", "e"]
    func make(_ generator: inout SeededGenerator) -> [Character] {
      (0..<Int.random(in: 0...maxCount, using: &generator)).map { _ in
        alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
      }
    }
    let old = make(&generator)
    return (old, make(&generator))
  }

  /// A random sequential patch of `old` (positions valid when each runs).
  static func operations(
    on old: [Record], using generator: inout SeededGenerator
  ) -> [OrderedCollectionOperation<Record>] {
    var current = old
    var operations: [OrderedCollectionOperation<Record>] = []
    var nextId = 1000
    for _ in 0..<Int.random(in: 0...12, using: &generator) {
      let operation: OrderedCollectionOperation<Record>
      switch Int.random(in: 0..<4, using: &generator) {
      case 0 where !current.isEmpty:
        let at = Int.random(in: 0..<current.count, using: &generator)
        operation = .delete(current[at], at: at)
      case 2 where !current.isEmpty:
        let at = Int.random(in: 0..<current.count, using: &generator)
        var changed = current[at]
        changed.value += 1
        operation = .update(at: at, old: current[at], new: changed)
      case 3 where !current.isEmpty:
        let from = Int.random(in: 0..<current.count, using: &generator)
        operation = .move(from: from, to: Int.random(in: 0..<current.count, using: &generator))
      default:
        nextId += 1
        let at = Int.random(in: 0...current.count, using: &generator)
        operation = .insert(Record(id: nextId, value: 0), at: at)
      }
      current.apply(CollectionOfOne(operation))
      operations.append(operation)
    }
    return operations
  }
}
