import ColdiffFormats
import Glibc

/// Puts an error found in a window or a bucket (a document made of some
/// of an input's records) back in the input: its line and column in the
/// input's file, and its `record #N` numbers as positions in the whole
/// input.
struct ErrorPlacement {
  /// The file with the input's bytes (a spooled copy for standard input).
  let path: String

  /// The error as it would read over the whole input.
  ///
  /// - Parameters:
  ///   - error: the error, located in `document`.
  ///   - document: the window or bucket document.
  ///   - inputOffset: the offset in the input of an offset in `document`.
  ///   - record: the position in the input of a record of `document`.
  func place(
    _ error: InputError, document: SourceBytes, inputOffset: (Int) -> Int,
    record: (Int) -> Int
  ) -> InputError {
    var placed = error
    placed.message = ErrorPlacement.renumbered(error.message, after: "record #", record)
    placed.message = ErrorPlacement.renumbered(placed.message, after: "(line ") { line in
      let offset = ErrorPlacement.offset(line: line, column: 1, in: document)
      return position(of: inputOffset(offset))?.line ?? line
    }
    if let line = error.line {
      let offset = ErrorPlacement.offset(line: line, column: error.column ?? 1, in: document)
      if let position = position(of: inputOffset(offset)) {
        placed.line = position.line
        placed.column = position.column
      } else {
        placed.line = nil
        placed.column = nil
      }
    }
    return placed
  }

  /// `message` with the number after each `marker` renumbered
  /// (`record #N`, `(line N)`).
  static func renumbered(_ message: String, after marker: String, _ number: (Int) -> Int)
    -> String
  {
    var out = ""
    var rest = Substring(message)
    while let found = rest.firstRange(of: marker) {
      out += rest[..<found.upperBound]
      rest = rest[found.upperBound...]
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      if let found = Int(digits) {
        out += String(number(found))
        rest = rest.dropFirst(digits.count)
      }
    }
    return out + rest
  }

  /// The byte offset of a 1-based line and column (in characters).
  static func offset(line: Int, column: Int, in document: SourceBytes) -> Int {
    document.withUnsafeBufferPointer { offset(line: line, column: column, in: $0) }
  }

  private static func offset(line: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var currentLine = 1
    var currentColumn = 1
    for (index, byte) in bytes.enumerated() {
      if currentLine == line && currentColumn == column { return index }
      if byte == 0x0A {
        currentLine += 1
        currentColumn = 1
      } else if byte & 0xC0 != 0x80 {
        currentColumn += 1
      }
    }
    return bytes.count
  }

  /// The line and column of `offset` in the file, read again up to it
  /// block by block.
  private func position(of offset: Int) -> (line: Int, column: Int)? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var block = [UInt8](repeating: 0, count: 1 << 20)
    var (line, column, done) = (1, 1, 0)
    while done < offset {
      let wanted = min(block.count, offset - done)
      let got = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, wanted) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      for byte in block[..<got] {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      done += got
    }
    return (line, column)
  }
}
