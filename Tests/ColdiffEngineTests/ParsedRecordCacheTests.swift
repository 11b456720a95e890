import ColdiffFormats
import Testing

@testable import ColdiffEngine

@Suite struct ParsedRecordCacheTests {
  @Test func parsesARecordAgainOnlyAfterAnotherWasAskedFor() {
    let cache = ParsedRecordCache()
    var parsed: [Int] = []
    let parse = { (record: Int) -> JSONValue in
      parsed.append(record)
      return .string(JSONString(utf8: Array("record \(record)".utf8)))
    }
    let values = [3, 3, 3, 5, 3, 3].map { cache.value(of: Int32($0), parse: parse) }
    #expect(parsed == [3, 5, 3])
    #expect(
      values == [3, 3, 3, 5, 3, 3].map { .string(JSONString(utf8: Array("record \($0)".utf8))) })
  }
}
