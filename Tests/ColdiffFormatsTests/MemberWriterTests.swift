import TestSupport
import Testing

@testable import ColdiffFormats

/// A list element's members written by `MemberWriter`: a position's index
/// written digit by digit is `String(index)`, names between quotes.
@Suite struct MemberWriterTests {
  @Test func numbersAreWrittenAsStringSpellsThem() {
    var random = SeededGenerator(seed: 10)
    var numbers = [0, 1, 9, 10, 99, 100, 269, 1_000_000, -1, -42, Int.max, Int.min]
    numbers += [999_999_999_999_999, 9_999_999_999_999_999, 10_000_000_000_000_000]
    numbers += (0..<200).map { _ in
      Int.random(in: 0...Int.max, using: &random) >> Int.random(in: 0...62, using: &random)
    }
    for number in numbers {
      var out = Array("x".utf8)
      MemberWriter.appendDecimal(number, to: &out)
      #expect(out == Array("x\(number)".utf8))
    }
  }

  @Test func membersAreSeparatedAndQuoted() {
    var out: [UInt8] = []
    var members = MemberWriter()
    members.position(.index(269), to: &out)
    members.position(.index(7), label: "to", to: &out)
    members.value("key", .string(JSONString("C1")), to: &out)
    members.reference("after", .null, to: &out)
    let text = String(decoding: out, as: UTF8.self)
    #expect(text == #""index": 269, "to": 7, "key": "C1", "after": null"#)
  }
}
