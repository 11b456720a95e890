import ColdiffFormats
import Testing

@Suite struct JSONLinesTests {
  private func read(_ text: String) throws -> [JSONValue] {
    try JSONLinesReader.read(Array(text.utf8))
  }

  private func failure(_ text: String) -> InputError? {
    do throws(InputError) {
      _ = try JSONLinesReader.read(Array(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test func readsOneValueALineSkippingBlankLines() throws {
    let values = try read("{\"a\": 1}\r\n\r\n  \n[2]\n\"x\"")
    #expect(values.count == 3)
    #expect(values[1] == .array([.number(JSONNumber(2))]))
    #expect(try read("").isEmpty)
    #expect(try read("\n\n").isEmpty)
  }

  @Test func errorsNameTheLine() {
    #expect(
      failure("{\"a\": 1}\n\n{\"a\": 2,}\n")
        == InputError("expected a member name in double quotes, found '}'", line: 3, column: 9))
    #expect(
      failure("1\n\"abc\n\"\n")
        == InputError("unterminated string (no closing '\"' on this line)", line: 2, column: 1))
  }

  /// JSON Lines files as written by `jq -c`, Python (`json.dumps` per
  /// line) and Windows tools.
  static let fixtures: [(name: String, text: String)] = [
    ("jq", "{\"id\":1,\"tags\":[\"a\",\"b\"]}\n{\"id\":2,\"x\":{}}\n{\"id\":3}\n"),
    ("python", "{\"id\": 1, \"tags\": [\"a\", \"b\"]}\n{\"id\": 2, \"x\": {}}\n{\"id\": 3}\n"),
    ("crlf", "{\"id\":1,\"tags\":[\"a\",\"b\"]}\r\n{\"id\":2,\"x\":{}}\r\n{\"id\":3}\r\n"),
    ("noFinalNewline", "{\"id\":1,\"tags\":[\"a\",\"b\"]}\n{\"id\":2,\"x\":{}}\n{\"id\":3}"),
    ("blankLines", "\n{\"id\":1,\"tags\":[\"a\",\"b\"]}\n\n{\"id\":2,\"x\":{}}\n{\"id\":3}\n\n"),
    (
      "byteOrderMark",
      "\u{FEFF}{\"id\":1,\"tags\":[\"a\",\"b\"]}\n{\"id\":2,\"x\":{}}\n{\"id\":3}\n"
    ),
  ]

  private func write(_ text: String, _ records: ([JSONValue]) -> [JSONRecordOutput]) throws
    -> String
  {
    let bytes = Array(text.utf8)
    let values = try JSONLinesReader.read(bytes)
    return try bytes.withUnsafeBufferPointer { buffer in
      let index = try JSONCollectionScanner.scan(buffer, as: .jsonLines)
      var out: [UInt8] = []
      JSONCollectionLayout(bytes: buffer, index: index).write(
        records(values), from: buffer, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
  }

  @Test(arguments: fixtures.map(\.name))
  func writesBackByteForByteAndNewRecordsLikeTheirNeighbours(name: String) throws {
    let text = try #require(Self.fixtures.first { $0.name == name }).text
    #expect(try write(text) { values in values.indices.map { .original($0) } } == text)
    for replaced in 0..<3 where name != "blankLines" {
      let written = try write(text) { values in
        values.indices.map { $0 == replaced ? .value(values[$0]) : .original($0) }
      }
      #expect(written == text, "record \(replaced)")
    }
  }

  @Test func blankLinesStayOnlyBetweenUnchangedRecords() throws {
    let text = "\n1\n\n2\n3\n\n"
    let written = try write(text) { values in [.original(0), .value(values[1]), .original(2)] }
    #expect(written == "\n1\n2\n3\n\n")
  }

  @Test func aNewLastLineKeepsTheFinalNewlineOrItsAbsence() throws {
    let appended: ([JSONValue]) -> [JSONRecordOutput] = { values in
      values.indices.map { .original($0) } + [.value(.null)]
    }
    #expect(try write("1\r\n2\r\n", appended) == "1\r\n2\r\nnull\r\n")
    #expect(try write("1\n2", appended) == "1\n2\nnull")
    #expect(try write("", appended) == "null\n")
    #expect(try write("1\n", { _ in [] }) == "")
  }

  @Test func theWriterPutsOneCompactValueALine() throws {
    let values = try read("{\"a\": [1, {\"b\": 2.50}]}\n\"\\u00e9\"\n")
    var out: [UInt8] = []
    JSONLinesWriter.write(values, to: &out)
    #expect(String(decoding: out, as: UTF8.self) == "{\"a\":[1,{\"b\":2.50}]}\n\"\\u00e9\"\n")
    var windows: [UInt8] = []
    JSONLinesWriter.write(values, style: .jq, to: &windows)
    #expect(
      String(decoding: windows, as: UTF8.self) == "{\"a\": [1, {\"b\": 2.50}]}\n\"\\u00e9\"\n")
  }
}
