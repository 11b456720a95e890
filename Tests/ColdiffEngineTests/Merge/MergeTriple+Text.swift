extension MergeTriple {
  /// `records` written in this triple's form, in one consistent style.
  func text(_ records: [Record]) -> String {
    func value(_ field: Int, _ value: Int) -> String {
      field == 1 ? "\"w\(value)\"" : "\(value)"
    }
    func object(_ record: Record, withID: Bool) -> String {
      let members = MergeTriple.fields.indices.map {
        "\"\(MergeTriple.fields[$0])\": \(value($0, record.values[$0]))"
      }
      return "{" + ((withID ? ["\"id\": \(record.id)"] : []) + members).joined(separator: ", ")
        + "}"
    }
    switch form {
    case .jsonArray:
      guard !records.isEmpty else { return "[]\n" }
      return "[\n" + records.map { "  " + object($0, withID: true) }.joined(separator: ",\n")
        + "\n]\n"
    case .jsonLines:
      return records.map { object($0, withID: true) + "\n" }.joined()
    case .jsonObject:
      guard !records.isEmpty else { return "{}\n" }
      return "{\n"
        + records.map { "  \"k\($0.id)\": " + object($0, withID: false) }.joined(
          separator: ",\n") + "\n}\n"
    case .csv:
      return "id,a,b,c\n"
        + records.map { record in
          "\(record.id),"
            + record.values.indices.map { field in
              field == 1 ? "w\(record.values[field])" : "\(record.values[field])"
            }.joined(separator: ",") + "\n"
        }.joined()
    }
  }

  /// The name a snapshot of this triple is read under.
  func fileName(_ side: String) -> String { "\(side).\(form.fileExtension)" }
}
