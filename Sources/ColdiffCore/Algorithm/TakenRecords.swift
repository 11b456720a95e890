/// The check that no record of OLD is taken by two records of NEW
/// (`KeyTable.matchUnique`), made by each part of a parallel matching
/// for its own records while they are in the cache, and then joined:
/// each part's unmatched records, and a bit for each OLD record it took
/// over the stretch of words its records reach (a part's partners lie
/// mostly in one stretch of OLD, as both inputs mostly keep their
/// order). One core joins the bits a word at a time instead of a bit at
/// a time for every record.
///
/// It only says that no record is taken twice; when one is, the caller
/// finds the first repetition by walking NEW in order.
struct TakenRecords {
  /// The records of NEW without a partner, ascending.
  private(set) var unmatched: [Int] = []
  /// The word of `taken`'s first bit: bit `i` of word `w` is OLD record
  /// `(firstWord + w) * 64 + i`.
  private var firstWord = 0
  /// Whether each OLD record in the stretch was taken.
  private var taken: [UInt64] = []
  /// Whether one OLD record was taken twice.
  private(set) var repeats = false

  /// The check of no records.
  init() {}

  /// The check of NEW's `records`, whose partners `newToOld` gives.
  init(_ newToOld: UnsafeMutableBufferPointer<Int32>, _ records: Range<Int>) {
    var (low, high) = (Int.max, -1)
    for record in records {
      let match = Int(newToOld[record])
      if match < 0 {
        unmatched.append(record)
      } else {
        (low, high) = (min(low, match), max(high, match))
      }
    }
    guard high >= 0 else { return }
    firstWord = low &>> 6
    taken = [UInt64](repeating: 0, count: high &>> 6 &- firstWord &+ 1)
    for record in records where newToOld[record] >= 0 {
      let match = Int(newToOld[record])
      let (word, bit) = ((match &>> 6) &- firstWord, UInt64(1) &<< UInt64(match & 63))
      guard taken[word] & bit == 0 else {
        repeats = true
        return
      }
      taken[word] |= bit
    }
  }

  /// The unmatched records of NEW, ascending, when no OLD record of
  /// `oldCount` is taken twice in `parts` (NEW's records in order, one
  /// check each), else `nil`.
  static func unmatched(joining parts: [TakenRecords], oldCount: Int) -> [Int]? {
    guard !parts.contains(where: \.repeats) else { return nil }
    var all = [UInt64](repeating: 0, count: (oldCount + 63) / 64)
    for part in parts {
      for (offset, bits) in part.taken.enumerated() {
        let word = part.firstWord &+ offset
        guard all[word] & bits == 0 else { return nil }
        all[word] |= bits
      }
    }
    return parts.flatMap(\.unmatched)
  }
}
