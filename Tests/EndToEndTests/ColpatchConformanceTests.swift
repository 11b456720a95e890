import Foundation
import TestSupport
import Testing

/// Every enabled case of the public json-patch-tests suite through the
/// command line: the document in a `.json` file, the patch in another,
/// `colpatch apply PATCH DOC`, and the result compared with `expected` as a
/// JSON value, or the right failure for an `error` case: exit 1 with
/// `colpatch: op N (OP PATH): reason` when a well-formed op does not fit,
/// exit 2 naming the patch file when the patch is not well formed (SPEC
/// §7.10), exit 2 "not a collection" when the document is a scalar.
@Suite struct ColpatchConformanceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let file: String
    let number: Int
    let comment: String
    let document: ColpatchJSON
    let patch: ColpatchJSON
    let expected: ColpatchJSON?

    var testDescription: String { "\(file)#\(number) \(comment)" }
  }

  /// The enabled cases that have a patch (records holding only a comment
  /// are not cases).
  static func cases() throws -> [Case] {
    let folder = try ProjectPaths.sharedTestdata("json-patch-tests")
    var cases: [Case] = []
    for file in ["tests.json", "spec_tests.json"] {
      let data = try Data(contentsOf: folder.appendingPathComponent(file))
      guard case .array(let records) = try ColpatchJSON(parsing: Array(data)) else {
        throw ColpatchJSONError(offset: 0, message: "\(file) is not an array")
      }
      for (number, record) in records.enumerated() {
        guard let object = record.objectValue, let patch = object["patch"],
          object["disabled"] != .bool(true)
        else { continue }
        var comment = ""
        if case .string(let text)? = object["comment"] { comment = text }
        cases.append(
          Case(
            file: file, number: number, comment: comment, document: object["doc"] ?? .null,
            patch: patch, expected: object["expected"]))
      }
    }
    return cases
  }

  @Test func suiteIsThereAndCounted() throws {
    let cases = try Self.cases()
    #expect(cases.count == 108)
    #expect(cases.filter { $0.expected == nil }.count == 34)
    // The shared copy of the suite has no enabled case whose document is
    // a scalar; such a case would be checked as "not a collection".
    #expect(cases.filter { !$0.document.isCollection }.count == 0)
  }

  @Test(arguments: try cases())
  func enabledCase(_ testCase: Case) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let documentText = testCase.document.jsonText + "\n"
    let documentPath = try folder.write("doc.json", documentText)
    let patchPath = try folder.write("patch.json", testCase.patch.jsonText + "\n")
    let outcome = try ToolProcess.run(
      Binaries.path(of: "colpatch"), ["apply", patchPath, documentPath])
    // The target is never written by `apply` without `-i` or `-o`.
    #expect(try folder.read("doc.json") == documentText)
    #expect(try folder.contents() == ["doc.json", "patch.json"])
    guard testCase.document.isCollection else {
      #expect(outcome.status == 2, "\(outcome)")
      #expect(outcome.output.isEmpty)
      #expect(outcome.errors.contains("not a collection"), "\(outcome)")
      return
    }
    if let expected = testCase.expected {
      #expect(outcome.status == 0, "\(outcome)")
      #expect(outcome.errors.isEmpty, "\(outcome)")
      #expect(try ColpatchJSON(parsing: outcome.output) == expected, "\(outcome)")
      return
    }
    #expect(outcome.output.isEmpty, "\(outcome)")
    if let problem = ColpatchConformanceTests.malformation(of: testCase.patch) {
      #expect(outcome.status == 2, "expected exit 2 (\(problem)): \(outcome)")
      #expect(outcome.errors.hasPrefix("colpatch: \(patchPath)"), "\(outcome)")
    } else {
      #expect(outcome.status == 1, "\(outcome)")
      #expect(
        outcome.errors.wholeMatch(
          of: /colpatch: op \d+ \((add|remove|replace|move|copy|test) [^\n]*\): [^\n]+\n/)
          != nil, "\(outcome)")
    }
  }

  /// Why a patch is not well formed (SPEC §7.10: bad pointer syntax, a
  /// missing member, an unknown op), or `nil` when every op is well
  /// formed.
  static func malformation(of patch: ColpatchJSON) -> String? {
    guard let operations = patch.arrayValue else { return "not an array" }
    for (index, operation) in operations.enumerated() {
      guard let members = operation.objectValue, case .string(let name)? = members["op"] else {
        return "op \(index) has no op name"
      }
      var pointers = ["path"]
      switch name {
      case "add", "replace", "test":
        if members["value"] == nil { return "op \(index) has no value" }
      case "remove": break
      case "move", "copy": pointers.append("from")
      default: return "op \(index) is unknown"
      }
      for member in pointers {
        guard case .string(let pointer)? = members[member], isPointer(pointer) else {
          return "op \(index) has a bad \(member)"
        }
      }
    }
    return nil
  }

  /// Whether `text` is RFC 6901 syntax: empty, or `/` tokens whose `~` is
  /// followed by `0` or `1`.
  static func isPointer(_ text: String) -> Bool {
    guard text.isEmpty || text.hasPrefix("/") else { return false }
    let scalars = Array(text.unicodeScalars)
    for (position, scalar) in scalars.enumerated() where scalar == "~" {
      guard position + 1 < scalars.count,
        scalars[position + 1] == "0" || scalars[position + 1] == "1"
      else { return false }
    }
    return true
  }
}
