import Foundation
import TestSupport

/// A JSON value as the round-trip generator writes it: members in order
/// and every scalar as its exact text (`1.50`, `"caf\u00e9"`), so a
/// snapshot can be written in one consistent style and compared byte for
/// byte.
indirect enum ColpatchGenValue {
  /// A scalar, as its JSON text.
  case scalar(String)
  /// An array.
  case array([ColpatchGenValue])
  /// An object, members in order.
  case object([ColpatchGenMember])

  /// The value as the tools' reader sees it.
  var json: ColpatchJSON {
    // The generator only makes valid JSON, so parsing cannot fail.
    (try? ColpatchJSON(parsing: ColpatchJSONStyle.compact.render(self, depth: 0))) ?? .null
  }

  /// The members of an object.
  var members: [ColpatchGenMember]? {
    if case .object(let members) = self { return members }
    return nil
  }
}

/// One member of a generated object.
struct ColpatchGenMember {
  var name: String
  var value: ColpatchGenValue
}

/// How a generated JSON collection is laid out, as a person or a tool
/// writes it: `jq .` (two spaces), four spaces, tabs, compact, one record
/// a line.
struct ColpatchJSONStyle: CustomStringConvertible {
  /// The indentation unit inside records; `nil` writes records on one line.
  let indent: String?
  /// Between a member name and its value.
  let colon: String
  /// Between members and elements of a record written on one line.
  let comma: String
  /// Between records in an array or object (after the comma).
  let recordBreak: String
  /// Whether the document ends with a new line.
  let finalNewline: Bool
  /// A name for messages.
  let name: String

  var description: String { name }

  static let jq = ColpatchJSONStyle(
    indent: "  ", colon: ": ", comma: ", ", recordBreak: "\n  ", finalNewline: true, name: "jq")
  static let fourSpaces = ColpatchJSONStyle(
    indent: "    ", colon: ": ", comma: ", ", recordBreak: "\n    ", finalNewline: true,
    name: "4 spaces")
  static let tabs = ColpatchJSONStyle(
    indent: "\t", colon: ": ", comma: ", ", recordBreak: "\n\t", finalNewline: false, name: "tabs")
  static let compact = ColpatchJSONStyle(
    indent: nil, colon: ":", comma: ",", recordBreak: "", finalNewline: false, name: "compact")
  static let recordPerLine = ColpatchJSONStyle(
    indent: nil, colon: ": ", comma: ", ", recordBreak: "\n", finalNewline: true,
    name: "record per line")

  /// The styles of a JSON array or object document.
  static let documentStyles = [jq, fourSpaces, tabs, compact, recordPerLine]
  /// The styles of a JSON Lines file (records on one line).
  static let lineStyles = [compact, recordPerLine]

  /// `value` as text, at nesting `depth`, as `JSONWriter` writes new
  /// values in this style.
  func render(_ value: ColpatchGenValue, depth: Int) -> String {
    switch value {
    case .scalar(let text): return text
    case .array(let elements):
      return container("[", "]", elements.map { render($0, depth: depth + 1) }, depth: depth)
    case .object(let members):
      let parts = members.map {
        ColpatchJSON.quoted($0.name) + colon + render($0.value, depth: depth + 1)
      }
      return container("{", "}", parts, depth: depth)
    }
  }

  private func container(_ open: String, _ close: String, _ parts: [String], depth: Int) -> String {
    guard !parts.isEmpty else { return open + close }
    guard let indent else { return open + parts.joined(separator: comma) + close }
    let inner = "\n" + String(repeating: indent, count: depth + 1)
    return open + inner + parts.joined(separator: "," + inner) + "\n"
      + String(repeating: indent, count: depth) + close
  }

  /// A JSON document: the records of an array (`names == nil`) or the
  /// members of an object.
  func document(_ records: [ColpatchGenValue], names: [String]? = nil) -> String {
    let ending = finalNewline ? "\n" : ""
    let open = names == nil ? "[" : "{"
    let close = names == nil ? "]" : "}"
    guard !records.isEmpty else { return open + close + ending }
    let parts = records.enumerated().map { position, record in
      let text = render(record, depth: 1)
      guard let names else { return text }
      return ColpatchJSON.quoted(names[position]) + colon + text
    }
    if indent == nil && recordBreak.isEmpty {
      return open + parts.joined(separator: comma) + close + ending
    }
    return open + recordBreak + parts.joined(separator: "," + recordBreak)
      + "\n" + close + ending
  }

  /// A JSON Lines file: one record a line.
  func lines(_ records: [ColpatchGenValue]) -> String {
    records.map { render($0, depth: 0) + "\n" }.joined()
  }
}

/// How a generated CSV or TSV table is written.
struct ColpatchCSVStyle: CustomStringConvertible {
  let delimiter: Character
  let lineEnding: String
  let quoteAll: Bool

  var description: String {
    (delimiter == "\t" ? "TSV" : "CSV") + (lineEnding == "\r\n" ? " CRLF" : " LF")
      + (quoteAll ? " quote-all" : "")
  }

  /// The table: the header, then each row's fields in header order.
  func table(header: [String], rows: [[String]]) -> String {
    ([header] + rows).map { fields in
      fields.map(field).joined(separator: String(delimiter)) + lineEnding
    }.joined()
  }

  private func field(_ text: String) -> String {
    let special =
      text.contains(delimiter) || text.contains("\"") || text.contains("\n")
      || text.contains("\r")
    guard quoteAll || special else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

/// Reads a CSV or TSV table (RFC 4180) into rows of fields, independently
/// of the code under test.
enum ColpatchCSVReader {
  /// The header and rows of `text`.
  static func rows(_ text: String, delimiter: Character) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var atFieldStart = true
    var characters = Array(text)
    if characters.first == "\u{FEFF}" { characters.removeFirst() }
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      if quoted {
        if character == "\"" {
          if index < characters.count, characters[index] == "\"" {
            field.append("\"")
            index += 1
          } else {
            quoted = false
          }
        } else {
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"" where atFieldStart:
        quoted = true
        atFieldStart = false
      case delimiter:
        row.append(field)
        field = ""
        atFieldStart = true
      case "\n", "\r\n", "\r":
        row.append(field)
        rows.append(row)
        row = []
        field = ""
        atFieldStart = true
      default:
        field.append(character)
        atFieldStart = false
      }
    }
    if !atFieldStart || !row.isEmpty || !field.isEmpty {
      row.append(field)
      rows.append(row)
    }
    return rows
  }

  /// The records of a table, as objects of strings keyed by the header.
  static func records(_ text: String, delimiter: Character) -> [ColpatchJSON] {
    let rows = rows(text, delimiter: delimiter)
    guard let header = rows.first else { return [] }
    return rows.dropFirst().map { fields in
      var object: [String: ColpatchJSON] = [:]
      for (column, name) in header.enumerated() {
        object[name] = .string(column < fields.count ? fields[column] : "")
      }
      return .object(object)
    }
  }
}
