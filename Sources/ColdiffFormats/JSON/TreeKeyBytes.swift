/// The canonical key bytes of a tree layout being built
/// (`TreeLayoutBuilder`), back to back, written in place in an array
/// filled with zeros ahead of them: a short plain string key, the most
/// common, a block at a time (`JSONCanonicalKey.plainStringBlock`), where
/// an `append(contentsOf:)` for each key took some 200 instructions (5%
/// of a tree diff's). The layout takes the array as it is once done,
/// its zeros past the keys dropped (no copy).
struct TreeKeyBytes {
  /// The bytes, then zeros up to the array's end.
  private var storage: [UInt8]
  /// How many bytes there are.
  private(set) var count = 0

  /// No bytes, with room for about `capacity`.
  init(capacity: Int) {
    storage = [UInt8](repeating: 0, count: max(capacity, 64))
  }

  /// Appends `bytes`.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    makeRoom(bytes.count)
    let start = count
    storage.withUnsafeMutableBufferPointer {
      ($0.baseAddress! + start).update(from: source, count: bytes.count)
    }
    count += bytes.count
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
    makeRoom(JSONCanonicalKey.plainStringRoom)
    let start = count
    count &+= storage.withUnsafeMutableBufferPointer {
      JSONCanonicalKey.write(plain: block, length: length, to: $0.baseAddress! + start)
    }
  }

  /// Calls `body` with the bytes.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
  }

  /// The bytes, the storage handed over (``count`` of them).
  mutating func take() -> [UInt8] {
    storage.removeLast(storage.count - count)
    defer { (storage, count) = ([], 0) }
    return storage
  }

  /// Makes room for `extra` bytes, in zeros.
  @inline(__always)
  private mutating func makeRoom(_ extra: Int) {
    guard count &+ extra > storage.count else { return }
    storage += [UInt8](repeating: 0, count: max(storage.count, extra))
  }
}
