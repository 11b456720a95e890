import ColdiffFormats
import Foundation
import TestSupport
import Testing

/// The JSONTestSuite parsing files (`../shared/testdata/JSONTestSuite`).
@Suite struct JSONReaderSuiteTests {
  /// The `i_` files the reader rejects: all of them are raw bytes that are
  /// not UTF-8 (UTF-16 and Latin-1 text, invalid sequences) (the other `i_` files, huge numbers, lone surrogate escapes,
  /// 500 nested arrays and a BOM before `{}`, are accepted).
  static let rejectedImplementationDefined: Set<String> = [
    "i_string_UTF-16LE_with_BOM.json", "i_string_UTF-8_invalid_sequence.json",
    "i_string_UTF8_surrogate_U+D800.json", "i_string_invalid_utf-8.json",
    "i_string_iso_latin_1.json", "i_string_lone_utf8_continuation_byte.json",
    "i_string_not_in_unicode_range.json", "i_string_overlong_sequence_2_bytes.json",
    "i_string_overlong_sequence_6_bytes.json", "i_string_overlong_sequence_6_bytes_null.json",
    "i_string_truncated-utf-8.json", "i_string_utf16BE_no_BOM.json",
    "i_string_utf16LE_no_BOM.json",
  ]

  private static func result(_ bytes: [UInt8]) -> Result<JSONValue, InputError> {
    do throws(InputError) {
      return .success(try JSONReader.parse(bytes))
    } catch {
      return .failure(error)
    }
  }

  @Test func everyAcceptFileParses() throws {
    let files = try ProjectPaths.jsonTestSuite("test_parsing", prefix: "y_")
    #expect(files.count == 95)
    for (name, bytes) in files {
      if case .failure(let error) = Self.result(bytes) {
        Issue.record("\(name): \(error)")
      }
    }
  }

  @Test func everyRejectFileFailsWithALocatedMessage() throws {
    let files = try ProjectPaths.jsonTestSuite("test_parsing", prefix: "n_")
    #expect(files.count == 188)
    for (name, bytes) in files {
      switch Self.result(bytes) {
      case .success: Issue.record("\(name) was accepted")
      case .failure(let error):
        #expect(error.line != nil && error.column != nil, "\(name)")
        #expect(!error.message.isEmpty, "\(name)")
      }
    }
  }

  @Test func implementationDefinedFilesHaveTheDocumentedOutcome() throws {
    let files = try ProjectPaths.jsonTestSuite("test_parsing", prefix: "i_")
    #expect(files.count == 35)
    for (name, bytes) in files {
      let rejected = Self.rejectedImplementationDefined.contains(name)
      switch Self.result(bytes) {
      case .success: #expect(!rejected, "\(name) was accepted")
      case .failure(let error):
        #expect(rejected, "\(name): \(error)")
        // UTF-16 without a BOM shows up as a NUL byte where a value starts.
        let named = ["invalid UTF-8 byte", "control character 0x00"]
        #expect(named.contains { error.message.contains($0) }, "\(name): \(error)")
      }
    }
  }

  @Test func transformFilesDoNotCrash() throws {
    let files = try ProjectPaths.jsonTestSuite("test_transform", prefix: "")
    #expect(files.count == 22)
    var parsed = 0
    for (_, bytes) in files {
      if case .success = Self.result(bytes) { parsed += 1 }
    }
    // Only the three files with raw invalid code points are rejected.
    #expect(parsed == 19)
  }
}
