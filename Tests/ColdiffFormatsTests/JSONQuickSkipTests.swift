import Foundation
import TestSupport
import Testing

@testable import ColdiffFormats

/// The quick skip against the token loop it stands in front of: on
/// seeded random values (whitespace, escapes, UTF-8, every kind of
/// number, nesting, member names that are the key written plainly or
/// escaped), damaged or not, followed by padding of every length up to
/// past the room the quick skip needs after what it reads
/// (`StringStops.reach`), in JSON Lines and in a document, with a short
/// key, a long one, an empty one and none: whatever the quick skip takes,
/// the token loop takes with the same end and the same key range.
/// And the JSONTestSuite cases, each as a record followed by padding.
@Suite struct JSONQuickSkipTests {
  /// What the token loop and the quick skip make of one value.
  private struct Outcome: Equatable {
    var end: Int
    var key: Range<Int>?
  }

  private static let names = [
    "id", "name", "identifier_long", "", #"i\u0064"#, #"a\"b"#, "é", "idx", "i",
  ]
  private static let strings = [
    "plain", "é", "😀", #"\n"#, #"\u00e9"#, #"\""#, #"\\"#, "abcdefghijklmnopqrstuvwxyz",
    #"\uD800"#, "\u{7F}", #"\/"#,
  ]
  private static let text = RandomJSONText(names: names, strings: strings)

  /// Checks one value followed by `padding` spaces, in both modes and
  /// with every key; returns how many times the quick skip took it.
  private static func check(_ text: [UInt8], padding: Int, depth: Int = 0) -> Int {
    var taken = 0
    let buffer = text + [UInt8](repeating: UInt8(ascii: " "), count: padding)
    buffer.withUnsafeBufferPointer { bytes in
      for stopsAtNewline in [false, true] {
        for key in [Array("id".utf8), Array("identifier_long".utf8), [], nil] {
          var lexer = JSONLexer(bytes: bytes, range: 0..<bytes.count)
          lexer.stopsAtNewline = stopsAtNewline
          var found: Range<Int>?
          let end = lexer.quickSkip(depth: depth, key: QuickKey(key), found: &found)
          guard end >= 0 else { continue }
          taken += 1
          var stack: [Bool] = []
          let byTokens = Result { () throws(InputError) -> Outcome in
            let key = try lexer.skipValueByTokens(depth: depth, stack: &stack, capturing: key)
            return Outcome(end: lexer.position, key: key)
          }
          let text = String(decoding: text, as: UTF8.self)
          #expect(
            (try? byTokens.get()) == Outcome(end: end, key: found),
            "\(text) (lines: \(stopsAtNewline), key: \(key.map { String(decoding: $0, as: UTF8.self) } ?? "none"))"
          )
        }
      }
    }
    return taken
  }

  @Test func whatTheQuickSkipTakesTheTokenLoopTakesAlike() {
    var random = SeededGenerator(seed: 7_219)
    var taken = 0
    var damagedTaken = 0
    for round in 0..<4_000 {
      var text = Array(Self.text.object(0, &random).utf8)
      if round % 2 == 1 { text = RandomJSONText.damaged(text, &random) }
      // Most with room after them, some without (the margin).
      let least = round % 4 == 0 ? 0 : StringStops.reach
      let padding = Int.random(in: least...(StringStops.reach + 16), using: &random)
      let count = Self.check(text, padding: padding, depth: round % 3 == 0 ? 0 : 1)
      taken += count
      if round % 2 == 1 { damagedTaken += count }
    }
    // The comparisons ran (8,008 and 2,260 of them when written): most
    // undamaged values with room after them are taken, and some damaged
    // ones too (a damage inside a string can keep it valid).
    #expect(taken > 6_000)
    #expect(damagedTaken > 1_500)
  }

  @Test func nestingAtTheLimitsIsLeftToTheTokenLoop() {
    for levels in [62, 63, 64, 65, JSONReader.maximumDepth - 1, JSONReader.maximumDepth + 1] {
      _ = Self.check(Self.nested(levels), padding: StringStops.reach)
      _ = Self.check(Self.nested(levels), padding: StringStops.reach, depth: 1)
    }
    // 63 levels fit the word of kinds; 64 are left to the token loop.
    #expect(Self.check(Self.nested(64), padding: StringStops.reach) == 0)
    #expect(Self.check(Self.nested(63), padding: StringStops.reach) == 8)
    // Near `JSONReader.maximumDepth`, the enclosing depth counts.
    let depth = JSONReader.maximumDepth - 2
    #expect(Self.check(Self.nested(2), padding: StringStops.reach, depth: depth) == 8)
    #expect(Self.check(Self.nested(3), padding: StringStops.reach, depth: depth) == 0)
  }

  /// `levels` arrays, each the only element of the one around it.
  private static func nested(_ levels: Int) -> [UInt8] {
    Array((String(repeating: "[", count: levels) + String(repeating: "]", count: levels)).utf8)
  }

  @Test func theJSONTestSuiteCasesAsRecords() throws {
    let files = try ProjectPaths.jsonTestSuite("test_parsing")
    #expect(files.count > 300)
    var taken = 0
    for (_, text) in files {
      taken += Self.check(text, padding: StringStops.reach)
    }
    #expect(taken > 100)
  }
}
