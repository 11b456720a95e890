import TestSupport

/// Random JSON text for the tests that hold the quick skips to the token
/// loop: values nested a few levels deep, made of the given member names
/// and string pieces (escapes and non-ASCII text among them) and the
/// numbers and literals of JSON, whitespace around every token; and
/// copies of a text with mistakes in them.
struct RandomJSONText {
  /// The member names, as written between the quotes.
  let names: [String]
  /// The pieces the strings are made of, as written.
  let strings: [String]

  private static let numbers = [
    "0", "-0", "12", "-3.25", "1e5", "1E+5", "-2.5e-3", "123456789012345678901", "0.5", "10",
    "6223.24", "-12345678901234.5",
  ]
  private static let spaces = ["", "", "", " ", "\t", "\r", "\n", "  "]

  /// Whitespace, mostly none.
  func space(_ random: inout SeededGenerator) -> String {
    Self.spaces.randomElement(using: &random)!
  }

  /// A value at `depth`: from depth 4 on, no more arrays or objects.
  func value(_ depth: Int, _ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<(depth > 3 ? 3 : 5), using: &random) {
    case 0:
      let pieces = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        strings.randomElement(using: &random)!
      }
      return "\"" + pieces.joined() + "\""
    case 1: return Self.numbers.randomElement(using: &random)!
    case 2: return ["true", "false", "null"].randomElement(using: &random)!
    case 3:
      let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        space(&random) + value(depth + 1, &random) + space(&random)
      }
      return "[" + space(&random) + elements.joined(separator: ",") + "]"
    default: return object(depth, &random)
    }
  }

  /// An object at `depth`.
  func object(_ depth: Int, _ random: inout SeededGenerator) -> String {
    "{" + space(&random) + members(depth, &random).joined(separator: ",") + "}"
  }

  /// The members of an object at `depth`, each with the whitespace around
  /// it.
  func members(_ depth: Int, _ random: inout SeededGenerator) -> [String] {
    (0..<Int.random(in: 0...6, using: &random)).map { _ in
      space(&random) + "\"" + names.randomElement(using: &random)! + "\"" + space(&random) + ":"
        + space(&random) + value(depth + 1, &random) + space(&random)
    }
  }

  /// `text` with one to three mistakes: a byte replaced, removed or
  /// doubled.
  static func damaged(_ text: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var text = text
    let bytes: [UInt8] = Array("\"{}[],:\n\r\\x1e.- u".utf8) + [0xFF, 0xC3, 0x80, 0x01]
    for _ in 0..<Int.random(in: 1...3, using: &random) where !text.isEmpty {
      let position = Int.random(in: 0..<text.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: text[position] = bytes.randomElement(using: &random)!
      case 1: text.remove(at: position)
      default: text.insert(text[position], at: position)
      }
    }
    return text
  }
}
