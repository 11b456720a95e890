import ColdiffFormats
import Foundation
import Testing

@Suite struct JSONReaderTests {
  private func parse(_ text: String) throws -> JSONValue {
    try JSONReader.parse(Array(text.utf8))
  }

  private func failure(_ bytes: [UInt8]) -> InputError? {
    do throws(InputError) {
      _ = try JSONReader.parse(bytes)
      return nil
    } catch {
      return error
    }
  }

  private func failure(_ text: String) -> InputError? { failure(Array(text.utf8)) }

  @Test func readsNestedValuesKeepingTheirText() throws {
    let value = try parse(#" {"a": [1.50, "\u00e9", true, null], "b": {}, "c": []} "#)
    let object = try #require(value.objectValue)
    #expect(object.members.map(\.name.string) == ["a", "b", "c"])
    let elements = try #require(object["a"]?.arrayValue)
    guard case .number(let number) = elements[0], case .string(let string) = elements[1] else {
      Issue.record("wrong kinds: \(elements)")
      return
    }
    #expect(number.text == Array("1.50".utf8))
    #expect(string.raw == Array(#"\u00e9"#.utf8))
    #expect(string.string == "é")
    #expect(elements[2] == .bool(true))
    #expect(elements[3] == .null)
    #expect(object["b"] == .object(JSONObject()))
    #expect(object["c"] == .array([]))
  }

  @Test func duplicateNamesAreKeptAndTheLastWins() throws {
    let object = try #require(try parse(#"{"a": 1, "a": 2}"#).objectValue)
    #expect(object.members.count == 2)
    #expect(object["a"] == .number(JSONNumber(2)))
  }

  @Test func escapesDecode() throws {
    let value = try parse(#"["\"\\\/\b\f\n\r\t\u0041\ud834\udd1e\udd1e"]"#)
    guard case .string(let string) = value.arrayValue?.first else {
      Issue.record("not a string")
      return
    }
    #expect(string.value == Array("\"\\/\u{8}\u{c}\n\r\tA𝄞\u{FFFD}".utf8))
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    #expect(
      try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        == .array([.number(JSONNumber(1))]))
  }

  @Test(arguments: [
    (#"{"a":1 "b":2}"#, "expected ',' or '}' after object member, found '\"'", 1, 8),
    ("[1,\n2,]", "expected a value, found ']'", 2, 3),
    ("[1 2]", "expected ',' or ']' after array element, found '2'", 1, 4),
    (#"{"a" 1}"#, "expected ':' after member name, found '1'", 1, 6),
    ("{1:2}", "expected a member name in double quotes, found '1'", 1, 2),
    ("[01]", "leading zeros are not allowed in numbers", 1, 3),
    ("[1.]", "expected a digit after the decimal point, found ']'", 1, 4),
    ("[tru]", "expected 'true' (literals are lower case), found ']'", 1, 5),
    ("[\"a\tb\"]", "control character 0x09 must be escaped in a string", 1, 4),
    (
      #"["\x"]"#, #"invalid escape in string (valid: \" \\ \/ \b \f \n \r \t \uXXXX), found 'x'"#,
      1, 4
    ),
    ("[1] x", "expected the end of the document after the JSON value, found 'x'", 1, 5),
    ("", "expected a value, found end of input", 1, 1),
    ("[\"abc", "unterminated string (no closing '\"')", 1, 2),
    ("é", "expected a value, found 'é' (U+00E9)", 1, 1),
  ])
  func errorsSayWhatAndWhere(text: String, message: String, line: Int, column: Int) {
    let error = failure(text)
    #expect(error == InputError(message, line: line, column: column))
  }

  @Test func invalidUTF8NamesTheByteOffset() {
    let error = failure([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D])
    #expect(error?.message == "invalid UTF-8 byte 0xFF at byte offset 3")
    #expect(error?.column == 4)
  }

  @Test func nestingIsLimited() throws {
    let deepest =
      String(repeating: "[", count: JSONReader.maximumDepth)
      + String(repeating: "]", count: JSONReader.maximumDepth)
    #expect(throws: Never.self) { try parse(deepest) }
    let tooDeep = String(repeating: "[", count: 100_000)
    let error = failure(tooDeep)
    #expect(error?.message == "nesting deeper than 1000 levels")
    #expect(error?.column == 1001)
  }

  /// The deepest accepted value can be read, compared, hashed, written,
  /// canonicalized and released on a thread with a 512 KiB stack.
  @Test func theDeepestValueFitsASmallStack() throws {
    let text = Array(
      (String(repeating: "[{\"a\":", count: JSONReader.maximumDepth / 2) + "1"
        + String(repeating: "}]", count: JSONReader.maximumDepth / 2)).utf8)
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      do {
        let value = try JSONReader.parse(text)
        let again = try JSONReader.parse(text)
        var written: [UInt8] = []
        JSONWriter.write(value, style: .jq, to: &written)
        var canonical: [UInt8] = []
        JSONCanonicalKey.append(value, to: &canonical)
        outcome.set(
          value == again && value.hashValue == again.hashValue && written.count > text.count)
      } catch {
        outcome.set(false)
      }
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    #expect(outcome.value == true)
  }

  @Test func parseValueReadsOneRange() throws {
    let bytes = Array(#"[ {"a": 1} , 2 ]"#.utf8)
    let value = try bytes.withUnsafeBufferPointer { buffer in
      try JSONReader.parseValue(in: buffer, range: 2..<10)
    }
    #expect(
      value
        == .object(
          JSONObject(members: [.init(name: JSONString("a"), value: .number(JSONNumber(1)))])))
  }
}

/// A result handed from a thread to the test.
private final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Bool?

  var value: Bool? { lock.withLock { stored } }

  func set(_ value: Bool) { lock.withLock { stored = value } }
}
