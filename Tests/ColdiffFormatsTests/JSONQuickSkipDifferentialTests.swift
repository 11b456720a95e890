import TestSupport
import Testing

@testable import ColdiffFormats

/// `quickSkip` against the token loop: on every JSONTestSuite file, on
/// generated records (records like the benchmark's with non-ASCII text,
/// escapes, long strings, nesting and whitespace, and `RandomJSONText`
/// values) and on thousands
/// of random mutations of them (bytes inserted, removed or replaced by
/// quotes, backslashes, brackets, high bytes, control characters, line
/// feeds), each followed by text of many lengths (the 64-byte blocks of
/// `StringStops` reach past the value and towards the end of the input),
/// in JSON Lines and in a document, with several keys: what the quick
/// skip takes the token loop takes with the same end and key range, and
/// when it gives up `found` is untouched; it takes most records (the
/// counts of those it took).
@Suite struct JSONQuickSkipDifferentialTests {
  /// What a skip makes of a value: its end (-1 when it gives up) and the
  /// key range it leaves in `found`.
  private struct Outcome: Equatable {
    var end: Int
    var key: Range<Int>?
  }

  /// What `found` holds before a skip: a range no skip sets.
  private static let untouched: Range<Int>? = -7..<(-7)

  private static let keys: [[UInt8]?] = [
    Array("id".utf8), Array("name".utf8), Array("identifier_long".utf8), [], Array("é".utf8),
    nil,
  ]

  private static let randomText = RandomJSONText(
    names: ["id", "name", "identifier_long", "", #"i\u0064"#, #"a\"b"#, "é", "idx", "i"],
    strings: [
      "plain", "é", "😀", #"\n"#, #"\u00e9"#, #"\""#, #"\\"#, "abcdefghijklmnopqrstuvwxyz",
      #"\uD800"#, "\u{7F}", #"\/"#,
    ])

  /// The bytes a mutation writes.
  private static let mutationBytes: [UInt8] =
    Array("\"\\{}[]:, \t\r\n0-.eau".utf8) + [
      0x00, 0x01, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF,
    ]

  /// Checks the quick skip of `text` followed by `tail` against the token
  /// loop, in both modes, with every key, at `depth`; returns how many
  /// times the quick skip took it.
  @discardableResult
  private static func compare(_ text: [UInt8], tail: [UInt8], depth: Int = 0) -> Int {
    var taken = 0
    let buffer = text + tail
    buffer.withUnsafeBufferPointer { bytes in
      for stopsAtNewline in [false, true] {
        for key in keys {
          var lexer = JSONLexer(bytes: bytes, range: 0..<bytes.count)
          lexer.stopsAtNewline = stopsAtNewline
          let quickKey = QuickKey(key)
          var found = untouched
          let end = lexer.quickSkip(depth: depth, key: quickKey, found: &found)
          let context =
            "\(String(decoding: text, as: UTF8.self)) + \(tail.count) bytes (lines: \(stopsAtNewline), key: \(key.map { String(decoding: $0, as: UTF8.self) } ?? "none"))"
          guard end >= 0 else {
            #expect(found == untouched, "\(context)")
            continue
          }
          taken += 1
          var stack: [Bool] = []
          let byTokens = Result { () throws(InputError) -> Outcome in
            let found = try lexer.skipValueByTokens(depth: depth, stack: &stack, capturing: key)
            return Outcome(end: lexer.position, key: found)
          }
          #expect((try? byTokens.get()) == Outcome(end: end, key: found), "\(context)")
        }
      }
    }
    return taken
  }

  /// Text to follow a value: spaces, or a line feed and the start of
  /// more records, of a random length up to past two blocks.
  private static func tail(_ random: inout SeededGenerator) -> [UInt8] {
    let count = Int.random(in: 0...(StringStops.reach + 100), using: &random)
    let filler =
      Bool.random(using: &random)
      ? [UInt8](repeating: UInt8(ascii: " "), count: count)
      : Array(("\n" + record(&random) + "\n" + record(&random)).utf8)
    return Array(filler.prefix(count))
  }

  /// A record shaped like the benchmark's (`id`, `name`, ... `address`),
  /// with non-ASCII names, escaped quotes, a long string or whitespace
  /// now and then.
  private static func record(_ random: inout SeededGenerator) -> String {
    let names = ["Wei Becker", "Chloé Becker", "Łukasz Nowak", "Zoë 😀 Ng", "José", "Ann"]
    let companies = [#"The \"Daily\" Planet"#, "Umbrella", #"A\\B\u00e9"#, "Kraków Ltd"]
    let long = String(repeating: "abcdefghij", count: Int.random(in: 6...20, using: &random))
    let space = Int.random(in: 0..<6, using: &random) == 0 ? " " : ""
    let members = [
      "\"id\":\"C\(Int.random(in: 0..<100_000_000, using: &random))\"",
      "\"name\":\"\(names.randomElement(using: &random)!)\"",
      "\"email\":\"\(Bool.random(using: &random) ? long : "a.b86@mail.test")\"",
      "\"age\":\(Int.random(in: 0...99, using: &random))",
      "\"balance\":\(["1454.8", "-3.25e2", "0", "10.05", "7"].randomElement(using: &random)!)",
      "\"active\":\(["true", "false", "null"].randomElement(using: &random)!)",
      "\"company\":\"\(companies.randomElement(using: &random)!)\"",
      "\"tags\":[\(["", "1,2", "\"x\",{}", "[[]]"].randomElement(using: &random)!)]",
      "\"address\":{\"city\":\"Lyon\",\"zip\":\"69001\"}",
    ]
    let chosen = members.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
    return "{" + space + chosen.joined(separator: "," + space) + "}"
  }

  /// `text` with one to four bytes inserted, removed or replaced.
  private static func mutated(_ text: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var text = text
    for _ in 0..<Int.random(in: 1...4, using: &random) where !text.isEmpty {
      let at = Int.random(in: 0..<text.count, using: &random)
      let byte = mutationBytes.randomElement(using: &random)!
      switch Int.random(in: 0..<3, using: &random) {
      case 0: text.insert(byte, at: at)
      case 1: text.remove(at: at)
      default: text[at] = byte
      }
    }
    return text
  }

  @Test func generatedRecordsAndTheirMutations() {
    var random = SeededGenerator(seed: 40_961)
    var taken = 0
    var mutatedTaken = 0
    for round in 0..<20_000 {
      let text =
        round % 3 == 0
        ? Array(Self.randomText.object(0, &random).utf8) : Array(Self.record(&random).utf8)
      let tail = Self.tail(&random)
      taken += Self.compare(text, tail: tail, depth: round % 5 == 0 ? 1 : 0)
      mutatedTaken += Self.compare(Self.mutated(text, &random), tail: tail)
    }
    // The comparisons ran (240,000 of each kind; 120,456 and 22,488 taken
    // when written): half the records are taken (the rest end too near
    // the end of the input, or are left to the token loop at a line feed
    // in JSON Lines), and some mutations too (one inside a string can
    // keep it valid).
    #expect(taken > 100_000)
    #expect(mutatedTaken > 18_000)
  }

  @Test func longStringsAcrossBlocks() {
    var random = SeededGenerator(seed: 5_077)
    var taken = 0
    for length in 0..<200 {
      let run = String(repeating: "x", count: length)
      for special in ["", "é", #"\""#, "😀"] {
        let text = Array("{\"id\":\"\(run)\(special)\",\"n\":[\"\(special)\(run)\"]}".utf8)
        taken += Self.compare(text, tail: Self.tail(&random))
        Self.compare(Self.mutated(text, &random), tail: Self.tail(&random))
      }
    }
    // (5,676 of 9,600 taken when written.)
    #expect(taken > 4_000)
  }

  @Test func theJSONTestSuiteFiles() throws {
    let files = try ProjectPaths.jsonTestSuite("test_parsing")
    #expect(files.count > 300)
    var random = SeededGenerator(seed: 318)
    var taken = 0
    for (_, text) in files {
      taken += Self.compare(text, tail: [UInt8](repeating: 0x20, count: StringStops.reach))
      Self.compare(text, tail: Self.tail(&random))
      Self.compare(Self.mutated(text, &random), tail: Self.tail(&random))
    }
    #expect(taken > 100)
  }
}
