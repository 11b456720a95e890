/// Writes validated JSON text in a compact style (no indentation), as
/// `TextWriter` writes it, in runs: compact output is the text without
/// its whitespace, each `,` the style's comma and each `:` its colon (all
/// of them structural outside strings), so every run of bytes between
/// whitespace, separators the style writes otherwise, and replaced values
/// is copied at once (strings passed over by `ValidatedJSON`). A record
/// written compactly, the usual case for JSON Lines and one record a
/// line, is one copy but for its replacements.
struct CompactTextWriter {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The style's separators, and whether each is the single byte it
  /// replaces (then the text's own is kept in the run).
  let comma: [UInt8]
  let colon: [UInt8]
  private let plainComma: Bool
  private let plainColon: Bool

  init(bytes: UnsafeBufferPointer<UInt8>, comma: [UInt8], colon: [UInt8]) {
    self.bytes = bytes
    (self.comma, self.colon) = (comma, colon)
    plainComma = comma == [UInt8(ascii: ",")]
    plainColon = colon == [UInt8(ascii: ":")]
  }

  /// Writes the value at `range`, each value that starts at the start of
  /// a range of `replacing` written as that replacement's validated JSON
  /// text instead (the first such replacement, as `TextWriter` takes it;
  /// one inside a replaced value is passed over with it).
  func write(
    _ range: Range<Int>, replacing: [(value: Range<Int>, json: [UInt8])], to out: inout [UInt8]
  ) {
    guard let base = bytes.baseAddress else { return }
    let text = ValidatedJSON(bytes)
    // The replacements by where they start, the first given first among
    // those that start together.
    let order = replacing.indices.sorted {
      (replacing[$0].value.lowerBound, $0) < (replacing[$1].value.lowerBound, $1)
    }
    var next = 0
    func start(of next: Int) -> Int {
      next < order.count ? replacing[order[next]].value.lowerBound : .max
    }
    var nextStart = start(of: 0)
    var runStart = range.lowerBound
    var index = range.lowerBound
    let end = range.upperBound
    func flush(upTo runEnd: Int) {
      if runEnd > runStart {
        out.append(
          contentsOf: UnsafeBufferPointer(start: base + runStart, count: runEnd - runStart))
      }
    }
    while index < end {
      if index >= nextStart {
        if index == nextStart {
          let replacement = replacing[order[next]]
          flush(upTo: index)
          replacement.json.withUnsafeBufferPointer { json in
            CompactTextWriter(bytes: json, comma: comma, colon: colon)
              .write(0..<json.count, replacing: [], to: &out)
          }
          index = replacement.value.upperBound
          runStart = index
        }
        next += 1
        nextStart = start(of: next)
        continue
      }
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        var escaped = false
        index = text.endOfString(index, escaped: &escaped)
        continue
      }
      // Outside strings, a byte up to a space in valid text is whitespace,
      // left out; a separator the style writes otherwise is written so.
      let isComma = byte == UInt8(ascii: ",") && !plainComma
      guard byte <= 0x20 || isComma || (byte == UInt8(ascii: ":") && !plainColon) else {
        index += 1
        continue
      }
      flush(upTo: index)
      if byte > 0x20 { out += isComma ? comma : colon }
      index += 1
      runStart = index
    }
    flush(upTo: end)
  }
}
