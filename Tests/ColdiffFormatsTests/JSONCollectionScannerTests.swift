import ColdiffFormats
import Foundation
import TestSupport
import Testing

@Suite struct JSONCollectionScannerTests {
  private func scan(_ text: String, as hint: InputForm) throws -> JSONCollectionIndex {
    try JSONCollectionScanner.scan(Array(text.utf8), as: hint)
  }

  private func failure(_ text: String, as hint: InputForm) -> InputError? {
    do throws(InputError) {
      _ = try JSONCollectionScanner.scan(Array(text.utf8), as: hint)
      return nil
    } catch {
      return error
    }
  }

  private func records(_ text: String, _ index: JSONCollectionIndex) -> [String] {
    let bytes = Array(text.utf8)
    return (0..<index.count).map { String(decoding: bytes[index.recordRange($0)], as: UTF8.self) }
  }

  @Test func arrayElementsAreRecords() throws {
    let text = "[\n{\"id\": 1},\n  [2, 3] , \"x\"\n]\n"
    let index = try scan(text, as: .jsonObjectOrLines)
    #expect(index.form == .jsonArray)
    #expect(records(text, index) == [#"{"id": 1}"#, "[2, 3]", #""x""#])
    #expect(
      index.recordStarts.map { TextPosition(offset: $0, in: Array(text.utf8)).line } == [2, 3, 3])
    #expect(index.openingOffset == 0)
    #expect(index.closingOffset == text.utf8.count - 1)
  }

  @Test func objectMembersAreRecordsNamedByTheirName() throws {
    let text = #"{"a": 1, "b\u0041": {"c": 2}}"#
    let index = try scan(text, as: .jsonObjectOrLines)
    #expect(index.form == .jsonObject)
    #expect(records(text, index) == ["1", #"{"c": 2}"#])
    let bytes = Array(text.utf8)
    let names = bytes.withUnsafeBufferPointer { buffer in
      (0..<index.count).map { JSONText.decodeString(buffer, range: index.nameRange($0)) }
    }
    #expect(names == [Array("a".utf8), Array("bA".utf8)])
    #expect(String(decoding: bytes[index.entryRange(1)], as: UTF8.self) == #""b\u0041": {"c": 2}"#)
  }

  @Test func emptyContainersAreEmptyCollections() throws {
    #expect(try scan(" [ ] ", as: .jsonObjectOrLines).count == 0)
    #expect(try scan("{}", as: .jsonObject).form == .jsonObject)
    #expect(try scan("", as: .jsonLines).count == 0)
    #expect(try scan("\n\r\n  \n", as: .jsonLines).count == 0)
  }

  @Test func jsonLinesSkipBlankLinesAndKeepLineNumbers() throws {
    let text = "{\"a\":1}\r\n\n  [2]  \r\n3"
    let index = try scan(text, as: .jsonLines)
    #expect(index.form == .jsonLines)
    #expect(records(text, index) == [#"{"a":1}"#, "[2]", "3"])
    #expect(
      index.recordStarts.map { TextPosition(offset: $0, in: Array(text.utf8)).line } == [1, 3, 4])
  }

  @Test(arguments: [InputForm.jsonLines, .jsonArray, .jsonObject])
  func aRecordLongerThanTheIndexTakesIsRefusedWhereItStarts(form: InputForm) throws {
    let records = [#"{"id": 1}"#, #"{"id": 2, "text": "longer than the rest"}"#, #"{"id": 3}"#]
    let text =
      switch form {
      case .jsonLines: records.joined(separator: "\n")
      case .jsonObject:
        "{\n"
          + records.enumerated().map { #""r\#($0)": \#($1)"# }.joined(
            separator: ",\n") + "\n}"
      default: "[\n" + records.joined(separator: ",\n") + "\n]"
      }
    let bytes = Array(text.utf8)
    func scan(longest: Int) throws(InputError) -> JSONCollectionIndex {
      try bytes.withUnsafeBufferPointer { (buffer) throws(InputError) in
        try JSONCollectionScanner.scan(
          buffer, as: form, keyName: nil, chunking: .whole, longestRecord: longest)
      }
    }
    #expect(try scan(longest: 41).count == 3)
    do throws(InputError) {
      _ = try scan(longest: 20)
      Issue.record("a record of 41 bytes was indexed with a limit of 20")
    } catch {
      #expect(error.line == (form == .jsonLines ? 2 : 3))
      #expect(error.message.contains("the record takes 41 bytes, more than the 20 bytes"))
    }
  }

  @Test func aJSONLinesRecordMustFitOnItsLine() {
    let error = failure("{\"a\":1}\n{\"a\":\n2}\n", as: .jsonLines)
    #expect(error == InputError("expected a value, found end of line", line: 2, column: 6))
    let second = failure("1 2\n", as: .jsonLines)
    #expect(
      second
        == InputError(
          "expected the end of the line after the record (one value a line), found '2'", line: 1,
          column: 3))
  }

  @Test(arguments: [
    ("", "not a collection: the input is empty", 1, 1),
    ("  42 ", "not a collection: expected a JSON array or object, found '4'", 1, 3),
    ("[1, 2", "expected ',' or ']' after array element, found end of input", 1, 6),
    ("{\"a\" 1}", "expected ':' after member name, found '1'", 1, 6),
  ])
  func documentsThatAreNotCollectionsFail(text: String, message: String, line: Int, column: Int) {
    #expect(
      failure(text, as: .jsonObjectOrLines) == InputError(message, line: line, column: column))
  }

  @Test func aDemandedFormMustBeThere() {
    #expect(
      failure("[1] [2]", as: .jsonArray)
        == InputError(
          "expected the end of the document after the JSON value, found '['", line: 1, column: 5))
    #expect(failure("{}", as: .jsonArray)?.message == "expected a JSON array ('['), found '{'")
    #expect(failure("[]", as: .jsonObject)?.message == "expected a JSON object ('{'), found '['")
  }

  @Test func unknownInputIsDetectedAsSpecSection7_15Says() throws {
    #expect(try scan("{\"a\": 1}\n", as: .jsonObjectOrLines).form == .jsonObject)
    #expect(try scan("{\"a\": 1}\n{\"a\": 2}\n", as: .jsonObjectOrLines).form == .jsonLines)
    #expect(try scan("[1, 2]", as: .jsonObjectOrLines).form == .jsonArray)
    #expect(try scan("[1]\n[2]", as: .jsonObjectOrLines).count == 2)
    #expect(try scan("1\n2\n", as: .jsonObjectOrLines).form == .jsonLines)
    #expect(failure("1", as: .jsonObjectOrLines)?.message.hasPrefix("not a collection") == true)
    #expect(failure("", as: .jsonObjectOrLines)?.message.hasPrefix("not a collection") == true)
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let index = try JSONCollectionScanner.scan(
      [0xEF, 0xBB, 0xBF] + Array("[1]".utf8), as: .jsonObjectOrLines)
    #expect(index.openingOffset == 3)
    #expect(index.recordRange(0) == 4..<5)
  }

  @Test func deepNestingFailsWithoutCrashing() {
    let error = failure(String(repeating: "[", count: 100_000), as: .jsonObjectOrLines)
    #expect(error?.message == "nesting deeper than 1000 levels")
  }

  /// Oracle: on every JSONTestSuite file, the scanner accepts exactly the
  /// arrays and objects that the reader accepts, and each record's range
  /// reads as the reader's element or member value.
  @Test func agreesWithTheReaderOnTheSuite() throws {
    let files = try ProjectPaths.jsonTestSuite("test_parsing")
    #expect(files.count > 300)
    for (name, bytes) in files {
      let value = try? JSONReader.parse(bytes)
      let index = try? JSONCollectionScanner.scan(bytes, as: .jsonObjectOrLines)
      switch (value, index) {
      case (.array(let elements)?, let index?):
        #expect(index.form == .jsonArray, "\(name)")
        #expect(try recordValues(bytes, index) == elements, "\(name)")
      case (.object(let object)?, let index?):
        #expect(index.form == .jsonObject, "\(name)")
        #expect(try recordValues(bytes, index) == object.members.map(\.value), "\(name)")
      case (_, nil): #expect(value?.arrayValue == nil && value?.objectValue == nil, "\(name)")
      default: Issue.record("\(name): the scanner accepts a scalar document")
      }
    }
  }

  private func recordValues(_ bytes: [UInt8], _ index: JSONCollectionIndex) throws -> [JSONValue] {
    try bytes.withUnsafeBufferPointer { buffer in
      try (0..<index.count).map {
        try JSONReader.parseValue(in: buffer, range: index.recordRange($0))
      }
    }
  }
}
