/// The changes of an HTML report as the JSON its script reads, written to
/// sit inside a `<script type="application/json">` element: every `<` is
/// written `\u003c` (so neither `</script>` nor `<!--` can occur), and
/// U+2028 and U+2029 as escapes.
///
/// The shape, compact because a report may hold 100,000 changes:
///
/// ```json
/// {"title": "old.json → new.json", "counts": [1, 1, 1, 0],
///  "fields": [["price", 1]],
///  "changes": [[0, "13", "1", "", "{\"id\": 13}"],
///              [1, "77", "3", "", "{\"id\": 77}"],
///              [2, "42", "2", "", [0, "10", "12"]]]}
/// ```
///
/// `counts` are in `ReportChange.Kind` order (deleted, inserted, updated,
/// moved); each change is `[kind, name, position, note, detail]`, the
/// detail being the record (delete, insert), the changed fields as flat
/// triples `[field index, old or null, new or null, …]` (update), or `0`
/// (move).
enum HTMLReportData {
  /// The JSON for `report`, or for its first `first` changes only (then
  /// with `"partial": true`; the counts and fields stay whole), which the
  /// page shows while it reads the rest.
  ///
  /// - Complexity: O(size of the report).
  static func json(_ report: ReportChanges, title: String, first: Int? = nil) -> [UInt8] {
    let changes = report.changes.prefix(first ?? report.changes.count)
    var out: [UInt8] = []
    out.reserveCapacity(changes.count * 96 + 4096)
    out += Array(#"{"title": "#.utf8)
    string(title, to: &out)
    if changes.count < report.changes.count { out += Array(#", "partial": true"#.utf8) }
    out +=
      Array(#", "counts": ["#.utf8)
      + Array(report.counts.map(String.init).joined(separator: ", ").utf8)
    out += Array(#"], "fields": ["#.utf8)
    var fieldIndex: [String: Int] = [:]
    for (index, entry) in report.fieldCounts.enumerated() {
      fieldIndex[entry.field] = index
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "["))
      string(entry.field, to: &out)
      out += Array(",\(entry.records)]".utf8)
    }
    out += Array(#"], "changes": ["#.utf8)
    for (index, change) in changes.enumerated() {
      out += Array((index > 0 ? ",\n[" : "\n[").utf8) + Array("\(change.kind.rawValue),".utf8)
      string(change.name, to: &out)
      out.append(UInt8(ascii: ","))
      string(change.position, to: &out)
      out.append(UInt8(ascii: ","))
      string(change.note, to: &out)
      out.append(UInt8(ascii: ","))
      detail(change, fieldIndex, to: &out)
      out.append(UInt8(ascii: "]"))
    }
    out += Array("]}".utf8)
    return out
  }

  /// A change's detail: its record, its field triples, or `0`.
  private static func detail(
    _ change: ReportChange, _ fieldIndex: [String: Int], to out: inout [UInt8]
  ) {
    switch change.kind {
    case .delete, .insert: string(change.record, to: &out)
    case .move: out.append(UInt8(ascii: "0"))
    case .update:
      out.append(UInt8(ascii: "["))
      for (index, field) in change.fields.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        out += Array("\(fieldIndex[field.field] ?? 0),".utf8)
        optional(field.old, to: &out)
        out.append(UInt8(ascii: ","))
        optional(field.new, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    }
  }

  private static func optional(_ text: String?, to out: inout [UInt8]) {
    if let text { string(text, to: &out) } else { out += Array("null".utf8) }
  }

  /// `text` as a JSON string safe inside a script element.
  static func string(_ text: String, to out: inout [UInt8]) {
    let bytes = Array(text.utf8)
    out.append(0x22)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x22, 0x5C: out += [0x5C, byte]
      case 0x0A: out += [0x5C, UInt8(ascii: "n")]
      // `<`, `>` and `&` too, so the data never looks like markup.
      case 0..<0x20, 0x3C, 0x3E, 0x26, 0x7F: escape(Int(byte), to: &out)
      // U+2028 and U+2029 (E2 80 A8 and E2 80 A9).
      case 0xE2
      where index + 2 < bytes.count && bytes[index + 1] == 0x80
        && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
        escape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &out)
        index += 2
      default: out.append(byte)
      }
      index += 1
    }
    out.append(0x22)
  }

  /// `\uXXXX`.
  private static func escape(_ value: Int, to out: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    out += [0x5C, UInt8(ascii: "u")]
    for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[(value >> shift) & 0xF]) }
  }
}
