import ColdiffFormats
import Foundation
import TestSupport
import Testing

/// The public json-patch-tests suite: every enabled record that has
/// `expected` must produce it, every one that has `error` must fail.
@Suite struct JSONPatchConformanceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let file: String
    let number: Int
    let comment: String
    let document: JSONValue
    let patch: JSONValue
    let expected: JSONValue?
    let disabled: Bool

    var testDescription: String { "\(file)#\(number) \(comment)" }
  }

  static func cases() throws -> [Case] {
    let folder = try ProjectPaths.sharedTestdata("json-patch-tests")
    var cases: [Case] = []
    for file in ["tests.json", "spec_tests.json"] {
      let data = try Data(contentsOf: folder.appendingPathComponent(file))
      guard case .array(let records) = try JSONReader.parse(Array(data)) else {
        throw InputError("\(file) is not an array")
      }
      for (number, record) in records.enumerated() {
        let object = try #require(record.objectValue)
        guard let patch = object["patch"] else { continue }  // records holding only a comment
        let comment: String
        if case .string(let text)? = object["comment"] {
          comment = text.string
        } else {
          comment = ""
        }
        cases.append(
          Case(
            file: file, number: number, comment: comment, document: object["doc"] ?? .null,
            patch: patch, expected: object["expected"],
            disabled: object["disabled"] == .bool(true)))
      }
    }
    return cases
  }

  @Test func suiteIsThere() throws {
    let cases = try Self.cases()
    #expect(cases.filter { !$0.disabled }.count >= 100)
    #expect(cases.contains { $0.expected == nil })
  }

  @Test(arguments: try cases().filter { !$0.disabled })
  func enabledCase(_ testCase: Case) throws {
    let result = Result { () throws -> JSONValue in
      try JSONPatch(from: testCase.patch).applied(to: testCase.document)
    }
    if let expected = testCase.expected {
      #expect(try result.get() == expected)
    } else {
      #expect(throws: (any Error).self) { try result.get() }
    }
  }
}
