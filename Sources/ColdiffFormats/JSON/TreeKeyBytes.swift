/// The canonical key bytes of a tree layout being built
/// (`TreeLayoutBuilder`), back to back, written in place in memory of
/// their own (`ScanColumn`): a short plain string key, the most common, a
/// block at a time (`JSONCanonicalKey.plainStringBlock`) into the room
/// after the bytes, where an `append(contentsOf:)` for each key took some
/// 200 instructions (5% of a tree diff's). The room is not filled with
/// zeros first (an array's would be): about twice the bytes the keys take
/// were zeroed for each chunk of a scan.
struct TreeKeyBytes {
  /// The bytes.
  private var storage: ScanColumn<UInt8>

  /// How many bytes there are.
  var count: Int { storage.count }

  /// No bytes, with room for about `capacity`.
  init(capacity: Int) {
    storage = ScanColumn(capacity: max(capacity, 64))
  }

  /// Appends `bytes`.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    storage.append(upTo: bytes.count) { end in
      end.initialize(from: source, count: bytes.count)
      return bytes.count
    }
  }

  /// Appends the canonical bytes of the key value at `range` of `input`,
  /// those `JSONCanonicalKey.append(_:range:to:)` gives.
  mutating func appendKey(_ input: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    guard let (block, length) = JSONCanonicalKey.plainStringBlock(input, range) else {
      var decoded: [UInt8] = []
      JSONCanonicalKey.append(input, range: range, to: &decoded)
      decoded.withUnsafeBufferPointer { append($0) }
      return
    }
    storage.append(upTo: JSONCanonicalKey.plainStringRoom) { end in
      JSONCanonicalKey.write(plain: block, length: length, to: end)
    }
  }

  /// Calls `body` with the bytes.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(storage.elements)
  }
}
