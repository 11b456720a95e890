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
