/// How a JSON container lays out its elements when each starts a line
/// (`[`, a line feed, then `{…},` a line): the indentation before an
/// element and its first byte. A window of such an input can be cut
/// where the layout says an element starts, found from the end of the
/// bytes read without walking them (`RecordCutter` walks them all).
///
/// The cut is a guess: the pattern may occur inside an element. The
/// window's scan checks it: the window ends with the `,` before the
/// guessed element replaced by the closing bracket, so it scans only
/// when that `,` separated two elements of the container (a line feed
/// is never inside a JSON string, and any other `,` leaves a bracket
/// open). A window whose scan fails is cut again by walking
/// (`InputWindows.recut`).
struct ElementLayout: Equatable {
  /// The spaces and tabs before an element.
  var indent: [UInt8]
  /// An element's first byte (`{`, or `"` for an object's member name).
  var firstByte: UInt8

  /// The layout of the container that opens `bytes` (the input's start,
  /// after a byte order mark and white space), or `nil` when its first
  /// element does not start a line, or the container is empty or not
  /// read far enough.
  static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> ElementLayout? {
    var index = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    while index < bytes.count, isSpace(bytes[index]) || bytes[index] == 0x0A { index += 1 }
    guard index < bytes.count,
      bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{")
    else { return nil }
    index += 1
    var lineStart: Int?
    while index < bytes.count, isSpace(bytes[index]) || bytes[index] == 0x0A {
      if bytes[index] == 0x0A { lineStart = index + 1 }
      index += 1
    }
    guard let lineStart, index < bytes.count else { return nil }
    let first = bytes[index]
    guard first != UInt8(ascii: "]"), first != UInt8(ascii: "}") else { return nil }
    let indent = Array(bytes[lineStart..<index])
    guard !indent.contains(0x0D) else { return nil }
    return ElementLayout(indent: indent, firstByte: first)
  }

  /// The last place in `bytes` (whose first byte is at `offset` in the
  /// input) where the layout says an element starts after a `,` other
  /// than the first byte: the window would end before the `,` and the
  /// next start after it.
  func lastCut(in bytes: UnsafeBufferPointer<UInt8>, offset: Int) -> RecordCutter.Cut? {
    var lineFeed = bytes.count - indent.count - 2
    while lineFeed > 0 {
      defer { lineFeed -= 1 }
      guard bytes[lineFeed] == 0x0A else { continue }
      let start = lineFeed + 1 + indent.count
      guard bytes[start] == firstByte,
        indent.isEmpty || bytes[(lineFeed + 1)..<start].elementsEqual(indent)
      else { continue }
      var before = lineFeed - 1
      while before > 0, ElementLayout.isSpace(bytes[before]) { before -= 1 }
      guard before > 0, bytes[before] == UInt8(ascii: ",") else { continue }
      return RecordCutter.Cut(end: offset + before, next: offset + before + 1)
    }
    return nil
  }

  /// A space, tab or carriage return.
  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D
  }
}
