/// The canonical key bytes of a tree layout being built
/// (`TreeLayoutBuilder`), back to back, in mapped memory of its own
/// (`MappedBuffer`): a short plain string key, the most common, written a
/// block at a time (`JSONCanonicalKey.plainStringBlock`), where an
/// array's `append(contentsOf:)` for each key took some 200 instructions
/// (5% of a tree diff's). The builder copies them into the layout's
/// array once done.
///
/// The bytes have one owner at a time, as `TreeNodeRows` do: a copy
/// shares their memory, which is freed when the last copy goes.
struct TreeKeyBytes {
  /// The buffer, freed with it.
  private final class Memory {
    // (Unchecked: one owner at a time writes it, and a checked access
    // took more instructions than the write.)
    @exclusivity(unchecked) var buffer: MappedBuffer<UInt8>

    init(capacity: Int) { buffer = MappedBuffer(capacity: capacity) }

    deinit { buffer.free() }
  }

  private let memory: Memory

  /// No bytes, with room for `capacity`.
  init(capacity: Int) {
    memory = Memory(capacity: capacity)
  }

  /// How many bytes there are.
  var count: Int { memory.buffer.count }

  /// The bytes, valid until the next append.
  var elements: UnsafeBufferPointer<UInt8> { memory.buffer.elements }

  /// Appends `bytes`.
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    memory.buffer.reserve(bytes.count)
    memory.buffer.store(base, count: bytes.count)
  }

  /// Appends the canonical bytes of the key value at `range` of `input`,
  /// those `JSONCanonicalKey.append(_:range:to:)` gives.
  func appendKey(_ input: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    guard let (block, length) = JSONCanonicalKey.plainStringBlock(input, range) else {
      var decoded: [UInt8] = []
      JSONCanonicalKey.append(input, range: range, to: &decoded)
      decoded.withUnsafeBufferPointer { append($0) }
      return
    }
    // The tag, the whole block (the bytes after the text are written over
    // next), and the two bytes that end the string.
    memory.buffer.reserve(ByteClassifier.width &+ 3)
    memory.buffer.store(JSONCanonicalKey.stringTag)
    memory.buffer.storeBlock(block, count: length)
    memory.buffer.store(0x00)
    memory.buffer.store(0x00)
  }
}
