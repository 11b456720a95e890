import ColdiffFormats

/// The text of a record that holds only its key fields, standing for a
/// matched record in a combination of shards.
enum KeyRecordText {
  /// A JSON object with each value at its field's tokens (`/a/b` nests
  /// `b` in `a`), members in the order the fields first name them.
  static func object(_ paths: [[[UInt8]]], _ values: [JSONValue]) -> [UInt8] {
    var out: [UInt8] = []
    appendObject(Array(zip(paths, values)), depth: 0, to: &out)
    return out
  }

  private static func appendObject(
    _ fields: [(path: [[UInt8]], value: JSONValue)], depth: Int, to out: inout [UInt8]
  ) {
    if let whole = fields.first(where: { $0.path.count == depth }) {
      JSONWriter.write(whole.value, style: .compact, to: &out)
      return
    }
    var names: [[UInt8]] = []
    for field in fields where !names.contains(field.path[depth]) {
      names.append(field.path[depth])
    }
    out.append(UInt8(ascii: "{"))
    for (index, name) in names.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      JSONWriter.write(JSONString(utf8: name), to: &out)
      out.append(UInt8(ascii: ":"))
      appendObject(fields.filter { $0.path[depth] == name }, depth: depth + 1, to: &out)
    }
    out.append(UInt8(ascii: "}"))
  }

  /// A table row with each key value in its column and every other field
  /// empty.
  static func row(
    _ pointers: [JSONPointer], _ values: [JSONValue], header: [[UInt8]], form: InputForm
  ) -> [UInt8] {
    let fields = header.map { column -> [UInt8] in
      guard let index = pointers.firstIndex(where: { $0.tokens == [column] }),
        case .string(let string) = values[index]
      else { return [] }
      return string.value
    }
    var out: [UInt8] = []
    appendRow(fields, delimiter: form == .tsv ? 0x09 : UInt8(ascii: ","), to: &out)
    return out
  }

  /// Appends the fields as one line, each quoted (`"` doubled), without
  /// a line ending.
  static func appendRow(_ fields: [[UInt8]], delimiter: UInt8, to out: inout [UInt8]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { out.append(delimiter) }
      out.append(UInt8(ascii: "\""))
      for byte in field {
        if byte == UInt8(ascii: "\"") { out.append(byte) }
        out.append(byte)
      }
      out.append(UInt8(ascii: "\""))
    }
  }
}
