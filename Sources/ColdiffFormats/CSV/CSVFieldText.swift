/// A CSV field's value written as the text between a JSON string's
/// quotes, straight from the field's bytes into a buffer: the runs that
/// need no escape copied sixteen bytes at a time, each escape written in
/// place (a quoted field without its quotes, each `""` as `\"`). The
/// text is `JSONString(utf8: value)`'s, `value` the field's decoded
/// value (`CSVTable.decodeField`).
///
/// Writing through a pointer into room made once for a whole row costs a
/// few instructions a field, where each append to an array cost a
/// hundred (a 1M-row document's inserts and deletes write 240,000
/// fields).
struct CSVFieldText {
  /// The buffer the text goes to.
  private let text: UnsafeMutablePointer<UInt8>
  /// How many bytes are written.
  private(set) var length = 0

  /// The most text a field of `count` bytes writes (six for a byte:
  /// `\u001f`), and the room for a block stored past the last byte.
  static func capacity(forFieldBytes count: Int) -> Int {
    6 &* count &+ ByteClassifier.width
  }

  /// A writer into `text`, which has room for what it is given to write:
  /// each field's ``capacity(forFieldBytes:)`` and each other byte.
  init(_ text: UnsafeMutablePointer<UInt8>) {
    self.text = text
  }

  /// Writes `bytes` as they are.
  @inline(__always)
  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    (text + length).update(from: source, count: bytes.count)
    length &+= bytes.count
  }

  /// Writes one byte.
  @inline(__always)
  mutating func write(_ byte: UInt8) {
    text[length] = byte
    length &+= 1
  }

  /// Writes the value of the field of a valid file that starts at `start`
  /// of `bytes`, escaped.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes, or a row's copy.
  ///   - start: where the field starts.
  ///   - delimiter: the field separator.
  /// - Returns: where the field ends: the offset of the delimiter, line
  ///   ending or end of `bytes` after it (`CSVTable.fieldEnd`).
  /// - Complexity: O(length of the field), sixteen bytes a step but for
  ///   the last few of `bytes`.
  @inline(__always)
  mutating func writeField(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8)
    -> Int
  {
    let count = bytes.count
    guard start < count, let base = bytes.baseAddress else { return start }
    let quoted = base[start] == CSVIndex.quote
    // An unquoted field ends at the delimiter (or a line ending, a control
    // character); a quoted one at its closing quote.
    let stops = ByteClassifier.splat(quoted ? CSVIndex.quote : delimiter)
    var index = quoted ? start &+ 1 : start
    while true {
      index = copyRun(base, from: index, count: count, stops: stops)
      guard index < count else { return index }
      let byte = base[index]
      if !quoted, byte == delimiter || byte == CSVIndex.lineFeed || byte == CSVIndex.carriageReturn
      {
        return index
      }
      if quoted, byte == CSVIndex.quote {
        // A doubled quote is one `"` of the value; a single one closes it.
        guard index &+ 1 < count, base[index &+ 1] == CSVIndex.quote else { return index &+ 1 }
        index &+= 1
      }
      writeEscape(of: byte)
      index &+= 1
    }
  }

  /// Copies the bytes from `index` up to the first that needs a look
  /// (one of `stops`, `"`, `\` or a control character) or `count`, and
  /// returns its offset.
  @inline(__always)
  private mutating func copyRun(
    _ base: UnsafePointer<UInt8>, from index: Int, count: Int, stops: SIMD16<UInt8>
  ) -> Int {
    let raw = UnsafeRawPointer(base)
    var index = index
    while index &+ ByteClassifier.width <= count {
      let block = ByteClassifier.load(raw, index)
      // The whole block is stored; the text after the run is written over.
      UnsafeMutableRawPointer(text + length).storeBytes(of: block, as: SIMD16<UInt8>.self)
      let run = ByteClassifier.firstEscapeOrStop(block, stops: stops)
      length &+= run
      index &+= run
      if run < ByteClassifier.width { return index }
    }
    while index < count {
      let byte = base[index]
      if byte == stops[0] || !JSONString.isPlain(byte) { return index }
      write(byte)
      index &+= 1
    }
    return index
  }

  /// Writes the escape of a byte that needs one, as `JSONString.escape`
  /// writes it (`JSONString.writeEscape(of:_:)`).
  private mutating func writeEscape(of byte: UInt8) {
    JSONString.writeEscape(of: byte) { write($0) }
  }
}
