import ColdiffFormats
import Testing

/// The readers on hostile bytes, in-process: deep nesting, truncation at
/// every offset and stray bytes are thrown `InputError`s with a position,
/// never a trap or a stack overflow.
@Suite struct RobustnessReaderTests {
  static let deep =
    [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)

  @Test func deepNestingIsAnErrorInEveryReader() {
    #expect(throws: InputError.self) { try JSONReader.parse(Self.deep) }
    #expect(throws: InputError.self) { try JSONLinesReader.read(Self.deep) }
    #expect(throws: InputError.self) { try JSONPatch(bytes: Self.deep) }
    #expect(throws: InputError.self) { try DiffDocument(bytes: Self.deep) }
    for hint in [InputForm.jsonObjectOrLines, .jsonLines, .jsonArray] {
      #expect(throws: InputError.self) { try JSONCollectionScanner.scan(Self.deep, as: hint) }
    }
  }

  @Test func deepNestingInsideARecordIsAnError() {
    let record = Array(#"[{"id":1,"a":"#.utf8) + Self.deep + Array("}]".utf8)
    #expect(throws: InputError.self) { try JSONCollectionScanner.scan(record, as: .jsonArray) }
    #expect(throws: InputError.self) { try JSONReader.parse(record) }
  }

  @Test func everyTruncationOfADocumentIsAnError() {
    let document = Array(
      #"{"a":[1,-2.5e+3,true,false,null,"x\u00e9\n"],"b":{"c":{}},"d":[]}"#.utf8)
    for length in 0..<document.count {
      let prefix = Array(document[..<length])
      #expect(throws: InputError.self, "prefix \(length)") { try JSONReader.parse(prefix) }
      #expect(throws: InputError.self, "prefix \(length)") {
        try JSONCollectionScanner.scan(prefix, as: .jsonObjectOrLines)
      }
    }
  }

  /// A row with too few fields is located by its line alone.
  @Test func everyTruncationOfAQuotedCSVFieldIsAnErrorOrATable() throws {
    let table = Array("id,a\r\n1,\"x\"\"y\r\nz\"\r\n2,w\r\n".utf8)
    for length in 0..<table.count {
      do {
        let read = try CSVTable(bytes: Array(table[..<length]))
        #expect(read.rowCount <= 2)
      } catch {
        #expect(error.line != nil, "prefix \(length): \(error)")
      }
    }
  }

  @Test func pointersWithBadEscapesAreErrors() {
    for text in ["a", "/~", "/~2", "/a~", "/~a/b"] {
      #expect(throws: InputError.self, "\(text)") { try JSONPointer(parsing: text) }
    }
  }
}
