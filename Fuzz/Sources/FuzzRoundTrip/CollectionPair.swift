/// Two small collections of records (OLD and NEW) built from fuzz bytes:
/// records with a unique `id` and a few fields whose values include the
/// awkward ones (numbers beyond Double, escapes, NUL, nested values,
/// names that need Pointer escapes), NEW made from OLD by deleting,
/// changing, inserting and moving records.
struct CollectionPair {
  /// How the pair is written.
  enum Form: CaseIterable {
    case array, object, lines, csv

    /// The file extension that tells coldiff the form.
    var fileExtension: String {
      switch self {
      case .array, .object: return "json"
      case .lines: return "jsonl"
      case .csv: return "csv"
      }
    }
  }

  /// One record: its id and its fields in order, values as JSON text
  /// (CSV: as the field's text).
  struct Record {
    var id: Int
    var fields: [(name: String, value: String)]
  }

  let form: Form
  var old: [Record] = []
  var new: [Record] = []

  private static let jsonValues = [
    "null", "true", "false", "0", "-0", "1", "1.0", "1e2", "100", "-1.5",
    "1e400", "123456789012345678901234567890", "-4.9e-330", "\"\"", "\"a\"", "\"1\"",
    "\"\\u0000\"", "\"\\\"q\\\"\"", "\"é\\u00e9\"", "\"line\\nbreak\"", "[]", "{}",
    "[1,[2,{\"k\":null}]]", "{\"k\":{\"j\":[true]}}", "\"\\ud83d\\ude00\"",
  ]
  private static let csvValues = [
    "", "a", "1", "1.0", "\"x,y\"", "\"q\"\"q\"", "\"line\nbreak\"", "é", " sp ", "\"\"",
  ]
  private static let jsonNames = ["a", "b", "x/y", "m~n", "é", "c d"]
  private static let csvNames = ["a", "b", "c d"]

  /// Builds a pair from `bytes`, read front to back (zeros past the end).
  init(bytes: [UInt8]) {
    var reader = ByteReader(bytes: bytes)
    form = Form.allCases[Int(reader.next()) % Form.allCases.count]
    let oldCount = Int(reader.next()) % 9
    var used = Set<Int>()
    for _ in 0..<oldCount {
      let id = Int(reader.next()) % 32
      guard used.insert(id).inserted else { continue }
      old.append(Record(id: id, fields: makeFields(&reader)))
    }
    for record in old {
      var changed = record
      switch reader.next() % 6 {
      case 0: continue  // deleted
      case 1:  // a field changed
        if !changed.fields.isEmpty {
          let which = Int(reader.next()) % changed.fields.count
          changed.fields[which].value = value(&reader)
        }
      case 2:  // a field removed (JSON) or emptied (CSV)
        if !changed.fields.isEmpty {
          let which = Int(reader.next()) % changed.fields.count
          if form == .csv {
            changed.fields[which].value = ""
          } else {
            changed.fields.remove(at: which)
          }
        }
      default: break
      }
      new.append(changed)
    }
    let insertCount = Int(reader.next()) % 4
    for _ in 0..<insertCount {
      let id = Int(reader.next()) % 40
      guard used.insert(id).inserted else { continue }
      new.insert(
        Record(id: id, fields: makeFields(&reader)), at: Int(reader.next()) % (new.count + 1))
    }
    let swapCount = Int(reader.next()) % 4
    for _ in 0..<swapCount where new.count > 1 {
      new.swapAt(Int(reader.next()) % new.count, Int(reader.next()) % new.count)
    }
  }

  private func value(_ reader: inout ByteReader) -> String {
    let values = form == .csv ? Self.csvValues : Self.jsonValues
    return values[Int(reader.next()) % values.count]
  }

  private func makeFields(_ reader: inout ByteReader) -> [(name: String, value: String)] {
    if form == .csv { return Self.csvNames.map { ($0, value(&reader)) } }
    let mask = reader.next()
    return Self.jsonNames.enumerated().compactMap { position, name in
      mask & (1 << position) == 0 ? nil : (Self.quoted(name), value(&reader))
    }
  }

  private static func quoted(_ name: String) -> String { "\"\(name)\"" }

  /// The text of OLD (`side` false) or NEW (`side` true) in the pair's form.
  func text(new side: Bool) -> String {
    let records = side ? new : old
    switch form {
    case .array:
      return "[\n" + records.map { "  " + json($0) }.joined(separator: ",\n") + "\n]\n"
    case .object:
      let members = records.map { "  \"k\($0.id)\": " + json($0) }
      return "{\n" + members.joined(separator: ",\n") + "\n}\n"
    case .lines:
      return records.map { json($0) + "\n" }.joined()
    case .csv:
      let header = "id," + Self.csvNames.joined(separator: ",") + "\n"
      return header
        + records.map { record in
          "\(record.id)," + record.fields.map(\.value).joined(separator: ",") + "\n"
        }.joined()
    }
  }

  private func json(_ record: Record) -> String {
    "{\"id\":\(record.id)" + record.fields.map { ",\($0.name):\($0.value)" }.joined() + "}"
  }
}

/// Reads fuzz bytes one at a time, giving zeros past the end.
struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  mutating func next() -> UInt8 {
    defer { offset += 1 }
    return offset < bytes.count ? bytes[offset] : 0
  }
}
