/// A 1-based line and column in a text, computed from a byte offset.
///
/// Lines end at LF (a CR before it belongs to the line). Columns count
/// characters (UTF-8 lead bytes), so a message points at the same place a
/// person's editor does.
public struct TextPosition: Equatable, Sendable {
  /// The 1-based line.
  public let line: Int
  /// The 1-based column, in characters.
  public let column: Int

  /// The position of the byte at `offset` (or of the end, for an offset at
  /// or past it).
  ///
  /// - Complexity: O(offset).
  public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    var line = 1
    var column = 1
    let end = min(max(offset, 0), bytes.count)
    var index = 0
    while index < end {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    self.line = line
    self.column = column
  }

  /// The position of `offset` in an array of bytes.
  public init(offset: Int, in bytes: [UInt8]) {
    self = bytes.withUnsafeBufferPointer { TextPosition(offset: offset, in: $0) }
  }

  /// The position of `offset` in an input's bytes.
  public init(offset: Int, in bytes: SourceBytes) {
    self = bytes.withUnsafeBufferPointer { TextPosition(offset: offset, in: $0) }
  }
}
