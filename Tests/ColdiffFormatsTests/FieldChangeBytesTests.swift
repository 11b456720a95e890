import ColdiffFormats
import TestSupport
import Testing

/// The byte-level comparison of two records gives exactly the changes of
/// the comparison of their parsed values.
@Suite struct FieldChangeBytesTests {
  /// The changes by both routes, for two JSON texts.
  private func bothWays(_ old: String, _ new: String) throws -> ([FieldChange], [FieldChange]) {
    let oldBytes = Array(old.utf8)
    let newBytes = Array(new.utf8)
    let byValues = FieldChange.between(
      try JSONReader.parse(oldBytes), try JSONReader.parse(newBytes))
    let byBytes = oldBytes.withUnsafeBufferPointer { mine in
      newBytes.withUnsafeBufferPointer { theirs in
        FieldChange.between(mine, 0..<mine.count, theirs, 0..<theirs.count)
      }
    }
    return (byValues, byBytes)
  }

  @Test(arguments: [
    (#"{"id":1,"a":"x","b":2}"#, #"{"id":1,"a":"y","b":2}"#),
    (#"{"id":1,"a":"x"}"#, #"{"a":"x","id":1}"#),
    (#"{"id":1, "a" : 1.0 }"#, #"{"id":1,"a":1}"#),
    (#"{"id":1,"n":{"c":"L","z":"1"}}"#, #"{"id":1,"n":{"z":"1","c":"M"}}"#),
    (#"{"n":{"m":{"a":1,"b":[2]},"x":"y"}}"#, #"{"n":{"m":{"b":[3],"c":1},"x":{}}}"#),
    (#"{"n":{"a":1,"a":2}}"#, #"{"n":{"a":3}}"#),
    (#"{"id":1,"a":"x","a":"y"}"#, #"{"id":1,"a":"y"}"#),
    (#"{"id":1,"\u0061":"x"}"#, #"{"id":1,"a":"y"}"#),
    (#"{"id":1,"s":"\u0041"}"#, #"{"id":1,"s":"A"}"#),
    (#"{"id":1,"gone":[1,2]}"#, #"{"id":1,"new":{"k":null}}"#),
    (#"{}"#, #"{"id":true}"#),
    (#"[1,2]"#, #"{"id":1}"#),
    // Names alike in their length and first seven bytes.
    (#"{"address1":"x","address2":"y"}"#, #"{"address2":"y","address1":"z"}"#),
    (#"{"address1":"x","address1":"y"}"#, #"{"address1":"y","address2":"y"}"#),
    (#"{"addressA":1}"#, #"{"addressB":1}"#),
    (#""text""#, #""other""#),
  ])
  func knownPairsAgree(old: String, new: String) throws {
    let (byValues, byBytes) = try bothWays(old, new)
    #expect(byBytes == byValues)
  }

  @Test func seededPairsAgree() throws {
    var random = SeededGenerator(seed: 61)
    let names = ["id", "a", "b", "c", "é", "d\\\"q", "address1", "address2"]
    let values = [
      "1", "1.0", "-2e3", "\"x\"", "\"\\u0078\"", "null", "true", "[1, 2]", "[]", "{}",
      "{\"k\": 1}", "{\"k\": 1.00, \"j\": [false]}",
    ]
    // Objects nested up to three deep, compared member by member at
    // every level (the changes' paths then have the names above them).
    func object(_ depth: Int = 0) -> String {
      let count = Int.random(in: 0...5, using: &random)
      let members = (0..<count).map { _ in
        let space = Bool.random(using: &random) ? " " : ""
        let nested = depth < 2 && Int.random(in: 0..<4, using: &random) == 0
        return "\"\(names.randomElement(using: &random)!)\"\(space):\(space)"
          + (nested ? object(depth + 1) : values.randomElement(using: &random)!)
      }
      return "{" + members.joined(separator: ",") + "}"
    }
    for _ in 0..<2_000 {
      let (old, new) = (object(), object())
      let (byValues, byBytes) = try bothWays(old, new)
      #expect(byBytes == byValues, "\(old) → \(new)")
    }
  }
}
