import Glibc

/// The canonical key bytes one CSV scan made (`CSVCapturedKeys`), a few
/// for every row, and where each row's key ends, in mapped buffers of
/// their own (`MappedBuffer`), which give their pages back at once when
/// freed instead of leaving them in the heap, where they would count
/// towards the run's peak memory. The scan writes the buffers as local
/// values (no access checks on every store) and hands them back here
/// when it is done; a chunk's scan writes into those of a chunk joined
/// before (``clear()``). This frees them.
final class CSVKeyBytes: @unchecked Sendable {
  /// The keys' bytes, back to back.
  private(set) var keys: MappedBuffer<UInt8>
  /// Where each row's key ends in `keys` (`KeyArena.keyOffset(_:)`).
  private(set) var ends: MappedBuffer<UInt32>

  /// Buffers with room for `bytes` key bytes and `rows` rows' ends.
  init(bytes: Int, rows: Int) {
    keys = MappedBuffer(capacity: bytes)
    ends = MappedBuffer(capacity: rows)
  }

  deinit {
    keys.free()
    ends.free()
  }

  /// Takes back the buffers a scan wrote (grown from this one's, whose
  /// memory they took over).
  func update(keys: MappedBuffer<UInt8>, ends: MappedBuffer<UInt32>) {
    self.keys = keys
    self.ends = ends
  }

  /// Empties the buffers, keeping their memory for the next scan.
  func clear() {
    keys.removeAll()
    ends.removeAll()
  }

  /// How many key bytes were written.
  var count: Int { keys.count }

  /// The key bytes, valid while this lives.
  var bytes: UnsafeBufferPointer<UInt8> { keys.elements }

  /// Where each row's key ends in ``bytes``, valid while this lives.
  var keyEnds: UnsafeBufferPointer<UInt32> { ends.elements }
}

extension MappedBuffer where Element == UInt8 {
  /// Appends the canonical bytes of the value of the valid CSV field
  /// written at `range` of `input` as a string's: the same bytes as
  /// `JSONCanonicalKey.appendString` of its decoded value (without its
  /// quotes, `""` read as `"`, when it starts with `"`).
  ///
  /// - Complexity: O(length of the field).
  @inline(__always)
  mutating func appendCSVKey(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    // At worst every byte is a 0x00, written twice, after the tag and
    // before the two closing bytes; and room for a whole block.
    reserve(Swift.max(2 &* range.count, ByteClassifier.width) &+ 3)
    store(JSONCanonicalKey.stringTag)
    if let source = input.baseAddress {
      let width = ByteClassifier.width
      if range.count <= width, range.lowerBound &+ width <= input.count, !range.isEmpty,
        source[range.lowerBound] != CSVIndex.quote
      {
        // A short unquoted key: its block checked for 0x00 and stored whole
        // (the bytes after the key are written over next).
        let block = ByteClassifier.load(UnsafeRawPointer(source), range.lowerBound)
        let zeros = ByteClassifier.bits(block .== SIMD16(repeating: 0))
        if zeros & ((1 &<< UInt64(truncatingIfNeeded: range.count)) &- 1) == 0 {
          storeBlock(block, count: range.count)
        } else {
          for index in range { storeValueByte(source[index]) }
        }
      } else if !range.isEmpty, source[range.lowerBound] == CSVIndex.quote {
        var index = range.lowerBound &+ 1
        let end = range.upperBound &- 1
        while index < end {
          let byte = source[index]
          storeValueByte(byte)
          // A `"` inside is the first of a doubled pair.
          index &+= byte == CSVIndex.quote ? 2 : 1
        }
      } else if memchr(source + range.lowerBound, 0, range.count) != nil {
        for index in range { storeValueByte(source[index]) }
      } else {
        store(source + range.lowerBound, count: range.count)
      }
    }
    store(0x00)
    store(0x00)
  }

  /// Appends `length` bytes at `pointer` (a key made before).
  @inline(__always)
  mutating func append(_ pointer: UnsafePointer<UInt8>, count length: Int) {
    reserve(length)
    store(pointer, count: length)
  }

  /// Stores a value byte, 0x00 doubled as 0x00 0xFF (room is made).
  @inline(__always)
  private mutating func storeValueByte(_ byte: UInt8) {
    store(byte)
    if byte == 0x00 { store(0xFF) }
  }
}
