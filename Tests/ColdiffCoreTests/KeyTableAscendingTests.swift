import TestSupport
import Testing

@testable import ColdiffCore

/// Keys that ascend are looked up in the arena through its samples
/// (`KeyTable+Ascending`) instead of a hash table: every key is found,
/// whatever its samples share, and no absent key is.
@Suite struct KeyTableAscendingTests {
  private func arena(_ keys: [[UInt8]], hashed: Bool = true) -> KeyArena {
    var arena = KeyArena()
    for key in keys { arena.append { $0 += key } }
    return hashed
      ? arena
      : arena.withUnsafeKeys { bytes, starts in
        KeyArena(unhashedBytes: Array(bytes), starts: Array(starts))
      }
  }

  private func bytes(_ keys: [String]) -> [[UInt8]] { keys.map { Array($0.utf8) } }

  /// Sorted sets of keys, byte by byte: numbered ids with a shared
  /// prefix, keys whose eight sampled bytes tie (all but the first and
  /// the last), keys that begin one another (and the empty key), bytes
  /// above 0x7F, one key and none; shorter keys first: numbers without
  /// leading zeros, with a prefix, and keys whose sampled bytes tie
  /// within each length.
  private static func sortedSet(_ name: String) -> (KeyOrder, [String]) {
    let tiedInLength = { (width: Int) in (0..<2000).map { "a123456789" + padded($0, to: width) } }
    return switch name {
    case "numbered ids": (.bytewise, (0..<5000).map { "C" + padded($0 * 2, to: 8) })
    case "tied samples":
      (.bytewise, ["0"] + (0..<3000).map { "a12345678-" + padded($0, to: 4) } + ["z"])
    case "prefixes": (.bytewise, ["", "a", "ab", "abc", "abd", "b", "ba", "bab", "c"])
    case "high bytes": (.bytewise, ["a\u{7F}", "a\u{E9}", "a\u{E9}z", "b"])
    case "one key": (.bytewise, ["only"])
    case "numbers": (.lengthFirst, (1...5000).map { "\($0)" })
    case "prefixed numbers": (.lengthFirst, (0..<5000).map { "id-\($0 * 7)" })
    case "tied lengths":
      (
        .lengthFirst,
        ["0"] + tiedInLength(4) + tiedInLength(5) + [String(repeating: "z", count: 16)]
      )
    default: (.bytewise, [])
    }
  }

  /// `number` in decimal, with zeros before it up to `width` digits.
  private static func padded(_ number: Int, to width: Int) -> String {
    String(repeating: "0", count: max(0, width - "\(number)".count)) + "\(number)"
  }

  @Test(arguments: [
    "numbered ids", "tied samples", "prefixes", "high bytes", "one key", "no keys", "numbers",
    "prefixed numbers", "tied lengths",
  ])
  func everyKeyIsFoundAndNoOtherIs(set: String) throws {
    let (order, sorted) = KeyTableAscendingTests.sortedSet(set)
    let keys = bytes(sorted)
    #expect(
      zip(keys, keys.dropFirst()).allSatisfy {
        order == .lengthFirst && $0.count != $1.count
          ? $0.count < $1.count : $0.lexicographicallyPrecedes($1)
      })
    let old = arena(keys)
    #expect(AscendingKeys(old)?.order == order)
    // The bytes every key begins with, counted against the first.
    let shared = keys.dropFirst().reduce(keys.first?.count ?? 0) { shared, key in
      zip(keys[0].prefix(shared), key).prefix { $0 == $1 }.count
    }
    #expect(AscendingKeys(old)?.sharedPrefix == shared)
    let table = try KeyTable(old)
    let missed = (0..<old.count).filter { table.lookup($0, of: old, in: old) != Int32($0) }
    #expect(missed.isEmpty)
    // Just after each key, before the first, after the last, shorter
    // than the shared prefix, and with another first byte.
    var absent = keys.map { $0 + [0] } + [[0], [0xFF, 0xFF], Array("C".utf8), Array("zz".utf8)]
    absent.removeAll { keys.contains($0) }
    let probes = arena(absent)
    let found = (0..<probes.count).filter { table.lookup($0, of: probes, in: old) != -1 }
    #expect(found.isEmpty)
  }

  @Test(arguments: [
    (["a", "c", "b"], nil as Int?),
    (["a", "b", "b"], 1),
    (["ab", "a"], nil),
    (["", ""], 0),
    (["10", "9", "8"], nil),
    (["9", "10", "10"], 1),
  ])
  func keysOutOfOrderGetATableAndRepetitionsAreReported(keys: [String], repeated: Int?) {
    let keys = arena(bytes(keys))
    #expect(AscendingKeys(keys) == nil)
    if let repeated {
      #expect {
        try KeyTable(keys)
      } throws: { error in
        guard let duplicate = error as? KeyTable.Duplicate else { return false }
        return duplicate.first == repeated && duplicate.second == repeated + 1
      }
    } else {
      #expect(throws: Never.self) { try KeyTable(keys) }
    }
  }

  /// An unhashed arena whose keys do not ascend gets a hash table of
  /// hashes computed for it: every key found, a repetition reported.
  @Test func anUnhashedArenaOutOfOrderGetsAHashTable() throws {
    let keys = bytes((0..<500).map { "k\($0 * 7919 % 503)" })
    let old = arena(keys, hashed: false)
    let table = try KeyTable(old)
    #expect(!table.keysAscend)
    let missed = (0..<old.count).filter { table.lookup($0, of: old, in: old) != Int32($0) }
    #expect(missed.isEmpty)
    #expect(KeyTable.matchOccurrences(old: old, new: old) == (0..<500).map { Int32($0) })
    // NEW unhashed against a hash table: each key looked up hashed then.
    let hashed = arena(keys)
    let new = arena(Array(keys.reversed()) + [Array("absent".utf8)], hashed: false)
    let expected = (0..<500).reversed().map { Int32($0) } + [-1]
    #expect(try KeyTable.matchUnique(old: hashed, new: new) == expected)
    #expect {
      try KeyTable(arena(keys + [keys[17]], hashed: false))
    } throws: { error in
      (error as? KeyTable.Duplicate).map { $0.first == 17 && $0.second == 500 } ?? false
    }
  }

  /// OLD's keys ascend; NEW moves, inserts and deletes records, so that
  /// matching guesses (the record after the previous match, the one
  /// after the record before a move) and looks up the rest. Keys that
  /// ascend need no hashes: the arenas are hashed or not, and so are
  /// the new records checked for repetitions.
  @Test(arguments: [true, false], [true, false])
  func uniqueKeysAreMatchedAsByADictionary(hashed: Bool, oneWidth: Bool) throws {
    // Ids of one width ascend byte by byte, the others shorter first.
    let oldKeys = (0..<20_000).map { "id-\((oneWidth ? 100_000 : 0) + $0 * 3)" }
    var newKeys = RandomEdits.editedKeys(oldKeys, edits: 600, seed: 21) {
      "id-\(100_001 + $0 * 3)"
    }
    let old = arena(bytes(oldKeys), hashed: hashed)
    let new = arena(bytes(newKeys), hashed: hashed)
    #expect(AscendingKeys(old)?.order == (oneWidth ? .bytewise : .lengthFirst))
    let positions = Dictionary(uniqueKeysWithValues: oldKeys.enumerated().map { ($1, $0) })
    let expected = newKeys.map { Int32(positions[$0] ?? -1) }
    #expect(try KeyTable.matchUnique(old: old, new: new) == expected)
    // A moved record's key again further on is still a repetition.
    let moved = newKeys.indices.dropFirst().first {
      expected[$0] >= 0 && expected[$0] != expected[$0 - 1] + 1
    }!
    newKeys.append(newKeys[moved])
    #expect {
      try KeyTable.matchUnique(old: old, new: arena(bytes(newKeys), hashed: hashed))
    } throws: { error in
      guard let duplicate = error as? KeyTable.Duplicate else { return false }
      return duplicate.first == moved && duplicate.second == newKeys.count - 1 && duplicate.inNew
    }
  }

  /// Keys of one width from 8 to 16 bytes are checked two words at a
  /// time: they ascend byte by byte, share what their neighbours share,
  /// and are found; a pair out of order, a repetition or a key of
  /// another width among them gives what the check byte by byte gives.
  @Test(arguments: 7...17)
  func keysOfOneWidthAreCheckedByWords(width: Int) throws {
    var random = SeededGenerator(seed: UInt64(width))
    // A shared prefix, then bytes that differ anywhere after it (in the
    // first word, the overlap, or the last byte).
    let prefix = Array("ab".utf8)
    var set = Set<[UInt8]>()
    while set.count < 300 {
      set.insert(
        prefix + (prefix.count..<width).map { _ in UInt8.random(in: 0x30...0x33, using: &random) })
    }
    let keys = set.sorted { $0.lexicographicallyPrecedes($1) }
    let ascending = try #require(AscendingKeys(arena(keys)))
    #expect(ascending.order == .bytewise)
    let shared = keys.dropFirst().reduce(width) { shared, key in
      zip(keys[0].prefix(shared), key).prefix { $0 == $1 }.count
    }
    #expect(ascending.sharedPrefix == shared)
    let old = arena(keys)
    let table = try KeyTable(old)
    #expect((0..<old.count).allSatisfy { table.lookup($0, of: old, in: old) == Int32($0) })
    var swapped = keys
    swapped.swapAt(100, 101)
    #expect(AscendingKeys(arena(swapped)) == nil)
    var repeated = keys
    repeated[101] = repeated[100]
    #expect(AscendingKeys(arena(repeated)) == nil)
    // A longer key last: shorter keys first still holds.
    let longer = keys + [prefix + Array(repeating: 0x30, count: width)]
    #expect(AscendingKeys(arena(longer))?.order == .lengthFirst)
  }
}
