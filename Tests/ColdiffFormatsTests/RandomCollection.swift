import ColdiffFormats
import TestSupport

/// Random JSON collections and CSV files in the layouts people write,
/// for the chunked scan's tests.
enum RandomCollection {
  /// A number for each form to seed a test's generator with: the same in
  /// every run (a `hashValue` is seeded afresh in each process).
  static func seed(_ form: InputForm) -> UInt64 {
    switch form {
    case .jsonLines: 1
    case .jsonArray: 2
    case .jsonObject: 3
    case .jsonObjectOrLines: 4
    case .csv: 5
    case .tsv: 6
    }
  }

  /// A JSON collection of `form`: JSON Lines (LF or CRLF, blank lines),
  /// or an array or object one element a line or indented as `jq .`
  /// writes it, with a byte order mark now and then.
  static func json(_ form: InputForm, using random: inout SeededGenerator) -> [UInt8] {
    let count = Int.random(in: 0...30, using: &random)
    let pretty = Bool.random(using: &random)
    let values = (0..<count).map { record($0, pretty: pretty, using: &random) }
    var text = Bool.random(using: &random) && count > 0 ? "\u{FEFF}" : ""
    switch form {
    case .jsonLines:
      let ending = Bool.random(using: &random) ? "\n" : "\r\n"
      for value in values {
        text += record(flat: value) + ending
        if Int.random(in: 0..<8, using: &random) == 0 { text += "  " + ending }
      }
    default:
      let isObject = form == .jsonObject
      let indent = pretty ? "  " : ""
      var entries = values.enumerated().map { index, value in
        indent + (isObject ? "\"m\(index)\": " : "") + (pretty ? value : record(flat: value))
      }
      if !pretty && !entries.isEmpty && Bool.random(using: &random) {
        // An element whose inner lines look like the starts of elements:
        // the chunks' guesses there are wrong.
        let inner = "[\n{\"id\": 1},\n{\"id\": 2},\n{\"id\": 3}\n]"
        let at = Int.random(in: 0..<entries.count, using: &random)
        entries[at] = (isObject ? "\"inner\": " : "") + inner
      }
      text += (isObject ? "{\n" : "[\n") + entries.joined(separator: ",\n")
      text += isObject ? "\n}\n" : "\n]\n"
    }
    return Array(text.utf8)
  }

  /// A CSV file: quoted fields with delimiters, doubled quotes and line
  /// endings inside, quotes inside unquoted fields, LF or CRLF, a byte
  /// order mark or empty lines at the end now and then.
  static func csv(using random: inout SeededGenerator) -> [UInt8] {
    let columns = Int.random(in: 1...4, using: &random)
    let ending = Bool.random(using: &random) ? "\n" : "\r\n"
    var text = Bool.random(using: &random) ? "\u{FEFF}" : ""
    let header = (0..<columns).map { $0 == 0 ? "id" : "c\($0)" }
    text += header.joined(separator: ",") + ending
    for row in 0..<Int.random(in: 0...30, using: &random) {
      let fields = (0..<columns).map { column in
        column == 0 ? String(row) : field(using: &random)
      }
      text += fields.joined(separator: ",") + ending
    }
    if Int.random(in: 0..<4, using: &random) == 0 { text += ending + ending }
    return Array(text.utf8)
  }

  /// `text` with one mistake: a byte replaced, removed or doubled.
  static func damaged(_ text: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
    guard !text.isEmpty else { return Array("x".utf8) }
    var damaged = text
    let position = Int.random(in: 0..<text.count, using: &random)
    let bytes: [UInt8] = Array("\"{}[],:\n\r\\x1 ".utf8) + [0xFF, 0xC3]
    switch Int.random(in: 0..<3, using: &random) {
    case 0: damaged[position] = bytes.randomElement(using: &random)!
    case 1: damaged.remove(at: position)
    default: damaged.insert(damaged[position], at: position)
    }
    return damaged
  }

  private static func record(_ id: Int, pretty: Bool, using random: inout SeededGenerator)
    -> String
  {
    let inner = pretty ? "\n      " : ""
    let close = pretty ? "\n    " : ""
    let nested =
      "{\(inner)\"a\": [1, {\"b\": null}],\(inner)\"c\": \(string(using: &random))\(close)}"
    let separator = pretty ? ",\n    " : ", "
    let members = [
      "\"id\": \(Bool.random(using: &random) ? String(id) : "\"k\(id)\"")",
      "\"name\": \(string(using: &random))",
      "\"n\": \(Int.random(in: -5...5000, using: &random)).5e1",
      "\"nested\": \(nested)",
    ].shuffled(using: &random)
    return pretty
      ? "{\n    " + members.joined(separator: separator) + "\n  }"
      : "{" + members.joined(separator: separator) + "}"
  }

  /// A record on one line.
  private static func record(flat text: String) -> String {
    String(text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " "))
  }

  private static func string(using random: inout SeededGenerator) -> String {
    let pieces = ["a", "é", "\\n", "\\\"", ",", "\\u00e9", " ", "{", "]", "😀"]
    return "\""
      + (0..<Int.random(in: 0...6, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined() + "\""
  }

  private static func field(using random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return ""
    case 1: return "plain é"
    case 2: return "5'11\""
    case 3: return "\"a,b\"\"c\nd\r\ne\""
    default: return "\"\(Int.random(in: 0...99, using: &random))\""
    }
  }

  /// `text` with its lines edited as a new version would be: one line
  /// dropped, one moved, one doubled with a change.
  static func edited(_ text: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
    var lines = text.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    guard lines.count > 6 else { return text }
    lines.remove(at: Int.random(in: 1..<lines.count - 1, using: &random))
    let moved = lines.remove(at: Int.random(in: 1..<lines.count - 1, using: &random))
    lines.insert(moved, at: Int.random(in: 1..<lines.count - 1, using: &random))
    var changed = lines[Int.random(in: 1..<lines.count - 1, using: &random)]
    if let digit = changed.firstIndex(where: { (0x30...0x39).contains($0) }) {
      changed[digit] = changed[digit] == 0x39 ? 0x30 : changed[digit] + 1
    }
    lines.insert(changed, at: Int.random(in: 1..<lines.count - 1, using: &random))
    return Array(lines.joined(separator: [0x0A]))
  }

  /// A CSV file's rows made long enough to be taken whole: a long text
  /// before the first field of each line, the `id` column (the header's
  /// too, a name or a number, unquoted).
  static func longRows(_ text: [UInt8]) -> [UInt8] {
    let padding = Array("padded-to-more-than-thirty-two-bytes-".utf8)
    var result: [UInt8] = []
    for (offset, byte) in text.enumerated() {
      let lineStart = offset == 0 || text[offset - 1] == 0x0A || (offset == 3 && text[0] == 0xEF)
      if lineStart && (byte == UInt8(ascii: "i") || (0x30...0x39).contains(byte)) {
        result += padding
      }
      result.append(byte)
    }
    return result
  }
}
