import ColdiffFormats
import Testing

@Suite struct InputDetectionTests {
  private func detect(_ fileName: String?, _ text: String, override: InputFormat? = nil) throws
    -> InputForm
  {
    try InputForm.detect(fileName: fileName, override: override, bytes: Array(text.utf8))
  }

  private func failure(_ fileName: String?, _ text: String, override: InputFormat? = nil)
    -> InputError?
  {
    do {
      _ = try detect(fileName, text, override: override)
      return nil
    } catch {
      return error as? InputError
    }
  }

  @Test(arguments: [
    ("a.json", InputFormat.json), ("A.JSON", .json), ("dir.d/x.Json", .json),
    ("x.jsonl", .jsonLines), ("x.NDJSON", .jsonLines), ("t.csv", .csv), ("t.TSV", .tsv),
    ("/tmp/git-blob/old.ndjson", .jsonLines),
  ])
  func extensionsNameFormats(name: String, format: InputFormat) {
    #expect(InputFormat(fileName: name) == format)
  }

  @Test(arguments: ["-", "data", "data.txt", ".csv", "dir.json/data", "x.json.bak", "x."])
  func otherNamesNameNoFormat(name: String) {
    #expect(InputFormat(fileName: name) == nil)
  }

  @Test func inputArgumentsAreTheFourNames() {
    #expect(InputFormat.allCases.map(\.rawValue) == ["json", "jsonl", "csv", "tsv"])
    #expect(InputFormat(argument: "jsonl") == .jsonLines)
    #expect(InputFormat(argument: "JSON") == nil)
    #expect(InputFormat(argument: "ndjson") == nil)
  }

  @Test func aJSONFileIsAnArrayOrAnObjectByItsFirstByte() throws {
    #expect(try detect("a.json", " \n\t[1]") == .jsonArray)
    #expect(try detect("a.json", "\r\n{\"a\":1}\n{\"a\":2}") == .jsonObject)
    #expect(try detect("a.json", "\u{FEFF}  [") == .jsonArray)
  }

  @Test func anEmptyJSONFileIsNotACollection() throws {
    let error = try #require(failure("a.json", "  \n"))
    #expect(error.message.hasPrefix("not a collection"))
    #expect(error.line == 2)
  }

  @Test(arguments: ["42", "\"x\"", "true", "null", "-1"])
  func aTopLevelScalarIsNotACollection(text: String) throws {
    let error = try #require(failure("a.json", "\n  " + text))
    #expect(error.message.hasPrefix("not a collection"))
    #expect(error.line == 2)
    #expect(error.column == 3)
  }

  @Test func lineAndTableFormatsTakeAnyContent() throws {
    #expect(try detect("a.jsonl", "") == .jsonLines)
    #expect(try detect("a.ndjson", "[1]\n[2]") == .jsonLines)
    #expect(try detect("a.csv", "") == .csv)
    #expect(try detect("a.csv", "[x]\n[y]") == .csv)
    #expect(try detect("a.tsv", "{") == .tsv)
  }

  @Test func standardInputAndUnknownExtensionsGoByTheFirstByte() throws {
    for name in [nil, "-", "data.txt", "/dev/stdin"] as [String?] {
      #expect(try detect(name, "  [1, 2]") == .jsonArray)
      #expect(try detect(name, "{\"a\": 1}\n") == .jsonObjectOrLines)
    }
  }

  @Test func standardInputThatIsNoJSONCollectionAsksForInput() throws {
    let error = try #require(failure(nil, "id,name\n1,x\n"))
    #expect(error.message.contains("--input"))
    #expect(error.message.contains("`i`"))
    #expect(error.line == 1 && error.column == 1)
    let empty = try #require(failure("-", ""))
    #expect(empty.message.contains("--input"))
  }

  @Test func theOverrideWins() throws {
    #expect(try detect("a.json", "{}\n{}", override: .jsonLines) == .jsonLines)
    #expect(try detect("a.jsonl", "id\n1", override: .csv) == .csv)
    #expect(try detect(nil, "a\tb", override: .tsv) == .tsv)
    #expect(try detect("a.csv", "[1]", override: .json) == .jsonArray)
    #expect(try detect(nil, "{\"a\":1}", override: .json) == .jsonObject)
    #expect(try detect(nil, "", override: .jsonLines) == .jsonLines)
    #expect(failure(nil, "", override: .json)?.message.hasPrefix("not a collection") == true)
  }

  @Test func tablesHaveTheirDelimiters() {
    #expect(InputForm.csv.csvDelimiter == CSVTable.comma)
    #expect(InputForm.tsv.csvDelimiter == CSVTable.tab)
    for form in [InputForm.jsonArray, .jsonObject, .jsonLines, .jsonObjectOrLines] {
      #expect(form.csvDelimiter == nil)
    }
  }

  @Test func aControlByteIsShownInHexadecimal() throws {
    let error = try #require(failure("x.json", "\u{1}"))
    #expect(error.message.contains("byte 0x01"))
  }
}
