import Testing

@testable import ColdiffCore

@Suite struct KeyTableTests {
  @Test func findsPartnersAndMisses() throws {
    let old = KeyArena(texts: ["a", "bb", "ccc", "a long key that spans several words"])
    let new = KeyArena(texts: ["ccc", "zz", "a", "a long key that spans several words", ""])
    let table = try KeyTable(old)
    let found = (0..<new.count).map { table.lookup($0, of: new, in: old) }
    #expect(found == [2, -1, 0, 3, -1])
  }

  @Test func reportsTheFirstDuplicate() {
    let keys = KeyArena(texts: ["x", "y", "z", "y", "x"])
    #expect {
      try KeyTable(keys)
    } throws: { error in
      guard let duplicate = error as? KeyTable.Duplicate else { return false }
      return duplicate.first == 1 && duplicate.second == 3
    }
  }

  /// Keys are placed a batch at a time (`KeyTable.batch`): a duplicate
  /// within one batch, across two, or of a key whose first slot another
  /// key of the batch takes is still the first one reported.
  @Test(arguments: [(5, 9), (3, 17), (15, 16), (0, 47), (30, 31)])
  func reportsTheFirstDuplicateWhereverItsBatchIs(first: Int, second: Int) {
    var keys = (0..<48).map { "key-\($0)" }
    keys[second] = keys[first]
    // A later repetition of another key is not the first reported.
    if second < 46 { keys[47] = keys[46] }
    #expect {
      try KeyTable(KeyArena(texts: keys))
    } throws: { error in
      guard let duplicate = error as? KeyTable.Duplicate else { return false }
      return duplicate.first == first && duplicate.second == second
    }
  }

  @Test func aTableBuiltInBatchesFindsEveryKey() throws {
    // More keys than slots at first sight of a batch: most of them
    // collide in their first slot with a key of the same batch.
    let keys = (0..<1000).map { "k\($0 % 997)-\($0 / 997)" }
    let old = KeyArena(texts: keys)
    let table = try KeyTable(old)
    for index in 0..<old.count {
      #expect(table.lookup(index, of: old, in: old) == Int32(index))
    }
    #expect(table.lookup(0, of: KeyArena(texts: ["absent"]), in: old) == -1)
  }

  @Test func matchesDuplicatesOccurrenceByOccurrence() {
    let old = KeyArena(texts: ["p", "q", "p", "r", "p"])
    let new = KeyArena(texts: ["p", "p", "s", "q", "q", "p", "p"])
    #expect(KeyTable.matchOccurrences(old: old, new: new) == [0, 2, -1, 1, -1, 4, -1])
  }

  @Test func manyKeysCollideOnlyInTheirHashes() throws {
    let keys = (0..<5000).map { "key-\($0 * 7919 % 5003)" }
    let old = KeyArena(texts: keys)
    let new = KeyArena(texts: keys.reversed())
    let table = try KeyTable(old)
    for index in 0..<new.count {
      #expect(table.lookup(index, of: new, in: old) == Int32(keys.count - 1 - index))
    }
  }

  @Test func matchesUniqueKeysInAndOutOfOrder() throws {
    let old = KeyArena(texts: ["a", "b", "c", "d", "e"])
    let new = KeyArena(texts: ["a", "b", "x", "d", "c", "y", "e"])
    #expect(try KeyTable.matchUnique(old: old, new: new) == [0, 1, -1, 3, 2, -1, 4])
  }

  @Test(arguments: [
    // A key twice in OLD is reported before any in NEW.
    (["a", "b", "a"], ["b", "b"], 0, 2, false),
    // Two new records matching one old record.
    (["a", "b", "c"], ["a", "b", "c", "b", "z", "z"], 1, 3, true),
    // Two unmatched new records with one key, before a matched repetition.
    (["a", "b"], ["z", "a", "z", "a"], 0, 2, true),
    // A matched repetition before an unmatched one.
    (["a", "b"], ["a", "y", "a", "y"], 0, 2, true),
  ])
  func reportsTheFirstDuplicateOfEitherSide(
    old: [String], new: [String], first: Int, second: Int, inNew: Bool
  ) {
    #expect {
      try KeyTable.matchUnique(old: KeyArena(texts: old), new: KeyArena(texts: new))
    } throws: { error in
      guard let duplicate = error as? KeyTable.Duplicate else { return false }
      return duplicate.first == first && duplicate.second == second && duplicate.inNew == inNew
    }
  }

  /// Records whose keys a scan left to known partners (empty keys here)
  /// are matched to them without a look-up; the others by key, in one
  /// pass and in parts alike.
  @Test func knownPartnersStandInForTheKeysLeftToThem() throws {
    let old = KeyArena(texts: ["a", "b", "c", "d", "e"])
    let new = KeyArena(texts: ["", "x", "", "c", "", "y"])
    let inReverse = { (parts: Int, body: (Int) -> Void) in
      for part in (0..<parts).reversed() { body(part) }
    }
    // A JSON scan's list, by record; a table's, by line with the header
    // first (line 0: a row taken whole from OLD's header has no partner).
    for known in [
      KnownMatches([1, -1, 0, -1, 4, -1]), KnownMatches([-1, 2, -1, 1, 0, 5, -1], offset: 1),
    ] {
      #expect(known.count == new.count)
      #expect(try KeyTable.matchUnique(old: old, new: new, known: known) == [1, -1, 0, 2, 4, -1])
      #expect(
        try KeyTable.matchUnique(old: old, new: new, known: known, inParallel: inReverse)
          == [1, -1, 0, 2, 4, -1])
    }
  }

  /// The keys left to partners are copied back in from the partners'
  /// keys; the others are the records' own.
  @Test func keysLeftToPartnersAreCopiedBackIn() {
    let own = KeyArena(texts: ["", "x", "", "c", "", "y"])
    let partners = KeyArena(texts: ["a", "b", "c", "d", "e"])
    let known = KnownMatches([-1, 2, -1, 1, 0, 5, -1], offset: 1)
    let keys = known.keys(
      own: own.bytes, starts: own.starts, partners: partners.bytes, starts: partners.starts)
    let full = KeyArena(bytes: keys.bytes, starts: keys.starts)
    #expect(
      (0..<full.count).map { String(decoding: full.key($0), as: UTF8.self) } == [
        "b", "x", "a", "c", "e", "y",
      ])
  }

  @Test(arguments: [
    // One OLD record known as the partner of two new records.
    (["", "x", ""], [Int32(2), -1, 2], 0, 2),
    // A record matched by key to the partner a known record took.
    (["", "x", "c"], [Int32(2), -1, -1], 0, 2),
    // Two records without partners and one key, after known ones.
    (["", "z", "z"], [Int32(0), -1, -1], 1, 2),
  ])
  func keysLeftToKnownPartnersStillCountAsDuplicates(
    new: [String], known: [Int32], first: Int, second: Int
  ) {
    #expect {
      try KeyTable.matchUnique(
        old: KeyArena(texts: ["a", "b", "c"]), new: KeyArena(texts: new), known: KnownMatches(known)
      )
    } throws: { error in
      guard let duplicate = error as? KeyTable.Duplicate else { return false }
      return duplicate.first == first && duplicate.second == second && duplicate.inNew
    }
  }

  /// A large NEW is matched in parts (`KeyTable.recordsPerPart`), each
  /// starting its guesses afresh: the parts, run in any order, give the
  /// matching and the first duplicate that one pass in order gives.
  @Test func matchesInPartsAsInOnePass() throws {
    let count = 3 * KeyTable.recordsPerPart + 5
    let oldKeys = (0..<count).map { "k\($0)" }
    var newKeys = RandomEdits.editedKeys(oldKeys, edits: 2000, seed: 7) { "new-\($0)" }
    let (old, new) = (KeyArena(texts: oldKeys), KeyArena(texts: newKeys))
    let inReverse = { (parts: Int, body: (Int) -> Void) in
      for part in (0..<parts).reversed() { body(part) }
    }
    let positions = Dictionary(uniqueKeysWithValues: oldKeys.enumerated().map { ($1, $0) })
    let expected = newKeys.map { Int32(positions[$0] ?? -1) }
    #expect(try KeyTable.matchUnique(old: old, new: new) == expected)
    #expect(try KeyTable.matchUnique(old: old, new: new, inParallel: inReverse) == expected)
    // A repetition in the last part, of a key matched in the first.
    newKeys[newKeys.count - 3] = newKeys[7]
    #expect {
      try KeyTable.matchUnique(old: old, new: KeyArena(texts: newKeys), inParallel: inReverse)
    } throws: { error in
      guard let duplicate = error as? KeyTable.Duplicate else { return false }
      return duplicate.first == 7 && duplicate.second == newKeys.count - 3 && duplicate.inNew
    }
  }

  /// A slot keeps the high half of its key's hash: keys whose hashes
  /// share their low bits (the same first slot) or their high half (the
  /// same tag), or all of them, are each found, told apart by their
  /// bytes, and a repeated key is still a duplicate.
  @Test(arguments: ["every bit", "the low bits", "the high half"])
  func keysWhoseHashesShareBitsAreToldApart(sharing: String) throws {
    func hash(_ key: Int) -> UInt64 {
      switch sharing {
      case "every bit": 0xABCD_0000_0000_0007
      case "the low bits": UInt64(key) << 32 | 7
      default: 0xABCD_0000_0000_0000 | UInt64(key)
      }
    }
    let names = (0..<40).map { "key-\($0)" }
    func arena(_ keys: [Int]) -> KeyArena {
      var bytes: [UInt8] = []
      var starts: [UInt32] = [0]
      for key in keys {
        bytes += Array(names[key].utf8)
        starts.append(UInt32(bytes.count))
      }
      return KeyArena(bytes: bytes, starts: starts, hashes: keys.map(hash))
    }
    let old = arena(Array(0..<30))
    let table = try KeyTable(old)
    let new = arena([29, 3, 35, 0, 17, 39])
    #expect((0..<new.count).map { table.lookup($0, of: new, in: old) } == [29, 3, -1, 0, 17, -1])
    #expect {
      try KeyTable(arena([0, 1, 2, 3, 1, 4]))
    } throws: { error in
      guard let duplicate = error as? KeyTable.Duplicate else { return false }
      return duplicate.first == 1 && duplicate.second == 4
    }
  }
}
