import Testing

@testable import ColdiffCore

/// Where an arena's keys start, in 32 bits.
@Suite struct KeyArenaTests {
  @Test func keysAppendedStartWhereTheOneBeforeEnds() {
    var arena = KeyArena()
    for key in ["ab", "", "cde", ""] { arena.append { $0 += Array(key.utf8) } }
    #expect(arena.starts == [0, 2, 2, 5, 5])
    #expect(arena.key(1).isEmpty && Array(arena.key(2)) == Array("cde".utf8))
    // Empty keys are equal to each other and to no other key.
    #expect(arena.keyEquals(1, arena, 3))
    #expect(!arena.keyEquals(0, arena, 1))
  }

  @Test func keysMadeElsewhereReadAsAppended() {
    var appended = KeyArena()
    for key in ["x", "", "yz"] { appended.append { $0 += Array(key.utf8) } }
    let made = KeyArena(bytes: Array("xyz".utf8), starts: [0, 1, 1, 3])
    #expect(made.hashes == appended.hashes)
    #expect((0..<3).allSatisfy { made.keyEquals($0, appended, $0) })
    made.withUnsafeKeys { bytes, starts in
      #expect(bytes.count == 3 && Array(starts) == [0, 1, 1, 3])
    }
  }

  /// An arena made unhashed keeps no hashes and computes each when
  /// asked: the same as a hashed arena's, and its keys equal those of a
  /// hashed arena with the same bytes, and no others.
  @Test func anUnhashedArenaHashesWhenAsked() {
    let (bytes, starts): ([UInt8], [UInt32]) = (Array("xyzabcdefghijk".utf8), [0, 1, 1, 3, 14])
    let unhashed = KeyArena(unhashedBytes: bytes, starts: starts)
    let hashed = KeyArena(bytes: bytes, starts: starts)
    #expect(unhashed.count == 4 && !unhashed.isHashed && hashed.isHashed)
    #expect(unhashed.hashes.isEmpty)
    #expect((0..<4).map { unhashed.hash(of: $0) } == hashed.hashes)
    #expect(unhashed.allHashes() == hashed.hashes)
    for (a, b) in [(0, 0), (1, 1), (3, 3), (0, 1), (2, 3), (1, 2)] {
      #expect(unhashed.keyEquals(a, hashed, b) == (a == b))
      #expect(hashed.keyEquals(a, unhashed, b) == (a == b))
      #expect(unhashed.keyEquals(a, unhashed, b) == (a == b))
    }
  }

  @Test func anArenaPastItsCapacityLeavesKeysOutAndSaysSo() {
    var arena = KeyArena(capacity: 5)
    for key in ["ab", "cd"] { arena.append { $0 += Array(key.utf8) } }
    #expect(!arena.isFull)
    var called = 0
    for key in ["ef", "g"] {
      arena.append {
        called += 1
        $0 += Array(key.utf8)
      }
    }
    // The key that would pass 5 bytes is left out, and so is every later
    // one (its body is not called): one empty key each, so the count
    // still matches the records.
    #expect(arena.isFull && called == 1)
    #expect(arena.count == 4 && arena.starts == [0, 2, 4, 4, 4])
    #expect(Array(arena.key(1)) == Array("cd".utf8) && arena.key(2).isEmpty)
  }

  @Test func offsetsUnder4GiBAreKeptWhole() {
    #expect(KeyArena.keyOffset(0) == 0)
    #expect(KeyArena.keyOffset(Int(UInt32.max)) == UInt32.max)
  }

  @Test func keysOf4GiBStopTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = KeyArena.keyOffset(Int(UInt32.max) + 1)
    }
  }
}
