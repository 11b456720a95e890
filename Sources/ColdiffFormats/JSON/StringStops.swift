/// Where the plain runs of a JSON text's strings stop, found in the bits of
/// 64-byte blocks (`ByteClassifier.stringSpecialBits`) instead of with a
/// vector compare per string.
///
/// The blocks follow one another from the first one, so that their
/// addresses do not wait on the strings read before: finding the end of a
/// string is then a shift and a bit count on a word already made, not a
/// load and compares on the string's own address. `quickSkip` reads a
/// record's strings through it, and `quickMembers` a tree node's.
///
/// A block is made only when ``JSONLexer/quickMargin`` bytes follow it
/// (``reach``), so every stop it gives, and the byte after it, is as far
/// from the end as the quick skip needs: a name or a plain string ended
/// at its closing quote needs no check of its own.
struct StringStops {
  /// How many bytes must be there from a block's start for it to be
  /// made: the block and the quick skip's margin after it.
  static let reach = 64 + JSONLexer.quickMargin

  /// Where the block starts.
  private var start: Int
  /// Bit `i` set when the byte at `start + i` stops a plain run.
  private var bits: UInt64
  /// The same for the next block, made ahead when it ends within the input.
  private var nextBits: UInt64

  /// The stops of the block at `start`, whose ``reach`` bytes the caller
  /// guarantees are there.
  @inline(__always)
  init(_ base: UnsafePointer<UInt8>, at start: Int, end: Int) {
    self.start = start
    bits = ByteClassifier.stringSpecialBits(UnsafeRawPointer(base), start)
    nextBits = Self.bits(base, at: start &+ 64, end: end)
  }

  /// The stops of the block at `start`, or none when its ``reach`` would
  /// end past `end`.
  @inline(__always)
  private static func bits(_ base: UnsafePointer<UInt8>, at start: Int, end: Int) -> UInt64 {
    start &+ reach <= end ? ByteClassifier.stringSpecialBits(UnsafeRawPointer(base), start) : 0
  }

  /// The position of the first byte at or after `index` that stops a
  /// string's plain run: `"`, `\`, a control character or a non-ASCII
  /// byte, with ``JSONLexer/quickMargin`` bytes after the byte after it;
  /// or -1 when the block holding it would reach past `end`. It moves
  /// to the next block as it reads on, or to a new one at `index` when
  /// `index` is before the block or past the next one; a -1 leaves it on
  /// the last block it could make, so that it can be asked again (the
  /// caller then reads on without it).
  @inline(__always)
  mutating func stop(_ base: UnsafePointer<UInt8>, from index: Int, end: Int) -> Int {
    var from = index
    while true {
      // (Unsigned: a position before the block is read from a new one.)
      let offset = UInt(bitPattern: from &- start)
      if offset < 64 {
        let rest = bits &>> UInt64(offset)
        if rest != 0 { return from &+ rest.trailingZeroBitCount }
        from = start &+ 64
      }
      if UInt(bitPattern: from &- start) < 128 {
        guard start &+ 64 &+ Self.reach <= end else { return -1 }
        start &+= 64
        bits = nextBits
      } else {
        guard from &+ Self.reach <= end else { return -1 }
        start = from
        bits = ByteClassifier.stringSpecialBits(UnsafeRawPointer(base), start)
      }
      nextBits = Self.bits(base, at: start &+ 64, end: end)
    }
  }

  /// The position just after the string whose opening quote is at
  /// `index`, validated as `scanString` does, with
  /// ``JSONLexer/quickMargin`` bytes after it, or -1: the plain run
  /// through the blocks, the rest out of line (`JSONLexer.quickString`).
  @inline(__always)
  mutating func stringEnd(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> Int {
    let stop = stop(base, from: index &+ 1, end: end)
    guard stop >= 0 else { return -1 }
    if base[stop] == UInt8(ascii: "\"") { return stop &+ 1 }
    return JSONLexer.withinMargin(JSONLexer.quickString(base, from: stop, end: end), end)
  }
}
