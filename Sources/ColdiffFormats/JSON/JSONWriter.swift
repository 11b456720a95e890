/// Writes `JSONValue`s as JSON text in a given style, keeping the written
/// text of numbers and strings (`1.50` stays `1.50`, `"\u00e9"` stays
/// escaped).
///
/// Indented text follows `jq .` and Python's `json.dumps(x, indent=N)`:
/// one element or member a line, `,` at the end of the line, the closing
/// bracket on its own line at the container's indentation, and empty
/// containers as `[]` and `{}`.
public enum JSONWriter {
  /// Appends a value.
  ///
  /// The value starts where `out` ends (no indentation is written before
  /// it); its nested lines are indented as a value `depth` levels deep in
  /// its document (1 for the records of a top-level array or object).
  ///
  /// - Parameters:
  ///   - value: the value.
  ///   - style: how to write it.
  ///   - depth: the nesting depth of the value in its document.
  ///   - out: where to append.
  /// - Complexity: O(n) in the written size.
  public static func write(
    _ value: JSONValue, style: JSONStyle, depth: Int = 0, to out: inout [UInt8]
  ) {
    // A scalar reads the same in every style: no writer is set up for it
    // (a document's changed fields are mostly scalars).
    if writeScalar(value, to: &out) { return }
    let writer = Writer(style: style)
    writer.write(value, depth: depth, to: &out)
  }

  /// Appends `value` when it is a scalar, its text the same in every
  /// style, and says whether it was one (nothing is written for an array
  /// or an object).
  @inline(__always)
  static func writeScalar(_ value: JSONValue, to out: inout [UInt8]) -> Bool {
    switch value {
    case .null: out += "null".utf8
    case .bool(let flag): out += (flag ? "true" : "false").utf8
    case .number(let number): number.text.withUnsafeBufferPointer { out.append(contentsOf: $0) }
    case .string(let string): write(string, to: &out)
    case .array, .object: return false
    }
    return true
  }

  /// Writes a whole document: the value, then a line ending when the style
  /// has a final new line.
  ///
  /// - Parameters:
  ///   - value: the document's value.
  ///   - style: how to write it.
  /// - Returns: the document's bytes.
  /// - Complexity: O(n) in the written size.
  public static func document(_ value: JSONValue, style: JSONStyle) -> [UInt8] {
    var out: [UInt8] = []
    write(value, style: style, to: &out)
    if style.finalNewline { out += style.lineEnding }
    return out
  }

  /// Appends a string with its quotes, as written.
  ///
  /// - Parameters:
  ///   - string: the string.
  ///   - out: where to append.
  public static func write(_ string: JSONString, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Through its buffer: appending the array counted a reference to it
    // and let it go again.
    string.raw.withUnsafeBufferPointer { out.append(contentsOf: $0) }
    out.append(UInt8(ascii: "\""))
  }
}

/// The state of one write: the style's indentation bytes, computed once.
/// (`JSONWriter+Text` writes validated text with the same separators.)
struct Writer {
  let style: JSONStyle
  let unit: [UInt8]

  init(style: JSONStyle) {
    self.style = style
    unit = style.indentUnit
  }

  /// Writes `value`, following nesting with an explicit stack so that deep
  /// values cannot overflow the thread's stack.
  func write(_ value: JSONValue, depth: Int, to out: inout [UInt8]) {
    var frames: [WriterFrame] = []
    var next: (value: JSONValue, depth: Int)? = (value, depth)
    while true {
      if let (value, depth) = next {
        next = nil
        // A scalar is written whole; a container opens a frame.
        switch value {
        case .array(let elements):
          out.append(UInt8(ascii: "["))
          frames.append(
            WriterFrame(isObject: false, elements: elements, members: [], depth: depth))
        case .object(let object):
          out.append(UInt8(ascii: "{"))
          frames.append(
            WriterFrame(isObject: true, elements: [], members: object.members, depth: depth))
        case .null, .bool, .number, .string: _ = JSONWriter.writeScalar(value, to: &out)
        }
      }
      guard var frame = frames.popLast() else { return }
      let isObject = frame.isObject
      let count = isObject ? frame.members.count : frame.elements.count
      guard frame.written < count else {
        close(
          isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"), empty: count == 0, depth: frame.depth,
          to: &out)
        continue
      }
      separate(first: frame.written == 0, depth: frame.depth + 1, to: &out)
      if isObject {
        let member = frame.members[frame.written]
        JSONWriter.write(member.name, to: &out)
        out += style.colon
        next = (member.value, frame.depth + 1)
      } else {
        next = (frame.elements[frame.written], frame.depth + 1)
      }
      frame.written += 1
      frames.append(frame)
    }
  }

  /// Writes what comes before an element at `depth`.
  func separate(first: Bool, depth: Int, to out: inout [UInt8]) {
    if unit.isEmpty {
      if !first { out += style.comma }
    } else {
      if !first { out.append(UInt8(ascii: ",")) }
      newLine(depth: depth, to: &out)
    }
  }

  /// Writes a closing bracket.
  func close(_ bracket: UInt8, empty: Bool, depth: Int, to out: inout [UInt8]) {
    if !empty && !unit.isEmpty { newLine(depth: depth, to: &out) }
    out.append(bracket)
  }

  /// Writes a line ending and the indentation of `depth`.
  private func newLine(depth: Int, to out: inout [UInt8]) {
    out += style.lineEnding
    for _ in 0..<depth { out += unit }
  }
}

/// An array or object being written.
private struct WriterFrame {
  /// Whether the container is an object.
  let isObject: Bool
  /// The elements of an array (empty for an object).
  let elements: [JSONValue]
  /// The members of an object (empty for an array).
  let members: [JSONObject.Member]
  /// The container's nesting depth.
  let depth: Int
  /// How many elements or members are written.
  var written = 0
}
