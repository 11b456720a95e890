/// The `matched` list of a shard document read line by line, as the
/// writer writes it, without building a value per entry: the bulk of a
/// shard document, one line per matched record.
///
/// Only plain lines are read here: `    [OLD, NEW, KEY]` (a fourth member
/// for NEW's key) whose keys are numbers or strings without escapes; any
/// other text leaves the whole document to the value reader.
struct ShardMatchedLines {
  /// The document with `"matched": []` in place of the list.
  let rest: [UInt8]
  /// Each entry: the positions and the keys' JSON text.
  private let entries: [(old: Int, new: Int, key: ArraySlice<UInt8>, newKey: ArraySlice<UInt8>?)]

  private static let opening = Array("\n  \"matched\": [".utf8)

  /// Reads the list out of `bytes`, or `nil` when it is not plain.
  ///
  /// - Complexity: O(size of the document).
  init?(_ bytes: [UInt8]) {
    guard let start = ShardMatchedLines.find(ShardMatchedLines.opening, in: bytes) else {
      return nil
    }
    var reader = LineReader(bytes: bytes, position: start + ShardMatchedLines.opening.count)
    var entries: [(old: Int, new: Int, key: ArraySlice<UInt8>, newKey: ArraySlice<UInt8>?)] = []
    repeat {
      guard reader.expect("\n    ["), let old = reader.int(), reader.expect(", "),
        let new = reader.int(), reader.expect(", "), let key = reader.key()
      else { return nil }
      var newKey: ArraySlice<UInt8>?
      if reader.expect(", ") {
        guard let second = reader.key() else { return nil }
        newKey = second
      }
      guard reader.expect("]") else { return nil }
      entries.append((old, new, key, newKey))
    } while reader.expect(",")
    guard reader.expect("\n  ]") else { return nil }
    self.entries = entries
    let listStart = start + ShardMatchedLines.opening.count - 1
    rest = Array(bytes[..<listStart]) + Array("[]".utf8) + Array(bytes[reader.position...])
  }

  /// The matches under `identity`, or `nil` when a key cannot be one.
  func matches(for identity: Identity) -> [ShardDocument.Match]? {
    func key(_ text: ArraySlice<UInt8>) -> [UInt8]? {
      if case .fields = identity { return Array(text) }
      // A member name or a record's text: a string, no escapes to decode.
      guard text.first == UInt8(ascii: "\"") else { return nil }
      return Array(text.dropFirst().dropLast())
    }
    var matches: [ShardDocument.Match] = []
    matches.reserveCapacity(entries.count)
    for entry in entries {
      guard let oldKey = key(entry.key) else { return nil }
      var newKey: [UInt8]?
      if let text = entry.newKey {
        guard let decoded = key(text) else { return nil }
        newKey = decoded
      }
      matches.append(
        ShardDocument.Match(old: entry.old, new: entry.new, oldKey: oldKey, newKey: newKey))
    }
    return matches
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var index = 0
    while index <= bytes.count - needle.count {
      if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }
}

/// A cursor over the bytes of a shard document's `matched` list.
private struct LineReader {
  let bytes: [UInt8]
  var position: Int

  /// Steps over `text` when it comes next.
  mutating func expect(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let matches = text.withUTF8Buffer { bytes[position..<(position + count)].elementsEqual($0) }
    if matches { position += count }
    return matches
  }

  /// A position: decimal digits, at most 18.
  mutating func int() -> Int? {
    var value = 0
    let start = position
    while position < bytes.count, position - start < 18,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    {
      value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
      position += 1
    }
    return position > start ? value : nil
  }

  /// A key: a number's text, or a string without escapes or control
  /// characters, quotes included.
  mutating func key() -> ArraySlice<UInt8>? {
    let start = position
    guard position < bytes.count else { return nil }
    if bytes[position] == UInt8(ascii: "\"") {
      position += 1
      while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
        guard bytes[position] >= 0x20, bytes[position] != UInt8(ascii: "\\") else { return nil }
        position += 1
      }
      guard position < bytes.count else { return nil }
      position += 1
      return bytes[start..<position]
    }
    let numeric = Array("0123456789-+.eE".utf8)
    while position < bytes.count, numeric.contains(bytes[position]) { position += 1 }
    return position > start ? bytes[start..<position] : nil
  }
}
