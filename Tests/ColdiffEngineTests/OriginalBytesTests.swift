import ColdiffFormats
import TestSupport
import Testing

@testable import ColdiffEngine

/// A `test` of an untouched table row, or of one of its fields, is told
/// from the bytes of the row and of the patch's value (`originalBytes`):
/// quoted fields and escaped strings included, a `\u` escape left to the
/// value model.
@Suite struct OriginalBytesTests {
  static let table =
    "id,name,note\n1,Ann,\"a, b\"\n2,\"say \"\"hi\"\"\",\"two\nlines\"\n3,C\\D,a/b\n"

  /// Whether the patch value `json` equals row `row` (or its field
  /// `field`), told from the bytes.
  private func same(_ row: Int32, _ field: String?, _ json: String) throws -> Bool {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("target.csv", Self.table)
    let target = PatchTarget(try Snapshot(InputFile(path: path), override: nil))
    let bytes = Array(json.utf8)
    return bytes.withUnsafeBufferPointer {
      target.originalBytes(
        row, at: field.map { [Array($0.utf8)] } ?? [], equal: 0..<bytes.count, in: $0)
    }
  }

  @Test func fieldsQuotedOrNotAgainstStringsEscapedOrNot() throws {
    #expect(try same(0, "note", #""a, b""#))
    #expect(try same(1, "name", #""say \"hi\"""#))
    #expect(try same(1, "note", #""two\nlines""#))
    #expect(try same(2, "name", #""C\\D""#))
    #expect(try same(2, "note", #""a\/b""#))
    #expect(try same(2, "note", #""a/b""#))
    #expect(try !same(0, "note", #""a, c""#))
    #expect(try !same(0, "note", #""a, b ""#))
    #expect(try !same(1, "name", #""say \"hi""#))
    #expect(try !same(1, "note", #""two\u000alines""#), "a \\u escape is left to the value model")
    #expect(try !same(0, "note", "5"))
  }

  @Test func wholeRowsWithQuotedFields() throws {
    #expect(try same(1, nil, #"{"id": "2", "name": "say \"hi\"", "note": "two\nlines"}"#))
    #expect(try same(0, nil, #"{"note": "a, b", "id": "1", "name": "Ann"}"#))
    #expect(try !same(1, nil, #"{"id": "2", "name": "say \"ho\"", "note": "two\nlines"}"#))
    #expect(try !same(0, nil, #"{"id": "1", "name": "Ann"}"#))
  }
}
