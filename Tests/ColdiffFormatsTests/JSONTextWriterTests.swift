import ColdiffFormats
import TestSupport
import Testing

/// Validated text written in a style without being parsed gives the bytes
/// `JSONWriter` gives for its parsed value, in every style and at every
/// depth, and a replaced value is written as its replacement's value.
@Suite struct JSONTextWriterTests {
  static let styles: [JSONStyle] = [
    .compact, .jq,
    JSONStyle(indent: .spaces(4), colon: Array(" : ".utf8), comma: Array(", ".utf8)),
    JSONStyle(
      indent: .tab, colon: Array(":".utf8), comma: Array(",".utf8), lineEnding: [0x0D, 0x0A]),
    JSONStyle(indent: .none, colon: Array(": ".utf8), comma: Array(", ".utf8)),
  ]

  static let texts = [
    #"{"id":"C1","name":"A \"b\" \u00e9\\","n":-1.5e+3,"t":true,"f":false,"z":null}"#,
    #"{ "a" : [ 1 , 2 , { } , [ ] , { "b" : [ [ ] ] } ] ,"a":0, "c" : { "d" : "" } }"#,
    "[\n  1,\n  \"x\",\n  {\"k\": [true]}\n]",
    #""just a string""#, "42", "null", "[]", "{}",
  ]

  @Test(arguments: styles.indices, [0, 1, 3])
  func writesWhatTheParsedValueWrites(style: Int, depth: Int) throws {
    for text in Self.texts {
      let bytes = Array(text.utf8)
      var expected: [UInt8] = []
      JSONWriter.write(
        try JSONReader.parse(bytes), style: Self.styles[style], depth: depth, to: &expected)
      var written: [UInt8] = []
      bytes.withUnsafeBufferPointer {
        JSONWriter.write(
          text: $0, 0..<$0.count, style: Self.styles[style], depth: depth, to: &written)
      }
      #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
  }

  @Test(arguments: styles.indices)
  func replacedValuesAreWrittenAsTheirReplacements(style: Int) throws {
    let text = #"{"a": 1, "b": {"c": [1, 2]}, "a": "x", "d": []}"#
    let bytes = Array(text.utf8)
    // The last `a` and `b`, replaced by texts with their own spacing.
    let lastA = try #require(text.utf8.indices(of: #""x""#))
    let bValue = try #require(text.utf8.indices(of: #"{"c": [1, 2]}"#))
    let replacing: [(value: Range<Int>, json: [UInt8])] = [
      (lastA, Array(#"[ 7 , { "e" : null } ]"#.utf8)), (bValue, Array("false".utf8)),
    ]
    let edited = #"{"a": 1, "b": false, "a": [7, {"e": null}], "d": []}"#
    try expectWritten(bytes, replacing: replacing, as: edited, style: style, depth: 1)
  }

  /// Strings of every length up to past two blocks of sixteen bytes, with
  /// spaces, commas, colons and brackets in them and an escaped quote or
  /// backslash at each place (a compact style copies a string in blocks),
  /// the last ones ending at the end of the buffer.
  @Test(arguments: styles.indices)
  func stringsAreCopiedWholeWhereverTheirEscapesFall(style: Int) throws {
    for length in 0...40 {
      for escape in [#"\""#, #"\\"#] {
        for at in stride(from: 0, through: length, by: 3) {
          let filler = Array("a b,c:d{e}[f]g".utf8)
          var content = (0..<length).map { filler[$0 % filler.count] }
          content.insert(contentsOf: Array(escape.utf8), at: at)
          let string = [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
          let text =
            Array(#"{ "k" : [ "#.utf8) + string + Array(" ] , \"s\" : ".utf8) + string
            + Array(" }".utf8)
          var expected: [UInt8] = []
          JSONWriter.write(try JSONReader.parse(text), style: Self.styles[style], to: &expected)
          var written: [UInt8] = []
          text.withUnsafeBufferPointer {
            JSONWriter.write(
              text: $0, 0..<$0.count, style: Self.styles[style], depth: 0, to: &written)
          }
          #expect(
            written == expected, "\(String(decoding: text, as: UTF8.self)) in style \(style)")
        }
      }
    }
  }

  /// A replacement inside a value replaced as a whole is passed over, and
  /// of two that start together the first given is written.
  @Test(arguments: styles.indices)
  func aReplacedValueHidesTheReplacementsInsideIt(style: Int) throws {
    let text = #"{"a": {"b": [1, 2], "c": "x"}, "d": 0}"#
    let bytes = Array(text.utf8)
    let outer = try #require(text.utf8.indices(of: #"{"b": [1, 2], "c": "x"}"#))
    let inner = try #require(text.utf8.indices(of: "[1, 2]"))
    let last = try #require(text.utf8.indices(of: "0}")).lowerBound
    let replacing: [(value: Range<Int>, json: [UInt8])] = [
      (inner, Array("7".utf8)), (last..<(last + 1), Array(#""first""#.utf8)),
      (outer, Array(#"{ "e" : [ ] }"#.utf8)), (last..<(last + 1), Array(#""second""#.utf8)),
    ]
    let edited = #"{"a": {"e": []}, "d": "first"}"#
    try expectWritten(bytes, replacing: replacing, as: edited, style: style, depth: 0)
  }

  /// Expects `bytes` written with `replacing` in style `style` to be what
  /// the parsed value of `edited` is written as.
  private func expectWritten(
    _ bytes: [UInt8], replacing: [(value: Range<Int>, json: [UInt8])], as edited: String,
    style: Int, depth: Int
  ) throws {
    var expected: [UInt8] = []
    JSONWriter.write(
      try JSONReader.parse(Array(edited.utf8)), style: Self.styles[style], depth: depth,
      to: &expected)
    var written: [UInt8] = []
    bytes.withUnsafeBufferPointer {
      JSONWriter.write(
        text: $0, 0..<$0.count, replacing: replacing, style: Self.styles[style], depth: depth,
        to: &written)
    }
    #expect(written == expected)
  }
}

extension String.UTF8View {
  /// The offsets of the first occurrence of `needle`'s bytes.
  fileprivate func indices(of needle: String) -> Range<Int>? {
    let bytes = Array(self)
    let target = Array(needle.utf8)
    guard bytes.count >= target.count else { return nil }
    for start in 0...(bytes.count - target.count)
    where bytes[start..<(start + target.count)].elementsEqual(target) {
      return start..<(start + target.count)
    }
    return nil
  }
}
