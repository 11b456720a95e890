extension RawPatchReader {
  /// How a patch is cut into chunks of operations read on every core: a
  /// patch's text takes some thirty instructions a byte to read, twenty
  /// times a CSV scan's, so chunks of 64 KiB from 256 KiB on. (A 1M-record
  /// patch, read on one core while the target's scan had both, was read
  /// 25–50 ms after the scan ended, the other core idle.)
  static let chunking = ScanChunking(threshold: 256 << 10, chunkSize: 64 << 10)

  /// The operations of the plain patch `text` (its bytes `buffer`), read
  /// in chunks on every core when it is long enough for `chunking`, else
  /// in one pass; `nil` when it is not a plain patch. The same operations
  /// as one pass: each chunk starts at the first operation that seems to
  /// start after its cut (``operationStart(in:from:)``), and a chunk whose
  /// guess was wrong (it is not where the operations before it end) is
  /// read again from there (`ChunkedScan.runTakingInOrder`).
  ///
  /// - Complexity: O(n) in the length of the text.
  static func operations(
    of text: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, chunking: ScanChunking
  ) -> [JSONPatchOperation]? {
    var reader = RawPatchReader(
      text: text,
      lexer: JSONLexer(
        bytes: buffer, range: JSONReader.byteOrderMarkLength(buffer)..<buffer.count))
    guard let start = reader.firstOperationStart(),
      let bounds = chunking.bounds(from: start, to: buffer.count)
    else { return try? reader.operations() }
    let read = ChunkedOperations()
    do {
      _ = try ChunkedScan.runTakingInOrder(
        bounds: bounds, releasing: nil, guess: { operationStart(in: buffer, from: $0) },
        scan: { start, limit in
          var chunk = RawPatchReader(
            text: text, lexer: JSONLexer(bytes: buffer, range: start..<buffer.count))
          do {
            let part = try chunk.operations(upTo: limit)
            return (.success(part), chunk.lexer.position)
          } catch {
            return (.failure(InputError("not a plain patch")), start)
          }
        },
        take: { part in
          read.operations.append(contentsOf: part.operations)
          read.closed = part.closed
          return part.closed
        })
    } catch {
      return nil
    }
    return read.closed ? read.operations : nil
  }

  /// Where the first operation starts, after the array's `[` and
  /// whitespace, or `nil` when the text does not start so; the lexer is
  /// left where it was.
  private func firstOperationStart() -> Int? {
    var lexer = self.lexer
    lexer.skipWhitespace()
    guard !lexer.atEnd, lexer.current == UInt8(ascii: "[") else { return nil }
    lexer.position += 1
    lexer.skipWhitespace()
    guard !lexer.atEnd, lexer.current == UInt8(ascii: "{") else { return nil }
    return lexer.position
  }

  /// A guess at the first operation that starts at or after `cut`: a `{`
  /// after a `}` and a `,` (whitespace between them), as between two
  /// operations; the end of the text when there is none. A guess may be
  /// wrong (the same bytes inside a value); the join finds it so.
  static func operationStart(in bytes: UnsafeBufferPointer<UInt8>, from cut: Int) -> Int {
    var index = cut
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "{"), follows(bytes, before: index, UInt8(ascii: ",")),
        let comma = previous(bytes, before: index),
        follows(bytes, before: comma, UInt8(ascii: "}"))
      {
        return index
      }
      index += 1
    }
    return bytes.count
  }

  /// Where the last byte other than whitespace before `index` is.
  private static func previous(_ bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> Int? {
    var at = index - 1
    while at >= 0, isWhitespace(bytes[at]) { at -= 1 }
    return at >= 0 ? at : nil
  }

  /// Whether `byte` is JSON whitespace.
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// Whether the last byte other than whitespace before `index` is `byte`.
  private static func follows(
    _ bytes: UnsafeBufferPointer<UInt8>, before index: Int, _ byte: UInt8
  ) -> Bool {
    previous(bytes, before: index).map { bytes[$0] == byte } ?? false
  }
}

/// The operations of a patch read in chunks, joined in order by one thread
/// at a time (`ChunkedScan.runTakingInOrder`'s `take`).
private final class ChunkedOperations: @unchecked Sendable {
  var operations: [JSONPatchOperation] = []
  var closed = false
}
