import ColdiffFormats
import Glibc

/// Finds the places where an input can be cut between two records, byte
/// by byte, so that a window of whole records can be read on its own
/// (bucketed execution reads an input window by window).
///
/// It does not validate: the window's scan does. It tracks only what
/// decides a boundary: strings and nesting for JSON, quotes for a table.
struct RecordCutter {
  /// How records are separated.
  enum Kind: Equatable {
    /// The members of a top-level array or object, separated by `,`.
    case container
    /// One record a line (JSON Lines).
    case lines
    /// Rows of a table, ended by a line feed outside quotes.
    case table
  }

  /// A place to cut: the window ends before `end` and the next one
  /// starts at `next` (after the `,` of a container, at `end` otherwise).
  struct Cut: Equatable {
    var end: Int
    var next: Int
  }

  let kind: Kind
  private var depth = 0
  private var inString = false
  private var escaped = false

  /// A cutter for `kind`, at the start of the input, or at a cut when
  /// `atCut` (inside a JSON container, outside any string).
  init(_ kind: Kind, atCut: Bool = false) {
    self.kind = kind
    if atCut && kind == .container { depth = 1 }
  }

  /// Scans `buffer`, whose first byte is at `offset` in the input, on from
  /// where the last call stopped.
  ///
  /// - Returns: the last cut in `buffer` (the first when `first`), if any.
  /// - Complexity: O(buffer.count).
  mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, offset: Int, first: Bool = false)
    -> Cut?
  {
    switch kind {
    case .container: return scanContainer(buffer, offset: offset, first: first)
    case .lines: return scanLines(buffer, offset: offset, first: first)
    case .table: return scanTable(buffer, offset: offset, first: first)
    }
  }

  private mutating func scanContainer(
    _ buffer: UnsafeBufferPointer<UInt8>, offset: Int, first: Bool
  ) -> Cut? {
    var cut: Cut?
    var index = 0
    while index < buffer.count {
      if inString {
        index = skipString(buffer, from: index)
        continue
      }
      let byte = buffer[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      case UInt8(ascii: ",") where depth == 1:
        cut = Cut(end: offset + index - 1, next: offset + index)
        if first { return cut }
      default: break
      }
    }
    return cut
  }

  /// Skips to the end of the string the scan is in (after its closing
  /// quote), or to the end of `buffer`: from quote to quote (`memchr`),
  /// a quote after an odd run of backslashes being escaped.
  ///
  /// - Returns: where the scan goes on.
  private mutating func skipString(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let base = buffer.baseAddress!
    var index = start
    while true {
      let rest = buffer.count - index
      let found = rest > 0 ? memchr(base + index, Int32(UInt8(ascii: "\"")), rest) : nil
      let end = found.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base }
      // The backslashes right before the quote (or the end), and whether
      // the byte after them is escaped.
      var run = 0
      let stop = end ?? buffer.count
      while stop - run > index && base[stop - run - 1] == UInt8(ascii: "\\") { run += 1 }
      let carried = stop - run == index && escaped ? 1 : 0
      let isEscaped = (run + carried) % 2 == 1
      guard let end else {
        escaped = isEscaped
        return buffer.count
      }
      escaped = false
      index = end + 1
      if !isEscaped {
        inString = false
        return index
      }
    }
  }

  private func scanLines(_ buffer: UnsafeBufferPointer<UInt8>, offset: Int, first: Bool) -> Cut? {
    guard let last = first ? buffer.firstIndex(of: 0x0A) : buffer.lastIndex(of: 0x0A) else {
      return nil
    }
    return Cut(end: offset + last + 1, next: offset + last + 1)
  }

  /// Rows end at a line feed outside quotes; every quote opens or closes
  /// a quoted stretch (a doubled quote closes and opens again). Jumps from
  /// quote to quote (`memchr`), looking for line feeds only between them.
  private mutating func scanTable(_ buffer: UnsafeBufferPointer<UInt8>, offset: Int, first: Bool)
    -> Cut?
  {
    guard let base = buffer.baseAddress else { return nil }
    var cut: Cut?
    var index = 0
    while index < buffer.count {
      let quote = RecordCutter.find(UInt8(ascii: "\""), in: base, from: index, to: buffer.count)
      if !inString {
        // The line feeds before the next quote are outside quotes.
        let lineFeed =
          first
          ? RecordCutter.find(0x0A, in: base, from: index, to: quote)
          : RecordCutter.findLast(0x0A, in: base, from: index, to: quote)
        if lineFeed < quote {
          cut = Cut(end: offset + lineFeed + 1, next: offset + lineFeed + 1)
          if first { return cut }
        }
      }
      guard quote < buffer.count else { break }
      inString.toggle()
      index = quote + 1
    }
    return cut
  }

  /// The first `byte` in `from..<to` of `base`, or `to`.
  private static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int
  {
    guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return to }
    return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
  }

  /// The last `byte` in `from..<to` of `base`, or `to` (searched from the
  /// end: a row's line feed is near it).
  private static func findLast(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int)
    -> Int
  {
    var index = to
    while index > from {
      index -= 1
      if base[index] == byte { return index }
    }
    return to
  }

  /// Where the top-level value that starts the buffer ends, scanning a
  /// JSON document from its start (to tell an object from JSON Lines).
  ///
  /// - Returns: the offset after its closing bracket, or `nil` when it
  ///   does not end in `buffer`; `depth` carries on into the next call.
  mutating func endOfFirstValue(_ buffer: UnsafeBufferPointer<UInt8>, offset: Int) -> Int? {
    for index in buffer.indices {
      let byte = buffer[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return offset + index + 1 }
      default: break
      }
    }
    return nil
  }

  /// Where the first row of a table ends: after its line feed outside
  /// quotes, or at the end of `buffer`.
  static func endOfFirstRow(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
    var quoted = false
    for index in buffer.indices {
      if buffer[index] == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if buffer[index] == 0x0A && !quoted {
        return index + 1
      }
    }
    return buffer.count
  }
}
